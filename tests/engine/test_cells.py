"""Cell effects by element (ZR-9), hand-traced.

Green ``g`` cells of E rooms act by the room's element; an immune hero reads them as plain
floor. ``tN``: the action that brings the world to tick N; ``@N``: a cast at casting point N.
"""

from __future__ import annotations

from builders import cast, corridor, dungeon, log, play, table
from zorglab.engine import events as ev
from zorglab.core.geometry import Direction
from zorglab.engine.resolve import Resolution
from zorglab.engine.turns import act
from zorglab.core.model import Outcome

STEPS = ("stepped",)


def steps_of(result) -> list[tuple[int, str, str, tuple[int, int]]]:
    """Every move of the run: (tick, 'stepped' or 'slid', direction, cell)."""
    return [(e.tick, e.kind, e.direction, e.cell) for e in result.events if isinstance(e, (ev.Stepped, ev.Slid))]


# -- fire ----------------------------------------------------------------------------------------

def fire_world(hero: tuple) -> object:
    return dungeon(corridor("..S...ggg......"), layout="A E Z",
                   rooms={"A": "A", "E": ("E", "fire"), "Z": "Z"}, heroes={"H": hero})


def test_fire_costs_one_hp_per_cell_entered():
    # t4 (5,2) enters E; t5 (6,2), t6 (7,2), t7 (8,2) are fire: 5 -> 4 -> 3 -> 2; t9 (10,2) Z.
    result = play(fire_world(("Warrior", 5)))
    assert log(result, STEPS) == [
        "1 spawned H A (2, 2)", "1 entered_room H A 1", "4 entered_room H E 1",
        "5 damaged H 1 4 fire", "6 damaged H 1 3 fire", "7 damaged H 1 2 fire",
        "9 entered_room H Z 1", "9 lost H Z",
    ]


def test_an_elf_immune_to_fire_walks_fire_as_plain_floor():
    result = play(fire_world(("Elf", 5, {"fire"})))
    assert not [e for e in result.events if isinstance(e, ev.Damaged)]
    assert result.state.heroes[0].hp == 5 and result.state.tick == 9


def test_an_elf_without_the_immunity_pays_for_unavoidable_fire():
    # The only way to Z crosses the three fire cells: the Elf's least HP loss is 3.
    result = play(fire_world(("Elf", 5, set())))
    assert result.state.heroes[0].hp == 2


# -- water ---------------------------------------------------------------------------------------

WATER = """
###############
######...######
..S....g.......
######...######
###############
"""


def water_world(hero: tuple, spells=()) -> object:
    return dungeon(WATER, layout="A E Z", rooms={"A": "A", "E": ("E", "water"), "Z": "Z"},
                   heroes={"H": hero}, spells=spells)


def test_water_is_impassable_so_the_warrior_walks_round():
    # t5 (6,2): water at (7,2) blocks; up and down tie, up first: t6 (6,1), t7 (7,1),
    # t8 (8,1), t9 down (8,2), t10 (9,2), t11 (10,2) Z. It never stands on water.
    result = play(water_world(("Warrior", 3)))
    assert [cell for *_, cell in steps_of(result)][3:] == [(6, 2), (6, 1), (7, 1), (8, 1), (8, 2), (9, 2),
                                                         (10, 2)]
    assert result.state.tick == 11


def test_a_water_immune_elf_crosses_water_as_plain_floor():
    # The Elf reads (7,2) as floor: straight on, t9 (10,2) Z, no harm.
    result = play(water_world(("Elf", 3, {"water"})))
    assert [cell for *_, cell in steps_of(result)][3:] == [(6, 2), (7, 2), (8, 2), (9, 2), (10, 2)]
    assert result.state.heroes[0].hp == 3


def test_banality_on_an_elf_standing_on_water_drowns_it():
    # t6 the water-immune Elf stands on the water cell (7,2). @6 Banality makes it a Warrior,
    # not immune: at the end of that resolution it stands on water and drowns (ZR-9), died at
    # tick 6 (ZR-25), reported as a Warrior with its HP kept.
    result = play(water_world(("Elf", 3, {"water"}), spells=["Banality"]), cast(6, "Banality", on="H"))
    assert log(result, STEPS)[-5:] == [
        "4 entered_room H E 1",
        "6 cast Banality1 Banality on H", "6 type_changed H Elf Warrior", "6 died H E (7, 2) water",
        "6 won",
    ]
    hero = result.state.heroes[0]
    assert (hero.type, hero.hp, hero.alive, hero.died_at, hero.pos) == ("Warrior", 3, False, 6, (1, (2, 2)))


# -- ice -----------------------------------------------------------------------------------------

def test_ice_slides_on_to_the_first_non_ice_cell_even_across_a_room_side():
    # E(ice) row ".gggg": t5 steps right onto ice (6,2) and keeps moving right, one entered cell
    # at a time: (7,2), (8,2), (9,2) ice, then (10,2) in D -- not ice -- where the slide ends.
    # Entering D mid-slide is a room entry: 1 damage. All of it is the action of tick 5.
    world = dungeon(corridor("..S...gggg.........."), layout="A E D Z",
                    rooms={"A": "A", "E": ("E", "ice"), "D": ("D", 1), "Z": "Z"}, heroes={"W": ("Warrior", 3)})
    result = play(world)
    assert [line for line in log(result) if line.startswith("5 ")] == [
        "5 stepped W right (6, 2)", "5 slid W right (7, 2)", "5 slid W right (8, 2)", "5 slid W right (9, 2)",
        "5 slid W right (10, 2)", "5 entered_room W D 1", "5 damaged W 1 2 room D",
    ]
    assert result.state.tick == 10     # t6..t9 to (14,2), t10 (15,2) enters Z


ICE_TO_WALL = """
##########
##########
..S....gg#
########.#
########.#
     ###.#
     #####
     #####
     #####
     #####
"""


def test_ice_slide_stops_on_ice_when_the_next_cell_is_a_wall():
    # t6 steps right onto ice (7,2), slides to (8,2) (ice); (9,2) is a wall: the slide ends on
    # ice. t7 down (8,3), t8 (8,4), t9 (8,5) enters Z.
    world = dungeon(ICE_TO_WALL, layout="A E\n. Z", rooms={"A": "A", "E": ("E", "ice"), "Z": "Z"},
                    heroes={"W": ("Warrior", 3)})
    result = play(world)
    assert steps_of(result)[4:] == [(6, "stepped", "right", (7, 2)), (6, "slid", "right", (8, 2)),
                                    (7, "stepped", "down", (8, 3)), (8, "stepped", "down", (8, 4)),
                                    (9, "stepped", "down", (8, 5))]
    assert result.outcome is Outcome.LOSS


def test_no_slide_after_a_teleport_onto_ice():
    # E row "gg...": t4 steps right onto ice (5,2) -- E's arrival cell -- and slides (6,2),
    # (7,2). t5 (8,2). @5 Teleport(1): back to E's arrival cell (5,2), same room, cell effect
    # only: ice, but a teleport starts no slide (ZR-9). t6 steps right onto (6,2): slides to
    # (7,2). t7 (8,2), t8 (9,2), t9 (10,2) Z.
    world = dungeon(corridor("..S..gg........"), layout="A E Z", rooms={"A": "A", "E": ("E", "ice"), "Z": "Z"},
                    heroes={"W": ("Warrior", 3)}, spells=[("Teleport", 1)])
    result = play(world, cast(5, "Teleport", 1))
    assert [line for line in log(result) if line.split()[0] in {"4", "5", "6"}] == [
        "4 stepped W right (5, 2)", "4 entered_room W E 1", "4 slid W right (6, 2)", "4 slid W right (7, 2)",
        "5 stepped W right (8, 2)",
        "5 cast Teleport1 Teleport(1)", "5 teleported W E (5, 2) spell",
        "6 stepped W right (6, 2)", "6 slid W right (7, 2)",
    ]
    assert result.state.tick == 9


def test_an_ice_immune_elf_does_not_slide():
    world = dungeon(corridor("..S..gg........"), layout="A E Z", rooms={"A": "A", "E": ("E", "ice"), "Z": "Z"},
                    heroes={"E1": ("Elf", 3, {"ice"})})
    result = play(world)
    assert not [e for e in result.events if isinstance(e, ev.Slid)]
    assert result.state.tick == 9


# -- poison --------------------------------------------------------------------------------------

def test_poison_heals_on_a_cells_first_entry_and_hurts_three_after():
    # E(poison) row ".ggg." then P(1, [2]). t5..t7 first entries of (6,2), (7,2), (8,2): +1 each,
    # 5 -> 8. t9 enters P: f(1) = 2 -> E's arrival (5,2). t10..t12 the same cells again: -3
    # each, 8 -> 5 -> 2 -> -1: dead at (8,2) on tick 12 with -1 HP, not clamped (ZR-12, ZR-25).
    world = dungeon(corridor("..S...ggg..........."), layout="A E P Z",
                    rooms={"A": "A", "E": ("E", "poison"), "P": ("P", 1, table(2)), "Z": "Z"},
                    heroes={"W": ("Warrior", 5)})
    result = play(world)
    assert log(result, STEPS)[2:] == [
        "4 entered_room W E 1",
        "5 healed W 1 6 poison", "6 healed W 1 7 poison", "7 healed W 1 8 poison",
        "9 entered_room W P 1", "9 teleported W E (5, 2) portal", "9 entered_room W E 2",
        "10 damaged W 3 5 poison", "11 damaged W 3 2 poison", "12 damaged W 3 -1 poison",
        "12 died W E (8, 2) poison",
        "12 won",
    ]
    hero = result.state.heroes[0]
    assert (hero.hp, hero.died_at) == (-1, 12)
    assert hero.poisoned == frozenset({(1, (1, 2)), (1, (2, 2)), (1, (3, 2))})


# -- a blocked step changes nothing -------------------------------------------------------------

def test_a_blocked_step_is_refused_and_changes_nothing():
    # After t1's spawn on (2,2): up is (2,1), a wall; the resolution refuses the step.
    world = fire_world(("Warrior", 5))
    state, _ = act(world, world.initial_state())
    res = Resolution(world, state, tick=2)
    assert res.step(res.hero(0), Direction.UP) is False
    assert res.freeze(2).heroes == state.heroes and res.events == []

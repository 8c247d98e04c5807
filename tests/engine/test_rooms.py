"""Room entry effects, hand-traced (ZR-8, ZR-10, ZR-11, ZR-9 light cells).

Every board is drawn in the dungeon frame; a corridor board is one row of rooms joined by the
row ``y = 2``. The comments trace the run tick by tick: ``tN`` is the action that brings the
world to tick N (ZR-6), ``@N`` a cast at casting point N.
"""

from __future__ import annotations

import pytest

from builders import INF, cast, corridor, dungeon, log, play, rule, table
from zorglab.engine import events as ev
from zorglab.core.geometry import Direction
from zorglab.engine.resolve import Resolution
from zorglab.errors import LevelError
from zorglab.core.model import Outcome

STEPS = ("stepped",)


# -- A: spawn room, main A ------------------------------------------------------------------------

def two_spawns(main: str | None = None):
    #      A1    A2    D     Z
    return dungeon(corridor("..S....S............"), layout="A1 A2 D Z",
                   rooms={"A1": "A", "A2": "A", "D": ("D", 1), "Z": "Z"},
                   heroes={"W1": ("Warrior", 1), "W2": ("Warrior", 1)}, main=main)


def test_any_a_a_hero_enters_becomes_the_main_a():
    # t1 W1 spawns on A1's S (2,2): the first A declared is the main A (ZR-22).
    # t2..t3 right to (4,2); t4 (5,2) enters A2: A2 becomes the main A (ZR-8 step 3, FR-11).
    # t5..t8 along the corridor, over A2's S cell (7,2) as plain floor, to (9,2).
    # t9 (10,2) enters D(1): 1 damage, W1 at 0 HP dies there (ZR-12).
    # t10 W2 spawns on the *main* A, A2, at (7,2); t11, t12 to (9,2); t13 enters D and dies.
    result = play(two_spawns())
    assert log(result, STEPS) == [
        "1 spawned W1 A1 (2, 2)", "1 entered_room W1 A1 1",
        "4 entered_room W1 A2 1",
        "9 entered_room W1 D 1", "9 damaged W1 1 0 room D", "9 died W1 D (10, 2) room D",
        "10 spawned W2 A2 (7, 2)", "10 entered_room W2 A2 1",
        "13 entered_room W2 D 1", "13 damaged W2 1 0 room D", "13 died W2 D (10, 2) room D",
        "13 won",
    ]
    assert result.outcome is Outcome.WIN
    assert result.state.main_a == 1
    assert result.state.deaths == (0, 1)


def test_the_main_a_at_setup_is_the_players_choice():
    # main = "A2": W1 spawns on (7,2) and walks only 3 steps to D: t4 enters D and dies.
    world = two_spawns(main="A2")
    result = play(world)
    assert log(result, STEPS)[:4] == ["1 spawned W1 A2 (7, 2)", "1 entered_room W1 A2 1",
                                      "4 entered_room W1 D 1", "4 damaged W1 1 0 room D"]
    assert result.state.heroes[0].died_at == 4


def test_a_main_that_is_not_an_a_room_is_refused():
    with pytest.raises(LevelError, match="not an A room"):
        two_spawns(main="D")


# -- Z ----------------------------------------------------------------------------------------------

def test_entering_z_loses_at_once_and_nothing_acts_after():
    # t1 W1 spawns at (2,2); t2..t8 right; t9 (10,2) enters Z: the level is lost at once (ZR-8
    # step 1). W2 never leaves the waiting room; the cast listed for tick 10 is never reached.
    world = dungeon(corridor("..S............"), layout="A D Z",
                    rooms={"A": "A", "D": ("D", 0), "Z": "Z"},
                    heroes={"W1": ("Warrior", 5), "W2": ("Warrior", 5)}, spells=[("Attack", 1)])
    result = play(world, cast(10, "Attack", 1))
    assert result.outcome is Outcome.LOSS
    assert log(result)[-2:] == ["9 entered_room W1 Z 1", "9 lost W1 Z"]
    assert result.state.lost_by == 0 and result.state.tick == 9
    assert result.state.heroes[1].pos is None
    assert [c.tick for c in result.unreached] == [10]
    assert result.state.spells_left == (True,)


# -- D: damage, negative heals ----------------------------------------------------------------------

def test_damage_room_hurts_and_a_negative_one_heals():
    # Warrior(2): t4 (5,2) enters Dh = D(-2): healed 2 -> 4 (FR-13); t9 (10,2) enters Dd = D(3):
    # 3 damage -> 1; t14 (15,2) enters Z.
    world = dungeon(corridor("..S................."), layout="A Dh Dd Z",
                    rooms={"A": "A", "Dh": ("D", -2), "Dd": ("D", 3), "Z": "Z"},
                    heroes={"W": ("Warrior", 2)})
    result = play(world)
    assert log(result, STEPS) == [
        "1 spawned W A (2, 2)", "1 entered_room W A 1",
        "4 entered_room W Dh 1", "4 healed W 2 4 room Dh",
        "9 entered_room W Dd 1", "9 damaged W 3 1 room Dd",
        "14 entered_room W Z 1", "14 lost W Z",
    ]
    assert result.state.heroes[0].hp == 1


def test_damage_applies_on_every_entry():
    # P(1, [2]) sends the Warrior back to its D visit once, so it enters D twice: 2 x 2 damage.
    # t4 enters D (5 -> 3); t9 enters P (entry 1): to the 2nd most recent visit, D's arrival
    # cell (5,2) -- a room entry, 3 -> 1; t14 enters P again (entry 2 > n: nothing); t19 Z.
    world = dungeon(corridor("..S................."), layout="A D P Z",
                    rooms={"A": "A", "D": ("D", 2), "P": ("P", 1, table(2)), "Z": "Z"},
                    heroes={"W": ("Warrior", 5)})
    result = play(world)
    assert [line for line in log(result, STEPS) if " D " in line or "damaged" in line] == [
        "4 entered_room W D 1", "4 damaged W 2 3 room D",
        "9 teleported W D (5, 2) portal", "9 entered_room W D 2", "9 damaged W 2 1 room D",
    ]


# -- P: portals -------------------------------------------------------------------------------------

def test_portal_list_form_sends_back_then_lets_through():
    # P(1, [2]). t1 spawn A (2,2); t4 (5,2) enters R (a D(0): no effect); t9 (10,2) enters P,
    # entry i = 1 <= n: f(1) = 2, the 2nd most recent visit (the newest is P itself, ZR-10) is R
    # at (5,2): teleported there, a room entry (R's entry 2). t10..t13 back to (9,2); t14 (10,2)
    # enters P, entry 2 > n = 1: nothing. t15..t18 on; t19 (15,2) enters Z.
    world = dungeon(corridor("..S................."), layout="A R P Z",
                    rooms={"A": "A", "R": ("D", 0), "P": ("P", 1, table(2)), "Z": "Z"},
                    heroes={"W": ("Warrior", 3)})
    result = play(world)
    assert log(result, STEPS) == [
        "1 spawned W A (2, 2)", "1 entered_room W A 1",
        "4 entered_room W R 1",
        "9 entered_room W P 1", "9 teleported W R (5, 2) portal", "9 entered_room W R 2",
        "14 entered_room W P 2",
        "19 entered_room W Z 1", "19 lost W Z",
    ]
    hero = result.state.heroes[0]
    a, r, p, z = range(4)
    assert hero.history == ((a, (2, 2)), (r, (0, 2)), (p, (0, 2)), (r, (0, 2)), (p, (0, 2)), (z, (0, 2)))
    assert hero.entries == ((a, 1), (r, 2), (p, 2), (z, 1))


def test_portal_lambda_form_is_evaluated_per_entry_and_planned_around():
    # P(2, i -> 3*i - 1). t9 enters P (entry 1): f(1) = 2 -> R's arrival (5,2), history
    # A R P R. Walking on now would make P's entry 2 read f(2) = 5 in A R P R P: A's spawn
    # cell, a long way back (plan: 5 + 8 + 5 = 18 more actions). The Warrior's plan uses the
    # same rules (ZR-13) and finds a shorter way: t10 left into A (history A R P R A), t11
    # back into R, t16 P entry 2: the 5th most recent visit of A R P R A R P is P's own first
    # visit, arrival (10,2) -- where it stands: it stays, no teleport (ZR-10). t21 Z (12 more).
    world = dungeon(corridor("..S................."), layout="A R P Z",
                    rooms={"A": "A", "R": ("D", 0), "P": ("P", 2, rule("i -> 3*i - 1", lambda i: 3 * i - 1)),
                           "Z": "Z"},
                    heroes={"W": ("Warrior", 3)})
    result = play(world)
    assert log(result, STEPS) == [
        "1 spawned W A (2, 2)", "1 entered_room W A 1",
        "4 entered_room W R 1",
        "9 entered_room W P 1", "9 teleported W R (5, 2) portal", "9 entered_room W R 2",
        "10 entered_room W A 2",
        "11 entered_room W R 3",
        "16 entered_room W P 2",
        "21 entered_room W Z 1", "21 lost W Z",
    ]
    assert [e.direction for e in result.events if isinstance(e, ev.Stepped)][8] == "left"


def test_portal_with_infinite_n_acts_on_every_entry():
    # P(inf, [2]): f(1) = 2 sends back to R; f(2) = 0 (beyond the list, not positive) sends
    # the hero to the waiting room; it respawns at A (t15) and P's entry 3 has f(3) = 0
    # again: every pass through P ends in the waiting room. The hero never reaches Z and has
    # no plan that does: after t1's spawn it is stuck, and the world stalls.
    world = dungeon(corridor("..S................."), layout="A R P Z",
                    rooms={"A": "A", "R": ("D", 0), "P": ("P", INF, table(2)), "Z": "Z"},
                    heroes={"W": ("Warrior", 3)})
    result = play(world)
    assert result.outcome is Outcome.STALL
    assert log(result) == ["1 spawned W A (2, 2)", "1 entered_room W A 1", "1 stuck W", "1 stalled ('W',)"]


def test_portal_overshooting_history_sends_to_the_waiting_room_and_respawns_at_main_a():
    # P(1, [4]). t1 W1 spawns on A1 (2,2); t4 (5,2) enters A2, the new main A; t9 (10,2)
    # enters P: history A1 A2 P has 3 visits, f(1) = 4 overshoots: to the waiting room
    # (ZR-10). t10 W1 is again the first hero that may act (W2 still waits behind it): it
    # respawns on the main A, A2 (7,2), keeping its history. t13 enters P (entry 2 > n),
    # t18 (15,2) enters Z.
    world = dungeon(corridor("..S....S............"), layout="A1 A2 P Z",
                    rooms={"A1": "A", "A2": "A", "P": ("P", 1, table(4)), "Z": "Z"},
                    heroes={"W1": ("Warrior", 3), "W2": ("Warrior", 3)})
    result = play(world, keep_states=True)
    assert log(result, STEPS) == [
        "1 spawned W1 A1 (2, 2)", "1 entered_room W1 A1 1",
        "4 entered_room W1 A2 1",
        "9 entered_room W1 P 1", "9 teleported W1 - - portal",
        "10 spawned W1 A2 (7, 2)", "10 entered_room W1 A2 2",
        "13 entered_room W1 P 2",
        "18 entered_room W1 Z 1", "18 lost W1 Z",
    ]
    at_9 = result.states[9].heroes[0]
    assert at_9.pos is None and at_9.alive
    a1, a2, p, z = range(4)
    assert result.state.heroes[0].history == (
        (a1, (2, 2)), (a2, (0, 2)), (p, (0, 2)), (a2, (2, 2)), (p, (0, 2)), (z, (0, 2)))
    assert result.state.heroes[1].pos is None


# -- O: gold ---------------------------------------------------------------------------------------

def test_gold_room_gives_all_its_gold_to_the_first_entrant():
    # t4 (5,2) enters O(3): W takes all 3 (ZR-11); O is empty; the ledger names O as source.
    world = dungeon(corridor("..S............"), layout="A O Z",
                    rooms={"A": "A", "O": ("O", 3), "Z": "Z"}, heroes={"W": ("Warrior", 3)})
    result = play(world)
    assert "4 gold_picked W O 3" in log(result)
    assert result.state.gold == (0, 0, 0)
    assert result.state.heroes[0].gold == ((1, 3),)


# -- T: toll ---------------------------------------------------------------------------------------

def test_toll_is_paid_oldest_gold_first_and_refunded_to_its_sources():
    # T(2, fire), its row "d.l..": a dark (fire) cell at (15,2), a light cell at (17,2).
    # t4 (5,2) enters O1: takes 1; t9 (10,2) enters O2: takes 2; ledger [(O1, 1), (O2, 2)].
    # t14 (15,2) enters T on the dark cell: fire, 3 -> 2 HP. t16 (17,2), the light cell:
    # pays 2, oldest first: 1 back to O1, then 1 of O2's 2 back to O2 (ZR-9). t19 Z.
    world = dungeon(corridor("..S............d.l......."), layout="A O1 O2 T Z",
                    rooms={"A": "A", "O1": ("O", 1), "O2": ("O", 2), "T": ("T", 2, "fire"), "Z": "Z"},
                    heroes={"W": ("Warrior", 3)})
    result = play(world)
    assert log(result, STEPS) == [
        "1 spawned W A (2, 2)", "1 entered_room W A 1",
        "4 entered_room W O1 1", "4 gold_picked W O1 1",
        "9 entered_room W O2 1", "9 gold_picked W O2 2",
        "14 entered_room W T 1", "14 damaged W 1 2 fire",
        "16 gold_paid W T 2", "16 gold_refunded W O1 1", "16 gold_refunded W O2 1",
        "19 entered_room W Z 1", "19 lost W Z",
    ]
    assert result.state.gold == (0, 1, 1, 0, 0)
    assert result.state.heroes[0].gold == ((2, 1),)


TOLL_DETOUR = """
###############
######...######
..S....l.......
######...######
###############
"""


def test_a_hero_that_cannot_pay_does_not_step_on_a_light_cell():
    # T(1, fire) with no gold anywhere. t4 (5,2) enters T; t5 (6,2). The light cell (7,2)
    # straight ahead is impassable without 1 gold (ZR-9), so the shortest plan goes round it:
    # up and down tie on length, up comes first: t6 up (6,1), t7 (7,1), t8 (8,1), t9 down
    # (8,2), t10 (9,2), t11 (10,2) enters Z. Nothing is ever paid.
    world = dungeon(TOLL_DETOUR, layout="A T Z", rooms={"A": "A", "T": ("T", 1, "fire"), "Z": "Z"},
                    heroes={"W": ("Warrior", 3)})
    result = play(world)
    steps = [(e.direction, e.cell) for e in result.events if isinstance(e, ev.Stepped)]
    assert steps == [("right", (3, 2)), ("right", (4, 2)), ("right", (5, 2)), ("right", (6, 2)),
                     ("up", (6, 1)), ("right", (7, 1)), ("right", (8, 1)), ("down", (8, 2)),
                     ("right", (9, 2)), ("right", (10, 2))]
    assert not [e for e in result.events if isinstance(e, (ev.GoldPaid, ev.GoldRefunded))]


def test_a_hero_holding_exactly_the_toll_crosses_the_light_cell():
    # Same T room behind O(1): t4 takes 1 gold; t9 (10,2) enters T; t10 (11,2); t11 (12,2) is
    # light and 1 >= 1: paid, refunded to O; t12, t13, t14 (15,2) enters Z. Shorter than the
    # detour, so taken.
    board = """
    ####################
    ###########...######
    ..S.........l.......
    ###########...######
    ####################
    """
    world = dungeon(board, layout="A O T Z", rooms={"A": "A", "O": ("O", 1), "T": ("T", 1, "fire"), "Z": "Z"},
                    heroes={"W": ("Warrior", 3)})
    result = play(world)
    assert log(result, STEPS)[-5:] == ["9 entered_room W T 1",
                                       "11 gold_paid W T 1", "11 gold_refunded W O 1",
                                       "14 entered_room W Z 1", "14 lost W Z"]
    assert result.state.gold == (0, 1, 0, 0)


def test_a_hero_forced_onto_a_light_cell_it_cannot_pay_dies():
    # T(2, fire) whose west opening (10,2) is light. t4 (5,2) O: takes 2; t9 (10,2) enters T
    # on the light cell: pays 2, refunded to O; t10 (11,2). @10 Teleport(1): the newest visit
    # is T, arrival (10,2), same room, so only the cell effect applies: the light cell wants 2
    # gold, the hero holds 0: it dies there (ZR-9), at tick 10 (ZR-25).
    world = dungeon(corridor("..S.......l........."), layout="A O T Z",
                    rooms={"A": "A", "O": ("O", 2), "T": ("T", 2, "fire"), "Z": "Z"},
                    heroes={"W": ("Warrior", 3)}, spells=[("Teleport", 1)])
    result = play(world, cast(10, "Teleport", 1))
    assert log(result, STEPS)[2:] == [
        "4 entered_room W O 1", "4 gold_picked W O 2",
        "9 entered_room W T 1", "9 gold_paid W T 2", "9 gold_refunded W O 2",
        "10 cast Teleport1 Teleport(1)", "10 teleported W T (10, 2) spell", "10 died W T (10, 2) toll",
        "10 won",
    ]
    hero = result.state.heroes[0]
    assert (hero.alive, hero.died_at, hero.hp, hero.gold_at_death) == (False, 10, 3, 0)
    assert result.state.gold == (0, 2, 0, 0)


def test_a_gold_pickup_pre_empts_the_main_a_switch():
    # A hand-made casting point: A1 holds 2 gold (dropped there earlier), A2 is the main A,
    # W stands on A2's west opening (5,2). A step left enters A1 at (4,2): W takes the gold,
    # and A1's own entry effect -- becoming the main A -- is skipped (ZR-8 step 2).
    world = two_spawns()
    start = world.initial_state()
    hero = start.heroes[0].replace(pos=(1, (0, 2)), history=((1, (0, 2)),), entries=((1, 1),))
    state = start.replace(tick=5, gold=(2, 0, 0, 0), main_a=1, heroes=(hero, start.heroes[1]))
    res = Resolution(world, state, tick=6)
    assert res.step(res.hero(0), Direction.LEFT)
    after = res.freeze(6)
    assert [e.kind for e in res.events] == ["stepped", "entered_room", "gold_picked"]
    assert after.main_a == 1 and after.gold == (0, 0, 0, 0)
    assert after.heroes[0].gold == ((0, 2),)


def test_a_toll_death_drops_the_gold_short_of_the_toll_into_the_toll_room():
    # O1(1), O2(2), then T(2, fire) whose west opening (15,2) is light. t4 takes 1, t9 takes 2;
    # t14 enters T on the light cell: pays 2 -- O1's 1, then 1 of O2's -- and keeps (O2, 1).
    # t15 (16,2). @15 Teleport(1): back onto the light cell holding 1 < 2: dies (ZR-9); the 1
    # it holds goes to the room it died in, T (ZR-11), not back to O2.
    world = dungeon(corridor("..S............l........."), layout="A O1 O2 T Z",
                    rooms={"A": "A", "O1": ("O", 1), "O2": ("O", 2), "T": ("T", 2, "fire"), "Z": "Z"},
                    heroes={"W": ("Warrior", 3)}, spells=[("Teleport", 1)])
    result = play(world, cast(15, "Teleport", 1))
    assert log(result, STEPS)[-9:] == [
        "14 entered_room W T 1", "14 gold_paid W T 2", "14 gold_refunded W O1 1", "14 gold_refunded W O2 1",
        "15 cast Teleport1 Teleport(1)", "15 teleported W T (15, 2) spell", "15 gold_dropped W T 1",
        "15 died W T (15, 2) toll", "15 won",
    ]
    assert result.state.gold == (0, 1, 1, 1, 0)
    assert result.state.heroes[0].gold_at_death == 1

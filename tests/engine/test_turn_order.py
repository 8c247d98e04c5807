"""Turn order (ZR-7), stuck heroes, sleepers, stalls (ZR-17), hand-traced."""

from __future__ import annotations

from builders import cast, corridor, dungeon, log, play
from zorglab.engine import events as ev
from zorglab.engine.turns import active_hero, stuck_heroes
from zorglab.core.model import Outcome

STEPS = ("stepped",)

# A, then an E(water) room whose only passage is a water cell (7,2), then Z.
BARRIER = corridor("..S....g.......")


def barrier(heroes):
    return dungeon(BARRIER, layout="A E Z", rooms={"A": "A", "E": ("E", "water"), "Z": "Z"}, heroes=heroes)


def test_a_stuck_hero_waits_and_the_next_hero_acts():
    # t1 W1 spawns on (2,2). No plan reaches Z through water: W1 is stuck and waits (FR-30).
    # t2 the next hero, the water-immune Elf, spawns; t3..t10 it walks over the water (7,2)
    # and enters Z on t10. W1 never moves.
    result = play(barrier({"W1": ("Warrior", 3), "E2": ("Elf", 3, {"water"})}))
    assert log(result, STEPS) == [
        "1 spawned W1 A (2, 2)", "1 entered_room W1 A 1", "1 stuck W1",
        "2 spawned E2 A (2, 2)", "2 entered_room E2 A 1",
        "5 entered_room E2 E 1",
        "10 entered_room E2 Z 1", "10 lost E2 Z",
    ]
    assert result.state.heroes[0].pos == (0, (2, 2))
    assert not [e for e in result.events if isinstance(e, ev.Stepped) and e.hero == "W1"]


def test_a_world_with_only_stuck_heroes_stalls():
    # t1 W1 spawns, stuck; t2 W2 spawns, stuck; idle, no cast: the world ends with heroes
    # alive: a stall, not a win (ZR-17).
    result = play(barrier({"W1": ("Warrior", 3), "W2": ("Warrior", 3)}))
    assert result.outcome is Outcome.STALL
    assert log(result) == [
        "1 spawned W1 A (2, 2)", "1 entered_room W1 A 1", "1 stuck W1",
        "2 spawned W2 A (2, 2)", "2 entered_room W2 A 1", "2 stuck W2",
        "2 stalled ('W1', 'W2')",
    ]
    state = result.state
    assert active_hero(barrier({"W1": ("Warrior", 3), "W2": ("Warrior", 3)}), state) is None
    assert stuck_heroes(barrier({"W1": ("Warrior", 3), "W2": ("Warrior", 3)}), state) == (0, 1)


def test_a_sleeper_is_skipped_wakes_on_a_real_hp_change_and_blocks_again():
    # t1 W1 spawns. @1 Sleep on W1: it cannot act. t2 the next hero W2 spawns.
    # @2 Attack(0): no HP changes, so W1 sleeps on (ZR-24). t3 W2 steps right to (3,2).
    # @3 Attack(1): W1 3 -> 2 wakes (its HP changed), W2 3 -> 2. t4 W1, first in spawn order
    # and awake, acts again: right to (3,2); W2 waits behind it from now on.
    world = dungeon(corridor("..S............"), layout="A R Z", rooms={"A": "A", "R": ("D", 0), "Z": "Z"},
                    heroes={"W1": ("Warrior", 3), "W2": ("Warrior", 3)},
                    spells=["Sleep", ("Attack", 0), ("Attack", 1)])
    result = play(world, cast(1, "Sleep", on="W1"), cast(2, "Attack", 0), cast(3, "Attack", 1))
    assert log(result)[:14] == [
        "1 spawned W1 A (2, 2)", "1 entered_room W1 A 1",
        "1 cast Sleep1 Sleep on W1", "1 slept W1",
        "2 spawned W2 A (2, 2)", "2 entered_room W2 A 1",
        "2 cast Attack1 Attack(0)",
        "3 stepped W2 right (3, 2)",
        "3 cast Attack2 Attack(1)", "3 damaged W1 1 2 Attack", "3 woke W1 hp changed", "3 damaged W2 1 2 Attack",
        "4 stepped W1 right (3, 2)",
        "5 stepped W1 right (4, 2)",
    ]
    assert {e.hero for e in result.events if isinstance(e, ev.Stepped) and e.tick > 3} == {"W1"}
    assert result.state.lost_by == 0 and result.state.tick == 11   # W1: t4..t11 from (2,2) to (10,2)


# The freed-hero board (ZR-7). Slots: O (1,0) above a water-barred E (1,1) above A (1,2);
# A opens east to T(1, fire), whose light cell (11,12) bars the way to Z.
FREED = """
     ##.##
     ##.##
     ##.##
     ##.##
     ##.##
     ##.##
     ##.##
     ##g##
     ##.##
     ##.##
     ##.############
     ##.############
     ##S...l........
     ###############
     ###############
"""
FREED_LAYOUT = """
. O . .
. E . .
. A T Z
"""


def freed_world():
    # O's tile: top opening faces nothing (a wall, ZR-4); T's side rows are walls.
    return dungeon(FREED, layout=FREED_LAYOUT,
                   rooms={"O": ("O", 1), "E": ("E", "water"), "A": "A", "T": ("T", 1, "fire"), "Z": "Z"},
                   heroes={"W1": ("Warrior", 10), "E2": ("Elf", 1, {"water"}), "W3": ("Warrior", 10)},
                   spells=[("Attack", 1)])


def test_a_freed_stuck_hero_blocks_later_heroes_again():
    # t1 W1 spawns on A (7,12). Z needs 1 gold for the light cell (11,12); the only gold is in
    # O, behind water: W1 is stuck. t2 the Elf (immune to water) spawns and fetches the gold
    # (t10 enters O: takes 1) and comes back down into A (t16, (7,10)).
    # @16 Attack(1): W1 10 -> 9; the Elf 1 -> 0 dies in A, its 1 gold drops there, unseen by the
    # living (ZR-29): W1 stays stuck, so W3 spawns (t17) and, entering A, picks the coin up as any
    # entrant would. t20 W3 enters T, t21 pays 1 at the light cell: refunded to A, its source --
    # seen gold now, which W1 can fetch (out to T and back into A): W1 has a plan again, so it is
    # the active hero (ZR-7): t22 W1 steps right and W3, halfway to Z, moves no more.
    result = play(freed_world(), cast(16, "Attack", 1))
    assert log(result, STEPS) == [
        "1 spawned W1 A (7, 12)", "1 entered_room W1 A 1", "1 stuck W1",
        "2 spawned E2 A (7, 12)", "2 entered_room E2 A 1",
        "5 entered_room E2 E 1",
        "10 entered_room E2 O 1", "10 gold_picked E2 O 1",
        "11 entered_room E2 E 2", "16 entered_room E2 A 2",
        "16 cast Attack1 Attack(1)", "16 damaged W1 1 9 Attack",
        "16 damaged E2 1 0 Attack", "16 gold_dropped E2 A 1", "16 died E2 A (7, 10) Attack",
        "17 spawned W3 A (7, 12)", "17 entered_room W3 A 1", "17 gold_picked W3 A 1",
        "20 entered_room W3 T 1", "21 gold_paid W3 T 1", "21 gold_refunded W3 A 1",
        "24 entered_room W1 T 1", "25 entered_room W1 A 2", "25 gold_picked W1 A 1",
        "26 entered_room W1 T 2", "27 gold_paid W1 T 1", "27 gold_refunded W1 A 1",
        "31 entered_room W1 Z 1", "31 lost W1 Z",
    ]
    assert [(e.tick, e.hero, e.direction) for e in result.events if isinstance(e, ev.Stepped)][17:19] == [
        (21, "W3", "right"), (22, "W1", "right")]
    assert result.state.heroes[2].pos is not None and result.state.heroes[2].alive


def test_a_still_stuck_hero_lets_the_next_hero_spawn():
    # The contrast: @10 Attack(1) kills the Elf inside O, where its gold drops -- still behind
    # the water for W1, who stays stuck. t11 W3 spawns; it is stuck too; the world stalls.
    result = play(freed_world(), cast(10, "Attack", 1))
    assert log(result, STEPS)[-7:] == [
        "10 damaged E2 1 0 Attack", "10 gold_dropped E2 O 1", "10 died E2 O (7, 4) Attack",
        "11 spawned W3 A (7, 12)", "11 entered_room W3 A 1", "11 stuck W3",
        "11 stalled ('W1', 'W3')",
    ]
    assert result.state.gold == (1, 0, 0, 0, 0)

"""Casting legality and the simple spells (ZR-14, ZR-24, ZR-25, FR-32..FR-35, FR-40..FR-42).

The board for most tests: A, a plain room R (a D(0)), then Z; the hero walks right from the
spawn (2,2) and would enter Z on t9. ``@N``: a cast at casting point N (N actions done).
"""

from __future__ import annotations

import pytest

from builders import cast, corridor, dungeon, log, play
from zorglab.engine.casting import cast_spell
from zorglab.errors import CastError
from zorglab.core.model import Outcome

STEPS = ("stepped",)


def line_world(spells, heroes=None):
    return dungeon(corridor("..S............"), layout="A R Z", rooms={"A": "A", "R": ("D", 0), "Z": "Z"},
                   heroes=heroes or {"W": ("Warrior", 3)}, spells=spells)


def refusals(result) -> list[tuple[int, str]]:
    return [(r.cast.tick, r.reason) for r in result.refused]


# -- Teleport ------------------------------------------------------------------------------------

def test_teleport_without_an_active_hero_on_the_board_is_refused_and_kept():
    # @0 every hero waits in the waiting room: the active hero W is not on the board, so there
    # is none (ZR-14): refused, nothing consumed. t1 spawn, t2 (3,2), t3 (4,2). @3 the same
    # Teleport(1) is legal: back to A's arrival cell (2,2), same room: cell effect only.
    # t4 (3,2), t5 (4,2), t6 (5,2) enters R ... t11 (10,2) enters Z.
    world = line_world([("Teleport", 1)])
    result = play(world, cast(0, "Teleport", 1), cast(3, "Teleport", 1))
    assert len(result.refused) == 1
    assert result.refused[0].cast.tick == 0 and "active hero" in result.refused[0].reason
    assert log(result, STEPS) == [
        "1 spawned W A (2, 2)", "1 entered_room W A 1",
        "3 cast Teleport1 Teleport(1)", "3 teleported W A (2, 2) spell",
        "6 entered_room W R 1",
        "11 entered_room W Z 1", "11 lost W Z",
    ]
    assert result.state.spells_left == (False,)


def test_teleport_is_refused_when_the_only_hero_on_the_board_is_stuck():
    # R is a water barrier: W has no plan after t1, so nobody is active (ZR-7, ZR-14).
    world = dungeon(corridor("..S....g......."), layout="A E Z", rooms={"A": "A", "E": ("E", "water"), "Z": "Z"},
                    heroes={"W": ("Warrior", 3)}, spells=[("Teleport", 1)])
    result = play(world, cast(1, "Teleport", 1))
    assert refusals(result)[0][0] == 1 and result.state.spells_left == (True,)
    assert result.outcome is Outcome.STALL


def test_teleport_beyond_the_history_sends_to_the_waiting_room():
    # @2 W has one visit (A); Teleport(2) overshoots: waiting room (ZR-10); t3 W respawns on A.
    world = line_world([("Teleport", 2)])
    result = play(world, cast(2, "Teleport", 2))
    assert log(result, STEPS)[:6] == [
        "1 spawned W A (2, 2)", "1 entered_room W A 1",
        "2 cast Teleport1 Teleport(2)", "2 teleported W - - spell",
        "3 spawned W A (2, 2)", "3 entered_room W A 2",
    ]


# -- Sleep, Wake, Banality -------------------------------------------------------------------------

def test_sleep_on_a_dead_hero_is_refused_and_kept():
    # W1 Warrior(1) dies entering D(1) on t4 (5,2). @5 W2 has just spawned. Sleep on W1: dead,
    # refused (ZR-14), the spell kept; Sleep on W2 at the same point is legal and consumes it.
    world = dungeon(corridor("..S............"), layout="A D Z", rooms={"A": "A", "D": ("D", 1), "Z": "Z"},
                    heroes={"W1": ("Warrior", 1), "W2": ("Warrior", 5)}, spells=["Sleep"])
    result = play(world, cast(5, "Sleep", on="W1"), cast(5, "Sleep", on="W2"))
    assert [(tick, "dead" in reason) for tick, reason in refusals(result)] == [(5, True)]
    assert "5 slept W2" in log(result)
    assert result.state.spells_left == (False,)
    assert result.outcome is Outcome.STALL and result.state.heroes[1].asleep


def test_sleep_on_a_hero_in_the_waiting_room_is_refused():
    world = line_world(["Sleep"])
    result = play(world, cast(0, "Sleep", on="W"))
    assert "not on the board" in refusals(result)[0][1]
    assert result.state.spells_left == (True,)


def test_sleep_wake_and_banality_that_change_nothing_are_still_consumed():
    # @1 Wake on an awake W, Banality on a Warrior: legal, consumed, no effect (ZR-24).
    # @1 Sleep, then @1 the second Sleep on the sleeping W: consumed, no second 'slept'.
    world = line_world(["Wake", "Banality", "Sleep", "Sleep"])
    result = play(world, cast(1, "Wake", on="W"), cast(1, "Banality", on="W"), cast(1, "Sleep", on="W"),
                  cast(1, "Sleep", on="W"))
    assert log(result)[2:] == [
        "1 cast Wake1 Wake on W", "1 cast Banality1 Banality on W",
        "1 cast Sleep1 Sleep on W", "1 slept W", "1 cast Sleep2 Sleep on W",
        "1 stalled ('W',)",
    ]
    assert result.state.spells_left == (False, False, False, False)
    assert not result.refused


def test_wake_wakes_a_sleeper():
    # @1 Sleep on W; @1 Wake on W: awake again, it walks on (t2..t9 to Z).
    world = line_world(["Sleep", "Wake"])
    result = play(world, cast(1, "Sleep", on="W"), cast(1, "Wake", on="W"))
    assert log(result, STEPS)[2:5] == ["1 cast Sleep1 Sleep on W", "1 slept W", "1 cast Wake1 Wake on W"]
    assert "1 woke W Wake" in log(result)
    assert result.outcome is Outcome.LOSS and result.state.tick == 9


def test_a_cast_needs_exactly_one_target_for_a_chosen_hero_spell():
    world = line_world(["Sleep"])
    result = play(world, cast(1, "Sleep"))
    assert "exactly one target" in refusals(result)[0][1]


# -- Attack ----------------------------------------------------------------------------------------

def test_attack_with_nobody_on_the_board_is_consumed_and_cannot_be_cast_again():
    # @0 Attack(1): nobody on the board, no damage, but the spell is used (ZR-24).
    # @1 Attack(1) again: the level's only Attack(1) was already cast: refused (FR-32).
    world = line_world([("Attack", 1)])
    result = play(world, cast(0, "Attack", 1), cast(1, "Attack", 1))
    assert log(result, STEPS)[:3] == ["0 cast Attack1 Attack(1)", "1 spawned W A (2, 2)", "1 entered_room W A 1"]
    assert [(tick, "already cast" in reason) for tick, reason in refusals(result)] == [(1, True)]
    assert result.state.heroes[0].hp == 3


def test_a_spell_the_level_does_not_have_is_refused():
    world = line_world([("Attack", 1)])
    result = play(world, cast(1, "Attack", 2))
    assert "no spell Attack(2)" in refusals(result)[0][1]
    assert result.state.spells_left == (True,)


def test_two_equal_spells_can_each_be_cast_once():
    world = line_world([("Attack", 1), ("Attack", 1)])
    result = play(world, cast(1, "Attack", 1), cast(2, "Attack", 1), cast(3, "Attack", 1))
    assert [line for line in log(result) if "cast" in line] == ["1 cast Attack1 Attack(1)", "2 cast Attack2 Attack(1)"]
    assert len(result.refused) == 1 and result.state.heroes[0].hp == 1


def test_attack_hits_every_living_hero_on_the_board_only():
    # W1 Warrior(1) dies entering D(1) on t4; t5 W2 spawns; W3 waits. @5 Attack(1): W2 loses 1;
    # neither the corpse W1 nor W3 in the waiting room is hit.
    world = dungeon(corridor("..S............"), layout="A D Z", rooms={"A": "A", "D": ("D", 1), "Z": "Z"},
                    heroes={"W1": ("Warrior", 1), "W2": ("Warrior", 3), "W3": ("Warrior", 3)},
                    spells=[("Attack", 1)])
    result = play(world, cast(5, "Attack", 1), keep_states=True)
    assert [line for line in log(result) if line.startswith("5 ")] == [
        "5 spawned W2 A (2, 2)", "5 entered_room W2 A 1", "5 cast Attack1 Attack(1)", "5 damaged W2 1 2 Attack",
    ]
    assert [h.hp for h in result.states[6].heroes] == [0, 2, 3]


def test_attack_reports_hp_below_zero_and_the_tick_of_death():
    # @2 Attack(5) on a Warrior(2) at 2 HP: -3, not clamped; dead at casting point 2 (ZR-25).
    world = line_world([("Attack", 5)], heroes={"W": ("Warrior", 2)})
    result = play(world, cast(2, "Attack", 5))
    assert log(result, STEPS)[2:] == ["2 cast Attack1 Attack(5)", "2 damaged W 5 -3 Attack", "2 died W A (3, 2) Attack",
                                      "2 won"]
    hero = result.state.heroes[0]
    assert (hero.hp, hero.died_at, hero.alive) == (-3, 2, False)
    assert result.state.deaths == (0,)


def test_attack_zero_changes_no_hp_and_emits_no_damage():
    world = line_world([("Attack", 0)])
    result = play(world, cast(1, "Attack", 0))
    assert log(result, STEPS)[2:4] == ["1 cast Attack1 Attack(0)", "4 entered_room W R 1"]
    assert result.state.heroes[0].hp == 3 and result.state.spells_left == (False,)


def test_a_refused_cast_leaves_the_state_untouched():
    world = line_world(["Sleep"])
    state = world.initial_state()
    with pytest.raises(CastError):
        cast_spell(world, state, cast(0, "Sleep", on="W"))
    assert state == world.initial_state()

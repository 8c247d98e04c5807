"""Forced casting points on hand-built state graphs: where waiting loses the last chance."""

from __future__ import annotations

from zorglab.core.model import Cast, SpellCall
from zorglab.reports.forced import forced_points
from zorglab.search.analysis import StateGraph

ATTACK = Cast(0, SpellCall("Attack", (1,)))


def graph(moves: dict, wins: set, complete: bool = True) -> StateGraph:
    return StateGraph("s0", moves=moves, wins=wins, complete=complete)


def test_the_last_point_before_the_window_closes_is_forced():
    # s0 -> s1 -> s2 (lost); casting at s0 or s1 wins. Waiting at s1 loses: s1 (tick 1) is forced.
    g = graph({"s0": [(None, "s1"), (ATTACK, "w")], "s1": [(None, "s2"), (ATTACK, "w")], "s2": [], "w": []}, {"w"})
    points = forced_points(g)
    assert points.ticks == (1,) and points.count == 1 and points.last_chance == 1


def test_no_forced_point_when_the_heroes_die_by_themselves():
    g = graph({"s0": [(None, "s1"), (ATTACK, "x")], "s1": [(None, "w")], "w": [], "x": [(None, "s2")], "s2": []},
              {"w"})
    assert forced_points(g).ticks == ()


def test_an_idle_world_with_living_heroes_forces_a_cast():
    # s1 is idle (no action) and not won: the only way on is a cast, so s1 is forced.
    g = graph({"s0": [(None, "s1")], "s1": [(ATTACK, "w")], "w": []}, {"w"})
    assert forced_points(g).ticks == (1,)


def test_a_waiting_loop_casts_without_counting_a_forced_point():
    g = graph({"s0": [(None, "s1"), (ATTACK, "w")], "s1": [(None, "s0"), (ATTACK, "w")], "w": []}, {"w"})
    assert forced_points(g).ticks == ()


def test_unwinnable_and_incomplete_graphs():
    lost = graph({"s0": [(None, "s1")], "s1": []}, set())
    assert forced_points(lost).winnable is False and forced_points(lost).ticks == ()
    assert forced_points(graph({"s0": [(None, "s1")]}, set(), complete=False)) is None

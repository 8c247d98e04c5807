"""Winning layouts within a budget of states: the same count as the layout search, and honest when cut."""

from __future__ import annotations

from zorglab.core.budget import Budget
from zorglab.level import load_level
from zorglab.reports.layouts import count_layouts
from zorglab.search.layouts import solve_layouts

from report_fixtures import FIXTURES

CROSSES = FIXTURES / "three-crosses.toml"


def test_same_count_as_the_layout_search():
    level = load_level(CROSSES)
    summary = solve_layouts(level)
    count = count_layouts(level, max_states=5_000, limit=300)
    assert (count.winning, count.tried, count.unknown) == (len(summary.winning), summary.tried, 0)
    assert count.complete and 0 < count.winning < count.tried


def test_the_limit_the_work_or_the_safety_stop_leaves_the_count_incomplete():
    level = load_level(CROSSES)
    assert not count_layouts(level, max_states=5_000, limit=3).complete
    small = count_layouts(level, max_states=5_000, limit=300, max_work=40)
    again = count_layouts(level, max_states=5_000, limit=300, max_work=40)
    assert not small.complete and small == again and not small.cut_short      # work: the same every time
    assert small.stopped == "state budget of 40 spent"
    ticks = iter(range(0, 10**9, 100))          # a clock 100 s further on at every look: a starved machine
    cut = count_layouts(level, max_states=5_000, limit=300, budget=Budget(None, seconds=1.0, clock=lambda: next(ticks)))
    assert not cut.complete and cut.tried == 0 and cut.cut_short and "not finished" in cut.stopped

"""Winning layouts under a deadline: the same count as the layout search, and honest when cut."""

from __future__ import annotations

from zorglab.level import load_level
from zorglab.reports.layouts import count_layouts
from zorglab.search.layouts import solve_layouts

from report_fixtures import FIXTURES

CROSSES = FIXTURES / "three-crosses.toml"


def test_same_count_as_the_layout_search():
    level = load_level(CROSSES)
    summary = solve_layouts(level)
    count = count_layouts(level, max_states=5_000, limit=300, seconds=None)
    assert (count.winning, count.tried, count.unknown) == (len(summary.winning), summary.tried, 0)
    assert count.complete and 0 < count.winning < count.tried


def test_the_limit_or_the_clock_leaves_the_count_incomplete():
    level = load_level(CROSSES)
    assert not count_layouts(level, max_states=5_000, limit=3, seconds=None).complete
    cut = count_layouts(level, max_states=5_000, limit=300, seconds=0.0)
    assert not cut.complete and cut.tried == 0

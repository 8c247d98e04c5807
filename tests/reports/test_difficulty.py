"""The per-level difficulty table: its columns, and values worked out by hand on the fixture pack."""

from __future__ import annotations

import pandas as pd
import pytest

from zorglab.engine.game import setup_solution
from zorglab.reports import DIFFICULTY_COLUMNS, QUICK, Budget, difficulty_key, difficulty_row, level_difficulty
from zorglab.search.analysis import win_window
from zorglab.sweep.tasks import level_task


@pytest.fixture(scope="module")
def table(campaign) -> pd.DataFrame:
    return level_difficulty(campaign.levels.values(), QUICK)


def row(table: pd.DataFrame, level: str) -> pd.Series:
    return table.set_index("level").loc[level]


def test_columns_and_order(table):
    assert tuple(table.columns) == DIFFICULTY_COLUMNS
    assert list(table["level"]) == ["fx-01", "fx-02", "fx-03"]


def test_bonus_corridor(table):
    # Warrior(2): A -> D1 (tick 4, 1 HP left) -> Z. One Attack(1) with the hero on the board wins;
    # the Sleep is never needed. The no-cast run stays winnable until tick 8 (the last step before Z).
    r = row(table, "fx-01")
    assert (r["verdict"], r["fewest_spells"], r["necessary"], r["necessary_spells"]) == ("solvable", 1, ["Attack1"], ["Attack"])
    assert (r["spells"], r["spell_types"], r["spell_list"], r["bonuses"], r["heroes"]) == (2, ["Attack", "Sleep"], ["Attack", "Sleep"], 2, 1)
    assert (r["room_types"], r["hero_types"], r["witness_spells"]) == (["A", "D", "Z"], ["Warrior"], ["Attack"])
    assert (r["forced_points"], r["forced_ticks"]) == (1, ["8"])
    assert (r["winning_layouts"], r["layouts_tried"], bool(r["layouts_complete"])) == (1, 1, True)
    assert r["solution"] == 0 and r["error"] == ""


def test_no_spell_level_needs_nothing_and_forces_nothing(table):
    r = row(table, "fx-02")
    assert (r["fewest_spells"], r["witness"], r["forced_points"], r["winning_cast_lists"]) == (0, [], 0, 1)


def test_two_attacks_are_both_necessary(table):
    r = row(table, "fx-03")
    assert (r["fewest_spells"], r["necessary"], r["witness_spells"]) == (2, ["Attack1", "Attack2"], ["Attack", "Attack"])
    assert difficulty_key(r) == (2, r["states"])


def test_forced_point_is_where_the_no_cast_window_closes(campaign):
    game = setup_solution(campaign.levels["fx-01"], 1)
    window = win_window(game)
    last_winnable = max(p.tick for p in window if p.winnable)
    assert last_winnable == 8


def test_a_spent_budget_is_reported_unknown_never_guessed(campaign):
    tiny = Budget(solve_states=2, explore_states=2, necessary_states=2, layout_states=2, layout_limit=5)
    r = difficulty_row(campaign.levels["fx-03"], tiny)
    assert r["verdict"] == "unknown"
    assert r["fewest_spells"] is None and r["forced_points"] is None and r["winning_cast_lists"] is None
    assert difficulty_key(pd.Series(r)) is None


def test_a_level_that_does_not_load_gives_an_error_row(tmp_path):
    bad = tmp_path / "broken.toml"
    bad.write_text('id = "broken-id"\nrooms = ["A", "Q(1)"]\nheroes = ["Warrior(1)"]\n')
    r = level_task(str(bad), QUICK)
    assert r["verdict"] == "error" and r["level"] == "broken-id" and "broken.toml" in r["error"]
    assert set(r) == set(DIFFICULTY_COLUMNS)


def test_budget_rejects_non_positive_values():
    from zorglab.errors import OptionError
    with pytest.raises(OptionError, match="solve_states=0"):
        Budget(solve_states=0)


def test_the_per_level_safety_stop_leaves_the_rest_unknown_and_says_so(campaign):
    ticks = iter(range(0, 10**9, 100))          # 100 CPU s pass at every look at the clock
    r = difficulty_row(campaign.levels["fx-03"], Budget(level_seconds=1.0), clock=lambda: next(ticks))
    assert r["cut_short"] is True and "not finished" in r["error"]
    assert r["forced_points"] is None and r["winning_cast_lists"] is None
    assert r["layouts_tried"] == 0 and r["layouts_complete"] is False


def test_rows_within_budget_are_not_cut_short(table):
    assert not table["cut_short"].any()

"""Tidy report frames (issue 28 item 1): lists as lists, proper dtypes, ``contract`` an ordered category
in campaign order, one CSV writer whose files read back with the same dtypes."""

from __future__ import annotations

import pandas as pd
import pytest

from zorglab.reports import level_difficulty, spell_summary, spell_usage
from zorglab.reports.budget import QUICK
from zorglab.reports.campaign import campaign_table
from zorglab.reports.tables import LIST_SEPARATORS, read_csv, with_contract_order, write_csv
from zorglab.reports.write import report_tables


@pytest.fixture(scope="module")
def tables(campaign):
    difficulty = level_difficulty(campaign.levels.values(), QUICK)
    return report_tables(difficulty, campaign_table(campaign.contracts), pd.DataFrame())


def test_the_difficulty_frame_has_proper_dtypes(tables):
    frame = tables.difficulty
    for column in LIST_SEPARATORS:
        assert all(isinstance(v, list) for v in frame[column]), column
    assert str(frame["states"].dtype) == "Int64" and str(frame["fewest_spells"].dtype) == "Int64"
    assert str(frame["explore_complete"].dtype) == "boolean"
    for column in ("error", "title", "verdict"):
        assert frame[column].dtype != "float64" and not frame[column].isna().any(), column
    assert frame.loc[frame["level"] == "fx-01", "witness"].iloc[0] == ["@4 Attack(1)"]


def test_contract_is_ordered_in_campaign_order_not_alphabetically(tables, campaign):
    dtype = tables.difficulty["contract"].dtype
    order = campaign_table(campaign.contracts).sort_values("order")["contract"].drop_duplicates().tolist()
    assert isinstance(dtype, pd.CategoricalDtype) and dtype.ordered
    assert list(dtype.categories)[:len(order)] == order
    by_contract = tables.derived["spell_by_contract"]
    assert list(dict.fromkeys(by_contract["contract"])) == [c for c in order if c in set(by_contract["contract"])]


def test_campaign_order_beats_the_alphabet():
    campaign = pd.DataFrame([{"contract": "zeta", "order": 0}, {"contract": "alpha", "order": 1}])
    frame = with_contract_order(pd.DataFrame({"level": ["b", "a"], "contract": ["alpha", "zeta"]}), campaign)
    assert list(frame.sort_values("contract")["level"]) == ["a", "b"]
    usage = spell_usage(frame.assign(spell_list=[["Attack"], ["Sleep"]], necessary_spells=[[], []],
                                     witness_spells=[[], []]))
    assert list(spell_summary(usage, "contract")["contract"]) == ["zeta", "alpha"]


def test_one_csv_writer_and_the_files_read_back_with_their_dtypes(tables, tmp_path):
    path = tmp_path / "level_difficulty.csv"
    write_csv(tables.difficulty, path)
    text = path.read_text(encoding="utf-8")
    assert "\r" not in text and "['" not in text, "lists are joined, not written as Python reprs"
    back = read_csv(path)
    assert list(back.columns) == list(tables.difficulty.columns)
    assert back["witness"].tolist() == tables.difficulty["witness"].tolist()
    assert back["spell_types"].tolist() == tables.difficulty["spell_types"].tolist()
    assert str(back["error"].dtype) != "float64" and (back["error"] == "").all()
    assert str(back["states"].dtype) == "Int64"
    assert back["states"].tolist() == tables.difficulty["states"].tolist()

"""Issue 42 item 2: the layout-win share is in the difficulty order itself. A level that 1 in 8 or fewer
of its layouts win asks a build step more than its casts (tre-01: 0 spells, 1 of its 12 layouts wins)."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from zorglab.reports.campaign import campaign_check, easier
from zorglab.reports.difficulty import BUILD_FACTOR, build_steps, difficulty_key, difficulty_words

ROOT = Path(__file__).resolve().parents[2]


def _row(fewest, states, won=None, tried=None):
    return {"level": "x", "verdict": "solvable", "fewest_spells": fewest, "states": states,
            "winning_layouts": won, "layouts_tried": tried}


@pytest.mark.parametrize("won,tried,steps", [(1, 1, 0), (1, 2, 0), (1, 4, 0), (1, 7, 0), (1, 8, 1), (1, 12, 1),
                                             (2, 18, 1), (20, 300, 1), (1, 63, 1), (1, 64, 2), (0, 2, 0),
                                             (None, None, 0), (3, 0, 0)])
def test_build_steps_count_the_factors_of_8_between_layouts_tried_and_won(won, tried, steps):
    assert BUILD_FACTOR == 8
    assert build_steps(_row(1, 10, won, tried)) == steps


def test_the_difficulty_order_counts_the_build():
    tre_01 = _row(0, 51, 1, 12)          # the pack's tre-01 and tre-02, as the report measured them
    tre_02 = _row(1, 59, 1, 1)
    assert difficulty_key(tre_01) == (1, 51) and difficulty_key(tre_02) == (1, 59)
    assert not easier(difficulty_key(tre_01), difficulty_key(tre_02))     # it was: (0, 51) before (1, 59)
    assert difficulty_words(tre_01) == "0 spells + 1 build step (1 of 12 layouts win), 51 states"
    assert difficulty_words(tre_02) == "1 spell, 59 states"
    assert difficulty_key(_row(1, 10)) == (1, 10)          # layouts not counted: the spells alone
    assert difficulty_key({**_row(None, 10), "verdict": "unknown"}) is None


def test_the_campaign_check_words_a_build_step():
    rows = pd.DataFrame([dict(_row(0, 39, 2, 18), level="a-01", room_types=[], hero_types=[], spell_types=[]),
                         dict(_row(1, 14, 1, 2), level="a-02", room_types=[], hero_types=[], spell_types=[])])
    campaign = pd.DataFrame([{"contract": "a", "title": "A", "cost": 0, "order": 1, "position": i + 1,
                              "level": f"a-0{i + 1}"} for i in range(2)])
    check = campaign_check(rows, campaign)
    assert check["message"].tolist() == [
        "a-02 (1 spell, 14 states) is easier than a-01 before it (0 spells + 1 build step (2 of 18 layouts win), "
        "39 states) in contract 'a'"]


def test_the_report_ranks_tre_01_with_its_build():
    page = (ROOT / "reports" / "levels" / "tre-01.html").read_text(encoding="utf-8")
    assert "0 spells + 1 build step (1 of 12 layouts win), 51 states" in page
    check = pd.read_csv(ROOT / "reports" / "campaign_check.csv")
    assert "tre-01" not in set(check["level"])      # no longer "easier than tre-02 before it"


def test_compare_sees_a_build_step_move_at_the_same_states():
    from zorglab.reports.compare import compare_tables

    def row(won, tried):
        return {"level": "a", "contract": "c", "verdict": "solvable", "fewest_spells": 0, "necessary": "",
                "states": 51, "witness": "", "winning_layouts": won, "layouts_tried": tried}
    table = compare_tables(pd.DataFrame([row(1, 1)]), pd.DataFrame([row(1, 12)]))
    assert list(table["changed"]) == [["difficulty"]]
    assert list(compare_tables(pd.DataFrame([row(1, 2)]), pd.DataFrame([row(1, 4)]))["changed"]) == [[]]


def test_a_level_page_says_whether_it_is_inside_its_contracts_band():
    page = (ROOT / "reports" / "levels" / "tre-01.html").read_text(encoding="utf-8")
    assert "Target band of contract" in page and "difficulty 0-2, states 10-150, layout share 20%-100%" in page
    assert "tre-01: 1 of 12 layouts win (8%), under the band 20%-100% of contract &#39;treasury&#39;" in page
    assert "Inside its contract&#39;s band." in (ROOT / "reports" / "levels" / "tre-02.html").read_text(encoding="utf-8")

"""Issue 42 item 2: outliers flagged against their own contract, the layout-win share among the measures
(tre-01 ranked easy though 1 of its 12 layouts wins)."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from zorglab.reports.outliers import layout_share, outliers

ROOT = Path(__file__).resolve().parents[2]


def _pack(states, won, tried):
    difficulty = pd.DataFrame([{"level": f"c-{i:02d}", "contract": "c", "verdict": "solvable", "fewest_spells": 1,
                                "states": s, "winning_layouts": w, "layouts_tried": t}
                               for i, (s, w, t) in enumerate(zip(states, won, tried))])
    campaign = pd.DataFrame([{"contract": "c", "order": 1, "position": i + 1, "level": f"c-{i:02d}"}
                             for i in range(len(states))])
    return difficulty, campaign


def test_a_level_far_from_its_contract_is_flagged():
    found = outliers(*_pack([20, 22, 18, 100, 4, 21], [3, 3, 1, 3, 3, 0], [4, 4, 12, 4, 4, 4]))
    flags = {(r["level"], r["flag"]) for _, r in found.iterrows()}
    assert flags == {("c-03", "hard"), ("c-04", "easy"), ("c-02", "hard to build")}
    message = found[found["flag"] == "hard to build"].iloc[0]["message"]
    assert message == "c-02: 1 of 12 layouts win (8%), under 1/3 of the median share 75% of contract 'c'"
    assert outliers(*_pack([20, 200, 2], [1, 1, 1], [1, 1, 1])).empty          # too few levels for a band
    assert layout_share({"winning_layouts": 1, "layouts_tried": 12}) == 1 / 12
    assert layout_share({"winning_layouts": None, "layouts_tried": 0}) is None


def test_the_report_flags_tre_01():
    table = pd.read_csv(ROOT / "reports" / "outliers.csv")
    tre = table[table["level"] == "tre-01"]
    assert list(tre["flag"]) == ["hard to build"]
    assert "tre-01: 1 of 12 layouts win (8%)" in tre.iloc[0]["message"]
    assert "Outliers in their contract" in (ROOT / "reports" / "index.html").read_text(encoding="utf-8")

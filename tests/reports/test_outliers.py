"""Issue 42 item 2: a target band per contract, typed in contracts.toml, and every level outside it
flagged (tre-01 ranked easy though 1 of its 12 layouts wins)."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from zorglab.level.bands import Band
from zorglab.level.contracts import read_contracts
from zorglab.reports.difficulty import layout_share
from zorglab.reports.outliers import band_table, contract_bands, outliers

ROOT = Path(__file__).resolve().parents[2]
BAND = Band(difficulty=(1, 2), states=(10, 50), layout_share=(0.2, 1.0))


def _pack(states, won, tried, fewest=None):
    fewest = fewest or [1] * len(states)
    difficulty = pd.DataFrame([{"level": f"c-{i:02d}", "contract": "c", "verdict": "solvable", "fewest_spells": f,
                                "states": s, "winning_layouts": w, "layouts_tried": t}
                               for i, (s, w, t, f) in enumerate(zip(states, won, tried, fewest))])
    campaign = pd.DataFrame([{"contract": "c", "order": 1, "position": i + 1, "level": f"c-{i:02d}"}
                             for i in range(len(states))])
    return difficulty, campaign


def test_a_level_outside_its_contracts_typed_band_is_flagged():
    difficulty, campaign = _pack([20, 22, 18, 100, 4, 21, 30], [3, 3, 1, 3, 3, 0, 1], [4, 4, 12, 4, 4, 4, 1],
                                 fewest=[1, 1, 1, 1, 1, 1, 3])
    found = outliers(difficulty, campaign, {"c": BAND})
    flags = [(r["level"], r["flag"], r["measure"]) for _, r in found.iterrows()]
    # c-02: 1 of 12 layouts win: a build step (difficulty 2, in the band) and a share of 8 %, under 20 %
    assert flags == [("c-02", "hard to build", "layout_share"), ("c-03", "hard", "states"),
                     ("c-04", "easy", "states"), ("c-06", "hard", "difficulty")]
    row = found[found["flag"] == "hard to build"].iloc[0]
    assert row["message"] == "c-02: 1 of 12 layouts win (8%), under the band 20%-100% of contract 'c'"
    assert row["band"] == "20%-100%" and row["value"] == round(1 / 12, 3)
    assert found[found["measure"] == "difficulty"].iloc[0]["message"] == \
        "c-06: 3 difficulty steps, over the band 1-2 of contract 'c'"
    # no band typed: nothing judged, whatever the figures (the band is never read off the levels)
    assert outliers(difficulty, campaign).empty and outliers(difficulty, campaign, {"other": BAND}).empty
    # a band of one measure judges that measure only
    only = outliers(difficulty, campaign, {"c": Band(states=(0, 1000))})
    assert only.empty
    assert layout_share({"winning_layouts": 1, "layouts_tried": 12}) == 1 / 12
    assert layout_share({"winning_layouts": None, "layouts_tried": 0}) is None


def test_the_band_table_names_every_contract_and_its_outliers():
    difficulty, campaign = _pack([20, 100], [1, 1], [1, 1])
    found = outliers(difficulty, campaign, {"c": BAND})
    table = band_table(campaign, {"c": BAND}, found)
    assert table.to_dict("records") == [{"contract": "c", "levels": 2, "difficulty": "1-2", "states": "10-50",
                                         "layout_share": "20%-100%", "outliers": 1}]
    assert band_table(campaign, {}, found).iloc[0]["states"] == "no band"


def test_every_written_contract_of_the_pack_types_its_band():
    contracts, problems = read_contracts(ROOT / "levels" / "contracts.toml")
    assert problems == []
    bands = contract_bands(contracts.contracts)
    assert set(bands) == {c.name for c in contracts.contracts if c.levels}
    assert all(b.difficulty and b.states and b.layout_share for b in bands.values())


def test_the_report_flags_tre_01_against_the_treasury_band():
    table = pd.read_csv(ROOT / "reports" / "outliers.csv")
    assert list(table.columns) == ["contract", "level", "flag", "measure", "value", "band", "message"]
    tre = table[table["level"] == "tre-01"]
    assert list(tre["flag"]) == ["hard to build"]
    assert tre.iloc[0]["message"] == "tre-01: 1 of 12 layouts win (8%), under the band 20%-100% of contract 'treasury'"
    index = (ROOT / "reports" / "index.html").read_text(encoding="utf-8")
    assert "Outliers in their contract" in index and "Target bands per contract" in index
    bands = pd.read_csv(ROOT / "reports" / "bands.csv")
    assert bands.set_index("contract").at["treasury", "layout_share"] == "20%-100%"

"""Temple generator statistics: rows with failure reasons, distributions per size, failure counts."""

from __future__ import annotations

import zorglab.temples
from zorglab.reports import failure_reasons, generator_stats, temple_frame, temple_row
from zorglab.reports.generator import MEASURES, STAT_COLUMNS, TEMPLE_COLUMNS
from zorglab.temples import TempleGenerationError


def test_a_sound_temple_row_has_every_column_and_no_failure():
    row = temple_row(3, "small")
    assert tuple(row) == TEMPLE_COLUMNS
    assert row["solvable"] is True and row["failure"] == "" and row["violations"] == 0
    assert row["critical_path"] > 0 and row["rooms"] >= row["critical_path"] / 10


def test_a_generation_that_gives_up_is_a_failure_not_a_crash(monkeypatch):
    def give_up(seed, size, options=None, **_):
        raise TempleGenerationError(f"seed {seed!r}: no verified temple after 8 sub-seeds")
    monkeypatch.setattr(zorglab.temples, "sweep_row", give_up)
    row = temple_row(5, "large")
    assert (row["seed"], row["size"], row["failure"], row["solvable"]) == (5, "large", "generation gave up", False)
    assert "8 sub-seeds" in row["failure_detail"]


def test_rows_sort_by_seed_then_size_order():
    rows = [{"seed": s, "size": z, "failure": ""} for s in (2, 1) for z in ("large", "small", "medium")]
    frame = temple_frame(rows)
    assert list(zip(frame["seed"], frame["size"])) == [(1, "small"), (1, "medium"), (1, "large"),
                                                       (2, "small"), (2, "medium"), (2, "large")]


def test_stats_and_failure_reasons():
    rows = temple_frame([temple_row(seed, size, lint=False) for seed in range(3) for size in ("small", "medium")])
    rows.loc[1, "failure"] = "unsolvable"
    stats = generator_stats(rows)
    assert tuple(stats.columns) == STAT_COLUMNS
    assert len(stats) == 2 * len(MEASURES)
    crit = stats[(stats["size"] == "small") & (stats["measure"] == "critical_path")].iloc[0]
    small = rows[rows["size"] == "small"]["critical_path"]
    assert (crit["temples"], crit["min"], crit["max"]) == (3, small.min(), small.max())
    assert crit["median"] == small.median()
    reasons = failure_reasons(rows)
    assert reasons.to_dict("records") == [
        {"size": "small", "failure": "none", "temples": 3},
        {"size": "medium", "failure": "none", "temples": 2},
        {"size": "medium", "failure": "unsolvable", "temples": 1},
    ]

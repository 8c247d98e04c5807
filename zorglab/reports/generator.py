"""Temple generator statistics: one row per generated temple, then distributions and failures.

:func:`temple_row` is :func:`zorglab.temples.sweep_row` that never raises for a seed: a
generation that gives up, a solver over budget, an unsolvable temple or lint violations become
the row's ``failure`` (one reason, by that precedence) with a ``failure_detail`` in words.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

import pandas as pd

from zorglab.seeding import Seed
from zorglab.temples.options import SIZES
from zorglab.temples.sweep import COLUMNS as SWEEP_COLUMNS

TEMPLE_COLUMNS = SWEEP_COLUMNS + ("failure", "failure_detail")
MEASURES = ("rooms", "floors", "rooms_per_floor", "critical_path", "locks", "side_locks", "keys", "loops",
            "retries", "solver_states", "combat_share", "loot_share", "trap_share", "puzzle_share", "seconds")
STAT_COLUMNS = ("size", "measure", "temples", "mean", "std", "min", "p25", "median", "p75", "max")
NO_FAILURE = ""


def temple_row(seed: Seed, size: str, options: Mapping[str, Any] | None = None, *, lint: bool = True) -> dict[str, Any]:
    """One temple's sweep row plus ``failure`` ('' when the temple is sound) and its detail."""
    from zorglab.temples import SolverBudgetError, TempleGenerationError, generate_temple, lint_temple, sweep_row

    try:
        row = sweep_row(seed, size, options)
    except (TempleGenerationError, SolverBudgetError) as error:
        from zorglab.temples.sweep import option_columns
        row = dict.fromkeys(SWEEP_COLUMNS)
        row.update({"seed": seed, "size": size, **option_columns(options), "solvable": False})
        reason = "generation gave up" if isinstance(error, TempleGenerationError) else "solver over budget"
        return {**row, "failure": reason, "failure_detail": str(error)}
    failure, detail = NO_FAILURE, ""
    if not row["solvable"]:
        failure, detail = "unsolvable", "the solver found a soft lock or no way to the boss"
    elif lint:
        report = lint_temple(generate_temple(seed, {**dict(options or {}), "size": size}))
        row["violations"] = len(report.violations)
        if report.violations:
            failure = "lint " + " ".join(report.rules_failed)
            detail = "; ".join(str(v) for v in report.violations[:3])
    return {**row, "failure": failure, "failure_detail": detail}


def _size_order(frame: pd.DataFrame) -> pd.Series:
    order = {size: i for i, size in enumerate(SIZES)}
    return frame["size"].map(lambda s: order.get(s, len(order)))


def temple_frame(rows: Iterable[Mapping[str, Any]]) -> pd.DataFrame:
    """Rows as a table, sorted by (seed, size in small-medium-large order): a deterministic order."""
    frame = pd.DataFrame([dict(r) for r in rows], columns=list(TEMPLE_COLUMNS))
    if frame.empty:
        return frame
    frame["_size"] = _size_order(frame)
    frame["_seed"] = frame["seed"].map(lambda s: (isinstance(s, str), s))
    frame = frame.sort_values(["_seed", "_size"], kind="stable").drop(columns=["_seed", "_size"])
    return frame.reset_index(drop=True)


def generator_stats(rows: pd.DataFrame) -> pd.DataFrame:
    """The distribution of every measure per size: count, mean, spread and quartiles."""
    out = []
    sizes = sorted(rows["size"].unique(), key=lambda s: SIZES.index(s) if s in SIZES else len(SIZES))
    for size in sizes:
        part = rows[rows["size"] == size]
        for measure in MEASURES:
            values = pd.to_numeric(part[measure], errors="coerce").dropna()
            if values.empty:
                out.append({"size": size, "measure": measure, "temples": 0})
                continue
            out.append({"size": size, "measure": measure, "temples": int(values.count()),
                        "mean": round(float(values.mean()), 3),
                        "std": round(float(values.std()), 3) if len(values) > 1 else 0.0,
                        "min": float(values.min()), "p25": float(values.quantile(0.25)),
                        "median": float(values.median()), "p75": float(values.quantile(0.75)),
                        "max": float(values.max())})
    return pd.DataFrame(out, columns=list(STAT_COLUMNS))


def failure_reasons(rows: pd.DataFrame) -> pd.DataFrame:
    """How many temples of each size failed for each reason ('none' counts the sound ones)."""
    reasons = rows.assign(failure=rows["failure"].fillna(NO_FAILURE).replace(NO_FAILURE, "none"))
    table = reasons.groupby(["size", "failure"]).size().rename("temples").reset_index()
    table["_size"] = _size_order(table)
    table = table.sort_values(["_size", "failure"], kind="stable").drop(columns="_size")
    return table.reset_index(drop=True)

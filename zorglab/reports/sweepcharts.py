"""A temple sweep over option grids, drawn for a tuner: per option, one histogram per value of it for
each measure, with the contract's targets (:mod:`zorglab.temples.targets`) drawn beside them.

A shaded green band is where the contract wants a measure (§3 step 6: 25–35 % monster rooms); a
dashed red line is a limit it must not cross (R10: at most 40 % combat rooms).
"""

from __future__ import annotations

from typing import Any, Sequence

import pandas as pd
from matplotlib.figure import Figure

from zorglab.reports.charts import MEASURE_WORDS, on_screen, palette
from zorglab.temples.options import SIZES
from zorglab.temples.targets import targets_for

SWEEP_MEASURES = ("combat_share", "locks", "side_locks", "rooms_per_floor")
OPTION_COLUMN = {"floors": "asked_floors", "locks": "asked_locks", "element": "asked_element"}
SEED_DECIDES = "seed decides"


def option_values(rows: pd.DataFrame, option: str) -> pd.Series:
    """The value each row was generated with for ``option``, in words (``seed decides`` when unset)."""
    column = OPTION_COLUMN.get(option, option)
    if column not in rows.columns:
        return pd.Series([SEED_DECIDES] * len(rows), index=rows.index)
    return rows[column].map(lambda v: SEED_DECIDES if v is None or v is pd.NA or v != v or v == "" else str(v))


def _bins(values: pd.Series, measure: str) -> list[float]:
    if measure.endswith("_share"):
        high = max(0.5, float(values.max()) + 0.05) if not values.empty else 0.5
        return [k * 0.025 for k in range(int(high / 0.025) + 2)]
    low = int(values.min()) if not values.empty else 0
    high = int(values.max()) if not values.empty else 1
    step = max(1, -(-(high - low + 1) // 15))
    return [k - 0.5 for k in range(low, high + step + 1, step)]


def draw_targets(ax: Any, measure: str) -> None:
    """The contract's targets for ``measure`` on a histogram's axes: bands shaded, limits dashed."""
    for target in targets_for(measure):
        label = f"{target.source}: {target.words}"
        if target.low is not None and target.high is not None:
            if target.high > target.low:
                ax.axvspan(target.low, target.high, color="#2ca02c", alpha=0.15, label=label, zorder=0)
            else:
                ax.axvline(target.low, color="#2ca02c", linewidth=2, label=label)
        else:
            limit = target.high if target.high is not None else target.low
            ax.axvline(limit, color="#d62728", linestyle="--", linewidth=1.5, label=label)


def option_chart(rows: pd.DataFrame, options: Sequence[str], measures: Sequence[str] = SWEEP_MEASURES) -> Figure:
    """One row of histograms per option varied, one panel per measure, one colour per value."""
    options = list(options) or ["size"]
    # at most a screen's size (issue 42): with many options or measures the panels share it
    fig = Figure(figsize=on_screen(3.2 * len(measures), 2.9 * len(options) + 0.6), layout="constrained")
    axes = fig.subplots(len(options), len(measures), squeeze=False)
    for r, option in enumerate(options):
        by = option_values(rows, option)
        values = list(dict.fromkeys(sorted(by, key=_value_key)))
        colours = palette(len(values))
        for c, measure in enumerate(measures):
            ax = axes[r][c]
            data = [pd.to_numeric(rows.loc[by == v, measure], errors="coerce").dropna() for v in values] \
                if measure in rows.columns else []
            everything = pd.concat(data) if data and any(len(d) for d in data) else pd.Series(dtype=float)
            draw_targets(ax, measure)
            if everything.empty:
                ax.text(0.5, 0.5, f"no {measure.replace('_', ' ')} measured", ha="center", va="center",
                        transform=ax.transAxes)
            else:
                ax.hist(data, bins=_bins(everything, measure), label=[f"{option}={v}" for v in values],
                        color=colours, histtype="bar")
            if measure.endswith("_share"):
                ax.xaxis.set_major_formatter(_formatter())
            else:
                ax.xaxis.get_major_locator().set_params(integer=True)
            ax.yaxis.get_major_locator().set_params(integer=True)
            ax.set_xlabel(MEASURE_WORDS.get(measure, measure.replace("_", " ")))
            if c == 0:
                ax.set_ylabel("temples")
            ax.set_title(f"{measure.replace('_', ' ')} by {option}", fontsize=10)
            ax.legend(fontsize=7)
    fig.suptitle(f"Temple sweep: {len(rows)} temples; green = the contract's target, red dashes = its limit")
    return fig


def _value_key(value: str) -> tuple[int, Any]:
    """Seed decides first, then numbers by value, sizes small to large, then words."""
    if value == SEED_DECIDES:
        return (0, 0)
    if value in SIZES:
        return (2, SIZES.index(value))
    try:
        return (1, float(value))
    except ValueError:
        return (3, value)


def _percent_text(x: float, _pos: Any) -> str:
    return f"{x:.0%}"


def _formatter() -> Any:
    from matplotlib.ticker import FuncFormatter
    return FuncFormatter(_percent_text)



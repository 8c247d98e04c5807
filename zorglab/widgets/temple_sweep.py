"""The tuner's sweep panel: generate many temples with the tuner's options, varying one of them over
its values, and show the distributions — one histogram per value, the contract's targets beside
them (:func:`zorglab.reports.sweepcharts.option_chart`) — with min / mean / max below.

Locks are counted as the generator places them: ``locks`` on the critical path (what the option
asks for) and ``side_locks`` guarding side rewards, apart. Each sweep is numbered in its status
line, so pressing *sweep* always shows a change, even when the figures come out the same.
"""

from __future__ import annotations

import html
import statistics
from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as w
import pandas as pd

from zorglab.temples.options import ELEMENTS
from zorglab.temples.sweep import grid_plan, sweep_row

NOT_VARIED = "nothing"
OVER = {"floors": (1, 2, 3), "locks": (0, 1, 2, 3), "element": ELEMENTS}
STATISTICS = ("rooms", "critical_path", "combat_share", "locks", "side_locks", "keys", "loops", "retries",
              "solver_states")


def sweep_statistics(rows: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Count, solvable share, and min / mean / max of each sweep column."""
    summary: dict[str, Any] = {"temples": len(rows),
                               "solvable": sum(1 for r in rows if r["solvable"]) / len(rows) if rows else 0.0}
    for column in STATISTICS:
        values = [r[column] for r in rows if r.get(column) is not None]
        if values:
            summary[column] = (min(values), round(statistics.fmean(values), 3), max(values))
    return summary


def sweep_figure_png(rows: pd.DataFrame, over: str) -> bytes:
    """The histograms of a sweep by the option varied (by size when none is), with the targets, as PNG."""
    from zorglab.reports.charts import figure_png
    from zorglab.reports.sweepcharts import option_chart

    return figure_png(option_chart(rows, [over if over != NOT_VARIED else "size"]))


class SweepPanel:
    """Seeds, the option to vary, the *sweep* button; the histograms and statistics of the last sweep."""

    def __init__(self, seeds: int = 12):
        self.runs = 0
        self.rows: list[dict[str, Any]] = []
        self.stats: dict[str, Any] = {}
        self.over = w.Dropdown(options=[NOT_VARIED, *OVER], value=NOT_VARIED, description="vary",
                               style={"description_width": "40px"}, layout=w.Layout(width="170px"))
        self.seeds = w.BoundedIntText(value=seeds, min=1, max=500, description="seeds",
                                      style={"description_width": "44px"}, layout=w.Layout(width="130px"))
        self.status = w.HTML()
        self.figure = w.Image(format="png", layout=w.Layout(max_width="100%", height="auto"))
        self.table = w.HTML()
        self.widget = w.VBox([self.status, self.figure, self.table])

    def run(self, options: Mapping[str, Any], size: str, *, seeds: int | None = None) -> dict[str, Any]:
        """Sweep seeds 0..n-1 at ``size`` with ``options``, the chosen option varied over its values."""
        over = self.over.value
        count = seeds or self.seeds.value
        base = {k: v for k, v in options.items() if k != "size" and not (k == over)}
        grid = {over: OVER[over]} if over != NOT_VARIED else {}
        self.rows = [sweep_row(seed, s, opts or None) for seed, s, opts in grid_plan(count, (size,), grid, base)]
        self.stats = sweep_statistics(self.rows)
        self.runs += 1
        varied = f", {over} over {', '.join(str(v) for v in OVER[over])}" if grid else ""
        self.status.value = (f"<b>sweep {self.runs}</b>: {len(self.rows)} temples, seeds 0..{count - 1}, size "
                             f"{html.escape(size)}{html.escape(varied)} &middot; green: the contract's target, "
                             f"red dashes: its limit")
        self.figure.value = sweep_figure_png(pd.DataFrame(self.rows), over)
        cells = "".join(f"<tr><td>{html.escape(k)}</td><td>{html.escape(_fmt(v))}</td></tr>"
                        for k, v in self.stats.items())
        self.table.value = (f"<table style='font-size:12px'><tr><th>measure</th><th>min / mean / max</th></tr>"
                            f"{cells}</table><div style='font-size:11px'>locks: on the critical path (the option); "
                            f"side locks: guarding side rewards, counted apart</div>")
        return self.stats


def _fmt(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.0%}" if value <= 1 else f"{value:.3g}"
    if isinstance(value, tuple):
        return " / ".join(_fmt(v) if isinstance(v, float) and v <= 1 and v != int(v) else str(v) for v in value)
    return str(value)

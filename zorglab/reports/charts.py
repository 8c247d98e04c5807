"""Charts of the report tables: matplotlib figures built without pyplot, so no display and no
global backend is touched (figures render through the Agg canvas when saved; notebooks show them).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pandas as pd
from matplotlib.figure import Figure
from matplotlib.patches import Patch

from zorglab.temples.options import SIZES

LABEL_SIZE = 10            # points: the level ids under the difficulty chart
LABEL_ROTATION = 55
LEVEL_WIDTH = 0.36         # inches per level on the difficulty chart
PALETTE = ("#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3", "#937860", "#da8bc3", "#8c8c8c",
           "#ccb974", "#64b5cd")


def in_campaign_order(difficulty: pd.DataFrame, campaign: pd.DataFrame) -> pd.DataFrame:
    """The difficulty rows of listed levels, in campaign order, with ``order`` and ``position``."""
    merged = campaign[["contract", "order", "position", "level"]].merge(
        difficulty.drop(columns=["contract"]), on="level", how="inner")
    return merged.sort_values(["order", "position"], kind="stable").reset_index(drop=True)


def difficulty_chart(difficulty: pd.DataFrame, campaign: pd.DataFrame) -> Figure:
    """Fewest spells and search states per level, in campaign order, coloured by contract."""
    rows = in_campaign_order(difficulty, campaign)
    fig = Figure(figsize=(max(6.0, LEVEL_WIDTH * len(rows) + 2), 6.5), layout="constrained")
    top, bottom = fig.subplots(2, 1, sharex=True)
    contracts = list(dict.fromkeys(rows["contract"]))
    colours = [PALETTE[contracts.index(c) % len(PALETTE)] for c in rows["contract"]]
    x = range(len(rows))
    solved = rows["verdict"] == "solvable"
    fewest = pd.to_numeric(rows["fewest_spells"], errors="coerce").where(solved)
    top.bar(x, fewest.fillna(0), color=colours)
    top.set_ylabel("fewest spells")
    top.set_title("Difficulty in campaign order (? = not proved winnable)")
    top.yaxis.get_major_locator().set_params(integer=True)
    states = pd.to_numeric(rows["states"], errors="coerce").where(solved)
    bottom.bar(x, states.fillna(0), color=colours)
    for i in [i for i, ok in enumerate(solved) if not ok]:
        for ax in (top, bottom):
            ax.annotate("?", (i, 0), ha="center", va="bottom", color="#b02a2a", fontweight="bold")
    bottom.set_yscale("symlog")
    bottom.set_ylabel("search states to a win")
    # level ids at a readable size, slanted so neighbours never overlap (issue 13 item 12)
    bottom.set_xticks(list(x), list(rows["level"]), rotation=LABEL_ROTATION, ha="right",
                      rotation_mode="anchor", fontsize=LABEL_SIZE)
    if contracts:
        handles = [Patch(color=PALETTE[i % len(PALETTE)], label=c) for i, c in enumerate(contracts)]
        top.legend(handles=handles, fontsize=7, ncols=min(4, len(contracts)))
    return fig


def spell_chart(summary: pd.DataFrame) -> Figure:
    """Per spell type: how many the levels hold, how many are necessary, how many witnesses cast."""
    fig = Figure(figsize=(max(5.0, 0.9 * len(summary) + 2), 4.0), layout="constrained")
    ax = fig.subplots()
    width = 0.27
    for i, (measure, label) in enumerate((("present", "in levels"), ("necessary", "necessary"),
                                          ("in_witness", "cast in witnesses"))):
        ax.bar([k + (i - 1) * width for k in range(len(summary))], summary[measure], width,
               label=label, color=PALETTE[i])
    ax.set_xticks(list(range(len(summary))), list(summary["spell"]))
    ax.set_ylabel("spells")
    ax.set_title("Spell usage")
    ax.legend(fontsize=8)
    return fig


def generator_chart(temples: pd.DataFrame) -> Figure:
    """Distributions per size: rooms, critical path, solver states and retries."""
    fig = Figure(figsize=(10.0, 7.0), layout="constrained")
    axes = fig.subplots(2, 2)
    sizes = [s for s in SIZES if s in set(temples["size"])]
    for ax, measure in zip(axes.flat, ("rooms", "critical_path", "solver_states", "retries")):
        data = [pd.to_numeric(temples.loc[temples["size"] == s, measure], errors="coerce").dropna() for s in sizes]
        values = pd.concat(data) if any(len(d) for d in data) else pd.Series(dtype=float)
        if measure == "retries" and not values.empty and (values == 0).all():
            # a histogram of one bar at 0 on an axis from -1 to 1 says nothing: say it in words
            _no_histogram(ax, f"no retries:\nall {len(values)} temples placed\ntheir locks at the first try")
        elif not values.empty:
            bins = _bins(values)
            ax.hist(data, bins=bins, label=sizes, color=PALETTE[:len(sizes)])
            if isinstance(bins, list):
                ax.set_xlim(bins[0] - 0.5, bins[-1] + 0.5)
            ax.xaxis.get_major_locator().set_params(integer=True)
            ax.yaxis.get_major_locator().set_params(integer=True)
            ax.legend(fontsize=8)
            ax.set_ylabel("temples")
        else:
            _no_histogram(ax, f"no {measure.replace('_', ' ')} measured")
        ax.set_title(measure.replace("_", " "))
    fig.suptitle(f"Temple generator: {len(temples)} temples")
    return fig


def _no_histogram(ax: Any, words: str) -> None:
    ax.text(0.5, 0.5, words, ha="center", va="center", fontsize=12, transform=ax.transAxes)
    ax.set_xticks([])
    ax.set_yticks([])


def _bins(values: pd.Series) -> list[float] | int:
    """One bin per whole number over a small range (retries, states), else 15 bins."""
    low, high = int(values.min()), int(values.max())
    return [k - 0.5 for k in range(low, high + 2)] if high - low <= 30 else 15


def save_figure(fig: Figure, path: str | Path) -> Path:
    """Write a figure as PNG through the Agg canvas."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    FigureCanvasAgg(fig)
    fig.savefig(path, format="png", dpi=100)
    return Path(path)

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

LABEL_SIZE = 10            # points: the level ids beside the difficulty chart
LEVEL_HEIGHT = 0.24        # inches per level on the difficulty chart (levels run down the page)
CHART_WIDTH = 10.0         # inches: 1,000 px at the report's 100 dpi, read without scaling


def palette(n: int) -> list[str]:
    """``n`` distinct colours from matplotlib's qualitative maps (tab10, then tab20 beyond ten)."""
    from matplotlib import colormaps
    from matplotlib.colors import to_hex

    colours = [to_hex(c) for c in getattr(colormaps["tab10"], "colors")]     # a ListedColormap's own list
    if n > len(colours):
        colours = [to_hex(c) for c in getattr(colormaps["tab20"], "colors")]
    return [colours[i % len(colours)] for i in range(max(n, 1))]


PALETTE = tuple(palette(10))


def in_campaign_order(difficulty: pd.DataFrame, campaign: pd.DataFrame) -> pd.DataFrame:
    """The difficulty rows of listed levels, in campaign order, with ``order`` and ``position``."""
    merged = campaign[["contract", "order", "position", "level"]].merge(
        difficulty.drop(columns=["contract"]), on="level", how="inner")
    return merged.sort_values(["order", "position"], kind="stable").reset_index(drop=True)


def difficulty_chart(difficulty: pd.DataFrame, campaign: pd.DataFrame) -> Figure:
    """Fewest spells and search states per level, in campaign order down the page, coloured by contract.

    Levels run down the y axis, one 10-point id per row, so a pack of any size reads at full size
    (a wide chart squeezed into a page or a notebook cell could not be read)."""
    rows = in_campaign_order(difficulty, campaign)
    fig = Figure(figsize=(CHART_WIDTH, max(3.0, LEVEL_HEIGHT * len(rows) + 1.6)), layout="constrained")
    left, right = fig.subplots(1, 2, sharey=True)
    contracts = [str(c) for c in dict.fromkeys(rows["contract"])]
    colours_of = dict(zip(contracts, palette(len(contracts))))
    colours = [colours_of[str(c)] for c in rows["contract"]]
    y = list(range(len(rows)))
    solved = rows["verdict"] == "solvable"
    fewest = pd.to_numeric(rows["fewest_spells"], errors="coerce").where(solved)
    left.barh(y, fewest.fillna(0), color=colours)
    left.set_xlabel("fewest spells to win")
    left.xaxis.get_major_locator().set_params(integer=True)
    states = pd.to_numeric(rows["states"], errors="coerce").where(solved)
    right.barh(y, states.fillna(0), color=colours)
    right.set_xscale("symlog")
    right.set_xlabel("search states to a win (log)")
    for i in [i for i, ok in enumerate(solved) if not ok]:
        for ax in (left, right):
            ax.annotate("?", (0, i), ha="left", va="center", color="#b02a2a", fontweight="bold")
    left.set_yticks(y, list(rows["level"]), fontsize=LABEL_SIZE)
    left.set_ylim(len(rows) - 0.5, -0.5)            # the campaign reads top to bottom
    for ax in (left, right):
        ax.tick_params(axis="x", top=True, labeltop=True)      # a tall chart reads its scale at both ends
        ax.grid(axis="x", color="#dddddd")
        ax.set_axisbelow(True)
    title = "Difficulty in campaign order (? = not proved winnable)"
    if contracts:       # at the top, where a tall chart is opened: the legend carries the title (issue 42)
        handles = [Patch(color=colours_of[c], label=c) for c in contracts]
        fig.legend(handles=handles, fontsize=9, loc="outside upper center", ncols=min(8, len(contracts)),
                   title=f"{title}; colour: contract", title_fontsize=11)
    else:
        fig.suptitle(title)
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
        ax.set_xlabel(MEASURE_WORDS.get(measure, measure.replace("_", " ")))
    fig.suptitle(f"Temple generator: {len(temples)} temples")
    return fig


MEASURE_WORDS = {"rooms": "rooms in the temple", "critical_path": "rooms on the critical path",
                 "solver_states": "solver states to prove it", "retries": "sub-seed retries",
                 "locks": "locks on the critical path", "side_locks": "locks off the critical path",
                 "rooms_per_floor": "rooms per floor",
                 "combat_share": "share of fight rooms", "loops": "loops added", "keys": "small keys",
                 "floors": "floors"}


def _no_histogram(ax: Any, words: str) -> None:
    ax.text(0.5, 0.5, words, ha="center", va="center", fontsize=12, transform=ax.transAxes)
    ax.set_xticks([])
    ax.set_yticks([])


def _bins(values: pd.Series) -> list[float] | int:
    """One bin per whole number over a small range (retries, states), else 15 bins."""
    low, high = int(values.min()), int(values.max())
    return [k - 0.5 for k in range(low, high + 2)] if high - low <= 30 else 15


def figure_png(fig: Figure) -> bytes:
    """A figure as PNG bytes through the Agg canvas (no metadata that changes between runs)."""
    import io

    from matplotlib.backends.backend_agg import FigureCanvasAgg

    FigureCanvasAgg(fig)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100, metadata={"Software": None})
    return buffer.getvalue()


def save_figure(fig: Figure, path: str | Path) -> Path:
    """Write a figure as PNG through the Agg canvas."""
    Path(path).write_bytes(figure_png(fig))
    return Path(path)

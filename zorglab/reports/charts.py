"""Charts of the report tables: matplotlib figures built without pyplot, so no display and no
global backend is touched (figures render through the Agg canvas when saved; notebooks show them).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable, Mapping

import pandas as pd
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch

from zorglab.reports.difficulty import difficulty_key
from zorglab.temples.options import SIZES

CHART_WIDTH = 10.0         # inches: 1,000 px at the report's 100 dpi, read without scaling
# The difficulty chart's size in inches: 1,150 x 640 px at 100 dpi, inside a 1366 x 768 screen with
# the page's margins (every chart of the report fits one, issue 42)
SCREEN_CHART = (11.5, 6.4)
# The largest any chart of the report is drawn, in inches at 100 dpi: 1,150 x 700 px, inside a
# 1366 x 768 screen with the page's margins (spells, generator, sweep charts: :func:`on_screen`)
SCREEN_MAX = (11.5, 7.0)


def on_screen(width: float, height: float) -> tuple[float, float]:
    """A chart's size in inches, capped at :data:`SCREEN_MAX` (its panels share what fits)."""
    return min(width, SCREEN_MAX[0]), min(height, SCREEN_MAX[1])


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


def difficulty_chart(difficulty: pd.DataFrame, campaign: pd.DataFrame, bands: Mapping[str, Any] | None = None,
                     named: Iterable[str] = ()) -> Figure:
    """Difficulty steps and search states of every level, one dot per level in campaign order across
    the page, coloured by contract, each contract's target band shaded behind its levels.

    The chart fits a 1366 x 768 screen whatever the pack's size (:data:`SCREEN_CHART`, issue 42: one
    row per level made the pack of 130 levels 3,300 px tall, its legend out of sight): its legend and
    title at the top, the levels ``named`` (the outliers) and those not proved winnable labelled by
    id; every level's figures are in the table below it and on its page."""
    rows = in_campaign_order(difficulty, campaign)
    bands = bands or {}
    width, height = SCREEN_CHART
    fig = Figure(figsize=(width, height), layout="constrained")
    top, bottom = fig.subplots(2, 1, sharex=True, height_ratios=(2, 3))
    contracts = [str(c) for c in dict.fromkeys(rows["contract"].astype(str))]
    colours_of = dict(zip(contracts, palette(len(contracts))))
    solved = rows["verdict"] == "solvable"
    keys = [difficulty_key(r) if ok else None for ok, (_, r) in zip(solved, rows.iterrows())]
    x = list(range(len(rows)))
    contract_of = rows["contract"].astype(str).tolist()
    for k, name in enumerate(contracts):           # each contract's span, parted by a line, its band drawn
        span = [i for i in x if contract_of[i] == name]
        low, high = min(span) - 0.5, max(span) + 0.5
        for ax, measure in ((top, "difficulty"), (bottom, "states")):
            if k:
                ax.axvline(low, color="#bbbbbb", lw=0.8, zorder=0)
            band = getattr(bands.get(name), measure, None)
            if band is not None:
                ax.fill_between([low, high], band[0], band[1], color=colours_of[name], alpha=0.16, lw=0, zorder=1)
    steps = [k[0] if k else None for k in keys]
    states = [k[1] if k else None for k in keys]
    for ax, values in ((top, steps), (bottom, states)):
        shown = [i for i in x if values[i] is not None]
        ax.scatter(shown, [values[i] for i in shown], s=16, c=[colours_of[contract_of[i]] for i in shown],
                   zorder=3, linewidths=0)
    named = set(str(n) for n in named)
    marked = [i for i in x if str(rows.at[i, "level"]) in named and keys[i] is not None]
    for ax, values in ((top, steps), (bottom, states)):
        ax.scatter(marked, [values[i] for i in marked], s=70, facecolors="none", edgecolors="#b02a2a",
                   linewidths=1.2, zorder=4)
    for i in marked:
        bottom.annotate(str(rows.at[i, "level"]), (i, states[i]), xytext=(4, 5), textcoords="offset points",
                        fontsize=8, color="#b02a2a", zorder=5)
    for i in [i for i in x if keys[i] is None]:
        for ax in (top, bottom):
            ax.annotate("?", (i, 0), xycoords=("data", "axes fraction"), xytext=(0, 3), textcoords="offset points",
                        ha="center", va="bottom", color="#b02a2a", fontweight="bold")
        bottom.annotate(str(rows.at[i, "level"]), (i, 0), xycoords=("data", "axes fraction"), xytext=(0, 16),
                        textcoords="offset points", ha="center", fontsize=7, color="#b02a2a", rotation=90)
    top.set_ylabel("difficulty steps\n(spells + build)")
    top.yaxis.get_major_locator().set_params(integer=True)
    bottom.set_yscale("symlog", linthresh=10)
    bottom.set_ylabel("search states (log)")
    starts = [x[contract_of.index(name)] for name in contracts]
    bottom.set_xticks(starts, [f"{i + 1}\n{rows.at[i, 'level']}" for i in starts], fontsize=8)
    bottom.set_xlabel("levels in campaign order (each contract's first level marked)")
    bottom.set_xlim(-0.5, max(len(rows), 1) - 0.5)
    for ax in (top, bottom):
        ax.grid(axis="y", color="#dddddd")
        ax.set_axisbelow(True)
    title = "Difficulty in campaign order (? = not proved winnable)"
    handles: list[Any] = [Patch(color=colours_of[c], label=c) for c in contracts]
    if bands:
        handles.append(Patch(color="#888888", alpha=0.3, label="target band"))
    if marked:
        handles.append(Line2D([], [], marker="o", ls="", markerfacecolor="none", markeredgecolor="#b02a2a",
                              label="outside its band"))
    fig.legend(handles=handles, fontsize=8, loc="outside upper center", ncols=min(7, max(len(handles), 1)),
               title=f"{title}; colour: contract", title_fontsize=10)
    return fig


def spell_chart(summary: pd.DataFrame) -> Figure:
    """Per spell type: how many the levels hold, how many are necessary, how many witnesses cast."""
    fig = Figure(figsize=on_screen(max(5.0, 0.9 * len(summary) + 2), 4.0), layout="constrained")
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
    fig = Figure(figsize=on_screen(10.0, 7.0), layout="constrained")
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

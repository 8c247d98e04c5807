"""Outliers: levels far from their own contract, by search states and by the share of layouts that win
(issue 42: "too hard or too easy" was judged only against the level before; tre-01 ranked easy though
1 of its 12 layouts wins).

Each contract's band is read off its own levels, so no figure is typed by hand: the median of the
solved levels' search states and of their *layout-win share* (``winning_layouts / layouts_tried``,
a level where few builds win is hard to build whatever its casts). A level is flagged when

- its states are more than ``STATES_FACTOR`` times the contract's median (``hard``) or less than
  its median over ``STATES_FACTOR`` (``easy``), or
- its share of winning layouts is under the contract's median share over ``SHARE_FACTOR``, with
  more than one layout tried and at least one counted as winning (``hard to build``).

Contracts of fewer than ``MIN_LEVELS`` solved levels have no band. One row per flag, in campaign order.
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from zorglab.reports.charts import in_campaign_order

STATES_FACTOR = 4.0
SHARE_FACTOR = 3.0
MIN_LEVELS = 4
OUTLIER_COLUMNS = ("contract", "level", "flag", "measure", "value", "contract_median", "message")


def layout_share(row: Any) -> float | None:
    """``winning_layouts / layouts_tried`` of a row (None when not counted or nothing was tried)."""
    won, tried = pd.to_numeric(row.get("winning_layouts"), errors="coerce"), \
        pd.to_numeric(row.get("layouts_tried"), errors="coerce")
    if pd.isna(won) or pd.isna(tried) or tried <= 0:
        return None
    return float(won) / float(tried)


def outliers(difficulty: pd.DataFrame, campaign: pd.DataFrame) -> pd.DataFrame:
    """Every level far from its contract's median states or layout-win share (see the module)."""
    rows = in_campaign_order(difficulty, campaign)
    out: list[dict[str, Any]] = []
    for contract in dict.fromkeys(rows["contract"].astype(str)):
        mine = rows[(rows["contract"].astype(str) == contract) & (rows["verdict"] == "solvable")]
        states = pd.to_numeric(mine["states"], errors="coerce").dropna()
        if len(states) < MIN_LEVELS:
            continue
        median = float(states.median())
        shares = [s for s in (layout_share(r) for _, r in mine.iterrows()) if s is not None]
        share_median = float(pd.Series(shares).median()) if len(shares) >= MIN_LEVELS else None
        for _, row in mine.iterrows():
            level, value = str(row["level"]), pd.to_numeric(row["states"], errors="coerce")
            if not pd.isna(value) and median > 0:
                if value > STATES_FACTOR * median:
                    out.append(_row(contract, level, "hard", "states", int(value), median,
                                    f"{level}: {int(value)} search states, over {STATES_FACTOR:g}x the median "
                                    f"{median:g} of contract {contract!r}"))
                elif value * STATES_FACTOR < median:
                    out.append(_row(contract, level, "easy", "states", int(value), median,
                                    f"{level}: {int(value)} search states, under 1/{STATES_FACTOR:g} of the median "
                                    f"{median:g} of contract {contract!r}"))
            share = layout_share(row)
            tried = pd.to_numeric(row.get("layouts_tried"), errors="coerce")
            if share and share_median is not None and tried > 1 and share * SHARE_FACTOR < share_median:
                won = int(pd.to_numeric(row["winning_layouts"]))
                out.append(_row(contract, level, "hard to build", "layout_share", round(share, 3), share_median,
                                f"{level}: {won} of {int(tried)} layouts win ({share:.0%}), under 1/{SHARE_FACTOR:g} "
                                f"of the median share {share_median:.0%} of contract {contract!r}"))
    return pd.DataFrame(out, columns=list(OUTLIER_COLUMNS))


def _row(contract: str, level: str, flag: str, measure: str, value: float, median: float,
         message: str) -> dict[str, Any]:
    return {"contract": contract, "level": level, "flag": flag, "measure": measure, "value": value,
            "contract_median": round(median, 3), "message": message}


__all__ = ["OUTLIER_COLUMNS", "layout_share", "outliers"]

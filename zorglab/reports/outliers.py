"""Outliers: levels outside their contract's target band (issue 42: "too hard or too easy" was judged
only against the level before; tre-01 ranked easy though 1 of its 12 layouts wins).

The band is typed by the designer in ``contracts.toml`` (``band = { difficulty = [0, 2], states =
[5, 150], layout_share = [0.2, 1.0] }``, :mod:`zorglab.level.bands`), never read off the levels it
judges. Each solved level of a contract with a band is judged on every measure the band names:

- ``difficulty`` -- its difficulty steps (fewest spells + build steps,
  :func:`zorglab.reports.difficulty.difficulty_key`): above the band ``hard``, below ``easy``;
- ``states`` -- its reference search states: above ``hard``, below ``easy``;
- ``layout_share`` -- ``winning_layouts / layouts_tried`` (how many of the builds the player may make
  win), when counted and at least one found winning: below ``hard to build``, above ``easy to build``.

One row per flag, in campaign order. A level not proved winnable has no figures to judge (the
campaign check reports it); a contract without a band is not judged (:func:`band_table` says so).
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

import pandas as pd

from zorglab.level.bands import BAND_KEYS, Band
from zorglab.level.contracts import ContractEntry
from zorglab.reports.charts import in_campaign_order
from zorglab.reports.difficulty import difficulty_key, layout_share

OUTLIER_COLUMNS = ("contract", "level", "flag", "measure", "value", "band", "message")
BAND_COLUMNS = ("contract", "levels", *BAND_KEYS, "outliers")
FLAGS = {"difficulty": ("easy", "hard"), "states": ("easy", "hard"),
         "layout_share": ("hard to build", "easy to build")}


def contract_bands(contracts: Iterable[ContractEntry]) -> dict[str, Band]:
    """Each contract's typed band by contract name (contracts without one are left out)."""
    return {c.name: c.band for c in contracts if c.band is not None}


def measures(row: Any) -> dict[str, float]:
    """The figures a band judges of a solved row: difficulty steps, states, layout share (when counted)."""
    key = difficulty_key(row)
    if key is None:
        return {}
    out: dict[str, float] = {"difficulty": key[0], "states": key[1]}
    share = layout_share(row)
    if share:       # none counted winning: the survey stopped before the reference layout (not a share)
        out["layout_share"] = share
    return out


def _words(measure: str, value: float, row: Any) -> str:
    if measure == "layout_share":
        return f"{int(row['winning_layouts'])} of {int(row['layouts_tried'])} layouts win ({value:.0%})"
    if measure == "difficulty":
        return f"{value:g} difficulty step{'s' * (value != 1)}"
    return f"{value:g} search states"


def outliers(difficulty: pd.DataFrame, campaign: pd.DataFrame,
             bands: Mapping[str, Band] | None = None) -> pd.DataFrame:
    """Every solved level outside its contract's band, one row per measure out (see the module)."""
    bands = bands or {}
    out: list[dict[str, Any]] = []
    for _, row in in_campaign_order(difficulty, campaign).iterrows():
        contract, level = str(row["contract"]), str(row["level"])
        band = bands.get(contract)
        if band is None:
            continue
        figures = measures(row)
        for measure, (low, high) in band.ranges().items():
            value = figures.get(measure)
            if value is None or low <= value <= high:
                continue
            side = 0 if value < low else 1
            flag = FLAGS[measure][side]
            shown = round(value, 3) if measure == "layout_share" else value
            out.append({"contract": contract, "level": level, "flag": flag, "measure": measure, "value": shown,
                        "band": band.words(measure),
                        "message": f"{level}: {_words(measure, value, row)}, {('under', 'over')[side]} the band "
                                   f"{band.words(measure)} of contract {contract!r}"})
    frame = pd.DataFrame(out, columns=list(OUTLIER_COLUMNS))
    # states and steps stay whole numbers beside the shares (one float column would write 122.0)
    frame["value"] = pd.Series([r["value"] for r in out], dtype=object)
    return frame


def band_table(campaign: pd.DataFrame, bands: Mapping[str, Band] | None, found: pd.DataFrame) -> pd.DataFrame:
    """One row per contract of the campaign: its levels, its band's ranges (``none`` when it has no band)
    and how many levels are out of it."""
    bands = bands or {}
    rows = []
    for contract in dict.fromkeys(campaign.sort_values(["order", "position"], kind="stable")["contract"].astype(str)):
        band = bands.get(contract)
        levels = int((campaign["contract"].astype(str) == contract).sum())
        row: dict[str, Any] = {"contract": contract, "levels": levels}
        for key in BAND_KEYS:
            row[key] = (band.words(key) or "any") if band is not None else "no band"
        row["outliers"] = (int(found.loc[found["contract"].astype(str) == contract, "level"].nunique())
                           if band is not None else None)
        rows.append(row)
    return pd.DataFrame(rows, columns=list(BAND_COLUMNS))


__all__ = ["BAND_COLUMNS", "OUTLIER_COLUMNS", "band_table", "contract_bands", "measures",
           "outliers"]

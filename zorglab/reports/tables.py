"""Tidy report tables: proper dtypes in memory, one flat CSV form on disk, and the way back.

In memory a list column holds Python lists (``row["spell_types"] == ["Attack", "Fire"]``), counts
are nullable integers, text columns are strings (an empty ``error`` is ``""``, never NaN) and
``contract`` is an ordered category in campaign order once :func:`in_campaign_order` has seen
the campaign. On disk (:func:`write_csv`) a list is joined by its separator — a space, or
``"; "`` for the witness, whose casts hold spaces — and :func:`read_csv` restores every dtype, so
an empty text column reads back as text, not as ``float64``.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any, Iterable, Mapping

import pandas as pd

# list columns and how their items are joined in a CSV cell
LIST_SEPARATORS: dict[str, str] = {
    "room_types": " ", "hero_types": " ", "spell_types": " ", "spell_list": " ", "witness": "; ",
    "witness_spells": " ", "necessary": " ", "necessary_spells": " ", "forced_ticks": " ",
}
INT_COLUMNS = ("rooms", "heroes", "spells", "worlds", "constraints", "bonuses", "solution", "states",
               "fewest_spells", "necessary_unknown", "winning_cast_lists", "explored_states", "forced_points",
               "winning_layouts", "layouts_tried",
               # temples and their sweeps
               "floors", "rows", "cols", "critical_path", "locks", "critical_locks", "side_locks", "keys", "loops",
               "retries", "solver_states", "violations", "temples", "present", "in_witness", "levels", "cost",
               "order", "position", "asked_floors", "asked_locks")
BOOL_COLUMNS = ("cast_lists_capped", "explore_complete", "layouts_complete", "cut_short", "solvable", "gate")
TEXT_COLUMNS = ("level", "title", "file", "verdict", "error", "failure", "failure_detail", "size", "spell",
                "rule", "other", "message", "measure", "theme", "element", "asked_element")


def as_list(value: Any, separator: str = " ") -> list[str]:
    """A list cell from whatever holds it: a list, a joined string, or a missing value (``[]``)."""
    if isinstance(value, (list, tuple)):
        return [str(v) for v in value]
    if isinstance(value, str):
        return [part.strip() for part in value.split(separator.strip() or None) if part.strip()] \
            if separator.strip() else value.split()
    return []


def list_columns(frame: pd.DataFrame) -> dict[str, str]:
    """The list columns of a table: those of the difficulty table (``spell_usage`` counts ``necessary``)."""
    return LIST_SEPARATORS if "spell_list" in frame.columns else {}


def tidy(frame: pd.DataFrame) -> pd.DataFrame:
    """The same table with proper dtypes: lists as lists, nullable integers and booleans, text as text."""
    frame = frame.copy()
    lists = list_columns(frame)
    for column in frame.columns:
        if column in lists:
            frame[column] = pd.Series([as_list(v, LIST_SEPARATORS[column]) for v in frame[column]],
                                      index=frame.index, dtype=object)
        elif column in INT_COLUMNS or (column == "necessary" and not lists):
            frame[column] = pd.to_numeric(frame[column], errors="coerce").astype("Int64")
        elif column in BOOL_COLUMNS:
            frame[column] = frame[column].map(_bool).astype("boolean")
        elif column in TEXT_COLUMNS or column == "contract":
            if not isinstance(frame[column].dtype, pd.CategoricalDtype):
                frame[column] = frame[column].map(lambda v: "" if _missing(v) else str(v)).astype("string")
    return frame


def _missing(value: Any) -> bool:
    return value is None or value is pd.NA or (isinstance(value, float) and value != value)


def _bool(value: Any) -> Any:
    if _missing(value) or value == "":
        return pd.NA
    if isinstance(value, str):
        return value.strip().lower() in ("true", "1", "yes")
    return bool(value)


def contract_order(campaign: pd.DataFrame, extra: Iterable[str] = ()) -> pd.CategoricalDtype:
    """Contracts in campaign order (``order``), then any others met (``extra``), as an ordered category."""
    listed = list(dict.fromkeys(campaign.sort_values("order", kind="stable")["contract"].astype(str)))
    others = sorted({str(c) for c in extra if not _missing(c)} - set(listed))
    return pd.CategoricalDtype(listed + others, ordered=True)


def with_contract_order(frame: pd.DataFrame, campaign: pd.DataFrame) -> pd.DataFrame:
    """``frame`` with ``contract`` an ordered category in campaign order (a level in no contract: ``""``)."""
    if "contract" not in frame.columns:
        return frame
    contracts = frame["contract"].astype(object).map(lambda v: "" if _missing(v) else str(v))
    dtype = contract_order(campaign, contracts)
    return frame.assign(contract=pd.Categorical(contracts, dtype=dtype))


def flat(frame: pd.DataFrame) -> pd.DataFrame:
    """The table as written to CSV: every list joined by its separator."""
    frame = frame.copy()
    for column in frame.columns:
        if frame[column].dtype == object and frame[column].map(lambda v: isinstance(v, (list, tuple))).any():
            sep = LIST_SEPARATORS.get(column, " ")
            frame[column] = frame[column].map(lambda v: sep.join(as_list(v, sep)) if isinstance(v, (list, tuple))
                                              else ("" if _missing(v) else v))
        elif isinstance(frame[column].dtype, pd.CategoricalDtype):
            frame[column] = frame[column].astype(object)
    return frame


def csv_text(frame: pd.DataFrame) -> str:
    """The one CSV form of a report table (``\\n`` line ends, lists joined): what every writer writes."""
    buffer = io.StringIO()
    flat(frame).to_csv(buffer, index=False, lineterminator="\n")
    return buffer.getvalue()


def write_csv(frame: pd.DataFrame, path: str | Path | None = None) -> str:
    """Write ``frame`` as CSV to ``path`` (``None``: return the text only); the text written."""
    text = csv_text(frame)
    if path is not None:
        Path(path).write_text(text, encoding="utf-8")
    return text


def read_csv(path: str | Path | io.StringIO, dtypes: Mapping[str, str] | None = None) -> pd.DataFrame:
    """A table written by :func:`write_csv`, read back with its dtypes (lists, integers, text)."""
    frame = pd.read_csv(path, dtype=str, keep_default_na=False)
    lists = list_columns(frame)
    frame = frame.replace("", pd.NA)
    for column in frame.columns:
        if column in TEXT_COLUMNS or column == "contract" or column in lists:
            frame[column] = frame[column].fillna("")
    frame = tidy(frame)
    for column in frame.columns:
        plain = frame[column].dtype == object or pd.api.types.is_string_dtype(frame[column].dtype)
        if plain and column not in lists and column not in TEXT_COLUMNS and column not in (dtypes or {}) \
                and column != "contract":
            numbers = pd.to_numeric(frame[column], errors="coerce")
            if numbers.notna().sum() == frame[column].notna().sum():
                frame[column] = numbers
    for column, dtype in (dtypes or {}).items():
        frame[column] = frame[column].astype(dtype)
    return frame

"""Spell usage: which spell types the levels hand out, which the search proves necessary, and
which its fewest-spells witnesses actually cast — per level, per spell type and per contract.

All three count spells, not levels: a level with two ``Attack`` spells, both necessary, adds 2
to ``present`` and 2 to ``necessary``. A spell applied under ``Selection`` counts as cast.
"""

from __future__ import annotations

from collections import Counter

import pandas as pd

from zorglab.reports.tables import as_list

USAGE_COLUMNS = ("level", "contract", "spell", "present", "necessary", "in_witness")
SUMMARY_MEASURES = ("present", "necessary", "in_witness")


def _counts(text: object) -> Counter[str]:
    return Counter(as_list(text))


def spell_usage(difficulty: pd.DataFrame) -> pd.DataFrame:
    """One row per (level, spell type) the level has, from the difficulty table's
    ``spell_list``, ``necessary_spells`` and ``witness_spells`` columns."""
    rows = []
    for _, row in difficulty.iterrows():
        present = _counts(row["spell_list"])
        necessary, witness = _counts(row["necessary_spells"]), _counts(row["witness_spells"])
        for spell in sorted(set(present) | set(witness)):
            rows.append({"level": row["level"], "contract": row["contract"] or "", "spell": spell,
                         "present": present[spell], "necessary": necessary[spell], "in_witness": witness[spell]})
    frame = pd.DataFrame(rows, columns=list(USAGE_COLUMNS))
    if isinstance(difficulty["contract"].dtype, pd.CategoricalDtype):      # campaign order, kept
        frame["contract"] = frame["contract"].astype(difficulty["contract"].dtype)
    return frame.sort_values(["level", "spell"], kind="stable").reset_index(drop=True)


def spell_summary(usage: pd.DataFrame, by: str = "spell") -> pd.DataFrame:
    """Totals per spell type (``by="spell"``) or per contract and spell type (``by="contract"``).

    Adds ``levels`` (levels having the type) and ``necessary_share`` (necessary / present).
    """
    if by not in ("spell", "contract"):
        raise ValueError(f"by={by!r}: summarise by 'spell' or 'contract'")
    keys = ["spell"] if by == "spell" else ["contract", "spell"]
    grouped = usage.groupby(keys, sort=True, observed=True)
    frame = grouped[list(SUMMARY_MEASURES)].sum()
    frame.insert(0, "levels", grouped["level"].nunique())
    frame["necessary_share"] = (frame["necessary"] / frame["present"].where(frame["present"] > 0)).round(3)
    return frame.reset_index()

"""Spell usage per level, per spell type and per contract, from a difficulty table."""

from __future__ import annotations

import pandas as pd
import pytest

from zorglab.reports import spell_summary, spell_usage


def difficulty(*rows: tuple) -> pd.DataFrame:
    columns = ("level", "contract", "spell_list", "necessary_spells", "witness_spells")
    return pd.DataFrame([dict(zip(columns, r)) for r in rows])


TABLE = difficulty(
    ("a-1", "a", "Attack Attack Sleep", "Attack Attack", "Attack Attack"),
    ("a-2", "a", "Attack Teleport", "", "Teleport"),
    ("b-1", "b", "Sleep", "Sleep", "Sleep"),
    ("b-2", "b", "", "", ""),
)


def test_usage_counts_spells_not_levels():
    usage = spell_usage(TABLE)
    assert list(usage.columns) == ["level", "contract", "spell", "present", "necessary", "in_witness"]
    a1 = usage[usage["level"] == "a-1"].set_index("spell")
    assert a1.loc["Attack", ["present", "necessary", "in_witness"]].tolist() == [2, 2, 2]
    assert a1.loc["Sleep", ["present", "necessary", "in_witness"]].tolist() == [1, 0, 0]
    assert "b-2" not in set(usage["level"])          # a level without spells has no row


def test_summary_per_spell_and_per_contract():
    usage = spell_usage(TABLE)
    by_spell = spell_summary(usage).set_index("spell")
    assert by_spell.loc["Attack", ["levels", "present", "necessary", "in_witness"]].tolist() == [2, 3, 2, 2]
    assert by_spell.loc["Sleep", "necessary_share"] == 0.5
    by_contract = spell_summary(usage, "contract").set_index(["contract", "spell"])
    assert by_contract.loc[("a", "Teleport"), ["present", "necessary", "in_witness"]].tolist() == [1, 0, 1]
    assert by_contract.loc[("b", "Sleep"), "necessary_share"] == 1.0
    with pytest.raises(ValueError, match="by='level'"):
        spell_summary(usage, "level")


def test_usage_on_the_fixture_pack(campaign):
    from zorglab.reports import QUICK, level_difficulty
    usage = spell_usage(level_difficulty([campaign.levels["fx-01"]], QUICK)).set_index("spell")
    assert usage.loc["Attack", ["present", "necessary", "in_witness"]].tolist() == [1, 1, 1]
    assert usage.loc["Sleep", ["present", "necessary", "in_witness"]].tolist() == [1, 0, 0]

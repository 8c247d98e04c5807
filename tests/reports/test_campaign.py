"""The campaign check flags planted violations, in words, and nothing on a clean campaign."""

from __future__ import annotations

import pandas as pd
from hypothesis import given, strategies as st

from zorglab.level.contracts import ContractEntry
from zorglab.reports import campaign_check, campaign_table
from zorglab.reports.campaign import VIOLATION_COLUMNS, easier

CONTRACTS = (ContractEntry("one", "One", 0, 1, ("l1", "l2", "l3")), ContractEntry("two", "Two", 3, 2, ("l4",)),
             ContractEntry("later", "Later", 9, 3, ()))


def level(name: str, fewest: int | None, states: int, rooms: str = "A D Z", heroes: str = "Warrior",
          spells: str = "Attack", verdict: str = "solvable") -> dict:
    return {"level": name, "contract": "", "verdict": verdict, "fewest_spells": fewest, "states": states,
            "room_types": rooms, "hero_types": heroes, "spell_types": spells, "error": ""}


def clean() -> list[dict]:
    return [level("l1", 0, 10, rooms="A D Z", spells=""), level("l2", 1, 20), level("l3", 1, 50, rooms="A D E Z"),
            level("l4", 2, 30, rooms="A D E Z", heroes="Elf Warrior")]


def check(rows: list[dict]) -> pd.DataFrame:
    return campaign_check(pd.DataFrame(rows), campaign_table(CONTRACTS))


def test_campaign_order_table():
    table = campaign_table(CONTRACTS)
    assert list(table["level"]) == ["l1", "l2", "l3", "l4"]
    assert list(table["position"]) == [1, 2, 3, 1]


def test_a_clean_campaign_has_no_violation():
    result = check(clean())
    assert tuple(result.columns) == VIOLATION_COLUMNS and result.empty


def test_a_level_easier_than_the_one_before_is_flagged():
    rows = clean()
    rows[2] = level("l3", 0, 50, rooms="A D E Z")        # needs fewer spells than l2
    result = check(rows)
    assert result[["rule", "level", "other"]].values.tolist() == [["difficulty", "l3", "l2"]]
    assert "l3 (0 spells, 50 states) is easier than l2 before it (1 spell, 20 states)" in result["message"][0]


def test_difficulty_compares_across_a_level_of_unknown_difficulty():
    rows = clean()
    rows[1] = level("l2", None, 999, verdict="unknown")
    rows[2] = level("l3", 0, 50, rooms="A D E Z", spells="")
    result = check(rows)
    assert result["rule"].tolist() == ["winnable"]      # l3 (0, 50) vs l1 (0, 10): not easier
    assert "no win found within the search budget" in result["message"][0]


def test_search_states_within_a_factor_two_are_too_close_to_call():
    assert not easier((1, 11), (1, 20)) and easier((1, 9), (1, 20)) and easier((0, 500), (1, 1))


@given(a=st.tuples(st.integers(0, 5), st.integers(0, 10_000)), b=st.tuples(st.integers(0, 5), st.integers(0, 10_000)))
def test_easier_is_never_both_ways(a, b):
    assert not (easier(a, b) and easier(b, a))
    assert not easier(a, a)


def test_two_new_mechanics_in_one_level_are_flagged():
    rows = clean()
    rows[3] = level("l4", 2, 30, rooms="A D E T Z", heroes="Elf Warrior")
    result = check(rows)
    assert result[["rule", "level", "other"]].values.tolist() == [["mechanic", "l4", "room T, hero Elf"]]
    assert result["message"][0] == "l4 introduces room T, hero Elf together: each should first appear alone"


def test_a_mechanic_already_met_is_not_new_again():
    rows = clean()
    rows[3] = level("l4", 2, 30, rooms="A D E Z", heroes="Elf Warrior", spells="Attack")
    assert check(rows).empty


def test_listing_faults_and_unwinnable_levels():
    rows = clean()
    rows[1] = level("l2", None, 40, verdict="unsolvable")
    rows.append(level("stray", 1, 5))
    del rows[3]
    result = check(rows)
    assert result[["rule", "level"]].values.tolist() == [["winnable", "l2"], ["listed", "l4"], ["listed", "stray"]]
    assert "cannot be won" in result["message"][0]
    assert "contract 'two' lists l4, but no level file has that id" == result["message"][1]
    assert "stray is in no contract" in result["message"][2]

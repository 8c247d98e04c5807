"""The proposed contracts of the pack (issue 17): every level was proposed, then reviewed.

Each replays to its outcomes, says how it was made, is no near-copy of any other pack level,
meets its contract's brief (re-checked from the file), and its contract passes the campaign check
(difficulty never drops, no new mechanic). A proposed level revised by hand after a ruling
(``REVISED_BY_HAND``) is no proposal any more: it is neither reproduced from its seed and draft nor
held to the brief, but still teaches its contract's idea, passes review and the campaign check.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from zorglab.level import level_files, load_level
from zorglab.level.contracts import read_contracts
from zorglab.propose.pack import PACK_BRIEFS, REVISED_BY_HAND, review
from zorglab.reports.budget import Budget
from zorglab.reports.campaign import campaign_check, campaign_table
from zorglab.reports.difficulty import DIFFICULTY_COLUMNS, reference_setup, search_columns, static_columns

from test_propose import recheck  # noqa: E402  (tests/propose is on the path via conftest)

LEVELS = Path(__file__).resolve().parents[2] / "levels"
PACK = {level.id: level for level in (load_level(p) for p in sorted(level_files([LEVELS])))}
CONTRACTS = read_contracts(LEVELS / "contracts.toml")[0].contracts
BRIEFS = {pb.contract: pb for pb in PACK_BRIEFS}
GROWN = [(pb.contract, level_id) for contract in CONTRACTS for pb in [BRIEFS.get(contract.name)] if pb
         for level_id in contract.levels]
PROPOSED = [(contract, level_id) for contract, level_id in GROWN if level_id not in REVISED_BY_HAND]
REVISED = [(contract, level_id) for contract, level_id in GROWN if level_id in REVISED_BY_HAND]


def test_the_pack_holds_at_least_130_levels_and_80_proposed():
    assert len(PACK) >= 130
    assert len(PROPOSED) >= 80


@pytest.mark.parametrize("contract,level_id", GROWN, ids=[i for _, i in GROWN])
def test_each_proposed_level_teaches_its_contracts_idea(contract, level_id):
    """Issue 26, proved by the exact search on its winning solution's layout: a room of a taught type
    matters, a spell of a taught type is necessary, no spawn kill, its state graph in the band."""
    from zorglab.propose.lesson import teaching_problems

    assert teaching_problems(PACK[level_id], BRIEFS[contract]) == []


@pytest.mark.parametrize("contract,level_id", GROWN, ids=[i for _, i in GROWN])
def test_each_proposed_level_passes_review(contract, level_id):
    level = PACK[level_id]
    assert level.contract == contract
    assert review(level, PACK.values()) == []
    text = Path(level.path).read_text()
    first = "# Revised by hand" if level_id in REVISED_BY_HAND else "# Proposed by `zorglab propose`"
    assert text.startswith(first), level.path


def test_the_levels_revised_by_hand_are_proposed_levels_that_say_so():
    assert {level_id for _, level_id in REVISED} == set(REVISED_BY_HAND)
    for _, level_id in REVISED:
        text = Path(PACK[level_id].path).read_text()
        assert text.startswith("# Revised by hand") and "# Proposed by `zorglab propose`" in text, level_id
        assert "revised by hand" in PACK[level_id].notes.lower(), level_id


@pytest.mark.slow
@pytest.mark.parametrize("contract,level_id", PROPOSED, ids=[i for _, i in PROPOSED])
def test_each_proposed_level_meets_its_contracts_brief(contract, level_id):
    recheck(Path(PACK[level_id].path), BRIEFS[contract].brief)


def test_the_proposed_contracts_pass_the_campaign_check():
    proposed = {level_id for _, level_id in GROWN}
    rows = []
    for level in PACK.values():
        row = dict.fromkeys(DIFFICULTY_COLUMNS)
        row.update(static_columns(level))
        row["verdict"] = "solvable"
        if level.id in proposed:
            row.update(search_columns(reference_setup(level)[1], Budget()))
        rows.append(row)
    violations = campaign_check(pd.DataFrame(rows), campaign_table(CONTRACTS))
    mine = violations[violations["contract"].isin(BRIEFS) | violations["level"].isin(proposed)]
    assert mine.empty, mine.to_string()


@pytest.mark.slow
@pytest.mark.parametrize("contract,level_id", PROPOSED, ids=[i for _, i in PROPOSED])
def test_each_proposed_level_is_reproduced_from_its_seed_and_draft(contract, level_id):
    import re

    from zorglab.propose.prove import prove

    level = PACK[level_id]
    seed, draft = map(int, re.search(r"seed (\d+), draft (\d+)\.", Path(level.path).read_text()).groups())
    candidate = prove(BRIEFS[contract].brief, seed, draft)
    assert candidate.verdict == "solvable"     # (its figures may move with the search: see the brief test)
    assert list(candidate.draft.rooms) == [r.source for r in level.rooms]
    assert list(candidate.draft.heroes) == [h.source for h in level.heroes]
    assert list(candidate.draft.spells) == [s.source for s in level.spells]

"""The campaign check: does the pack teach well? Every violation is a row, in words.

Campaign order is the contracts' ``order``, then each contract's level list. The rules:

- **listed** — every level a contract lists has a level file; every level file is in a contract;
- **winnable** — every listed level's reference setup is proved winnable (unsolvable, unknown
  within the budget, or a level that fails to run is reported);
- **difficulty** — within a contract, no level is easier than the one before it. Difficulty is
  ``(steps, states)`` (:func:`zorglab.reports.difficulty.difficulty_key`: steps are the fewest spells
  plus the build steps of a level few of whose layouts win): a level is *easier* than the one before
  when it needs fewer steps, or as many steps and fewer than ``1/STATES_FACTOR`` of its search states (search counts within
  a factor of 2 are too close to call). Levels of unknown difficulty are skipped: the next known
  level is compared with the last known one;
- **mechanic** — a mechanic (a room type, hero type or spell type) first appears alone: the first
  level using it introduces nothing else new. The base mechanics every level has (rooms ``A`` and
  ``Z``, the plain ``Warrior``) are never new;
- **climb** — across contracts, difficulty rises (issue 26): each contract's median size of the
  reachable state graph (``explored_states``, :func:`zorglab.search.analysis.explore`: every state
  the rules reach, a measure no search cut moves) is above the median of the contract before it.
  A contract in :data:`CLIMB_EXCEPTIONS` is left out of the climb, with its reason; the next one is
  compared with the last contract that climbed.
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

import pandas as pd

from zorglab.level.contracts import ContractEntry
from zorglab.reports.difficulty import difficulty_key, difficulty_words
from zorglab.reports.tables import as_list
from zorglab.search.solver import SOLVABLE, UNKNOWN, UNSOLVABLE

BASE_MECHANICS = ("room A", "room Z", "hero Warrior")
STATES_FACTOR = 2
CAMPAIGN_COLUMNS = ("contract", "title", "cost", "order", "position", "level")
VIOLATION_COLUMNS = ("rule", "contract", "level", "other", "message")
MECHANIC_COLUMNS = (("room", "room_types"), ("hero", "hero_types"), ("spell", "spell_types"))
CLIMB_COLUMN = "explored_states"
# Contracts left out of the climb across contracts, and why (docs/level-pack.md, "The climb").
CLIMB_EXCEPTIONS: dict[str, str] = {
    "spellbook": "shows seven spell types, two or three spells a level: every spell left multiplies the casts at "
                 "each casting point, so its graphs are large for levels that each show one new spell; the "
                 "proposed drills after it go back to one or two Attacks on longer roads",
    "architect": "teaches the level language (variables, constraints, bonuses, mirrors): its difficulty is "
                 "in what a constraint asks, on small boards with one or two heroes",
    "court": "introduces three hero types (Gunner, Mechanic, Princess), most levels without a spell: "
             "each new rule is shown alone on a small board",
}


def campaign_table(contracts: Iterable[ContractEntry]) -> pd.DataFrame:
    """One row per listed level in campaign order (unwritten contracts have none)."""
    rows = [{"contract": c.name, "title": c.title, "cost": c.cost, "order": c.order, "position": i + 1, "level": level}
            for c in sorted(contracts, key=lambda c: (c.order, c.name)) for i, level in enumerate(c.levels)]
    return pd.DataFrame(rows, columns=list(CAMPAIGN_COLUMNS))


def mechanics(row: Any) -> list[str]:
    """``room D``, ``hero Elf``, ``spell Attack``... of one difficulty row, in a fixed order."""
    out = []
    for kind, column in MECHANIC_COLUMNS:
        value = row[column]
        out += [f"{kind} {name}" for name in as_list(value)]
    return out


def _violation(rule: str, contract: str, level: str, other: str, message: str) -> dict[str, str]:
    return {"rule": rule, "contract": contract, "level": level, "other": other, "message": message}


def _listing(difficulty: pd.DataFrame, campaign: pd.DataFrame) -> list[dict[str, str]]:
    out = []
    known = set(difficulty["level"])
    for _, entry in campaign.iterrows():
        if entry["level"] not in known:
            out.append(_violation("listed", entry["contract"], entry["level"], "",
                                  f"contract {entry['contract']!r} lists {entry['level']}, but no level file has that id"))
    listed = set(campaign["level"])
    for level in sorted(known - listed):
        out.append(_violation("listed", "", level, "", f"{level} is in no contract, so no player meets it"))
    return out


def _winnable(contract: str, row: Any) -> list[dict[str, str]]:
    level, verdict = row["level"], row["verdict"]
    if verdict == SOLVABLE:
        return []
    if verdict == UNSOLVABLE:
        text = f"{level} cannot be won from its reference setup: the search proved it"
    elif verdict == UNKNOWN:
        text = f"{level}: no win found within the search budget ({row['states']} states); difficulty unknown"
    else:
        text = f"{level} could not be searched ({verdict}): {row['error'] or 'no layout to search'}"
    return [_violation("winnable", contract, level, "", text)]


def easier(key: tuple[int, int], before: tuple[int, int], states_factor: int = STATES_FACTOR) -> bool:
    """Fewer steps (spells and build steps) needed, or as many and a search ``states_factor`` times shorter."""
    return key[0] < before[0] or (key[0] == before[0] and key[1] * states_factor < before[1])


def campaign_check(difficulty: pd.DataFrame, campaign: pd.DataFrame,
                   base: Sequence[str] = BASE_MECHANICS, states_factor: int = STATES_FACTOR) -> pd.DataFrame:
    """Every violation of the rules above, in campaign order, then the listing faults."""
    rows = {row["level"]: row for _, row in difficulty.iterrows()}
    out: list[dict[str, str]] = []
    seen = set(base)
    ordered = campaign.sort_values(["order", "contract", "position"], kind="stable")
    for contract, entries in ordered.groupby(["order", "contract"], sort=True):
        name = contract[1]
        previous: tuple[str, tuple[int, int], str] | None = None
        for level in entries["level"]:
            row = rows.get(level)
            if row is None:
                continue
            out += _winnable(name, row)
            key = difficulty_key(row)
            if key is not None:
                if previous is not None and easier(key, previous[1], states_factor):
                    out.append(_violation(
                        "difficulty", name, level, previous[0],
                        f"{level} ({difficulty_words(row)}) is easier than {previous[0]} before it "
                        f"({previous[2]}) in contract {name!r}"))
                previous = (level, key, difficulty_words(row))
            new = [m for m in mechanics(row) if m not in seen]
            if len(new) > 1:
                out.append(_violation(
                    "mechanic", name, level, ", ".join(new),
                    f"{level} introduces {', '.join(new)} together: each should first appear alone"))
            seen.update(new)
    out += climb_violations(difficulty, campaign)
    out += _listing(difficulty, campaign)
    return pd.DataFrame(out, columns=list(VIOLATION_COLUMNS))


def contract_medians(difficulty: pd.DataFrame, campaign: pd.DataFrame,
                     column: str = CLIMB_COLUMN) -> list[tuple[str, float]]:
    """(contract, median of ``column`` over its levels whose state graph was explored whole), in
    campaign order; contracts with no such level are left out."""
    if column not in difficulty.columns:
        return []
    sizes: dict[str, float] = {}
    for _, row in difficulty.iterrows():
        value = row[column]
        complete = row["explore_complete"] if "explore_complete" in difficulty.columns else True
        if not _missing(value) and complete is not False and not _missing(complete):
            sizes[row["level"]] = float(value)
    out = []
    ordered = campaign.sort_values(["order", "contract", "position"], kind="stable")
    for (_, name), entries in ordered.groupby(["order", "contract"], sort=True):
        known = [sizes[level] for level in entries["level"] if level in sizes]
        if known:
            out.append((name, float(pd.Series(known).median())))
    return out


def climb_violations(difficulty: pd.DataFrame, campaign: pd.DataFrame,
                     exceptions: dict[str, str] | None = None) -> list[dict[str, str]]:
    """The climb rule: each contract's median state graph above the last climbing contract's."""
    exceptions = CLIMB_EXCEPTIONS if exceptions is None else exceptions
    out = []
    previous: tuple[str, float] | None = None
    for name, median in contract_medians(difficulty, campaign):
        if name in exceptions:
            continue
        if previous is not None and median <= previous[1]:
            out.append(_violation("climb", name, "", previous[0],
                                  f"contract {name!r} (median {median:g} graph states) does not climb above "
                                  f"{previous[0]!r} before it (median {previous[1]:g})"))
        previous = (name, median)
    return out


def _missing(value: Any) -> bool:
    return value is None or (isinstance(value, float) and value != value) or value is pd.NA


def graph_rows(levels: Iterable[Any], budget: int = 20_000) -> pd.DataFrame:
    """``level``, ``explored_states`` and ``explore_complete`` for each level: the size of every
    world's reachable state graph on its reference setup (what the climb compares), without the
    rest of the difficulty measure — cheap enough for the test suite."""
    from zorglab.reports.difficulty import reference_setup
    from zorglab.search.analysis import explore

    rows = []
    for level in levels:
        _, game = reference_setup(level)
        size, complete = 0, True
        if game is not None:
            for name in game.world_names:
                graph = explore(game, name, budget=budget)
                size += graph.states
                complete = complete and graph.complete
        rows.append({"level": level.id, "explored_states": size if game is not None else None,
                     "explore_complete": complete if game is not None else None})
    return pd.DataFrame(rows, columns=["level", "explored_states", "explore_complete"])

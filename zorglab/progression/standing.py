"""Where a player stands in the campaign (FR-4, ZR-21): which contracts are open, locked or unwritten.

A contract opens once the points earned reach its cost (``points >= cost``); one without levels
is listed as *unwritten* whatever the points. Points are never spent: opening a contract does
not lower them (ZR-21 says "reach", not "pay").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from zorglab.level.contracts import ContractEntry
from zorglab.core.model import Level
from zorglab.progression.profile import Profile

OPEN = "open"
LOCKED = "locked"
UNWRITTEN = "unwritten"


def bonus_count(level: Level) -> int:
    """Every bonus of the level, main world first, then each mirror's (the numbering of a profile)."""
    return len(level.bonuses) + sum(len(m.bonuses) for m in level.mirrors)


@dataclass(frozen=True)
class ContractStanding:
    """One contract as the player sees it."""

    name: str
    title: str
    cost: int
    order: int
    status: str
    levels_total: int
    levels_won: int
    bonuses_total: int
    bonuses_met: int
    points_needed: int                  # 0 once open
    missing: tuple[str, ...] = ()       # listed level ids without a level file

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "title": self.title, "cost": self.cost, "order": self.order,
                "status": self.status, "levels_won": self.levels_won, "levels_total": self.levels_total,
                "bonuses_met": self.bonuses_met, "bonuses_total": self.bonuses_total,
                "points_needed": self.points_needed, "missing": list(self.missing)}


def contract_status(points: int, contract: ContractEntry) -> str:
    if contract.unwritten:
        return UNWRITTEN
    return OPEN if points >= contract.cost else LOCKED


def standings(profile: Profile, contracts: Iterable[ContractEntry],
              levels: Mapping[str, Level]) -> list[ContractStanding]:
    """Every contract in campaign order (``order``, then name) with the player's progress in it."""
    points = profile.points
    out = []
    for contract in sorted(contracts, key=lambda c: (c.order, c.name)):
        present = [levels[i] for i in contract.levels if i in levels]
        bonuses_met = 0
        for level in present:
            progress = profile.progress(level.id)
            if progress is not None:
                bonuses_met += len(progress.bonuses)
        out.append(ContractStanding(
            contract.name, contract.title, contract.cost, contract.order, contract_status(points, contract),
            len(contract.levels), sum(1 for i in contract.levels if profile.won(i)),
            sum(bonus_count(level) for level in present), bonuses_met, max(0, contract.cost - points),
            tuple(i for i in contract.levels if i not in levels)))
    return out


def contract_of(level_id: str, contracts: Iterable[ContractEntry]) -> ContractEntry | None:
    for contract in contracts:
        if level_id in contract.levels:
            return contract
    return None

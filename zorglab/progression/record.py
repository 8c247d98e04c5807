"""Recording a win (ZR-21): only a real one counts.

A win is recorded by replaying a play on the engine: the layout and choices of one of the
level's ``[[solutions]]``, with that solution's casts or the player's own. The level must be in
an open contract, the replay must end in a win, and the bonuses recorded are exactly those that
held at its end. Nothing is taken on trust from the caller.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from zorglab.engine.game import LevelRun, play, setup_solution
from zorglab.errors import OptionError
from zorglab.level.contracts import ContractEntry
from zorglab.core.model import MAIN_WORLD
from zorglab.core.model import Cast, Level, Outcome
from zorglab.progression.profile import Profile
from zorglab.progression.standing import OPEN, contract_of, contract_status


@dataclass(frozen=True)
class WinRecord:
    """What one recorded win changed."""

    level: str
    solution: int
    bonuses: frozenset[int]          # bonus numbers met in this replay
    points_before: int
    points_after: int
    opened: tuple[str, ...]          # contracts this win opened, in campaign order


def bonuses_met(run: LevelRun) -> frozenset[int]:
    """Numbers (1-based, main world first, then mirrors) of the bonuses that held in a run."""
    met: set[int] = set()
    offset = 0
    results = {w.world.name: w.bonuses for w in run.worlds}
    worlds = [(MAIN_WORLD, len(run.level.bonuses))] + [(m.name, len(m.bonuses)) for m in run.level.mirrors]
    for name, count in worlds:
        met.update(offset + i + 1 for i, result in enumerate(results.get(name, ())) if result.holds)
        offset += count
    return frozenset(met)


def replay(level: Level, solution: int, casts: Sequence[Cast] | None = None) -> LevelRun:
    """Solution ``solution`` of ``level`` played out; ``casts`` replace its main-world casts."""
    if not level.solutions:
        raise OptionError(f"{level.id}: the level has no [[solutions]] giving a layout to play")
    if not 0 <= solution < len(level.solutions):
        raise OptionError(f"--solution {solution}: {level.id} has solutions 0..{len(level.solutions) - 1}")
    known = level.solutions[solution]
    chosen = known.casts if casts is None else tuple(sorted(casts, key=lambda c: c.tick))
    from zorglab.search.decide import decide_solvable
    return play(setup_solution(level, known, decide=decide_solvable), chosen, dict(known.mirror_casts),
                record=False)


def record_win(profile: Profile, level: Level, contracts: Iterable[ContractEntry], solution: int = 0,
               casts: Sequence[Cast] | None = None) -> tuple[Profile, WinRecord]:
    """The profile with this win added, or :class:`OptionError` saying why it does not count."""
    contracts = sorted(contracts, key=lambda c: (c.order, c.name))
    contract = contract_of(level.id, contracts)
    if contract is None:
        raise OptionError(f"{level.id}: the level is in no contract of the campaign, so it earns no points")
    before = profile.points
    if contract_status(before, contract) != OPEN:
        raise OptionError(f"{level.id}: contract {contract.name!r} is locked "
                          f"(it costs {contract.cost} points; the profile has {before})")
    run = replay(level, solution, casts)
    if run.outcome is not Outcome.WIN:
        raise OptionError(f"{level.id} solution {solution}: the replay ends in a {run.outcome.value}, "
                          "not a win; nothing recorded")
    met = bonuses_met(run)
    updated = profile.with_win(level.id, met)
    after = updated.points
    opened = tuple(c.name for c in contracts
                   if contract_status(before, c) != OPEN and contract_status(after, c) == OPEN)
    return updated, WinRecord(level.id, solution, met, before, after, opened)

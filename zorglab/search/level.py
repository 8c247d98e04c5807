"""Solving a whole level: each world searched on its own (worlds share only the layout, ZR-18)."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from zorglab.core import ast
from zorglab.core.budget import Budget, BudgetSpent, budget_of, running
from zorglab.engine.constraints import calls_in, reads_unused
from zorglab.engine.game import Setup
from zorglab.core.model import MAIN_WORLD
from zorglab.search.casts import CastBook
from zorglab.search.decide import deciding
from zorglab.search.solver import SOLVABLE, UNKNOWN, UNSOLVABLE, Search, Solvability, Verdict


@dataclass(frozen=True)
class LevelVerdict:
    """The level's verdict and each world's; ``casts`` are the main world's witness."""

    verdict: Solvability
    worlds: tuple[tuple[str, Verdict], ...]
    seconds: float
    why: Any = None         # a zorglab.search.reasons.Reason when unsolvable and asked for (``why=True``)

    @property
    def casts(self):
        return self.worlds[0][1].casts

    @property
    def states(self) -> int:
        return sum(v.states for _, v in self.worlds)

    @property
    def generated(self) -> int:
        return sum(v.generated for _, v in self.worlds)

    def to_json(self) -> dict[str, Any]:
        main = self.worlds[0][1]
        data: dict[str, Any] = {"verdict": self.verdict, "casts": main.cast_texts(), "states": self.states,
                                "generated": self.generated, "seconds": round(self.seconds, 4),
                                "reason": "; ".join(f"{n}: {v.reason}" for n, v in self.worlds),
                                "pruned": sum(v.pruned for _, v in self.worlds)}
        if len(self.worlds) > 1:
            data["mirror_casts"] = {n: v.cast_texts() for n, v in self.worlds[1:]}
            data["worlds"] = [{"name": n, **v.to_json()} for n, v in self.worlds]
        if self.why is not None:
            data["why"] = self.why.to_json()
        return data


# Functions of the constraint language that read nothing of a dead hero (the others — died_before,
# hp_at_death, gold_at_death, and any added later — are taken to read the dead).
READ_NO_DEAD = frozenset({"dist", "unused", "solvable"})


def reads_dead(constraints) -> bool:
    """Does any constraint read what a dead hero holds or when it died? (The search forgets the
    dead only when none does, FR-47.)"""
    return any(call.function not in READ_NO_DEAD for c in constraints for call in calls_in(c.expr))


def read_spells(conditions) -> frozenset[str] | None:
    """Labels of the spells these conditions read by label (``unused(a)``): the search tells them
    apart from identical spells (None: an argument that is no plain label, so every spell)."""
    labels: set[str] = set()
    for condition in conditions:
        for call in calls_in(condition.expr):
            if call.function == "unused":
                for arg in call.args:
                    if not isinstance(arg, ast.Name) or arg.kind not in (None, "spell"):
                        return None
                    labels.add(arg.name)
    return frozenset(labels)


def cast_book(game: Setup, name: str = MAIN_WORLD) -> CastBook:
    """A cast book for one world that tells apart the spells its constraints and bonuses read."""
    constraints, bonuses = game.conditions(name)
    return CastBook(read_spells(constraints + bonuses))


def world_search(game: Setup, name: str = MAIN_WORLD, *, prune: bool = True, progress: bool = False,
                 start=None, fewest: bool = True, reference: bool = False) -> Search:
    """A resumable search of one world of a setup, with its constraints as the win test (a setup
    made without a decider decides its ``solvable(...)`` constraints by this search).
    ``fewest=False`` adds the witness search (FR-48): faster, the witness not the shortest.
    ``reference=True``: the difficulty measure's search, with the cuts the campaign was ordered
    by (FR-47..FR-49) and not the later ones (entry counts left out, the damage bound FR-51), so
    that a new cut does not move the measure."""
    game = deciding(game)
    constraints, bonuses = game.conditions(name)
    return Search(game.world(name), wins=lambda s: game.wins(name, s), start=start, prune=prune,
                  reads_unused=reads_unused(constraints), reads_dead=reads_dead(constraints), progress=progress,
                  fewest=fewest, reference=reference, told_apart=read_spells(constraints + bonuses))


def judged_verdicts(game: Setup) -> list[tuple[str, Verdict]]:
    """Each judged world's ``solvable``-reading constraint (a level constraint, ZR-28), judged once on
    the world as it starts: solvable when it holds, unsolvable when it does not, unknown when a
    ``solvable(...)`` it reads ran out of budget."""
    found = []
    for (name, condition), result in zip(game.judged_conditions(), game.check_judged()):
        if result.holds:
            found.append((name, Verdict(SOLVABLE, reason=f"{condition.source} holds (ZR-28)")))
        elif result.error and "is unknown" in result.error:
            found.append((name, Verdict(UNKNOWN, reason=result.error)))
        else:
            why = f": {result.error}" if result.error else ""
            found.append((name, Verdict(UNSOLVABLE, reason=f"{condition.source} does not hold in {name}, "
                                                          f"a judged world (ZR-28){why}")))
    return found


def solve_setup(game: Setup, *, max_states: int | None = None, max_seconds: float | None = None,
                prune: bool = True, progress: bool = False, fewest: bool = False,
                budget: Budget | None = None, why: bool = False) -> LevelVerdict:
    """solvable when every world is; unsolvable as soon as one is proved so; else unknown.

    ``max_states`` bounds each world's search; ``max_seconds`` (CPU, a safety stop) and
    ``budget`` the whole level: a world not reached once it is spent is unknown, its reason named.
    ``why=True``: an unsolvable verdict carries its reason (``zorglab.search.reasons``; the
    closest miss is searched with the same state budget)."""
    t0 = time.perf_counter()
    level_budget = budget_of(None, max_seconds, budget)
    game = deciding(game)               # once: the worlds' searches share its solvable(...) answers
    judged = judged_verdicts(game)      # layout-fixed: judged once, before any world is searched
    results = [r for r in judged if r[1].verdict == UNSOLVABLE][:1]
    for name in game.played_worlds if not results else ():
        if level_budget.check():
            results.append((name, Verdict(UNKNOWN, reason=level_budget.describe())))
            continue
        try:            # building the world plans heroes too: their plan searches look at the budget
            with running(level_budget):
                search = world_search(game, name, prune=prune, progress=progress, fewest=fewest)
        except BudgetSpent:
            results.append((name, Verdict(UNKNOWN, reason=level_budget.describe())))
            continue
        verdict = search.run(budget=level_budget.child(max_states))
        results.append((name, verdict))
        if verdict.verdict == UNSOLVABLE:
            break
    results += [r for r in judged if r[1].verdict == UNKNOWN]
    verdicts = {v.verdict for _, v in results}
    overall: Solvability = UNSOLVABLE if UNSOLVABLE in verdicts else UNKNOWN if UNKNOWN in verdicts else SOLVABLE
    reason = None
    if why and overall == UNSOLVABLE:
        from zorglab.search.reasons import why_unsolvable
        reason = why_unsolvable(game, results, max_states=max_states, budget=level_budget)
    return LevelVerdict(overall, tuple(results), time.perf_counter() - t0, reason)

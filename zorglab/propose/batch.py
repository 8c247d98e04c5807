"""Proposing: drafts proved one by one or in chunks on dask, ranked, within one budget.

Draft ``i`` is a pure function of ``(brief, seed, i)`` and is judged on state budgets only, so
the run is deterministic for a seed and dask returns exactly what the serial run does: drafts
are taken in index order, and the run keeps the prefix of drafts up to the one that brought
``count * ENOUGH`` candidates meeting the brief (a dask chunk may have proved a few more; they
are dropped). The run's work is its drafts (``tries``, a :class:`~zorglab.core.budget.Budget`
of drafts); ``max_seconds`` is only a CPU-seconds safety stop (issue 23), looked at between
drafts and, in a serial run, inside each draft's search too. Only it (or a cancel) may cut a run
short: the answer then says "not finished" (``cut_short``), and a draft it cut is dropped, never
offered with figures the machine decided.
"""

from __future__ import annotations

import gc
import sys
import threading
import time
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import Any

from zorglab.core.budget import Budget, BudgetSpent
from zorglab.propose.brief import Brief
from zorglab.propose.prove import Candidate, prove
from zorglab.propose.rank import closest_misses, rank
from zorglab.seeding import Seed, normalise_seed

ENOUGH = 3          # meeting candidates gathered per candidate offered, for variety to choose from
COLLECT_EVERY = 64  # drafts between two full garbage collections (see prove_task)
CHUNK = 16          # drafts per dask round (and between two looks at the clock there)

ENOUGH_FOUND, TRIES_SPENT, IMPOSSIBLE = "enough found", "tries spent", "impossible"
TIME_SPENT = "safety stop struck: not finished"     # (or cancelled): the only stop the machine decides
TIMING_HINT = ("  hint: heroes that meet as they spawn make a spawn kill, and where two heroes meet matters "
               "only when one hero's fall changes the next one's road: allow a room holding gold "
               "(--room-types D,O: a fallen hero's gold spares the next one that room's effect) "
               "or a third hero (docs/levels.md, 'Timing between heroes')")
PINNED_HERO_HINT = ("  hint: a pinned hero must matter by its type (as a hero of another type and the same HP the "
                    "level must change); for heroes of a given type and HP, draw them instead "
                    "(e.g. --hero-types Warrior --hero-count 2 --hp 3) or pass --no-pins-matter")


def timing_hints(brief: Brief, near: list[Candidate]) -> list[str]:
    """What a timing brief that found nothing could allow, read off the misses that came closest."""
    if not brief.timing:
        return []
    misses = [m for c in near for m in c.misses]
    hints = []
    if any(m.startswith("a spawn kill") for m in misses):
        hints.append(TIMING_HINT)
    if any(m.startswith("pinned hero") for m in misses):
        hints.append(PINNED_HERO_HINT)
    return hints


@dataclass
class Proposal:
    """The answer to a brief: the candidates offered, ranked, and everything tried to find them."""

    brief: Brief
    seed: int
    offered: list[Candidate] = field(default_factory=list)
    tried: list[Candidate] = field(default_factory=list)
    stopped: str = TRIES_SPENT
    reason: str = ""
    seconds: float = 0.0                 # wall seconds, for display only
    cut_short: bool = False              # the safety stop or a cancel ended the run: not finished

    @property
    def met(self) -> list[Candidate]:
        return [c for c in self.tried if c.meets]

    def message(self) -> str:
        """One paragraph for people: what was found, or why nothing was and what came closest."""
        stopped = self.reason if self.cut_short and self.reason else self.stopped     # "not finished: …"
        head = (f"{len(self.offered)} candidate{'s' * (len(self.offered) != 1)} offered of {len(self.met)} meeting "
                f"the brief, {len(self.tried)} drafts tried in {self.seconds:.1f} s ({stopped})")
        if self.stopped == IMPOSSIBLE:
            return f"the brief cannot be met: {self.reason}"
        if self.offered:
            return head
        near = closest_misses(self.tried)
        lines = [f"no candidate met the brief: {len(self.tried)} drafts tried in {self.seconds:.1f} s "
                 f"({stopped})"]
        lines += ["  closest: " + c.summary() for c in near]
        unsolved = sum(1 for c in self.tried if c.verdict != "solvable")
        if unsolved:
            lines.append(f"  {unsolved} draft{'s' * (unsolved != 1)} could not be won or laid out")
        lines += timing_hints(self.brief, near)
        return "\n".join(lines)

    def table(self) -> Any:
        """The offered candidates as a pandas table: one row each, with the figures they were chosen on."""
        import pandas as pd
        rows = [{"rank": i + 1, "draft": c.index, **{k: c.figures.get(k) for k in (
            "fewest_spells", "states", "winning_layouts", "cast_lists", "necessary", "forced_points")},
            "witness": " ".join(c.witness), "rooms": ", ".join(r.split(" @ ")[0] for r in c.draft.rooms),
            "heroes": ", ".join(c.draft.heroes), "spells": ", ".join(c.draft.spells)}
            for i, c in enumerate(self.offered) if c.draft is not None]
        return pd.DataFrame(rows, columns=list(TABLE_COLUMNS))


TABLE_COLUMNS = ("rank", "draft", "fewest_spells", "states", "winning_layouts", "cast_lists", "necessary",
                 "forced_points", "witness", "rooms", "heroes", "spells")

_proved = 0


def prove_task(brief: Brief, seed: int, index: int, within: Budget | None = None) -> Candidate:
    """One draft proved: the unit of work a dask worker runs.

    The searches run with the cyclic collector held off (``search.solver.gc_paused``) and what they
    leave joins the oldest generation, which is seldom collected: over thousands of drafts that
    grew a process past a gigabyte. A full collection every ``COLLECT_EVERY`` drafts keeps it small.
    ``within`` (serial runs) lends the draft's searches the run's safety stop and cancel event.
    """
    global _proved
    _proved += 1
    if _proved % COLLECT_EVERY == 0:
        gc.collect()
    return prove(brief, seed, index, within=within)


def propose(brief: Brief, *, seed: Seed = 0, count: int = 5, tries: int = 200, max_seconds: float | None = 60.0,
            progress: bool = False, serial: bool = True, client: Any = None, scheduler: str | None = None,
            workers: int = 2, cancel: threading.Event | None = None, started: float | None = None) -> Proposal:
    """Candidates for ``brief``: up to ``count``, each proved, ranked and different from the others.

    At most ``tries`` drafts (the run's work); stops early once ``count * ENOUGH`` meet the
    brief, or when the safety stop of ``max_seconds`` CPU seconds strikes or ``cancel`` is set
    (``cut_short``: "not finished"). ``serial=False`` (or a ``client``) proves drafts on dask;
    there the work runs in other processes, so the safety stop reads this one's wall clock.
    ``started``: the CPU clock's reading the safety stop runs from in a serial run (the command
    line's start, so its loading counts too); default now.
    """
    from zorglab.errors import OptionError
    if count < 1 or tries < 1:
        raise OptionError(f"count {count}, tries {tries}: give 1 or more of each")
    if max_seconds is not None and max_seconds <= 0:
        raise OptionError(f"max_seconds {max_seconds}: give a positive number of seconds")
    seed = normalise_seed(seed)
    answer = Proposal(brief, seed)
    t0 = time.perf_counter()
    on_dask = client is not None or not serial
    budget = Budget(tries, seconds=max_seconds, cancel=cancel, unit="drafts",
                    clock=time.perf_counter if on_dask else None, started=None if on_dask else started)
    impossible = brief.impossible()
    if impossible:
        answer.stopped, answer.reason = IMPOSSIBLE, impossible
        return answer
    enough = count * ENOUGH
    bar = _bar(progress, tries)
    try:
        with ExitStack() as stack:
            if not serial and client is None:
                from zorglab.sweep.runner import sweep_client
                client = stack.enter_context(sweep_client(scheduler=scheduler, workers=workers))
            answer.stopped = _run(answer, brief, seed, tries, enough, budget, client, bar)
    finally:
        if bar is not None:
            bar.close()
    if answer.stopped == TIME_SPENT:
        answer.cut_short, answer.reason = True, budget.describe()
    answer.offered = rank(answer.tried, count)
    answer.seconds = time.perf_counter() - t0
    return answer


def _run(answer: Proposal, brief: Brief, seed: int, tries: int, enough: int, budget: Budget,
         client: Any, bar: Any) -> str:
    """Prove drafts in index order until enough meet the brief or ``budget`` is spent."""
    met = 0
    index = 0
    while index < tries:
        if budget.check():
            return TIME_SPENT if budget.cut_short else TRIES_SPENT
        size = 1 if client is None else min(CHUNK, tries - index)
        indices = range(index, index + size)
        if client is None:
            try:        # the draft's searches share the safety stop; their states are not drafts
                done = [prove_task(brief, seed, index, within=budget.child(None, counts=False))]
            except BudgetSpent:
                return TIME_SPENT
            if budget.check():          # the stop struck inside: the draft's figures are the machine's
                return TIME_SPENT
        else:
            futures = client.map(prove_task, [brief] * size, [seed] * size, list(indices), pure=False)
            done = client.gather(futures)
        budget.charge(size)
        index += size
        if bar is not None:
            bar.update(size)
        for candidate in done:
            answer.tried.append(candidate)
            met += candidate.meets
            if met >= enough:
                return ENOUGH_FOUND
    return TRIES_SPENT


def _bar(progress: bool, total: int) -> Any:
    if not progress:
        return None
    from tqdm.auto import tqdm
    return tqdm(total=total, unit="draft", desc="proposing", file=sys.stderr, leave=False)

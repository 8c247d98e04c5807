"""A frontier dealt to workers (issue 41 item 4): the serial depth-first search's stack cut into
parts, handed out in the serial order as workers free up, the parts' tables passed on where sound.

Every worker runs the serial search (:class:`~zorglab.search.solver.Search`, ``fewest=False``: the
depth-first witness search with its bound and cuts) for ``prefix`` states, the same in every process
(the engine is deterministic; the coordinator checks the frontiers agree), and keeps one search
object: its stack then holds the *frontier*, the nodes the serial search would expand next, top
first — the parts, in the serial order. A worker runs a part by putting its node alone on the stack
and running on; it keeps its table, memos and bound from part to part, in calls of ``slice_states``
states. The coordinator deals part ``k`` to the first worker free (work stealing: many more parts
than workers), and hands each worker, with its next call, what the others filed that it may use:
their situations' parts sent once each, then as numbers.

Why it stays exact, with the serial witness. Every part runs with the prefix's table, so the
prefix's nodes are barred in every part as in the serial search after the prefix; call *dead* a
node that cannot reach a win without passing through a prefix node. A part that finished without a
win filed only dead nodes: each child of a node it filed was filed, barred by a node filed before
(dead), or cut by a sound cut. A search that skips or walks dead nodes expands its live nodes in the
same order (a live node is never skipped for a dead one, which would make it dead, and a dead node's
subtree holds only dead nodes), so part ``k`` finds the win the serial search finds in part ``k``'s
subtree once every part before ``k`` has none. So a win in part ``k`` is the answer once parts
``0..k-1`` are done without one: the serial search's own witness, whatever the workers' timing.
What a worker may file of another's: a table passed on names the parts whose entries it rests on
(its sender's own parts and those it took in), and goes to a worker running part ``k`` only where
each of them comes before ``k`` (if one wins, ``k`` cannot be the answer; if none does, their nodes
are dead) or has finished without a win (``ongoing=False``: only finished parts pass tables on).
Every part done without a win: unsolvable. (One worker running every part in order is the serial
search itself, state for state.) The one exception is the serial search's own: a table that
outgrows ``max_table`` forgets its older half, and then the witness may differ (the verdict never
does). Beside the tables the workers pass each other the plan answers and lone walks they worked out
(:mod:`~zorglab.search.memoshare`): those are the world's, sound for any part in any order, so they
go to every other worker at once.

Measured in docs/performance.md, "A frontier dealt to workers (session 13)" and "The frontier in wall time"
(sessions 14, 15).
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass, field
from itertools import islice
from typing import Any, Callable, Sequence

from zorglab.core.printer import format_cast
from zorglab.search.deal import Deal, check_frontiers
from zorglab.search.memoshare import MemoShare, Shipped
from zorglab.search.parallel import search_options
from zorglab.search.solver import SOLVABLE, UNKNOWN, UNSOLVABLE, Search, Verdict
from zorglab.search.witness import SearchNode, WitnessSearch

Source = Callable[[], Any]
PREFIX = 300            # serial states before the stack is cut into parts (past the probe's 256 states: the static check done)
ONGOING = True          # pass on what a part not yet finished has filed, to the parts after it
SLICE = 2_000           # states a worker expands per call before it hears from the coordinator again (and passes on what it filed)
SHARE_MEMOS = True      # pass the plan memos and the bound's lone walks between workers (search/memoshare.py)
RESERVE = 1             # parts a worker holds dealt ahead and runs on without waiting (search/pipeline.py; 0: one call at a time;
#   on mixed 5 x 5 on a LocalCluster 1 gave 494,984 states and 28.6 CPU s critical, 3 gave 515,637 and 30.8)
# new boards, new heroes, entries, and the parts whose entries the sender's table held (its own included)
Export = tuple[list[Any], list[Any], list[tuple[tuple[int, ...], int]], frozenset[int]]


class _Recording(Search):
    """The serial search noting every situation it files (so a finished part can pass its table on)."""

    _filed: list[tuple[tuple[int, ...], int]]

    def _file(self, parts: tuple[int, ...], mask: int, entry: Any) -> None:
        WitnessSearch._file(self, parts, mask, entry)
        self._filed.append((parts, mask))


def _path(node: SearchNode) -> str:
    """A frontier node named by its moves from the start (a cast's text, or "." for an action)."""
    moves = []
    while node.parent is not None:
        moves.append("." if node.cast is None else format_cast(node.cast))
        node = node.parent
    return " ".join(reversed(moves))


class FrontierWorker:
    """One worker's search: the serial prefix, then the parts it is dealt, one table throughout.
    On a dask worker it lives in that process (:class:`_ActorWorker`); here, one object a worker."""

    def __init__(self, source: Source, index: int, workers: int, prefix: int = PREFIX, share_memos: bool = False):
        self.index = index
        self.search = _Recording(**search_options(source), fewest=False)
        self.search._filed = []
        cpu = time.process_time()
        self.prefix_verdict = self.search.run(max_states=prefix)
        self.cpu = time.process_time() - cpu
        self.frontier: list[SearchNode] = list(reversed(self.search._stack))
        self.search._stack = []
        self.search._filed = []
        self.fingerprint = hashlib.sha256("\n".join(_path(n) for n in self.frontier).encode()).hexdigest()
        self._sent = (0, 0)     # boards and heroes of this search's numbering passed on so far
        self._maps: list[tuple[list[int], list[int]]] = [([], []) for _ in range(workers)]
        self.part: int | None = None
        self.imported = 0
        self.take_cpu = 0.0     # CPU s spent filing the others' tables
        self.relies: set[int] = set()      # the parts whose entries this table holds (its own included)
        # plan answers and lone walks passed on (after the prefix: every worker's alike)
        self.share = MemoShare(self.search) if share_memos else None

    def describe(self) -> dict[str, Any]:
        return {"verdict": self.prefix_verdict, "parts": len(self.frontier), "fingerprint": self.fingerprint,
                "cpu": self.cpu, "states": self.search.states}

    def take(self, source: int, export: Export) -> None:
        """File what another worker passed on: its new board and hero parts numbered here, then
        each of its entries as a situation expanded (dominance as the table does it)."""
        boards, heroes, entries, relies = export
        self.relies |= relies
        board_map, hero_map = self._maps[source]
        search = self.search
        for table, new, into in ((search._boards, boards, board_map), (search._heroes, heroes, hero_map)):
            for key in new:
                number = table.get(key)
                if number is None:
                    number = table[key] = len(table)
                into.append(number)
        seen = search._seen
        dominate = search._dominate
        file = WitnessSearch._file
        hero = hero_map.__getitem__
        for parts, mask in entries:
            own = (board_map[parts[0]],) + tuple(map(hero, parts[1:]))
            entry = seen.get(own)
            if entry is None:
                seen[own] = mask        # (what ``_file`` does with no entry, inline: most are new here)
                continue
            if isinstance(entry, int):
                if entry == mask or (dominate and entry & mask == mask):
                    continue
            elif any(other == mask or (dominate and other & mask == mask) for other in entry):
                continue
            file(search, own, mask, entry)
        self.imported += len(entries)

    def _export(self) -> Export:
        search = self.search
        boards, heroes = self._sent
        new_boards = list(islice(search._boards, boards, None))
        new_heroes = list(islice(search._heroes, heroes, None))
        self._sent = (len(search._boards), len(search._heroes))
        entries, search._filed = search._filed, []
        return new_boards, new_heroes, entries, frozenset(self.relies)

    def call(self, part: int | None, imports: list[tuple[int, Export]], slice_states: int,
             max_seconds: float | None, ongoing: bool = False, memos: Sequence[Shipped] = ()) -> dict[str, Any]:
        """Take the others' memos and tables, then run ``part`` (a new one) or the current one for at
        most ``slice_states`` states: ``done`` (the part's verdict, or None while it goes on), its
        witness, states and CPU s of the call, what the part filed since the last call when it
        finished without a win (or, ``ongoing``, when it goes on), and the memo entries written."""
        cpu = time.process_time()
        self.take_memos(memos)
        for source, table in imports:
            self.take(source, table)
        self.take_cpu += time.process_time() - cpu
        search = self.search
        if part is not None:
            self.part = part
            self.relies.add(part)
            search._stack = [self.frontier[part]]
            search._filed = []
        before = search.states
        verdict = search.run(max_states=slice_states, max_seconds=max_seconds)
        states = search.states - before
        done: str | None = verdict.verdict
        export = None
        if verdict.verdict == UNKNOWN:
            done = None if states >= slice_states else UNKNOWN
        if done == UNSOLVABLE or (done is None and ongoing):
            export = self._export()
        spent = time.process_time() - cpu
        self.cpu += spent
        return {"part": self.part, "done": done, "casts": verdict.casts if done == SOLVABLE else (),
                "reason": verdict.reason, "states": states, "cpu": spent, "export": export,
                "memos": None if self.share is None else self.share.export()}

    def take_memos(self, memos: Sequence[Shipped]) -> None:
        """File the others' plan answers and lone walks (sound in any order: :mod:`~zorglab.search.memoshare`)."""
        if self.share is not None:
            for shipped in memos:
                self.share.take(shipped)


@dataclass
class FrontierRun:
    """What a frontier run did: the verdict (its ``states`` summed over the workers, the prefix
    once a worker), the parts, each worker's states and CPU s, the calls made, and the critical
    path (the busiest worker's CPU s)."""

    verdict: Verdict
    parts: int = 0
    states: list[int] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    rounds: int = 0
    imported: list[int] = field(default_factory=list)
    filing: list[float] = field(default_factory=list)      # of ``cpu``, each worker's filing the others' tables

    @property
    def critical(self) -> float:
        return max(self.cpu, default=0.0)


class _ActorWorker:
    """A :class:`FrontierWorker` as a dask actor (its search stays in the worker's process)."""

    def __init__(self, source: Source, index: int, workers: int, prefix: int, share_memos: bool):
        self.worker = FrontierWorker(source, index, workers, prefix, share_memos)

    def describe(self) -> dict[str, Any]:
        return self.worker.describe()

    def call(self, part: int | None, imports: list[tuple[int, Export]], slice_states: int,
             max_seconds: float | None, ongoing: bool, memos: list[Shipped]) -> dict[str, Any]:
        return self.worker.call(part, imports, slice_states, max_seconds, ongoing, memos)

    def totals(self) -> tuple[int, float, int, float]:
        return self.worker.search.states, self.worker.cpu, self.worker.imported, self.worker.take_cpu


def frontier_solve(source: Source, *, workers: int = 2, client: Any = None, prefix: int = PREFIX,
                   slice_states: int = SLICE, max_states: int | None = None,
                   max_seconds: float | None = None, ongoing: bool = ONGOING, reserve: int = RESERVE,
                   share_memos: bool = SHARE_MEMOS) -> FrontierRun:
    """Decide the source's world with the serial search's frontier dealt to ``workers`` workers: on
    ``client`` (a dask ``distributed.Client``, one actor a worker, each dealt parts as it frees up), or
    with None here, the workers' calls one after another on a clock of states (each next call the
    least busy worker's, so the schedule and the states are the same on every run). The verdict and
    witness are the serial search's either way. ``max_states`` and ``max_seconds`` (CPU, a safety
    stop): each worker's budget, the prefix included; a worker past either answers unknown.
    ``reserve`` > 0: each worker holds that many parts ahead and runs on without waiting for the
    coordinator (:mod:`~zorglab.search.pipeline`); 0: one call at a time. ``share_memos``: the workers
    pass each other their plan answers and lone walks (:mod:`~zorglab.search.memoshare`)."""
    start = time.perf_counter()
    if reserve > 0:
        from zorglab.search.pipeline import solve
        return solve(source, workers, client, prefix, slice_states, max_states, max_seconds, ongoing, reserve, start,
                     share_memos)
    if client is None:
        local = [FrontierWorker(source, i, workers, prefix, share_memos) for i in range(workers)]
        described = [w.describe() for w in local]
    else:
        names = sorted(client.scheduler_info()["workers"])
        futures = [client.submit(_ActorWorker, source, i, workers, prefix, share_memos, actor=True,
                                 workers=[names[i % len(names)]], pure=False) for i in range(workers)]
        actors = [future.result() for future in futures]
        described = [actor.describe().result() for actor in actors]
    decided = check_frontiers(described)
    if decided is not None:
        states = [d["states"] for d in described]
        return FrontierRun(decided, 0, states, [d["cpu"] for d in described], 0, [0] * workers, [0.0] * workers)
    deal = Deal(described[0]["parts"], workers)
    rounds = 0
    if client is None:
        clock = [w.search.states for w in local]
        current: list[int | None] = [None] * workers
        free = [True] * workers
        while not deal.over():
            ready = [i for i in range(workers) if free[i]]
            if not ready:
                break
            i = min(ready, key=lambda j: (clock[j], j))
            handed = deal.hand(i, current[i], clock[i])
            if handed is None:
                free[i] = False
                continue
            part, imports = handed
            size = _slice(deal, slice_states, max_states, local[i].search.states)
            if size is None:
                break
            reply = local[i].call(part, imports, size, _left(max_seconds, local[i].cpu), ongoing, deal.memos_for(i))
            rounds += 1
            clock[i] += reply["states"]
            current[i] = deal.answer(i, reply, clock[i])
        totals = [(w.search.states, w.cpu, w.imported, w.take_cpu) for w in local]
    else:
        rounds = _drive(deal, actors, slice_states, max_states, max_seconds, [d["states"] for d in described],
                        ongoing)
        totals = [actor.totals().result() for actor in actors]
    verdict = deal.verdict(sum(t[0] for t in totals), time.perf_counter() - start)
    return FrontierRun(verdict, deal.parts, [t[0] for t in totals], [t[1] for t in totals], rounds,
                       [t[2] for t in totals], [t[3] for t in totals])


def _left(max_seconds: float | None, spent: float) -> float | None:
    return None if max_seconds is None else max(max_seconds - spent, 0.001)


def _slice(deal: Deal, slice_states: int, max_states: int | None, states: int) -> int | None:
    """The next call's states: a slice, or what is left of the worker's budget (None, and the run
    unknown, when nothing is)."""
    if max_states is None:
        return slice_states
    if states >= max_states:
        deal.unknown = deal.unknown or f"a worker's state budget of {max_states} states is spent"
        return None
    return min(slice_states, max_states - states)


def _drive(deal: Deal, actors: list[Any], slice_states: int, max_states: int | None, max_seconds: float | None,
           states: list[int], ongoing: bool) -> int:
    """The cluster's calls: a thread a worker, each handed its next call as it answers (work stealing)."""
    import threading
    from concurrent.futures import ThreadPoolExecutor

    lock = threading.Lock()
    rounds = [0]

    def serve(i: int) -> None:
        current: int | None = None
        cpu = 0.0
        while True:
            with lock:
                handed = None if deal.over() else deal.hand(i, current)
                size = None if handed is None else _slice(deal, slice_states, max_states, states[i])
                memos = deal.memos_for(i)
            if handed is None or size is None:
                return
            part, imports = handed
            reply = actors[i].call(part, imports, size, _left(max_seconds, cpu), ongoing, memos).result()
            cpu += reply["cpu"]
            states[i] += reply["states"]
            with lock:
                rounds[0] += 1
                current = deal.answer(i, reply)

    with ThreadPoolExecutor(max_workers=len(actors)) as pool:
        for future in [pool.submit(serve, i) for i in range(len(actors))]:
            future.result()
    return rounds[0]

"""The frontier's workers running on their own (issue 41 item 4, session 14): parts reserved ahead,
reports batched, tables passed on as bytes.

:func:`~zorglab.search.frontier.frontier_solve` with ``reserve`` > 0. In the frontier as first built
(``reserve=0``) a worker ran one call at a time and then waited: the coordinator read its reply,
booked it and sent the next call, so each of ~700 calls cost a round trip with the worker idle, and
the coordinator unpickled every table passed on and pickled it again. Here a worker runs on: it
holds ``reserve`` parts dealt ahead (in the serial order, as before, to whichever worker asks), runs
them one after another in slices of ``slice_states`` states, and reports what it did (each part
finished, what it filed) without waiting for an answer; the coordinator tops its parts up and sends
it the others' tables that it may file. On a cluster the search runs in a thread of the worker's
process (:mod:`~zorglab.search.pipecluster`) while the actor's coroutines take deliveries and hand out
reports, so a round trip overlaps the search. A table passed on travels as the bytes its sender pickled, which
the coordinator never opens (it reads only the parts the table rests on).

Why it stays exact: the argument of :mod:`~zorglab.search.frontier` holds whatever the order in
which parts are dealt and tables filed. A worker runs its parts in increasing order, and its parts
are dealt in increasing order, so while the coordinator has not heard that a part finished the
worker runs that part or a later one: a table sound for the worker's earliest part not yet reported
finished (its *floor*) is sound for whatever it runs then and later. A win in part ``w`` makes every
worker drop its parts after ``w`` (they cannot be the answer), and tell so.

The end of a run (session 16): once a worker holds no part, a busy worker's running part is split
(``split``): the bottom half of its stack dealt on as sub-parts numbered in the serial order
(:class:`~zorglab.search.deal.Deal`). A sub-part may go to a worker whose table rests on nothing
after it but what finished (``Deal.take_pending``), where the split's prefix is sound for its floor
too, so the worker files it before the sub-part runs; a part is split only where some worker could
take its sub-parts (``Deal.may_split``). A worker holding none gets tables sound for the earliest part
it may yet be dealt (a sub-part waiting, or one of a part any worker holds).
"""

from __future__ import annotations

import pickle
import time
from collections import deque
from typing import Any, Sequence

from zorglab.search.deal import DROPPED, Deal, Part, check_frontiers
from zorglab.search.frontier import SHARE_MEMOS, SPLIT, SPLIT_CHECK, Export, FrontierRun, FrontierWorker, Source
from zorglab.search.memoshare import Shipped
from zorglab.search.solver import SOLVABLE, UNKNOWN, Verdict

Packed = tuple[bytes, frozenset[Part]]       # a table passed on: its pickled Export, and the parts it rests on


def pack(export: Export) -> Packed:
    """A table to pass on as bytes (pickled once by its sender, opened once by its receiver)."""
    return pickle.dumps(export, protocol=pickle.HIGHEST_PROTOCOL), export[3]


class Runner:
    """A frontier worker that runs its reserved parts one after another, slice by slice: ``feed``
    gives it parts, tables, the last part worth running and the others' memo entries; ``step`` runs
    one slice and says what happened (a list of events: part, done, casts, reason, the table and the
    memo entries it passes on)."""

    def __init__(self, worker: FrontierWorker, slice_states: int, max_states: int | None,
                 max_seconds: float | None, ongoing: bool):
        self.worker = worker
        self.slice_states = slice_states
        self.max_states = max_states
        self.max_seconds = max_seconds
        self.ongoing = ongoing
        self.parts: deque[Part] = deque()
        self.current: Part | None = None
        self.imports: list[tuple[int, Packed]] = []
        self.memos: list[Shipped] = []
        self.cutoff: Part | None = None     # a win's part: the parts after it are dropped
        self.spent = False
        self.wanted: frozenset[Part] = frozenset()     # split the running part if one of these (a worker idle)
        self.end = False                    # every main part dealt: calls of SPLIT_CHECK states, so a split comes soon
        self.dropped: list[Part] = []       # parts after a win dropped unrun, not yet told

    def feed(self, parts: list[Part], imports: list[tuple[int, Packed]], cutoff: Part | None,
             memos: Sequence[Shipped] = (), roots: dict[Part, bytes] | None = None, end: bool = False) -> None:
        self.end = self.end or end
        self.parts.extend(parts)
        self.imports.extend(imports)
        self.memos.extend(memos)
        if roots:
            self.worker.roots.update(roots)
        if cutoff is not None and (self.cutoff is None or cutoff < self.cutoff):
            self.cutoff = cutoff

    def idle(self) -> bool:
        """Nothing to run (no part, or the budget spent) and no table to file."""
        return not self.imports and not self.dropped and \
            (self.spent or (self.current is None and self._next_part(peek=True) is None))

    def _next_part(self, peek: bool = False) -> Part | None:
        while self.parts and self.cutoff is not None and self.parts[0] > self.cutoff:
            self.dropped.append(self.parts.popleft())       # never run: told, so its part leaves the worker's book
        if not self.parts:
            return None
        return self.parts[0] if peek else self.parts.popleft()

    def step(self) -> list[dict[str, Any]]:
        """File the tables fed, then run parts for at most one slice of states: the events of the
        parts that finished, and of the part still running at the end of the slice (with what it
        filed, where ``ongoing``). A slice ends early where a part finishes and at most one part is
        left in reserve (so the coordinator tops it up while the next runs)."""
        worker = self.worker
        if self.imports or self.memos:
            imports, self.imports = self.imports, []
            memos, self.memos = self.memos, []
            cpu = time.process_time()
            worker.take_memos(memos)
            for source, (data, _) in imports:
                worker.take(source, pickle.loads(data))
            spent = time.process_time() - cpu
            worker.take_cpu += spent
            worker.cpu += spent
        events: list[dict[str, Any]] = []
        left = self.slice_states
        while left > 0 and not self.spent:
            if self.current is not None and self.cutoff is not None and self.current > self.cutoff:
                self.current = None         # a part after a win: it cannot be the answer
            if self.current in self.wanted:
                nodes = worker.split()
                if nodes:       # the split's prefix passed on with it: what the part filed so far
                    self.wanted = frozenset()
                    events.append({"part": self.current, "done": None, "casts": (), "reason": "",
                                   "export": pack(worker.export()), "memos": None, "split": nodes})
                    break
            fresh = None
            if self.current is None:
                fresh = self._next_part()
                if fresh is None:
                    break
            size = min(left, SPLIT_CHECK) if self.end else left
            if self.max_states is not None:
                size = min(size, self.max_states - worker.search.states)
                if size <= 0:
                    self.spent = True
                    events.append({"part": fresh if fresh is not None else self.current, "done": UNKNOWN,
                                   "casts": (), "export": None, "memos": None,
                                   "reason": f"a worker's state budget of {self.max_states} states is spent"})
                    break
            seconds = None if self.max_seconds is None else max(self.max_seconds - worker.cpu, 0.001)
            reply = worker.call(fresh, [], size, seconds, self.ongoing)
            left -= reply["states"]
            done = reply["done"]
            event = {"part": reply["part"], "done": done, "casts": reply["casts"], "reason": reply["reason"],
                     "export": None if reply["export"] is None else pack(reply["export"]), "memos": reply["memos"]}
            events.append(event)
            if done is None:        # the slice spent (or the state budget: looked at above)
                self.current = reply["part"]
                continue
            self.current = None
            if done == UNKNOWN:
                self.spent = True
            elif done == SOLVABLE:
                self.feed([], [], reply["part"])        # its later parts cannot be the answer
            elif len(self.parts) <= 1:
                break
        self._next_part(peek=True)
        events += [{"part": part, "done": DROPPED, "casts": (), "reason": "", "export": None, "memos": None}
                   for part in self.dropped]
        self.dropped = []
        return events


def floor_of(assigned: list[Part], deal: Deal, held: Sequence[Sequence[Part]] = ()) -> Part:
    """The earliest part a worker may be running: its earliest part not reported finished; for a
    worker holding none, the earliest it may be dealt yet: a sub-part waiting, or one of a part any
    worker holds (``held``), or the next part."""
    if assigned:
        return min(assigned)
    return min([deal.next, *deal.pending, *(part for parts in held for part in parts)])


def top_up(deal: Deal, worker: int, assigned: list[Part], reserve: int,
          held: Sequence[Sequence[Part]] = ()) -> tuple[list[Part], list[tuple[int, Packed]]]:
    """Top the worker's parts up to ``reserve`` + 1 (in the serial order, the sub-parts of split parts
    first; none past a win) and the tables the others passed on that it may
    file, sound for its floor. A sub-part goes only with the split's prefix filed (see :class:`Deal`)."""
    subs: list[Part] = []
    while len(assigned) < reserve + 1:      # sub-parts first: they come before every part not yet dealt
        sub = deal.take_pending(worker, min(assigned) if assigned else None)
        if sub is None:
            break
        subs.append(sub)
        assigned.append(sub)
    parts: list[Part] = []
    while len(assigned) < reserve + 1 and deal.next < deal.parts \
            and (deal.win is None or deal.next <= deal.win[0]):
        parts.append(deal.next)
        assigned.append(deal.next)
        deal.next += 1
    floor = floor_of(assigned, deal, held)
    imports = []
    holds = deal.holds[worker]
    for source, exports in enumerate(deal.exports):
        if source == worker:
            continue
        sent = deal.sent[worker][source]
        while sent < len(exports) and deal._sound(exports[sent][1][1], floor, None):
            imports.append((source, exports[sent][1]))
            holds.update(exports[sent][1][1])
            sent += 1
        deal.sent[worker][source] = sent
    for sub in subs:
        _, source, needs = deal.roots[sub]
        if source != worker and deal.sent[worker][source] < needs:      # (the book's own argument says never)
            raise AssertionError(f"sub-part {sub} dealt without the split's prefix")
    holds.update(parts, subs)
    return subs + parts, imports


def roots_of(deal: Deal, parts: list[Part]) -> dict[Part, bytes]:
    """The nodes of the sub-parts among ``parts`` (a main part's node every worker has)."""
    return {p: deal.roots[p][0] for p in parts if p in deal.roots}


def book(deal: Deal, worker: int, assigned: list[Part], events: list[dict[str, Any]], stamp: int = 0) -> None:
    """Book a worker's events (:meth:`Deal.answer`): each part finished leaves its reserve."""
    for event in events:
        if deal.answer(worker, event, stamp) is None and event["part"] in assigned:
            assigned.remove(event["part"])


def run_here(source: Source, workers: int, prefix: int, slice_states: int, max_states: int | None,
             max_seconds: float | None, ongoing: bool, reserve: int,
             share_memos: bool = SHARE_MEMOS, split: bool = SPLIT) -> tuple[Verdict | None, list[Any], Deal, int]:
    """The pipelined frontier in this process, the workers' slices one after another on a clock of
    states (the least busy worker's next), so runs are the same every time. Returns the prefix's
    verdict where it decided (else None), the workers, the book (``deal.makespan``: the schedule's
    CPU s, the busiest worker's with its waits) and the reports made. ``split``: a worker left with
    nothing has the busy one's part split (:meth:`Deal.split`)."""
    local = [FrontierWorker(source, i, workers, prefix, share_memos) for i in range(workers)]
    decided = check_frontiers([w.describe() for w in local])
    deal = Deal(len(local[0].frontier), workers)
    if decided is not None:
        return decided, local, deal, 0
    runners = [Runner(w, slice_states, max_states, max_seconds, ongoing) for w in local]
    assigned: list[list[Part]] = [[] for _ in range(workers)]
    clock = [w.search.states for w in local]
    cpu = [w.cpu for w in local]        # each worker's CPU s on the schedule, the waits for a split included
    reports = 0
    for i in range(workers):
        parts, imports = top_up(deal, i, assigned[i], reserve)
        runners[i].feed(parts, imports, None, deal.memos_for(i), roots_of(deal, parts))
    while not deal.over():
        ready = [i for i in range(workers) if not runners[i].idle()]
        if not ready:
            break
        i = min(ready, key=lambda j: (clock[j], j))
        before, spent = local[i].search.states, local[i].cpu
        events = runners[i].step()
        clock[i] += local[i].search.states - before
        cpu[i] += local[i].cpu - spent
        reports += 1
        book(deal, i, assigned[i], events, clock[i])
        cutoff = None if deal.win is None else deal.win[0]
        for j in [i] + [j for j in range(workers) if j != i and not assigned[j]]:
            parts, imports = top_up(deal, j, assigned[j], reserve, assigned)
            if j != i and parts:        # an idle worker dealt sub-parts: it waited for the split
                clock[j], cpu[j] = max(clock[j], clock[i]), max(cpu[j], cpu[i])
            runners[j].feed(parts, imports, cutoff, deal.memos_for(j), roots_of(deal, parts), deal.next >= deal.parts)
        if split:
            _ask_split(deal, runners, assigned)
    deal.makespan = max(cpu)
    return None, local, deal, reports


def _ask_split(deal: Deal, runners: list[Runner], assigned: list[list[Part]]) -> None:
    """A worker with nothing left while another runs a part: ask the busy one with the earliest
    part the idle one could take sub-parts of to split it at the end of its slice (its stack's bottom
    dealt on, :meth:`Deal.split`); no worker idle, no split asked."""
    for runner in runners:
        runner.wanted = frozenset()
    for j, parts in splittable(deal, assigned).items():
        current = runners[j].current
        if current in parts:
            runners[j].wanted = frozenset([current])
            return


def splittable(deal: Deal, assigned: list[list[Part]], eager: bool = False) -> dict[int, frozenset[Part]]:
    """The parts each busy worker holds that it may split (:meth:`Deal.may_split`) for a worker holding
    none to take, where there is such a worker and no sub-part waits (``eager``: for any other worker,
    at any time: the tests' way of splitting parts all through a run)."""
    if deal.over() or (deal.pending and not eager):
        return {}
    takers = list(range(len(assigned))) if eager else [j for j, held in enumerate(assigned) if not held]
    if not takers:
        return {}
    out = {}
    for j, held in enumerate(assigned):
        parts = frozenset(p for p in held if deal.may_split(j, p, held, takers))
        if parts:
            out[j] = parts
    return out


def solve(source: Source, workers: int, client: Any, prefix: int, slice_states: int, max_states: int | None,
          max_seconds: float | None, ongoing: bool, reserve: int, start: float,
          share_memos: bool = SHARE_MEMOS, split: bool = SPLIT) -> FrontierRun:
    """:func:`~zorglab.search.frontier.frontier_solve` with ``reserve`` > 0: here (``client`` None) or
    on the cluster; ``start``: the caller's clock (``time.perf_counter``) when the run began."""
    if client is None:
        decided, local, deal, rounds = run_here(source, workers, prefix, slice_states, max_states, max_seconds,
                                                ongoing, reserve, share_memos, split)
        totals = [(w.search.states, w.cpu, w.imported, w.take_cpu) for w in local]
    else:
        from zorglab.search.pipecluster import run_on
        decided, _, deal, totals, rounds = run_on(client, source, workers, prefix, slice_states, max_states,
                                                  max_seconds, ongoing, reserve, share_memos, split)
    if decided is not None:
        return FrontierRun(decided, 0, [t[0] for t in totals], [t[1] for t in totals], 0, [0] * workers,
                           [0.0] * workers)
    verdict = deal.verdict(sum(t[0] for t in totals), time.perf_counter() - start)
    return FrontierRun(verdict, deal.parts, [t[0] for t in totals], [t[1] for t in totals], rounds,
                       [t[2] for t in totals], [t[3] for t in totals])

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
process (:class:`_PipeActor`) while the actor's coroutines take deliveries and hand out reports, so
a round trip overlaps the search. A table passed on travels as the bytes its sender pickled, which
the coordinator never opens (it reads only the parts the table rests on).

Why it stays exact: the argument of :mod:`~zorglab.search.frontier` holds whatever the order in
which parts are dealt and tables filed. A worker runs its parts in increasing order, and its parts
are dealt in increasing order, so while the coordinator has not heard that a part finished the
worker runs that part or a later one: a table sound for the worker's earliest part not yet reported
finished (its *floor*) is sound for whatever it runs then and later. A win in part ``w`` makes every
worker drop its parts after ``w`` (they cannot be the answer).
"""

from __future__ import annotations

import pickle
import threading
import time
from collections import deque
from typing import Any, Sequence

from zorglab.search.deal import Deal, check_frontiers
from zorglab.search.frontier import SHARE_MEMOS, Export, FrontierRun, FrontierWorker, Source
from zorglab.search.memoshare import Shipped
from zorglab.search.solver import SOLVABLE, UNKNOWN, Verdict

Packed = tuple[bytes, frozenset[int]]       # a table passed on: its pickled Export, and the parts it rests on


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
        self.parts: deque[int] = deque()
        self.current: int | None = None
        self.imports: list[tuple[int, Packed]] = []
        self.memos: list[Shipped] = []
        self.cutoff: int | None = None      # a win's part: the parts after it are dropped
        self.spent = False

    def feed(self, parts: list[int], imports: list[tuple[int, Packed]], cutoff: int | None,
             memos: Sequence[Shipped] = ()) -> None:
        self.parts.extend(parts)
        self.imports.extend(imports)
        self.memos.extend(memos)
        if cutoff is not None and (self.cutoff is None or cutoff < self.cutoff):
            self.cutoff = cutoff

    def idle(self) -> bool:
        """Nothing to run (no part, or the budget spent) and no table to file."""
        return not self.imports and (self.spent or (self.current is None and self._next_part(peek=True) is None))

    def _next_part(self, peek: bool = False) -> int | None:
        while self.parts and self.cutoff is not None and self.parts[0] > self.cutoff:
            self.parts.popleft()
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
            fresh = None
            if self.current is None:
                fresh = self._next_part()
                if fresh is None:
                    break
            size = left
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
        return events


def _floor(assigned: list[int], deal: Deal) -> int:
    """The earliest part a worker may be running: its earliest part not reported finished."""
    return min(assigned) if assigned else deal.next


def _feed(deal: Deal, worker: int, assigned: list[int], reserve: int) -> tuple[list[int], list[tuple[int, Packed]]]:
    """Top the worker's parts up to ``reserve`` + 1 (in the serial order; none past a win) and the
    tables the others passed on that it may file, sound for its floor."""
    parts: list[int] = []
    while len(assigned) < reserve + 1 and deal.next < deal.parts \
            and (deal.win is None or deal.next <= deal.win[0]):
        parts.append(deal.next)
        assigned.append(deal.next)
        deal.next += 1
    floor = _floor(assigned, deal)
    imports = []
    for source, exports in enumerate(deal.exports):
        if source == worker:
            continue
        sent = deal.sent[worker][source]
        while sent < len(exports) and deal._sound(exports[sent][1][1], floor, None):
            imports.append((source, exports[sent][1]))
            sent += 1
        deal.sent[worker][source] = sent
    return parts, imports


def _book(deal: Deal, worker: int, assigned: list[int], events: list[dict[str, Any]], stamp: int = 0) -> None:
    """Book a worker's events (:meth:`Deal.answer`): each part finished leaves its reserve."""
    for event in events:
        if deal.answer(worker, event, stamp) is None and event["part"] in assigned:
            assigned.remove(event["part"])


def run_here(source: Source, workers: int, prefix: int, slice_states: int, max_states: int | None,
             max_seconds: float | None, ongoing: bool, reserve: int,
             share_memos: bool = SHARE_MEMOS) -> tuple[Verdict | None, list[Any], Deal, int]:
    """The pipelined frontier in this process, the workers' slices one after another on a clock of
    states (the least busy worker's next), so runs are the same every time. Returns the prefix's
    verdict where it decided (else None), the workers, the book and the reports made."""
    local = [FrontierWorker(source, i, workers, prefix, share_memos) for i in range(workers)]
    decided = check_frontiers([w.describe() for w in local])
    deal = Deal(len(local[0].frontier), workers)
    if decided is not None:
        return decided, local, deal, 0
    runners = [Runner(w, slice_states, max_states, max_seconds, ongoing) for w in local]
    assigned: list[list[int]] = [[] for _ in range(workers)]
    clock = [w.search.states for w in local]
    reports = 0
    for i in range(workers):
        runners[i].feed(*_feed(deal, i, assigned[i], reserve), None, deal.memos_for(i))
    while not deal.over():
        ready = [i for i in range(workers) if not runners[i].idle()]
        if not ready:
            break
        i = min(ready, key=lambda j: (clock[j], j))
        before = local[i].search.states
        events = runners[i].step()
        clock[i] += local[i].search.states - before
        reports += 1
        _book(deal, i, assigned[i], events, clock[i])
        parts, imports = _feed(deal, i, assigned[i], reserve)
        runners[i].feed(parts, imports, None if deal.win is None else deal.win[0], deal.memos_for(i))
    return None, local, deal, reports


class _PipeActor:
    """A :class:`Runner` as a dask actor: its slices run in a thread of the worker's process, while
    the actor's coroutines (on the worker's event loop) take what the coordinator feeds, in the order
    it sent them, and hand out the events as they come."""

    def __init__(self, source: Source, index: int, workers: int, prefix: int, slice_states: int,
                 max_states: int | None, max_seconds: float | None, ongoing: bool, share_memos: bool):
        self.runner = Runner(FrontierWorker(source, index, workers, prefix, share_memos), slice_states, max_states,
                             max_seconds, ongoing)
        self._lock = threading.Condition()
        self._inbox: dict[int, tuple[list[int], list[tuple[int, Packed]], int | None, list[Shipped]]] = {}
        self._taken = 0
        self._events: list[dict[str, Any]] = []
        self._stop = False
        self._thread: threading.Thread | None = None
        self._ready: Any = None
        self._loop: Any = None
        self._error: BaseException | None = None      # what stopped the thread, raised to the coordinator

    def describe(self) -> dict[str, Any]:
        return self.runner.worker.describe()

    async def exchange(self, seq: int, parts: list[int], imports: list[tuple[int, Packed]],
                       cutoff: int | None, memos: list[Shipped]) -> list[dict[str, Any]]:
        """Take a delivery (numbered by the coordinator: taken in that order; the thread starts on the
        first), then hand out the events since the last exchange, once there are some: one round trip
        a report, while the search runs on."""
        import asyncio

        if self._thread is None:
            self._loop = asyncio.get_running_loop()
            self._ready = asyncio.Event()
            self._thread = threading.Thread(target=self._run, name="frontier-pipeline", daemon=True)
            self._thread.start()
        with self._lock:
            self._inbox[seq] = (parts, imports, cutoff, memos)
            self._lock.notify()
        while True:
            await self._ready.wait()
            with self._lock:
                events, self._events = self._events, []
                self._ready.clear()
                if self._error is not None:
                    raise RuntimeError(f"the frontier worker's search stopped: {self._error!r}") from self._error
            if events:
                return events

    async def stop(self) -> tuple[int, float, int, float]:
        """Stop the thread (at the end of its slice) and give its totals."""
        import asyncio

        with self._lock:
            self._stop = True
            self._lock.notify()
        if self._thread is not None:
            await asyncio.get_running_loop().run_in_executor(None, self._thread.join)
        worker = self.runner.worker
        return worker.search.states, worker.cpu, worker.imported, worker.take_cpu

    def _run(self) -> None:
        try:
            self._serve()
        except BaseException as error:      # (MemoryError, a bug): told to the coordinator, never a hang
            with self._lock:
                self._error = error
            self._loop.call_soon_threadsafe(self._ready.set)

    def _serve(self) -> None:
        runner = self.runner
        while True:
            with self._lock:
                while not self._stop and self._taken not in self._inbox and runner.idle():
                    self._lock.wait()
                if self._stop:
                    return
                while self._taken in self._inbox:
                    runner.feed(*self._inbox.pop(self._taken))
                    self._taken += 1
            events = runner.step()
            if events:
                with self._lock:
                    self._events.extend(events)
                self._loop.call_soon_threadsafe(self._ready.set)


def run_on(client: Any, source: Source, workers: int, prefix: int, slice_states: int, max_states: int | None,
           max_seconds: float | None, ongoing: bool, reserve: int, share_memos: bool = SHARE_MEMOS) -> tuple[Verdict | None, list[dict[str, Any]],
                                                                             Deal, list[tuple[int, float, int, float]],
                                                                             int]:
    """The pipelined frontier on a dask cluster, one actor a worker and a coordinating thread each:
    the prefix's verdict where it decided (else None), the workers' descriptions, the book, each
    worker's totals (states, CPU s, entries filed of others', CPU s filing them) and the reports."""
    from concurrent.futures import ThreadPoolExecutor

    names = sorted(client.scheduler_info()["workers"])
    futures = [client.submit(_PipeActor, source, i, workers, prefix, slice_states, max_states, max_seconds,
                             ongoing, share_memos, actor=True, workers=[names[i % len(names)]], pure=False)
               for i in range(workers)]
    actors = [future.result() for future in futures]
    described = [actor.describe().result() for actor in actors]
    decided = check_frontiers(described)
    deal = Deal(described[0]["parts"], workers)
    if decided is not None:
        return decided, described, deal, [(d["states"], d["cpu"], 0, 0.0) for d in described], 0
    lock = threading.Lock()
    assigned: list[list[int]] = [[] for _ in range(workers)]
    first = [(*_feed(deal, i, assigned[i], reserve), None, deal.memos_for(i)) for i in range(workers)]
    reports = [0]

    def serve(i: int) -> None:
        number = 0
        parts, imports, cutoff, memos = first[i]
        while assigned[i]:         # (none dealt to it: fewer parts than workers)
            events = actors[i].exchange(number, parts, imports, cutoff, memos).result()
            with lock:
                reports[0] += 1
                _book(deal, i, assigned[i], events)
                if deal.over() or not (assigned[i] or deal.next < deal.parts):
                    return
                if deal.win is not None and not any(p <= deal.win[0] for p in assigned[i]):
                    return          # every part it holds comes after the win
                parts, imports = _feed(deal, i, assigned[i], reserve)
                memos = deal.memos_for(i)
                cutoff = None if deal.win is None else deal.win[0]
                number += 1

    with ThreadPoolExecutor(max_workers=workers) as pool:
        for future in [pool.submit(serve, i) for i in range(workers)]:
            future.result()
    totals = [actor.stop().result() for actor in actors]
    return None, described, deal, totals, reports[0]


def solve(source: Source, workers: int, client: Any, prefix: int, slice_states: int, max_states: int | None,
          max_seconds: float | None, ongoing: bool, reserve: int, start: float,
          share_memos: bool = SHARE_MEMOS) -> FrontierRun:
    """:func:`~zorglab.search.frontier.frontier_solve` with ``reserve`` > 0: here (``client`` None) or
    on the cluster; ``start``: the caller's clock (``time.perf_counter``) when the run began."""
    if client is None:
        decided, local, deal, rounds = run_here(source, workers, prefix, slice_states, max_states, max_seconds,
                                                ongoing, reserve, share_memos)
        totals = [(w.search.states, w.cpu, w.imported, w.take_cpu) for w in local]
    else:
        decided, _, deal, totals, rounds = run_on(client, source, workers, prefix, slice_states, max_states,
                                                  max_seconds, ongoing, reserve, share_memos)
    if decided is not None:
        return FrontierRun(decided, 0, [t[0] for t in totals], [t[1] for t in totals], 0, [0] * workers,
                           [0.0] * workers)
    verdict = deal.verdict(sum(t[0] for t in totals), time.perf_counter() - start)
    return FrontierRun(verdict, deal.parts, [t[0] for t in totals], [t[1] for t in totals], rounds,
                       [t[2] for t in totals], [t[3] for t in totals])

"""The pipelined frontier (:mod:`~zorglab.search.pipeline`) on a dask cluster: one actor a worker,
its :class:`~zorglab.search.pipeline.Runner` in a thread of the worker's process, and a coordinating
thread a worker here that books its reports, tops its parts up, and — once it holds none — waits for
a split's sub-parts, asking the busy workers for a split (:class:`~zorglab.search.deal.Deal`).
"""

from __future__ import annotations

import threading
from typing import Any

from zorglab.search.deal import Deal, Part, check_frontiers
from zorglab.search.frontier import SHARE_MEMOS, SPLIT, FrontierWorker, Source
from zorglab.search.memoshare import Shipped
from zorglab.search.pipeline import Packed, Runner, book, roots_of, splittable, top_up
from zorglab.search.solver import Verdict


class _PipeActor:
    """A :class:`Runner` as a dask actor: its slices run in a thread of the worker's process, while
    the actor's coroutines (on the worker's event loop) take what the coordinator feeds, in the order
    it sent them, and hand out the events as they come."""

    def __init__(self, source: Source, index: int, workers: int, prefix: int, slice_states: int,
                 max_states: int | None, max_seconds: float | None, ongoing: bool, share_memos: bool):
        self.runner = Runner(FrontierWorker(source, index, workers, prefix, share_memos), slice_states, max_states,
                             max_seconds, ongoing)
        self._lock = threading.Condition()
        self._inbox: dict[int, tuple[list[Part], list[tuple[int, Packed]], Part | None, list[Shipped],
                                     dict[Part, bytes], bool]] = {}
        self._taken = 0
        self._events: list[dict[str, Any]] = []
        self._stop = False
        self._thread: threading.Thread | None = None
        self._ready: Any = None
        self._loop: Any = None
        self._error: BaseException | None = None      # what stopped the thread, raised to the coordinator

    def describe(self) -> dict[str, Any]:
        return self.runner.worker.describe()

    async def exchange(self, seq: int, parts: list[Part], imports: list[tuple[int, Packed]],
                       cutoff: Part | None, memos: list[Shipped], roots: dict[Part, bytes],
                       end: bool) -> list[dict[str, Any]]:
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
            self._inbox[seq] = (parts, imports, cutoff, memos, roots, end)
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

    async def split(self, parts: frozenset[Part]) -> None:
        """Ask the running part split at the end of its call, if it is one of ``parts`` (a worker idle)."""
        with self._lock:
            self.runner.wanted = parts

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
           max_seconds: float | None, ongoing: bool, reserve: int, share_memos: bool = SHARE_MEMOS,
           split: bool = SPLIT) -> tuple[Verdict | None, list[dict[str, Any]], Deal, list[tuple[int, float, int, float]],
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
    cond = threading.Condition()
    assigned: list[list[Part]] = [[] for _ in range(workers)]
    reports = [0]

    def delivery(i: int, parts: list[Part], imports: list[tuple[int, Packed]]) -> tuple[Any, ...]:
        return (parts, imports, None if deal.win is None else deal.win[0], deal.memos_for(i), roots_of(deal, parts),
                deal.next >= deal.parts)

    first = [delivery(i, *top_up(deal, i, assigned[i], reserve, assigned)) for i in range(workers)]

    def wait(i: int, held_back: tuple[Any, ...]) -> tuple[Any, ...] | None:
        """A worker holding no part: wait for a split's sub-parts (asking the busy workers for one)
        or the end (None: the deal over, or nothing running anywhere that could still split). The
        tables and memo entries of ``held_back`` (a delivery with no part) go with the sub-parts."""
        asked: dict[int, frozenset[Part]] = {}
        carried, memos = list(held_back[1]), list(held_back[3])
        while True:
            with cond:
                if deal.over() or not any(assigned):
                    return None
                parts, imports = top_up(deal, i, assigned[i], reserve, assigned)
                carried += imports
                if parts:
                    made = delivery(i, parts, carried)
                    return (*made[:3], memos + made[3], *made[4:])
                ask = {j: p for j, p in splittable(deal, assigned).items() if asked.get(j) != p} if split else {}
                if not ask:
                    cond.wait(1.0)
            for j, parts_j in ask.items():
                actors[j].split(parts_j).result()
                asked[j] = parts_j

    def serve(i: int) -> None:
        number = 0
        sent: tuple[Any, ...] | None = first[i]
        assert sent is not None
        while True:
            if not assigned[i]:
                sent = wait(i, sent)
                if sent is None:
                    return
            events = actors[i].exchange(number, *sent).result()
            number += 1
            with cond:
                reports[0] += 1
                book(deal, i, assigned[i], events)
                cond.notify_all()
                if deal.over():
                    return
                sent = delivery(i, *top_up(deal, i, assigned[i], reserve, assigned))

    with ThreadPoolExecutor(max_workers=workers) as pool:
        for future in [pool.submit(serve, i) for i in range(workers)]:
            future.result()
    totals = [actor.stop().result() for actor in actors]
    return None, described, deal, totals, reports[0]

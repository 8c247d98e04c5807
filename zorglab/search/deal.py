"""The coordinator's book of a frontier run (:mod:`~zorglab.search.frontier`): which part comes next,
what each worker may file of the others' tables (only what is sound for the part it runs), the memo
entries passed on, and the first win. Pure bookkeeping, no search: the same book serves the
one-call-at-a-time protocol (:mod:`~zorglab.search.frontier`) and the pipelined one
(:mod:`~zorglab.search.pipeline`), and the tests drive it by hand.
"""

from __future__ import annotations

from typing import Any

from zorglab.core.model import Cast
from zorglab.search.memoshare import Shipped
from zorglab.search.solver import SOLVABLE, UNKNOWN, UNSOLVABLE, Verdict


class FrontierMismatch(RuntimeError):
    """Workers whose serial prefixes ended on different frontiers (a search that is not the same in
    every process): dealing their parts would not cover the serial search's."""


class Deal:
    """The coordinator's book: which part comes next, each worker's finished tables and what each
    worker has been sent of the others', the first win."""

    def __init__(self, parts: int, workers: int):
        self.parts = parts
        self.next = 0
        self.done = [False] * parts
        self.win: tuple[int, tuple[Cast, ...]] | None = None
        self.unknown: str | None = None
        self.exports: list[list[tuple[int, Any]]] = [[] for _ in range(workers)]   # (stamp, table) a worker
        self.sent = [[0] * workers for _ in range(workers)]     # [to][from]: tables delivered
        self.finished: list[int | None] = [None] * parts       # when each part finished without a win
        self.memos: list[list[Shipped]] = [[] for _ in range(workers)]      # memo entries a worker passed on
        self.memos_sent = [[0] * workers for _ in range(workers)]           # [to][from]: delivered

    def over(self) -> bool:
        if self.unknown is not None:
            return True
        if self.win is not None:
            return all(self.done[:self.win[0]])
        return all(self.done)

    def hand(self, worker: int, current: int | None, clock: int | None = None) -> tuple[int | None, list[Any]] | None:
        """The worker's next call (None: nothing left for it): a new part, the next in the serial order
        (none past a win: those cannot be the answer), or None to go on with ``current``; and the
        tables the others finished that it has not had (stamped at most ``clock``, where given)."""
        part = None
        if current is not None and self.win is not None and current > self.win[0]:
            return None         # a part after the win: it cannot be the answer
        if current is None:
            if self.next >= self.parts or (self.win is not None and self.next > self.win[0]):
                return None
            part = self.next
            self.next += 1
        runs = part if part is not None else current
        assert runs is not None
        imports = []
        for source, exports in enumerate(self.exports):
            if source == worker:
                continue
            sent = self.sent[worker][source]
            while sent < len(exports) and (clock is None or exports[sent][0] <= clock) \
                    and self._sound(exports[sent][1][3], runs, clock):
                imports.append((source, exports[sent][1]))
                sent += 1
            self.sent[worker][source] = sent
        return part, imports

    def memos_for(self, worker: int) -> list[Shipped]:
        """The memo entries the others passed on that ``worker`` has not had: every one, at once
        (they are the world's: sound for any part, in any order)."""
        out: list[Shipped] = []
        for source, shipped in enumerate(self.memos):
            if source != worker:
                out += shipped[self.memos_sent[worker][source]:]
                self.memos_sent[worker][source] = len(shipped)
        return out

    def _sound(self, relies: frozenset[int], part: int, clock: int | None) -> bool:
        """May a worker running ``part`` file a table that holds these parts' entries? Where each of
        them came before ``part`` in the serial order (if one wins, ``part`` cannot be the answer) or
        had finished without a win (its entries are dead), by ``clock`` where given."""
        for r in relies:
            when = self.finished[r]
            if r >= part and (when is None or (clock is not None and when > clock)):
                return False
        return True

    def answer(self, worker: int, reply: dict[str, Any], stamp: int = 0) -> int | None:
        """Book a call's reply (``stamp``: when it finished, on the simulated clock); the worker's
        current part afterwards (None: it is free)."""
        part, done = reply["part"], reply["done"]
        if reply["export"] is not None:
            self.exports[worker].append((stamp, reply["export"]))
        if reply.get("memos") is not None:
            self.memos[worker].append(reply["memos"])
        if done is None:
            return int(part)
        self.close(part, done, reply["casts"], reply["reason"], stamp)
        return None

    def close(self, part: int, done: str, casts: Any, reason: str, stamp: int = 0) -> None:
        """Book a part that finished with ``done`` (its win's ``casts``, or why it is unknown)."""
        if done == UNSOLVABLE:
            self.finished[part] = stamp
        self.done[part] = True
        if done == SOLVABLE:
            if self.win is None or part < self.win[0]:
                self.win = (part, tuple(casts))
        elif done == UNKNOWN:
            self.unknown = self.unknown or reason

    def verdict(self, states: int, seconds: float) -> Verdict:
        if self.win is not None and all(self.done[:self.win[0]]):
            part = self.win[0]
            return Verdict(SOLVABLE, self.win[1], states, seconds,
                           f"witness found in part {part + 1} of {self.parts} (the serial search's witness)")
        if self.unknown is not None:
            return Verdict(UNKNOWN, (), states, seconds, self.unknown)
        return Verdict(UNSOLVABLE, (), states, seconds, f"every one of {self.parts} parts explored")


def check_frontiers(described: list[dict[str, Any]]) -> Verdict | None:
    """The prefix's verdict where it decided (the same on every worker), else None; refuses
    workers whose frontiers differ (the parts would not be the same nodes)."""
    if len({(d["fingerprint"], d["parts"]) for d in described}) != 1:
        raise FrontierMismatch("the workers' serial prefixes differ (frontiers " + ", ".join(
            f"{d['parts']} parts {d['fingerprint'][:12]}" for d in described) + "): the parts would not be the same nodes")
    first = described[0]["verdict"]
    if first.verdict != UNKNOWN or described[0]["parts"] == 0:
        return first if first.verdict != UNKNOWN else Verdict(UNSOLVABLE, (), first.states, first.seconds,
                                                               "every legal cast sequence explored (in the prefix)")
    return None

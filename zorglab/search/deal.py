"""The coordinator's book of a frontier run (:mod:`~zorglab.search.frontier`): which part comes next,
what each worker may file of the others' tables (only what is sound for the part it runs), the memo
entries passed on, and the first win. Pure bookkeeping, no search: the same book serves the
one-call-at-a-time protocol (:mod:`~zorglab.search.frontier`) and the pipelined one
(:mod:`~zorglab.search.pipeline`), and the tests drive it by hand.

A part may be *split* while it runs (:meth:`Deal.split`, the end of a run: a worker idle, another
busy): the bottom of its worker's stack, the nodes the serial search would expand last in that part,
become sub-parts numbered between the part and whatever came after it (fractions: a part's number
stays its place in the serial order), dealt like parts. Their worker first files every entry the
split part had filed by then (the split's own prefix: without it a sub-part could walk back into the
split part's nodes and find a win the serial search finds later). A split part's entries count as
*finished* only once the whole tree of its main part (the part, its sub-parts, theirs) is done
without a win.
"""

from __future__ import annotations

from fractions import Fraction
from math import floor
from typing import Any, Union

from zorglab.core.model import Cast
from zorglab.search.memoshare import Shipped
from zorglab.search.solver import SOLVABLE, UNKNOWN, UNSOLVABLE, Verdict

DROPPED = "dropped"     # a worker's event: a part after a win that it dropped unrun
Part = Union[int, Fraction]     # a part's number: its place in the serial order (a sub-part's a fraction)


class FrontierMismatch(RuntimeError):
    """Workers whose serial prefixes ended on different frontiers (a search that is not the same in
    every process): dealing their parts would not cover the serial search's."""


class Deal:
    """The coordinator's book: which part comes next, each worker's finished tables and what each
    worker has been sent of the others', the first win, and the sub-parts of split parts."""

    def __init__(self, parts: int, workers: int):
        self.parts = parts
        self.next = 0
        self.done: dict[Part, bool] = dict.fromkeys(range(parts), False)
        self.win: tuple[Part, tuple[Cast, ...]] | None = None
        self.unknown: str | None = None
        self.exports: list[list[tuple[int, Any]]] = [[] for _ in range(workers)]   # (stamp, table) a worker
        self.sent = [[0] * workers for _ in range(workers)]     # [to][from]: tables delivered
        self.finished: dict[Part, int | None] = dict.fromkeys(range(parts))   # when each part finished without a win
        self.memos: list[list[Shipped]] = [[] for _ in range(workers)]      # memo entries a worker passed on
        self.memos_sent = [[0] * workers for _ in range(workers)]           # [to][from]: delivered
        self.pending: list[Part] = []           # sub-parts not yet dealt, in the serial order
        self.roots: dict[Part, tuple[bytes, int, int]] = {}     # a sub-part's node, and the export it needs: (from, how many)
        self.upper: dict[Part, Part] = {}       # below which a part's next sub-parts are numbered
        self.trees: dict[int, list[Part]] = {}  # a split main part: its sub-parts
        self.holds: list[set[Part]] = [set() for _ in range(workers)]   # the parts a worker's table may rest on
        self.clean: set[Part] = set()          # the parts done without a win
        self.parent: dict[Part, Part] = {}      # a sub-part: the part it was split from
        self.children: dict[Part, list[Part]] = {}
        self.splits = 0
        self.makespan = 0.0                     # (the one-process run) the schedule's CPU s, its waits included

    def over(self) -> bool:
        if self.unknown is not None:
            return True
        if self.win is not None:
            win = self.win[0]
            return all(done for part, done in self.done.items() if part < win)
        return all(self.done.values())

    def hand(self, worker: int, current: Part | None, clock: int | None = None) -> tuple[int | None, list[Any]] | None:
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

    def _sound(self, relies: frozenset[Part] | set[Part], part: Part, clock: int | None) -> bool:
        """May a worker running ``part`` file a table that holds these parts' entries? Where each of
        them came before ``part`` in the serial order (if one wins, ``part`` cannot be the answer) or
        had finished without a win (its entries are dead), by ``clock`` where given. A sub-part's
        entries count as finished once its main part's whole tree is, or, for ``part`` the part it was
        split from or a sub-part of that part's split no earlier, once its own tree is (its nodes are
        dead but through the split's prefix, which ``part``'s table holds)."""
        for r in relies:
            if r >= part:
                when = self.finished.get(r)
                if when is None or (clock is not None and when > clock):
                    above = self.parent.get(r)
                    if above is None or not (above == part or above == self.parent.get(part)) or not self._clean(r):
                        return False
        return True

    def _clean(self, part: Part) -> bool:
        """Has ``part`` and every sub-part split from it (theirs too) finished without a win?"""
        return part in self.clean and all(self._clean(sub) for sub in self.children.get(part, ()))

    def answer(self, worker: int, reply: dict[str, Any], stamp: int = 0) -> Part | None:
        """Book a call's reply (``stamp``: when it finished, on the simulated clock); the worker's
        current part afterwards (None: it is free)."""
        part, done = reply["part"], reply["done"]
        if reply["export"] is not None:
            self.exports[worker].append((stamp, reply["export"]))
        if reply.get("memos") is not None:
            self.memos[worker].append(reply["memos"])
        if reply.get("split"):
            self.split(worker, part, reply["split"])
        if done is None:
            return part
        if done == DROPPED:
            self.holds[worker].discard(part)       # never run: its worker's table does not rest on it
            return None
        self.close(part, done, reply["casts"], reply["reason"], stamp)
        return None

    def split(self, worker: int, part: Part, nodes: list[bytes]) -> list[Part]:
        """Book ``part`` split by ``worker``: ``nodes`` (the bottom of its stack, in the serial order)
        become sub-parts numbered after the part and before its earlier sub-parts (the part's own
        nodes come first in the serial order), each needing what ``worker`` had passed on by now."""
        low = Fraction(part)
        high = Fraction(self.upper.get(part, floor(part) + 1))
        step = (high - low) / (len(nodes) + 1)
        made: list[Part] = [low + step * (j + 1) for j in range(len(nodes))]
        for j, sub in enumerate(made):
            self.upper[sub] = made[j + 1] if j + 1 < len(made) else high
            self.roots[sub] = (nodes[j], worker, len(self.exports[worker]))
            self.done[sub] = False
            self.finished[sub] = None
        self.upper[part] = made[0]
        self.trees.setdefault(floor(part), []).extend(made)
        self.children.setdefault(part, []).extend(made)
        self.parent.update(dict.fromkeys(made, part))
        self.pending = sorted(self.pending + made)
        self.splits += 1
        return made

    def may_split_for(self, worker: int, part: Part) -> bool:
        """Could ``worker`` run the sub-parts of ``part`` if it were split now (nothing its table rests on
        comes after ``part`` unless finished, or a sub-part of ``part`` done with its tree)?"""
        return self._before(self.holds[worker], part)

    def may_split(self, worker: int, part: Part, held: list[Part], takers: list[int]) -> bool:
        """May ``worker``, holding ``held`` in the order dealt, split ``part`` while it runs it, for one of
        ``takers`` to run the sub-parts? Its table (the split's prefix) must rest on nothing after
        ``part`` but what finished (the parts dealt after ``part`` have not started while it runs), and
        a taker's too: else no worker could ever run the sub-parts."""
        unstarted = set(held[held.index(part) + 1:])
        return self._before(self.holds[worker] - unstarted, part) and \
            any(self.may_split_for(k, part) for k in takers if k != worker)

    def _before(self, relies: set[Part], part: Part) -> bool:
        return all(r <= part or self.finished.get(r) is not None or (self.parent.get(r) == part and self._clean(r))
                   for r in relies)

    def take_pending(self, worker: int, floor: Part | None) -> Part | None:
        """The first sub-part not yet dealt that ``worker`` may run, its earliest part held being
        ``floor`` (None: it holds none): every part its table rests on comes before the sub-part or
        finished without a win, and the split's prefix it needs is sound for its floor with the sub-part
        (so it is filed before the sub-part runs); none past a win."""
        for sub in self.pending:
            if self.win is not None and sub > self.win[0]:
                break
            if not self._sound(self.holds[worker], sub, None):
                continue
            _, source, needs = self.roots[sub]
            low = sub if floor is None else min(floor, sub)
            if source != worker and not all(self._sound(export[1][-1], low, None)
                                            for export in self.exports[source][self.sent[worker][source]:needs]):
                continue
            self.pending.remove(sub)
            return sub
        return None

    def close(self, part: Part, done: str, casts: Any, reason: str, stamp: int = 0) -> None:
        """Book a part that finished with ``done`` (its win's ``casts``, or why it is unknown). A part
        of a split tree counts as finished without a win once the whole tree is."""
        self.done[part] = True
        if done == UNSOLVABLE:
            self.clean.add(part)
            main = floor(part)
            tree = [main, *self.trees.get(main, ())]
            if all(p in self.clean for p in tree):
                for p in tree:
                    self.finished[p] = stamp
        if done == SOLVABLE:
            if self.win is None or part < self.win[0]:
                self.win = (part, tuple(casts))
        elif done == UNKNOWN:
            self.unknown = self.unknown or reason

    def verdict(self, states: int, seconds: float) -> Verdict:
        if self.win is not None and all(done for p, done in self.done.items() if p < self.win[0]):
            part = self.win[0]
            where = f"part {part + 1} of {self.parts}" if isinstance(part, int) else \
                f"a sub-part of part {floor(part) + 1} of {self.parts}"
            return Verdict(SOLVABLE, self.win[1], states, seconds, f"witness found in {where} (the serial search's witness)")
        if self.unknown is not None:
            return Verdict(UNKNOWN, (), states, seconds, self.unknown)
        if not all(self.done.values()):
            return Verdict(UNKNOWN, (), states, seconds, "the deal stalled: parts left that no worker may run")
        return Verdict(UNSOLVABLE, (), states, seconds, f"every one of {self.parts} parts explored"
                       + (f" ({self.splits} split while they ran)" if self.splits else ""))


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

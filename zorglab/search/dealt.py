"""A parallel proof whose damage-bound walks are dealt out by board (issue 41 item 4).

On the cells the bound decides, ~90 % of the serial search's time is the bound's lone walks, and
~97 % of those lone states (and nearly all their plan graphs) lie on the boards a board spell
(Swap) makes inside a walk: each such *continuation* — a hero walking on alone from a rearranged
board — is a walk of its own, filed by its board. Here one worker, the *prover*, runs the serial
search (:class:`~zorglab.search.solver.Search`, depth-first witness search and all) with a
:class:`DealtBound`: a continuation it needs is looked up in the answers the walkers sent; one not
there is *asked* of its board's owner (:func:`board_owner`: the prover owns a share of the boards,
each other worker the rest) and the question that needed it goes unanswered this time, exactly as
when the bound's work allowance runs out (``BoundSpent``: the branch goes on, sound, only less cut),
so it is asked again once the answers are in — or, as :class:`Prover` runs it (``suspend``), the
search puts the node back and ends its round (``BudgetSpent``), so it expands it again, answered, as
the serial search would: without that, the branches the bound has not yet cut grow the search
twenty- to a hundredfold (6 x 8: 1.1 M states against 12,229). Every walk is computed once, on one
worker.

A question's walk runs on past a continuation not yet answered (taken as 0 for now), so that one pass
asks every continuation the walk reaches; what it filed meanwhile in any of the bound's memos is
then taken back (``Journal``, ``zorglab.search.journal``) — filed from a value below the truth, it
would be unsound — but for the lone states whose own walk met no unanswered continuation
(``WalkJournal``).

A question on a board the search's own Swap made is dealt whole, as a continuation from where the
hero stands alone (:meth:`DealtBound.walk_drop`).

**It does not pay** (docs/performance.md, "The walks dealt out by board": 0.70x on the critical
path): a question waits for a walker's answers before the search goes on, so the walkers' work and
the prover's lie one after the other on the critical path, and the prover walks each waiting
question's start-board part again.

**Lockstep rounds**: the prover expands ``round_states`` states, then answers the continuations of
its own boards asked in the round; meanwhile each walker answers what the prover asked of it the
round before. Rounds count states, never seconds, so a dask cluster and ``client=None`` (the same
calls one after another here) give the same verdict, witness and states. The verdict is the prover's
own search's, whose every cut is the serial bound's (a continuation's answer is its own lone walk,
on any worker), so it is the serial verdict, and the witness the serial one: the depth-first witness
search meets the same first win, since only branches with no win in them are cut.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from zorglab.engine.state import GameState
from zorglab.core.budget import Budget, BudgetSpent
from zorglab.search.bound import DamageBound
from zorglab.search.journal import WalkJournal, journaled
from zorglab.search.lonewalk import BIG, SOLO_BUDGET, UNBOUNDED
from zorglab.search.solver import SOLVABLE, UNKNOWN, UNSOLVABLE, Search, Verdict, gc_paused

Request = tuple[GameState, int, int, bool, bool]    # a continuation: (board state, hero, pauses, paused, noisy)
ROUND_STATES = 200      # states the prover expands per round (work, never a clock)
PROVER_SHARE = 40       # of every 100 boards, those the prover walks itself (it also runs the search)


def board_owner(slots: tuple[tuple[int, int], ...], walkers: int, share: int = PROVER_SHARE) -> int:
    """The worker that walks the continuations on the board with these room places: the prover (0)
    for ``share`` of every 100 boards, the other ``walkers - 1`` for the rest, in turn. Read from the
    slots alone (integers: every process computes the same owner)."""
    if walkers <= 1:
        return 0
    spot = hash(slots) % 100 if walkers > 1 else 0
    if spot < share:
        return 0
    return 1 + hash((slots, walkers)) % (walkers - 1)


class DealtBound(DamageBound):
    """The damage bound of a search whose continuations (a hero walking on from a board a board
    spell made) are walked by their board's owner; see the module's docstring."""

    OWN = frozenset({"answers", "asked"})   # the dealing's own tables: never taken back

    def __init__(self, world: Any, walkers: int = 1, index: int = 0, share: int = PROVER_SHARE):
        super().__init__(world)
        self.walkers, self.index, self.share = walkers, index, share
        self.answers: dict[Request, tuple[int, bool]] = {}     # continuation -> (drop, exact)
        self.asked: dict[Request, int] = {}     # continuations wanted, with the largest need asked
        self.serving = 0            # > 0 while answering continuations: they are walked here
        self.missing = 0           # continuations found unanswered (a count)
        self.served = 0             # lone states the last :meth:`serve` walked
        self.suspend = False        # a question waiting for answers stops the search's round (else: no answer)
        self.waited = 0             # questions that waited for answers
        self._solo = WalkJournal(self)
        self._memos = journaled(self, self.OWN)
        self._grouped = False

    @property       # type: ignore[override]
    def groups(self) -> Any:
        found = DamageBound.groups.fget(self)       # type: ignore[attr-defined]
        if found is not None and not self._grouped:
            self._grouped = True
            memos = journaled(found)
            if any(memo.on for memo in self._memos):     # built inside a question: taken back with it
                for memo in memos:
                    memo.open()
            self._memos += memos
        return found

    @groups.setter
    def groups(self, groups: Any) -> None:
        DamageBound.groups.fset(self, groups)       # type: ignore[attr-defined]
        self._grouped = False

    @property
    def dealing(self) -> bool:
        return self.walkers > 1 and not self.serving

    # -- the prover's side --------------------------------------------------------------------

    @staticmethod
    def request(nxt: GameState, i: int, pauses: int, paused: bool, noisy: bool) -> Request:
        """A continuation's key: the whole board state, its tick and the walker's HP set aside as
        the lone-state memo sets them aside (the walk reads neither; its HP is huge)."""
        hero = nxt.heroes[i]
        heroes = nxt.heroes[:i] + (hero._replace(hp=BIG),) + nxt.heroes[i + 1:]
        return (nxt._replace(heroes=heroes), i, pauses, paused, noisy)

    def _after_board(self, nxt: GameState, i: int, hp: int, pauses: int, paused: bool, depth: int, need: int) -> int:
        if not self.dealing:
            return self._then(nxt, i, hp, pauses, paused, depth, need)
        after = nxt.heroes[i]
        if not after.alive:
            return UNBOUNDED
        step = max(0, hp - after.hp)
        rest = need - step
        if rest <= 0:
            return step
        key = self.request(nxt, i, pauses, paused, self.noisy)
        found = self.answers.get(key)
        if found is not None and (found[1] or found[0] >= rest):
            return step + found[0]
        self.missing += 1
        if self.asked.get(key, 0) < rest:
            self.asked[key] = rest
        return step         # a stand-in below the truth: the question is taken back at its end

    def walk_drop(self, state: GameState, index: int, bends: int, pauses: int, need: int = UNBOUNDED,
                  paused: bool = True) -> int:
        """A question's walk on a board another walker owns (the search cast a Swap) is asked of
        that walker whole, as a continuation from where the hero stands alone."""
        if not self.dealing or board_owner(state.slots, self.walkers, self.share) == self.index \
                or len(self._solo) > SOLO_BUDGET:
            return super().walk_drop(state, index, bends, pauses, need, paused)
        solo = self.alone(state, index, bends)
        return self._after_board(solo, index, solo.heroes[index].hp, pauses, paused, 0, need)

    def _question(self, ask: Any, none: Any, *args: Any) -> Any:
        """One of the search's questions (``hopeless``, ``board_cut``), answered only when every
        continuation it reached was answered: else everything it filed is taken back and it gives
        no answer (``none``) or, with :attr:`suspend`, stops the search's round."""
        if not self.dealing:
            return ask(*args)
        missing = self.missing
        for memo in self._memos:
            memo.open()
        undo = True
        try:
            found = ask(*args)
            undo = self.missing != missing
        finally:
            for memo in self._memos:
                memo.close(undo)
        if not undo:
            return found
        self.waited += 1
        if self.suspend:
            budget = Budget(0)
            budget.check()
            raise BudgetSpent(budget)   # the search puts its node back: expanded again once answered
        return none

    def hopeless(self, state: GameState, mask: int, parts: tuple[int, ...]) -> bool:
        return bool(self._question(super().hopeless, False, state, mask, parts))

    def board_cut(self, state: GameState, mask: int, parts: tuple[int, ...], active: int | None) -> int:
        return int(self._question(super().board_cut, 0, state, mask, parts, active))

    def take(self, answers: list[tuple[Request, int, bool]]) -> None:
        """File continuations answered elsewhere (the better of two answers for one)."""
        for key, value, exact in answers:
            have = self.answers.get(key)
            if have is None or (not have[1] and (exact or value > have[0])):
                self.answers[key] = (value, exact)

    def dealt(self) -> list[list[tuple[Request, int]]]:
        """The continuations asked since last time, by owner (cleared here)."""
        out: list[list[tuple[Request, int]]] = [[] for _ in range(max(1, self.walkers))]
        for key, rest in self.asked.items():
            out[board_owner(key[0].slots, self.walkers, self.share)].append((key, rest))
        self.asked.clear()
        return out

    # -- a walker's side ----------------------------------------------------------------------

    def serve(self, requests: list[tuple[Request, int]]) -> list[tuple[Request, int, bool]]:
        """Walk each continuation asked (board state, hero, pauses, paused, noisy; need) here, as the
        serial bound's walk would on from that board: (key, drop, exact). The walks are not charged
        to a search's allowance (a walker has no search)."""
        out = []
        self.serving += 1
        allowance, work = self.allowance, self.work
        self.allowance = None
        try:
            for key, rest in requests:
                have = self.answers.get(key)
                if have is None or not (have[1] or have[0] >= rest):
                    nxt, i, pauses, paused, noisy = key
                    self.noisy = noisy
                    try:
                        value = UNBOUNDED if len(self._solo) > SOLO_BUDGET else \
                            self._value(nxt, i, pauses, paused, 0, rest)
                    except RecursionError:      # deeper than the interpreter's stack: no bound
                        value = UNBOUNDED
                    finally:
                        self.noisy = False
                    have = self.answers[key] = (value, value < rest)
                out.append((key, have[0], have[1]))
        finally:
            self.serving -= 1
            self.allowance, self.served, self.work = allowance, self.work - work, work
        return out


class Prover:
    """The serial search with a :class:`DealtBound` (a dask actor on worker 0)."""

    def __init__(self, source: Any, walkers: int, share: int = PROVER_SHARE, suspend: bool = True):
        from zorglab.search.parallel import search_options
        self.search = Search(**search_options(source), fewest=False)
        self.suspend = suspend
        self.bound: DealtBound | None = None
        if self.search._bound is not None:
            self.bound = self.search._bound = DealtBound(self.search.world, walkers, 0, share)

    def round(self, answers: list[tuple[Request, int, bool]], round_states: int) -> dict[str, Any]:
        """Take the walkers' answers, expand at most ``round_states`` states, answer the prover's own
        continuations asked meanwhile, and hand back those asked of the others."""
        t0 = time.process_time()
        search, bound = self.search, self.bound
        with gc_paused():
            if bound is not None:
                bound.take(answers)
            before = search.states
            if bound is not None:
                bound.suspend = search._started and self.suspend
            verdict = search.run(max_states=round_states)
            dealt: list[list[tuple[Request, int]]] = [[]]
            if bound is not None:
                dealt = bound.dealt()
                bound.take(bound.serve(dealt[0]))
        status: str = verdict.verdict
        if status == UNKNOWN and (search.states - before >= round_states or any(dealt)):
            status = ""         # the round's states spent, or a question waits for answers: go on
        return {"status": status, "verdict": verdict, "asks": dealt[1:], "cpu": time.process_time() - t0}


class Walker:
    """A worker that walks the continuations of its boards (a dask actor): its own world, plan graphs
    and lone-state memo, kept between rounds."""

    def __init__(self, source: Any, walkers: int, index: int, share: int = PROVER_SHARE):
        from zorglab.search.parallel import search_options
        self.bound = DealtBound(search_options(source)["world"], walkers, index, share)

    def serve(self, requests: list[tuple[Request, int]]) -> dict[str, Any]:
        t0 = time.process_time()
        with gc_paused():
            answers = self.bound.serve(requests)
        return {"answers": answers, "cpu": time.process_time() - t0, "lone": self.bound.served}


@dataclass
class DealtRun:
    """How a dealt proof went: the verdict, the rounds, each worker's CPU seconds (the prover first)
    and the critical path (per round, the slowest worker's CPU seconds, summed)."""

    verdict: Verdict
    rounds: int = 0
    cpu: list[float] = field(default_factory=list)
    critical: float = 0.0
    asked: int = 0          # continuations asked of the other walkers


def dealt_solve(source: Any, *, walkers: int = 2, client: Any = None, round_states: int = ROUND_STATES,
                share: int = PROVER_SHARE, max_rounds: int | None = None) -> DealtRun:
    """Decide the source's world by the serial search on one worker, its bound's continuations walked
    by ``walkers`` workers (the prover one of them), on ``client`` (a dask ``distributed.Client``:
    one actor a worker) or, with None, here one after another; the same verdict, witness and states
    either way. ``max_rounds`` (when given) stops it unknown after that many rounds."""
    if walkers < 1:
        raise ValueError(f"a dealt proof needs at least one walker, not {walkers}")
    if client is None:
        prover: Any = Prover(source, walkers, share)
        helpers: list[Any] = [Walker(source, walkers, i, share) for i in range(1, walkers)]
    else:
        names = sorted(client.scheduler_info()["workers"])
        futures = [client.submit(Prover, source, walkers, share, actor=True, workers=[names[0]], pure=False)]
        futures += [client.submit(Walker, source, walkers, i, share, actor=True,
                                  workers=[names[i % len(names)]], pure=False) for i in range(1, walkers)]
        actors = [future.result() for future in futures]
        prover, helpers = actors[0], actors[1:]
    run = DealtRun(Verdict(UNKNOWN), cpu=[0.0] * walkers)
    answers: list[tuple[Request, int, bool]] = []
    asks: list[list[tuple[Request, int]]] = [[] for _ in helpers]
    while True:
        run.rounds += 1
        calls = [prover.round(answers, round_states)] + [helper.serve(asked) for helper, asked in zip(helpers, asks)]
        replies = calls if client is None else [call.result() for call in calls]
        proved, served = replies[0], replies[1:]
        answers = [answer for reply in served for answer in reply["answers"]]
        asks = proved["asks"]
        run.asked += sum(len(asked) for asked in asks)
        cpus = [proved["cpu"]] + [reply["cpu"] for reply in served]
        run.cpu = [total + cpu for total, cpu in zip(run.cpu, cpus)]
        run.critical += max(cpus)
        if proved["status"] in (SOLVABLE, UNSOLVABLE, UNKNOWN):
            verdict = proved["verdict"]
            run.verdict = Verdict(verdict.verdict, verdict.casts, verdict.states, sum(run.cpu),
                                  f"{verdict.reason} (its bound's walks dealt to {walkers} walkers, "
                                  f"{run.rounds} rounds)")
            return run
        if max_rounds is not None and run.rounds >= max_rounds:
            run.verdict = Verdict(UNKNOWN, (), proved["verdict"].states, sum(run.cpu),
                                  f"round budget of {max_rounds} spent")
            return run

"""A parallel proof that shares its table (issue 41): one search, its states dealt to shards by
situation, run in lockstep rounds on a dask cluster.

The split proof (:func:`~zorglab.search.parallel.parallel_solve`) gives each part its own search,
and the parts' subtrees meet: each part expands nearly every state the serial search does. Here
every situation has one owner, ``owner(state) % shards`` (a hash of the rooms' places and the
living heroes' places and HP: integers only, so every process computes the same owner). Each shard
is the serial proof search (:class:`~zorglab.search.solver.Search` with ``fewest=True``: its bucket
queue by spells spent, its table, its cuts) over the states it owns; a child it makes that another
shard owns is sent there, so every situation is filed, compared for dominance and expanded in one
table only. Shards with a damage bound also send each other the lone walks they computed (the
bound's lone-state memo, whose keys are the walk's own data).

Soundness is the serial search's: a shard skips a state only where its own table holds one equal
or richer (the same situation is always the same shard's), and the proof is over only when every
shard's queue is empty and no state is on its way; every state sent is one the serial search would
have offered. A state received hangs from a stand-in naming its sender and its number there, so a
win found by any shard is traced back, shard by shard, to a witness from the start.

**Lockstep rounds** make the answer the cluster's timing's no business: in a round every shard
expands at most ``round_states`` states, then the states sent are delivered, in shard order. Rounds
count states, never seconds, so a cluster and ``client=None`` (the shards one after another here)
expand the same states and return the same verdict and witness (the lowest shard's, in the first
round any finds one). One shard is the serial proof, state for state. States travel interned
(:class:`Encoder`): each board part and hero state crosses once, then as a number.

It does not pay yet (docs/performance.md, "The parallel proof"): half of all states cross between two
shards, and shipping one costs about what expanding it does; each process builds its own plan graphs
and, where the damage bound runs, walks most of the same lone walks.
"""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass, field
from itertools import islice
from typing import Any, Callable

from zorglab.core.model import Cast
from zorglab.engine.state import GameState
from zorglab.engine.world import World
from zorglab.search.solver import SOLVABLE, UNKNOWN, UNSOLVABLE, Search, Verdict, gc_paused
from zorglab.search.witness import SearchNode

Source = Callable[[], tuple[World, Any, "frozenset[str] | None", bool]]
ROUND_STATES = 1_000        # states a shard expands per round (work, never a clock)
MAX_PARTS = 200_000         # parts an encoder (and its decoder) keeps before both forget them all (memory)
HEROES = GameState._fields.index("heroes")
HERO = len(GameState._fields)      # the encoder's further kind of part: a hero's state
Batch = tuple[list[Any], list[tuple[int, ...]], list[int], bool]   # new parts, states as numbers, masks, parts forgotten


def owner(state: GameState, shards: int) -> int:
    """The shard owning this state's situation: read from the rooms' places and the living heroes'
    places and HP alone (parts of the situation, integers only — no None, whose hash is its address
    before Python 3.12 — so equal situations, even with their dead forgotten, have one owner, and every
    process computes the same)."""
    return hash((state.slots, tuple([(h.pos or (), h.hp) if h.alive else () for h in state.heroes]))) % shards


class Encoder:
    """One direction's interning: a state goes as numbers, each part (a field's value, a hero's
    state) the first time it crosses as itself. Its :class:`Decoder` on the other side numbers what
    it receives in the same order. A part met again by identity (a move keeps the parts it leaves
    alone) is found by its id; the encoder keeps it alive, so the id stays its own."""

    def __init__(self) -> None:
        self._ids: list[dict[Any, int]] = []
        self._by_id: dict[int, tuple[Any, int]] = {}
        self._count = 0
        self.new: list[Any] = []
        self._clear()

    def _clear(self) -> None:
        self._ids = [{} for _ in range(HERO + 1)]
        self._by_id = {}
        self._count = 0

    def _ref(self, kind: int, value: Any) -> int:
        known = self._by_id.get(id(value))
        if known is not None and known[0] is value:
            return known[1]
        ids = self._ids[kind]
        number = ids.get(value)
        if number is None:
            number = ids[value] = self._count
            self._count += 1
            self.new.append(value)
        self._by_id[id(value)] = (value, number)
        return number

    def encode(self, state: GameState) -> tuple[int, ...]:
        heroes = self._ref(HEROES, tuple([self._ref(HERO, h) for h in state.heroes]))
        return tuple([heroes if kind == HEROES else self._ref(kind, value) for kind, value in enumerate(state)])

    def batch(self) -> list[Any]:
        """The parts new since the last batch (to go with its records)."""
        new, self.new = self.new, []
        return new

    def forget(self) -> bool:
        """Past ``MAX_PARTS`` parts, forget them all (between batches; the decoder is told to, by the
        batch's ``fresh`` flag): a long proof keeps no copy of every state it sent."""
        if self._count < MAX_PARTS:
            return False
        self._clear()
        return True


class Decoder:
    """The receiving side of one :class:`Encoder`."""

    def __init__(self) -> None:
        self.parts: list[Any] = []

    def decode(self, new: list[Any], records: list[tuple[int, ...]], fresh: bool = False) -> list[GameState]:
        if fresh:
            self.parts = []
        parts = self.parts
        parts.extend(new)
        out = []
        for fields in records:
            values = [parts[n] for n in fields]
            values[HEROES] = tuple([parts[n] for n in values[HEROES]])
            out.append(GameState(*values))
        return out


@dataclass
class Shard(Search):
    """One shard: the serial proof search (the bucket queue, fewest spells spent first; its table and
    cuts) over the states it owns; a state another shard owns goes to that shard's outbox. A state
    received hangs from a stand-in node naming where it came from (its ``mask`` field holds
    ``number * count + sender``), so the witness is traced back through the shards at the end."""

    index: int = 0
    count: int = 1
    total: int = 0          # states every shard expanded by the last round: the bound's allowance reads it
    share_walks: bool = True    # send the bound's lone-state memo to the other shards
    outbox: list[list[tuple[GameState, int]]] = field(default_factory=list, repr=False)
    _sent_from: list[list[tuple[tuple[Cast, ...], int | None]]] = field(default_factory=list, repr=False)
    _encoders: list[Encoder] = field(default_factory=list, repr=False)
    _decoders: list[Decoder] = field(default_factory=list, repr=False)
    _received: list[int] = field(default_factory=list, repr=False)     # states received from each shard
    _spells: int = 0        # spells at the start
    _sent: int = 0          # lone states of the bound's memo already sent
    _current: int = 0       # the spells spent of the bucket the queue holds
    _static_said: bool = False

    def __post_init__(self) -> None:
        self.fewest = True
        super().__post_init__()
        self.outbox = [[] for _ in range(self.count)]
        self._sent_from = [[] for _ in range(self.count)]
        self._encoders = [Encoder() for _ in range(self.count)]
        self._decoders = [Decoder() for _ in range(self.count)]
        self._received = [0] * self.count
        self._spells = sum(self.world.initial_state().spells_left)

    def _offer(self, state: GameState, parent: SearchNode | None, cast: Cast | None, mask: int, cost: int) -> None:
        to = owner(state, self.count)
        if to != self.index:
            if parent is not None:          # the first state is offered by its owner alone
                self.outbox[to].append((state, mask))
                casts, came = self.trace(parent)        # kept without the states: a few casts each
                self._sent_from[to].append((casts + (cast,) if cast is not None else casts, came))
            return
        super()._offer(state, parent, cast, mask, cost)

    def _parts(self, state: GameState, parent: SearchNode | None) -> tuple[int, ...]:
        if parent is not None and not parent.parts:     # a state another shard sent: numbered whole
            parent = None
        return Search._parts(self, state, parent)

    def _push(self, node: SearchNode, cost: int) -> None:
        """Into the bucket of its spells spent (a state sent from a shard further on goes to the bucket
        at hand)."""
        ahead = node.spent - self._current
        if ahead <= 0:
            self._queue.appendleft(node)
        else:
            while len(self._later) < ahead:
                self._later.append(deque())
            self._later[ahead - 1].append(node)

    def _pop(self) -> SearchNode | None:
        while not self._queue:
            if not self._later:
                return None
            self._queue = self._later.pop(0)
            self._current += 1
        return self._queue.popleft()

    def _allow(self, bound: Any) -> bool:
        """The bound's allowance as the serial search's, from the states every shard expanded."""
        own, self.states = self.states, max(self.states, self.total)
        try:
            return super()._allow(bound)
        finally:
            self.states = own

    def _static(self, start: GameState) -> bool:
        self._static_said = super()._static(start)
        return self._static_said

    def trace(self, node: SearchNode | None) -> tuple[tuple[Cast, ...], int | None]:
        """The casts from where ``node``'s branch came into this shard (the start, or a state another
        shard sent: then its number there, ``number * count + sender``)."""
        casts = []
        while node is not None:
            if node.cast is not None:
                casts.append(node.cast)
            if node.state is None:          # a stand-in: the branch came from another shard
                return tuple(reversed(casts)), node.mask
            node = node.parent
        return tuple(reversed(casts)), None

    def sent(self, to: int, number: int) -> tuple[tuple[Cast, ...], int | None]:
        """The casts that reached the ``number``-th state sent to shard ``to``, from where its branch
        came into this shard."""
        return self._sent_from[to][number]

    def round(self, inbox: list[tuple[int, Batch]], solo: list[Any], total: int, round_states: int) -> dict[str, Any]:
        """One lockstep round: take in what the other shards sent (states, the bound's lone walks),
        expand at most ``round_states`` states, and hand back what goes to whom (interned) and how it
        stands."""
        t0 = time.process_time()
        with gc_paused():
            self.total = total
            for sender, (new, records, masks, fresh) in inbox:
                number = self._received[sender]
                for state, mask in zip(self._decoders[sender].decode(new, records, fresh), masks):
                    stand_in = SearchNode(None, self._spells - mask.bit_count(), None, None,  # type: ignore[arg-type]
                                          number * self.count + sender, ())
                    number += 1
                    self._offer(state, stand_in, None, mask, 0)
                self._received[sender] = number
            memo = _walk_memo(self._bound)
            if memo is not None and solo:
                for key, value in solo:
                    have = memo.get(key)
                    if have is None or (not have[1] and (value[1] or value[0] > have[0])):
                        memo[key] = value
                self._sent = len(memo)
            before, started = self.states, self._started
            verdict = self.run(max_states=round_states)
            out: list[Batch] = []
            for to, sent in enumerate(self.outbox):
                encoder = self._encoders[to]
                fresh = bool(sent) and encoder.forget()
                records = [encoder.encode(state) for state, _ in sent]
                out.append((encoder.batch(), records, [mask for _, mask in sent], fresh))
                sent.clear()
            walks: list[Any] = []
            if memo is not None and self.share_walks and self.count > 1:
                self._sent = min(self._sent, len(memo))
                walks = list(islice(memo.items(), self._sent, None))
                self._sent = len(memo)
        witness: tuple[tuple[Cast, ...], int | None] = ((), None)
        if self._found is not None:
            status = SOLVABLE
            witness = self.trace(self._found)
        elif not started and self._static_said:
            status = UNSOLVABLE     # the static check (every shard makes it alike)
        elif verdict.verdict == UNKNOWN and self.states - before < round_states:
            status = UNKNOWN        # stopped for its own reason: a plan too large, the table, Ctrl-C
        else:
            status = ""             # the round's states spent, or nothing left to expand (for now)
        return {"status": status, "witness": witness, "reason": verdict.reason, "states": self.states,
                "idle": not self._queue and not self._later, "out": out, "walks": walks,
                "cpu": time.process_time() - t0}


def _walk_memo(bound: Any) -> dict[tuple[Any, ...], tuple[int, bool]] | None:
    """The bound's lone-state memo (``LoneWalks._solo``: lone state -> (drop, exact)), or None where
    there is no bound (or the memo is no longer kept under that name: then nothing is shared)."""
    memo = getattr(bound, "_solo", None) if bound is not None else None
    return memo if isinstance(memo, dict) else None


class ShardActor:
    """A shard living on a dask worker (an actor: its tables stay there between rounds)."""

    def __init__(self, source: Source, index: int, count: int):
        from zorglab.search.parallel import search_options
        self.shard = Shard(**search_options(source), index=index, count=count)

    def round(self, inbox: list[tuple[int, Batch]], solo: list[Any], total: int, round_states: int) -> dict[str, Any]:
        return self.shard.round(inbox, solo, total, round_states)

    def sent(self, to: int, number: int) -> tuple[tuple[Cast, ...], int | None]:
        return self.shard.sent(to, number)


@dataclass
class ShardedRun:
    """How a sharded proof went: per shard, the states it expanded and the CPU seconds its rounds took;
    the rounds; and the critical path (per round, the slowest shard's CPU seconds, summed)."""

    verdict: Verdict
    rounds: int = 0
    states: list[int] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    critical: float = 0.0


def sharded_solve(source: Source, *, shards: int = 2, client: Any = None, max_states: int | None = None,
                  max_seconds: float | None = None, round_states: int = ROUND_STATES) -> ShardedRun:
    """Decide the source's world by ``shards`` shards of one search, on ``client`` (a dask
    ``distributed.Client``: one actor a shard, dealt over its workers) or, with None, here one after
    another; the same verdict and witness either way. ``max_states`` bounds the states of all shards
    together (looked at between rounds); ``max_seconds`` the CPU seconds of all together (a safety
    stop, looked at between rounds)."""
    if shards < 1:
        raise ValueError(f"a sharded proof needs at least one shard, not {shards}")
    if client is None:
        actors: list[Any] = [ShardActor(source, i, shards) for i in range(shards)]
    else:
        workers = sorted(client.scheduler_info()["workers"])
        futures = [client.submit(ShardActor, source, i, shards, actor=True, workers=[workers[i % len(workers)]],
                                 pure=False) for i in range(shards)]
        actors = [future.result() for future in futures]

    def call(method: str, *calls: tuple[Any, ...]) -> list[Any]:
        answers = [getattr(actors[i], method)(*args) for i, args in calls]
        return answers if client is None else [answer.result() for answer in answers]

    run = ShardedRun(Verdict(UNKNOWN), states=[0] * shards, cpu=[0.0] * shards)
    inboxes: list[list[tuple[int, Batch]]] = [[] for _ in range(shards)]
    walks: list[list[Any]] = [[] for _ in range(shards)]
    total = 0
    while True:
        run.rounds += 1
        solo = [[item for j in range(shards) if j != i for item in walks[j]] for i in range(shards)]
        answers = call("round", *[(i, (inboxes[i], solo[i], total, round_states)) for i in range(shards)])
        inboxes = [[] for _ in range(shards)]
        for i, answer in enumerate(answers):
            for to, batch in enumerate(answer["out"]):
                if batch[1]:
                    inboxes[to].append((i, batch))
            run.states[i] = answer["states"]
            run.cpu[i] += answer["cpu"]
        run.critical += max(answer["cpu"] for answer in answers)
        walks = [answer["walks"] for answer in answers]
        total = sum(run.states)
        seconds = sum(run.cpu)
        for i, answer in enumerate(answers):
            if answer["status"] == SOLVABLE:    # the lowest shard's, whichever worker finished first
                casts, came = answer["witness"]
                while came is not None:         # back through the shards that sent the branch on
                    sender, number = came % shards, came // shards
                    before, came = call("sent", (sender, (i, number)))[0]
                    casts, i = before + casts, sender
                return _done(run, Verdict(SOLVABLE, casts, total, seconds,
                                          f"witness found by one of {shards} shards in round {run.rounds}"))
        for answer in answers:
            if answer["status"] in (UNKNOWN, UNSOLVABLE):
                return _done(run, Verdict(answer["status"], (), total, seconds, answer["reason"]))
        if all(answer["idle"] for answer in answers) and not any(inboxes):
            return _done(run, Verdict(UNSOLVABLE, (), total, seconds,
                                      f"every legal cast sequence explored by {shards} shards of one search "
                                      f"({run.rounds} rounds)"))
        if max_states is not None and total >= max_states:
            return _done(run, Verdict(UNKNOWN, (), total, seconds, f"state budget of {max_states} spent"))
        if max_seconds is not None and seconds >= max_seconds:
            return _done(run, Verdict(UNKNOWN, (), total, seconds,
                                      f"safety stop of {max_seconds:g} CPU s struck: not finished"))


def _done(run: ShardedRun, verdict: Verdict) -> ShardedRun:
    run.verdict = verdict
    return run

"""The solver (contract §4, R2, R3, R8): breadth-first search over the hero's states.

State = (where the hero stands, events collected, doors opened). Events hold the small
keys taken (the count left is keys taken minus doors opened), the master key, the mini-boss
and boss beaten, Bombs reached and the Pegasus chest. Moves: open doors; a locked door
when a small key is left (spend one, the door stays open); the boss door with the master
key; a cracked side once a Bomb source was reached; stairs, circles and pits.

Two states that differ only in where the hero stands inside one strongly connected area
(every cell reachable from every other through open ways), with everything in that area
collected, are one state: the hero can walk between them and pick everything up, and
picking up never hurts (more keys and flags only open more moves). So a state is
(area, events, opened) and a search step is one key spent or one one-way ride. This
quotient is exact; it is what keeps the search small.

The worst key order: the search tries every spend, side doors and wasted keys included,
then proves that from every reachable state the gate is still reachable. When it is not,
it reports the first soft-lock (in breadth-first order) and the steps that lead to it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from zorglab.temples.errors import SolverBudgetError
from zorglab.temples.graph import BOMB, FLAG_BITS, FLAG_MASK, MASTER, TempleGraph, compile_temple
from zorglab.temples.model import Place, Temple

if TYPE_CHECKING:
    from zorglab.temples.progress import TempleProgress
    from zorglab.temples.route import Route

DEFAULT_BUDGET = 200_000


@dataclass(frozen=True)
class Step:
    """One decision of the hero: spend a key on a door (``open``) or take a one-way ride."""

    kind: str  # "open" | "ride"
    source: Place
    target: Place
    via: str

    def __str__(self) -> str:
        verb = "open" if self.kind == "open" else "take"
        return f"{verb} {self.via} {self.source}->{self.target}"


@dataclass(frozen=True)
class SoftLock:
    """A reachable state from which the gate can no longer be reached."""

    at: Place
    keys: int
    steps: tuple[Step, ...]

    def __str__(self) -> str:
        order = ", ".join(str(s) for s in self.steps) or "no step"
        return f"after {order}, the hero at {self.at} holds {self.keys} key(s) and can no longer reach the gate"


@dataclass(frozen=True)
class Solution:
    """What the solver found; ``critical`` (the walk and its milestones) is worked out on demand."""

    temple: Temple
    solvable: bool
    states: int
    steps: tuple[Step, ...]
    soft_lock: SoftLock | None
    reached: frozenset[Place]
    blocked: tuple[tuple[Place, Place, str], ...]
    graph: TempleGraph = field(repr=False, compare=False)
    start: "TempleProgress | None" = field(default=None, repr=False, compare=False)

    @property
    def ok(self) -> bool:
        """Solvable in every key order (R2 and R3's worst order)."""
        return self.solvable and self.soft_lock is None

    @property
    def locks_opened(self) -> int:
        return sum(1 for s in self.steps if s.kind == "open")

    @cached_property
    def critical(self) -> "Route | None":
        from zorglab.temples.route import critical_route

        return critical_route(self.graph, self.start) if self.solvable else None

    @property
    def critical_order(self) -> tuple[tuple[Place, str], ...]:
        """The critical rooms in the order the hero passes them: (place, what happens)."""
        route = self.critical
        return route.milestones if route else ()


def _start(graph: TempleGraph, progress: "TempleProgress | None") -> tuple[int, int, int, int, int, bool]:
    """(cell, events, opened, base keys, base flags, pegasus held) for a fresh run or a progress."""
    if progress is None:
        return graph.entrance, 0, 0, 0, 0, False
    from zorglab.temples.grants import holds_bombs, is_pegasus

    index = graph.index
    events = 0
    for place in progress.cleared_rooms | progress.opened_chests:
        cell = index.get(Place(*place))
        if cell is not None:
            events |= graph.event_of[cell]
    opened = 0
    for bit, (u, v, _via) in enumerate(graph.doors):
        pair = (graph.places[u], graph.places[v])
        if pair in progress.opened_doors or pair[::-1] in progress.opened_doors:
            opened |= 1 << bit
    base_keys = progress.small_keys - graph.keys_in(events) + opened.bit_count()
    flags = (MASTER if progress.master_key else 0) | (BOMB if progress.bombs or holds_bombs(progress.key_items) else 0)
    held = any(is_pegasus(item) for item in progress.key_items)
    cell = index.get(Place(*progress.position), graph.entrance)
    return cell, events, opened, base_keys, flags, held


def solve(temple: Temple | TempleGraph, progress: "TempleProgress | None" = None, *, budget: int = DEFAULT_BUDGET) -> Solution:
    """Search every key order from the entrance (or from ``progress``) to the gate."""
    g = temple if isinstance(temple, TempleGraph) else compile_temple(temple)
    moves, back, event_of = g.moves, g.back, g.event_of
    n = g.size
    symmetric = g.symmetric
    master_mask, bomb_mask = g.master_mask, g.bomb_mask
    key_mask, extra_keys = g.key_mask, g.extra_keys
    boss_mask, pegasus_mask, gate = g.boss_mask, g.pegasus_mask, g.gate
    start_cell, start_events, start_opened, base_keys, base_flags, pegasus_held = _start(g, progress)
    need_pegasus = bool(pegasus_mask) and not pegasus_held

    def settle(c: int, events: int, opened: int) -> tuple[bytearray, list[int], int, int]:
        flags = base_flags | (MASTER if events & master_mask else 0) | (BOMB if events & bomb_mask else 0)
        while True:
            have = flags | (opened << FLAG_BITS)
            mark = bytearray(n)
            mark[c] = 1
            members = [c]
            stack = [c]
            pop, push = stack.pop, stack.append
            while stack:
                for v, need in moves[pop()]:
                    if not mark[v] and not need & ~have:
                        mark[v] = 1
                        members.append(v)
                        push(v)
            if not symmetric:
                inner = bytearray(n)
                inner[c] = 1
                members = [c]
                stack = [c]
                while stack:
                    for u, need in back[stack.pop()]:
                        if mark[u] and not inner[u] and not need & ~have:
                            inner[u] = 1
                            members.append(u)
                            stack.append(u)
                mark = inner
            got = events
            for u in members:
                got |= event_of[u]
            now = base_flags | (MASTER if got & master_mask else 0) | (BOMB if got & bomb_mask else 0)
            if now == flags:
                return mark, members, got, flags
            events, flags = got, now

    def keys_left(events: int, opened: int) -> int:
        total = base_keys + (events & key_mask).bit_count() - opened.bit_count()
        for bit, more in extra_keys:
            if events & bit:
                total += more
        return total

    # Per state: events, opened, entry cell, parent, step, goal, members.
    st_events: list[int] = []
    st_opened: list[int] = []
    st_entry: list[int] = []
    st_parent: list[int] = []
    st_step: list[tuple[str, int, int, int] | None] = []
    st_goal: list[bool] = []
    st_members: list[list[int]] = []
    st_marks: list[bytearray] = []
    st_flags: list[int] = []
    by_key: dict[tuple[int, int, int], int] = {}
    by_entry: dict[tuple[int, int, int], int] = {}
    preds: list[list[int]] = []

    def visit(c: int, events: int, opened: int, parent: int, step: tuple[str, int, int, int] | None) -> int:
        entry = (c, events, opened)
        sid = by_entry.get(entry)
        if sid is not None:
            return sid
        mark, members, got, flags = settle(c, events, opened)
        key = (min(members), got, opened)
        sid = by_key.get(key)
        if sid is None:
            sid = len(st_events)
            if sid >= budget:
                raise SolverBudgetError(f"more than {budget} solver states")
            by_key[key] = sid
            st_events.append(got)
            st_opened.append(opened)
            st_entry.append(c)
            st_parent.append(parent)
            st_step.append(step)
            st_members.append(members)
            st_marks.append(mark)
            st_flags.append(flags)
            preds.append([])
            st_goal.append(
                bool(mark[gate])
                and (got & boss_mask) == boss_mask
                and (not need_pegasus or bool(got & pegasus_mask))
            )
        by_entry[entry] = sid
        return sid

    visit(start_cell, start_events, start_opened, -1, None)
    head = 0
    while head < len(st_events):
        sid = head
        head += 1
        if st_goal[sid]:
            continue
        events, opened, mark = st_events[sid], st_opened[sid], st_marks[sid]
        have = st_flags[sid] | (opened << FLAG_BITS)
        keys = keys_left(events, opened)
        seen: set[int] = set()
        for u in st_members[sid]:
            for v, need in moves[u]:
                missing = need & ~have
                if not missing:
                    if mark[v]:
                        continue
                    nxt = visit(v, events, opened, sid, ("ride", u, v, 0))
                elif keys > 0 and not missing & FLAG_MASK:
                    nxt = visit(v, events, opened | (missing >> FLAG_BITS), sid, ("open", u, v, missing >> FLAG_BITS))
                else:
                    continue
                if nxt != sid and nxt not in seen:
                    seen.add(nxt)
                    preds[nxt].append(sid)

    total = len(st_events)
    good = bytearray(total)
    queue = [s for s in range(total) if st_goal[s]]
    for s in queue:
        good[s] = 1
    while queue:
        s = queue.pop()
        for p in preds[s]:
            if not good[p]:
                good[p] = 1
                queue.append(p)

    def steps_to(sid: int) -> tuple[Step, ...]:
        chain = []
        while st_parent[sid] >= 0:
            kind, u, v, _bit = st_step[sid]  # type: ignore[misc]
            chain.append(Step(kind, g.places[u], g.places[v], _via(g, u, v, kind)))
            sid = st_parent[sid]
        return tuple(reversed(chain))

    solvable = bool(good[0])
    goal = next((s for s in range(total) if st_goal[s]), None)
    soft_lock = None
    if solvable:
        stuck = next((s for s in range(total) if not good[s]), None)
        if stuck is not None:
            soft_lock = SoftLock(g.places[st_entry[stuck]], keys_left(st_events[stuck], st_opened[stuck]), steps_to(stuck))
    reached_cells: set[int] = set()
    for members in st_members:
        reached_cells.update(members)
    blocked = () if solvable else _blocked(g, st_members, st_flags, st_opened, st_marks)
    return Solution(
        temple=g.temple,
        solvable=solvable,
        states=total,
        steps=steps_to(goal) if goal is not None else (),
        soft_lock=soft_lock,
        reached=frozenset(g.places[u] for u in reached_cells),
        blocked=blocked,
        graph=g,
        start=progress,
    )


def _via(g: TempleGraph, u: int, v: int, kind: str) -> str:
    for link in g.links:
        if link.source == u and link.target == v:
            return link.via
    return kind


def _blocked(
    g: TempleGraph, members: list[list[int]], flags: list[int], opened: list[int], marks: list[bytearray]
) -> tuple[tuple[Place, Place, str], ...]:
    """The ways out that stayed shut in every state the hero reached, each with what it lacked."""
    shut: dict[tuple[int, int], str] = {}
    passed: set[tuple[int, int]] = set()
    for sid, cells in enumerate(members):
        have = flags[sid] | (opened[sid] << FLAG_BITS)
        for u in cells:
            for v, need in g.moves[u]:
                missing = need & ~have
                if not missing:
                    passed.add((u, v))
                elif not marks[sid][v]:
                    if missing & MASTER:
                        why = "the master key"
                    elif missing & BOMB:
                        why = "Bombs"
                    else:
                        why = "a small key"
                    shut.setdefault((u, v), why)
    return tuple(
        (g.places[u], g.places[v], why) for (u, v), why in sorted(shut.items()) if (u, v) not in passed
    )

"""The solver (contract §4, R2, R3, R8): breadth-first search over the hero's states.

State = (where the hero stands, events collected, doors opened). Events hold the small
keys taken (the count left is keys taken minus doors opened), the master key, the mini-boss
and boss beaten, Bombs reached and the Pegasus chest. Moves: open doors; a locked door
when a small key is left (spend one, the door stays open); the boss door with the master
key; a cracked side once a Bomb source was reached; stairs, circles and pits.

When every way in the temple is two-way (doors, stairs, paired circles), two states that
differ only in where the hero stands inside one area (the cells reachable through open
ways), with everything in that area collected, are one state: the hero can walk anywhere
in the area and back, and picking up never hurts (more keys and flags only open more
moves). So a state is (area, events, opened) and a search step is one key spent; the
quotient is exact and keeps the search small. When some way is one-way (a pit, a circle
that is not paired back, a locked flight that climbs back freely), a ride may leave
things behind for good, so the search takes the contract's state literally, one state per
(cell, events, opened).

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
from zorglab.temples.state import OPEN, Region, Rules, State, StepKind

if TYPE_CHECKING:
    from zorglab.temples.progress import TempleProgress
    from zorglab.temples.route import Route

DEFAULT_BUDGET = 200_000


@dataclass(frozen=True)
class Step:
    """One decision of the hero: spend a key on a door (``open``) or take a one-way ride."""

    kind: StepKind
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
    reached_cells: frozenset[int]  # the graph's cells some state reaches (``reached``: their places)
    blocked: tuple[tuple[Place, Place, str], ...]
    graph: TempleGraph = field(repr=False, compare=False)
    start: "TempleProgress | None" = field(default=None, repr=False, compare=False)

    @cached_property
    def reached(self) -> frozenset[Place]:
        """The places some state reaches (built when first asked: the generator never does)."""
        return frozenset(map(self.graph.places.__getitem__, self.reached_cells))

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


class _Explored:
    """The state graph a search built: per state its place, events, doors, parent and step."""

    def __init__(self) -> None:
        self.events: list[int] = []
        self.opened: list[int] = []
        self.entry: list[int] = []
        self.parent: list[int] = []
        self.step: list[tuple[StepKind, int, int] | None] = []
        self.goal: list[bool] = []
        self.members: list[list[int]] = []
        self.flags: list[int] = []
        self.preds: list[list[int]] = []

    def add(self, events: int, opened: int, entry: int, parent: int, step: tuple[StepKind, int, int] | None,
            members: list[int], flags: int, goal: bool, budget: int) -> int:
        """Record a new state; its id. Past ``budget`` states the search gives up."""
        sid = len(self.events)
        if sid >= budget:
            raise SolverBudgetError(f"more than {budget} solver states")
        self.events.append(events)
        self.opened.append(opened)
        self.entry.append(entry)
        self.parent.append(parent)
        self.step.append(step)
        self.members.append(members)
        self.flags.append(flags)
        self.preds.append([])
        self.goal.append(goal)
        return sid


def _search_areas(g: TempleGraph, rules: Rules, budget: int) -> _Explored:
    """Two-way temples: a state is an area (all cells reachable through open ways) with all
    it holds collected, since any hero inside it can walk anywhere in it and back.

    A key spent from an area opens a bigger one: it is grown from its parent's
    (:meth:`Rules.grow`), not walked again from the door. The keys are tried from the cells
    in the order :meth:`Rules.area` walks them from the state's entry; that order matters only
    when there are two or more to try, and only then is the area walked again to know it."""
    gate, moves = g.gate, g.moves
    start = rules.start
    area, keys_left, won = rules.area, rules.keys_left, rules.won
    grow, region_of = rules.grow, rules.region
    ex = _Explored()
    regions: list[Region] = []
    by_key: dict[tuple[int, int, int], int] = {}
    by_entry: dict[tuple[int, int, int], int] = {}

    def visit(c: int, events: int, opened: int, parent: int, step: tuple[StepKind, int, int] | None) -> int:
        entry = (c, events, opened)
        sid = by_entry.get(entry)
        if sid is not None:
            return sid
        if parent < 0 or not g.symmetric:  # growing needs every way two-way
            region = region_of(c, events, opened)
        else:
            region = grow(regions[parent], c, opened)
        members = region.members
        key = (min(members), region.events, opened)
        sid = by_key.get(key)
        if sid is None:
            sid = ex.add(region.events, opened, c, parent, step, members, region.flags,
                         bool(region.mark[gate]) and won(region.events), budget)
            regions.append(region)
            by_key[key] = sid
        by_entry[entry] = sid
        return sid

    visit(start.cell, start.events, start.opened, -1, None)
    head = 0
    while head < len(ex.events):
        sid = head
        head += 1
        if ex.goal[sid]:
            continue
        events, opened = ex.events[sid], ex.opened[sid]
        if keys_left(events, opened) <= 0:
            continue
        have = ex.flags[sid] | (opened << FLAG_BITS)
        spends = [(u, v, missing) for u, v, need in regions[sid].shut
                  if not (missing := need & ~have) & FLAG_MASK]  # spend_bits, inline on the hot path
        if len(spends) > 1:  # in the order the cells are walked from the entry
            spends = []
            for u in area(ex.entry[sid], events, opened)[1]:
                for v, need in moves[u]:
                    missing = need & ~have
                    if missing and not missing & FLAG_MASK:
                        spends.append((u, v, missing))
        seen: set[int] = set()
        for u, v, missing in spends:
            nxt = visit(v, events, opened | (missing >> FLAG_BITS), sid, (OPEN, u, v))
            if nxt != sid and nxt not in seen:
                seen.add(nxt)
                ex.preds[nxt].append(sid)
    return ex


def _search_cells(g: TempleGraph, rules: Rules, budget: int) -> _Explored:
    """Temples with one-way ways (pits, one-way circles, locked stairs): the contract's state
    taken literally, one state per (cell, events, doors), since a one-way ride may leave
    things behind for good."""
    flags_of, is_goal, successors = rules.flags, rules.is_goal, rules.successors
    ex = _Explored()
    ids: dict[State, int] = {}

    def visit(state: State, parent: int, step: tuple[StepKind, int, int] | None) -> int:
        sid = ids.get(state)
        if sid is None:
            c, events, opened = state
            sid = ex.add(events, opened, c, parent, step, [c], flags_of(events), is_goal(c, events), budget)
            ids[state] = sid
        return sid

    visit(rules.first_state(), -1, None)
    head = 0
    while head < len(ex.events):
        sid = head
        head += 1
        if ex.goal[sid]:
            continue
        c = ex.entry[sid]
        for kind, _i, state in successors(c, ex.events[sid], ex.opened[sid]):
            nxt = visit(state, sid, (kind, c, state[0]))
            if nxt != sid:
                ex.preds[nxt].append(sid)
    return ex


def solve(
    temple: Temple | TempleGraph,
    progress: "TempleProgress | None" = None,
    *,
    budget: int = DEFAULT_BUDGET,
    method: str = "auto",
) -> Solution:
    """Search every key order from the entrance (or from ``progress``) to the gate.

    ``method``: ``"auto"`` (areas when every way is two-way, else cells), or force
    ``"cells"`` (always exact) or ``"areas"`` (exact only for two-way temples).
    """
    g = temple if isinstance(temple, TempleGraph) else compile_temple(temple)
    if method not in ("auto", "areas", "cells"):
        raise ValueError(f"unknown solver method {method!r}")
    areas = g.symmetric if method == "auto" else method == "areas"
    rules = Rules.of(g, progress)
    ex = (_search_areas if areas else _search_cells)(g, rules, budget)
    total = len(ex.events)
    good = bytearray(total)
    queue = [s for s in range(total) if ex.goal[s]]
    for s in queue:
        good[s] = 1
    while queue:
        s = queue.pop()
        for p in ex.preds[s]:
            if not good[p]:
                good[p] = 1
                queue.append(p)

    def steps_to(sid: int) -> tuple[Step, ...]:
        chain = []
        while ex.parent[sid] >= 0:
            kind, u, v = ex.step[sid]  # type: ignore[misc]
            via = _via(g, u, v, kind)
            if kind == "open" or via != "door":
                chain.append(Step(kind, g.places[u], g.places[v], via))
            sid = ex.parent[sid]
        return tuple(reversed(chain))

    solvable = bool(good[0])
    goal = next((s for s in range(total) if ex.goal[s]), None)
    soft_lock = None
    if solvable:
        stuck = next((s for s in range(total) if not good[s]), None)
        if stuck is not None:
            soft_lock = SoftLock(g.places[ex.entry[stuck]], rules.keys_left(ex.events[stuck], ex.opened[stuck]), steps_to(stuck))
    reached_cells = frozenset().union(*ex.members)
    return Solution(
        temple=g.temple,
        solvable=solvable,
        states=total,
        steps=steps_to(goal) if goal is not None else (),
        soft_lock=soft_lock,
        reached_cells=reached_cells,
        blocked=() if solvable else _blocked(g, ex, reached_cells),
        graph=g,
        start=progress,
    )


def _via(g: TempleGraph, u: int, v: int, kind: str) -> str:
    """How a step goes: ``door``, ``stairs``, ``teleport`` or ``pit`` (stepping into a pit counts as the pit)."""
    return "pit" if g.kinds[v] == "pit" else g.via(u, v)


def _blocked(g: TempleGraph, ex: _Explored, reached: frozenset[int]) -> tuple[tuple[Place, Place, str], ...]:
    """The ways out of reach that stayed shut in every state, each with what it lacked."""
    shut: dict[tuple[int, int], str] = {}
    passed: set[tuple[int, int]] = set()
    for sid, cells in enumerate(ex.members):
        have = ex.flags[sid] | (ex.opened[sid] << FLAG_BITS)
        for u in cells:
            for v, need in g.moves[u]:
                missing = need & ~have
                if not missing:
                    passed.add((u, v))
                elif v not in reached:
                    shut.setdefault((u, v), "the master key" if missing & MASTER else "Bombs" if missing & BOMB else "a small key")
    return tuple((g.places[u], g.places[v], why) for (u, v), why in sorted(shut.items()) if (u, v) not in passed)

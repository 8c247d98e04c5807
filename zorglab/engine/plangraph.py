"""One hero's plan graph (ZR-13) on one map: the plan states reachable from where it stands,
explored on the engine's own transitions, each state's least cost-to-go by a backward Dijkstra
(a goal-bounded forward search past :data:`POLICY_LIMIT`), and the policy and candidates read from
it. :mod:`zorglab.engine.planner` caches these per world.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from itertools import count
from typing import TYPE_CHECKING, Any, Callable

from zorglab.engine import cells
from zorglab.core.geometry import Slot
from zorglab.engine.resolve import Resolution
from zorglab.engine.hero_scratch import HeroScratch
from zorglab.engine.plansteps import Side, SideReads, plan_steps, shares_steps
from zorglab.engine.state import GameState, HeroState, Position
from zorglab.core.limits import UNBOUNDED
from zorglab.core.budget import BudgetSpent, stop_if_machine_spent
from zorglab.errors import EndlessActionError, PlanningLimitError

if TYPE_CHECKING:
    from zorglab.engine.world import World
    from zorglab.engine.heroes.base import HeroBehaviour

Behaviour = type["HeroBehaviour"]     # hero types are classes with class-level rules (heroes/base.py)

SPAWN = "spawn"
MAX_PLAN_STATES = 250_000
# Beyond this many plan states a graph stops solving whole policies and answers each
# state by a goal-bounded forward search instead (same answers, less memory and time).
POLICY_LIMIT = 20_000
SHARED_BOUND = 100_000      # forward answers the world keeps (under a type's plan_key, or a graph's map) before they are dropped
LOOK_EVERY = 256            # plan states between two looks at the running search's safety stop (issue 37)

Action = Any                 # a Direction, SPAWN, or a type-specific action
PlanState = tuple[Any, ...]   # (pos, ledger, gold, main A, entry counts, history, poisoned, extra): PlanView.project


class _Goal:
    def __repr__(self) -> str:
        return "GOAL"


GOAL = _Goal()
_UNPLANNED = object()       # "no policy entry yet" (None is a policy: the hero is stuck)
_LAZY = object()            # "solved, its policy not read yet" (read from the values when asked)


class _TooLarge(Exception):
    pass


@dataclass(frozen=True)
class Candidate:
    """One first step a hero considered: its total plan cost (None: no plan) — for *explain*."""

    action: Action
    cost: tuple[int, ...] | None
    chosen: bool
    blocked: bool


def _add(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b))


def _add1(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return (a[0] + b[0],)


def _add2(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return (a[0] + b[0], a[1] + b[1])


def _add4(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3])


def _adder(width: int) -> Callable[[tuple[int, ...], tuple[int, ...]], tuple[int, ...]]:
    """:func:`_add` for cost vectors of this width, unrolled for the types' widths (1, 2, 4)."""
    return {1: _add1, 2: _add2, 4: _add4}.get(width, _add)


class PlanGraph:
    """Plan states of one hero profile on one map, with cost-to-go and policy per state."""

    def __init__(self, world: World, map_key: tuple[tuple[Slot, ...], frozenset[Position]], behaviour: Behaviour,
                 args: tuple[Any, ...], targets: frozenset[int]):
        self.world = world
        self.slots, self.cleared = map_key[0], map_key[1]
        self.targets = targets      # rooms whose entry is the plan's goal (Z unless weights say otherwise)
        self.slot_room = world.slot_index(self.slots)
        self.behaviour = behaviour
        self.args = args
        self.profile = behaviour.profile(args)
        self.immune = world.immune_codes(behaviour.name, args)
        # A type may veto or charge the end of a plan (the Gunner: a plan meant to fire may not end
        # before it fires); ``plan_goal(res, hero)`` gives the extra cost, or None for "not here".
        self.goal_cost = behaviour.plan_goal
        self.edges: dict[PlanState, list[tuple[Action, tuple[int, ...], Any]]] = {}
        self.value: dict[PlanState | _Goal, tuple[int, ...]] = {}      # cost-to-go, the goal included
        self.policy: dict[PlanState, Action | None] = {}
        portals = tuple(world.portal_caps.items())
        self.portals = tuple(room for room, _ in portals)
        self.caps = tuple(cap for _, cap in portals)
        self.view = world.planner.view(behaviour)
        # A hero that reads HP and can enter poison cells carries its poison-visited set in every
        # plan state: that space grows with subsets, so answer state by state from the start.
        self.local = behaviour.reads_hp and world.has_code(cells.POISON, self.immune)
        # A type whose plan space multiplies by what its power changes (the Gunner's cleared cells)
        # and whose real states start afresh every tick asks for the goal-bounded search from the start.
        self.local = self.local or behaviour.plans_forward
        # A portal whose entry counts are never capped (ZR-32: P(inf, f) with an f reading i) makes the
        # plan space infinite: only the goal-bounded search can answer (and says so past its bound).
        self.local = self.local or any(cap >= UNBOUNDED for cap in self.caps)
        self._template = HeroState(type=behaviour.name, args=args, hp=0)    # the plan's hero, fields set per state
        self.shares_steps = shares_steps(behaviour)     # steps shared across maps (engine.plansteps)

    # -- transitions ------------------------------------------------------------------------

    def _scratch(self, s: PlanState) -> HeroScratch:
        pos, ledger, _gold, _main, counts, history, poisoned, extra = s
        # a plan sees no marks (a type's own state) and no HP: what the hero plans by is its plan state
        hero = HeroScratch(0, "", self._template, self.immune)
        hero.pos, hero.gold, hero.entries, hero.poisoned, hero.extra, hero.history = \
            pos, ledger, tuple(zip(self.portals, counts)), poisoned, extra, history
        return hero

    def transition(self, s: PlanState, action: Action, sides: list[Side] | None = None
                   ) -> tuple[tuple[int, ...], Any] | None:
        """(cost, next plan state or GOAL), or None if the action is impossible here; ``sides``
        (when given) gets every room side the step crosses or finds closed (:mod:`plansteps`)."""
        done = self._performed(s, action, sides)
        if done is None:
            return None
        res, hero = done
        visits = len(s[5])                 # the rooms entered before this action
        cost = self.behaviour.step_cost(res)
        if res.lost_by is not None:        # Z entered: the goal if Z is a target, else a dead end
            return self._goal(cost, res, hero) if res.lost_by_room in self.targets else None
        if any(room in self.targets for room, _cell in hero.history[visits:]):
            # FR-25: the goal is *entering* a target room; an entry is the arrival, whatever its
            # teleport does next (ZR-8), so a portal room is reached where the hero arrives in it
            return self._goal(cost, res, hero)
        counts = tuple(min(hero.entry_count(room), cap) for room, cap in zip(self.portals, self.caps))
        nxt = self.view.project(hero.pos, hero.gold, res.gold, res.main_a, counts, hero.history,
                                hero.poisoned, self.behaviour.plan_extra(res, hero))
        return cost, nxt

    def _goal(self, cost: tuple[int, ...], res: Resolution, hero: HeroScratch) -> tuple[tuple[int, ...], Any] | None:
        if self.goal_cost is None:
            return cost, GOAL
        extra = self.goal_cost(res, hero)
        return None if extra is None else (_add(cost, extra), GOAL)

    def actions(self, s: PlanState) -> tuple[Action, ...]:
        return (SPAWN,) if s[0] is None else self.behaviour.plan_actions(self, s)

    # -- search -----------------------------------------------------------------------------

    def _explore(self, start: PlanState) -> None:
        """Add every plan state reachable from ``start`` that is not known yet, then solve them."""
        frontier = [start]
        self.edges[start] = []
        new = [start]
        popped = 0
        while frontier:
            s = frontier.pop()
            popped += 1
            if popped % LOOK_EVERY == 0:
                try:
                    stop_if_machine_spent()
                except BudgetSpent:
                    for state in new:       # unexplored states are marked by empty lists: forget them all
                        self.edges.pop(state, None)
                    raise
            out = self._steps(s)
            for _action, _cost, nxt in out:
                if nxt is not GOAL and nxt not in self.edges:
                    self.edges[nxt] = []
                    new.append(nxt)
                    frontier.append(nxt)
            self.edges[s] = out
            if len(self.edges) > POLICY_LIMIT:
                raise _TooLarge
        self._solve(new)

    def _solve(self, new: list[PlanState]) -> None:
        """Cost-to-go of the new states by a backward Dijkstra; their policy is read when asked.

        A state known before cannot lead to a new one (the new one would have been explored
        with it), so known values stand and seed the search at the new part's boundary (a new
        state has no value yet).
        """
        edges = self.edges
        reverse: dict[Any, list[tuple[PlanState, tuple[int, ...]]]] = {}
        for s in new:
            for _action, cost, nxt in edges[s]:
                into = reverse.get(nxt)
                if into is None:
                    reverse[nxt] = [(s, cost)]
                else:
                    into.append((s, cost))
        value = self.value
        add = _adder(len(self.behaviour.cost_names))
        value.setdefault(GOAL, tuple(0 for _ in self.behaviour.cost_names))
        tie = count()
        heap = [(value[v], next(tie), v) for v in reverse if v in value]
        heapq.heapify(heap)
        done = set()
        push, pop = heapq.heappush, heapq.heappop
        while heap:
            v_cost, _, v = pop(heap)
            if v in done:
                continue
            done.add(v)
            for u, cost in reverse.get(v, ()):
                cand = add(cost, v_cost)
                old = value.get(u)
                if old is None or cand < old:
                    value[u] = cand
                    push(heap, (cand, next(tie), u))
        self.policy.update(dict.fromkeys(new, _LAZY))

    def _choose(self, s: PlanState) -> Action | None:
        """The policy at a solved state: the first action, in the type's direction order, of
        least step cost plus cost-to-go (ZR-13); None: no plan from here."""
        best = None
        best_action = None
        value = self.value
        for action, cost, nxt in self.edges[s]:
            v = value.get(nxt)
            if v is None:
                continue
            total = _add(cost, v)
            if best is None or total < best:
                best, best_action = total, action
        self.policy[s] = best_action
        return best_action

    def _steps(self, s: PlanState) -> list[tuple[Action, tuple[int, ...], Any]]:
        """The steps out of ``s``: shared with every map agreeing on the sides they read when the
        type plans by plain steps (:func:`~zorglab.engine.plansteps.plan_steps`), else worked out."""
        if self.shares_steps:
            return plan_steps(self, s)
        out = []
        for action in self.actions(s):
            result = self.transition(s, action)
            if result is not None:
                out.append((action, result[0], result[1]))
        return out

    def _out(self, s: PlanState) -> list[tuple[Action, tuple[int, ...], Any]]:
        out = self.edges.get(s)
        if out is None:
            read = self.behaviour.plan_key(self, s)     # the type's steps from here, worked out on any graph
            shared = None if read is None else self.world.memo("plangraph.edges")
            key = (self.profile, self.targets, read)
            if shared is not None:
                out = shared.get(key)
            if out is None:
                out = self._steps(s)
                if shared is not None:
                    if len(shared) >= SHARED_BOUND:
                        shared.clear()
                    shared[key] = out
            self.edges[s] = out
            if len(self.edges) > MAX_PLAN_STATES:
                self.edges.clear()
        return out

    def _forward(self, start: PlanState) -> tuple[tuple[int, ...] | None, Action | None]:
        """Least plan cost from ``start`` and its first action, ties by direction order.

        Labels are ``(cost, rank of the first action)``, so the first goal popped is ZR-13's
        answer. A hero reading HP may skip a state whose poison-visited set contains that of
        a settled state with an equal-or-better label elsewhere equal: fewer visited poison
        cells can only spare HP later, never cost it.
        """
        tie = count()
        add = _adder(len(self.behaviour.cost_names))
        reads_hp = self.behaviour.reads_hp
        heap: list[tuple[tuple[int, ...], int, int, Any]] = []     # (cost, rank, tie, plan state or GOAL)
        for rank, (action, cost, nxt) in enumerate(self._out(start)):
            heapq.heappush(heap, (cost, rank, next(tie), nxt))
        settled: set[PlanState] = {start}
        fronts: dict[PlanState, list[frozenset[Position]]] = {}
        expanded = 0
        while heap:
            cost, rank, _, s = heapq.heappop(heap)
            if s is GOAL:
                return cost, self._out(start)[rank][0]      # the first action, by its rank
            if s in settled:
                continue
            if reads_hp:
                rest = s[:6] + s[7:]
                front = fronts.setdefault(rest, [])
                if any(p <= s[6] for p in front):
                    continue
                front.append(s[6])
            settled.add(s)
            expanded += 1
            if expanded % LOOK_EVERY == 0:
                stop_if_machine_spent()
            if expanded > MAX_PLAN_STATES:
                raise PlanningLimitError(
                    f"a {self.behaviour.name}'s plan search exceeds {MAX_PLAN_STATES} states")
            for _action, step_cost, nxt in self._out(s):
                if nxt is GOAL or nxt not in settled:
                    heapq.heappush(heap, (add(cost, step_cost), rank, next(tie), nxt))
        return None, None

    def action(self, s: PlanState) -> Action | None:
        known = self.policy.get(s, _UNPLANNED)
        if known is _LAZY:
            return self._choose(s)
        if known is not _UNPLANNED:
            return known
        if not self.local:
            try:
                self._explore(s)
                return self._choose(s)
            except _TooLarge:
                self.local = True
                self.policy = {}
                self.value = {}
                self.edges = {}     # exploration marks unexpanded states with empty lists
        _cost, action = self._answer(s)
        self.policy[s] = action
        return action

    def cost_to_go(self, s: PlanState) -> tuple[int, ...] | None:
        if not self.local and s in self.policy:
            return self.value.get(s)
        return self._answer(s)[0]

    def _answer(self, s: PlanState) -> tuple[tuple[int, ...] | None, Action | None]:
        """:meth:`_forward`'s answer, kept in the world's memo under the type's :meth:`plan_key
        <zorglab.engine.heroes.base.HeroBehaviour.plan_key>`, else under the graph's map and ``s``:
        the same question asked on another graph (one forgotten by the search's plan budget, the map
        a plan's own shove made, a parallel proof's other worker: ``search.memoshare``) is answered once."""
        key = self.behaviour.plan_key(self, s)
        if key is None:
            key = (self.slots, self.cleared, s)
        memo = self.world.memo("plangraph.forward")
        full = (self.profile, self.targets, key)
        found = memo.get(full)
        if found is None:
            if len(memo) >= SHARED_BOUND:
                memo.clear()
            found = memo[full] = self._forward(s)
        return found

    def candidates(self, s: PlanState) -> list[Candidate]:
        chosen = self.action(s)
        result = []
        for action in self.actions(s):
            step = self.transition(s, action)
            if step is None:
                result.append(Candidate(action, None, False, True))
                continue
            cost, nxt = step
            v = tuple(0 for _ in cost) if nxt is GOAL else self.cost_to_go(nxt)
            result.append(Candidate(action, None if v is None else _add(cost, v), action == chosen, False))
        return result

    # -- plans as paths (for *explain* and the board: engine.planpaths) ---------------------------

    def landing(self, s: PlanState, action: Action) -> tuple[int, tuple[int, int]] | None:
        """Where ``action`` leaves the hero (the goal's cell too, which a plan state does not keep)."""
        done = self._performed(s, action)
        return None if done is None else done[1].pos

    def _performed(self, s: PlanState, action: Action, sides: list[Side] | None = None
                   ) -> tuple[Resolution, HeroScratch] | None:
        """The hero of plan state ``s`` takes ``action`` on its plan's map (None: impossible here)."""
        hero = self._scratch(s)
        slots, cleared = self.behaviour.plan_map(self, s)
        slot_room = self.slot_room if slots is self.slots else self.world.slot_index(slots)
        if sides is None:
            res = Resolution.for_plan(self.world, slots, slot_room, s[2], s[3], cleared, hero)
        else:
            watched = SideReads.for_plan(self.world, slots, slot_room, s[2], s[3], cleared, hero)
            assert isinstance(watched, SideReads)
            watched.sides = sides
            res = watched
        try:
            if action == SPAWN:
                res.spawn(hero)
            elif not self.behaviour.perform(res, hero, action):
                return None
        except EndlessActionError:
            return None         # an action that never ends leads nowhere: no plan goes through it
        return res, hero

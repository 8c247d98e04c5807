"""Hero planning (ZR-13): least-cost plans on the engine's own transitions, cached per map.

A hero plans alone on a fixed map: its *plan state* holds every part of its state a rule
reads (cell, gold ledger and room gold, main A, portal entry counts, the visit history a
portal can reach, poison cells visited, type extras). For one map and one hero profile the
planner explores the plan states reachable from where the hero stands, then computes every
state's least cost-to-go by a backward Dijkstra. The policy at a state is the first step
minimising ``step cost + cost-to-go``, ties broken by the type's direction order — exactly
ZR-13, and valid at every later state too, so a hero following its plan never re-plans
until the map changes (the cache the brief asks for).
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from itertools import count
from typing import TYPE_CHECKING, Any

from zorglab.engine import cells
from zorglab.core.geometry import Direction
from zorglab.engine.resolve import HeroScratch, Resolution
from zorglab.engine.state import GameState, HeroState
from zorglab.errors import PlanningLimitError

if TYPE_CHECKING:
    from zorglab.engine.world import World
    from zorglab.engine.heroes.base import HeroBehaviour

Behaviour = type["HeroBehaviour"]     # hero types are classes with class-level rules (heroes/base.py)

SPAWN = "spawn"
MAX_PLAN_STATES = 250_000
# Beyond this many plan states a graph stops solving whole policies and answers each
# state by a goal-bounded forward search instead (same answers, less memory and time).
POLICY_LIMIT = 20_000

Action = Any                 # a Direction, SPAWN, or a type-specific action
PlanState = tuple


class _Goal:
    def __repr__(self) -> str:
        return "GOAL"


GOAL = _Goal()
_UNPLANNED = object()       # "no policy entry yet" (None is a policy: the hero is stuck)


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


class PlanGraph:
    """Plan states of one hero profile on one map, with cost-to-go and policy per state."""

    def __init__(self, world: World, map_key: tuple, behaviour: Behaviour, args: tuple[Any, ...],
                 targets: frozenset[int]):
        self.world = world
        self.slots, self.cleared = map_key[0], map_key[1]
        self.targets = targets      # rooms whose entry is the plan's goal (Z unless weights say otherwise)
        self.slot_room = world.slot_index(self.slots)
        self.behaviour = behaviour
        self.args = args
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

    # -- transitions ------------------------------------------------------------------------

    def _scratch(self, s: PlanState) -> HeroScratch:
        pos, ledger, _gold, _main, counts, history, poisoned, extra = s
        hero = HeroScratch(0, "", HeroState(self.behaviour.name, self.args, 0, pos, True, False, ledger,
                                            tuple(zip(self.portals, counts)), poisoned, 0, extra, history),
                           self.immune)
        return hero

    def transition(self, s: PlanState, action: Action) -> tuple[tuple[int, ...], Any] | None:
        """(cost, next plan state or GOAL), or None if the action is impossible here."""
        hero = self._scratch(s)
        visits = len(hero.history)
        slots, cleared = self.behaviour.plan_map(self, s)
        slot_room = self.slot_room if slots is self.slots else self.world.slot_index(slots)
        res = Resolution.for_plan(self.world, slots, slot_room, s[2], s[3], cleared, hero)
        if action == SPAWN:
            res.spawn(hero)
        elif not self.behaviour.perform(res, hero, action):
            return None
        cost = self.behaviour.step_cost(res)
        if res.lost_by is not None:        # Z entered: the goal if Z is a target, else a dead end
            return self._goal(cost, res, hero) if res.lost_by_room in self.targets else None
        if hero.pos is not None and hero.pos[0] in self.targets and len(hero.history) > visits \
                and hero.history[-1][0] == hero.pos[0]:
            return self._goal(cost, res, hero)   # ends the action in a target room it entered
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
        while frontier:
            s = frontier.pop()
            out = []
            for action in self.actions(s):
                result = self.transition(s, action)
                if result is None:
                    continue
                cost, nxt = result
                out.append((action, cost, nxt))
                if nxt is not GOAL and nxt not in self.edges:
                    self.edges[nxt] = []
                    new.append(nxt)
                    frontier.append(nxt)
            self.edges[s] = out
            if len(self.edges) > POLICY_LIMIT:
                raise _TooLarge
        self._solve(new)

    def _solve(self, new: list[PlanState]) -> None:
        """Cost-to-go of the new states by a backward Dijkstra, then their policy.

        A state known before cannot lead to a new one (the new one would have been explored
        with it), so known values stand and seed the search at the new part's boundary.
        """
        fresh = set(new)
        reverse: dict[Any, list[tuple[PlanState, tuple[int, ...]]]] = {}
        for s in new:
            for _action, cost, nxt in self.edges[s]:
                reverse.setdefault(nxt, []).append((s, cost))
        value = self.value
        value.setdefault(GOAL, tuple(0 for _ in self.behaviour.cost_names))
        tie = count()
        heap = [(value[v], next(tie), v) for v in reverse if v not in fresh and v in value]
        heapq.heapify(heap)
        done = set()
        while heap:
            v_cost, _, v = heapq.heappop(heap)
            if v in done:
                continue
            done.add(v)
            for u, cost in reverse.get(v, ()):
                cand = _add(cost, v_cost)
                old = value.get(u)
                if old is None or cand < old:
                    value[u] = cand
                    heapq.heappush(heap, (cand, next(tie), u))
        policy = self.policy
        for s in new:
            best = None
            best_action = None
            for action, cost, nxt in self.edges[s]:       # in the type's direction order
                v = value.get(nxt)
                if v is None:
                    continue
                total = _add(cost, v)
                if best is None or total < best:
                    best, best_action = total, action
            policy[s] = best_action

    def _out(self, s: PlanState) -> list[tuple[Action, tuple[int, ...], Any]]:
        out = self.edges.get(s)
        if out is None:
            out = []
            for action in self.actions(s):
                result = self.transition(s, action)
                if result is not None:
                    out.append((action, result[0], result[1]))
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
        heap: list = []
        for rank, (action, cost, nxt) in enumerate(self._out(start)):
            heapq.heappush(heap, (cost, rank, next(tie), nxt))
        settled: set = {start}
        fronts: dict[tuple, list[frozenset]] = {}
        expanded = 0
        while heap:
            cost, rank, _, s = heapq.heappop(heap)
            if s is GOAL:
                return cost, self._rank_action(start, rank)
            if s in settled:
                continue
            if self.behaviour.reads_hp:
                rest = s[:6] + s[7:]
                front = fronts.setdefault(rest, [])
                if any(p <= s[6] for p in front):
                    continue
                front.append(s[6])
            settled.add(s)
            expanded += 1
            if expanded > MAX_PLAN_STATES:
                raise PlanningLimitError(
                    f"a {self.behaviour.name}'s plan search exceeds {MAX_PLAN_STATES} states")
            for _action, step_cost, nxt in self._out(s):
                if nxt is GOAL or nxt not in settled:
                    heapq.heappush(heap, (_add(cost, step_cost), rank, next(tie), nxt))
        return None, None

    def _rank_action(self, start: PlanState, rank: int) -> Action:
        return self._out(start)[rank][0]

    def action(self, s: PlanState) -> Action | None:
        known = self.policy.get(s, _UNPLANNED)
        if known is not _UNPLANNED:
            return known
        if not self.local:
            try:
                self._explore(s)
                return self.policy[s]
            except _TooLarge:
                self.local = True
                self.policy = {}
                self.value = {}
                self.edges = {}     # exploration marks unexpanded states with empty lists
        _cost, action = self._forward(s)
        self.policy[s] = action
        return action

    def cost_to_go(self, s: PlanState) -> tuple[int, ...] | None:
        if not self.local and s in self.policy:
            return self.value.get(s)
        return self._forward(s)[0]

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


@dataclass(frozen=True)
class PlanView:
    """Which parts of a hero's state its plans can observe on this world (ZR-13, exactly).

    In a plan there are no spells, so visit history and the main A are read only by portals
    (a teleport, or a return to the waiting room and a respawn); gold only by tolls, by portals
    (a pickup skips a portal's effect) and, for a hero whose cost reads HP, by a pickup skipping
    a damage room. Poison-visited cells only change HP. What no rule of a plan reads is left out,
    so plan graphs stay small without changing any plan.
    """

    reach: int              # visit history a portal can read (0: none)
    gold: bool
    main: bool
    poison: bool
    zeros: tuple[int, ...]

    def project(self, pos, ledger, gold, main, counts, history, poisoned, extra) -> PlanState:
        return (pos,
                ledger if self.gold else (),
                gold if self.gold else self.zeros,
                main if self.main else 0,
                counts,
                history[-self.reach:] if self.reach else (),
                poisoned if self.poison else frozenset(),
                extra)


class Planner:
    """Per-world cache of plan graphs keyed by (map, hero profile)."""

    def __init__(self, world: World):
        self.world = world
        self.graphs: dict[tuple, PlanGraph] = {}
        self._profiles: dict[tuple, tuple[Behaviour, tuple, PlanView]] = {}
        self._views: dict[Behaviour, PlanView] = {}

    def view(self, behaviour: Behaviour) -> PlanView:
        found = self._views.get(behaviour)
        if found is None:
            world = self.world
            portals = bool(world.portal_caps)
            tolls = world.has_code(cells.LIGHT)
            damage = any(room.behaviour.entry_changes_hp for room in world.rooms)
            reach = 0
            for room in world.rooms:
                if room.index in world.portal_caps:
                    reach = max(reach, room.behaviour.history_reach(room.args) or 0)
            found = PlanView(reach=max(reach, 1) if portals else 0,
                             gold=tolls or portals or (behaviour.reads_hp and damage) or behaviour.reads_gold,
                             main=portals, poison=behaviour.reads_hp,
                             zeros=tuple(0 for _ in world.rooms))
            self._views[behaviour] = found
        return found

    def map_key(self, state: GameState) -> tuple:
        """What of the map a plan depends on besides the plan state (ZR-23)."""
        return (state.slots, state.cleared)

    def _profile(self, hero: HeroState) -> tuple[Behaviour, tuple, PlanView]:
        return self._profile_of(hero.type, hero.args)

    def _profile_of(self, hero_type: str, args: tuple[Any, ...]) -> tuple[Behaviour, tuple, PlanView]:
        """A hero type's behaviour, its planning profile and its plan view, looked up once."""
        key = (hero_type, args)
        found = self._profiles.get(key)
        if found is None:
            behaviour = self.world.behaviour(hero_type)
            found = self._profiles[key] = (behaviour, behaviour.profile(args), self.view(behaviour))
        return found

    def plan_state(self, state: GameState, hero: HeroState) -> PlanState:
        return self._project(self._profile(hero)[2], state, hero)

    def _project(self, view: PlanView, state: GameState, hero: HeroState) -> PlanState:
        world = self.world
        counts = tuple(min(hero.entry_count(room), cap) for room, cap in world.portal_caps.items()) \
            if world.portal_caps else ()
        return view.project(hero.pos, hero.gold, state.gold, state.main_a, counts, hero.history, hero.poisoned,
                            hero.extra)

    def graph(self, state: GameState, index: int) -> PlanGraph:
        return self._plan(state, index)[0]

    def _plan(self, state: GameState, index: int) -> tuple[PlanGraph, PlanState]:
        """The hero's plan graph on this map and where it stands in it."""
        hero = state.heroes[index]
        behaviour, profile, view = self._profile_of(hero.type, hero.args)
        targets = behaviour.targets(self.world, state, index)
        graph = self.graphs.get((state.slots, state.cleared, profile, targets))
        if graph is None:
            graph = self.graph_for(state.slots, state.cleared, hero.type, hero.args, targets)
        return graph, self._project(view, state, hero)

    def graph_for(self, slots: tuple, cleared: frozenset, hero_type: str, args: tuple[Any, ...],
                  targets: frozenset[int]) -> PlanGraph:
        """The cached plan graph of one hero profile on one map towards ``targets``; the weight
        pull asks it which rooms are reachable, the Mechanic how far it would walk (FR-24, FR-25)."""
        behaviour, profile, _view = self._profile_of(hero_type, args)
        key = (slots, cleared, profile, targets)
        graph = self.graphs.get(key)
        if graph is None:
            graph = PlanGraph(self.world, (slots, cleared), behaviour, args, targets)
            self.graphs[key] = graph
        return graph

    def action(self, state: GameState, index: int) -> Action | None:
        """The hero's next action, or None when it is stuck (no plan reaches its goal)."""
        if state.heroes[index].pos is None:
            return SPAWN
        graph, s = self._plan(state, index)
        return graph.action(s)

    def explain(self, state: GameState, index: int) -> list[Candidate]:
        """Every candidate first step with its plan's cost vector, and which one wins."""
        graph, s = self._plan(state, index)
        return graph.candidates(s)

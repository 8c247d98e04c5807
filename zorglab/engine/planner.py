"""Hero planning (ZR-13): least-cost plans on the engine's own transitions, cached per map.

A hero plans alone on a fixed map: its *plan state* holds every part of its state a rule
reads (cell, gold ledger where a toll or its type reads it, room gold, main A, portal entry counts, the visit history a
portal can reach, poison cells visited, type extras). For one map and one hero profile the
planner explores the plan states reachable from where the hero stands, then computes every
state's least cost-to-go by a backward Dijkstra. The policy at a state is the first step
minimising ``step cost + cost-to-go``, ties broken by the type's direction order — exactly
ZR-13, and valid at every later state too, so a hero following its plan never re-plans
until the map changes (the cache the brief asks for). One graph is
:class:`~zorglab.engine.plangraph.PlanGraph`; this module holds the per-world cache and the views.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from zorglab.engine import cells
from zorglab.engine.plangraph import GOAL, SPAWN, Action, Behaviour, Candidate, PlanGraph, PlanState
from zorglab.engine.planpaths import PlanStep, own_plan, plan_path
from zorglab.core.geometry import Slot
from zorglab.engine.state import GameState, HeroState, Position

if TYPE_CHECKING:
    from zorglab.engine.world import World


@dataclass(frozen=True)
class PlanView:
    """Which parts of a hero's state its plans can observe on this world (ZR-13, exactly).

    In a plan there are no spells, so visit history and the main A are read only by portals
    (a teleport, or a return to the waiting room and a respawn); the gold a hero carries only by
    tolls (a light cell, ZR-9) and a type that says it reads gold; room gold only by tolls, by portals
    (a pickup skips a portal's effect) and, for a hero whose cost reads HP, by a pickup skipping
    a damage room. Poison-visited cells only change HP. What no rule of a plan reads is left out,
    so plan graphs stay small without changing any plan.
    """

    reach: int              # visit history a portal can read (0: none)
    gold: bool
    main: bool
    poison: bool
    zeros: tuple[int, ...]
    # per portal (world.portal_caps order): the entry count past which it reads no history again
    # (None: it may always read it). Once every portal is past its count, no rule of a plan reads the
    # history, so it is left out: a deep k (ZR-10 bounds none) then costs nothing more (issue 30).
    live: tuple[int | None, ...] = ()
    ledger: bool = True     # the gold the hero carries: read only by tolls and a gold-reading type

    def project(self, pos: Position | None, ledger: tuple[tuple[int, int], ...], gold: tuple[int, ...], main: int,
                counts: tuple[int, ...], history: tuple[Position, ...], poisoned: frozenset[Position],
                extra: tuple[Any, ...]) -> PlanState:
        reads = self.reach and (not self.live or any(last is None or count <= last
                                                     for count, last in zip(counts, self.live)))
        return (pos,
                ledger if self.ledger else (),
                gold if self.gold else self.zeros,
                main if self.main else 0,
                counts,
                history[-self.reach:] if reads else (),
                poisoned if self.poison else frozenset(),
                extra)


class Planner:
    """Per-world cache of plan graphs keyed by (map, hero profile)."""

    def __init__(self, world: World):
        self.world = world
        self.graphs: dict[tuple[object, ...], PlanGraph] = {}
        self._profiles: dict[tuple[str, tuple[Any, ...]], tuple[Behaviour, tuple[object, ...], PlanView]] = {}
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
                             zeros=tuple(0 for _ in world.rooms),
                             live=tuple(world.rooms[index].behaviour.history_read_until(world.rooms[index].args)
                                        for index in world.portal_caps),
                             ledger=tolls or behaviour.reads_gold)
            self._views[behaviour] = found
        return found

    def map_key(self, state: GameState) -> tuple[tuple[Slot, ...], frozenset[Position]]:
        """What of the map a plan depends on besides the plan state (ZR-23)."""
        return (state.slots, state.cleared)

    def _profile(self, hero: HeroState) -> tuple[Behaviour, tuple[object, ...], PlanView]:
        return self._profile_of(hero.type, hero.args)

    def _profile_of(self, hero_type: str, args: tuple[Any, ...]) -> tuple[Behaviour, tuple[object, ...], PlanView]:
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
        # the plan's room gold leaves out what the dead dropped (ZR-29)
        return view.project(hero.pos, hero.gold, state.seen_gold, state.main_a, counts, hero.history, hero.poisoned,
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

    def graph_for(self, slots: tuple[Slot, ...], cleared: frozenset[Position], hero_type: str, args: tuple[Any, ...],
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

    def targets(self, state: GameState, index: int) -> frozenset[int]:
        """The rooms hero ``index`` heads for now (Z, or where a weight pull says, FR-25)."""
        hero = state.heroes[index]
        return self.world.behaviour(hero.type).targets(self.world, state, index)

    def plan(self, state: GameState, index: int) -> list[PlanStep] | None:
        """The hero's plan from here to its goal, action by action (None: stuck; [] in the waiting room)."""
        if state.heroes[index].pos is None:
            return []
        graph, s = self._plan(state, index)
        return plan_path(graph, s)

    def action_words(self, state: GameState, index: int, action: Action) -> str:
        """A first action in the designer's words, as the hero's type says it (its figures too)."""
        graph, s = self._plan(state, index)
        return graph.behaviour.action_words(graph, s, action)

    def ways(self, state: GameState, index: int) -> list[Way]:
        """Every first step the hero could take with *its own* best plan: the one that goes that
        way without turning back in the room it stands in (:func:`~zorglab.engine.planpaths.own_plan`), beside
        the planner's candidate (the best plan merely starting so, ZR-13). The chosen step's plan
        is the policy's own."""
        graph, s = self._plan(state, index)
        ways = []
        for c in graph.candidates(s):
            if c.blocked or c.cost is None:
                ways.append(Way(c.action, c.cost, c.chosen, c.blocked, None, (), False))
                continue
            if c.chosen:
                steps = plan_path(graph, s) or []
                ways.append(Way(c.action, c.cost, True, False, c.cost, tuple(steps), False))
                continue
            own = own_plan(graph, s, c.action)
            if own is None:         # every plan starting so turns back: show the best of those
                nxt = graph.transition(s, c.action)
                rest = [] if nxt is None or nxt[1] is GOAL else (plan_path(graph, nxt[1]) or [])
                first = [] if nxt is None else [PlanStep(c.action, nxt[0], graph.landing(s, c.action) if nxt[1] is GOAL
                                                         else nxt[1][0], nxt[1] is GOAL)]
                ways.append(Way(c.action, c.cost, False, False, c.cost, tuple(first + rest), True))
            else:
                ways.append(Way(c.action, c.cost, False, False, own[0], tuple(own[1]), False))
        return ways


@dataclass(frozen=True)
class Way:
    """One first step and its own plan: ``cost`` the best plan starting with it (the planner's
    candidate), ``own`` the best that goes its way without a U-turn, ``steps`` that plan;
    ``turns_back``: every plan starting so turns back (``steps`` is then the candidate's)."""

    action: Action
    cost: tuple[int, ...] | None
    chosen: bool
    blocked: bool
    own: tuple[int, ...] | None
    steps: tuple[PlanStep, ...]
    turns_back: bool

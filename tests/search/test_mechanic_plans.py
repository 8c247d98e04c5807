"""The Mechanic's plans kept by what they read (issue 41): a plan searched forward from one state
(``PlanGraph._answer`` under ``Mechanic.plan_key``) and a walk on a shoved map (``mechanic._walk``)
are kept in the world's memos and answered again on any graph -- one the search's plan budget
forgot, or the map a plan's own shoves made. Checked on random worlds with Mechanics, once every
map a random path and its successors made has warmed the memos, against the same plans searched
with no memo at all (a fresh world, no key, every walk asked of its graph); a key forgetting the
map is caught."""

from __future__ import annotations

from unittest.mock import patch

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zorglab.core.geometry import Direction
from zorglab.core.values import FrozenMap
from zorglab.engine.heroes import mechanic
from zorglab.engine.heroes.mechanic import Mechanic, Shove, WALKER, _walk
from zorglab.engine.plangraph import PlanGraph
from zorglab.engine.turns import act
from zorglab.engine.world import World

from builders import compose, dungeon
from randomlevels import successors
from test_hero_facts import mixed_states

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def fresh(world: World) -> World:
    """The same world with no memo and no plan graph yet."""
    level = world.level
    return World(level, dict(zip((room.label for room in level.rooms), world.initial_state().slots)))


def mechanics(world, state):
    return [i for i, h in enumerate(state.heroes) if h.type == "Mechanic" and h.alive and h.pos is not None]


def warm(world, states):
    """Ask every Mechanic's plan on every state: the memos fill with answers of many maps."""
    for state in states:
        for i in mechanics(world, state):
            world.planner.action(state, i)


@st.composite
def mechanic_states(draw):
    world, state = draw(mixed_states(max_spells=3))
    states = [state] + successors(world, state)
    for _ in range(draw(st.integers(0, 3))):      # a few more steps: shoves, swaps, deaths
        nxt = successors(world, states[-1])
        if not nxt:
            break
        states.append(nxt[draw(st.integers(0, len(nxt) - 1))])
    return world, states


def plain_walk(graph, s, slots):
    """A walk asked of the Warrior's plan graph every time (the code before the memo)."""
    walker = graph.world.planner.graph_for(slots, graph.cleared, *WALKER, graph.targets)
    start = s[:7] + ((),)
    cost = walker.cost_to_go(start) if walker.action(start) is not None else None
    return None if cost is None else cost[0]


def plain_action(world, state, i):
    """Hero ``i``'s plan with no memo at all: a fresh world, the type saying no key (each graph
    searches its own plans and works out its own steps), every walk asked of its graph."""
    with patch.object(Mechanic, "plan_key", classmethod(lambda cls, graph, s: None)), \
            patch.object(mechanic, "_walk", plain_walk):
        return fresh(world).planner.action(state, i)


def disagreements(world, states):
    """(state, hero, warm answer, plain answer) wherever the warm world's plan is not the plan
    searched with no memo."""
    warm(world, states)
    found = []
    for state in states:
        for i in mechanics(world, state):
            mine = world.planner.action(state, i)
            theirs = plain_action(world, state, i)
            if mine != theirs:
                found.append((state, i, mine, theirs))
    return found


@SETTINGS
@given(mechanic_states())
def test_a_mechanics_plan_kept_by_what_it_reads_is_a_fresh_worlds_plan(case):
    world, states = case
    assert not disagreements(world, states)


@SETTINGS
@given(mechanic_states())
def test_a_walk_kept_for_a_shoved_map_is_the_warriors_walk_there(case):
    world, states = case
    warm(world, states)
    for state in states:
        for i in mechanics(world, state):
            graph, s = world.planner._plan(state, i)
            if s[0] is None:
                continue
            for slots in {state.slots} | {k[0] for k in world.memo("mechanic.walks")}:
                if len(slots) != len(state.slots):
                    continue
                other = fresh(world)
                walker = PlanGraph(other, (slots, state.cleared), other.behaviour(WALKER[0]), WALKER[1], graph.targets)
                start = s[:7] + ((),)
                cost = walker.cost_to_go(start) if walker.action(start) is not None else None
                assert _walk(graph, s, slots) == (None if cost is None else cost[0])


# -- a key that forgets the map: A (0,1) opens east onto R (1,1), which opens north onto Z (1,0);
# -- shoved up to the empty (0,0), A opens east straight onto Z (tests/engine/test_hero_mechanic.py).

A_EAST = ("#####", "#...#", "#.S..", "#...#", "#####")
R_WEST_NORTH = ("##.##", "#...#", "....#", "#...#", "#####")
Z_WEST_SOUTH = ("#####", "#...#", "....#", "#...#", "##.##")


def shortcut():
    return dungeon(compose([None, Z_WEST_SOUTH], [A_EAST, R_WEST_NORTH]), layout=". Z\nA R",
                   rooms={"A": "A", "R": ("D", 0), "Z": "Z"},
                   heroes={"K": ("Mechanic", 5, FrozenMap((("A", 0),)))})


def test_a_plan_key_forgetting_the_map_gives_another_maps_plan(monkeypatch):
    world = shortcut()
    spawned, _ = act(world, world.initial_state())
    shoved, _ = act(world, spawned)
    assert world.planner.action(spawned, 0) == Shove(Direction.UP)
    assert shoved.slots != spawned.slots
    assert world.planner.action(shoved, 0) == Direction.RIGHT, "A now opens east onto Z"
    monkeypatch.setattr(Mechanic, "plan_key", classmethod(lambda cls, graph, s: s[:7]))
    wrong = shortcut()
    spawned, _ = act(wrong, wrong.initial_state())
    shoved, _ = act(wrong, spawned)
    assert wrong.planner.action(spawned, 0) == Shove(Direction.UP)
    assert wrong.planner.action(shoved, 0) == Shove(Direction.UP), "the first map's plan, given for the second"
    assert disagreements(wrong, [spawned, shoved])


def test_a_plan_the_search_forgot_is_not_searched_again(monkeypatch):
    world = shortcut()
    spawned, _ = act(world, world.initial_state())
    first = world.planner.action(spawned, 0)
    searched = []
    forward = PlanGraph._forward
    monkeypatch.setattr(PlanGraph, "_forward", lambda graph, s: searched.append(s) or forward(graph, s))
    world.planner.graphs.clear()        # what the search's plan budget does (Search.max_plans)
    assert world.planner.action(spawned, 0) == first
    assert not searched, "answered from the world's memo, not by a forward search again"


def steps_worked_out(monkeypatch, world, state):
    """How many of its own plan steps (transitions) the Mechanic's plan from ``state`` works out."""
    done = []
    transition = PlanGraph.transition
    monkeypatch.setattr(PlanGraph, "transition",
                        lambda graph, s, a, *sides: (graph.behaviour is Mechanic and done.append(a)) or transition(graph, s, a, *sides))
    world.planner.action(state, 0)
    monkeypatch.setattr(PlanGraph, "transition", transition)
    return len(done)


def test_steps_worked_out_on_one_graph_serve_the_next_plan_on_another(monkeypatch):
    world = dungeon(compose([None, Z_WEST_SOUTH], [A_EAST, R_WEST_NORTH]), layout=". Z\nA R",
                    rooms={"A": "A", "R": ("D", 0), "Z": "Z"}, heroes={"K": ("Mechanic", 5, FrozenMap((("A", 3),)))})
    spawned, _ = act(world, world.initial_state())
    world.planner.action(spawned, 0)
    step, _ = act(world, spawned)           # one step on: its plan is searched from a new state
    world.planner.graphs.clear()            # and on a new graph (the search's plan budget)
    warm = steps_worked_out(monkeypatch, world, step)
    other = fresh(world)
    cold = steps_worked_out(monkeypatch, other, step)
    assert world.planner.action(step, 0) == other.planner.action(step, 0)
    assert warm < cold, (warm, cold)


def test_a_plan_after_a_shove_reads_the_shoved_map_on_every_graph():
    """The plan on the shoved map is worked out first; a plan on the map before it then meets the
    same plan state after its own shove and must read the shoved map there (not its graph's)."""
    for weight in (0, 1, 4, 6):
        world = dungeon(compose([None, Z_WEST_SOUTH], [A_EAST, R_WEST_NORTH]), layout=". Z\nA R",
                        rooms={"A": "A", "R": ("D", 0), "Z": "Z"},
                        heroes={"K": ("Mechanic", 5, FrozenMap((("A", weight),)))})
        spawned, _ = act(world, world.initial_state())
        shoved = act(world, spawned)[0] if weight < 5 else spawned
        other = fresh(world)
        for state in (shoved, spawned):
            mine = [(c.action, c.cost, c.chosen) for c in world.planner.explain(state, 0)]
            assert mine == [(c.action, c.cost, c.chosen) for c in other.planner.explain(state, 0)], weight

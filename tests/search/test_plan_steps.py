"""Plan steps shared across boards (``engine.plansteps``, issue 41): a plan graph built from steps
worked out on other boards (Swaps, a Move) plans exactly as a fresh exploration of its own board —
every solved plan state's action and cost-to-go, and each hero's plan and candidates (ZR-13)."""

from __future__ import annotations

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from zorglab.core.values import IndexFunction
from zorglab.engine.plangraph import PlanGraph
from zorglab.engine.planpaths import plan_path
from zorglab.search.family import family_world

from randomlevels import middle_rooms, random_moves_from, small_worlds, spells, successors

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
BOARD_SPELLS = st.one_of(spells, st.just(("Swap", ())), st.just(("Move", ())), st.just(("Move", ())))
# a portal too: its teleport reads the hero's history and entries, which a plan state carries, never a slot
PORTALS = st.builds(lambda n, k: ("P", (n, IndexFunction(f"i -> {k}", rule=lambda i: k))), st.integers(1, 2),
                    st.integers(1, 2))
MIDDLE = st.one_of(middle_rooms, PORTALS)


def _fresh(graph: PlanGraph) -> PlanGraph:
    """The same plan graph explored afresh: every step worked out on its own board."""
    world = graph.world
    fresh = PlanGraph(world, (graph.slots, graph.cleared), graph.behaviour, graph.args, graph.targets)
    fresh.shares_steps = False
    return fresh


def _same_plans(world, state) -> int:
    """Check every hero's plans on ``state``'s board against a fresh exploration; the plan states
    compared."""
    planner = world.planner
    compared = 0
    for index, hero in enumerate(state.heroes):
        if not hero.alive:
            continue
        graph = planner.graph(state, index)
        s = planner.plan_state(state, hero)
        fresh = _fresh(graph)
        assert graph.candidates(s) == fresh.candidates(s)
        assert plan_path(graph, s) == plan_path(fresh, s)
        for known in list(graph.policy):
            assert graph.action(known) == fresh.action(known), (known, state.slots)
            assert graph.cost_to_go(known) == fresh.cost_to_go(known), (known, state.slots)
            compared += 1
    return compared


@st.composite
def boards(draw, world):
    """States along random paths from the start (their boards made by the Swaps and Moves cast)."""
    return [random_moves_from(draw, world, world.initial_state(), 14) for _ in range(draw(st.integers(2, 6)))]


@SETTINGS
@given(st.data())
def test_shared_steps_plan_as_a_fresh_exploration_on_random_worlds(data):
    world = data.draw(small_worlds(max_spells=3, min_spells=1, max_heroes=2, spell_choices=BOARD_SPELLS,
                                   middle_choices=MIDDLE))
    event(f"portals: {len(world.portal_caps)}")
    compared = sum(_same_plans(world, state) for state in data.draw(boards(world)))
    event(f"plan states compared: {'none' if not compared else 'under 100' if compared < 100 else '100 or more'}")


@settings(SETTINGS, max_examples=15)
@given(st.data())
def test_shared_steps_plan_as_a_fresh_exploration_on_the_family_grid(data):
    """The family's 8 rooms with Swaps and a Move (spells 9: Move the ninth)."""
    world = family_world(3, 9)
    for state in data.draw(boards(world)):
        _same_plans(world, state)


def test_a_swapped_board_works_out_only_the_steps_it_changes():
    """On a board a Swap made, the steps of plan states whose sides the Swap left alone are the
    steps worked out on the first board: far fewer are worked out again than the graph holds."""
    world = family_world(2, 9)
    state = world.initial_state()
    _same_plans(world, state)
    worked: list[int] = []
    original = PlanGraph.transition

    def counting(self, s, action, *sides):
        worked.append(1)
        return original(self, s, action, *sides)

    swapped: list = []
    for _ in range(6):          # a few ticks on until a Swap may be cast
        moves = successors(world, state)
        swapped = [nxt for nxt in moves if nxt.slots != state.slots and len(set(nxt.slots)) == len(nxt.slots)
                   and sorted(nxt.slots) == sorted(state.slots)]
        if swapped:
            break
        state = moves[-1]
    assert swapped
    PlanGraph.transition = counting         # type: ignore[method-assign]
    try:
        graph = world.planner.graph(swapped[0], 0)
        graph.action(world.planner.plan_state(swapped[0], swapped[0].heroes[0]))
    finally:
        PlanGraph.transition = original     # type: ignore[method-assign]
    explored = len(graph.edges)
    assert explored > 20
    assert len(worked) < explored, (len(worked), explored)

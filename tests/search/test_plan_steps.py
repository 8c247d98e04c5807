"""Plan steps shared across boards (``engine.plansteps``, issue 41): a plan graph built from steps
worked out on other boards (Swaps, a Move) plans exactly as a fresh exploration of its own board —
every solved plan state's action and cost-to-go, and each hero's plan and candidates (ZR-13)."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from zorglab.core.model import HeroSpec, Level, RoomSpec
from zorglab.core.tiles import library_tiles
from zorglab.core.values import Element, IndexFunction
from zorglab.engine.plangraph import PlanGraph
from zorglab.engine.planpaths import plan_path
from zorglab.engine.world import World
from zorglab.search.family import family_slots, family_world

from randomlevels import SHAPES, TILES, middle_rooms, random_moves_from, small_worlds, spells, successors

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


# -- the room gold: steps shared by plan states that differ only in gold the steps never read ----------

TOLLS = st.builds(lambda x, e: ("T", (x, e)), st.integers(1, 2),
                  st.sampled_from([Element.FIRE, Element.ICE, Element.POISON]))
GOLD_MIDDLE = st.one_of(TOLLS, middle_rooms, st.builds(lambda x: ("O", (x,)), st.integers(1, 3)))
READERS = st.one_of(
    st.builds(lambda hp, imm: ("Elf", (hp, imm)), st.integers(1, 5),
              st.sampled_from([frozenset(), frozenset({Element.FIRE})])),
    st.builds(lambda hp: ("Warrior", (hp,)), st.integers(1, 5)),
)


@st.composite
def _toll_worlds(draw):
    """Small worlds whose middle rooms may be tolls (a light cell reads the gold carried and refunds
    it to the room it came from) beside damage and gold rooms; 1-2 Warriors or Elves, no spell."""
    shape = draw(st.sampled_from(SHAPES))
    middle = draw(st.lists(GOLD_MIDDLE, min_size=2, max_size=2))
    rooms = (RoomSpec("A", "A"), *(RoomSpec(f"{kind}{i + 1}", kind, args) for i, (kind, args) in enumerate(middle)),
             RoomSpec("Z", "Z"))
    hero_list = draw(st.lists(READERS, min_size=1, max_size=2))
    level = Level(id="random", rooms=rooms, tiles=TILES + (("default-T", library_tiles()["default-T"]),),
                  heroes=tuple(HeroSpec(f"{t}{i + 1}", t, a) for i, (t, a) in enumerate(hero_list)), spells=())
    return World(level, {room.label: slot for room, slot in zip(rooms, shape)})


@st.composite
def gilded(draw, world, state):
    """``state`` with room gold laid anywhere (0-2 a room) and each hero carrying gold from any rooms."""
    rooms = len(world.rooms)
    gold = tuple(draw(st.lists(st.integers(0, 2), min_size=rooms, max_size=rooms)))
    heroes = tuple(hero._replace(gold=tuple(draw(st.lists(st.tuples(st.integers(0, rooms - 1), st.integers(1, 2)),
                                                              max_size=2))))
                   for hero in state.heroes)
    return state._replace(gold=gold, unseen=(), heroes=heroes)


@SETTINGS
@given(st.data())
def test_steps_shared_across_room_gold_plan_as_a_fresh_exploration(data):
    """Brute force: every hero's plan graph on a board, explored from several ways gold could lie
    (and be carried), plans state for state as the graph explored afresh, each step worked out."""
    world = data.draw(_toll_worlds())
    event(f"tolls: {any(room.behaviour.toll(room.args) for room in world.rooms)}")
    start = random_moves_from(data.draw, world, world.initial_state(), 10)
    compared = 0
    for _ in range(data.draw(st.integers(2, 5))):
        state = data.draw(gilded(world, start))
        for index, hero in enumerate(state.heroes):
            if hero.alive:
                graph = world.planner.graph(state, index)
                graph.action(world.planner.plan_state(state, hero))
        compared += _same_plans(world, state)
    event(f"plan states compared: {'under 100' if compared < 100 else '100 or more'}")


def test_a_family_elfs_gold_layouts_work_out_the_steps_of_one():
    """The lone walk's 4 ways gold could lie (none, or one lump in D1, D2 or D3) on the family's
    first board: the plan states with gold laid share the steps that never enter its room, so the
    steps worked out are far fewer than the 4 actions of every plan state explored."""
    world = family_world(2, 1)
    state = world.initial_state()
    elf = state.heroes[1]
    assert elf.type == "Elf"
    damage = [room.index for room in world.rooms if room.behaviour.entry_changes_hp]
    layouts = [()] + [(room,) for room in damage]
    worked: list[int] = []
    original = PlanGraph.transition

    def counting(self, s, action, *sides):
        worked.append(1)
        return original(self, s, action, *sides)

    PlanGraph.transition = counting         # type: ignore[method-assign]
    try:
        for lumps in layouts:
            laid = state._replace(gold=tuple(1 if room in lumps else 0 for room in range(len(world.rooms))))
            graph = world.planner.graph(laid, 1)
            graph.action(world.planner.plan_state(laid, elf))
    finally:
        PlanGraph.transition = original     # type: ignore[method-assign]
    explored = len(graph.edges)
    assert explored > 200
    assert len(worked) < 2 * explored, (len(worked), explored)
    for lumps in layouts:
        _same_plans(world, state._replace(gold=tuple(1 if room in lumps else 0 for room in range(len(world.rooms)))))


# -- the gold a hero carries: read by tolls only (and a type that says it reads gold) --------------------

@settings(SETTINGS, max_examples=50)
@given(st.data())
def test_plans_without_the_carried_gold_are_the_plans_with_it(data):
    """Brute force for leaving the ledger out of plan states where no toll reads it: each hero's next
    action and candidates on random states, gold laid and carried anywhere, are those of a planner
    whose plan states keep the ledger."""
    world = data.draw(_toll_worlds())
    kept = World(world.level, {room.label: world.initial_slots[room.index] for room in world.rooms})
    for behaviour in {world.behaviour(hero.type) for hero in world.heroes}:
        kept.planner._views[behaviour] = replace(kept.planner.view(behaviour), ledger=True)
    tolls = any(room.behaviour.toll(room.args) for room in world.rooms)
    event(f"tolls: {tolls}")
    start = random_moves_from(data.draw, world, world.initial_state(), 10)
    for _ in range(3):
        state = data.draw(gilded(world, start))
        for index, hero in enumerate(state.heroes):
            if hero.alive and hero.pos is not None:
                assert world.planner.action(state, index) == kept.planner.action(state, index)
                assert world.planner.explain(state, index) == kept.planner.explain(state, index)
                if not tolls:
                    assert world.planner.plan_state(state, hero)[1] == ()


def test_a_hero_carrying_gold_plans_from_the_plan_state_of_one_carrying_none():
    """On the family (no toll) an Elf carrying the gold room's lump stands in the plan state it
    would stand in carrying nothing, so its plan graph is not explored again per ledger; where a
    toll can read it the ledger stays."""
    world = family_world(2, 1)
    state = world.initial_state()
    elf = state.heroes[1]._replace(pos=(0, (2, 2)))
    carrying = elf._replace(gold=((4, 3),))
    assert world.planner.plan_state(state, carrying) == world.planner.plan_state(state, elf)
    level = world.level
    rooms = tuple(RoomSpec("O1", "T", (1, Element.FIRE)) if room.label == "O1" else room for room in level.rooms)
    tolled = World(replace(level, rooms=rooms, tiles=level.tiles + (("default-T", library_tiles()["default-T"]),)),
                   family_slots())
    assert tolled.planner.plan_state(state, carrying) != tolled.planner.plan_state(state, elf)

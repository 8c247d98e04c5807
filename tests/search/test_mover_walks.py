"""The lone walks beside a loud hero that only moves rooms (FR-57): a Mechanic's shoves made at
every pause of the walks it may interrupt, so those walks are asked rather than left unasked."""

from __future__ import annotations

import dataclasses

from hypothesis import assume, event, given
from hypothesis import strategies as st

from randomlevels import random_moves_from, small_worlds
from test_hero_facts import ONLY_BOUND, SETTINGS, hurting
from test_solver_properties import brute_force

from zorglab.core.model import HeroSpec
from zorglab.core.values import Element, FrozenMap
from zorglab.engine.world import World
from zorglab.search.bound import world_gate
from zorglab.search.solver import Search

walkers = st.one_of(st.builds(lambda hp: ("Warrior", (hp,)), st.integers(1, 5)),
                    st.builds(lambda hp: ("Elf", (hp, frozenset({Element.FIRE}))), st.integers(1, 5)))


@st.composite
def mover_states(draw, max_spells: int = 3):
    """A random world of walkers with a Mechanic among them (shoving one room of the world) and a
    state reached in it by random moves."""
    world = draw(small_worlds(max_spells=max_spells, max_heroes=2, hero_choices=walkers, spell_choices=hurting))
    level = world.level
    labels = [room.label for room in level.rooms]
    mechanic = HeroSpec("Mechanic0", "Mechanic", (draw(st.integers(1, 6)), FrozenMap(
        ((draw(st.sampled_from(labels)), draw(st.integers(0, 1))),))))
    heroes = list(level.heroes)
    heroes.insert(draw(st.integers(0, len(heroes))), mechanic)
    world = World(dataclasses.replace(level, heroes=tuple(heroes)),
                  dict(zip(labels, world.initial_state().slots)))
    assume(world_gate(world) is None)
    return world, random_moves_from(draw, world, world.initial_state(), 40)


def _bound(world):
    search = Search(world, **ONLY_BOUND)
    search._bound.movers_on = True
    return search


@SETTINGS
@given(mover_states())
def test_a_state_the_bound_gives_up_beside_a_mechanic_has_no_win(case):
    world, state = case
    search = _bound(world)
    bound = search._bound
    loud = bound.loud(state)
    movers = bound.movers_of(state, loud) if loud else ()
    hopeless = bound.hopeless(state, search._mask(state.spells_left), search._parts(state, None))
    before = Search(world, **ONLY_BOUND)
    event(f"given up: {hopeless}, beside movers: {bool(movers)}, before: "
          f"{before._bound.hopeless(state, before._mask(state.spells_left), before._parts(state, None))}")
    if hopeless:
        assert not brute_force(world, state), "the bound gave up a branch that wins"


# A spawns at the left end of the bottom row, cut off from D1 and Z by a gap; on foot the only way
# to Z is the long way round the harmless rooms P1..P6 above. A Mechanic listing A shoves it into
# the gap (a justified shove: A -> D1 -> Z is shorter), and every hero after it then spawns there.
#   P2 P3 P4 P5
#   P1 .  .  P6
#   A  .  D1 Z
DETOUR = {"P2": (0, 0), "P3": (1, 0), "P4": (2, 0), "P5": (3, 0), "P1": (0, 1), "P6": (3, 1),
          "A": (0, 2), "D1": (2, 2), "Z": (3, 2)}


def _detour(warrior_hp, listed="A", weight=3):
    from zorglab.core.model import Level, RoomSpec
    from randomlevels import TILES
    rooms = (RoomSpec("A", "A"), RoomSpec("D1", "D", (1,))) + tuple(
        RoomSpec(f"P{i}", "D", (0,)) for i in range(1, 7)) + (RoomSpec("Z", "Z"),)
    heroes = (HeroSpec("Mechanic1", "Mechanic", (1, FrozenMap(((listed, weight),)))),
              HeroSpec("Warrior2", "Warrior", (warrior_hp,)))
    level = Level(id="detour", rooms=rooms, heroes=heroes, spells=(), tiles=TILES)
    return World(level, {room.label: DETOUR[room.label] for room in rooms})


def test_a_walker_behind_a_mechanic_takes_the_way_its_shove_opens():
    """The Mechanic (1 HP) shoves A into the gap and dies in D1; the Warrior (1 HP) spawns in A
    where it now stands and dies in D1 too: a win. On the board as it is, the Warrior's walk is
    the harmless way round; with the Mechanic's shoves at its pause (it waits while the Mechanic
    acts), its walk may cross D1, so the bound keeps the branch. Made wrong on purpose -- no
    shove at a pause -- it gives the win up."""
    world = _detour(1)
    start = world.initial_state()
    assert brute_force(world, start), "the shove opens the way through D1 for both"
    search = _bound(world)
    assert search._bound.movers_of(start, search._bound.loud(start)) != ()
    assert not search._bound.hopeless(start, 0, search._parts(start, None))
    wrong = _bound(world)
    wrong._bound.moved = lambda slots: [slots]
    assert wrong._bound.hopeless(start, 0, wrong._parts(start, None)), "without the shoves the win is given up"


def test_a_walker_no_shove_can_kill_behind_a_mechanic_is_given_up():
    """The same board, the Warrior with 2 HP: wherever the Mechanic shoves A, no walk takes more
    than D1's 1 HP, so the branch has no win -- and the bound now says so (before, the walk of a
    hero the Mechanic may interrupt was left unasked: "it may die")."""
    world = _detour(2, "D1", 0)
    start = world.initial_state()
    assert not brute_force(world, start)
    search = _bound(world)
    assert search._bound.hopeless(start, 0, search._parts(start, None))


@SETTINGS
@given(mover_states(max_spells=2))
def test_alike_boards_filed_once_take_what_each_walked_apart_takes(case):
    """Arrangements differing only in where rooms stand that touch no other room (and hold no
    walker) are walked once (``MoverBoards.folded``): every walk beside the movers takes what the
    walk taking each arrangement apart takes."""
    world, state = case
    search = _bound(world)
    bound = search._bound
    loud = bound.loud(state)
    movers = bound.movers_of(state, loud) if loud else ()
    assume(movers)
    apart = _bound(world)._bound
    apart.boards.fold = False
    mask = search._mask(state.spells_left)
    for place in bound.order(state):
        if place.at in loud:
            continue
        drops = []
        for walks in (bound, apart):
            walks.noisy, walks.movers = True, movers
            drops.append(walks.walk_drop(state, place.at, mask & walks.bending, walks._pauses(mask, place.earlier),
                                         paused=place.paused))
        event(f"folded: {len(bound.boards._folds) > 0}")
        assert drops[0] == drops[1]


def test_the_fold_keeps_the_walkers_room_where_it_stands():
    """The walker stands in a room the Mechanic may shove out on its own: filed as one with
    the other arrangements that room stands apart in, the walk would take what it takes where the
    room is first met -- the fold keeps the walker's room where it is."""
    from zorglab.search.movers import MoverBoards
    world = _detour(1, "D1", 0)
    boards = MoverBoards(world)
    start = world.initial_state()
    movers = (("Mechanic", world.level.heroes[0].args),)
    reached = boards.reached(movers, start.slots)
    assert reached is not None and len(reached) > 1
    d1 = [room.label for room in world.level.rooms].index("D1")
    kept = boards.folded(reached, d1)
    apart = boards.folded(reached, None)
    assert {slots[d1] for slots in kept} == {slots[d1] for slots in reached}, "the walker's room stays where it is"
    assert len(apart) < len(kept)

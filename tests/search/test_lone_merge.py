"""Lone states filed as one (issue 41, ``LoneWalks.merge``): a paused walk's gold and the gold the
hero carries are never read, so the walk's figures are those of the walk that keeps them apart,
with fewer lone states."""

from __future__ import annotations

from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from zorglab.core.model import HeroSpec, Level, RoomSpec, SpellSpec
from zorglab.core.values import Element
from zorglab.engine.world import World
from zorglab.search.bound import DamageBound, world_gate
from zorglab.search.family import family_world
from zorglab.search.lonewalk import UNBOUNDED
from zorglab.search.sharing import submasks

from randomlevels import SHAPES, TILES, random_moves_from

SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Elves read HP (gold in a damage room changes their plan), gold rooms and damage rooms: where merging bites
elves = st.builds(lambda hp, imm: ("Elf", (hp, imm)), st.integers(3, 9),
                  st.sampled_from([frozenset(), frozenset({Element.FIRE})]))
bending = st.one_of(st.just(("Sleep", ())), st.just(("Swap", ())), st.just(("Banality", ())),
                    st.builds(lambda n: ("Teleport", (n,)), st.integers(1, 3)))


@st.composite
def gold_worlds(draw):
    """A row or bend of rooms A, a damage room and a gold room (either order), Z; 1-2 Elves; 1-3 of the
    spells that bend or pause a walk: gold to lay, a room whose entry it spares, a walk that reads it."""
    shape = draw(st.sampled_from(SHAPES))
    middle = [RoomSpec("D1", "D", (draw(st.integers(1, 3)),)), RoomSpec("O1", "O", (draw(st.integers(1, 3)),))]
    if draw(st.booleans()):
        middle.reverse()
    rooms = [RoomSpec("A", "A"), *middle, RoomSpec("Z", "Z")]
    hero_list = draw(st.lists(elves, min_size=1, max_size=2))
    spell_list = draw(st.lists(bending, min_size=1, max_size=3))
    level = Level(id="random", rooms=tuple(rooms), tiles=TILES,
                  heroes=tuple(HeroSpec(f"{t}{i + 1}", t, a) for i, (t, a) in enumerate(hero_list)),
                  spells=tuple(SpellSpec(f"{t}{i + 1}", t, a) for i, (t, a) in enumerate(spell_list)))
    return World(level, {room.label: slot for room, slot in zip(rooms, shape)})


@st.composite
def walks(draw):
    """A world the bound applies to, a state reached in it by random moves, and one living hero's
    walk question: (world, state, hero, bends, pauses, paused)."""
    world = draw(gold_worlds())
    assume(world_gate(world) is None)
    state = random_moves_from(draw, world, world.initial_state(), 12)
    living = [i for i, hero in enumerate(state.heroes) if hero.alive]
    assume(living)
    index = draw(st.sampled_from(living))
    bound = DamageBound(world)
    bends = draw(st.sampled_from([0, *submasks(bound.bending)])) if bound.bending else 0
    return world, state, index, bends, draw(st.integers(1, 2)), draw(st.booleans())


@SETTINGS
@given(walks())
def test_a_merged_walk_takes_what_the_walk_kept_apart_takes(case):
    """Brute force for the merge: every lone state walked apart, as before issue 41."""
    world, state, index, bends, pauses, paused = case
    merged, apart = DamageBound(world), DamageBound(world)
    apart.merge = False
    drop = merged.walk_drop(state, index, bends, pauses, paused=paused)
    assert drop == apart.walk_drop(state, index, bends, pauses, paused=paused)
    event(f"fewer lone states: {merged.work < apart.work}; bounded: {drop < UNBOUNDED}")
    assert merged.work <= apart.work


def test_a_family_elfs_walk_takes_as_much_with_fewer_lone_states():
    """The family's Elves paused, a Teleport and a Swap or Banality left: the same figures from a
    tenth fewer lone states at least. With Teleport(2) alone, gold laid in a damage room lures the
    Elf to where the Teleport hurts it more (3 rather than 2): a walk that forgot the gold it is
    walking towards, not only the gold it will lay again, would take less."""
    world = family_world(4, 6)
    start = world.initial_state()
    teleport, swap, banality = 1 << 2, 1 << 4, 1 << 5
    for index in (1,):
        for bends in (teleport, teleport | swap | banality):
            for pauses, paused in ((0, True), (1, False), (2, True)):
                merged, apart = DamageBound(world), DamageBound(world)
                apart.merge = False
                drop = merged.walk_drop(start, index, bends, pauses, paused=paused)
                assert drop == apart.walk_drop(start, index, bends, pauses, paused=paused) < UNBOUNDED
                assert merged.work <= apart.work
    assert DamageBound(world).walk_drop(start, 1, teleport, 1) == 3
    merged, apart = DamageBound(world), DamageBound(world)
    apart.merge = False
    assert merged.walk_drop(start, 1, teleport | swap | banality, 2) == apart.walk_drop(start, 1, teleport | swap | banality, 2)
    assert merged.work * 10 < apart.work * 9

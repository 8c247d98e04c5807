"""Issue 41 (session 14): the lone walk of a stuck hero whose plan reads HP (an Elf) but whose type
always plans (``SearchFacts.always_plans``) is bounded: it is stuck only where Z cannot be reached,
which no gold changes where the bound applies, so it takes nothing until a board spell left changes
the board or a spell is cast on it. Before, such a walk had no bound, so after a Move set a room
apart (the family's 8 × 9 and 10 × 10 witnesses) the bound stood aside for every Elf while a Swap
was left. Checked against brute force on random worlds with a Move and a Swap, and on the family's
stuck Elf against a play that brings it back."""

from __future__ import annotations

import dataclasses

from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from zorglab.core.model import SpellSpec
from zorglab.engine.turns import act, next_action
from zorglab.engine.world import World
from zorglab.search.bound import DamageBound, world_gate
from zorglab.search.casts import legal_casts
from zorglab.search.family import family_world
from zorglab.search.lonewalk import UNBOUNDED
from zorglab.search.solver import SOLVABLE, UNKNOWN, UNSOLVABLE, Search

from randomlevels import heroes, random_moves_from, small_worlds, spells
from test_solver_properties import brute_force

SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
ONLY_BOUND = dict(forget_dead=False, cut_sleepers=False, bound_first=10**9)     # the bound eager
ELVES = st.one_of(heroes, st.builds(lambda hp: ("Elf", (hp, frozenset())), st.integers(1, 5)))
WITH_MOVE_AND_SWAP = st.one_of(spells, st.just(("Attack", (2,))), st.just(("Swap", ())))


@st.composite
def stuck_states(draw):
    """A world with a Move and a Swap (and an Elf), and a state reached after its Move was cast:
    the board may be in pieces, with the Swap left to bring a stuck hero back."""
    world = draw(small_worlds(max_spells=1, min_spells=0, max_heroes=2, hero_choices=ELVES,
                              spell_choices=WITH_MOVE_AND_SWAP))
    assume(world_gate(world) is None)
    level = world.level
    slots = {room.label: slot for room, slot in zip(level.rooms, world.initial_state().slots)}
    extra = (SpellSpec("Move8", "Move", ()), SpellSpec("Swap9", "Swap", ()))
    world = World(dataclasses.replace(level, spells=level.spells + extra), slots)
    move = len(world.spells) - 2
    state = random_moves_from(draw, world, world.initial_state(), 30)
    casts = [nxt for cast, nxt, _ in legal_casts(world, state) if cast.spell.type == "Move"]
    assume(casts)
    state = casts[draw(st.integers(0, len(casts) - 1))]
    assert not state.spells_left[move]
    state = random_moves_from(draw, world, state, 20)
    return world, state


@SETTINGS
@given(stuck_states())
def test_a_state_the_bound_gives_up_after_a_move_has_no_win(case):
    world, state = case
    search = Search(world, **ONLY_BOUND)
    assert search._bound is not None
    mask = search._mask(state.spells_left)
    hopeless = search._bound.hopeless(state, mask, search._parts(state, None))
    stuck = any(h.alive and h.pos is not None and next_action(world, state) is None for h in state.heroes)
    event(f"given up: {hopeless}; idle with a hero on the board: {stuck}")
    if hopeless:
        assert not brute_force(world, state), "the bound gave up a branch that wins"


@settings(SETTINGS, max_examples=10)     # each a brute force from the start: the costliest here
@given(stuck_states())
def test_the_search_decides_worlds_with_a_move_and_a_swap_as_the_brute_force(case):
    world, _ = case
    found = Search(world, fewest=False).run(max_states=60_000)
    assume(found.verdict != UNKNOWN)
    assert found.verdict == (SOLVABLE if brute_force(world) else UNSOLVABLE)


def _family_stuck_elf():
    """Family 10 × 10: the first casting point's Move sets the poison room apart with Elf2 in it
    (the 8 × 9 witness's first cast); Elf2 is stuck there, W3 spawns next."""
    world = family_world(10, 10)
    state = world.initial_state()
    while state.tick < 30:
        state, _ = act(world, state, next_action(world, state), record=False)
    state = next(nxt for cast, nxt, _ in legal_casts(world, state)
                 if cast.spell.type == "Move" and cast.to == ((-2, -2),))
    return world, state


def test_a_stuck_elf_has_a_bounded_walk_with_a_swap_left():
    world, state = _family_stuck_elf()
    elf = state.heroes[1]
    assert elf.type == "Elf" and elf.pos is not None and next_action(world, state)[0] == 2, "Elf2 stuck, W3 next"
    bound = DamageBound(world)
    swap, banality = 1 << 4, 1 << 5
    alone = bound.walk_drop(state, 1, 0, 0)
    with_swap = bound.walk_drop(state, 1, swap, 0)
    both = bound.walk_drop(state, 1, swap | banality, 0)
    assert alone == 0, "nothing left changes the board: it stays stuck and takes nothing"
    assert 0 < with_swap <= both < UNBOUNDED       # was UNBOUNDED: no bound for any stuck Elf


def test_the_stuck_elf_s_walk_covers_a_play_that_swaps_it_back():
    """W3 spawns in A; a Swap of A with the room set apart brings Elf2 back beside the others, and
    it walks on to Z: its walk with the Swap left is at least what it lost there."""
    world, state = _family_stuck_elf()
    bound_at = state
    heroes = list(state.heroes)
    heroes[1] = heroes[1]._replace(hp=100)      # it lives to the end of its walk
    state = state._replace(heroes=tuple(heroes))
    state, _ = act(world, state, next_action(world, state), record=False)      # W3 spawns in A
    state = next(nxt for cast, nxt, _ in legal_casts(world, state) if cast.spell.type == "Swap"
                 and cast.with_room == "E2")
    while not state.lost and (found := next_action(world, state)) is not None and found[0] == 1:
        state, _ = act(world, state, found, record=False)
    lost = 100 - state.heroes[1].hp
    assert lost > 0, "brought back, Elf2 walks through the damage rooms"
    for paused in (True, False):    # not paused, it is stuck from its first step: the stuck walk's own answer
        assert lost <= DamageBound(world).walk_drop(bound_at, 1, 1 << 4, 0, paused=paused) < UNBOUNDED

"""Issue 41 (ZR-30): a Move after which nothing can move a room to an empty slot tries one slot
touching no room for all of them — checked against brute force (every slot tried) on random
worlds with a Move, and on the casts it leaves out."""

from __future__ import annotations

from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from zorglab.search.casts import CastBook, isolated_alike, legal_casts
from zorglab.search.family import family_world
from zorglab.search.solver import SOLVABLE, UNKNOWN, UNSOLVABLE, Search

from randomlevels import small_worlds, spells, successors
from test_solver_properties import brute_force

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
WITH_MOVE = st.one_of(spells, st.just(("Move", ())), st.just(("Move", ())))


@st.composite
def move_worlds(draw):
    world = draw(small_worlds(max_spells=2, min_spells=1, spell_choices=WITH_MOVE))
    assume(any(spell.type == "Move" for spell in world.spells))
    return world


@SETTINGS
@given(move_worlds())
def test_one_lone_slot_for_all_keeps_the_verdict(world):
    verdict = Search(world, fewest=False).run(max_states=100_000)
    assume(verdict.verdict != UNKNOWN)
    assert verdict.verdict == (SOLVABLE if brute_force(world) else UNSOLVABLE)


@settings(SETTINGS, max_examples=100)
@given(move_worlds(), st.lists(st.integers(0, 10 ** 6), max_size=12))
def test_every_lone_slot_left_out_wins_as_the_one_kept(world, picks):
    """Along a random path, wherever the Move's lone slots are cut to one, brute force from the
    state each slot left out leads to says what it says from the one kept."""
    state = world.initial_state()
    for pick in picks:
        moves = successors(world, state)
        if not moves:
            break
        state = moves[pick % len(moves)]
    if state.lost:
        return
    every = {cast: nxt for cast, nxt, _ in legal_casts(world, state, noops=True)}
    kept = {cast for cast, _, _ in legal_casts(world, state, noops=True, book=CastBook(isolated_once=True))}
    left_out = [cast for cast in every if cast not in kept]
    event(f"slots left out: {min(len(left_out), 5)}")
    if not left_out:
        return
    assert all(cast.spell.type == "Move" for cast in left_out)
    (lone,) = [cast for cast in kept if cast.spell.type == "Move" and _lone(state, every[cast], world)]
    wins = brute_force(world, every[lone])
    for cast in left_out:
        assert brute_force(world, every[cast]) == wins, f"{cast} and {lone} differ"


def _lone(before, after, world) -> bool:
    """Did this cast put a room on a slot touching no other room?"""
    from zorglab.core.geometry import Direction, neighbour_slot
    moved = [i for i, (a, b) in enumerate(zip(before.slots, after.slots)) if a != b]
    if len(moved) != 1:
        return False
    others = {slot for i, slot in enumerate(after.slots) if i != moved[0]}
    return not any(neighbour_slot(after.slots[moved[0]], d) in others for d in Direction)


def test_a_move_with_another_move_or_a_mechanic_left_tries_every_slot():
    world = family_world(2, 9)
    move = world.spells[8]
    assert isolated_alike(world, world.initial_state(), move)
    mixed = family_world(4, 9, "mixed")
    assert not isolated_alike(mixed, mixed.initial_state(), mixed.spells[8])

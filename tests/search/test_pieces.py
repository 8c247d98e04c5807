"""Issue 41 (session 15): the groups on a board in pieces (``zorglab.search.pieces``). Once a Move
has set a room apart, a hero in a piece without Z is stuck and the next one spawns beside it; the
groups stood aside there. Now the stuck heroes are taken as sleepers (with every group), the
heroes in the piece with Z come one by one, and the one Swap left is credited to one point in
time. Every branch it gives up has no win (the exact search without reductions, on random worlds
with a Move and a Swap), the search keeps every verdict, and made wrong on purpose (the Swap
credited to no hero, or a stuck hero taken to wait its turn) it gives wins up."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from zorglab.core.model import HeroSpec, RoomSpec, SpellSpec
from zorglab.engine.turns import act, next_action
from zorglab.engine.world import World
from zorglab.search.bound import world_gate
from zorglab.search.casts import legal_casts
from zorglab.search.family import family_level
from zorglab.search.groups import slots_connected, stall_gate
from zorglab.search.pieces import PieceGroups, z_piece
from zorglab.search.solver import SOLVABLE, UNKNOWN, UNSOLVABLE, Search

from randomlevels import TILES

SETTINGS = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
EAGER = dict(forget_dead=False, cut_sleepers=False, bound_first=10**9)     # the bound never short of work
ATTACK = st.builds(lambda x: ("Attack", (x,)), st.integers(1, 4))
OTHERS = st.one_of(st.just(("Banality", ())), st.builds(lambda n: ("Teleport", (n,)), st.integers(1, 2)),
                   st.just(("Sleep", ())))
ROOM = st.one_of(st.builds(lambda x: ("D", (x,)), st.integers(1, 2)), st.builds(lambda x: ("D", (x,)), st.integers(0, 2)),
                 st.builds(lambda x: ("O", (x,)), st.integers(1, 2)))
SQUARE = {"A": (0, 0), "X1": (1, 0), "X2": (0, 1), "X3": (1, 1), "Z": (2, 1)}


def square_world(heroes, spells, middle) -> World:
    """Rooms A, X1, X2, X3 in a square and Z beside it: a Move can set X1 (or X2) apart with a hero
    in it while A still reaches Z. ``heroes``: (type, HP); ``spells``: (type, arguments);
    ``middle``: the three middle rooms' (type, arguments)."""
    rooms = (RoomSpec("A", "A"),) + tuple(RoomSpec(f"X{i + 1}", t, a) for i, (t, a) in enumerate(middle)) \
        + (RoomSpec("Z", "Z"),)
    level = dataclasses.replace(
        family_level(1, 0), rooms=rooms, tiles=TILES,
        heroes=tuple(HeroSpec(f"{t}{i + 1}", t, (hp,) if t == "Warrior" else (hp, frozenset()))
                     for i, (t, hp) in enumerate(heroes)),
        spells=tuple(SpellSpec(f"{t}{i + 1}", t, a) for i, (t, a) in enumerate(spells)))
    return World(level, {room.label: SQUARE[room.label] for room in rooms})


def after_move(world: World, steps: int, to: tuple[int, int] = (-2, -2)):
    """The state after ``steps`` actions and the Move of the active hero's room to ``to``."""
    state = world.initial_state()
    for _ in range(steps):
        state = act(world, state, next_action(world, state), record=False)[0]
    return next(nxt for cast, nxt, _ in legal_casts(world, state) if cast.spell.type == "Move" and cast.to == (to,))


@st.composite
def pieces_states(draw):
    """A square world of two or three heroes with a Move, Attacks (and mostly a Swap), and a state
    reached after its Move was cast that left the rooms in pieces."""
    heroes = draw(st.lists(st.tuples(st.sampled_from(["Warrior", "Elf"]), st.integers(2, 7)), min_size=3, max_size=3))
    spells = [("Move", ())] + draw(st.lists(ATTACK, min_size=1, max_size=2)) \
        + ([("Swap", ())] if draw(st.integers(0, 3)) else []) + draw(st.lists(OTHERS, max_size=1))
    world = square_world(heroes, draw(st.permutations(spells)), draw(st.lists(ROOM, min_size=3, max_size=3)))
    assume(world_gate(world) is None and stall_gate(world) is None)
    state = world.initial_state()
    for _ in range(draw(st.integers(3, 12))):       # heroes come on before the Move
        found = next_action(world, state)
        if state.lost or found is None:
            break
        state = act(world, state, found, record=False)[0]
    casts = [nxt for cast, nxt, _ in legal_casts(world, state) if cast.spell.type == "Move"
             and not slots_connected(nxt.slots) and nxt.slots[nxt.main_a] in z_piece(nxt.slots, world.z_rooms)]
    assume(casts)       # a room set apart, A still reaching Z: the heroes after it come on
    state = casts[draw(st.integers(0, len(casts) - 1))]
    for _ in range(draw(st.integers(0, 30))):     # then mostly act: the heroes after it come on
        found = next_action(world, state)
        casts = [nxt for _, nxt, _ in legal_casts(world, state)]
        if state.lost or found is None and not casts:
            break
        if found is not None and (not casts or draw(st.integers(0, 9)) < 8):
            state = act(world, state, found, record=False)[0]
        else:
            state = casts[draw(st.integers(0, len(casts) - 1))]
    assume(not state.lost and not slots_connected(state.slots))
    return world, state


def _asked(world, state):
    """The bound's answer for ``state`` with every cut, and whether the pieces' groups gave it up."""
    search = Search(world, **EAGER)
    bound = search._bound
    assert bound is not None and bound.groups is not None
    hopeless = bound.hopeless(state, search._mask(state.spells_left), search._parts(state, None))
    return hopeless, bool(bound.groups.pieces.pruned)


def _no_win(world, state) -> bool:
    """The exact search with every reduction off is the judge (the brute force without a table is
    too slow for three heroes' walks)."""
    return Search(world, start=state, prune=False).run(max_states=500_000).verdict == UNSOLVABLE


@SETTINGS
@given(pieces_states())
def test_a_state_the_pieces_give_up_has_no_win(case):
    world, state = case
    hopeless, by_pieces = _asked(world, state)
    event(f"given up by the pieces' groups: {by_pieces}")
    if hopeless:
        assert _no_win(world, state), "the bound gave up a branch that wins"


@settings(SETTINGS, max_examples=25)
@given(pieces_states())
def test_the_search_with_the_pieces_keeps_every_verdict(case):
    """From a state after the Move (the search from the start would mostly try other Moves)."""
    world, state = case
    plain = Search(world, start=state, prune=False).run(max_states=100_000)
    assume(plain.verdict != UNKNOWN)
    event(f"plain: {plain.verdict}")
    for fewest in (True, False):
        assert Search(world, start=state, fewest=fewest, **EAGER).run(max_states=100_000).verdict == plain.verdict


WARRIORS = (("Warrior", 3), ("Warrior", 3), ("Warrior", 3))
ROOMS_0 = (("D", (0,)),) * 3
ROOMS_1 = (("D", (1,)),) * 3


def test_heroes_after_a_stuck_one_still_come_one_by_one():
    """W1 walks into X1, which a Move sets apart: it is stuck there, W2 and W3 spawn while it
    lives, but one after another in the piece with Z. One Attack(3) reaches W1 and one of them,
    never all three. Main's groups stood aside on a board in pieces: not given up there."""
    world = square_world(WARRIORS, (("Move", ()), ("Attack", (3,))), ROOMS_0)
    state = after_move(world, 6)
    assert state.heroes[0].pos[0] == 1 and not slots_connected(state.slots), "W1 stuck in X1, set apart"
    assert _asked(world, state) == (True, True)
    assert _no_win(world, state)


@pytest.mark.parametrize("heroes,attacks", [
    ((("Warrior", 3), ("Warrior", 5), ("Warrior", 5)), (2,)),
    ((("Warrior", 3), ("Warrior", 6), ("Warrior", 6)), (2, 1)),
    ((("Warrior", 4), ("Warrior", 6), ("Warrior", 6)), (3,)),
])
def test_one_swap_left_on_a_board_in_pieces_serves_one_point_in_time(heroes, attacks):
    """With a Swap left each later hero alone may die (its walk bent by the Swap, or all of them
    stuck together once A is swapped apart, where their walks take nothing); but one Swap is cast
    at one point in time. Given up, and the exact search without reductions agrees."""
    world = square_world(heroes, (("Move", ()), ("Swap", ())) + tuple(("Attack", (x,)) for x in attacks), ROOMS_1)
    state = after_move(world, 6)
    assert _asked(world, state) == (True, True)
    assert _no_win(world, state)


def test_made_wrong_the_swap_credited_to_no_hero_gives_a_win_up(monkeypatch):
    """Three Warriors of 3 HP, rooms of 1: with the Swap (A swapped apart while W2 walks, W3
    spawning stuck beside it and W1 brought back) one Attack(3) reaches all three. The rule keeps
    the branch; made to credit the Swap to nobody, it gives the win up."""
    world = square_world(WARRIORS, (("Move", ()), ("Attack", (3,)), ("Swap", ())), ROOMS_1)
    state = after_move(world, 6)
    assert Search(world, start=state, prune=False).run(max_states=300_000).verdict == SOLVABLE
    assert _asked(world, state) == (False, False)
    monkeypatch.setattr(PieceGroups, "_possible", lambda self, *args: False)     # no walker walks through it
    assert _asked(world, state) == (True, True)


def test_made_wrong_a_stuck_hero_waiting_its_turn_gives_a_win_up(monkeypatch):
    """The groups' own case (``test_groups``): W1 stuck in a room a Move set apart, W2 spawns
    beside it and one Attack reaches both. Taken to wait its turn rather than be with every group
    (the piece with Z taken as the whole board), the rule gives that win up."""
    world = square_world(WARRIORS[:2], (("Move", ()), ("Attack", (3,))), ROOMS_0)
    state = after_move(world, 6)
    assert Search(world, start=state, prune=False).run(max_states=300_000).verdict == SOLVABLE
    assert _asked(world, state) == (False, False)
    monkeypatch.setattr(PieceGroups, "reach", lambda self, slots: frozenset(slots))
    assert _asked(world, state) == (True, True)


def test_the_piece_with_z():
    assert z_piece(((0, 0), (1, 0), (3, 0)), frozenset({2})) == {(3, 0)}
    assert z_piece(((0, 0), (1, 0), (1, 1), (5, 5)), frozenset({0})) == {(0, 0), (1, 0), (1, 1)}

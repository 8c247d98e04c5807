"""FR-51: the damage bound gives up only branches that cannot win, checked against brute force from
the states it rules out, against the search without it, and on the rules that make it sound."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from zorglab.core.model import HeroSpec, RoomSpec, SpellSpec
from zorglab.engine.turns import act, next_action
from zorglab.engine.world import World
from zorglab.search.bound import DamageBound, world_gate
from zorglab.search.casts import legal_casts
from zorglab.search.family import SLOTS, family_level, family_world
from zorglab.search.lonewalk import MAX_DEPTH, UNBOUNDED
from zorglab.search.solver import SOLVABLE, UNKNOWN, UNSOLVABLE, Search

from randomlevels import random_moves_from, small_worlds, successors
from test_solver_properties import brute_force

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
ONLY_BOUND = dict(forget_dead=False, cut_sleepers=False, bound_first=10**9)     # the bound eager: never short of work


@st.composite
def reached_states(draw, max_spells: int = 3):
    """A random world the bound applies to and a state reached in it by random moves."""
    world = draw(small_worlds(max_spells=max_spells))
    assume(world_gate(world) is None)
    state = random_moves_from(draw, world, world.initial_state(), 40)
    return world, state


@SETTINGS
@given(reached_states())
def test_a_state_the_bound_gives_up_has_no_win(case):
    world, state = case
    search = Search(world, **ONLY_BOUND)
    assert search._bound is not None
    mask = search._mask(state.spells_left)
    hopeless = search._bound.hopeless(state, mask, search._parts(state, None))
    event(f"given up: {hopeless}")
    if hopeless:
        assert not brute_force(world, state), "the bound gave up a branch that wins"


@SETTINGS
@given(reached_states())
def test_a_bound_short_of_work_says_no_and_goes_on_where_it_was(case):
    """The lazy bound (issue 27): cut off again and again by a small allowance, it answers "not
    hopeless" meanwhile, finishes once given enough, and what it gives up then has no win."""
    world, state = case
    search = Search(world, **ONLY_BOUND)
    bound = search._bound
    assert bound is not None
    mask, parts = search._mask(state.spells_left), search._parts(state, None)
    for round_ in range(1, 10_000):
        bound.allowance = bound.work + MAX_DEPTH + 10     # a resumed walk walks its path again first
        spent = bound.spent
        answer = bound.hopeless(state, mask, parts)
        if bound.spent == spent:
            break
        assert not answer, "cut off, the bound gives nothing up"
        assert not any(value == (UNBOUNDED, True) for value in bound._solo.values()), "no mark left behind"
    else:
        raise AssertionError("the bound never finished")
    event(f"rounds > 1: {round_ > 1}; given up: {answer}")
    if answer:
        assert not brute_force(world, state), "the bound gave up a branch that wins"


def random_path(draw, world: World) -> list:
    """The states of one random path through ``world`` from its start (actions and casts drawn)."""
    state = world.initial_state()
    path = [state]
    for _ in range(draw(st.integers(0, 30))):
        moves = successors(world, state)
        if not moves:
            break
        state = moves[draw(st.integers(0, len(moves) - 1))]
        path.append(state)
    return path


@st.composite
def reached_paths(draw, max_spells: int = 3):
    """A random world the bound applies to, with a Swap (one is added where none was drawn), and the states of one random
    path through it (the spells left shrink along it)."""
    world = draw(small_worlds(max_spells=max_spells))
    if not any(spell.type == "Swap" for spell in world.spells):
        level = world.level
        slots = dict(zip((room.label for room in level.rooms), world.initial_state().slots))
        world = World(dataclasses.replace(level, spells=level.spells + (SpellSpec("Swap9", "Swap", ()),)), slots)
    assume(world_gate(world) is None)
    return world, random_path(draw, world)


@SETTINGS
@given(reached_paths())
def test_a_board_spell_the_bound_cuts_has_no_winning_cast(case):
    """The board cut (issue 27): a board spell is not cast at all where the bound says every cast
    of it leaves a hero nothing can kill; brute force finds no win after any of its casts. One
    bound answers along the whole path, deepest state first, so answers its memo kept for fewer
    spells left are there to be (wrongly) reused for more."""
    world, path = case
    search = Search(world, **ONLY_BOUND)
    bound = search._bound
    assert bound is not None
    cuts = 0
    for state in reversed(path):
        if state.lost:
            continue
        found = next_action(world, state)
        active = found[0] if found is not None and state.heroes[found[0]].pos is not None else None
        mask = search._mask(state.spells_left)
        cut = bound.board_cut(state, mask, search._parts(state, None), active)
        assert not cut & ~bound.board_bits & mask, "only board spells left are cut"
        for cast, nxt, _ in legal_casts(world, state, active=active):
            if cut & mask & ~search._mask(nxt.spells_left):     # it cast a spell the bound cut
                cuts += 1
                assert not brute_force(world, nxt), f"the cut left out a winning {cast}"
    event(f"casts cut: {min(cuts, 3)}")


@settings(SETTINGS, max_examples=25)
@given(st.integers(2, 4), st.integers(5, 6), st.lists(st.integers(0, 10 ** 6), min_size=1, max_size=40))
def test_a_bound_that_remembers_cuts_no_more_than_a_fresh_one(heroes, spells, picks):
    """Along a random path through a family level, deepest state first, one bound asked again
    and again (its memo filed for fewer spells left) never cuts a board spell a fresh bound keeps:
    its memo holds only what each question's own walks would give."""
    world = family_world(heroes, spells)
    state = world.initial_state()
    path = [state]
    for pick in picks:
        moves = successors(world, state)
        if not moves:
            break
        state = moves[pick % len(moves)]
        path.append(state)
    search = Search(world, **ONLY_BOUND)
    shared = search._bound
    assert shared is not None
    for state in reversed(path):
        if state.lost:
            continue
        found = next_action(world, state)
        active = found[0] if found is not None and state.heroes[found[0]].pos is not None else None
        mask, parts = search._mask(state.spells_left), search._parts(state, None)
        remembered = shared.board_cut(state, mask, parts, active)
        fresh = Search(world, **ONLY_BOUND)._bound
        assert fresh is not None
        assert not remembered & ~fresh.board_cut(state, mask, parts, active)
        assert not shared.hopeless(state, mask, parts) or fresh.hopeless(state, mask, parts)


@SETTINGS
@given(small_worlds())
def test_the_bound_keeps_the_verdict_and_the_fewest_spells(world):
    plain = Search(world, prune=False).run(max_states=50_000)
    assume(plain.verdict != UNKNOWN)
    cut = Search(world, **ONLY_BOUND).run(max_states=50_000)
    assert cut.verdict == plain.verdict
    assert cut.spells_used == plain.spells_used


def test_the_gate_names_what_would_make_the_bound_unsound():
    level = family_level(2, 2)
    assert world_gate(World(level, SLOTS)) is None

    def gate(**changes):
        return world_gate(World(dataclasses.replace(level, **changes), SLOTS))

    two_spawns = tuple(RoomSpec("O1", "A", (), "default-A") if r.label == "O1" else r for r in level.rooms)
    assert "A room" in (gate(rooms=two_spawns) or "")
    # a Gunner is no reason (FR-56): the bound asks only walks it cannot interrupt while it has a shot
    gunner = World(dataclasses.replace(level, heroes=level.heroes + (HeroSpec("Gunner3", "Gunner", (3, 1)),)), SLOTS)
    assert world_gate(gunner) is None
    assert Search(gunner)._bound.loud(gunner.initial_state()) == (2,)
    # a spell type that does not say how it bears on the bound turns it off while it is left
    moving = Search(World(dataclasses.replace(level, spells=level.spells + (SpellSpec("Move3", "Move", ()),)), SLOTS))
    assert moving._bound is not None and moving._bound.unbounded == 1 << 2


def _lone_walk_loss(world, state, index):
    """HP the hero loses walking to its end with no cast, by the engine's run (hp made huge)."""
    heroes = tuple(h._replace(hp=10 ** 6) if i == index else h._replace(alive=False)
                   for i, h in enumerate(state.heroes))
    state = state._replace(heroes=heroes)
    lost = 0
    while not state.lost and (found := next_action(world, state)) is not None:
        before = state.heroes[index].hp
        state, _ = act(world, state, found, record=False)
        lost += max(0, before - state.heroes[index].hp)
    return lost


@pytest.mark.parametrize("index", range(4))
def test_without_spells_the_bound_is_the_walk_itself(index):
    world = family_world(4, 1)
    bound = DamageBound(world)
    start = world.initial_state()
    assert bound.walk_drop(start, index, 0, 0) == _lone_walk_loss(world, start, index)


def test_spells_that_bend_a_walk_only_raise_the_bound():
    world = family_world(4, 6)        # Attack(1), Sleep, Teleport(2), Attack(2), Swap, Banality
    bound = DamageBound(world)
    start = world.initial_state()
    teleport, swap, banality = 1 << 2, 1 << 4, 1 << 5
    for index in range(4):
        alone = bound.walk_drop(start, index, 0, 0)
        for bends in (teleport, swap, banality, teleport | swap | banality):
            assert bound.walk_drop(start, index, bends, 1) >= alone
    # an Elf made a Warrior walks the harmful road: Banality bends the Elf's walk for real
    assert bound.walk_drop(start, 1, banality, 0) > bound.walk_drop(start, 1, 0, 0)
    assert bound.walk_drop(start, 1, 0, 0) < UNBOUNDED


def test_a_need_answers_only_that_it_is_reached():
    world = family_world(2, 6)
    start = world.initial_state()
    exact = DamageBound(world).walk_drop(start, 1, (1 << 2) | (1 << 4) | (1 << 5), 1)
    cut = DamageBound(world).walk_drop(start, 1, (1 << 2) | (1 << 4) | (1 << 5), 1, need=1)
    assert 1 <= cut <= exact


def test_two_heroes_needing_the_one_banality_cannot_both_have_it():
    from zorglab.search.sharing import disjoint_choice
    banality, teleport = 1 << 5, 1 << 2
    assert not disjoint_choice([[banality], [banality]], 0, 0)
    assert disjoint_choice([[banality], [teleport, banality]], 0, 0)
    assert not disjoint_choice([[banality], [teleport], [teleport | banality]], 0, 0)


@pytest.mark.parametrize("heroes,spells,expect", [(5, 5, SOLVABLE), (6, 5, UNSOLVABLE), (6, 6, UNSOLVABLE),
                                                   (4, 4, UNSOLVABLE)])
def test_the_cells_the_search_could_not_decide_are_decided(heroes, spells, expect):
    from zorglab.engine.run import run_world
    verdict = Search(family_world(heroes, spells), fewest=False).run(max_states=200_000)
    assert verdict.verdict == expect, verdict.reason
    if expect == SOLVABLE:
        assert run_world(family_world(heroes, spells), verdict.casts, strict=True).outcome.value == "win"


def test_a_walk_deeper_than_the_stack_gives_no_bound_and_no_crash():
    import sys

    world = family_world(2, 6)
    start = world.initial_state()
    bound = DamageBound(world)
    depth = len(__import__("inspect").stack())
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(depth + 40)
    try:
        answer = bound.walk_drop(start, 1, (1 << 2) | (1 << 4) | (1 << 5), 1)
    finally:
        sys.setrecursionlimit(limit)
    assert answer == UNBOUNDED
    assert not any(value == (UNBOUNDED, True) for value in bound._solo.values()), "no mark left behind"
    assert DamageBound(world).walk_drop(start, 1, (1 << 2) | (1 << 4) | (1 << 5), 1) < UNBOUNDED


@st.composite
def walk_paths(draw, max_spells: int = 3):
    """A random world the bound applies to, with a Banality and a Teleport (added where none was
    drawn), at least two heroes, and the states of one random path through it."""
    world = draw(small_worlds(max_spells=max_spells))
    level = world.level
    assume(len(level.heroes) >= 2)
    extra = tuple(spec for spec, kind in ((SpellSpec("Banality9", "Banality", ()), "Banality"),
                                          (SpellSpec("Teleport9", "Teleport", (2,)), "Teleport"))
                  if not any(spell.type == kind for spell in world.spells))
    if extra:
        slots = dict(zip((room.label for room in level.rooms), world.initial_state().slots))
        world = World(dataclasses.replace(level, spells=level.spells + extra), slots)
    assume(world_gate(world) is None)
    return world, random_path(draw, world)


@SETTINGS
@given(walk_paths())
def test_a_walk_spell_the_bound_keeps_for_one_hero_wins_on_no_other(case):
    """The walk cut (issue 27): where every least set of walk spells some hero needs holds one
    spell, that spell is cast on that hero alone; brute force finds no win after any cast on
    another. One bound answers along the path, deepest state first (its memo filed for fewer
    spells left), each state's own test asked first, as the search does before casting."""
    world, path = case
    search = Search(world, **ONLY_BOUND)
    bound = search._bound
    assert bound is not None
    cuts = 0
    for state in reversed(path):
        if state.lost:
            continue
        found = next_action(world, state)
        active = found[0] if found is not None and state.heroes[found[0]].pos is not None else None
        mask, parts = search._mask(state.spells_left), search._parts(state, None)
        if bound.hopeless(state, mask, parts):
            continue            # the search gives it up before casting anything
        only = bound.walk_cut(state, mask, parts)
        assert all(mask >> index & 1 and bound.walking >> index & 1 for index in only), "walk spells left only"
        kept = {cast for cast, _, _ in legal_casts(world, state, active=active, only=only)}
        for cast, nxt, _ in legal_casts(world, state, active=active):
            if cast not in kept:
                cuts += 1
                assert not brute_force(world, nxt), f"the walk cut left out a winning {cast}"
    event(f"casts cut: {min(cuts, 3)}")


@pytest.mark.parametrize("heroes,spells", [(4, 3), (5, 4), (8, 4), (2, 1)])
def test_the_static_check_decides_small_unsolvable_cells_before_any_state(heroes, spells):
    """Issue 41: the cheap static check first again — the bound asked about the first state alone
    (within ``bound_static`` lone states) before the witness search expands anything."""
    verdict = Search(family_world(heroes, spells), fewest=False).run(max_states=50_000)
    assert verdict.verdict == UNSOLVABLE
    assert verdict.states == 0 and "static check" in verdict.reason


@SETTINGS
@given(small_worlds())
def test_what_the_static_check_gives_up_has_no_win(world):
    """Whatever the static check proves unsolvable at 0 states, brute force finds no win for."""
    assume(world_gate(world) is None)
    verdict = Search(world, fewest=False).run(max_states=50_000)
    event(f"static: {verdict.states == 0 and verdict.verdict == UNSOLVABLE}")
    if verdict.states == 0 and verdict.verdict == UNSOLVABLE:
        assert not brute_force(world, world.initial_state())


def test_a_question_asked_again_is_answered_from_the_memo():
    """Issue 41: the bound files each answer by all it reads (the ground, the heroes' parts, the
    spells left), so a question asked again costs no walk and gets the same answer."""
    world = family_world(4, 4)
    search = Search(world, **ONLY_BOUND)
    bound = search._bound
    assert bound is not None
    state = world.initial_state()
    mask, parts = search._mask(state.spells_left), search._parts(state, None)
    first = bound.hopeless(state, mask, parts)
    work = bound.work
    bound.allowance = work          # no new walk allowed
    assert bound.hopeless(state, mask, parts) is first is True
    assert bound.work == work and bound.hits == 1


@pytest.mark.parametrize("heroes,spells", [(4, 5), (5, 6), (2, 5)])
def test_the_static_check_stays_cheap_where_a_swap_makes_boards(heroes, spells):
    """Issue 41: with a Swap left every arrangement is a board whose walks explore a plan graph
    each (21-25 of them, 0.35-0.5 CPU s, on cells the check does not decide); the check stops
    once its walks have explored ``bound_static_plans`` of them, and the search goes on."""
    world = family_world(heroes, spells)
    search = Search(world, fewest=False)
    assert not search._static(world.initial_state())
    assert len(world.planner.graphs) <= search.bound_static_plans + 1
    assert search.run(max_states=50_000).verdict == SOLVABLE


def test_the_bound_joins_early_enough_for_the_witness_it_helps():
    """Issue 41: the witness search of family 5 x 5 wins only with the bound's cuts, some 740
    states after the bound joins; joining after 1,000 states rather than 3,000 wins at 1,737
    states (3,736 before), 2.5 -> 1.2 CPU s."""
    verdict = Search(family_world(5, 5), fewest=False).run(max_states=50_000)
    assert verdict.verdict == SOLVABLE and verdict.states < 2_000

"""Issue 41 (session 16): one board spell's order with a pause spell left (``Groups._one_board_spell``).

The one Swap left serves one point in time: the heroes dead before it walk without it, those on
the board when it is cast walk through it, those spawning after it walk the one board it made. It
was asked only with no pause spell left; with a Sleep left, each awake hero may become a sleeper,
and as a sleeper (with every group, woken at any time) it walks through the Swap, its own best.
Warrior/Elf 10 x 10 on 8 rooms: below each Move at @30 beside the rooms, the states the search
meets most have a Sleep, a Wake and the Swap left, and a fresh bound gave up none of them.

Every state it gives up has no win (the exact search without reductions as judge, on random
worlds of the family's dungeon with a Swap and a Sleep), the search keeps every verdict, and made
wrong on purpose (the Sleep ignored, or a sleeper given its needs without the Swap), it gives up
worlds that win."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from zorglab.core.model import HeroSpec, SpellSpec
from zorglab.core.values import Element
from zorglab.engine.world import World
from zorglab.search import groups as groups_module
from zorglab.search.family import SLOTS, family_level
from zorglab.search.sharing import feasible
from zorglab.search.solver import SOLVABLE, UNKNOWN, UNSOLVABLE, Search

from test_groups import asked, played

SETTINGS = settings(max_examples=30, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
EAGER = dict(forget_dead=False, cut_sleepers=False, bound_first=10**9)     # the bound never short of work
JUDGE = 200_000         # the exact search's states (most worlds here take 50,000-120,000)


def sleep_world(heroes, spells) -> World:
    """The family's dungeon with ``heroes`` ((type, HP), Elves immune to poison) and ``spells``."""
    level = dataclasses.replace(
        family_level(2, 0),
        heroes=tuple(HeroSpec(f"{t}{i}", t, (hp,) if t == "Warrior" else (hp, frozenset({Element.POISON})))
                     for i, (t, hp) in enumerate(heroes)),
        spells=tuple(SpellSpec(f"{t}{i + 1}", t, a) for i, (t, a) in enumerate(spells)))
    return World(level, SLOTS)


def given_up_at_start(world: World) -> tuple[bool, int]:
    """Does a fresh, eager bound give the first state up, and how often by one board spell's order?"""
    return asked(world, world.initial_state())


@st.composite
def sleep_states(draw):
    """Two or three Warriors and Elves, a Swap and a Sleep (mostly a Wake, at most one Attack),
    and a state reached, mostly by heroes acting (often the first state)."""
    heroes = draw(st.lists(st.tuples(st.sampled_from(["Warrior", "Elf"]), st.integers(5, 10)), min_size=2,
                           max_size=3))
    spells = [("Swap", ()), ("Sleep", ())] + draw(st.lists(st.just(("Wake", ())), max_size=1)) \
        + draw(st.lists(st.builds(lambda x: ("Attack", (x,)), st.integers(1, 3)), max_size=1))
    world = sleep_world(heroes, spells)
    return world, played(draw, world, draw(st.sampled_from([0, 0, 10, 20])))


@SETTINGS
@given(sleep_states())
def test_a_state_one_swaps_order_with_a_sleep_gives_up_has_no_win(case):
    """The exact search with every reduction off (``prune=False``) is the judge."""
    world, state = case
    assume(not state.lost)
    hopeless, ordered = asked(world, state)
    event(f"given up by one board spell's order: {bool(ordered)}")
    if hopeless:
        verdict = Search(world, start=state, prune=False).run(max_states=JUDGE).verdict
        event(f"judged: {verdict}")
        assert verdict != SOLVABLE, "the bound gave up a branch that wins"


@settings(SETTINGS, max_examples=10)
@given(sleep_states())
def test_with_a_sleep_and_one_swap_the_search_keeps_every_verdict(case):
    world, _ = case
    plain = Search(world, prune=False).run(max_states=JUDGE)
    assume(plain.verdict != UNKNOWN)
    event(f"plain: {plain.verdict}")
    assert Search(world, fewest=False, **EAGER).run(max_states=JUDGE).verdict == plain.verdict


@pytest.mark.parametrize("heroes,spells", [
    ((("Elf", 6), ("Warrior", 11), ("Warrior", 7)), (("Swap", ()), ("Sleep", ()), ("Attack", (3,)))),
    ((("Elf", 6), ("Elf", 7), ("Warrior", 9)), (("Swap", ()), ("Sleep", ()), ("Attack", (3,)))),
])
def test_one_swap_with_a_sleep_left_serves_one_point_in_time(heroes, spells):
    """Given up at the first state by the one Swap's order (before session 16: not asked while a
    Sleep was left, and nothing else gave it up); the exact search without reductions agrees."""
    world = sleep_world(heroes, spells)
    assert given_up_at_start(world) == (True, 1)
    assert Search(world, prune=False).run(max_states=JUDGE).verdict == UNSOLVABLE


WINS = (
    ((("Warrior", 10), ("Warrior", 9)), (("Swap", ()), ("Sleep", ()), ("Wake", ()))),
    ((("Elf", 6), ("Elf", 6), ("Warrior", 10)), (("Swap", ()), ("Sleep", ()), ("Attack", (3,)), ("Teleport", (1,)))),
)


def _sleep_ignored(sleepers, awake, first, attacks, walk_sets, pauses=0, slept=None):
    """Made wrong: the order asked as if no pause spell were left (no hero made a sleeper)."""
    return feasible(sleepers, awake, first, attacks, walk_sets, 0 if slept is not None else pauses)


def _slept_without_the_swap(sleepers, awake, first, attacks, walk_sets, pauses=0, slept=None):
    """Made wrong: a hero made a sleeper keeps its needs in the case (without the Swap, or after it)."""
    return feasible(sleepers, awake, first, attacks, walk_sets, pauses)


@pytest.mark.parametrize("heroes,spells", WINS)
def test_worlds_that_win_with_a_sleep_and_one_swap_are_kept(heroes, spells):
    world = sleep_world(heroes, spells)
    assert given_up_at_start(world) == (False, 0)
    assert Search(world, prune=False).run(max_states=JUDGE).verdict == SOLVABLE
    assert Search(sleep_world(heroes, spells), fewest=False, **EAGER).run(max_states=JUDGE).verdict == SOLVABLE


@pytest.mark.parametrize("wrong,wins", [(_sleep_ignored, WINS), (_slept_without_the_swap, WINS[:1])])
def test_made_wrong_the_order_with_a_sleep_gives_up_a_win(monkeypatch, wrong, wins):
    """The Sleep ignored in the order, or a hero made a sleeper not let through the Swap: each gives
    up a world above that wins (the exact search finds its win: the test before)."""
    monkeypatch.setattr(groups_module, "feasible", wrong)
    for heroes, spells in wins:
        assert given_up_at_start(sleep_world(heroes, spells)) == (True, 1)

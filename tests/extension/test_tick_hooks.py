"""Delayed effects on the tick hook, one module outside ``zorglab/`` (issue 40).

:mod:`hex` (beside this file) declares Hex (damage n ticks later, whoever acts), Curse (damage
after n of its hero's own actions) and Stun (a pausing mark that ends on its own) on
:meth:`Mark.on_tick <zorglab.engine.marks.Mark.on_tick>`. They compose with Sleep's pass and
Freeze's skip on one hero, and the search stays exact with them: its cuts ask the marks in the
state (``SearchFacts``), and random worlds holding them agree with brute force — which they do
not when a mark's facts claim what is false (the cuts then ignore the mark, as the sleeper cut
did before issue 40).
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import zorglab
from zorglab.core.model import HeroSpec, Level, RoomSpec, SpellSpec
from zorglab.core.registry import unregister
from zorglab.engine.events import forget_event_type
from zorglab.engine.facts import SearchFacts
from zorglab.engine.marks import unregister_mark
from zorglab.engine.turns import act, next_action, turn_order
from zorglab.engine.world import World
from zorglab.search.bound import world_gate
from zorglab.search.lonewalk import STACK_NEEDED
from zorglab.search.solver import SOLVABLE, UNSOLVABLE, Search, solve_world

from randomlevels import SHAPES, TILES, heroes, middle_rooms, spells     # tests/search
from test_bound import random_path                                       # tests/search
from test_solver_properties import brute_force                           # tests/search

HERE = Path(__file__).resolve().parent
LEVEL = HERE / "hex.toml"

pytestmark = pytest.mark.filterwarnings("error")


@pytest.fixture(scope="module", autouse=True)
def designer():
    """The designer's modules, imported for these tests only (the registries are the process's)."""
    if sys.getrecursionlimit() < STACK_NEEDED:     # the bound's lone walks raise it: before hypothesis looks
        sys.setrecursionlimit(STACK_NEEDED)
    hexes = importlib.import_module("hex")
    freeze = importlib.import_module("freeze")
    yield hexes, freeze
    for cls in (hexes.HexSpell, hexes.CurseSpell, hexes.StunSpell, freeze.FreezeSpell):
        unregister(cls)
    for mark in (hexes.Hexed, hexes.Cursed, hexes.Stunned, freeze.Frozen):
        unregister_mark(mark)
    for event in (hexes.Struck, freeze.Froze, freeze.SkippedAction):
        forget_event_type(event)
    sys.modules.pop("hex", None)
    sys.modules.pop("freeze", None)


def _world(level: Level | None = None) -> World:
    from zorglab.engine.game import setup_solution

    return setup_solution(level or zorglab.load_level(LEVEL), 0).world()


def _sleep_and_hex() -> Level:
    """The level with only its Sleep and its Hex: no win but a hex on the sleeping Elf1."""
    level = zorglab.load_level(LEVEL)
    return level.replace(spells=level.spells[:2])


def _struck(events) -> list[tuple[int, str, int]]:
    return [(e.tick, e.hero, e.damage) for e in events if e.kind == "struck"]


# -- the engine: a tick hook after every action, whoever acts ----------------------------------

def test_a_hex_on_a_sleeper_strikes_while_the_others_walk():
    level = zorglab.load_level(LEVEL)
    run = zorglab.play(level, ["@1 Sleep on Elf1", "@4 Hex(1, 1) on Elf1"]).main
    assert run.outcome is zorglab.Outcome.WIN
    assert _struck(run.events) == [(5, "Elf1", 1)]          # the tick after the cast: Warrior1's step
    assert [(e.tick, e.hero) for e in run.events if e.kind == "woke"] == [(5, "Elf1")]


def test_no_hook_is_called_for_a_hero_without_a_ticking_mark():
    world = _world()
    state = world.initial_state()
    after, _ = act(world, state)
    assert after.heroes[1] is state.heroes[1]               # untouched, shared: the search keeps its number


def test_freeze_and_a_curse_compose_on_one_hero():
    """A frozen, cursed hero neither walks nor escapes the curse: its skips are its actions."""
    level = zorglab.load_level(LEVEL)
    run = zorglab.play(level, ["@1 Freeze(2)", "@1 Curse(2, 1) on Elf1"]).main
    steps = [e for e in run.events if e.kind == "stepped" and e.hero == "Elf1"]
    skips = [e.tick for e in run.events if e.kind == "skipped_action"]
    assert skips == [2, 3]                                   # frozen: no step at ticks 2 and 3
    assert not [e for e in steps if e.tick <= 3]
    assert _struck(run.events) == [(3, "Elf1", 1)]          # the curse counted both skipped actions


def test_freeze_and_a_hex_compose_on_one_hero():
    level = zorglab.load_level(LEVEL)
    run = zorglab.play(level, ["@1 Freeze(2)", "@1 Hex(1, 1) on Elf1"]).main
    assert [e.tick for e in run.events if e.kind == "skipped_action"] == [2, 3]
    assert _struck(run.events) == [(2, "Elf1", 1)]          # one tick later: the first skip
    assert min(e.tick for e in run.events if e.kind == "stepped") == 4


def test_a_curse_counts_only_its_own_heros_actions():
    level = zorglab.load_level(LEVEL)
    run = zorglab.play(level, ["@1 Sleep on Elf1", "@1 Curse(2, 1) on Elf1", "@4 Hex(1, 1) on Warrior1"]).main
    assert _struck(run.events) == [(5, "Warrior1", 1)]      # Elf1 sleeps: it takes no action, the curse waits
    assert [e.hero for e in run.events if e.kind == "died"] == ["Warrior1"]
    assert run.state.heroes[0].mark("cursed") == ((2, 1),)


def test_a_stun_passes_its_hero_over_then_lets_it_walk():
    world = _world()
    state = world.initial_state()
    state, _ = act(world, state)                              # Elf1 spawns
    state = state.replace(heroes=(state.heroes[0].replace(marks=(("stunned", 2),)), state.heroes[1]))
    assert [(p.at, p.passed) for p in turn_order(state)] == [(0, True), (1, False)]
    assert next_action(world, state)[0] == 1
    state, _ = act(world, state)                              # Warrior1 spawns: one tick of stun left
    assert state.heroes[0].mark("stunned") == 1
    state, _ = act(world, state)
    assert state.heroes[0].marks == () and next_action(world, state)[0] == 0


# -- the search asks the marks ------------------------------------------------------------------

def test_the_search_finds_the_hexed_sleepers_win():
    """The issue's wrong verdict: only a hex on a sleeper wins here, and the sleeper cut gave it up."""
    level = _sleep_and_hex()
    world = _world(level)
    verdict = solve_world(world, max_states=50_000)
    assert verdict.verdict == SOLVABLE
    assert not brute_force(_world(level.replace(spells=level.spells[1:])))   # the Hex alone never wins
    assert zorglab.play(level, verdict.casts).outcome is zorglab.Outcome.WIN
    assert brute_force(world)
    assert solve_world(world, max_states=50_000, fewest=True).verdict == SOLVABLE


def test_a_mark_claiming_what_is_false_misleads_the_cut(designer):
    """The cut rests on the mark's facts alone: a hex claiming it stirs no sleeper loses the win."""
    hexes, _ = designer
    world = _world(_sleep_and_hex())
    honest = hexes.Hexed.facts
    try:
        hexes.Hexed.facts = SearchFacts(stirs_sleepers=False, bounded=True)
        assert solve_world(world, max_states=50_000).verdict == UNSOLVABLE
    finally:
        hexes.Hexed.facts = honest


own_spells = st.one_of(
    spells,
    st.builds(lambda n, k: ("Hex", (n, k)), st.integers(1, 3), st.integers(1, 2)),
    st.builds(lambda n, k: ("Curse", (n, k)), st.integers(1, 2), st.integers(1, 2)),
    st.builds(lambda n: ("Stun", (n,)), st.integers(1, 3)),
    st.just(("Sleep", ())),
)
TICKING = ("Hex", "Curse", "Stun")


@st.composite
def worlds_with_delays(draw) -> World:
    """Small random worlds with at least one delayed effect among their spells (and often a Sleep)."""
    shape = draw(st.sampled_from(SHAPES))
    middle = draw(st.lists(middle_rooms, min_size=2, max_size=2))
    rooms = [RoomSpec("A", "A")] + [RoomSpec(f"{kind}{i + 1}", kind, args) for i, (kind, args) in enumerate(middle)]
    rooms.append(RoomSpec("Z", "Z"))
    hero_list = draw(st.lists(heroes, min_size=1, max_size=2))
    spell_list = draw(st.lists(own_spells, min_size=1, max_size=3))
    if not any(name in TICKING for name, _ in spell_list):
        spell_list[0] = draw(st.sampled_from([("Hex", (2, 2)), ("Stun", (2,)), ("Curse", (1, 2))]))
    level = Level(id="random", rooms=tuple(rooms),
                  heroes=tuple(HeroSpec(f"{t}{i + 1}", t, a) for i, (t, a) in enumerate(hero_list)),
                  spells=tuple(SpellSpec(f"{t}{i + 1}", t, a) for i, (t, a) in enumerate(spell_list)),
                  tiles=TILES)
    return World(level, {room.label: slot for room, slot in zip(rooms, shape)})


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(worlds_with_delays())
def test_the_search_with_delayed_effects_agrees_with_brute_force(world):
    verdict = solve_world(world, max_states=50_000)
    assert verdict.verdict in (SOLVABLE, UNSOLVABLE)
    assert (verdict.verdict == SOLVABLE) == brute_force(world)
    proof = solve_world(world, max_states=50_000, fewest=True)
    assert proof.verdict == verdict.verdict


@st.composite
def paths_with_delays(draw) -> tuple[World, list]:
    """A world with delayed effects that the damage bound applies to, and one random path through it."""
    world = draw(worlds_with_delays())
    assume(world_gate(world) is None)
    return world, random_path(draw, world)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(paths_with_delays())
def test_a_state_the_eager_bound_gives_up_has_no_win(case):
    """The damage bound (eager: never short of work) asks the marks too: a hero carrying a hex or a
    stun is one whose walk and HP it cannot follow, so it stands aside (``SearchFacts.bounded``)."""
    world, path = case
    search = Search(world, forget_dead=False, cut_sleepers=False, bound_first=10**9)
    assert search._bound is not None
    for state in reversed(path):
        if state.lost:
            continue
        mask = search._mask(state.spells_left)
        if search._bound.hopeless(state, mask, search._parts(state, None)):
            assert not brute_force(world, state), "the bound gave up a branch that wins"


def _first_to_act(world: World, state) -> tuple[int, object] | None:
    """ZR-7 read off the places of the turn order alone: the first not passed over that is waiting
    or has a plan (a skip if its mark says so)."""
    from zorglab.engine.turns import Skip

    if state.lost:
        return None
    for place in turn_order(state):
        if place.passed:
            continue
        action = "spawn" if place.hero.pos is None else world.planner.action(state, place.at)
        if action is not None:
            return (place.at, Skip(place.mark)) if place.mark and place.turn.value == "skip" else (place.at, action)
    return None


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(worlds_with_delays().flatmap(lambda world: st.tuples(st.just(world), st.builds(
    lambda draw_path: draw_path, st.composite(lambda draw: random_path(draw, world))()))))
def test_the_engine_takes_its_active_hero_from_the_turn_order(case):
    """``next_action`` (with its path for unmarked heroes) agrees with the places of ``turn_order``,
    which the damage bound and its groups read: one definition of who acts next."""
    world, path = case
    for state in path:
        assert next_action(world, state) == _first_to_act(world, state)
        places = list(turn_order(state))
        assert [p.at for p in places] == [i for i, h in enumerate(state.heroes) if h.alive]
        for k, place in enumerate(places):
            before = places[:k]
            assert place.earlier == sum(p.passed for p in before)
            assert place.paused == (place.passed or place.hero.pos is None or any(not p.passed for p in before))

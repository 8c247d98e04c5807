"""Types with their own state, each one module outside ``zorglab/`` (issue 29 items 1-2).

:mod:`freeze` (beside this file) is a spell whose hero state is a mark with a turn hook, its own
events, a badge, a status word and an explanation; :mod:`nest` is a room that remembers every
hero's visits in a mark. With no edit inside the package they load, play, solve — the search
exact against brute force on random worlds that hold them — draw and explain.
"""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import zorglab
from zorglab.core.model import HeroSpec, Level, RoomSpec, SpellSpec
from zorglab.core.registry import find_room_type, find_spell_type, unregister
from zorglab.core.tiles import Tile
from zorglab.engine.events import event_type, forget_event_type
from zorglab.engine.marks import find_mark, unregister_mark, with_mark
from zorglab.engine.turns import Skip, act, next_action
from zorglab.engine.world import World
from zorglab.search.solver import SOLVABLE, UNSOLVABLE, solve_world

from randomlevels import CROSS, SHAPES, TILES, heroes, middle_rooms, spells    # tests/search
from test_solver_properties import brute_force                                  # tests/search

HERE = Path(__file__).resolve().parent
LEVEL = HERE / "nest.toml"
PNG = b"\x89PNG\r\n\x1a\n"

pytestmark = pytest.mark.filterwarnings("error")


@pytest.fixture(scope="module", autouse=True)
def designer():
    """The designer's two modules, imported for these tests only (the registries are the process's)."""
    freeze = importlib.import_module("freeze")
    nest = importlib.import_module("nest")
    yield freeze, nest
    unregister(freeze.FreezeSpell)
    unregister(nest.NestRoom)
    unregister_mark(freeze.Frozen)
    unregister_mark(nest.NestVisits)
    forget_event_type(freeze.Froze)
    forget_event_type(freeze.SkippedAction)
    sys.modules.pop("freeze", None)
    sys.modules.pop("nest", None)


def _world(level: Level | None = None) -> World:
    from zorglab.engine.game import setup_solution

    return setup_solution(level or zorglab.load_level(LEVEL), 0).world()


def test_their_module_registers_the_type_the_mark_and_the_events(designer):
    freeze, nest = designer
    assert find_spell_type("Freeze") is freeze.FreezeSpell and find_room_type("N") is nest.NestRoom
    assert find_mark("frozen") is freeze.Frozen and find_mark("nest") is nest.NestVisits
    assert event_type("skipped_action") is freeze.SkippedAction
    assert freeze.SkippedAction(4, "Warrior1", 1).to_json() == {"kind": "skipped_action", "tick": 4,
                                                                "hero": "Warrior1", "left": 1}


def test_they_play_by_their_own_rules():
    level = zorglab.load_level(LEVEL)
    assert zorglab.play_solution(level, 0).outcome is zorglab.Outcome.LOSS
    won = zorglab.play_solution(level, 1)
    assert won.outcome is zorglab.Outcome.WIN
    hurt = [(e.amount, e.cause) for e in won.main.events if e.kind == "damaged"]
    assert hurt == [(1, "room N1"), (2, "room N1")]          # the nest stings harder the second time
    skipped = [e for e in won.main.events if e.kind == "skipped_action"]
    assert [(e.tick, e.left) for e in skipped] == [(3, 1), (4, 0)]
    frozen = zorglab.play(level, ["@2 Freeze(2)"]).main
    steps = [e.tick for e in frozen.events if e.kind == "stepped"]
    plain = [e.tick for e in zorglab.play_solution(level, 0).main.events if e.kind == "stepped"]
    assert steps == plain[:1] + [t + 2 for t in plain[1:]]  # cast after the step of tick 2: two ticks still


def test_the_turn_order_asks_the_mark():
    world = _world()
    state = world.initial_state()
    state = state.replace(heroes=(state.heroes[0].replace(marks=(("frozen", 1),)),))
    assert next_action(world, state) == (0, Skip("frozen"))
    after, events = act(world, state)
    assert after.heroes[0].pos is None and after.heroes[0].marks == () and after.tick == 1
    assert [e.kind for e in events] == ["skipped_action"]
    assert next_action(world, after) == (0, "spawn")


def test_the_json_run_carries_their_events(capsys):
    from zorglab.cli.main import main

    assert main(["play", "--json", "--solution", "1", str(LEVEL)]) == 0
    data = json.loads(capsys.readouterr().out)
    kinds = [e["kind"] for e in data["events"]]
    assert "froze" in kinds and "skipped_action" in kinds


def test_they_solve_and_the_witness_wins():
    level = zorglab.load_level(LEVEL)
    verdict = zorglab.solve(level)
    assert verdict.verdict == "solvable"
    assert zorglab.play(level, verdict.casts).outcome is zorglab.Outcome.WIN
    assert zorglab.solve(level.replace(spells=level.spells[1:])).verdict == "unsolvable"   # Freeze alone


# -- the search is exact with them: random small worlds against brute force ---------------------

own_rooms = st.one_of(middle_rooms, st.builds(lambda x: ("N", (x,)), st.integers(1, 2)))
own_spells = st.one_of(spells, st.builds(lambda n: ("Freeze", (n,)), st.integers(1, 2)))


@st.composite
def worlds_with_state(draw) -> World:
    shape = draw(st.sampled_from(SHAPES))
    middle = draw(st.lists(own_rooms, min_size=2, max_size=2))
    rooms = [RoomSpec("A", "A")] + [RoomSpec(f"{kind}{i + 1}", kind, args) for i, (kind, args) in enumerate(middle)]
    rooms.append(RoomSpec("Z", "Z"))
    hero_list = draw(st.lists(heroes, min_size=1, max_size=2))
    spell_list = draw(st.lists(own_spells, min_size=1, max_size=2))
    if not any(name == "Freeze" for name, _ in spell_list) and not any(kind == "N" for kind, _ in middle):
        spell_list[0] = ("Freeze", (1,))
    level = Level(id="random", rooms=tuple(rooms),
                  heroes=tuple(HeroSpec(f"{t}{i + 1}", t, a) for i, (t, a) in enumerate(hero_list)),
                  spells=tuple(SpellSpec(f"{t}{i + 1}", t, a) for i, (t, a) in enumerate(spell_list)),
                  tiles=TILES + (("default-N", Tile("default-N", CROSS)),))
    return World(level, {room.label: slot for room, slot in zip(rooms, shape)})


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(worlds_with_state())
def test_the_search_agrees_with_brute_force(world):
    verdict = solve_world(world, max_states=50_000)
    assert verdict.verdict in (SOLVABLE, UNSOLVABLE)
    assert (verdict.verdict == SOLVABLE) == brute_force(world)
    plain = solve_world(world, max_states=50_000, prune=False)
    assert plain.verdict == verdict.verdict


# -- pictures and words ----------------------------------------------------------------------

def _frozen_in_the_nest() -> tuple[World, object]:
    world = _world()
    state = world.initial_state()
    for _ in range(6):                                       # spawn, then steps into N1
        state, _ = act(world, state)
    hero = state.heroes[0]
    assert hero.mark("nest") == ((1, 1),)
    return world, state.replace(heroes=(hero.replace(marks=with_mark(hero.marks, "frozen", 2)),))


def test_they_draw_with_the_pure_painter():
    import zorglab.paint  # noqa: F401  (attaches the pictures)
    from zorglab.paint.png import state_png

    level = zorglab.load_level(LEVEL)
    assert level._repr_png_().startswith(PNG)
    world, frozen = _frozen_in_the_nest()
    hero = frozen.heroes[0]
    thawed = frozen.replace(heroes=(hero.replace(marks=(("nest", hero.mark("nest")),)),))
    assert state_png(world, frozen).startswith(PNG)
    assert state_png(world, frozen) != state_png(world, thawed)        # the Freeze badge shows
    assert zorglab.play_solution(level, 1)._repr_png_().startswith(PNG)


def test_they_explain_themselves_in_the_player_and_the_cli():
    from zorglab.cli.board import render_status
    from zorglab.widgets.explain import MARKED, explain
    from zorglab.widgets.heroes import describe_event, hero_rows

    world, state = _frozen_in_the_nest()
    found = explain(world, state, 0)
    assert found.rule == MARKED and "frozen: it skips its next 2 actions" in found.sentence
    [row] = hero_rows(world, state)
    assert row.status == "active (frozen 2, stung 1)"
    assert "frozen 2, stung 1" in render_status(world, state)
    after, events = act(world, state)
    assert [describe_event(e) for e in events] == ["Warrior1 is frozen and skips its action (1 left)"]


def test_a_spell_that_says_nothing_of_the_bound_is_named_and_the_search_stays_exact():
    """No ``bound_role``: the damage bound stands aside while the spell is left, and says which."""
    from zorglab import SpellBehaviour, spell_type
    from zorglab.engine.game import setup_solution
    from zorglab.search.bound import DamageBound

    @spell_type("Hush")
    class Hush(SpellBehaviour):
        target = "active"
        cast_form = None

        @staticmethod
        def affect(res, hero, args):
            pass

    try:
        level = zorglab.load_level_text(LEVEL.read_text(encoding="utf-8").replace("Freeze(2)", "Hush")
                                        .replace('"@2 Hush", ', ""), "hush.toml")
        world = setup_solution(level, 1).world()
        assert DamageBound(world).blind == ("Hush",)
        assert solve_world(world, max_states=50_000).verdict == SOLVABLE == \
            solve_world(world, max_states=50_000, prune=False).verdict
    finally:
        unregister(Hush)

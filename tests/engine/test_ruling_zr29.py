"""ZR-29 (gold dropped by the dead is unseen by the living), issue 38.

The level is a file: ``levels/zr29-dropped-gold.toml`` -- Warrior1 picks up O1's 5 gold and dies in
D1 = D(3); the Elf behind it plans as if D1 held none of it.
"""

from __future__ import annotations

from pathlib import Path

from zorglab.engine.game import play, setup_solution
from zorglab.engine.turns import act, next_action
from zorglab.level import load_level

LEVEL = Path(__file__).parent / "levels" / "zr29-dropped-gold.toml"


def _game():
    level = load_level(LEVEL)
    return level, setup_solution(level, 0)


def test_zr29_the_living_plan_around_the_gold_the_dead_dropped():
    level, game = _game()
    run = play(game, level.solutions[0].casts)
    events = [str(e) for e in run.main.events]
    assert any(e.startswith("GoldDropped(tick=9, hero='Warrior1', room='D1', amount=5") for e in events)
    elf_rooms = [e.split("room='")[1].split("'")[0] for e in events if e.startswith("EnteredRoom") and "Elf1" in e]
    # the gold seen, a pickup would have pre-empted D(3) and the Elf would have gone A O1 D1 Z
    assert elf_rooms == ["A1", "O1", "C1", "C2", "C3", "Z1"]
    assert run.outcome.value == "loss" and run.main.state.tick == 33


def _at_first_death():
    """The level's main world, played with no cast until its first hero dies (dropping its gold)."""
    _level, game = _game()
    world = game.world(game.world_names[0])
    state = world.initial_state()
    while not state.deaths:
        state, _events = act(world, state)
    return world, state


def test_zr29_the_dropped_gold_is_still_there_and_unseen_only_by_plans():
    world, state = _at_first_death()
    d1 = world.room_index["D1"]
    assert state.gold[d1] == 5 and state.unseen[d1] == 5 and state.seen_gold[d1] == 0
    plan_state = world.planner.plan_state(state, state.heroes[1])
    assert plan_state[2][d1] == 0                   # the Elf's plan state: D1 holds no gold


def test_zr29_an_entrant_picks_the_unseen_gold_up_as_any_entrant_would_and_holds_it():
    world, state = _at_first_death()
    # carried by hand into D1 (as a plan that did not see the gold could walk in): the pickup is made
    from zorglab.engine.resolve import Resolution
    d1 = world.room_index["D1"]
    res = Resolution(world, state, tick=state.tick + 1)
    elf = res.hero(1)
    res.enter_cell(elf, (d1, (0, 2)), None)
    after = res.freeze()
    assert after.gold[d1] == 0 and after.unseen == () and elf.gold == ((d1, 5),) and elf.hp == 4
    assert next_action(world, after) is not None

"""ZR-32 (plans use the simulation's exact rules: no cap on portal entry counts or on teleports
per action), issue 38. Every level is written here as a level file's text, read by the loader."""

from __future__ import annotations

import pytest

from zorglab.core.geometry import Direction
from zorglab.core.limits import UNBOUNDED
from zorglab.engine.game import play, setup_solution
from zorglab.engine.rooms.portal import PortalRoom
from zorglab.engine.turns import act
from zorglab.errors import EndlessActionError
from zorglab.level import load_level_text

TWOS = ", ".join(["1"] + ["2"] * 99)


def chain_level(r2: str, heroes: str = '"Warrior(3)"', r1: str = f"P(inf, [{TWOS}])") -> str:
    """A R1 R2 Z in a row: R1 lets a step in stay (f(1) = 1) and sends every later arrival back to the
    visit before (2); R2 sends its arrivals back to R1: a chain R2 -> R1 -> R2 -> ... within one step."""
    return (f'id = "zr32"\nrooms = ["A @ spawn-east", "R1 = {r1} @ corridor", "R2 = {r2} @ corridor",'
            f' "Z @ dead-end-west"]\nheroes = [{heroes}]\nspells = []\n'
            '[[solutions]]\nrotation = 0\nmap = """\nA R1 R2 Z\n"""\ncasts = []\nexpect = "loss"\n')


def test_zr32_a_chain_of_more_than_64_teleports_is_followed_to_its_end():
    level = load_level_text(chain_level("P(70, i -> 2)"), "zr32.toml")
    run = play(setup_solution(level, 0), ())
    teleports = [e for e in run.main.events if type(e).__name__ == "Teleported"]
    assert len(teleports) == 140 and all(e.room is not None for e in teleports)   # never the waiting room
    # R2's 71st entry sends nobody back: the Warrior stands in R2 and walks on into Z
    assert run.outcome.value == "loss"


def test_zr32_the_plan_sees_the_chain_end_where_the_simulation_does():
    level = load_level_text(chain_level("P(70, i -> 2)"), "zr32.toml")
    game = setup_solution(level, 0)
    world = game.world(game.world_names[0])
    state = world.initial_state()
    state, _events = act(world, state)        # spawned in A
    plan = world.planner.plan(state, 0)
    # two steps in A, one into R1, four across it, one into R2 (the whole chain), four across R2, one into Z
    assert plan is not None and plan[-1].goal and len(plan) == 13
    assert plan[7].pos == (2, (0, 2))         # the step into R2 leaves the Warrior on R2's arrival cell


def test_zr32_entry_counts_are_not_capped_at_64():
    from zorglab.level.parse import parse_room
    assert PortalRoom.entry_cap(parse_room("P(100, i -> 2)").args) == 101
    assert PortalRoom.entry_cap(parse_room("P(inf, i -> i)").args) == UNBOUNDED
    assert PortalRoom.entry_cap(parse_room("P(inf, [1, 2, 3])").args) == 4
    assert PortalRoom.history_reach(parse_room("P(inf, i -> i)").args) == UNBOUNDED
    assert PortalRoom.history_reach(parse_room("P(100, i -> i)").args) == 100


def test_zr32_a_chain_that_comes_back_to_where_it_was_never_ends_and_says_so():
    level = load_level_text(chain_level("P(inf, i -> 2)", r1="P(inf, i -> 2)"), "zr32.toml")
    game = setup_solution(level, 0)
    world = game.world(game.world_names[0])
    state, _events = act(world, world.initial_state())        # spawned in A
    hero = state.heroes[0]
    # carried into R1 without an entry effect (as a Move carries a hero), at its east opening
    hero = hero._replace(pos=(1, (4, 2)), history=hero.history + ((1, (0, 2)),), entries=((0, 1), (1, 1)))
    state = state._replace(heroes=(hero,))
    # no plan goes through R2 (that step would never end) and no other way leads to Z: stuck
    assert world.planner.plan(state, 0) is None
    with pytest.raises(EndlessActionError, match="never ends"):
        act(world, state, (0, Direction.RIGHT))           # R2 -> R1 -> R2 -> ... for ever

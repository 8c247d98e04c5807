"""Issue 38, first deviation: a Princess whose target is a portal room (FR-25, ZR-8).

FR-25 makes *entering* a target room the plan's goal, and ZR-8 counts the arrival as the entry,
the portal's teleport being part of it. The level is a file: ``levels/princess-portal-target.toml``
(room1 = P(1, [2]) two steps west of A, Z four steps east, both of weight 1 for her).
"""

from __future__ import annotations

from pathlib import Path

from zorglab.engine.game import play, setup_solution
from zorglab.level import load_level
from zorglab.search.reasons import closest_miss

LEVEL = Path(__file__).parent / "levels" / "princess-portal-target.toml"


def _run():
    level = load_level(LEVEL)
    (solution,) = level.solutions
    return level, solution, play(setup_solution(level, solution), solution.casts)


def test_she_heads_into_the_portal_room_is_sent_back_enters_again_and_waits():
    _level, _solution, run = _run()
    events = [str(e) for e in run.main.events]
    entries = [e for e in events if e.startswith("EnteredRoom") and "room1" in e]
    assert len(entries) == 2                                  # entered twice, never Z
    assert any(e.startswith("Teleported(tick=3") for e in events)   # the first entry sends her back
    assert run.outcome.value == "stall" and run.main.state.tick == 5
    hero = run.main.state.heroes[0]
    assert hero.alive and run.main_world.rooms[hero.pos[0]].label == "room1"


def test_her_plan_counts_the_entry_not_where_the_teleport_leaves_her():
    level, solution, _run_ = _run()
    game = setup_solution(level, solution)
    world = game.world("M")
    state = world.initial_state()
    from zorglab.engine.turns import act
    state, _events = act(world, state)                        # spawned on A's spawn cell
    plan = world.planner.plan(state, 0)
    assert plan is not None and len(plan) == 2 and plan[-1].goal   # two steps west: entering room1


def test_the_closest_miss_replays_the_stall_the_search_met():
    level, solution, _run_ = _run()
    reason = closest_miss(setup_solution(level, solution), "M", max_states=10_000)
    assert "ends in a stall at tick 5" in reason.text, reason.text
    assert reason.figures["alive"] == {"Princess1": 4}

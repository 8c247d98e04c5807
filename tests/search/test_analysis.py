"""Designer analyses (issue 5): fewest spells, necessary spells, counting, the win window."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings

from zorglab.engine.game import setup_solution
from zorglab.level import load_level
from zorglab.core.model import Cast, SpellCall
from zorglab.search.analysis import analyse, explore, win_window
from zorglab.search.solver import SOLVABLE, solve_world

from randomlevels import small_worlds

LEVEL = Path(__file__).resolve().parents[2] / "levels" / "app-01-first-blood.toml"


def test_first_blood_analysis():
    # Warrior(1) dies in D1 on its own (tick 4); Warrior(2) spawns at tick 5, walks A -> D1 -> Z and
    # D1 takes 1 HP. Attack(1) at any casting point with the second Warrior on the board (ticks
    # 5..12) leaves it at 0 HP by D1 or after it: 8 winning cast lists. Cast earlier, it hits only
    # the first Warrior (wasted).
    game = setup_solution(load_level(LEVEL), 0)
    a = analyse(game)
    assert a.verdict == SOLVABLE and a.fewest_spells == 1
    assert a.necessary == ("Attack1",)
    assert a.winning_cast_lists == 8 and not a.cap_reached


def test_first_blood_win_window_closes_when_zorg_is_reached():
    game = setup_solution(load_level(LEVEL), 0)
    window = win_window(game)
    assert [p.winnable for p in window] == [True] * 13 + [False]
    late = win_window(game, [Cast(13, SpellCall("Attack", (1,)))])
    assert late[-1].tick == 13 and late[-1].winnable is False


SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(small_worlds(max_spells=2))
def test_explored_winnable_set_agrees_with_the_solver(world):
    # explore() + backward reachability and the forward search answer the same question.
    from zorglab.engine.game import Setup  # noqa: F401  (worlds here are built directly)
    verdict = solve_world(world, max_states=50_000)

    class _Game:                      # the explorer only needs world(), wins() and conditions()
        def world(self, name):
            return world

        def conditions(self, name):
            return (), ()

        def wins(self, name, state):
            return all(not h.alive for h in state.heroes)

    graph = explore(_Game(), "M")
    assert graph.complete
    assert (graph.start in graph.winnable()) == (verdict.verdict == SOLVABLE)


def test_a_search_resumes_where_its_budget_stopped_it():
    from zorglab.search.level import world_search
    game = setup_solution(load_level(LEVEL), 0)
    search = world_search(game)
    first = search.run(max_states=3)
    assert first.verdict == "unknown" and "state budget of 3" in first.reason and first.states == 3
    second = search.run()
    assert second.verdict == SOLVABLE and second.states > 3
    assert second.cast_texts() == solve_world(game.world(), wins=lambda s: game.wins("M", s), fewest=True).cast_texts()


def test_ctrl_c_answers_unknown_with_what_is_known_and_can_resume(monkeypatch):
    from zorglab.search.level import world_search
    game = setup_solution(load_level(LEVEL), 0)
    search = world_search(game)
    calls = {"n": 0}

    # Ctrl-C arrives in the middle of an expansion: inside the third spell cast, after the
    # expanded state's hero action (and maybe casts) were already offered.
    for behaviour in {spell.behaviour for spell in search.world.spells}:
        def interrupting(ctx, real=behaviour.apply):
            calls["n"] += 1
            if calls["n"] == 3:
                raise KeyboardInterrupt
            return real(ctx)

        monkeypatch.setattr(behaviour, "apply", staticmethod(interrupting))
    verdict = search.run()
    assert calls["n"] >= 3
    assert verdict.verdict == "unknown" and "interrupted" in verdict.reason
    resumed = search.run()
    assert resumed.verdict == SOLVABLE
    assert resumed.cast_texts() == world_search(game).run().cast_texts(), "the same witness as uninterrupted"

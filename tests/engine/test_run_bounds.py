"""Runs are bounded and say which bound they hit (issue 18, "Budgets"): the action cap (ZR-27),
the one budget for ``play`` (actions as its work, a CPU safety stop, a cancel: issue 23), and the load limits that keep huge levels from running at all."""

from __future__ import annotations

import pytest

from zorglab.cli.main import main
from zorglab.core.budget import CHECK_EVERY, Budget
from zorglab.engine.game import play, setup_solution
from zorglab.engine.run import run_world
from zorglab.level import load_level_text


def row(rooms: int) -> str:
    """A row of ``rooms`` rooms, A first and Z last, and one tireless Warrior: a long walk."""
    labels = ["A1"] + [f"D{i}" for i in range(1, rooms - 1)] + ["Z1"]
    specs = ['"A @ ew"'] + ['"D(1) @ through"'] * (rooms - 2) + ['"Z @ through"']
    return (f'id = "row"\nrooms = [{", ".join(specs)}]\nheroes = ["Warrior(9999)"]\nspells = []\n'
            '[tiles.ew]\ncells = """\n#####\n#...#\n..S..\n#...#\n#####\n"""\n'
            '[tiles.through]\ncells = """\n#####\n#...#\n.....\n#...#\n#####\n"""\n'
            f'[[solutions]]\nmap = "{" ".join(labels)}"\nexpect = "loss"\n')


class _SlowClock:
    """A CPU clock a whole second slower at each reading: what a starved machine looks like to a
    safety stop, without depending on this machine's speed."""

    def __init__(self) -> None:
        self.now = 0.0
        self.readings = 0

    def __call__(self) -> float:
        self.now += 1.0
        self.readings += 1
        return self.now


def test_a_run_stopped_by_its_safety_stop_says_so_and_is_no_outcome_of_the_rules():
    level = load_level_text(row(40), "row.toml")
    game = setup_solution(level, level.solutions[0])
    full = run_world(game.world(game.world_names[0]))
    assert full.outcome.value == "loss" and not full.stopped and not full.cut_short
    clock = _SlowClock()
    run = play(game, budget=Budget(None, seconds=1.0, clock=clock, unit="actions"))
    stopped = run.main
    assert stopped.cut_short and run.cut_short and 0 < stopped.ticks < full.ticks
    assert stopped.ticks <= 2 * CHECK_EVERY, "the clock is looked at every CHECK_EVERY actions"
    assert run.stopped == stopped.stopped == "safety stop of 1 CPU s struck: not finished"
    assert "before the run ended (safety stop of 1 CPU s struck: not finished)" in stopped.stall_reason()
    assert "not a rule outcome" in stopped.stall_reason()
    assert not any(type(e).__name__ == "Stalled" for e in stopped.events), "the log claims no stall"


def test_a_run_s_figures_are_decided_by_its_actions_not_by_the_clock():
    """A budget of actions stops a run at the same tick on any machine; a starved clock with a
    generous safety stop changes nothing (issue 23)."""
    level = load_level_text(row(40), "row.toml")
    game = setup_solution(level, level.solutions[0])
    budget = Budget(100, unit="actions")
    counted = play(game, budget=budget)
    assert counted.main.ticks == 100 and budget.used == 100
    assert counted.stopped == "action budget of 100 spent" and not counted.cut_short
    starved = play(game, budget=Budget(100, seconds=1e6, clock=_SlowClock(), unit="actions"))
    assert starved.main.ticks == 100 and starved.stopped == counted.stopped and not starved.cut_short
    assert [e.to_json() for e in starved.main.events] == [e.to_json() for e in counted.main.events]
    whole = Budget(None, seconds=1e6, clock=_SlowClock(), unit="actions")
    assert play(game, budget=whole).main == play(game).main and whole.used == 194


def test_a_cancelled_play_stops_before_its_next_action():
    import threading
    level = load_level_text(row(40), "row.toml")
    game = setup_solution(level, level.solutions[0])
    cancel = threading.Event()
    cancel.set()
    run = play(game, budget=Budget(None, cancel=cancel, unit="actions"))
    assert run.main.ticks == 0 and run.cut_short and run.stopped.startswith("cancelled")


def test_play_takes_a_safety_stop_and_says_it_struck(tmp_path, capsys, monkeypatch):
    import time
    path = tmp_path / "row.toml"
    path.write_text(row(40), encoding="utf-8")
    clock = _SlowClock()
    with monkeypatch.context() as patch:
        patch.setattr(time, "process_time", clock)       # the budget's CPU clock, starved
        assert main(["play", str(path), "--seconds", "1"]) == 0
    out = capsys.readouterr().out
    assert clock.readings > 0
    assert "stopped (no outcome)" in out and "safety stop of 1 CPU s struck" in out
    assert "row: stopped by the safety stop (--seconds 1): not finished, no outcome" in out
    assert main(["play", str(path), "--seconds", "1000"]) == 0
    assert capsys.readouterr().out.strip().endswith("row: loss")
    assert main(["play", str(path)]) == 0
    assert capsys.readouterr().out.strip().endswith("row: loss")


def test_play_json_says_a_budget_stopped_the_run(tmp_path, capsys, monkeypatch):
    import json
    import time
    path = tmp_path / "row.toml"
    path.write_text(row(40), encoding="utf-8")
    with monkeypatch.context() as patch:
        patch.setattr(time, "process_time", _SlowClock())
        assert main(["play", str(path), "--seconds", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["stall"]["reason"] == "budget" and data["stall"]["cut_short"] is True
    assert "not finished" in data["stall"]["message"]


def test_play_trace_keeps_the_safety_stop_too(tmp_path, capsys, monkeypatch):
    # --trace runs the main world again to draw it: under --seconds that run has its stop as well
    import time
    path = tmp_path / "row.toml"
    path.write_text(row(40), encoding="utf-8")
    with monkeypatch.context() as patch:
        patch.setattr(time, "process_time", _SlowClock())
        assert main(["play", str(path), "--seconds", "1", "--trace"]) == 0
    out = capsys.readouterr().out
    assert ">> the trace stopped here: safety stop of 1 CPU s struck" in out and ">> the end:" not in out
    assert main(["play", str(path), "--trace"]) == 0
    assert "trace stopped" not in capsys.readouterr().out       # unbounded: the whole run is drawn
    assert main(["play", str(path), "--seconds", "1000", "--trace"]) == 0
    assert "trace stopped" not in capsys.readouterr().out


@pytest.mark.parametrize("seconds", ["nan", "inf", "0", "-1"])
def test_play_refuses_a_time_bound_that_bounds_nothing(tmp_path, capsys, seconds):
    path = tmp_path / "row.toml"
    path.write_text(row(5), encoding="utf-8")
    code = main(["play", str(path), "--seconds", seconds])
    out, err = capsys.readouterr()
    assert code != 0 and "--seconds" in out + err and "Traceback" not in out + err


def test_a_1600_room_row_is_refused_at_load_not_played_for_minutes():
    with pytest.raises(ValueError, match="at most 256 rooms, not 1,600"):
        load_level_text(row(1600), "row.toml")


class _Clock:
    """A CPU clock that ticks a microsecond per reading; building a world takes 10 s."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 1e-6
        return self.now


def test_the_solve_safety_stop_covers_building_the_world_and_its_plans(monkeypatch):
    import zorglab.search.level as search_level
    from zorglab.core.budget import Budget
    clock = _Clock()
    build = search_level.world_search

    def slow_build(*args, **kwargs):
        search = build(*args, **kwargs)
        clock.now += 10.0          # as a big level's world and plans might take
        return search
    monkeypatch.setattr(search_level, "world_search", slow_build)
    level = load_level_text(row(5).replace("spells = []", 'spells = ["Attack(1)", "Sleep()"]'), "row.toml")
    verdict = search_level.solve_setup(setup_solution(level, level.solutions[0]),
                                       budget=Budget(None, seconds=1.0, clock=clock))
    assert verdict.verdict == "unknown"
    assert "safety stop of 1 CPU s struck" in verdict.worlds[0][1].reason


def test_play_says_when_the_planner_bound_stopped_it(tmp_path, capsys, monkeypatch):
    import zorglab.engine.plangraph as planner     # the plan graph reads its bounds
    monkeypatch.setattr(planner, "POLICY_LIMIT", 2)        # past it: a forward search per action...
    monkeypatch.setattr(planner, "MAX_PLAN_STATES", 5)     # ...which this bound stops
    path = tmp_path / "row.toml"
    path.write_text(row(40), encoding="utf-8")
    code = main(["play", str(path)])
    out, err = capsys.readouterr()
    assert code == 2 and "play stopped, no outcome" in err and "exceeds 5 states" in err
    assert "the planner's bound" in err

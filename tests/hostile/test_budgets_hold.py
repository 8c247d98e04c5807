"""Issue 37 item 4: every budget holds on hostile-but-legal levels, in time and in memory, and no
exception type reaches the user as a traceback.

The levels are tests/hostile/levels/ (written by benchmarks/hostile_levels.py; their CPU and memory
figures are docs/performance.md's "hostile-legal budget table"). Assertions are on what the command
says and on counted work, never on a timing: a safety stop is made to strike by a clock that runs a
thousand times fast, a memory budget by a budget smaller than any search needs.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from zorglab.cli.main import main
from zorglab.core import budget as budgets
from zorglab.engine import plangraph

LEVELS = Path(__file__).resolve().parent / "levels"
MODES = {"witness": ["--solution", "0"], "proof": ["--solution", "0", "--analyse"], "layouts": []}


def run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    try:
        code = main(argv)
    except SystemExit as stop:          # argparse refusing an option it does not know
        code = int(stop.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_every_hostile_level_is_legal(capsys):
    code, out, err = run(capsys, ["validate", str(LEVELS)])
    assert code == 0, err
    assert f"{len(list(LEVELS.glob('*.toml')))} levels OK" in out


@pytest.mark.parametrize("mode", MODES)
def test_a_plan_too_large_is_not_finished_in_every_solve_mode(capsys, monkeypatch, mode):
    """The portal level's heroes plan over entry counts up to a million: the planner's bound
    (PlanningLimitError, made small here) ends the search with words, never a traceback."""
    monkeypatch.setattr(plangraph, "MAX_PLAN_STATES", 2_000)
    code, out, err = run(capsys, ["solve", str(LEVELS / "portals.toml"), "-q", *MODES[mode]])
    assert "Traceback" not in out + err
    assert "not finished (plan too large for the budget" in out + err
    assert code in (0, 2)


def fast_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """CPU time runs a thousand times faster: a 5 s safety stop strikes within a few milliseconds."""
    real = time.process_time
    start = real()
    monkeypatch.setattr(time, "process_time", lambda: start + (real() - start) * 1_000)


@pytest.mark.parametrize("mode", MODES)
def test_a_hero_s_plan_search_looks_at_the_safety_stop(capsys, monkeypatch, mode):
    """On the code as found the plan search never looked at the safety stop: it ran to the
    planner's bound (250,000 plan states, 10 CPU s here) whatever ``--seconds`` said, then raised."""
    fast_clock(monkeypatch)
    looked = [0]
    machine_spent = plangraph.stop_if_machine_spent if hasattr(plangraph, "stop_if_machine_spent") else None
    if machine_spent is not None:
        def counted() -> None:
            looked[0] += 1
            machine_spent()
        monkeypatch.setattr(plangraph, "stop_if_machine_spent", counted)
    code, out, err = run(capsys, ["solve", str(LEVELS / "portals.toml"), "--seconds", "5", "-q", *MODES[mode]])
    assert code == 0 and "Traceback" not in out + err
    assert "safety stop of 5 CPU s struck: not finished" in out
    assert looked[0] <= 2 + plangraph.MAX_PLAN_STATES // plangraph.LOOK_EVERY // 100


@pytest.fixture
def growing(monkeypatch: pytest.MonkeyPatch) -> None:
    """The process grows by 1 MB each time its memory is read (the test process's own memory goes up
    and down with the tests before: a search's growth is made certain here)."""
    size = [500 * 1024 * 1024]

    def grown() -> int:
        size[0] += 1024 * 1024
        return size[0]
    if hasattr(budgets, "resident_bytes"):
        monkeypatch.setattr(budgets, "resident_bytes", grown)


@pytest.mark.parametrize("mode", MODES)
def test_the_memory_budget_stops_every_solve_mode_with_not_finished(capsys, growing, mode):
    code, out, err = run(capsys, ["solve", str(LEVELS / "crowd.toml"), "--memory", "20", "-q", *MODES[mode]])
    assert code == 0 and "Traceback" not in out + err
    assert "unknown" in out and "memory budget of 20 MB reached: not finished" in out


def test_the_memory_option_is_refused_unless_a_positive_number(capsys):
    code, _, err = run(capsys, ["solve", str(LEVELS / "crowd.toml"), "--memory", "0"])
    assert code == 2 and "give a finite number of megabytes above 0" in err


def test_the_memory_budget_is_the_command_s_alone():
    """Set by the command line for its run only: the library has none, before and after."""
    assert budgets.memory_limit() is None
    budgets.limit_memory(100)
    try:
        assert budgets.memory_limit() is not None
        assert budgets.Budget(None).check() == ""      # the process has not grown by 100 MB since
    finally:
        budgets.limit_memory(None)
    assert budgets.memory_limit() is None


def test_out_of_memory_in_a_search_is_not_finished(capsys, monkeypatch):
    """A MemoryError (an address-space limit below the memory budget) ends the search with words."""
    from zorglab.search import solver

    def exhausted(self, node):
        raise MemoryError
    monkeypatch.setattr(solver.Search, "_expand", exhausted)
    monkeypatch.setattr(solver.Search, "_dive", exhausted)
    code, out, err = run(capsys, ["solve", str(LEVELS / "crowd.toml"), "--solution", "0", "-q"])
    assert code == 0 and "Traceback" not in out + err
    assert "not finished (out of memory)" in out


def test_out_of_memory_anywhere_else_is_one_line(capsys, monkeypatch):
    import zorglab.propose as propose

    def exhausted(*args, **kwargs):
        raise MemoryError
    monkeypatch.setattr(propose, "propose", exhausted)
    code, out, err = run(capsys, ["propose", "--count", "1", "--tries", "1", "-q"])
    assert code == 2 and "Traceback" not in out + err
    assert err.strip() == "zorglab: not finished (out of memory); give a smaller --budget or --memory"


def test_the_safety_stop_counts_from_the_command_s_start(capsys, monkeypatch):
    """Loading a level counts against ``--seconds``: a clock that read 10 s when the command began
    has used up a 5 s stop before the first state."""
    from zorglab.cli import options

    real = options.mark_start if hasattr(options, "mark_start") else None
    if real is not None:
        def earlier() -> None:
            real()
            options._started[0] -= 10.0
        monkeypatch.setattr(options, "mark_start", earlier)
    code, out, err = run(capsys, ["solve", str(LEVELS / "crowd.toml"), "--solution", "0", "--seconds", "5", "-q"])
    assert code == 0 and "safety stop of 5 CPU s struck: not finished" in out
    assert "(0 states" in out


def test_no_exception_type_reaches_the_user_as_a_traceback(capsys, monkeypatch):
    """A fault of zorglab itself is one line naming it, exit status 2 (ZORGLAB_TRACEBACK=1 re-raises)."""
    import zorglab.cli.solve as solve

    def broken(args):
        raise TypeError("a row that is JSON but not an object")
    monkeypatch.setattr(solve, "_solve", broken)
    monkeypatch.delenv("ZORGLAB_TRACEBACK", raising=False)
    code, out, err = run(capsys, ["solve", str(LEVELS / "crowd.toml"), "-q"])
    assert code == 2 and "Traceback" not in out + err
    assert err.startswith("zorglab: internal error, the command stopped (TypeError: a row that is JSON but not an "
                          "object)")
    monkeypatch.setenv("ZORGLAB_TRACEBACK", "1")
    with pytest.raises(TypeError):
        main(["solve", str(LEVELS / "crowd.toml"), "-q"])

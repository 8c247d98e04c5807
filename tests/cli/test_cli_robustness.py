"""Issue #18, the CLI: devices, FIFOs and huge names as files, a full output device, --out where it
cannot be written, Ctrl-C at any moment, `--seconds nan`, `validate F F`, and messages that show
values as the file wrote them. Every file is built in the test."""

from __future__ import annotations

import csv
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from zorglab.cli import main as main_module
from zorglab.cli.main import main

LEVEL = '''\
id = "t-cli"
rooms = ["A @ spawn-east", "D(1) @ corridor", "Z @ dead-end-west"]
heroes = ["Warrior(2)"]
spells = ["Attack(1)"]

[[solutions]]
map = "A D1 Z"
casts = ["@5 Attack(1)"]
expect = "win"
'''


@pytest.fixture
def level(tmp_path) -> Path:
    path = tmp_path / "t-cli.toml"
    path.write_text(LEVEL, encoding="utf-8")
    return path


def run(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except (KeyboardInterrupt, Exception) as error:     # a traceback for the user
        pytest.fail(f"zorglab {' '.join(argv)} raised {type(error).__name__}: {error}")
    out, err = capsys.readouterr()
    return code, out, err


class within:
    """Fail instead of hanging: an alarm after ``seconds``."""

    def __init__(self, seconds: int):
        self.seconds = seconds

    def __enter__(self):
        def hung(*args):
            raise AssertionError(f"still running after {self.seconds} s")
        self.old = signal.signal(signal.SIGALRM, hung)
        signal.alarm(self.seconds)

    def __exit__(self, *exc):
        signal.alarm(0)
        signal.signal(signal.SIGALRM, self.old)


# --- what is read ---------------------------------------------------------------------------------

@pytest.mark.parametrize("command", ["validate", "play", "solve"])
@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_a_device_as_a_level_is_refused_at_once(capsys, command, device):
    if not os.path.exists(device):
        pytest.skip(f"no {device}")
    with within(20):
        code, _, err = run(capsys, command, device)
    assert code == 2 and f"{device}:1:1: not a regular file" in err


@pytest.mark.parametrize("command", ["validate", "play"])
def test_a_fifo_as_a_level_is_refused_not_waited_on(capsys, tmp_path, command):
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    with within(20):
        code, _, err = run(capsys, command, str(fifo))
    assert code == 2 and "not a regular file" in err


@pytest.mark.parametrize("command", ["validate", "play", "solve"])
def test_a_name_too_long_is_a_message(capsys, tmp_path, command):
    long = str(tmp_path / ("x" * 300 + ".toml"))
    code, _, err = run(capsys, command, long)
    assert code == 2 and "File name too long" in err and err.count("\n") <= 2


def test_validate_the_same_file_twice_checks_it_once(capsys, level):
    code, out, err = run(capsys, "validate", str(level), str(level), str(level.parent / ".." / level.parent.name
                                                                         / level.name))
    assert (code, err) == (0, "") and out == "1 level OK (1 solution)\n"


# --- what is written ------------------------------------------------------------------------------

def test_a_full_output_device_is_a_message_not_a_traceback(level):
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "zorglab.cli.main", "play", str(level), "--trace"],
                              stdout=full, stderr=subprocess.PIPE, text=True, env=env, timeout=120)
    assert done.returncode == 2
    assert done.stderr == "zorglab: cannot write the output: no space left on the device\n"


@pytest.mark.parametrize("argv", [
    ["temples", "generate", "--seed", "1", "--out", "{out}"],
    ["temples", "sweep", "--seeds", "1", "--out", "{out}"],
    ["sweep", "levels", "{level}", "--serial", "--out", "{out}"],
    ["sweep", "temples", "--seeds", "1", "--serial", "--out", "{out}"],
])
@pytest.mark.parametrize("where, says", [
    ("missing/x.out", "the folder {tmp}/missing does not exist"),
    ("t-cli.toml/x.out", "{tmp}/t-cli.toml is a file, not a folder"),
    ("x" * 300, "longer than the file system allows"),
])
def test_out_where_it_cannot_be_written_is_refused_before_the_work(capsys, level, argv, where, says):
    tmp = level.parent
    argv = [a.format(out=tmp / where, level=level) for a in argv]
    with within(20):
        code, _, err = run(capsys, *argv)
    assert code == 2 and says.format(tmp=tmp) in err and "Traceback" not in err
    assert sorted(p.name for p in tmp.iterdir()) == ["t-cli.toml"]


def test_report_out_under_a_regular_file_is_refused_before_the_sweeps(capsys, level):
    with within(20):
        code, _, err = run(capsys, "report", "--out", str(level / "report"), "--levels", str(level.parent),
                           "--serial", "--temple-seeds", "0")
    assert code == 2 and f"{level} is a file, not a folder" in err


def test_an_unexpected_os_error_is_one_line_naming_the_file(capsys, monkeypatch, level):
    import zorglab.cli.temples as temples_cli

    def vanished(*args, **kwargs):
        raise PermissionError(13, "Permission denied", str(level.parent / "temple.json"))
    monkeypatch.setattr(temples_cli, "open", vanished, raising=False)
    code, _, err = run(capsys, "temples", "generate", "--seed", "1", "--out", str(level.parent / "temple.json"))
    assert code == 2 and err == f"zorglab: {level.parent / 'temple.json'}: Permission denied\n"


# --- Ctrl-C ---------------------------------------------------------------------------------------

def test_ctrl_c_while_the_commands_are_imported_is_one_word(capsys, monkeypatch):
    def interrupted(name):
        raise KeyboardInterrupt
    monkeypatch.setattr(main_module.importlib, "import_module", interrupted)
    code, out, err = run(capsys, "validate", "x.toml")
    assert (code, out, err) == (130, "", "interrupted\n")


def test_an_interrupted_temple_sweep_writes_the_rows_done(capsys, monkeypatch, tmp_path):
    import zorglab.temples as sweep_module          # where the sweep's temple_row finds sweep_row
    real_row, calls = sweep_module.sweep_row, []

    def row(*args, **kwargs):
        calls.append(args)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real_row(*args, **kwargs)
    monkeypatch.setattr(sweep_module, "sweep_row", row)
    out = tmp_path / "temples.csv"
    code, _, err = run(capsys, "temples", "sweep", "--seeds", "4", "--sizes", "small", "--out", str(out))
    assert code == 130 and "interrupted: 2 of 4 temples done and written" in err
    with open(out, newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert [(r["seed"], r["size"]) for r in rows] == [("0", "small"), ("1", "small")]


def test_an_interrupted_solve_prints_its_partial_verdict_and_exits_130(capsys, monkeypatch, level):
    import zorglab.cli.solve as solve_cli
    real_solve = solve_cli.solve_setup

    def interrupted_solve(setup, **kwargs):
        """What the solver does on Ctrl-C: it stops and returns the verdict so far."""
        try:
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(30)
        except KeyboardInterrupt:
            pass
        return real_solve(setup, **kwargs)
    monkeypatch.setattr(solve_cli, "solve_setup", interrupted_solve)
    with within(20):
        code, out, err = run(capsys, "solve", str(level), "--solution", "0")
    assert code == 130 and out.startswith("t-cli: ") and "interrupted" in err


# --- options and messages -------------------------------------------------------------------------

@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "0", "-1", "soon"])
def test_seconds_must_be_a_finite_positive_number(capsys, level, value):
    with pytest.raises(SystemExit) as stop:
        main(["solve", str(level), f"--seconds={value}"])
    assert stop.value.code == 2
    assert "argument --seconds" in capsys.readouterr().err


@pytest.mark.parametrize("line, says", [
    ("rotation = 1.0", "rotation must be 0, 1, 2 or 3 quarter turns, not 1.0"),
    ("rotation = true", "rotation must be 0, 1, 2 or 3 quarter turns, not true"),
    ('expect = 2.50', "expect must be win, loss or stall, not 2.50"),
    ('expect = false', "expect must be win, loss or stall, not false"),
])
def test_messages_show_values_as_the_file_wrote_them(capsys, tmp_path, line, says):
    path = tmp_path / "t.toml"
    path.write_text(LEVEL.replace('expect = "win"', "") + line + "\n", encoding="utf-8")
    code, _, err = run(capsys, "validate", str(path))
    assert code == 2 and says in err and "Decimal(" not in err and "True" not in err


def test_a_spent_time_budget_is_said_in_few_digits(level):
    """A command's budget reaches the search as what is left of it, such as 0.9999709319999965 s."""
    from zorglab.engine.game import setup_solution
    from zorglab.level import load_level
    from zorglab.search.level import world_search
    setup = setup_solution(load_level(level), 0)
    verdict = world_search(setup, setup.played_worlds[0]).run(None, 1 / 3 * 1e-6)
    assert verdict.reason == "safety stop of 3.33e-07 CPU s struck: not finished"

"""CLI conventions of issue 28 (items 4-6): the work runs serially unless a cluster pays, and the
choice is printed; progress shows on a terminal and not off one, never with --quiet; ``play --trace``
prints each cast under the board it is cast on, and the end."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from zorglab.cli.main import main
from zorglab.sweep.runner import LOCAL_CLUSTER_FROM, TASK_SECONDS, choose_runner

ROOT = Path(__file__).resolve().parents[2]


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("tasks, kind, options, serial", [
    (600, "temple", {}, True),                       # 600 temples: 22 s serially, 74 s on the default cluster
    (48, "level", {}, True),
    (int(LOCAL_CLUSTER_FROM / TASK_SECONDS["temple"]) + 1, "temple", {}, False),
    (10, "level", {"scheduler": "tcp://head:8786"}, False),
    (10, "level", {"parallel": True}, False),
    (10**6, "level", {"serial": True}, True),
    (10**6, "level", {"workers": 1}, True),
])
def test_parallel_only_where_it_pays(tasks, kind, options, serial):
    chosen, why = choose_runner(tasks, kind, **options)
    assert chosen is serial and why


def _sweep(capsys, monkeypatch, stderr: io.StringIO, *extra: str) -> str:
    monkeypatch.setattr(sys, "stderr", stderr)
    assert main(["sweep", "temples", "--seeds", "3", "--sizes", "small", "--no-lint", *extra]) == 0
    capsys.readouterr()
    return stderr.getvalue()


def test_progress_shows_on_a_terminal_by_default(capsys, monkeypatch):
    said = _sweep(capsys, monkeypatch, Terminal())
    assert "running serially (3 temples" in said
    assert "/3 [" in said, "no progress bar on a terminal"


def test_no_progress_off_a_terminal_and_none_with_quiet(capsys, monkeypatch):
    assert "/3 [" not in _sweep(capsys, monkeypatch, io.StringIO())
    assert _sweep(capsys, monkeypatch, Terminal(), "--quiet") == ""
    assert "/3 [" in _sweep(capsys, monkeypatch, io.StringIO(), "--progress")


def test_the_report_prints_where_it_runs(capsys, tmp_path):
    pack = ROOT / "tests" / "reports" / "fixtures" / "pack"
    assert main(["report", "--out", str(tmp_path / "r"), "--levels", str(pack), "--temple-seeds", "0",
                 "--budget", "quick"]) == 0
    said = capsys.readouterr()
    assert said.err.startswith("running serially (3 levels") and "open " in said.out


def test_play_trace_prints_each_cast_where_it_happens_and_the_end(capsys):
    # the second Warrior leaves D1 with 1 HP: Attack(1) at tick 9 kills it, the cast ends the run
    assert main(["play", str(ROOT / "levels" / "app-01-first-blood.toml"), "--solution", "1", "--no-casts",
                 "--cast", "@9 Attack(1)", "--trace"]) == 0
    out = capsys.readouterr().out
    boards = out.split("\n\n")
    cast_at = next(i for i, b in enumerate(boards) if ">> cast @9 Attack(1) here" in b)
    assert "tick 9" in boards[cast_at] and "Warrior2 (Warrior) hp 1 awake" in boards[cast_at], \
        "the cast is not under its board"
    end = next(i for i, b in enumerate(boards) if ">> the end:" in b)
    assert end > cast_at and "hp 0 dead" in boards[end], "the last board shown is not the outcome"
    assert out.rstrip().endswith("app-01: win")

"""`zorglab play` and `zorglab solve`: output shapes, witnesses that replay, errors for people."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from zorglab.cli.main import main

LEVEL = str(Path(__file__).resolve().parents[2] / "levels" / "app-01-first-blood.toml")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_play_json_shape(capsys):
    code, out, _ = run(capsys, "play", LEVEL, "--solution", "1", "--json")
    data = json.loads(out)
    assert code == 0
    assert {"level", "outcome", "ticks", "heroes", "events"} <= set(data)
    assert data["level"] == "app-01" and data["outcome"] == "win" and data["ticks"] == 8
    assert data["heroes"] == [{"label": "Warrior1", "type": "Warrior", "hp": 0, "alive": False, "died_at": 4},
                              {"label": "Warrior2", "type": "Warrior", "hp": 0, "alive": False, "died_at": 8}]
    assert data["events"][0] == {"kind": "spawned", "tick": 1, "hero": "Warrior1", "room": "A1", "cell": [2, 2]}
    assert "worlds" not in data, "only mirror levels list worlds"


def test_play_no_casts_loses_and_extra_cast_wins(capsys):
    code, out, _ = run(capsys, "play", LEVEL, "--solution", "1", "--no-casts", "--json")
    assert json.loads(out)["outcome"] == "loss"
    code, out, _ = run(capsys, "play", LEVEL, "--solution", "1", "--no-casts", "--cast", "@5 Attack(1)", "--json")
    assert json.loads(out)["outcome"] == "win"


def test_solve_witness_replays_through_play(capsys):
    code, out, _ = run(capsys, "solve", LEVEL, "--solution", "0", "--json")
    data = json.loads(out)
    assert code == 0 and data["verdict"] == "solvable" and data["states"] > 0 and "seconds" in data
    casts = sum((["--cast", c] for c in data["casts"]), [])
    code, out, _ = run(capsys, "play", LEVEL, "--solution", "0", "--no-casts", *casts, "--json")
    assert json.loads(out)["outcome"] == "win"


def test_solve_budget_gives_unknown_naming_it(capsys):
    code, out, _ = run(capsys, "solve", LEVEL, "--solution", "0", "--budget", "2", "--json")
    data = json.loads(out)
    assert data["verdict"] == "unknown" and "state budget of 2" in data["reason"]


def test_trace_prints_boards(capsys):
    code, out, _ = run(capsys, "play", LEVEL, "--solution", "1", "--trace")
    assert code == 0 and out.count("tick ") >= 6 and "##" in out


@pytest.mark.parametrize("argv,message", [
    (["play", LEVEL, "--solution", "7"], "--solution 7"),
    (["play", LEVEL, "--cast", "@2 Fireball(3)"], "Fireball"),
    (["solve", LEVEL, "--solution", "0", "--budget", "0"], "--budget 0"),
    (["play", "no/such/file.toml"], "no/such/file.toml"),
])
def test_bad_input_is_one_clear_message_and_exit_2(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert message in err and "Traceback" not in err


def test_play_prints_the_judged_worlds_constraints(capsys, tmp_path):
    """ZR-28: a judged world is not played; `play` says how its solvable(...) constraints were judged,
    in words and in JSON, so a stall caused by one is explained."""
    from tests.engine.test_ruling_zr28 import WINNABLE, text
    path = tmp_path / "zr28.toml"
    path.write_text(text(m1='"not solvable(M1)"', m2='"solvable(M2)"', m1_world=WINNABLE))
    code, out, _ = run(capsys, "play", str(path))
    assert code == 0
    assert "world M1: judged, not played — constraint [no] not solvable(M1)" in out
    assert "world M2: judged, not played — constraint [ok] solvable(M2)" in out
    assert out.strip().endswith("zr28: stall")
    code, out, _ = run(capsys, "play", str(path), "--json")
    assert json.loads(out)["judged"] == [{"text": "not solvable(M1)", "holds": False, "error": None},
                                         {"text": "solvable(M2)", "holds": True, "error": None}]

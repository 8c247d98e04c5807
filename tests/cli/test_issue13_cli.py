"""Issue #13 items 13 and 14 (the CLI): solutions checked as plays, located errors, sizes said, a quiet
dask shutdown, maps and tokens with legends.

On the code as found ``validate`` accepted a solution whose layout was invalid, ``play`` printed
the violations with no file or position, ``sweep temples`` said "600 temples" for 200 seeds, and
``play --trace`` / ``temples generate`` printed maps and tokens with no legend.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from zorglab.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
LEVEL = (ROOT / "levels" / "app-01-first-blood.toml").read_text()
GOOD_MAP = 'map = """\nA D1 Z\n"""'


def level_file(tmp_path: Path, text: str, name: str = "bad.toml") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def where(text: str, needle: str) -> tuple[int, int]:
    """1-based line and column of the first ``needle`` in ``text``."""
    offset = text.index(needle)
    return text.count("\n", 0, offset) + 1, offset - (text.rfind("\n", 0, offset) + 1) + 1


def test_item_13_validate_checks_every_solutions_layout_at_its_map(tmp_path, capsys):
    # solution 1: Z1 with its wall against D1's opening (a door facing a wall), D1 cut off
    text = LEVEL[::-1].replace(GOOD_MAP[::-1], 'map = """\nA Z D1\n"""'[::-1], 1)[::-1]
    path = level_file(tmp_path, text)
    assert main(["validate", str(path)]) == 2
    err = capsys.readouterr().err.splitlines()
    line, _ = where(text, "A Z D1")
    z_col = where(text, "A Z D1")[1] + 2
    assert f"{path}:{line}:{z_col}: solution 1: FR-6 border: Z1 (east side, cell 2) is a wall but D1" in err[0], err
    assert any(f"{path}:{line}:{z_col + 2}: solution 1: FR-6 disconnected: D1 is cut off" in e for e in err), err
    assert not any("solution 0" in e for e in err)


def test_item_13_validate_replay_reports_each_solution_that_ends_otherwise(tmp_path, capsys):
    text = LEVEL.replace('expect = "loss"', 'expect = "win"', 1)
    path = level_file(tmp_path, text)
    assert main(["validate", str(path)]) == 0                  # without --replay the plays are not run
    capsys.readouterr()
    assert main(["validate", "--replay", str(path)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    line, col = where(text, '"win"')
    assert err == [f"{path}:{line}:{col}: solution 0 replays to loss, but its expect is win"]


def test_item_13_validate_replay_passes_the_pack(capsys):
    assert main(["validate", "--replay", str(ROOT / "levels")]) == 0
    assert "each replayed to its expect" in capsys.readouterr().out


def test_item_13_play_on_an_invalid_layout_names_file_and_position(tmp_path, capsys):
    text = LEVEL.replace(GOOD_MAP, 'map = """\nA D1 . Z\n"""', 1)
    path = level_file(tmp_path, text)
    assert main(["play", str(path), "--solution", "0"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    line, col = where(text, "A D1 . Z")
    assert err == [f"{path}:{line}:{col + 7}: solution 0: FR-6 disconnected: Z1 is cut off from A1: no pair of "
                   "facing openings joins it to the rest of the dungeon"], err

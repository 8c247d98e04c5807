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
    # the last solution (2): Z1 with its wall against D1's opening (a door facing a wall), D1 cut off
    text = LEVEL[::-1].replace(GOOD_MAP[::-1], 'map = """\nA Z D1\n"""'[::-1], 1)[::-1]
    path = level_file(tmp_path, text)
    assert main(["validate", str(path)]) == 2
    err = capsys.readouterr().err.splitlines()
    line, _ = where(text, "A Z D1")
    z_col = where(text, "A Z D1")[1] + 2
    assert f"{path}:{line}:{z_col}: solution 2: FR-6 border: Z1 (east side, cell 2) is a wall but D1" in err[0], err
    assert any(f"{path}:{line}:{z_col + 2}: solution 2: FR-6 disconnected: D1 is cut off" in e for e in err), err
    assert not any("solution 0" in e for e in err)


def test_item_13_validate_replay_reports_each_solution_that_ends_otherwise(tmp_path, capsys):
    text = LEVEL.replace('expect = "loss"', 'expect = "win"', 1)
    path = level_file(tmp_path, text)
    assert main(["validate", str(path)]) == 0                  # without --replay the plays are not run
    capsys.readouterr()
    assert main(["validate", "--replay", str(path)]) == 1          # it loads; a solution ends otherwise (issue 42)
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


def test_item_14_sweep_temples_says_how_many_seeds_per_size(tmp_path, capsys):
    out = tmp_path / "temples.csv"
    assert main(["sweep", "temples", "--seeds", "3", "--sizes", "small,medium", "--no-lint", "--serial",
                 "--out", str(out)]) == 0
    said = capsys.readouterr().out
    assert said.startswith("6 temples: seeds 0..2 for each of small, medium (0 failed)"), said


NOISY = """
import logging, sys
from zorglab.sweep.runner import map_rows
try:                                    # what the CLI does before a dask run
    from zorglab.sweep.runner import silence_dask_logs
except ImportError:                     # the code as found had no such step
    silence_dask_logs = lambda: None

def heartbeat(seed):
    # what a worker logs when its heartbeat races the scheduler's shutdown
    logging.getLogger("distributed.worker").error(
        "Failed to communicate with scheduler during heartbeat.\\nTraceback (most recent call last):\\n  OSError: gone")
    return {"seed": seed}

silence_dask_logs()
print(sorted(r["seed"] for r in map_rows(heartbeat, [(1,), (2,)], serial=False, workers=1)))
"""


def test_item_14_dask_worker_noise_stays_out_of_the_terminal():
    run = subprocess.run([sys.executable, "-c", NOISY], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "[1, 2]"
    assert "Traceback" not in run.stderr and "distributed" not in run.stderr, run.stderr


@pytest.mark.slow
def test_item_14_sweep_temples_on_dask_is_quiet_run_after_run(tmp_path):
    for attempt in range(3):
        run = subprocess.run([sys.executable, "-m", "zorglab.cli.main", "sweep", "temples", "--seeds", "20",
                              "--parallel", "--out", str(tmp_path / "t.csv")], capture_output=True, text=True,
                             timeout=600, cwd=ROOT)
        assert run.returncode == 0, run.stderr
        # the one line on stderr is the choice of where the work runs (issue 28 item 4)
        assert run.stderr == "running on a local dask cluster of 2 workers (--parallel)\n", \
            f"run {attempt + 1} wrote to stderr:\n{run.stderr}"
        assert "60 temples: seeds 0..19 for each of small, medium, large" in run.stdout


def test_item_14_play_trace_labels_rooms_and_has_a_legend(capsys):
    assert main(["play", str(ROOT / "levels" / "app-01-first-blood.toml"), "--solution", "1", "--trace"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].startswith("legend: # wall, . floor, 1 Warrior1, 2 Warrior2, x a corpse")
    board = lines.index("###############")
    assert lines[board - 1].split() == ["A1", "D1", "Z1"], lines[board - 1]
    assert out.count(lines[board - 1] + "\n###############") == out.count("tick "), "a board without its labels"


def test_item_14_temples_generate_explains_every_token(capsys):
    from zorglab.temples import generate_temple

    assert main(["temples", "generate", "--seed", "7", "--size", "medium"]) == 0
    out = capsys.readouterr().out
    legend = out[out.index("legend:"):out.index("locked:")]
    temple = generate_temple(7, {"size": "medium"})
    tokens = {t for f in temple.floors for line in f.grid for t in line if temple.rooms[t].passable}
    for token in tokens:
        assert re.search(rf"(?<!\S){re.escape(token)}(?!\S)", legend), f"token {token!r} is not in the legend"
    assert "LPEG Pegasus chest" in legend and "k small key chest" in legend and "* on the critical path" in legend


README = (ROOT / "README.md").read_text()


def test_item_14_readme_temples_check_line_picks_temples_only_and_says_it_fails():
    line = next(l for l in README.splitlines() if "temples check tests/temples/fixtures/xp/" in l)
    pattern = line.split("temples check ")[1].split()[0]
    files = sorted(ROOT.glob(pattern))
    assert files and all(f.name.endswith("-temple.json") for f in files), [f.name for f in files]
    said = README[README.index(line):].splitlines()[1]
    code = int(re.search(r"exits (\d)", said).group(1))
    assert main(["temples", "check", *map(str, files), "--format", "xp"]) == code == 1


def test_item_14_readme_python_snippet_prints_what_its_comments_say(capsys):
    block = README.split("In Python:\n\n```python\n")[1].split("```")[0]
    import os
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        exec(compile(block, "README.md", "exec"), {})
    finally:
        os.chdir(cwd)
    printed = capsys.readouterr().out.splitlines()
    said = [l.split("# ", 1)[1] for l in block.splitlines() if l.startswith("print(")]
    assert printed[0] == said[0], f"README says {said[0]!r}, Python prints {printed[0]!r}"
    head = said[1].split("[...]")[0]
    assert printed[1].startswith(head), (printed[1], said[1])

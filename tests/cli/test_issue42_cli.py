"""Issue 42 item 6: the command line a newcomer meets.

- ``validate --replay`` exits 1 when every file loads but a solution no longer wins (2 stays for a
  file that does not load);
- an option a command does not know is refused with that command's usage line;
- ``report --out`` that cannot be written is refused before any work, naming the path as given;
- validation warnings say what to do;
- ``make lab``'s first install shows its steps and pip's progress; the README says a cell must be run.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from zorglab.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
LEVEL = ROOT / "levels" / "app-01-first-blood.toml"


@pytest.fixture
def tougher(tmp_path) -> Path:
    """app-01 with the second Warrior at 3 HP: its winning solution (one Attack(1)) no longer wins."""
    shutil.copyfile(ROOT / "levels" / "tiles.toml", tmp_path / "tiles.toml")
    path = tmp_path / "app-01.toml"
    path.write_text(LEVEL.read_text().replace('"Warrior(2)"', '"Warrior(3)"'))
    return path


def test_a_solution_that_no_longer_wins_exits_1(tougher, capsys):
    assert main(["validate", str(tougher)]) == 0                 # it loads: no replay, no fault
    capsys.readouterr()
    assert main(["validate", "--replay", str(tougher)]) == 1
    said = capsys.readouterr()
    assert "solution 1 replays to loss, but its expect is win" in said.err
    assert "no longer end as their expect says" in said.out
    assert main(["validate", "--replay", "--json", str(tougher)]) == 1


def test_a_file_that_does_not_load_still_exits_2(tougher, tmp_path, capsys):
    broken = tmp_path / "broken.toml"
    broken.write_text(LEVEL.read_text().replace('heroes = ["Warrior(1)"', 'heroes = ["Warior(1)"'))
    assert main(["validate", "--replay", str(broken)]) == 2
    assert main(["validate", "--replay", str(broken), str(tougher)]) == 2      # both: the worse one counts
    capsys.readouterr()


@pytest.mark.parametrize("argv, usage", [
    (["play", str(LEVEL), "--bogus"], "usage: zorglab play "),
    (["solve", str(LEVEL), "--bogus"], "usage: zorglab solve "),
    (["sweep", "temples", "--bogus"], "usage: zorglab sweep temples "),
    (["temples", "generate", "--seed", "1", "--bogus"], "usage: zorglab temples generate "),
])
def test_a_bad_option_prints_the_commands_own_usage(argv, usage, capsys):
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert usage in err and "unrecognized arguments: --bogus" in err
    assert "usage: zorglab [-h]" not in err


def test_report_out_that_cannot_be_written_names_the_users_path(capsys):
    assert main(["report", "--out", "/proc/nope", "--levels", str(ROOT / "levels"), "--temple-seeds", "0",
                 "--serial", "-q"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("--out /proc/nope: cannot write there") and ".nope." not in err


def test_warnings_say_what_to_do(capsys):
    assert main(["validate", str(ROOT / "levels" / "tre-01-toll-gate.toml")]) == 0
    err = capsys.readouterr().err
    assert "can never act — to make it act, put T1 on a tile with a dark cell" in err
    assert "a warning never fails validation" in err


def test_the_first_install_shows_progress_and_the_readme_says_to_run_a_cell():
    makefile = (ROOT / "Makefile").read_text()
    recipe = makefile[makefile.index("$(STAMP): pyproject.toml"):].split("\n\n")[0]
    assert "--quiet" not in recipe and "pip install --progress-bar on -e '.[dev]'" in recipe
    assert len(re.findall(r"@echo \"zorglab: step \d/3", recipe)) == 3
    readme = (ROOT / "README.md").read_text()
    assert "run its code cell" in readme and "opens JupyterLab on the Level Studio" not in readme

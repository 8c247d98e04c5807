"""Issue 32 item 9 / issue 30 item 2: ``propose --out`` killed at any point leaves no temporary file of its
own: a candidate is built in memory and written once by the one atomic writer
(:func:`zorglab.level.files.write_atomic`). Killed at that writer's worst moment (temporary written, not
yet renamed) it leaves only the fixed-name copy that ``.gitignore`` covers, which the next run reuses.
Synchronised on the process's own death at a chosen call, never on time."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from zorglab.cli.main import main as cli

ROOT = Path(__file__).resolve().parents[2]
SMALL = ["--room-types", "D,E", "--hero-types", "Warrior,Elf", "--spell-types", "Attack,Sleep",
         "--fewest-spells", "1-2", "--winning-layouts", "1", "--board", "3-4", "--seed", "7", "--tries", "120"]

# the CLI, with the atomic writer made to kill the process right after its temporary copy is written
KILLED_MID_WRITE = """
import os, signal, sys
from zorglab.level import files
real = files.os.replace
def die(source, target):
    os.kill(os.getpid(), signal.SIGKILL)
files.os.replace = die
from zorglab.cli.main import main
sys.exit(main(sys.argv[1:]))
"""


def run(code: str, args: list[str]) -> int:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, env=env, capture_output=True,
                          timeout=600).returncode


def ignored(path: Path) -> bool:
    done = subprocess.run(["git", "check-ignore", "--no-index", "-q", str(path.relative_to(ROOT))], cwd=ROOT)
    return done.returncode == 0


def test_a_kill_mid_write_leaves_only_the_ignored_copy_and_the_next_run_clears_it(tmp_path) -> None:
    out = tmp_path / "proposals"
    status = run(KILLED_MID_WRITE, ["propose", *SMALL, "--count", "1", "--out", str(out)])
    assert status == -signal.SIGKILL
    left = sorted(p.name for p in out.iterdir())
    assert left and all(name.startswith(".") and name.endswith(".zorglab.tmp") for name in left), left
    assert not any(name.endswith(".toml.tmp") for name in left)
    assert all(ignored(ROOT / "levels" / name) for name in left)      # were the folder in the repository
    assert run("import sys; from zorglab.cli.main import main; sys.exit(main(sys.argv[1:]))",
               ["propose", *SMALL, "--count", "1", "--out", str(out)]) == 0
    assert [p.name for p in out.iterdir() if p.name.startswith(".")] == []


def test_an_interruption_while_building_writes_nothing_at_all(tmp_path, monkeypatch) -> None:
    from zorglab.engine import game

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt
    monkeypatch.setattr(game, "play_solution", interrupted)
    assert cli(["propose", *SMALL, "--count", "1", "--out", str(tmp_path)]) == 130
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("name", [".prop-3.k2j4x9.toml.tmp", ".prop-1.toml.zorglab.tmp", ".x.toml.zorglab.tmp"])
def test_gitignore_covers_every_temporary_name(name: str) -> None:
    assert ignored(ROOT / "levels" / name)

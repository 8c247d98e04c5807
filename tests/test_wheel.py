"""An installed zorglab carries its tile library (issue 29 item 6).

The wheel is built from a copy of the sources (``pip wheel . --no-deps``, no build isolation: no
download), installed into a fresh venv outside the repository that sees the test venv's
dependencies through a ``.pth`` line, and its ``zorglab`` command validates and plays a pack level
copied alone into an empty directory, and its API loads the same level from text (no directory to
look a ``tiles.toml`` up in), so the tiles come from the package data (``zorglab/core/tiles.toml``)
or nowhere.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LEVEL = ROOT / "levels" / "app-01-first-blood.toml"

pytestmark = pytest.mark.slow


def _run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The ``bin`` directory of a fresh venv with the built wheel installed."""
    base = tmp_path_factory.mktemp("wheel")
    source = base / "source"           # a copy: the build leaves nothing in the checkout
    for name in ("zorglab", "levels"):
        shutil.copytree(ROOT / name, source / name, symlinks=True,
                        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.ipynb_checkpoints"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    wheels = base / "wheels"
    built = _run([sys.executable, "-m", "pip", "wheel", str(source), "--no-deps", "--no-build-isolation",
                  "--no-index", "-q", "-w", str(wheels)], base)
    assert built.returncode == 0, built.stderr
    [wheel] = wheels.glob("zorglab-*.whl")
    env = base / "venv"
    venv.create(env, with_pip=False)
    purelib = Path(sysconfig.get_paths(vars={"base": str(env), "platbase": str(env)})["purelib"])
    # the test venv's dependencies, seen as a plain path: its .pth files (the editable zorglab) stay inert
    (purelib / "shared-deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    python = env / "bin" / "python"
    done = _run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "--no-index", "-q",
                 str(wheel)], base)
    assert done.returncode == 0, done.stderr
    return env / "bin"


def test_the_wheel_holds_the_tile_library_and_no_repository_path(installed: Path, tmp_path: Path) -> None:
    where = _run([str(installed / "python"), "-c",
                  "import zorglab, zorglab.core.tiles as t; print(zorglab.__file__); print(t.LIBRARY_PATH);"
                  "print(len(t.library_tiles()))"], tmp_path)
    assert where.returncode == 0, where.stderr
    package, library, count = where.stdout.split("\n")[:3]
    assert not Path(package).is_relative_to(ROOT) and Path(library).is_relative_to(Path(package).parent)
    assert Path(library).is_file() and not Path(library).is_symlink()
    assert library.endswith(os.path.join("zorglab", "core", "tiles.toml")) and int(count) > 10


def test_the_installed_command_validates_and_plays_a_pack_level(installed: Path, tmp_path: Path) -> None:
    level = tmp_path / LEVEL.name          # alone: no tiles.toml beside it (one above, in /tmp, is not ours)
    shutil.copy(LEVEL, level)
    # read from text, a level has no directory to look up a tiles.toml in: the package's library or nothing
    api = _run([str(installed / "python"), "-c",
                "import sys, zorglab; level = zorglab.load_level_text(open(sys.argv[1]).read(), 'pack.toml');"
                "print(zorglab.play_solution(level, 1).outcome.value)", str(level)], tmp_path)
    assert api.returncode == 0 and api.stdout.strip() == "win", api.stdout + api.stderr
    checked = _run([str(installed / "zorglab"), "validate", "--replay", level.name], tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    played = _run([str(installed / "zorglab"), "play", "--solution", "1", level.name], tmp_path)
    assert played.returncode == 0, played.stdout + played.stderr
    assert "win" in played.stdout.lower()

"""A new room, hero and spell type, defined outside ``zorglab/`` (issue 15 item 3's proof).

:mod:`mytypes` (beside this file) registers ``Q(x)``, ``Knight(x)`` and ``Smite(x)`` with the
public decorators; with no edit inside the package they load from a level file, play, solve,
draw and explain, and warn about nothing (every test here turns warnings into errors). The last
tests install them the other standard way, as an entry point of the group ``zorglab.types``, and
run the ``zorglab`` command on the level without importing :mod:`mytypes` at all.
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

import zorglab
from zorglab.core.registry import find_hero_type, find_room_type, find_spell_type, unregister

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
LEVEL = HERE / "quicksand.toml"
PNG = b"\x89PNG\r\n\x1a\n"

pytestmark = pytest.mark.filterwarnings("error")


@pytest.fixture(scope="module", autouse=True)
def mytypes():
    """The designer's module, imported for these tests only (the registries are the process's)."""
    module = importlib.import_module("mytypes")
    yield module
    for cls in (module.QuicksandRoom, module.Knight, module.SmiteSpell):
        unregister(cls)
    sys.modules.pop("mytypes", None)


def test_the_types_are_registered_by_their_own_module(mytypes):
    assert find_room_type("Q") is mytypes.QuicksandRoom
    assert find_hero_type("Knight") is mytypes.Knight
    assert find_spell_type("Smite") is mytypes.SmiteSpell
    assert mytypes.Knight.signature.describe() == "Knight(x)"


def test_they_load_from_a_level_file_with_their_arguments_checked():
    level = zorglab.load_level(LEVEL)
    assert [r.type for r in level.rooms] == ["A", "Q", "Z"]
    assert (level.heroes[0].type, level.heroes[0].args) == ("Knight", (3,))
    assert (level.spells[0].type, level.spells[0].args) == ("Smite", (1,))
    # the signature's minimum is the loader's: a located error, no traceback
    with pytest.raises(zorglab.LevelError, match=r"quicksand-bad.toml:7:.*Q"):
        zorglab.load_level_text(LEVEL.read_text(encoding="utf-8").replace("Q(1)", "Q(0)"), "quicksand-bad.toml")


def test_they_play_by_their_own_rules():
    level = zorglab.load_level(LEVEL)
    run = zorglab.play_solution(level, 0)
    assert run.outcome is zorglab.Outcome.LOSS          # Knight(3) leaves Q1 with 1 HP and reaches Z
    hero = run.main.state.heroes[0]
    assert hero.hp == 1                                  # the quicksand took 2 x 1
    assert zorglab.play(level, ["@4 Smite(1)"]).outcome is zorglab.Outcome.WIN


def test_they_solve_both_ways():
    level = zorglab.load_level(LEVEL)
    verdict = zorglab.solve(level)
    assert verdict.verdict == "solvable"
    assert zorglab.play(level, verdict.casts).outcome is zorglab.Outcome.WIN
    assert zorglab.solve(level.replace(spells=())).verdict == "unsolvable"


def test_they_draw_with_the_pure_painter():
    import zorglab.paint  # noqa: F401  (attaches the pictures)
    from zorglab.paint.png import state_png

    level = zorglab.load_level(LEVEL)
    assert level._repr_png_().startswith(PNG)
    game = zorglab.setup(level)
    world = game.world()
    assert state_png(world, world.initial_state()).startswith(PNG)
    assert zorglab.play(game, ["@4 Smite(1)"])._repr_png_().startswith(PNG)


def test_the_knight_explains_its_step_in_its_own_tie_order():
    from zorglab.engine.turns import act, next_action
    from zorglab.widgets.explain import explain

    world = zorglab.setup(zorglab.load_level(LEVEL)).world()
    state = world.initial_state()
    for _ in range(3):                                   # spawn, then a step or two
        state, _ = act(world, state, next_action(world, state))
    found = explain(world, state, 0)
    assert found.hero == "Knight1"
    assert found.order == ("down", "left", "up", "right")
    assert found.rows and found.sentence


def _entry_point_env(tmp_path: Path, *, declared: bool) -> dict[str, str]:
    """An environment whose Python sees :mod:`mytypes` as an installed distribution's entry point."""
    if declared:
        info = tmp_path / "zorg_mytypes-1.0.dist-info"
        info.mkdir(exist_ok=True)
        (info / "METADATA").write_text("Metadata-Version: 2.1\nName: zorg-mytypes\nVersion: 1.0\n", encoding="utf-8")
        (info / "entry_points.txt").write_text("[zorglab.types]\nmytypes = mytypes\n", encoding="utf-8")
    paths = [str(tmp_path), str(HERE), str(ROOT)]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(paths), "PYTHONWARNINGS": "error"}


def _zorglab(tmp_path: Path, *args: str, declared: bool = True) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "zorglab.cli.main", *args], capture_output=True, text=True,
                          env=_entry_point_env(tmp_path, declared=declared), cwd=tmp_path, timeout=120)


def test_an_entry_point_brings_the_types_to_the_command_line(tmp_path):
    done = _zorglab(tmp_path, "validate", str(LEVEL))
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Warning" not in done.stderr and "Traceback" not in done.stderr
    solved = _zorglab(tmp_path, "solve", str(LEVEL))
    assert solved.returncode == 0, solved.stdout + solved.stderr
    assert "Smite(1)" in solved.stdout


def test_without_the_entry_point_the_type_is_unknown_and_said_so(tmp_path):
    done = _zorglab(tmp_path, "validate", str(LEVEL), declared=False)
    assert done.returncode != 0
    assert "Q" in done.stdout + done.stderr and "Traceback" not in done.stderr


def test_a_name_taken_by_another_class_is_refused(mytypes):
    from zorglab import RoomBehaviour, room_type

    with pytest.raises(ValueError, match="room type 'Q' is registered twice"):
        room_type("Q")(type("OtherQ", (RoomBehaviour,), {}))
    assert find_room_type("Q") is mytypes.QuicksandRoom

"""Issue #18 over the whole pack: replacing any solution by itself writes nothing (mirror casts,
labels, `casts = []` and comments stay), and replacing it by a changed one keeps every comment."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from zorglab.engine.game import play_solution
from zorglab.engine.layout import Layout
from zorglab.level import level_files, load_level
from zorglab.core.model import Outcome, Solution
from zorglab.level.save import save_solution

PACK = Path(__file__).resolve().parents[2] / "levels"
FILES = level_files([PACK])


def copy(tmp_path: Path, source: Path) -> Path:
    shutil.copy(PACK / "tiles.toml", tmp_path / "tiles.toml")
    return Path(shutil.copy(source, tmp_path / source.name))


def resave(path: Path, index: int, solution: Solution, expect: Outcome | None):
    return save_solution(path, Layout.from_solution(solution), [cast.source for cast in solution.casts],
                         expect=expect, choices=dict(solution.choices) or None,
                         mirror_casts={name: [c.source for c in casts] for name, casts in solution.mirror_casts}
                         or None, replace_index=index)


def comments(text: str) -> list[str]:
    return [line.split("#", 1)[1] for line in text.splitlines() if line.lstrip().startswith("#")]


@pytest.mark.parametrize("source", FILES, ids=lambda p: p.stem)
def test_replacing_each_solution_by_itself_writes_nothing_and_still_replays(tmp_path, source):
    path = copy(tmp_path, source)
    level, before = load_level(path), path.read_bytes()
    for index, solution in enumerate(level.solutions):
        assert resave(path, index, solution, solution.expect).added is False
    assert path.read_bytes() == before
    reloaded = load_level(path)
    for index, solution in enumerate(reloaded.solutions):
        if solution.expect is not None and not solution.choices:
            assert play_solution(reloaded, index).outcome is solution.expect


@pytest.mark.parametrize("source", [p for p in FILES if "#" in p.read_text(encoding="utf-8").split("[[solutions]]", 1)[-1]],
                         ids=lambda p: p.stem)
def test_replacing_a_solution_by_a_changed_one_keeps_every_comment(tmp_path, source):
    path = copy(tmp_path, source)
    level = load_level(path)
    before = comments(path.read_text(encoding="utf-8"))
    for index, solution in enumerate(level.solutions):
        other = Outcome.STALL if solution.expect is not Outcome.STALL else Outcome.LOSS
        assert resave(path, index, solution, other).added is True
    assert comments(path.read_text(encoding="utf-8")) == before
    assert [s.expect for s in load_level(path).solutions] == \
        [Outcome.STALL if s.expect is not Outcome.STALL else Outcome.LOSS for s in level.solutions]

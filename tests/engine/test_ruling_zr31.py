"""ZR-31 (tile libraries precede, they never replace), issue 38.

The level beside a pack library that defines none of the default tiles is a file:
``tests/engine/levels/zr31-pack/``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from zorglab.engine.game import play, setup_solution
from zorglab.level import load_level

PACK = Path(__file__).parent / "levels" / "zr31-pack"


def test_zr31_a_pack_library_without_the_defaults_still_gives_the_shared_defaults():
    level = load_level(PACK / "uses-defaults.toml")
    (solution,) = level.solutions
    assert play(setup_solution(level, solution), solution.casts).outcome.value == "win"


def test_zr31_the_pack_library_precedes_the_shared_one_for_a_name_both_define(tmp_path):
    shutil.copy(PACK / "uses-defaults.toml", tmp_path / "level.toml")
    # the pack's default-D is a dead end to the east: it no longer matches Z's west opening
    (tmp_path / "tiles.toml").write_text((PACK / "tiles.toml").read_text() + '''
[tiles.default-D]
cells = """
##.##
#...#
....#
#...#
##.##
"""
''')
    level = load_level(tmp_path / "level.toml")
    assert dict(level.tiles)["default-D"].rows[2] == "....#"
    assert dict(level.tiles)["default-Z"].rows[2] == "....."       # still the shared library's cross


def test_zr31_the_level_own_tile_precedes_both_libraries(tmp_path):
    text = (PACK / "uses-defaults.toml").read_text() + '''
[tiles.spawn-east]
cells = """
#####
#S..#
#....
#...#
#####
"""
'''
    (tmp_path / "level.toml").write_text(text)
    shutil.copy(PACK / "tiles.toml", tmp_path / "tiles.toml")
    level = load_level(tmp_path / "level.toml")
    assert dict(level.tiles)["spawn-east"].rows[1] == "#S..#"

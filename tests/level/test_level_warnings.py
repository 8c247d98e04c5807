"""Issue #13 item 8: a room whose element (or toll) can never act on its tile is warned about, as
data (``level_warnings``), by ``zorglab validate`` (without failing it) and in the Maker."""

from __future__ import annotations

from pathlib import Path

from zorglab.cli.main import main
from zorglab.level import load_level_text
from zorglab.level.warnings import level_warnings

LEVEL = '''id = "dry-fire"
rooms = ["A", "{room}", "Z"]
heroes = ["Warrior(3)"]

[tiles.plain]
cells = """
#.#.#
.....
#...#
.....
#.#.#
"""

[tiles.dark]
cells = """
#.#.#
.ddd.
#...#
.....
#.#.#
"""
'''


def level(room: str):
    return load_level_text(LEVEL.format(room=room), "dry.toml")


def test_item_8_an_e_room_on_a_tile_without_green_cells_is_warned_about():
    (warning,) = level_warnings(level("E(fire) @ plain"))
    assert warning.room == "E1"
    assert warning.message == "E1 = E(fire) @ plain: tile 'plain' has no green cell, so its fire can never act"
    assert (warning.location.line, warning.location.col) == (2, 16)
    assert str(warning).startswith("dry.toml:2:16: warning: E1")


def test_item_8_a_t_room_needs_dark_and_light_cells_and_a_room_with_them_is_quiet():
    found = level_warnings(level("T(2, ice) @ plain"))
    assert [w.message.split(", so ")[1] for w in found] == ["its ice can never act", "its toll can never act"]
    (only,) = level_warnings(level("T(2, ice) @ dark"))                # dark cells: only the toll is missing
    assert "no light cell" in only.message
    assert level_warnings(level("E(water)")) == ()                     # the default E tile has green cells
    assert level_warnings(level("D(2) @ plain")) == ()                 # a D room acts through no cell kind


def test_item_8_validate_prints_the_warning_and_still_passes(tmp_path: Path, capsys):
    path = tmp_path / "dry.toml"
    path.write_text(LEVEL.format(room="E(fire) @ plain"), encoding="utf-8")
    status = main(["validate", str(path)])
    out, err = capsys.readouterr()
    assert status == 0 and "Traceback" not in out + err
    assert err.splitlines() == [f"{path}:2:16: warning: E1 = E(fire) @ plain: tile 'plain' has no green cell, "
                                "so its fire can never act — to make it act, put E1 on a tile with a green cell "
                                "(`@ TILE`); if the fire is only scenery, leave it: a warning never fails validation"]
    assert out.splitlines() == ["1 level OK (0 solutions); 1 warning"]

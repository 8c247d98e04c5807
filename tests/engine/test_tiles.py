"""Tiles (ZR-2) and the shared library levels/tiles.toml."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from zorglab.core.geometry import Direction
from zorglab.core.registry import room_types
from zorglab.core.tiles import (LIBRARY_PATH, CellKind, Tile, library_tiles, split_tile_text, tile_problems,
                                  tile_suits)
from zorglab.errors import LevelSyntaxError, TileError

N, E, S, W = Direction.UP, Direction.RIGHT, Direction.DOWN, Direction.LEFT
SIDE = {"north": N, "east": E, "south": S, "west": W}
LIBRARY = library_tiles()
ELEMENTAL = {"rink", "fire-corridor", "moat", "moat-cross", "poison-garden", "default-E"}


def intended_type(name: str) -> str | None:
    """The room type a library tile is drawn for; None for plain tiles (any type but A)."""
    if name.startswith("default-"):
        return name.removeprefix("default-")
    if name.startswith("spawn-"):
        return "A"
    if name in ELEMENTAL:
        return "E"
    if name.startswith("toll-"):
        return "T"
    return None


# --- the library ---------------------------------------------------------------------------------

def test_library_path_is_the_repository_file():
    assert LIBRARY_PATH == Path(__file__).resolve().parents[2] / "levels" / "tiles.toml"
    assert LIBRARY_PATH.is_file()


@pytest.mark.parametrize("name", sorted(LIBRARY))
def test_every_library_tile_is_valid_for_its_intended_type(name):
    tile = LIBRARY[name]
    room_type = intended_type(name)
    if room_type is None:
        for plain in ("Z", "D", "P", "O"):
            assert tile_problems(tile.rows, plain) == [], plain
        assert not tile_suits(tile, "A"), "a plain tile has no spawn cell"
    else:
        assert tile_problems(tile.rows, room_type) == []
    if room_type == "A":
        assert sum(row.count("S") for row in tile.rows) == 1
        assert tile.spawn is not None


def test_every_registered_room_type_has_a_default_cross():
    for room_class in room_types():
        tile = LIBRARY[f"default-{room_class.name}"]
        assert tile_suits(tile, room_class.name)
        for direction in Direction:
            assert tile.openings(direction) == (2,), (room_class.name, direction)


def test_the_level_format_example_names_exist():
    for name in ("spawn-east", "dead-end-west", "corridor", "rink"):
        assert name in LIBRARY


def test_catalogue_covers_corridors_corners_tees_dead_ends_spawns():
    for name in ("corridor-east-west", "corridor-north-south", "cross", "hall",
                 "corner-north-east", "corner-south-east", "corner-south-west", "corner-north-west",
                 "tee-no-north", "tee-no-east", "tee-no-south", "tee-no-west",
                 "dead-end-north", "dead-end-east", "dead-end-south", "dead-end-west",
                 "spawn-north", "spawn-east", "spawn-south", "spawn-west", "spawn-corridor",
                 "fire-corridor", "moat", "poison-garden", "toll-strip", "toll-bridge", "toll-checker"):
        assert name in LIBRARY, name


def expected_open_sides(name: str) -> set[Direction] | None:
    words = name.split("-")
    if words[0] in ("dead", "spawn") and words[-1] in SIDE:
        return {SIDE[words[-1]]}
    if words[0] == "corner":
        return {SIDE[words[1]], SIDE[words[2]]}
    if words[:2] == ["tee", "no"]:
        return set(Direction) - {SIDE[words[2]]}
    if words[0] in ("corridor", "spawn", "fire", "moat", "toll") and name not in ("moat-cross", "toll-checker",
                                                                               "toll-strip", "toll-bridge",
                                                                               "toll-fork"):
        return {E, W} if "north" not in name else {N, S}
    return None


@pytest.mark.parametrize("name", sorted(n for n in LIBRARY if expected_open_sides(n) is not None))
def test_tile_names_say_which_sides_are_open(name):
    assert set(LIBRARY[name].open_sides) == expected_open_sides(name)


def test_corridor_is_east_west_and_dead_end_west_only_opens_west():
    assert LIBRARY["corridor"].rows == LIBRARY["corridor-east-west"].rows
    assert LIBRARY["dead-end-west"].open_sides == (W,)
    assert LIBRARY["dead-end-west"].openings(W) == (2,)
    assert LIBRARY["corridor-north-south"].rows == LIBRARY["corridor-east-west"].rotated(1).rows


def test_default_E_is_green_inside_with_floor_openings():
    tile = LIBRARY["default-E"]
    assert all(tile.kind(x, y) is CellKind.GREEN for x in range(1, 4) for y in range(1, 4))
    assert {tile.kind(2, 0), tile.kind(4, 2), tile.kind(2, 4), tile.kind(0, 2)} == {CellKind.FLOOR}


def test_default_T_mixes_light_and_dark_and_every_entry_meets_light():
    tile = LIBRARY["default-T"]
    kinds = {kind for _, kind in tile.cells()}
    assert {CellKind.DARK, CellKind.LIGHT} <= kinds
    assert {tile.kind(2, 1), tile.kind(3, 2), tile.kind(2, 3), tile.kind(1, 2)} == {CellKind.LIGHT}


def test_library_is_cached_but_callers_get_their_own_dict():
    first = library_tiles()
    first.clear()
    assert library_tiles() == LIBRARY
    assert library_tiles(LIBRARY_PATH) == LIBRARY


# --- bad library files ---------------------------------------------------------------------------

def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "tiles.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_bad_tiles_are_reported_all_at_once_with_path_line_col(tmp_path):
    path = write(tmp_path, '# library\n[tiles.ok]\ncells = """\n##.##\n#...#\n.....\n#...#\n##.##\n"""\n\n'
                           '[tiles.bad]\ncells = """\n  .#.##\n  #..x#\n  .....\n  #...#\n  ##.##\n"""\n\n'
                           '[tiles.short]\ncells = """##.##\n#...#\n.....\n#...#"""\n\n'
                           '[tiles.empty]\ncell = "x"\n')
    with pytest.raises(TileError) as caught:
        library_tiles(path)
    lines = str(caught.value).splitlines()
    assert lines == [
        f"{path}:13:3: tile 'bad': tile corner (0, 0) must be a wall '#', found '.'",
        f"{path}:14:6: tile 'bad': unknown tile character 'x' (use # . S g d l)",
        f"{path}:21:12: tile 'short': a tile has 5 lines of 5 cells; this one has 4 lines",
        f"{path}:26:1: tile 'empty' needs cells = \"\"\"...\"\"\" (five lines of five characters)",
    ]
    assert [p.location.line for p in caught.value.problems] == [13, 14, 21, 26]


def test_unknown_keys_are_refused(tmp_path):
    path = write(tmp_path, 'title = "x"\n[tiles.a]\ncells = """\n##.##\n#...#\n.....\n#...#\n##.##\n"""\n'
                           'note = "hi"\n')
    with pytest.raises(TileError) as caught:
        library_tiles(path)
    assert [str(p) for p in caught.value.problems] == [
        f"{path}:1:1: a tile library holds only [tiles.NAME] tables; unexpected key 'title'",
        f"{path}:2:1: tile 'a' has an unknown key 'note' (only 'cells')",
    ]


def test_toml_syntax_error_has_its_position(tmp_path):
    path = write(tmp_path, '# tiles\n[tiles.a]\ncells = = 1\n')
    with pytest.raises(LevelSyntaxError) as caught:
        library_tiles(path)
    assert (caught.value.location.path, caught.value.location.line) == (str(path), 3)


def test_unterminated_string_points_at_the_end_of_the_file(tmp_path):
    path = write(tmp_path, '[tiles.a]\ncells = """\n##.##\n')
    with pytest.raises(LevelSyntaxError) as caught:
        library_tiles(path)
    assert caught.value.location.line == 3


# --- tile_problems and parse ---------------------------------------------------------------------

def test_cell_kinds_belong_to_their_room_types():
    rows = ("##.##", "#g.d#", "..l..", "#...#", "##.##")
    assert tile_problems(rows) == []
    assert [p[:2] for p in tile_problems(rows, "E")] == [(1, 3), (2, 2)]
    assert [p[:2] for p in tile_problems(rows, "T")] == [(1, 1)]
    assert tile_problems(rows, "D") == [
        (1, 1, "green cells 'g' belong to E rooms (this is a D room)"),
        (1, 3, "dark cells 'd' belong to T rooms (this is a D room)"),
        (2, 2, "light cells 'l' belong to T rooms (this is a D room)"),
    ]


def test_spawn_rules():
    one = ("##.##", "#...#", "..S..", "#...#", "##.##")
    two = ("##.##", "#S..#", "..S..", "#...#", "##.##")
    assert tile_problems(one, "A") == []
    assert tile_problems(two, "A") == [(0, 0, "an A tile needs exactly one spawn cell 'S'; this one has 2")]
    assert tile_problems(one, "Z") == [(2, 2, "only A tiles may have a spawn cell 'S' (this is a Z room)")]


def test_parse_reports_every_problem():
    with pytest.raises(TileError) as caught:
        Tile.parse("t", ".#.#.\n#.x.#\n.....\n#...#\n##.##")
    assert len(caught.value.problems) == 3
    assert "line 1, cell 1" in str(caught.value)
    assert Tile.parse("t", "\n  ##.##\n  #...#\n  .....\n  #...#\n  ##.##\n").rows[0] == "##.##"


def test_split_tile_text_keeps_offsets():
    assert split_tile_text("\n  ##.##\n\n #...#") == (("##.##", 1, 2), ("#...#", 3, 1))


# --- rotation (ZR-3) -----------------------------------------------------------------------------

@st.composite
def tiles(draw) -> Tile:
    cells = [[draw(st.sampled_from("#.gdl")) for _ in range(5)] for _ in range(5)]
    for x, y in ((0, 0), (4, 0), (0, 4), (4, 4)):
        cells[y][x] = "#"
    if draw(st.booleans()):
        cells[draw(st.integers(1, 3))][draw(st.integers(1, 3))] = "S"
    return Tile("random", tuple("".join(row) for row in cells))


@given(tiles(), st.integers(-8, 8))
def test_four_quarter_turns_are_the_identity(tile, q):
    assert tile_problems(tile.rows) == []
    assert tile.rotated(4) == tile
    assert tile.rotated(q).rotated(4 - q) == tile
    assert tile.rotated(q).rotated(-q) == tile
    assert tile.rotated(q) == tile.rotated(q % 4)


@given(tiles())
def test_one_clockwise_turn_carries_each_side_to_the_next(tile):
    turned = tile.rotated(1)
    assert turned.signature(E) == tile.signature(N)            # read west->east becomes north->south
    assert turned.signature(S) == tile.signature(E)[::-1]      # north->south becomes east->west
    assert turned.signature(W) == tile.signature(S)
    assert turned.signature(N) == tile.signature(W)[::-1]
    for x in range(5):
        for y in range(5):
            assert turned.kind(4 - y, x) is tile.kind(x, y)
    assert {d.turned(1) for d in tile.open_sides} == set(turned.open_sides)


def test_rotation_example():
    tile = LIBRARY["spawn-east"]
    assert tile.rotated(1).open_sides == (S,)
    assert tile.rotated(1).spawn == (2, 2)
    assert LIBRARY["corner-north-east"].rotated(1).rows == LIBRARY["corner-south-east"].rows
    assert LIBRARY["tee-no-north"].rotated(2).rows == LIBRARY["tee-no-south"].rows

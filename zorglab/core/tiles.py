"""Tiles (ZR-2): five lines of five characters, turned by quarter turns clockwise (ZR-3)."""

from __future__ import annotations

import enum
import functools
import re
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from zorglab.core.geometry import ROOM_SIZE, Cell, Direction
from zorglab.core.limits import toml_fault
from zorglab.core.registry import find_room_type, is_spawn_room, registered_room_types
from zorglab.errors import LevelSyntaxError, Location, Problem, TileError


class CellKind(enum.Enum):
    """What a tile character means (ZR-2)."""

    WALL = "#"
    FLOOR = "."
    SPAWN = "S"
    GREEN = "g"
    DARK = "d"
    LIGHT = "l"

    @property
    def is_wall(self) -> bool:
        return self is CellKind.WALL


_KINDS = {k.value: k for k in CellKind}
_SIGNATURES: dict[tuple[tuple[str, ...], Direction], str] = {}   # side signatures, read in every border check


def tile_problems(rows: tuple[str, ...] | list[str], room_type: str | None = None) -> list[tuple[int, int, str]]:
    """Every fault of a tile as ``(row index, column index, message)``; empty when valid.

    Row/column are 0-based positions in the tile text, so the loader can map them into the file.
    """
    problems: list[tuple[int, int, str]] = []
    if len(rows) != ROOM_SIZE:
        problems.append((0, 0, f"a tile has {ROOM_SIZE} lines of {ROOM_SIZE} cells; this one has {len(rows)} lines"))
    for y, row in enumerate(rows):
        if len(row) != ROOM_SIZE:
            problems.append((y, 0, f"tile line {y + 1} has {len(row)} cells, expected {ROOM_SIZE}"))
        for x, ch in enumerate(row):
            if ch not in _KINDS:
                problems.append((y, x, f"unknown tile character {ch!r} (use # . S g d l)"))
    if len(rows) != ROOM_SIZE or any(len(row) != ROOM_SIZE for row in rows):
        return problems
    for x, y in ((0, 0), (4, 0), (0, 4), (4, 4)):
        if rows[y][x] != "#" and rows[y][x] in _KINDS:
            problems.append((y, x, f"tile corner ({x}, {y}) must be a wall '#', found {rows[y][x]!r}"))
    spawns = [(y, x) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch == "S"]
    spawn = room_type is not None and is_spawn_room(room_type)
    if spawn and len(spawns) != 1:
        problems.append((0, 0, f"an A tile needs exactly one spawn cell 'S'; this one has {len(spawns)}"))
    if room_type is not None and not spawn:
        for y, x in spawns:
            problems.append((y, x, f"only A tiles may have a spawn cell 'S' (this is a {room_type} room)"))
    if room_type is not None:
        # cells that only some types' tiles may hold (their own_cells: g in E, d and l in T, ZR-2)
        owners: dict[str, list[str]] = {}
        found = find_room_type(room_type)       # first: a type from an entry point is then registered
        for cls in registered_room_types():     # no entry-point scan on start-up's path
            for ch in cls.own_cells:
                owners.setdefault(ch, []).append(cls.name)
        own = found.own_cells if found is not None else ""
        for y, row in enumerate(rows):
            for x, ch in enumerate(row):
                if ch in owners and ch not in own:
                    problems.append((y, x, f"{_KINDS[ch].name.lower()} cells {ch!r} belong to "
                                           f"{' or '.join(owners[ch])} rooms (this is a {room_type} room)"))
    return problems


def tile_suits(tile: "Tile", room_type: str) -> bool:
    """Whether a room of ``room_type`` may use ``tile`` (ZR-2: S only in A, g only in E, d/l only in T)."""
    return not tile_problems(tile.rows, room_type)


@dataclass(frozen=True)
class Tile:
    """A 5x5 tile, upright as written; ``rotated(q)`` turns it ``q`` quarter turns clockwise."""

    name: str
    rows: tuple[str, ...]

    @classmethod
    def parse(cls, name: str, text: str) -> "Tile":
        rows = tuple(row for row, _, _ in split_tile_text(text))
        problems = tile_problems(rows)
        if problems:
            raise TileError([Problem(None, f"tile {name!r}, line {y + 1}, cell {x + 1}: {message}", TileError)
                             for y, x, message in problems])
        return cls(name, rows)

    def kind(self, x: int, y: int) -> CellKind:
        return _KINDS[self.rows[y][x]]

    def rotated(self, quarter_turns: int) -> "Tile":
        rows = self.rows
        for _ in range(quarter_turns % 4):
            rows = tuple("".join(rows[ROOM_SIZE - 1 - x][y] for x in range(ROOM_SIZE)) for y in range(ROOM_SIZE))
        return Tile(self.name, rows)

    def side(self, direction: Direction) -> str:
        """The five border characters on one side, indexed along the side (y for left/right, x for up/down)."""
        last = ROOM_SIZE - 1
        if direction is Direction.UP:
            return self.rows[0]
        if direction is Direction.DOWN:
            return self.rows[last]
        column = 0 if direction is Direction.LEFT else last
        return "".join(row[column] for row in self.rows)

    def signature(self, direction: Direction) -> str:
        """The side as ``#``/``o`` (wall/opening): what must match across a shared side (ZR-4)."""
        key = (self.rows, direction)
        found = _SIGNATURES.get(key)
        if found is None:
            found = _SIGNATURES[key] = "".join("#" if ch == "#" else "o" for ch in self.side(direction))
        return found

    def openings(self, direction: Direction) -> tuple[int, ...]:
        """Indexes of the openings along one side (same indexing as :meth:`side`)."""
        return tuple(i for i, ch in enumerate(self.signature(direction)) if ch == "o")

    @property
    def open_sides(self) -> tuple[Direction, ...]:
        """The sides with at least one opening, in :class:`Direction` order."""
        return tuple(d for d in Direction if self.openings(d))

    def cells(self) -> Iterator[tuple[Cell, CellKind]]:
        """Every ``((x, y), kind)``, row by row from the north-west corner."""
        for y, row in enumerate(self.rows):
            for x, ch in enumerate(row):
                yield (x, y), _KINDS[ch]

    @property
    def spawn(self) -> tuple[int, int] | None:
        for y, row in enumerate(self.rows):
            x = row.find("S")
            if x >= 0:
                return (x, y)
        return None

    def __str__(self) -> str:
        return "\n".join(self.rows)


# --- the shared library (levels/tiles.toml) -------------------------------------------------------

def default_library_path() -> Path:
    """Where the default tile library lives: ``tiles.toml`` beside this module, package data.

    In a checkout it is a link to the pack's ``levels/tiles.toml`` (one file, edited there); a built
    wheel holds a copy, so an installed zorglab has its tile library without the repository.
    """
    return (Path(__file__).parent / "tiles.toml").resolve()


LIBRARY_PATH = default_library_path()


def split_tile_text(text: str) -> tuple[tuple[str, int, int], ...]:
    """A tile's text as ``(row, line offset, column offset)`` per non-blank line, surrounding spaces removed.

    Offsets are 0-based from the start of ``text``, so a reader can point at any cell in its file.
    """
    rows = []
    for offset, line in enumerate(text.splitlines()):
        stripped = line.strip()
        if stripped:
            rows.append((stripped, offset, len(line) - len(line.lstrip())))
    return tuple(rows)


def library_tiles(path: str | Path | None = None) -> dict[str, Tile]:
    """The tiles of a library file by name; the repository's ``levels/tiles.toml`` (parsed once) by default.

    Raises :class:`TileError` listing every bad tile as ``path:line:col``, or
    :class:`LevelSyntaxError` when the file is not TOML.
    """
    if path is None:
        return dict(_default_library())
    return dict(_read_library(Path(path)))


@functools.cache
def _default_library() -> tuple[tuple[str, Tile], ...]:
    return _read_library(LIBRARY_PATH)


def _read_library(path: Path) -> tuple[tuple[str, Tile], ...]:
    return parse_library(path.read_text(encoding="utf-8"), str(path))


def parse_library(text: str, shown: str) -> tuple[tuple[str, Tile], ...]:
    """The tiles of a library's ``text`` (``shown`` names it in locations), within the limits of a
    level file (:func:`zorglab.core.limits.toml_fault`): never a ``RecursionError``."""
    text = text.removeprefix("\ufeff")
    fault = toml_fault(text)
    if fault is not None:
        before = text[:fault[0]]
        where = Location(shown, before.count("\n") + 1, fault[0] - (before.rfind("\n") + 1) + 1)
        raise LevelSyntaxError([Problem(where, f"not a tile library TOML can hold: {fault[1]}", LevelSyntaxError)])
    try:
        data = tomllib.loads(text)
    except (ValueError, RecursionError, MemoryError) as error:     # tomllib's own limits
        if not isinstance(error, tomllib.TOMLDecodeError):
            raise LevelSyntaxError([Problem(Location(shown, 1, 1), "not a tile library TOML can hold: "
                                            f"{error.__class__.__name__}", LevelSyntaxError)]) from None
        found = re.search(r"line (\d+), column (\d+)", str(error))
        lines = text.splitlines() or [""]
        where = (Location(shown, int(found[1]), int(found[2])) if found
                 else Location(shown, len(lines), len(lines[-1]) + 1))    # "at end of document"
        raise LevelSyntaxError([Problem(where, f"not valid TOML: {error}", LevelSyntaxError)]) from None
    lines = text.splitlines()
    problems: list[Problem] = []
    for key in data:
        if key != "tiles":
            problems.append(Problem(_key_location(shown, lines, key), f"a tile library holds only [tiles.NAME] "
                                    f"tables; unexpected key {key!r}", TileError))
    tables = data.get("tiles", {})
    if not isinstance(tables, dict):
        problems.append(Problem(_key_location(shown, lines, "tiles"), "'tiles' must be a table of tiles", TileError))
        tables = {}
    tiles: list[tuple[str, Tile]] = []
    for name, table in tables.items():
        header = _header_location(shown, lines, name)
        if not isinstance(table, dict) or not isinstance(table.get("cells"), str):
            problems.append(Problem(header, f"tile {name!r} needs cells = \"\"\"...\"\"\" (five lines of five "
                                    "characters)", TileError))
            continue
        for extra in sorted(set(table) - {"cells"}):
            problems.append(Problem(header, f"tile {name!r} has an unknown key {extra!r} (only 'cells')", TileError))
        rows = split_tile_text(table["cells"])
        faults = tile_problems(tuple(row for row, _, _ in rows))
        start = _cells_start(lines, header)
        for y, x, message in sorted(faults, key=lambda fault: fault[:2]):
            where = _cell_location(shown, start, rows, y, x) if start is not None and rows else header
            problems.append(Problem(where, f"tile {name!r}: {message}", TileError))
        if not faults:
            tiles.append((name, Tile(name, tuple(row for row, _, _ in rows))))
    if problems:
        raise TileError(problems)
    return tuple(tiles)


def _key_location(path: str, lines: list[str], key: str) -> Location:
    pattern = re.compile(rf"^\s*\[*\s*{re.escape(key)}\b")
    for number, line in enumerate(lines, start=1):
        if pattern.match(line):
            return Location(path, number, len(line) - len(line.lstrip()) + 1)
    return Location(path, 1, 1)


def _header_location(path: str, lines: list[str], name: str) -> Location:
    quoted = rf"(?:{re.escape(name)}|\"{re.escape(name)}\"|'{re.escape(name)}')"
    pattern = re.compile(rf"^\s*\[\s*tiles\s*\.\s*{quoted}\s*\]")
    for number, line in enumerate(lines, start=1):
        if pattern.match(line):
            return Location(path, number, len(line) - len(line.lstrip()) + 1)
    return Location(path, 1, 1)


def _cells_start(lines: list[str], header: Location) -> tuple[int, int] | None:
    """1-based (line, column) of the first character of the ``cells`` value after ``header``."""
    pattern = re.compile(r"^(\s*cells\s*=\s*)(\"\"\"|\'\'\')")
    for number in range(header.line, len(lines) + 1):
        line = lines[number - 1]
        if number > header.line and line.lstrip().startswith("["):
            return None
        found = pattern.match(line)
        if found:
            after = found.end()
            if line[after:].strip() == "":      # TOML trims the newline right after the opening quotes
                return (number + 1, 1)
            return (number, after + 1)
    return None


def _cell_location(path: str, start: tuple[int, int], rows: tuple[tuple[str, int, int], ...],
                   y: int, x: int) -> Location:
    _, line_offset, col_offset = rows[min(y, len(rows) - 1)]
    first_col = start[1] if line_offset == 0 else 1
    return Location(path, start[0] + line_offset, first_col + col_offset + x)

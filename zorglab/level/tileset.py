"""A level's tiles (ZR-2, ZR-31): its own ``[tiles.NAME]``, then the pack's ``tiles.toml``, then the
shared library (defaults included). A nearer library precedes the shared one, it never replaces it.

Faults in a level's own tile point at the offending cell inside its ``cells`` string. A tile that
is sound in itself but wrong for the room using it (an A tile without exactly one ``S``, an ``S``
outside an A room) is reported where the room names it. Mirror rooms must keep the walls and
openings of the level's room they stand in for (ZR-18).
"""

from __future__ import annotations

import functools
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping

from zorglab.core.geometry import Direction
from zorglab.core.tiles import LIBRARY_PATH, Tile, library_tiles, parse_library, tile_problems
from zorglab.errors import LevelError, Location, Problem, TileError
from zorglab.core.model import RoomSpec, default_tile_name
from zorglab.level.files import decode_utf8, read_bounded
from zorglab.level.positions import Origin, Positions

LIBRARY_NAME = "tiles.toml"
_SIDES = {Direction.UP: "north", Direction.RIGHT: "east", Direction.DOWN: "south", Direction.LEFT: "west"}


@dataclass(frozen=True)
class OwnTile:
    """A tile written in the level: its rows, where each row starts, and whether it is sound."""

    name: str
    rows: tuple[str, ...]
    starts: tuple[int, ...]           # index in the cells string of each row's first cell
    origin: Origin
    sound: bool

    def cell(self, y: int, x: int) -> Location:
        start = self.starts[y] if y < len(self.starts) else (self.starts[-1] if self.starts else 0)
        return self.origin.locate(start + x)

    @property
    def tile(self) -> Tile:
        return Tile(self.name, self.rows)


@functools.lru_cache(maxsize=1024)
def _faults(rows: tuple[str, ...], room_type: str | None) -> tuple[tuple[int, int, str], ...]:
    return tuple(tile_problems(rows, room_type))


def split_rows(text: str) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """Non-blank lines, stripped, with the index of each one's first character in ``text``."""
    rows, starts = [], []
    offset = 0
    for line in text.split("\n"):
        stripped = line.strip()
        if stripped:
            rows.append(stripped)
            starts.append(offset + len(line) - len(line.lstrip()))
        offset += len(line) + 1
    return tuple(rows), tuple(starts)


def read_own_tiles(table: Any, positions: Positions, problems: list[Problem]) -> dict[str, OwnTile]:
    """The level's ``[tiles.NAME]`` tables, each checked for shape, characters and corners."""
    tiles: dict[str, OwnTile] = {}
    if table is None:
        return tiles
    if not isinstance(table, dict):
        problems.append(Problem(positions.location(("tiles",)), "'tiles' must hold [tiles.NAME] tables", TileError))
        return tiles
    for name, body in table.items():
        path = ("tiles", name)
        if not isinstance(body, dict) or not isinstance(body.get("cells"), str):
            problems.append(Problem(positions.key_location(path), f"tile {name!r} needs cells = \"\"\"...\"\"\" "
                                    "(five lines of five characters)", TileError))
            continue
        for key in body:
            if key != "cells":
                problems.append(Problem(positions.key_location(path + (key,)),
                                        f"tile {name!r} has an unknown key {key!r} (only 'cells')", TileError))
        rows, starts = split_rows(body["cells"])
        own = OwnTile(name, rows, starts, positions.origin(path + ("cells",)), sound=True)
        faults = _faults(rows, None)
        for y, x, message in faults:
            problems.append(Problem(own.cell(y, x), f"tile {name!r}: {message}", TileError))
        tiles[name] = OwnTile(name, rows, starts, own.origin, sound=not faults)
    return tiles


def find_library(level_path: Path | None) -> Path | None:
    """The tile library of the level at ``level_path``: the ``tiles.toml`` of its pack root (see
    :func:`pack_library`), else None -- the built-in library. The one place this lookup is made."""
    if level_path is None:
        return None
    return pack_library(level_path, LIBRARY_NAME)


PACK_DEPTH = 2      # the level's folder, and the one above it (levels/base/04.toml -> levels/)


def pack_library(level_path: Path, name: str) -> Path | None:
    """The library file ``name`` of the level's pack root: the level's own folder, else the folder just
    above it (a pack grouped in sub-folders, ``levels/base/04.toml`` -> ``levels/``). No folder higher up
    is looked at: a file planted there must not change a level (issue 32, docs/levels.md "Libraries")."""
    try:
        folder = Path(os.path.realpath(level_path)).parent
        for directory in [folder, *folder.parents][:PACK_DEPTH]:
            candidate = directory / name
            if candidate.is_file():
                return candidate
    except (OSError, ValueError):           # a name too long, a NUL byte: no library there
        pass
    return None


def library_shown(path: Path | None) -> str:
    """How a level's tile library is named to people: its path, or the built-in one's."""
    return str(path) if path is not None else "levels/tiles.toml"


def libraries_shown(path: Path | None) -> str:
    """Every library a level's tile is looked up in after its own tiles, in order (ZR-31)."""
    shared = library_shown(None)
    if path is None or _same_file(path, LIBRARY_PATH):
        return shared
    return f"{library_shown(path)} nor in {shared}"


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.realpath(a) == os.path.realpath(b)
    except (OSError, ValueError):
        return False


def read_library(path: Path | None) -> tuple[dict[str, Tile], list[Problem]]:
    """The tiles a level can name besides its own, and the library's faults (reported with the library's
    own locations). A library is read like a level file: a regular file of bounded size, UTF-8, within
    the nesting and digit limits.

    ZR-31: the pack library at ``path`` precedes the shared library, it never replaces it -- a name
    the pack library defines is its tile, every other name (the defaults included) is the shared one's.
    """
    shared, shared_problems = _read_library(None, None)
    if path is None:
        return shared, shared_problems
    try:
        info = os.stat(path)
        stamp: tuple[int, int] | None = (info.st_mtime_ns, info.st_size)
    except (OSError, ValueError):
        stamp = None
    own, problems = _read_library(str(path), stamp)
    return ({**shared, **own} if not problems else {}), problems


@functools.lru_cache(maxsize=16)
def _read_library(path: str | None, _stamp: tuple[int, int] | None) -> tuple[dict[str, Tile], list[Problem]]:
    try:
        if path is None:
            return library_tiles(None), []
        text = decode_utf8(read_bounded(path, "tile library"), path)
        return dict(parse_library(text, path)), []
    except LevelError as error:
        return {}, list(error.problems)
    except OSError as error:
        shown = path or "levels/tiles.toml"
        return {}, [Problem(Location(shown, 1, 1), f"cannot read the tile library: {error.strerror}", TileError)]


@dataclass(frozen=True)
class RoomUse:
    """A room and where its text names its tile (or the room itself, for a default tile)."""

    room: RoomSpec
    where: Location | None


def attach_tiles(uses: list[RoomUse], own: Mapping[str, OwnTile], library: Mapping[str, Tile],
                 library_shown: str, problems: list[Problem]) -> dict[str, Tile]:
    """Every tile the rooms use, by name (own tiles first, in file order), checked per room type."""
    used: dict[str, Tile] = {name: t.tile for name, t in own.items() if t.sound}
    seen: set[tuple[Location | None, str]] = set()
    for use in uses:
        room = use.room
        name = room.tile if room.tile is not None else default_tile_name(room.type)
        locate: Callable[[int, int], Location | None]
        if name in own:
            tile_own = own[name]
            if not tile_own.sound:
                continue
            rows, locate = tile_own.rows, tile_own.cell
        elif name in library:
            rows = library[name].rows
            used.setdefault(name, library[name])

            def locate(y: int, x: int, where: Location | None = use.where) -> Location | None:
                return where
        else:
            if room.tile is None:
                message = (f"room {room.label} has no tile and its tile libraries ({library_shown}) have no "
                           f"default {name!r}")
            else:
                import difflib      # a misspelt name only: loading a sound level never pays for it
                close = difflib.get_close_matches(name, sorted(set(own) | set(library)), n=1)
                hint = f"; did you mean {close[0]!r}?" if close else ""
                message = f"unknown tile {name!r} (not in this level's [tiles] nor in {library_shown}){hint}"
            problems.append(Problem(use.where, message, TileError))
            continue
        generic = set(_faults(rows, None))
        for y, x, message in _faults(rows, room.type):
            if (y, x, message) in generic:
                continue
            where = locate(y, x)
            text = f"tile {name!r} (used by room {room.label}): {message}"
            if (where, text) not in seen:
                seen.add((where, text))
                problems.append(Problem(where, text, TileError))
    return used


def tile_for(room: RoomSpec, tiles: Mapping[str, Tile]) -> Tile | None:
    return tiles.get(room.tile if room.tile is not None else default_tile_name(room.type))


def mirror_wall_problems(mirror: str, level_rooms: list[RoomSpec], mirror_uses: list[RoomUse],
                         tiles: Mapping[str, Tile]) -> list[Problem]:
    """A mirror's i-th room must have the walls and openings of the level's i-th room (ZR-18)."""
    problems = []
    for index, (room, use) in enumerate(zip(level_rooms, mirror_uses), start=1):
        mine, theirs = tile_for(use.room, tiles), tile_for(room, tiles)
        if mine is None or theirs is None:
            continue
        for direction, side in _SIDES.items():
            if mine.signature(direction) != theirs.signature(direction):
                problems.append(Problem(use.where, f"mirror {mirror}: room {index} ({use.room.label}) must have "
                                        f"the walls and openings of the level's room {index} ({room.label}); its "
                                        f"{side} side is {mine.signature(direction)}, not "
                                        f"{theirs.signature(direction)}", TileError))
                break
    return problems

"""A level's tiles (ZR-2): its own ``[tiles.NAME]``, then the shared library, defaults included.

Faults in a level's own tile point at the offending cell inside its ``cells`` string. A tile that
is sound in itself but wrong for the room using it (an A tile without exactly one ``S``, an ``S``
outside an A room) is reported where the room names it. Mirror rooms must keep the walls and
openings of the level's room they stand in for (ZR-18).
"""

from __future__ import annotations

import difflib
import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping

from zorglab.core.geometry import Direction
from zorglab.core.tiles import Tile, library_tiles, tile_problems
from zorglab.errors import LevelError, Location, Problem, TileError
from zorglab.core.model import RoomSpec, default_tile_name
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
    """The nearest ``tiles.toml`` in the level's directory or above it; None means the repository's."""
    if level_path is None:
        return None
    for directory in level_path.resolve().parents:
        candidate = directory / LIBRARY_NAME
        if candidate.is_file():
            return candidate
    return None


def read_library(path: Path | None) -> tuple[dict[str, Tile], list[Problem]]:
    """The library's tiles, and its faults (reported with the library's own locations)."""
    stamp = path.stat().st_mtime_ns if path is not None and path.exists() else 0
    return _read_library(str(path) if path is not None else None, stamp)


@functools.lru_cache(maxsize=16)
def _read_library(path: str | None, _stamp: int) -> tuple[dict[str, Tile], list[Problem]]:
    try:
        return library_tiles(path), []
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
                message = (f"room {room.label} has no tile and the library ({library_shown}) has no "
                           f"default {name!r}")
            else:
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

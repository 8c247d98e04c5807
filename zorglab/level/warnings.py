"""Warnings: what a level may legally say but surely does not mean (issue #13 item 8).

A warning does not make a level invalid (``zorglab validate`` still passes); it names a room whose
type can never act on its tile: an ``E(fire)`` room on a tile without a green cell, a ``T`` room
on a tile without dark cells (its element) or light cells (its toll). Which cell kinds a room type
gives a behaviour of its own is asked of the type itself (its ``cell_code`` against the plain
room's), so the rule stays in the room type's module and a new type is covered with no change here.

``level_warnings(level)`` returns them as data, for ``zorglab validate``, the Maker and the Studio.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from zorglab.engine import cells
from zorglab.core.registry import find_room_type
from zorglab.engine.rooms.base import RoomBehaviour
from zorglab.core.tiles import CellKind, Tile
from zorglab.errors import Location
from zorglab.core.model import Level, RoomSpec

_KIND_WORDS = {CellKind.GREEN: "green", CellKind.DARK: "dark", CellKind.LIGHT: "light"}
_CODE_WORDS = {cells.LIGHT: "toll"}


@dataclass(frozen=True)
class LevelWarning:
    """One warning: the room (and world) it is about, a sentence, and where the room is declared."""

    room: str
    message: str
    location: Location | None = None
    world: str = "M"
    advice: str = ""        # what to do about it, in a sentence ("" when nothing is to be done)

    def __str__(self) -> str:
        where = f"{self.location}: " if self.location is not None else ""
        return f"{where}warning: {self.message}" + (f" — {self.advice}" if self.advice else "")


def _own_kinds(behaviour: type[RoomBehaviour], args: tuple[Any, ...]) -> dict[CellKind, str]:
    """The cell kinds this room type gives a behaviour of its own, each with what acts there."""
    own = {}
    for kind in CellKind:
        plain = RoomBehaviour.cell_code(args, kind)
        try:
            code = behaviour.cell_code(args, kind)
        except (KeyError, TypeError, IndexError, ValueError):     # an argument still a variable: its own
            own[kind] = "cells"
            continue
        if code != plain:
            own[kind] = _CODE_WORDS.get(code, cells.CODE_NAMES.get(code, "cells"))
    return own


def room_warnings(room: RoomSpec, tile: Tile, world: str = "M") -> list[LevelWarning]:
    """A room's warnings on its tile: each kind of cell its type acts through that the tile lacks."""
    behaviour = find_room_type(room.type)
    if behaviour is None:
        return []
    present = {kind for _cell, kind in tile.cells()}
    found = []
    for kind, what in _own_kinds(behaviour, room.args).items():
        if kind in present or kind not in _KIND_WORDS:
            continue
        source = room.source or room.type
        in_world = "" if world == "M" else f" (mirror {world})"
        found.append(LevelWarning(room.label, f"{room.label}{in_world} = {source}: tile {tile.name!r} has no "
                                              f"{_KIND_WORDS[kind]} cell, so its {what} can never act",
                                  room.location, world,
                                  f"to make it act, put {room.label} on a tile with a {_KIND_WORDS[kind]} cell "
                                  f"(`@ TILE`); if the {what} is only scenery, leave it: a warning "
                                  "never fails validation"))
    return found


def level_warnings(level: Level) -> tuple[LevelWarning, ...]:
    """Every warning of a level: its rooms, then each mirror's rooms (on the level's tiles, 1:1)."""
    found: list[LevelWarning] = []
    for room in level.rooms:
        try:
            found += room_warnings(room, level.room_tile(room.label))
        except KeyError:
            continue
    for mirror in level.mirrors:
        for room, own in zip(mirror.rooms, level.rooms):
            try:
                found += room_warnings(room, level.room_tile(own.label), mirror.name)
            except KeyError:
                continue
    return tuple(found)

"""The dungeon frame (ZR-3): a valid layout turned so every tile stands upright, at slot (0, 0).

Rules act in this frame (tie-break directions are upright); the editor draws the board frame.
:class:`Dungeon` converts slots, directions and cells between the two.
"""

from __future__ import annotations

from dataclasses import dataclass

from zorglab.core.geometry import (ROOM_SIZE, Cell, Direction, Slot, global_cell, local_of, neighbour_slot,
                                     rotate_slot, slot_of)
from zorglab.engine.layout import Layout
from zorglab.engine.layout_rules import describe_rotation, main_room, validate_layout
from zorglab.core.registry import is_spawn_room
from zorglab.core.tiles import Tile
from zorglab.errors import LayoutError, Problem
from zorglab.core.model import Level

@dataclass(frozen=True)
class DungeonRoom:
    """A room in the dungeon frame: its slot there and its tile standing upright."""

    label: str
    slot: Slot
    tile: Tile


@dataclass(frozen=True)
class Dungeon:
    """A layout turned by ``-rotation`` and translated to start at slot (0, 0) (ZR-3).

    ``rooms`` follow the level's declaration order. A dungeon slot ``s`` is the board slot
    ``rotate_slot(s + origin, rotation)``; :meth:`to_board` and :meth:`from_board` do the sums.
    """

    rooms: tuple[DungeonRoom, ...]
    rotation: int
    origin: Slot
    main: str | None = None

    @property
    def width(self) -> int:
        return max((room.slot[0] for room in self.rooms), default=-1) + 1

    @property
    def height(self) -> int:
        return max((room.slot[1] for room in self.rooms), default=-1) + 1

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple(room.label for room in self.rooms)

    @property
    def slots(self) -> dict[str, Slot]:
        """Room label -> slot in the dungeon frame (what :class:`~zorglab.engine.world.World` takes)."""
        return {room.label: room.slot for room in self.rooms}

    def room(self, label: str) -> DungeonRoom:
        for room in self.rooms:
            if room.label == label:
                return room
        raise KeyError(label)

    def slot_of(self, label: str) -> Slot:
        return self.room(label).slot

    def tile_of(self, label: str) -> Tile:
        return self.room(label).tile

    def room_at(self, slot: Slot) -> str | None:
        return next((room.label for room in self.rooms if room.slot == tuple(slot)), None)

    def neighbour(self, label: str, direction: Direction) -> str | None:
        """The room lying ``direction`` of ``label`` in the dungeon frame, if any."""
        return self.room_at(neighbour_slot(self.slot_of(label), direction))

    def to_board(self, slot: Slot) -> Slot:
        return rotate_slot((slot[0] + self.origin[0], slot[1] + self.origin[1]), self.rotation)

    def from_board(self, slot: Slot) -> Slot:
        col, row = rotate_slot(slot, -self.rotation)
        return (col - self.origin[0], row - self.origin[1])

    def direction_to_board(self, direction: Direction) -> Direction:
        return direction.turned(self.rotation)

    def direction_from_board(self, direction: Direction) -> Direction:
        return direction.turned(-self.rotation)

    def cell_to_board(self, cell: Cell) -> Cell:
        """A global cell of the dungeon frame as the editor draws it on the board."""
        x, y = local_of(cell)
        for _ in range(self.rotation):
            x, y = ROOM_SIZE - 1 - y, x
        return global_cell(self.to_board(slot_of(cell)), (x, y))

    def cell_from_board(self, cell: Cell) -> Cell:
        x, y = local_of(cell)
        for _ in range(self.rotation):
            x, y = y, ROOM_SIZE - 1 - x
        return global_cell(self.from_board(slot_of(cell)), (x, y))


_NORMALISE_NEEDS = ("FR-5 unknown room", "FR-5 overlap", "FR-7 orientation")


def normalise(level: Level, layout: Layout) -> Dungeon:
    """The dungeon frame of ZR-3: the whole layout turned by ``-q`` so every tile stands upright.

    Needs only what the frame rests on (known rooms, one per slot, one shared rotation); the FR-8
    gate before extermination is :func:`require_valid`.
    """
    problems = [Problem(None, str(v), LayoutError) for v in validate_layout(level, layout)
                if v.rule in _NORMALISE_NEEDS]
    q = layout.common_rotation if layout.placements else 0
    if q is None and not problems:
        problems.append(Problem(None, "the rooms do not share one rotation: " + ", ".join(
            f"{label} {describe_rotation(p.rotation)}" for label, p in layout.placements), LayoutError))
    if problems or q is None:
        raise LayoutError(problems)
    placed = [room.label for room in level.rooms if room.label in layout]
    turned = {label: rotate_slot(layout.slot(label), -q) for label in placed}
    origin = (min((s[0] for s in turned.values()), default=0), min((s[1] for s in turned.values()), default=0))
    rooms = tuple(DungeonRoom(label, (turned[label][0] - origin[0], turned[label][1] - origin[1]),
                              level.room_tile(label)) for label in placed)
    main = main_room(level, layout)
    return Dungeon(rooms, q, origin, main if main in turned and is_spawn_room(level.room(main).type) else None)

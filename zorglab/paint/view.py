"""Where slots and cells land in pixels, and back: the one place a click becomes a slot.

A :class:`BoardView` shows the slots ``origin .. origin + (cols, rows)`` of one frame (the board
frame in the Maker, the dungeon frame in the Player), ``cell`` pixels per tile cell, with a
margin around and optional room below for a tray or the waiting room.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from zorglab.core.geometry import ROOM_SIZE, Cell, Direction, Slot

Rect = tuple[float, float, float, float]   # x, y, width, height


@dataclass(frozen=True)
class BoardView:
    cols: int
    rows: int
    origin: Slot = (0, 0)
    cell: int = 24
    margin: int = 12
    below: int = 0          # pixels under the grid (tray, waiting room)

    @classmethod
    def around(cls, slots: Iterable[Slot], pad: int = 0, cell: int = 24, margin: int = 12, below: int = 0,
               min_cols: int = 1, min_rows: int = 1) -> "BoardView":
        """The smallest view holding every slot, ``pad`` empty slots added on each side."""
        slots = list(slots) or [(0, 0)]
        c0 = min(c for c, _ in slots) - pad
        r0 = min(r for _, r in slots) - pad
        cols = max(max(c for c, _ in slots) + pad - c0 + 1, min_cols)
        rows = max(max(r for _, r in slots) + pad - r0 + 1, min_rows)
        return cls(cols, rows, (c0, r0), cell, margin, below)

    @property
    def room(self) -> int:
        """Pixels per room side."""
        return ROOM_SIZE * self.cell

    @property
    def grid_size(self) -> tuple[int, int]:
        return (self.cols * self.room, self.rows * self.room)

    @property
    def size(self) -> tuple[int, int]:
        """The whole picture: grid, margins and the space below."""
        w, h = self.grid_size
        return (w + 2 * self.margin, h + 2 * self.margin + self.below)

    @property
    def slots(self) -> tuple[Slot, ...]:
        c0, r0 = self.origin
        return tuple((c0 + c, r0 + r) for r in range(self.rows) for c in range(self.cols))

    def contains(self, slot: Slot) -> bool:
        return 0 <= slot[0] - self.origin[0] < self.cols and 0 <= slot[1] - self.origin[1] < self.rows

    def slot_rect(self, slot: Slot) -> Rect:
        x = self.margin + (slot[0] - self.origin[0]) * self.room
        y = self.margin + (slot[1] - self.origin[1]) * self.room
        return (x, y, self.room, self.room)

    def cell_rect(self, slot: Slot, local: Cell) -> Rect:
        x, y, _, _ = self.slot_rect(slot)
        return (x + local[0] * self.cell, y + local[1] * self.cell, self.cell, self.cell)

    def cell_centre(self, slot: Slot, local: Cell) -> tuple[float, float]:
        x, y, w, h = self.cell_rect(slot, local)
        return (x + w / 2, y + h / 2)

    def side_segment(self, slot: Slot, side: Direction) -> tuple[float, float, float, float]:
        """The pixel line along one side of a slot (x1, y1, x2, y2)."""
        x, y, w, h = self.slot_rect(slot)
        return {
            Direction.UP: (x, y, x + w, y),
            Direction.DOWN: (x, y + h, x + w, y + h),
            Direction.LEFT: (x, y, x, y + h),
            Direction.RIGHT: (x + w, y, x + w, y + h),
        }[side]

    def slot_at(self, px: float, py: float) -> Slot | None:
        """The slot under a pixel, or None outside the grid."""
        gx, gy = px - self.margin, py - self.margin
        if gx < 0 or gy < 0:
            return None
        col, row = int(gx // self.room), int(gy // self.room)
        if col >= self.cols or row >= self.rows:
            return None
        return (self.origin[0] + col, self.origin[1] + row)

    def cell_at(self, px: float, py: float) -> tuple[Slot, Cell] | None:
        """``(slot, local cell)`` under a pixel, or None outside the grid."""
        slot = self.slot_at(px, py)
        if slot is None:
            return None
        x, y, _, _ = self.slot_rect(slot)
        return slot, (min(int((px - x) // self.cell), ROOM_SIZE - 1), min(int((py - y) // self.cell), ROOM_SIZE - 1))


def border_cell(side: Direction, index: int) -> Cell:
    """The local cell ``index`` along one side of a tile (Tile.side's indexing)."""
    last = ROOM_SIZE - 1
    return {
        Direction.UP: (index, 0),
        Direction.DOWN: (index, last),
        Direction.LEFT: (0, index),
        Direction.RIGHT: (last, index),
    }[side]

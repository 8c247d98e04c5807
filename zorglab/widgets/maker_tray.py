"""The Maker's tray: every room the level supplies, drawn small under the grid, in declaration order.

Rooms still to place are drawn as they would land (turned like the placed rooms); rooms already on
the board are faded. A click on a box picks that room.
"""

from __future__ import annotations

from dataclasses import dataclass

from zorglab.core.geometry import ROOM_SIZE
from zorglab.engine.layout import Layout
from zorglab.core.model import Level
from zorglab.paint import palette
from zorglab.paint.board import layout_look
from zorglab.paint.painter import Painter
from zorglab.paint.rooms import draw_room


@dataclass(frozen=True)
class TrayBox:
    label: str
    x: float
    y: float
    w: float
    h: float

    def contains(self, px: float, py: float) -> bool:
        return self.x <= px < self.x + self.w and self.y <= py < self.y + self.h


def tray_boxes(level: Level, width: float, top: float, cell: int, margin: int) -> tuple[TrayBox, ...]:
    """Where each room's box lies: rows of boxes wrapping at ``width`` pixels, from ``top``."""
    small = max(4, cell // 2)
    side = ROOM_SIZE * small
    box_w, box_h = side + 10, side + small + 14
    per_row = max(1, int((width - 2 * margin) // box_w))
    boxes = []
    for k, room in enumerate(level.rooms):
        row, col = divmod(k, per_row)
        boxes.append(TrayBox(room.label, margin + col * box_w, top + 16 + row * box_h, box_w, box_h))
    return tuple(boxes)


def tray_height(level: Level, width: float, cell: int, margin: int) -> int:
    boxes = tray_boxes(level, width, 0, cell, margin)
    return int(max((b.y + b.h for b in boxes), default=16) + margin)


def draw_tray(p: Painter, level: Level, layout: Layout, boxes: tuple[TrayBox, ...], cell: int,
              picked: str | None) -> None:
    """Every supplied room, small; placed ones faded, the picked one outlined."""
    small = max(4, cell // 2)
    if boxes:
        p.text(boxes[0].x, boxes[0].y - 9, "tray (click a room, then a slot)", palette.TEXT,
               size=palette.MIN_TEXT, anchor="left")
    rotation = layout.common_rotation or 0
    for box in boxes:
        placed = box.label in layout
        look = layout_look(level, layout, box.label, dim=placed,
                           rotation=layout.rotation(box.label) if placed else rotation)
        draw_room(p, box.x + 5, box.y + 2, small, look, text=False)
        p.text(box.x + box.w / 2, box.y + ROOM_SIZE * small + small / 2 + 6, box.label,
               palette.CLEARED if placed else palette.TEXT, size=palette.MIN_TEXT)
        if box.label == picked:
            p.stroke_rect(box.x + 1, box.y, box.w - 2, box.h - 2, palette.SELECTED, width=3)

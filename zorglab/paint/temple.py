"""Temple pictures over the painter: floors side by side, room types as colours and marks, locks,
boss doors, barriers, stairs, teleport circles, pits and the solver's critical path.

Everything drawn comes from :func:`zorglab.temples.temple_cells` (what each cell is) and the
solver's :class:`~zorglab.temples.route.Route` (the critical path); nothing is worked out here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from zorglab.paint import palette
from zorglab.paint.painter import Painter
from zorglab.paint.pillow import PillowPainter
from zorglab.temples import solve, temple_cells
from zorglab.temples.model import Place

ROOM_COLOURS = {
    "wall": "#33333d", "void": "#101014", "empty": "#ece6d6", "entrance": "#9fd39f", "gate": "#6fbf6f",
    "boss": "#e06666", "miniboss": "#f4a261", "monster": "#f6c6a0", "loot": "#ffe599", "key": "#ffd966",
    "shop": "#b4a7d6", "health": "#b6d7a8", "camp": "#93c47d", "savepoint": "#a4c2f4", "save": "#a4c2f4",
    "stairs_up": "#cfe2f3", "stairs_down": "#cfe2f3", "teleport": "#d5a6bd", "pit": "#8c8c8c",
    "trap": "#f9cb9c", "puzzle": "#c9daf8",
}
ROOM_MARKS = {
    "entrance": "@", "gate": "G", "boss": "B", "miniboss": "m", "monster": "M", "loot": "$", "key": "K",
    "shop": "S", "health": "+", "camp": "c", "savepoint": "s", "save": "s", "teleport": "T", "pit": "P",
    "trap": "!", "puzzle": "?",
}
LOCK = "#cc0000"
BOSS_DOOR = "#5c0000"
BARRIER = "#111111"
BOMBABLE = "#e67e22"
PATH = "#1f6feb"
UNKNOWN = "#dddddd"


@dataclass(frozen=True)
class TempleView:
    """Where each floor lies: ``cell`` pixels per room, floors left to right with ``gap`` between."""

    shapes: tuple[tuple[int, int], ...]        # (rows, cols) per floor
    cell: int = 34
    margin: int = 12
    gap: int = 28
    header: int = 18

    @property
    def size(self) -> tuple[int, int]:
        width = 2 * self.margin + sum(c * self.cell for _, c in self.shapes) + self.gap * (len(self.shapes) - 1)
        height = 2 * self.margin + self.header + max((r for r, _ in self.shapes), default=0) * self.cell
        return (max(width, 1), max(height, 1))

    def floor_origin(self, floor: int) -> tuple[float, float]:
        x = self.margin + sum(c * self.cell + self.gap for _, c in self.shapes[:floor])
        return (x, self.margin + self.header)

    def cell_rect(self, place: Sequence[int]) -> tuple[float, float, float, float]:
        floor, row, col = place
        x, y = self.floor_origin(floor)
        return (x + col * self.cell, y + row * self.cell, self.cell, self.cell)

    def centre(self, place: Sequence[int]) -> tuple[float, float]:
        x, y, w, h = self.cell_rect(place)
        return (x + w / 2, y + h / 2)

    def place_at(self, px: float, py: float) -> tuple[int, int, int] | None:
        for floor, (rows, cols) in enumerate(self.shapes):
            x, y = self.floor_origin(floor)
            col, row = int((px - x) // self.cell), int((py - y) // self.cell)
            if px >= x and py >= y and col < cols and row < rows:
                return (floor, row, col)
        return None


def temple_view(temple: Any, cell: int = 34) -> TempleView:
    return TempleView(tuple((f.rows, f.cols) for f in temple.floors), cell)


def _side(rect: tuple[float, float, float, float], side: str) -> tuple[float, float, float, float]:
    x, y, w, h = rect
    return {"north": (x, y, x + w, y), "south": (x, y + h, x + w, y + h),
            "west": (x, y, x, y + h), "east": (x + w, y, x + w, y + h)}[side]


def _dashed(p: Painter, x1: float, y1: float, x2: float, y2: float, colour: str, width: float, parts: int = 5) -> None:
    for k in range(0, 2 * parts - 1, 2):
        a, b = k / (2 * parts - 1), (k + 1) / (2 * parts - 1)
        p.line(x1 + (x2 - x1) * a, y1 + (y2 - y1) * a, x1 + (x2 - x1) * b, y1 + (y2 - y1) * b, colour, width)


def draw_temple(p: Painter, temple: Any, cells: Iterable[Any], route: Any = None, *,
                view: TempleView | None = None) -> TempleView:
    """Every floor of ``temple``; ``cells`` are its :func:`temple_cells`, ``route`` the critical path."""
    view = view or temple_view(temple)
    cells = list(cells)
    p.clear(palette.BACKGROUND)
    size = max(8, int(view.cell * 0.38))
    for index, floor in enumerate(temple.floors):
        x, y = view.floor_origin(index)
        p.text(x, y - view.header / 2, floor.label, palette.TEXT, size=12, anchor="left")
    for c in cells:
        rect = view.cell_rect(c.place)
        p.fill_rect(*rect, ROOM_COLOURS.get(c.type, UNKNOWN))
        if c.room:
            p.stroke_rect(*rect, palette.GRID)
    for c in cells:
        if c.room:
            _cell_marks(p, view, c, size)
    if route is not None:
        _path(p, view, route)
    thick = max(3, view.cell // 8)
    for c in cells:
        rect = view.cell_rect(c.place)
        for side, kind in c.barriers:
            if kind == "bombable":
                _dashed(p, *_side(rect, side), BOMBABLE, thick)
            else:
                p.line(*_side(rect, side), BARRIER, thick)
        for side in c.locked:
            p.line(*_side(rect, side), LOCK, thick)
        for side in c.boss_door:
            p.line(*_side(rect, side), BOSS_DOOR, thick + 1)
    return view


def _cell_marks(p: Painter, view: TempleView, c: Any, size: int) -> None:
    x, y, w, h = view.cell_rect(c.place)
    cx, cy = x + w / 2, y + h / 2
    if c.stairs is not None:
        d = -1 if c.stairs == "up" else 1
        p.polygon([(cx, cy + d * h * 0.3), (cx - w * 0.28, cy - d * h * 0.2), (cx + w * 0.28, cy - d * h * 0.2)],
                  fill="#3d85c6", outline=palette.TEXT)
        if c.stairs_lock:
            p.fill_rect(x + w - size, y, size, size, LOCK)
            p.text(x + w - size / 2, y + size / 2, "k" if c.stairs_lock == "small" else "M", palette.PILL,
                   size=max(7, size - 2))
    elif c.type == "teleport":
        p.circle(cx, cy, w * 0.3, outline="#741b47", width=2)
    elif c.type == "pit":
        p.circle(cx, cy, w * 0.28, fill="#2b2b2b")
    mark = "@" if c.entrance else ROOM_MARKS.get(c.type)
    if mark and c.stairs is None:
        p.text(cx, cy, mark, palette.TEXT if c.type != "pit" else palette.PILL, size=size)
    target = c.teleport_to if c.teleport_to is not None else c.pit_to
    if target is not None:
        p.text(cx, y + h - size * 0.45, f"{target[0]},{target[1]},{target[2]}", palette.TEXT,
               size=max(6, size - 4))
    if c.gate and not c.entrance:
        p.stroke_rect(x + 2, y + 2, w - 4, h - 4, "#38761d", width=2)


def _path(p: Painter, view: TempleView, route: Any) -> None:
    """The critical path: a line through consecutive rooms on one floor, each room's first step number."""
    cells = list(route.cells)
    for a, b in zip(cells, cells[1:]):
        if a[0] == b[0] and a != b:
            p.line(*view.centre(a), *view.centre(b), PATH, width=max(2, view.cell // 12))
    seen: set[Place] = set()
    small = max(6, int(view.cell * 0.26))
    for index, place in enumerate(cells):
        if place in seen:
            continue
        seen.add(place)
        x, y, _, _ = view.cell_rect(place)
        p.text(x + 2, y + small * 0.7, str(index), PATH, size=small, anchor="left")
    for place, what in route.milestones:
        if what not in ("start",):
            x, y, w, h = view.cell_rect(place)
            p.stroke_rect(x + 1, y + 1, w - 2, h - 2, PATH, width=2)


def temple_png(temple: Any, route: Any = True, *, cell: int = 34) -> bytes:
    """The temple as PNG bytes; ``route=True`` asks the solver for the critical path."""
    if route is True:
        route = solve(temple).critical
    view = temple_view(temple, cell)
    painter = PillowPainter(*view.size)
    draw_temple(painter, temple, temple_cells(temple, route if route is not None else None), route, view=view)
    return painter.png()

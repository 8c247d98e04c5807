"""One room drawn at a pixel position: its cells, the hatch (NFR-6), its caption and gold.

The *hatch* marks the tile's top edge wherever the room is turned: the wall cells of that side
carry a striped band and an arrow inside the room points at it, so two rooms turned differently
never look alike (FR-7).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from zorglab.core.geometry import ROOM_SIZE, Cell, Direction
from zorglab.core.registry import find_room_type
from zorglab.core.tiles import CellKind, Tile
from zorglab.core.printer import format_value
from zorglab.paint import palette
from zorglab.paint.painter import Painter, text_width
from zorglab.paint.view import border_cell

STRIPES = 4     # hatch stripes per cell along the side


@dataclass(frozen=True)
class RoomLook:
    """What a room shows: ``tile`` upright, turned ``rotation`` quarter turns clockwise as drawn."""

    label: str
    type: str
    args: tuple[Any, ...]
    tile: Tile
    rotation: int = 0
    gold: int = 0
    main: bool = False
    cleared: frozenset[Cell] = frozenset()     # upright local cells a Shell cleared
    dim: bool = False                          # drawn faded (a placed room in the tray)
    slain: bool = False                        # a Shell killed the room's monster (FR-23)


def badge(room_type: str, args: tuple[Any, ...]) -> str:
    """A room's type and arguments, short: ``D 2``, ``O 5``, ``E fire``, ``P 2``, ``T 3 ice``
    (the arguments its type's ``badge_args`` shows)."""
    behaviour = find_room_type(room_type)
    if behaviour is not None:
        args = behaviour.badge_args(args)
    if not args:
        return room_type
    return room_type + " " + " ".join(_short(a) for a in args)


def _short(value: Any) -> str:
    text = format_value(value)
    return text if len(text) <= 8 else text[:7] + "~"


def caption(look: RoomLook) -> str:
    """The room's label with its badge (``D1: D 2``); a room named like its type shows only the badge."""
    text = badge(look.type, look.args)
    if look.label != look.type:
        text = f"{look.label}: {text}"
    return text + (" main" if look.main else "") + (" slain" if look.slain else "")


def turn_local(local: Cell, quarter_turns: int) -> Cell:
    """An upright tile's cell after the tile is turned clockwise (Tile.rotated's mapping)."""
    x, y = local
    for _ in range(quarter_turns % 4):
        x, y = ROOM_SIZE - 1 - y, x
    return (x, y)


def hatch_side(rotation: int) -> Direction:
    """The side of the drawn room the tile's top edge faces."""
    return Direction.UP.turned(rotation)


def _fade(colour: str) -> str:
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#{:02x}{:02x}{:02x}".format(*((c + 2 * 255) // 3 for c in (r, g, b)))


def draw_room(p: Painter, x: float, y: float, cell: float, look: RoomLook, *, text: bool = True) -> None:
    """Draw ``look`` with its north-west corner at pixel ``(x, y)``, ``cell`` pixels per cell."""
    shade = _fade if look.dim else (lambda c: c)
    turned = look.tile.rotated(look.rotation)
    cleared = {turn_local(c, look.rotation) for c in look.cleared}
    by_colour: dict[str, list[Cell]] = {}
    marks = []
    for (cx, cy), kind in turned.cells():
        colour = palette.cell_colour(look.type, look.args, kind)
        if (cx, cy) in cleared and kind not in (CellKind.WALL, CellKind.FLOOR, CellKind.SPAWN):
            colour = palette.CLEARED
        by_colour.setdefault(shade(colour), []).append((cx, cy))
        if kind in (CellKind.SPAWN, CellKind.LIGHT):
            marks.append(((cx, cy), kind))
    for colour, cells in by_colour.items():          # grouped: one style change per colour on a canvas
        for cx, cy in cells:
            p.fill_rect(x + cx * cell, y + cy * cell, cell, cell, colour)
    for (cx, cy), kind in marks:
        if kind is CellKind.SPAWN:
            p.circle(x + (cx + 0.5) * cell, y + (cy + 0.5) * cell, cell * 0.32, fill=shade(palette.SPAWN),
                     outline=shade(palette.HATCH_DARK))
        else:
            p.circle(x + (cx + 0.5) * cell, y + (cy + 0.5) * cell, cell * 0.14, fill=shade(palette.COIN))
    side = hatch_side(look.rotation)
    _draw_hatch(p, x, y, cell, turned, side, shade)
    _draw_arrow(p, x, y, cell, side, shade)
    if look.gold:
        gx, gy = x + 1.5 * cell, y + 1.5 * cell
        p.circle(gx, gy, cell * 0.42, fill=shade(palette.COIN), outline=shade(palette.HATCH_DARK))
        p.text(gx, gy, str(look.gold), shade(palette.TEXT), size=max(palette.MIN_TEXT, int(cell * 0.42)))
    if text:
        size = max(palette.MIN_TEXT, int(cell * 0.42))
        words = caption(look)
        row = 1 if side is Direction.DOWN else 3
        mid = y + (row + 0.5) * cell
        w = min(text_width(words, size) + 6, ROOM_SIZE * cell - 2)
        p.fill_rect(x + (ROOM_SIZE * cell - w) / 2, mid - size * 0.75, w, size * 1.5, shade(palette.PILL))
        p.stroke_rect(x + (ROOM_SIZE * cell - w) / 2, mid - size * 0.75, w, size * 1.5, shade(palette.PILL_EDGE))
        p.text(x + ROOM_SIZE * cell / 2, mid, words, shade(palette.TEXT), size=size)


def _draw_hatch(p: Painter, x: float, y: float, cell: float, turned: Tile, side: Direction, shade: Any) -> None:
    """Stripes across every wall cell of the hatch side, alternating along the side."""
    width = cell / STRIPES
    walls = [border_cell(side, index) for index in range(ROOM_SIZE)]
    walls = [(cx, cy) for cx, cy in walls if turned.kind(cx, cy).is_wall]
    for parity, colour in ((0, palette.HATCH), (1, palette.HATCH_DARK)):   # one colour at a time
        for cx, cy in walls:
            left, top = x + cx * cell, y + cy * cell
            for stripe in range(parity, STRIPES, 2):
                if side in (Direction.UP, Direction.DOWN):
                    p.fill_rect(left + stripe * width, top, width, cell, shade(colour))
                else:
                    p.fill_rect(left, top + stripe * width, cell, width, shade(colour))


def _draw_arrow(p: Painter, x: float, y: float, cell: float, side: Direction, shade: Any) -> None:
    """A triangle in the cell just inside the middle of the hatch side, pointing at it."""
    bx, by = border_cell(side, ROOM_SIZE // 2)
    cx, cy = x + (bx - side.dx + 0.5) * cell, y + (by - side.dy + 0.5) * cell
    tip = (cx + side.dx * cell * 0.42, cy + side.dy * cell * 0.42)
    back = (cx - side.dx * cell * 0.3, cy - side.dy * cell * 0.3)
    across = (-side.dy * cell * 0.36, side.dx * cell * 0.36)
    points = [tip, (back[0] + across[0], back[1] + across[1]), (back[0] - across[0], back[1] - across[1])]
    p.polygon(points, fill=shade(palette.HATCH), outline=shade(palette.HATCH_DARK), width=max(1, cell / 12))

"""The Maker's canvas and gestures: where the board and tray lie (:func:`board_view`), and the
:class:`MakerInput` each Maker owns, which turns a key or a press and release into one of the Maker's
editing handlers (the handlers decide; the input says which one a gesture means)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from zorglab.core.geometry import Direction
from zorglab.core.model import Level
from zorglab.engine.layout import Layout
from zorglab.paint.view import BoardView
from zorglab.widgets.maker_tray import tray_height

if TYPE_CHECKING:
    from zorglab.widgets.maker import Maker

# The arrow keys and the way each one moves the selected room.
ARROWS = {"ArrowRight": Direction.RIGHT, "ArrowUp": Direction.UP, "ArrowLeft": Direction.LEFT,
           "ArrowDown": Direction.DOWN}
KEYS = ("r", "R", "Delete", "Backspace", "z", "Z", "y", "Y", *ARROWS)    # what ``MakerInput.key`` answers


def board_view(level: Level, layout: Layout, min_cols: int, min_rows: int, cell: int) -> BoardView:
    """The board round every placed room (one free ring on the far sides), at least
    ``min_cols`` x ``min_rows``, with the tray's height below it."""
    slots = [p.slot for _, p in layout.placements]
    c0 = min([0] + [c for c, _ in slots])
    r0 = min([0] + [r for _, r in slots])
    cols = max([min_cols] + [c - c0 + 2 for c, _ in slots])
    rows = max([min_rows] + [r - r0 + 2 for _, r in slots])
    probe = BoardView(cols, rows, (c0, r0), cell)
    below = tray_height(level, probe.size[0], cell, probe.margin)
    return BoardView(cols, rows, (c0, r0), cell, below=below)


class MakerInput:
    """The Maker's keyboard and mouse: remembers where a press began, and calls the Maker's
    handler a gesture means (``Maker(...).input``)."""

    def __init__(self, maker: Maker):
        self.maker = maker
        self.press: tuple[str, Any] | None = None     # what the mouse went down on, until it comes up

    def key(self, key: str, shift: bool = False, ctrl: bool = False, meta: bool = False) -> None:
        """r / R rotate, Delete remove, arrows move the selection, ctrl+z / ctrl+y undo / redo."""
        maker = self.maker
        command = ctrl or meta
        if command and key.lower() == "z" and shift:
            maker.redo()
        elif command and key.lower() == "z":
            maker.undo()
        elif command and key.lower() == "y":
            maker.redo()
        elif key == "r":
            maker.rotate(1)
        elif key == "R":
            maker.rotate(-1)
        elif key in ("Delete", "Backspace"):
            maker.remove()
        elif key in ARROWS and maker.selected is not None:
            direction = ARROWS[key]
            col, row = maker.layout.slot(maker.selected)
            maker.drag((col, row), (col + direction.dx, row + direction.dy))

    def hit(self, px: float, py: float) -> tuple[str, Any] | None:
        """What lies under a pixel: ``("slot", (col, row))``, ``("tray", label)`` or None."""
        slot = self.maker.view.slot_at(px, py)
        if slot is not None:
            return ("slot", slot)
        box = next((b for b in self.maker.tray if b.contains(px, py)), None)
        return None if box is None else ("tray", box.label)

    def mouse_down(self, px: float, py: float) -> None:
        self.press = self.hit(px, py)

    def mouse_up(self, px: float, py: float) -> None:
        """A press and release on one place is a click; on two places, a drag (tray to board places,
        board to board moves, board to tray removes)."""
        maker = self.maker
        press, self.press = self.press, None
        released = self.hit(px, py)
        if released is None:
            return
        if press is None or press == released:
            maker.click(*released)
        elif press[0] == "tray" and released[0] == "slot":
            maker.place(press[1], *released[1])
        elif press[0] == "slot" and released[0] == "slot":
            maker.drag(press[1], released[1])
        elif press[0] == "slot" and released[0] == "tray":
            label = maker.room_at(press[1])
            if label is not None:
                maker.selected = label
                maker.remove()

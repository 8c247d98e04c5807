"""The ipycanvas back end: the same picture drawn live on a JupyterLab canvas.

Drawing styles are sent only when they change, and a whole picture goes out as one batch when
drawn inside :func:`ipycanvas.hold_canvas` (the widgets do), so a board costs one message.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from zorglab.paint.painter import Anchor, Point, hex_rgb


class CanvasPainter:
    """A :class:`~zorglab.paint.painter.Painter` over an ``ipycanvas.Canvas`` (or one layer of a MultiCanvas)."""

    def __init__(self, canvas: Any):
        self.canvas = canvas
        self._style: dict[str, Any] = {}

    @property
    def size(self) -> tuple[int, int]:
        return (int(self.canvas.width), int(self.canvas.height))

    def resize(self, width: int, height: int) -> None:
        """Change the canvas size (a resize wipes the browser's canvas state, so styles are re-sent)."""
        if (self.canvas.width, self.canvas.height) != (width, height):
            self.canvas.width, self.canvas.height = int(width), int(height)
            # shown at its own pixel size: never stretched to the output's width (blurry text)
            self.canvas.layout.width, self.canvas.layout.height = f"{int(width)}px", f"{int(height)}px"
            self._style.clear()

    def attached(self) -> None:
        """A page showed the canvas anew (ipycanvas's ``client_ready``): its browser canvas knows no
        style and no current canvas yet, so the next drawing sends both again. Without this, a page
        that attaches after the first drawing (the ``zorglab studio`` app, issue 39) never draws: the
        canvas manager skips the switch to a canvas it believes current, and the browser has none."""
        self._style.clear()
        manager = getattr(self.canvas, "_canvas_manager", None)
        if manager is not None and getattr(manager, "_current_canvas", None) is self.canvas:
            manager._current_canvas = None

    def _set(self, name: str, value: Any) -> None:
        if self._style.get(name) != value:
            setattr(self.canvas, name, value)
            self._style[name] = value

    def _fill(self, colour: str) -> None:
        hex_rgb(colour)
        self._set("fill_style", colour)

    def _stroke(self, colour: str, width: float) -> None:
        hex_rgb(colour)
        self._set("stroke_style", colour)
        self._set("line_width", float(width))

    def clear(self, colour: str) -> None:
        self.canvas.clear()
        self._fill(colour)
        self.canvas.fill_rect(0, 0, self.canvas.width, self.canvas.height)

    def fill_rect(self, x: float, y: float, w: float, h: float, colour: str) -> None:
        if w > 0 and h > 0:
            self._fill(colour)
            self.canvas.fill_rect(x, y, w, h)

    def stroke_rect(self, x: float, y: float, w: float, h: float, colour: str, width: float = 1) -> None:
        if w > 0 and h > 0:
            self._stroke(colour, width)
            half = width / 2          # the canvas centres a stroke on the path; keep it inside, like Pillow
            self.canvas.stroke_rect(x + half, y + half, w - width, h - width)

    def line(self, x1: float, y1: float, x2: float, y2: float, colour: str, width: float = 1) -> None:
        self._stroke(colour, width)
        self.canvas.stroke_line(x1, y1, x2, y2)

    def polygon(self, points: Sequence[Point], fill: str | None = None, outline: str | None = None,
                width: float = 1) -> None:
        flat = [(float(x), float(y)) for x, y in points]
        if fill is not None:
            self._fill(fill)
            self.canvas.fill_polygon(flat)
        if outline is not None:
            self._stroke(outline, width)
            self.canvas.stroke_polygon(flat)

    def circle(self, cx: float, cy: float, r: float, fill: str | None = None, outline: str | None = None,
               width: float = 1) -> None:
        if fill is not None:
            self._fill(fill)
            self.canvas.fill_arc(cx, cy, r, 0, 2 * math.pi)
        if outline is not None:
            self._stroke(outline, width)
            self.canvas.stroke_arc(cx, cy, r - width / 2, 0, 2 * math.pi)

    def text(self, x: float, y: float, text: str, colour: str, size: int = 10, anchor: Anchor = "center") -> None:
        self._fill(colour)
        self._set("font", f"{int(size)}px sans-serif")
        self._set("text_align", anchor)
        self._set("text_baseline", "middle")
        self.canvas.fill_text(text, x, y)

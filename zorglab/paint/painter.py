"""The one drawing interface every board picture is made with (one painter, two back ends).

A :class:`Painter` knows rectangles, lines, polygons, circles and short texts in pixels, with
colours as ``#rrggbb`` strings. The board drawings (:mod:`zorglab.paint.board`) call only these
methods, so a PNG (:class:`~zorglab.paint.pillow.PillowPainter`) and a live JupyterLab canvas
(:class:`~zorglab.paint.canvas.CanvasPainter`) show the same picture.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, Protocol, runtime_checkable

Point = tuple[float, float]
Anchor = Literal["center", "left", "right"]


@runtime_checkable
class Painter(Protocol):
    """Pixels from the top-left corner, x east, y south; ``None`` colour means "do not draw"."""

    @property
    def size(self) -> tuple[int, int]:
        """(width, height) in pixels."""

    def clear(self, colour: str) -> None:
        """Fill the whole picture with one colour."""

    def fill_rect(self, x: float, y: float, w: float, h: float, colour: str) -> None: ...

    def stroke_rect(self, x: float, y: float, w: float, h: float, colour: str, width: float = 1) -> None: ...

    def line(self, x1: float, y1: float, x2: float, y2: float, colour: str, width: float = 1) -> None: ...

    def polygon(self, points: Sequence[Point], fill: str | None = None, outline: str | None = None,
                width: float = 1) -> None: ...

    def circle(self, cx: float, cy: float, r: float, fill: str | None = None, outline: str | None = None,
               width: float = 1) -> None: ...

    def text(self, x: float, y: float, text: str, colour: str, size: int = 10, anchor: Anchor = "center") -> None:
        """``text`` vertically centred on ``y``; ``anchor`` says whether ``x`` is its centre, left or right end."""


def text_width(text: str, size: int) -> float:
    """An estimate of a text's width in pixels, the same for every back end (boxes behind labels)."""
    return 0.58 * size * len(text)


def hex_rgb(colour: str) -> tuple[int, int, int]:
    """``#rrggbb`` as an RGB triple; raises ValueError naming the colour otherwise."""
    if len(colour) != 7 or colour[0] != "#":
        raise ValueError(f"colour {colour!r}: write colours as '#rrggbb'")
    try:
        return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))
    except ValueError:
        raise ValueError(f"colour {colour!r}: write colours as '#rrggbb'") from None


def rgb_hex(rgb: Sequence[int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb[:3])

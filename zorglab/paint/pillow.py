"""The Pillow back end: the picture as an image in memory, written out as PNG bytes or a file.

Fonts come from Pillow itself (``ImageFont.load_default``), so nothing is downloaded.
"""

from __future__ import annotations

import functools
import io
from collections.abc import Sequence
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from zorglab.paint.painter import Anchor, Point, hex_rgb, rgb_hex

_ANCHORS = {"center": "mm", "left": "lm", "right": "rm"}


@functools.cache
def _rgb(colour: str) -> tuple[int, int, int]:
    return hex_rgb(colour)


@functools.cache
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


class PillowPainter:
    """A :class:`~zorglab.paint.painter.Painter` drawing into a ``PIL.Image`` (RGB)."""

    def __init__(self, width: int, height: int, background: str = "#ffffff"):
        self.image = Image.new("RGB", (max(1, int(width)), max(1, int(height))), _rgb(background))
        self._draw = ImageDraw.Draw(self.image)

    @property
    def size(self) -> tuple[int, int]:
        return self.image.size

    def clear(self, colour: str) -> None:
        self._draw.rectangle((0, 0, self.image.width, self.image.height), fill=_rgb(colour))

    def fill_rect(self, x: float, y: float, w: float, h: float, colour: str) -> None:
        if w > 0 and h > 0:
            self._draw.rectangle((x, y, x + w - 1, y + h - 1), fill=_rgb(colour))

    def stroke_rect(self, x: float, y: float, w: float, h: float, colour: str, width: float = 1) -> None:
        if w > 0 and h > 0:
            self._draw.rectangle((x, y, x + w - 1, y + h - 1), outline=_rgb(colour), width=max(1, round(width)))

    def line(self, x1: float, y1: float, x2: float, y2: float, colour: str, width: float = 1) -> None:
        self._draw.line(((x1, y1), (x2, y2)), fill=_rgb(colour), width=max(1, round(width)))

    def polygon(self, points: Sequence[Point], fill: str | None = None, outline: str | None = None,
                width: float = 1) -> None:
        self._draw.polygon([tuple(p) for p in points], fill=None if fill is None else _rgb(fill),
                           outline=None if outline is None else _rgb(outline), width=max(1, round(width)))

    def circle(self, cx: float, cy: float, r: float, fill: str | None = None, outline: str | None = None,
               width: float = 1) -> None:
        self._draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=None if fill is None else _rgb(fill),
                           outline=None if outline is None else _rgb(outline), width=max(1, round(width)))

    def text(self, x: float, y: float, text: str, colour: str, size: int = 10, anchor: Anchor = "center") -> None:
        self._draw.text((x, y), text, fill=_rgb(colour), font=_font(int(size)), anchor=_ANCHORS[anchor])

    # --- output -----------------------------------------------------------------------------------

    def png(self) -> bytes:
        buffer = io.BytesIO()
        self.image.save(buffer, format="PNG")
        return buffer.getvalue()

    def save(self, path: str | Path) -> Path:
        path = Path(path)
        self.image.save(path, format="PNG")
        return path

    def pixel(self, x: int, y: int) -> str:
        """The colour at one pixel as ``#rrggbb`` (what tests assert on)."""
        colour = self.image.getpixel((int(x), int(y)))
        assert isinstance(colour, tuple), colour      # an RGB image: one tuple per pixel
        return rgb_hex(colour)

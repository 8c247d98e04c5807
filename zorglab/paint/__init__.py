"""The painter: one drawing interface, two back ends (Pillow PNGs, live ipycanvas), and the
board pictures drawn through it. Importing it gives levels, setups and runs their notebook
picture (``_repr_png_``, :mod:`zorglab.paint.reprs`)."""

from zorglab.paint.board import draw_layout, draw_state, state_view
from zorglab.paint.canvas import CanvasPainter
from zorglab.paint.painter import Painter
from zorglab.paint.pillow import PillowPainter
from zorglab.paint.png import level_png, state_png
from zorglab.paint.view import BoardView

__all__ = ["Painter", "PillowPainter", "CanvasPainter", "BoardView", "draw_layout", "draw_state", "state_view",
           "level_png", "state_png"]

from zorglab.paint import reprs as _reprs  # noqa: E402,F401  (attaches the pictures)

"""What the Maker and the Player share about their board's canvas: paint it now, again once shown, or
as a PNG — always through their own ``draw(painter)``, so the two back ends show the same board."""

from __future__ import annotations

from ipycanvas import hold_canvas

from zorglab.paint.canvas import CanvasPainter
from zorglab.paint.painter import Painter
from zorglab.paint.pillow import PillowPainter
from zorglab.paint.view import BoardView


class BoardCanvas:
    """A widget whose board is drawn by ``draw(painter)`` on ``painter`` (its canvas) at ``view.size``."""

    painter: CanvasPainter

    @property
    def view(self) -> BoardView:
        raise NotImplementedError

    def draw(self, painter: Painter) -> None:
        raise NotImplementedError

    def paint(self) -> None:
        """Draw the board on the canvas as it stands, in one message to the browser."""
        with hold_canvas():
            self.painter.resize(*self.view.size)
            self.draw(self.painter)

    def redraw(self) -> None:
        """Draw the board again as it stands: what a canvas shown after its first drawing needs (the
        ``zorglab studio`` app's page attaches once the kernel has drawn, and drawings sent before
        are lost: issue 39 item 2)."""
        self.painter.attached()
        self.paint()

    def png(self) -> bytes:
        """The board as a PNG (drawn by the Pillow painter)."""
        painter = PillowPainter(*self.view.size)
        self.draw(painter)
        return painter.png()

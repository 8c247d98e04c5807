"""The workbench widgets for JupyterLab: the Maker (construction) and the Player (extermination).

Both keep their behaviour in plain methods (tests call them without a browser) and draw through
the painter (:mod:`zorglab.paint`) on an ipycanvas canvas; the rules stay in the engine.
"""

from zorglab.widgets.maker import Maker
from zorglab.widgets.player import Player
from zorglab.widgets.player_lines import CompareRow
from zorglab.widgets.studio import Studio
from zorglab.widgets.timeline import Frame, Timeline

__all__ = ["Maker", "Player", "CompareRow", "Timeline", "Frame", "Studio"]

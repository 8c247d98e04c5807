"""E(elem): green cells act by element (FR-14, ZR-9)."""

from zorglab.engine import cells
from zorglab.engine.rooms.base import RoomBehaviour
from zorglab.core.tiles import CellKind
from zorglab.core.registry import Param, ParamKind, room_type


@room_type("E", Param("elem", ParamKind.ELEMENT))
class ElementalRoom(RoomBehaviour):
    """Green cells are fire, water, ice or poison cells."""

    @staticmethod
    def cell_code(args, kind):
        if kind is CellKind.GREEN:
            return cells.ELEMENT_CODE[args[0]]
        return RoomBehaviour.cell_code(args, kind)

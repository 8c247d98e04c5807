"""T(x, elem): dark cells act by element, light cells charge x gold (FR-17, ZR-9)."""

from zorglab.engine import cells
from zorglab.engine.rooms.base import RoomBehaviour
from zorglab.core.tiles import CellKind
from zorglab.core.registry import Param, ParamKind, room_type


@room_type("T", Param("x", ParamKind.INT, minimum=0), Param("elem", ParamKind.ELEMENT))
class TollRoom(RoomBehaviour):
    """Light cells cost ``x`` gold per entry, paid FIFO and refunded to its sources."""

    @staticmethod
    def cell_code(args, kind):
        if kind is CellKind.DARK:
            return cells.ELEMENT_CODE[args[1]]
        if kind is CellKind.LIGHT:
            return cells.LIGHT
        return RoomBehaviour.cell_code(args, kind)

    @staticmethod
    def toll(args):
        return args[0]

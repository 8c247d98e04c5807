"""T(x, elem): dark cells act by element, light cells charge x gold (FR-17, ZR-9)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from zorglab.engine import cells
from zorglab.engine.rooms.base import RoomBehaviour
from zorglab.engine.rooms.elemental import ElementCells
from zorglab.core.tiles import CellKind
from zorglab.core.registry import Param, ParamKind, room_type
from zorglab.core.values import Element

if TYPE_CHECKING:
    from random import Random


@room_type("T", Param("x", ParamKind.INT, minimum=0), Param("elem", ParamKind.ELEMENT))
class TollRoom(ElementCells):
    """Light cells cost ``x`` gold per entry, paid FIFO and refunded to its sources."""

    own_cells = "dl"

    @classmethod
    def draft(cls, rng: Random) -> str:
        return f"{cls.name}({rng.randint(1, 2)}, {rng.choice([e.value for e in Element])})"

    @classmethod
    def cell_code(cls, args: tuple[Any, ...], kind: CellKind) -> int:
        if kind is CellKind.DARK:
            return cells.ELEMENT_CODE[cls.signature.arg(args, "elem")]
        if kind is CellKind.LIGHT:
            return cells.LIGHT
        return RoomBehaviour.cell_code(args, kind)

    @classmethod
    def toll(cls, args: tuple[Any, ...]) -> int:
        return int(cls.signature.arg(args, "x"))

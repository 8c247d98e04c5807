"""E(elem): green cells act by element (FR-14, ZR-9)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from zorglab.engine import cells
from zorglab.engine.rooms.base import RoomBehaviour
from zorglab.core.tiles import CellKind
from zorglab.core.registry import Param, ParamKind, room_type
from zorglab.core.values import Element

if TYPE_CHECKING:
    from random import Random


class ElementCells(RoomBehaviour):
    """A room whose own cells act by its ``elem`` argument (E's green, T's dark): the hooks the
    two share, written once."""

    @staticmethod
    def draft_damage(args: tuple[Any, ...], text: str) -> int:
        return 3 if "fire" in text else 0

    @classmethod
    def cell_element(cls, args: tuple[Any, ...]) -> Element | None:
        return cast(Element, cls.signature.arg(args, "elem"))


@room_type("E", Param("elem", ParamKind.ELEMENT))
class ElementalRoom(ElementCells):
    """Green cells are fire, water, ice or poison cells."""

    own_cells = "g"

    @classmethod
    def draft(cls, rng: Random) -> str:
        return f"{cls.name}({rng.choice([e.value for e in Element])})"

    @classmethod
    def cell_code(cls, args: tuple[Any, ...], kind: CellKind) -> int:
        if kind is CellKind.GREEN:
            return cells.ELEMENT_CODE[cls.signature.arg(args, "elem")]
        return RoomBehaviour.cell_code(args, kind)

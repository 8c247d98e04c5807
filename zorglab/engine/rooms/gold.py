"""O(x): a gold room; the first hero to enter takes it all (FR-16, ZR-11)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from zorglab.engine.rooms.base import RoomBehaviour
from zorglab.core.registry import Param, ParamKind, room_type

if TYPE_CHECKING:
    from random import Random


@room_type("O", Param("x", ParamKind.INT, minimum=0))
class GoldRoom(RoomBehaviour):
    """Starts holding ``x`` gold."""

    @classmethod
    def draft(cls, rng: Random) -> str:
        return f"{cls.name}({rng.randint(1, 3)})"

    @classmethod
    def initial_gold(cls, args: tuple[Any, ...]) -> int:
        return int(cls.signature.arg(args, "x"))

"""The behaviour every room type may override: how its tile's cells act, and its entry effect."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from zorglab.engine import cells
from zorglab.core.tiles import CellKind

if TYPE_CHECKING:
    from zorglab.core.registry import Signature
    from zorglab.engine.resolve import HeroScratch, Resolution


class RoomBehaviour:
    """Default room: walls are walls, everything else is plain floor, no entry effect."""

    name: str                   # these two are set by the registry's decorator
    signature: Signature
    ends_level: bool = False    # Z: entering loses the level (ZR-8 step 1)
    is_spawn: bool = False      # A: heroes spawn here; entering makes it the main A

    @staticmethod
    def initial_gold(args: tuple[Any, ...]) -> int:
        return 0

    @staticmethod
    def cell_code(args: tuple[Any, ...], kind: CellKind) -> int:
        return cells.WALL if kind is CellKind.WALL else cells.FLOOR

    @staticmethod
    def on_enter(res: "Resolution", hero: "HeroScratch", room: int) -> None:
        """ZR-8 step 3; called only when no gold pickup pre-empted it."""

    @staticmethod
    def toll(args: tuple[Any, ...]) -> int:
        """Gold a light cell of this room costs (T rooms only)."""
        return 0

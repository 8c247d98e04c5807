"""D(x): damage (or, negative, healing) on every entry (FR-13)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from zorglab.engine.rooms.base import RoomBehaviour
from zorglab.core.registry import Param, ParamKind, room_type

if TYPE_CHECKING:
    from random import Random
    from zorglab.engine.hero_scratch import HeroScratch
    from zorglab.engine.resolve import Resolution

DRAFT_DAMAGE = (-1, 1, 1, 2, 2, 3)     # what the generator draws x from


@room_type("D", Param("x", ParamKind.INT))
class DamageRoom(RoomBehaviour):
    """Every entry costs ``x`` HP; a negative ``x`` heals."""

    entry_changes_hp = True

    @classmethod
    def draft(cls, rng: Random) -> str:
        return f"{cls.name}({rng.choice(DRAFT_DAMAGE)})"

    @classmethod
    def draft_damage(cls, args: tuple[Any, ...], text: str) -> int:
        x = cls.signature.arg(args, "x")
        return x if isinstance(x, int) else 0

    @classmethod
    def has_monster(cls, args: tuple[Any, ...]) -> bool:
        return bool(cls.signature.arg(args, "x") != 0)       # D(0) has no monster to slay (FR-23)

    @classmethod
    def on_enter(cls, res: Resolution, hero: HeroScratch, room: int) -> None:
        info = res.world.rooms[room]
        res.change_hp(hero, -cls.signature.arg(info.args, "x"), "room " + info.label)

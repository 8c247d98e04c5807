"""Attack: x damage to every living hero on the board (FR-34)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from zorglab.engine.spells.base import SpellBehaviour
from zorglab.core.registry import Param, ParamKind, spell_type

if TYPE_CHECKING:
    from random import Random
    from zorglab.engine.hero_scratch import HeroScratch
    from zorglab.engine.resolve import Resolution


@spell_type("Attack", Param("x", ParamKind.INT))
class AttackSpell(SpellBehaviour):
    """x damage to every living hero on the board (FR-34)."""

    cast_form = None

    target = "all"
    bound_role = "damage"
    moves_rooms = False

    @classmethod
    def damage_to_each(cls, args: tuple[Any, ...]) -> int:
        return int(cls.signature.arg(args, "x"))

    @classmethod
    def draft(cls, rng: Random) -> str:
        return f"{cls.name}({rng.randint(1, 3)})"

    @classmethod
    def affect(cls, res: Resolution, hero: HeroScratch, args: tuple[Any, ...]) -> None:
        res.change_hp(hero, -cls.signature.arg(args, "x"), "Attack")

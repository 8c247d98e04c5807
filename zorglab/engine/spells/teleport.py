"""Teleport: The active hero goes to its n-th most recent visit (FR-35)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from zorglab.engine.facts import SearchFacts
from zorglab.engine.spells.base import SpellBehaviour
from zorglab.core.registry import Param, ParamKind, spell_type

if TYPE_CHECKING:
    from random import Random
    from zorglab.engine.hero_scratch import HeroScratch
    from zorglab.engine.resolve import Resolution


@spell_type("Teleport", Param("n", ParamKind.INT))
class TeleportSpell(SpellBehaviour):
    """The active hero goes to its n-th most recent visit (FR-35)."""

    cast_form = None

    target = "active"
    bound_role = "walk"       # the hero walks on from where it lands (FR-51)
    moves_rooms = False       # it moves a hero, never a room
    facts = SearchFacts(stirs_sleepers=False)   # only the active hero, never a sleeper (ZR-7, ZR-14)

    @classmethod
    def draft(cls, rng: Random) -> str:
        return f"{cls.name}({rng.randint(1, 5)})"

    @classmethod
    def history_reach(cls, args: tuple[Any, ...]) -> int | None:
        return int(cls.signature.arg(args, "n"))

    @classmethod
    def affect(cls, res: Resolution, hero: HeroScratch, args: tuple[Any, ...]) -> None:
        res.teleport_to_visit(hero, cls.signature.arg(args, "n"), "spell")

"""Banality: A chosen hero becomes a Warrior, keeping its HP (FR-42)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from zorglab.engine.spells.base import SpellBehaviour
from zorglab.core.registry import spell_type
from zorglab.engine import lazy

if TYPE_CHECKING:
    from zorglab.engine.hero_scratch import HeroScratch
    from zorglab.engine.resolve import Resolution
    from zorglab.engine.state import HeroState

_ev = lazy.events    # zorglab.engine.events, imported when a level is first played


BECOMES = "Warrior"     # the type every hero a Banality touches takes


@spell_type("Banality")
class BanalitySpell(SpellBehaviour):
    """A chosen hero becomes a Warrior, keeping its HP (FR-42)."""

    bound_role = "walk"       # it walks on as a Warrior (FR-51)
    moves_rooms = False

    @staticmethod
    def makes_types(args: tuple[Any, ...]) -> tuple[str, ...]:
        return (BECOMES,)

    @staticmethod
    def changes_nothing(hero: HeroState, args: tuple[Any, ...]) -> bool:
        return hero.type == BECOMES      # Banality on a Warrior (ZR-24)

    @staticmethod
    def affect(res: Resolution, hero: HeroScratch, args: tuple[Any, ...]) -> None:
        if hero.type != BECOMES:
            res.emit(_ev().TypeChanged, hero.label, hero.type, BECOMES)
            hero.type = BECOMES
            hero.args = (hero.hp,)
            hero.immune = frozenset()
            hero.extra = ()

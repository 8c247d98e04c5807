"""Banality: A chosen hero becomes a Warrior, keeping its HP (FR-42)."""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING, Any

from zorglab.engine.spells.base import SpellBehaviour
from zorglab.core.registry import spell_type

if TYPE_CHECKING:
    from zorglab.engine.hero_scratch import HeroScratch
    from zorglab.engine.resolve import Resolution
    from zorglab.engine.state import HeroState

_events: ModuleType | None = None


def _ev() -> Any:
    """:mod:`zorglab.engine.events`, imported when first emitted: a level is loaded and checked
    (``zorglab validate``) without the engine's run-time modules (docs/performance.md, CLI latency)."""
    global _events
    if _events is None:
        from zorglab.engine import events
        _events = events
    return _events


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

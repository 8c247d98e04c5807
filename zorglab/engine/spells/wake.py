"""Wake: A chosen sleeping hero wakes (FR-41): it loses Sleep's mark (``sleep.py``)."""

from __future__ import annotations

from types import ModuleType
from typing import TYPE_CHECKING, Any

from zorglab.engine.spells.base import SpellBehaviour
from zorglab.engine.spells.sleep import ASLEEP
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



@spell_type("Wake")
class WakeSpell(SpellBehaviour):
    """A chosen sleeping hero wakes (FR-41)."""

    bound_role = "none"       # a woken hero walks on as it would have (FR-51)
    moves_rooms = False

    @staticmethod
    def changes_nothing(hero: HeroState, args: tuple[Any, ...]) -> bool:
        return not hero.mark(ASLEEP)      # Wake on a hero awake (ZR-24)

    @staticmethod
    def affect(res: Resolution, hero: HeroScratch, args: tuple[Any, ...]) -> None:
        if hero.mark(ASLEEP):
            hero.set_mark(ASLEEP, False)
            res.emit(_ev().Woke, hero.label, "Wake")

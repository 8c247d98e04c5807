"""Wake: A chosen sleeping hero wakes (FR-41): it loses Sleep's mark (``sleep.py``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from zorglab.engine.spells.base import SpellBehaviour
from zorglab.engine.spells.sleep import ASLEEP
from zorglab.core.registry import spell_type
from zorglab.engine import lazy

if TYPE_CHECKING:
    from zorglab.engine.hero_scratch import HeroScratch
    from zorglab.engine.resolve import Resolution
    from zorglab.engine.state import HeroState

_ev = lazy.events    # zorglab.engine.events, imported when a level is first played



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

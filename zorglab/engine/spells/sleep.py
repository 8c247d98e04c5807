"""Sleep: A chosen awake hero cannot act until woken or its HP changes (FR-40).

The sleeper's state is the mark ``asleep`` (:mod:`zorglab.engine.marks`), declared here with its
rules: the turn order passes a sleeper over (ZR-7), a real HP change wakes it (ZR-12), the board
shows a blue "z" badge and *explain* says why it takes no step. Wake (``wake.py``) removes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any


from zorglab.engine.facts import SearchFacts
from zorglab.engine.marks import Mark, Turn, mark_type
from zorglab.engine.spells.base import SpellBehaviour
from zorglab.core.registry import spell_type
from zorglab.engine import lazy

if TYPE_CHECKING:
    from zorglab.engine.hero_scratch import HeroScratch
    from zorglab.engine.resolve import Resolution
    from zorglab.engine.state import HeroState

_ev = lazy.events    # zorglab.engine.events, imported when a level is first played


ASLEEP = "asleep"


@mark_type(ASLEEP)
class Asleep(Mark):
    """A sleeper: passed over by the turn order (ZR-7) until a Wake or a real HP change (FR-40)."""

    # it changes no HP and only its own turn, as the turn order reads it: every cut holds with it
    facts = SearchFacts(stirs_sleepers=False, bounded=True)

    @staticmethod
    def turn(value: Any) -> Turn:
        return Turn.PASS

    @staticmethod
    def on_hp_change(res: Any, hero: Any, value: Any, delta: int) -> None:
        hero.set_mark(ASLEEP, False)
        res.emit(_ev().Woke, hero.label, "hp changed")

    @staticmethod
    def badge(value: Any) -> tuple[str, str]:
        return ("z", "#1f6feb")         # a blue badge with a white z: seen at a glance

    @staticmethod
    def explain(label: str, value: Any) -> str:
        return (f"{label} is asleep: it will not act until a Wake cast or a real change of its HP "
                "wakes it (ZR-24); the other heroes act meanwhile (ZR-7)")


@spell_type("Sleep")
class SleepSpell(SpellBehaviour):
    """A chosen awake hero cannot act until woken or its HP changes (FR-40)."""

    bound_role = "pause"      # the walk resumes where it stopped, as it was (FR-51)
    moves_rooms = False

    facts = SearchFacts(stirs_sleepers=False)   # Sleep on a sleeper changes nothing (ZR-24)

    @staticmethod
    def changes_nothing(hero: HeroState, args: tuple[Any, ...]) -> bool:
        return bool(hero.mark(ASLEEP))          # Sleep on a sleeper (ZR-24)

    @staticmethod
    def affect(res: Resolution, hero: HeroScratch, args: tuple[Any, ...]) -> None:
        if not hero.mark(ASLEEP):
            hero.set_mark(ASLEEP, True)
            res.emit(_ev().Slept, hero.label)

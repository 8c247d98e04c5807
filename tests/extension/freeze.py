"""Freeze(n), a designer's spell with its own state, written outside the zorglab package (issue 29).

*The active hero skips its next n actions*: each time the turn order (ZR-7) makes it the active
hero, it spends that action standing still and the count drops by one; a second Freeze adds to
it. Everything the spell needs is here — its state is the mark ``frozen`` (the count left), the
turn hook says SKIP while it holds, the skip emits this module's own event, the board shows a
"F" badge, the Player's table says "frozen N" and *explain* says why the hero stands still.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from zorglab import Param, ParamKind, SpellBehaviour, spell_type
from zorglab.engine.facts import SearchFacts
from zorglab.engine.events import Event
from zorglab.engine.marks import Mark, Turn, mark_type

FROZEN = "frozen"


@dataclass(frozen=True, slots=True)
class Froze(Event):
    """A Freeze cast: the hero now skips ``left`` actions."""

    hero: str
    left: int

    def sentence(self) -> str:
        return f"{self.hero} is frozen for {self.left} action{'s' if self.left != 1 else ''}"


@dataclass(frozen=True, slots=True)
class SkippedAction(Event):
    """A frozen hero's action spent standing still; ``left`` skips remain."""

    hero: str
    left: int

    def sentence(self) -> str:
        return f"{self.hero} is frozen and skips its action ({self.left} left)"


@mark_type(FROZEN)
class Frozen(Mark):
    """The count of actions a frozen hero still skips."""

    kept_by_the_dead = False
    # its skip changes no HP and stirs no one; its hero is the active one meanwhile: every cut holds
    facts = SearchFacts(stirs_sleepers=False, bounded=True)

    @staticmethod
    def turn(value: Any) -> Turn:
        return Turn.SKIP

    @staticmethod
    def skip(res: Any, hero: Any, value: Any) -> None:
        hero.set_mark(FROZEN, value - 1)
        res.emit(SkippedAction, hero.label, value - 1)

    @classmethod
    def status(cls, value: Any) -> str:
        return f"frozen {value}"

    @staticmethod
    def badge(value: Any) -> tuple[str, str]:
        return ("F", "#5bc0de")

    @staticmethod
    def explain(label: str, value: Any) -> str:
        return f"{label} is frozen: it skips its next {value} action{'s' if value != 1 else ''}, standing still"


@spell_type("Freeze", Param("n", ParamKind.INT, minimum=1))
class FreezeSpell(SpellBehaviour):
    """Freeze(n): the active hero skips its next ``n`` actions (ZR-14's active hero; no target named)."""

    cast_form = None
    target = "active"
    bound_role = "none"      # the hero stands still, nobody else acts meanwhile: no walk bent (FR-51)
    facts = SearchFacts(stirs_sleepers=False)       # only the active hero, never a sleeper

    @classmethod
    def affect(cls, res: Any, hero: Any, args: tuple[Any, ...]) -> None:
        left = hero.mark(FROZEN, 0) + cls.signature.arg(args, "n")
        hero.set_mark(FROZEN, left)
        res.emit(Froze, hero.label, left)

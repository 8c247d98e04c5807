"""Delayed effects, a designer's three types written outside the zorglab package (issue 40).

Each lives on the tick hook (:meth:`Mark.on_tick <zorglab.engine.marks.Mark.on_tick>`), which the
engine calls after every action whoever acted, so each composes with any turn hook (Sleep's pass,
Freeze's skip) rather than taking the hero's turn over:

- ``Hex(n, k) on HERO``: ``k`` damage ``n`` ticks later, *whoever acts* — a sleeper's hex still
  strikes while the others walk. Its mark may hurt a sleeper, so it declares no search fact: the
  search's sleeper cut and damage bound stand aside while a hero carries it.
- ``Curse(n, k) on HERO``: ``k`` damage once the hero itself has taken ``n`` more actions (a
  frozen hero's skipped actions count: it neither walks nor escapes the curse).
- ``Stun(n) on HERO``: the hero is passed over (as a sleeper) for the next ``n`` ticks, whoever
  acts; then it walks again on its own. A *pausing mark* that ends by itself: a search cut that took
  every passed-over hero for a sleeper nothing can stir would give up branches that win.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from zorglab import Param, ParamKind, SpellBehaviour, spell_type
from zorglab.engine.events import Event
from zorglab.engine.facts import SearchFacts
from zorglab.engine.hero_scratch import HeroScratch
from zorglab.engine.marks import Mark, Turn, mark_type
from zorglab.engine.resolve import Resolution

HEXED = "hexed"
CURSED = "cursed"
STUNNED = "stunned"

Pending = tuple[tuple[int, int], ...]
"""A delayed effect's mark value: sorted ``(ticks left, damage)`` pairs, one per cast."""


@dataclass(frozen=True, slots=True)
class Struck(Event):
    """A hex or a curse strikes: ``damage`` HP."""

    hero: str
    what: str
    damage: int

    def sentence(self) -> str:
        return f"the {self.what} on {self.hero} strikes for {self.damage} HP"


def count_down(res: Resolution, hero: HeroScratch, name: str, pending: Pending) -> None:
    """One tick off every pending effect of mark ``name``; those due strike (in cast order)."""
    due = [damage for left, damage in pending if left <= 1]
    hero.set_mark(name, tuple(sorted((left - 1, damage) for left, damage in pending if left > 1)))
    for damage in due:
        res.emit(Struck, hero.label, name[:-2], damage)     # "hexed" -> "hex", "cursed" -> "curse"
        res.change_hp(hero, -damage, name[:-2])


@mark_type(HEXED)
class Hexed(Mark):
    """Pending hexes: each strikes when its count of ticks (anyone's actions) runs out."""

    @staticmethod
    def on_tick(res: Resolution, hero: HeroScratch, value: Pending, actor: int) -> None:
        if hero.alive:
            count_down(res, hero, HEXED, value)

    @classmethod
    def status(cls, value: Pending) -> str:
        return "hexed " + "+".join(f"{damage}@{left}" for left, damage in value)


@mark_type(CURSED)
class Cursed(Mark):
    """Pending curses: each strikes when its hero has taken its count of actions (skips count)."""

    @staticmethod
    def on_tick(res: Resolution, hero: HeroScratch, value: Pending, actor: int) -> None:
        if hero.alive and actor == hero.index:
            count_down(res, hero, CURSED, value)

    @classmethod
    def status(cls, value: Pending) -> str:
        return "cursed " + "+".join(f"{damage}@{left}" for left, damage in value)


@mark_type(STUNNED)
class Stunned(Mark):
    """Ticks of stun left: passed over by the turn order until they run out (then it walks)."""

    @staticmethod
    def turn(value: int) -> Turn:
        return Turn.PASS

    @staticmethod
    def on_tick(res: Resolution, hero: HeroScratch, value: int, actor: int) -> None:
        hero.set_mark(STUNNED, value - 1)

    @staticmethod
    def explain(label: str, value: int) -> str:
        return f"{label} is stunned for {value} more tick{'s' if value != 1 else ''}"


def _pending(hero: HeroScratch, name: str, n: int, k: int) -> Pending:
    return tuple(sorted(hero.mark(name, ()) + ((n, k),)))


@spell_type("Hex", Param("n", ParamKind.INT, minimum=1), Param("k", ParamKind.INT, minimum=1))
class HexSpell(SpellBehaviour):
    """Hex(n, k) on HERO: ``k`` damage ``n`` ticks later, whoever acts."""

    bound_role = "damage"       # at most k HP from the one hero it is cast on (FR-51)

    @classmethod
    def damage_to_each(cls, args: tuple[Any, ...]) -> int:
        return int(cls.signature.arg(args, "k"))

    @classmethod
    def affect(cls, res: Resolution, hero: HeroScratch, args: tuple[Any, ...]) -> None:
        hero.set_mark(HEXED, _pending(hero, HEXED, cls.signature.arg(args, "n"), cls.signature.arg(args, "k")))


@spell_type("Curse", Param("n", ParamKind.INT, minimum=1), Param("k", ParamKind.INT, minimum=1))
class CurseSpell(SpellBehaviour):
    """Curse(n, k) on HERO: ``k`` damage once the hero has taken ``n`` more actions."""

    bound_role = "damage"

    @classmethod
    def damage_to_each(cls, args: tuple[Any, ...]) -> int:
        return int(cls.signature.arg(args, "k"))

    @classmethod
    def affect(cls, res: Resolution, hero: HeroScratch, args: tuple[Any, ...]) -> None:
        hero.set_mark(CURSED, _pending(hero, CURSED, cls.signature.arg(args, "n"), cls.signature.arg(args, "k")))


@spell_type("Stun", Param("n", ParamKind.INT, minimum=1))
class StunSpell(SpellBehaviour):
    """Stun(n) on HERO: passed over for the next ``n`` ticks, whoever acts; a second Stun adds."""

    bound_role = "pause"        # holds a hero without bending its walk: others act meanwhile
    facts = SearchFacts(stirs_sleepers=False)      # its cast hurts no one (its mark is another matter)

    @classmethod
    def affect(cls, res: Resolution, hero: HeroScratch, args: tuple[Any, ...]) -> None:
        hero.set_mark(STUNNED, hero.mark(STUNNED, 0) + cls.signature.arg(args, "n"))

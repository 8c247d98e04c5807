"""Marks: the state a type adds to a hero, declared once with its rules (NFR-3, docs/rules.md FR-52).

A hero carries a map of marks, ``HeroState.marks``: sorted ``(name, value)`` pairs, a mark left out
being absent (so a hero with none is ``()`` and costs nothing). Any room, hero or spell type may
set one (:meth:`~zorglab.engine.hero_scratch.HeroScratch.set_mark`); the transposition key reads them
whole, as every other observed field. What a mark *means* is its :class:`Mark` class, registered
under the mark's name with :func:`mark_type`, and asked by generic code only:

- the turn order (ZR-7) asks :meth:`Mark.turn` whether its hero acts, is passed over, or spends
  its action on :meth:`Mark.skip`;
- any real HP change (ZR-12) calls :meth:`Mark.on_hp_change`; a death drops the marks whose
  :attr:`Mark.kept_by_the_dead` is false;
- after every action, whoever acted, :meth:`Mark.on_tick` (the tick hook: delayed effects);
- the search's cuts read :attr:`Mark.facts` (:class:`~zorglab.engine.facts.SearchFacts`);
- the painter draws :meth:`Mark.badge`, the Player's hero table and the CLI show
  :meth:`Mark.status`, *explain* says :meth:`Mark.explain`.

The built-in Sleep's mark lives with the Sleep spell (``engine/spells/sleep.py``).

>>> from zorglab.engine.marks import mark_of, with_mark
>>> marks = with_mark((), "frozen", 2)
>>> marks, mark_of(marks, "frozen"), mark_of(marks, "other", 0)
((('frozen', 2),), 2, 0)
>>> with_mark(marks, "frozen", 0)          # a false value removes the mark
()
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any, Callable, ClassVar, TypeVar

from zorglab.engine.facts import NO_FACTS, SearchFacts

if TYPE_CHECKING:
    from zorglab.engine.resolve import Resolution
    from zorglab.engine.hero_scratch import HeroScratch

Marks = tuple[tuple[str, Any], ...]      # sorted by name; no pair holds a false value


class Turn(enum.Enum):
    """What a mark lets its hero do when the turn order comes to it (ZR-7)."""

    ACT = "act"          # as if unmarked
    PASS = "pass"        # passed over: the next hero in spawn order may act (Sleep)
    SKIP = "skip"        # it is the active hero but spends its action on the mark's skip (Freeze)


class Mark:
    """The rules of one mark; every hook has a neutral default. Subclass, then :func:`mark_type`.

    Examples
    --------
    >>> from zorglab.engine.marks import Mark, Turn, mark_type, unregister_mark
    >>> @mark_type("dazed")
    ... class Dazed(Mark):
    ...     '''Passed over while dazed.'''
    ...     @staticmethod
    ...     def turn(value):
    ...         return Turn.PASS
    >>> find_mark("dazed") is Dazed, Dazed.status(True)
    (True, 'dazed')
    >>> unregister_mark(Dazed)
    """

    name: ClassVar[str] = ""
    kept_by_the_dead: ClassVar[bool] = False    # False: a death drops it (no rule reads it then)
    # What the search's cuts may rely on while a hero carries it (zorglab.engine.facts): nothing
    # unless the mark says so (a mark that may hurt a sleeper or deal damage on its own keeps them off).
    facts: ClassVar[SearchFacts] = NO_FACTS

    @staticmethod
    def turn(value: Any) -> Turn:
        """May a hero holding this mark with ``value`` act now (ZR-7)?"""
        return Turn.ACT

    @staticmethod
    def skip(res: "Resolution", hero: "HeroScratch", value: Any) -> None:
        """The hero's action when :meth:`turn` says :attr:`Turn.SKIP`: change the mark, emit events."""

    @staticmethod
    def on_hp_change(res: "Resolution", hero: "HeroScratch", value: Any, delta: int) -> None:
        """A real change of the living hero's HP by ``delta`` (never 0; ZR-12)."""

    @staticmethod
    def on_tick(res: "Resolution", hero: "HeroScratch", value: Any, actor: int) -> None:
        """The tick hook: after every action (a spawn, a step, a skip), whoever acted (``actor``, the
        index of the hero that did), for every hero carrying the mark — alive or dead, in spawn
        order — before the water settles (:func:`zorglab.engine.turns.act`). A delayed effect lives
        here (a curse counting its hero's actions, a hex counting every tick), so it composes with
        any turn hook. Only a class that overrides it is called (:func:`ticks`)."""

    @classmethod
    def status(cls, value: Any) -> str | None:
        """One word for the hero's status (the Player's table, ``zorglab play --trace``); None: none."""
        return cls.name

    @staticmethod
    def badge(value: Any) -> tuple[str, str] | None:
        """The painter's badge: ``(text, colour)`` at the disc's top right; None: no badge."""
        return None

    @staticmethod
    def explain(label: str, value: Any) -> str | None:
        """Why hero ``label`` takes no step now, for *explain*; None when it still steps."""
        return None


M = TypeVar("M", bound=type[Mark])

_MARKS: dict[str, type[Mark]] = {}
_TICKING: set[str] = set()      # names of registered marks whose class has a tick hook (on_tick)


def mark_type(name: str) -> Callable[[M], M]:
    """Register a :class:`Mark` subclass under ``name`` (the key in ``HeroState.marks``)."""
    def register(cls: M) -> M:
        known = _MARKS.get(name)
        if known is not None and known is not cls and \
                (known.__module__, known.__qualname__) != (cls.__module__, cls.__qualname__):
            raise ValueError(f"mark {name!r} is already registered by {known.__module__}.{known.__qualname__}")
        cls.name = name
        _MARKS[name] = cls
        if any("on_tick" in vars(k) for k in cls.__mro__[:cls.__mro__.index(Mark)]):
            _TICKING.add(name)
        else:
            _TICKING.discard(name)
        return cls
    return register


def unregister_mark(cls: type[Mark]) -> None:
    """Forget a mark type (tests registering their own)."""
    if _MARKS.get(cls.name) is cls:
        del _MARKS[cls.name]
        _TICKING.discard(cls.name)


def find_mark(name: str) -> type[Mark]:
    """The rules of mark ``name``; an unregistered mark has the neutral ones."""
    return _MARKS.get(name, Mark)


def any_ticks() -> bool:
    """Is any registered mark's class a tick hook's (:meth:`Mark.on_tick`)? None is built in."""
    return bool(_TICKING)


def ticks(marks: Marks) -> bool:
    """Does one of these marks have a tick hook (:meth:`Mark.on_tick`)? Cheap: the turn loop asks
    it of every marked hero after every action."""
    for name, _ in marks:
        if name in _TICKING:
            return True
    return False


def mark_of(marks: Marks, name: str, default: Any = None) -> Any:
    """The value of mark ``name`` in ``marks``, or ``default``."""
    for key, value in marks:
        if key == name:
            return value
    return default


def with_mark(marks: Marks, name: str, value: Any) -> Marks:
    """``marks`` with mark ``name`` set to ``value`` (a false value removes it), still sorted."""
    kept = [pair for pair in marks if pair[0] != name]
    if value:
        kept.append((name, value))
        kept.sort(key=_first)
    return tuple(kept)


def _first(pair: tuple[str, Any]) -> str:
    return pair[0]


def turn_of(marks: Marks) -> tuple[Turn, str | None]:
    """What the marks let their hero do (ZR-7): a PASS wins over a SKIP; the mark that decided."""
    found: tuple[Turn, str | None] = (Turn.ACT, None)
    for name, value in marks:
        turn = find_mark(name).turn(value)
        if turn is Turn.PASS:
            return turn, name
        if turn is Turn.SKIP and found[0] is Turn.ACT:
            found = (turn, name)
    return found


def passed_over(marks: Marks) -> bool:
    """Do the marks pass their hero over (ZR-7), as a sleeper is?"""
    return bool(marks) and turn_of(marks)[0] is Turn.PASS


def stir_sleepers(marks: Marks) -> bool:
    """May a hook of one of these marks wake, hurt or kill a sleeper (``SearchFacts.stirs_sleepers``)?"""
    return any(find_mark(name).facts.stirs_sleepers for name, _ in marks)


def bounded(marks: Marks) -> bool:
    """Do the damage bound's walks hold for a hero carrying these marks (``SearchFacts.bounded``)?"""
    return all(find_mark(name).facts.bounded for name, _ in marks)


def without_pauses(marks: Marks) -> Marks:
    """The marks but those that pass their hero over: the hero walking on (the damage bound's lone walk)."""
    return tuple(pair for pair in marks if find_mark(pair[0]).turn(pair[1]) is not Turn.PASS)


def kept_at_death(marks: Marks) -> Marks:
    """The marks a corpse keeps (:attr:`Mark.kept_by_the_dead`)."""
    return tuple(pair for pair in marks if find_mark(pair[0]).kept_by_the_dead)


def statuses(marks: Marks) -> tuple[str, ...]:
    """The status words of a hero's marks, in name order."""
    return tuple(word for name, value in marks if (word := find_mark(name).status(value)))


def badges(marks: Marks) -> tuple[tuple[str, str], ...]:
    """The painter's badges of a hero's marks, in name order."""
    return tuple(badge for name, value in marks if (badge := find_mark(name).badge(value)) is not None)


def explanation(marks: Marks, label: str) -> str | None:
    """Why hero ``label`` takes no step because of a mark (the first that says so), or None."""
    for name, value in marks:
        said = find_mark(name).explain(label, value)
        if said:
            return said
    return None

"""A hero's mutable working copy while an action resolves (:class:`HeroScratch`): taken from a
:class:`~zorglab.engine.state.HeroState` and frozen back into one after.

Its fields are ``HeroState``'s, written out once here in the same order (a tuple unpacking and a
tuple display, as fast as code gets); the import checks the order against ``HeroState._fields``, so a
field added there and not here stops the import with a message rather than misplacing a value.
"""

from __future__ import annotations

from typing import Any

from zorglab.core.geometry import Direction
from zorglab.engine.marks import Marks, mark_of, with_mark
from zorglab.engine.state import FIELDS, HeroState, Position, entry_count

_new_tuple = tuple.__new__      # builds a NamedTuple from a ready tuple without its Python __new__

_SLOTS = ("type", "args", "hp", "pos", "alive", "gold", "entries", "poisoned", "gold_at_death", "marks", "extra",
          "history", "died_at")
if _SLOTS != FIELDS:        # pragma: no cover - a HeroState field added without its place here
    raise ImportError(f"HeroScratch's fields {_SLOTS} differ from HeroState's {FIELDS}: "
                      "write the new field in hero_scratch.py too (its slots, __init__ and freeze)")


class HeroScratch:
    """A hero's mutable working copy during one resolution: :class:`HeroState`'s fields, plus what
    lives only during an action.

    ``index`` and ``label`` say which hero it is; ``immune`` holds the cell codes it treats as floor
    (looked up on first need), ``slide`` the ice slide under way. Tuples throughout (gold, history,
    marks): copied only when they change.
    """

    __slots__ = ("index", "label", "immune", "slide") + _SLOTS
    # the type checker's view of the slots (tests/engine/test_hero_state.py: the same names and types)
    index: int
    label: str
    immune: frozenset[int] | None
    slide: Direction | None
    type: str
    args: tuple[Any, ...]
    hp: int
    pos: Position | None
    alive: bool
    gold: tuple[tuple[int, int], ...]
    entries: tuple[tuple[int, int], ...]
    poisoned: frozenset[Position]
    gold_at_death: int
    marks: Marks
    extra: tuple[Any, ...]
    history: tuple[Position, ...]
    died_at: int | None

    def __init__(self, index: int, label: str, h: HeroState, immune: frozenset[int] | None = None):
        self.index = index
        self.label = label
        (self.type, self.args, self.hp, self.pos, self.alive, self.gold, self.entries, self.poisoned,
         self.gold_at_death, self.marks, self.extra, self.history, self.died_at) = h
        self.immune = immune
        self.slide = None

    @property
    def gold_total(self) -> int:
        return sum(amount for _, amount in self.gold)

    def mark(self, name: str, default: Any = None) -> Any:
        """The value of this hero's mark ``name``, or ``default``."""
        return mark_of(self.marks, name, default)

    def set_mark(self, name: str, value: Any) -> None:
        """Set mark ``name`` (a false value removes it): a type's own per-hero state."""
        self.marks = with_mark(self.marks, name, value)

    def entry_count(self, room: int) -> int:
        return entry_count(self.entries, room)

    def count_entry(self, room: int) -> int:
        """Add one entry into ``room`` and return its number (ZR-22 counts every entry)."""
        count = self.entry_count(room) + 1
        self.entries = tuple(sorted([(r, n) for r, n in self.entries if r != room] + [(room, count)]))
        return count

    def freeze(self) -> HeroState:
        """The scratch as a :class:`HeroState`."""
        return _new_tuple(HeroState, (self.type, self.args, self.hp, self.pos, self.alive, self.gold, self.entries,
                                      self.poisoned, self.gold_at_death, self.marks, self.extra, self.history,
                                      self.died_at))

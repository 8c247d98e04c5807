"""A hero's mutable working copy while an action resolves (:class:`HeroScratch`): built from
:class:`~zorglab.engine.state.HeroState`'s one declaration of fields, frozen back into one after.
"""

from __future__ import annotations

from typing import Any

from zorglab.core.geometry import Direction
from zorglab.engine.marks import Marks, mark_of, with_mark
from zorglab.engine.state import FIELDS, HeroState, Position, entry_count

_new_tuple = tuple.__new__      # builds a NamedTuple from a ready tuple without its Python __new__


def _scratch_source() -> str:
    """The scratch's ``__init__`` and ``freeze``, generated from ``HeroState._fields`` (as
    ``namedtuple`` makes its own): one tuple unpacking and one tuple display, as fast as written
    out, never written out."""
    fields = ", ".join(f"self.{name}" for name in FIELDS)
    return (f"def __init__(self, index, label, h, immune=None):\n"
            f"    self.index = index\n    self.label = label\n    ({fields},) = h\n"
            f"    self.immune = immune\n    self.slide = None\n"
            f"def freeze(self):\n    return _new_tuple(HeroState, ({fields},))\n")


class HeroScratch:
    """A hero's mutable working copy during one resolution: :class:`HeroState`'s fields (its slots,
    unpacking and freeze come from ``HeroState._fields``), plus what lives only during an action.

    ``immune`` holds the cell codes it treats as floor (looked up on first need), ``slide`` the ice
    slide under way. Tuples throughout (gold, history, marks): copied only when they change.
    """

    __slots__ = ("index", "label", "immune", "slide") + FIELDS
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
        """Replaced below by the same code generated from ``HeroState._fields`` (:func:`_fill_source`)."""
        self.index, self.label, self.immune, self.slide = index, label, immune, None
        for name, value in zip(FIELDS, h):
            setattr(self, name, value)

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
        """The scratch as a :class:`HeroState` (replaced below by the generated code)."""
        return _new_tuple(HeroState, tuple([getattr(self, name) for name in FIELDS]))


def _generated() -> dict[str, Any]:
    namespace: dict[str, Any] = {}
    # our own text, from HeroState._fields: nothing external
    exec(_scratch_source(), {"_new_tuple": _new_tuple, "HeroState": HeroState}, namespace)
    return namespace


HeroScratch.__init__, HeroScratch.freeze = _generated()["__init__"], _generated()["freeze"]  # type: ignore[method-assign]

"""Immutable game state (ZR-6..ZR-12): rooms' slots and gold, heroes, spells left, tick.

A hero's position is ``(room index, local cell)`` so that a room moved by a spell carries
its heroes and corpses with it (ZR-15). ``None`` is the waiting room.

Both values are ``NamedTuple``s rather than frozen dataclasses: they are built on every action
and every search state, and a tuple is built several times faster here (docs/performance.md).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from zorglab.core.geometry import Slot
from zorglab.engine.marks import Marks, mark_of, passed_over

Local = tuple[int, int]
Position = tuple[int, Local]          # (room index, local cell)


def entry_count(entries: tuple[tuple[int, int], ...], room: int) -> int:
    """How often a hero has entered ``room`` (ZR-22), from its sorted ``(room, count)`` pairs."""
    for r, n in entries:
        if r == room:
            return n
    return 0


class HeroState(NamedTuple):
    """One hero: type (changes under Banality), HP, position, gold ledger, marks, visit history.

    This is the one declaration of a hero's state: the resolution's mutable copy
    (:class:`~zorglab.engine.hero_scratch.HeroScratch`) takes its slots, its unpacking and its freeze
    from ``HeroState._fields``, and every key below slices by field name. A type's own state is a
    mark (:mod:`zorglab.engine.marks`), never a new field.

    Field order matters: the fields before ``history`` are what a rule may read whole, so a
    transposition key takes them as one slice; the visit history (read only to a world's depth)
    and the tick of death (read by no rule) come last.

    >>> hero = HeroState("Warrior", (3,), 3)
    >>> hero.on_board, hero.replace(marks=(("frozen", 2),)).mark("frozen")
    (False, 2)
    """

    type: str
    args: tuple[Any, ...]
    hp: int
    pos: Position | None = None                       # None: the waiting room
    alive: bool = True
    gold: tuple[tuple[int, int], ...] = ()            # (source room, amount), pickup order
    entries: tuple[tuple[int, int], ...] = ()         # (room, entry count), sorted by room
    poisoned: frozenset[Position] = frozenset()       # poison cells already entered
    gold_at_death: int = 0
    marks: Marks = ()                                 # a type's own state: sorted (name, value) pairs
    extra: tuple[Any, ...] = ()                       # type-specific plan state (shots, power uses)
    history: tuple[Position, ...] = ()                # room entries: (room, arrival cell)
    died_at: int | None = None

    @property
    def on_board(self) -> bool:
        return self.pos is not None

    @property
    def gold_total(self) -> int:
        return sum(amount for _, amount in self.gold)

    @property
    def asleep(self) -> bool:
        """Does a mark pass this hero over until something stirs it (ZR-7, the Sleep mark's kind)?
        The painter and the Player read it; the search reads the turn order
        (:func:`~zorglab.engine.turns.turn_order`)."""
        return bool(self.marks) and passed_over(self.marks)

    def mark(self, name: str, default: Any = None) -> Any:
        """The value of this hero's mark ``name`` (:mod:`zorglab.engine.marks`), or ``default``."""
        return mark_of(self.marks, name, default)

    def entry_count(self, room: int) -> int:
        return entry_count(self.entries, room)

    def replace(self, **changes: Any) -> "HeroState":
        return self._replace(**changes)


FIELDS: tuple[str, ...] = HeroState._fields
OBSERVED = FIELDS.index("history")     # HeroState fields before it: read whole by rules
_ENTRIES = FIELDS.index("entries")


def hero_key(hero: HeroState, history_reach: int, entries: bool = True) -> tuple[Any, ...]:
    """What a rule can read of one hero: all but the tick of death, the history to its depth
    (``history_reach`` >= 1 where a rule reads it) — without the entry counts when ``entries`` is
    false (no portal reads them: ZR-22, ZR-27)."""
    observed = hero[:OBSERVED] if entries else hero[:_ENTRIES] + hero[_ENTRIES + 1:OBSERVED]
    if history_reach:
        return observed + (hero.history[-history_reach:],)
    return observed


class GameState(NamedTuple):
    """The whole world at a casting point. ``key()`` is what the rules can observe."""

    tick: int
    slots: tuple[Slot, ...]                   # per room index, dungeon frame
    gold: tuple[int, ...]                     # gold held per room
    main_a: int                               # room index of the main A
    heroes: tuple[HeroState, ...]
    spells_left: tuple[bool, ...]             # per spell index
    cleared: frozenset[Position] = frozenset()  # cells a Shell turned into plain floor
    deaths: tuple[int, ...] = ()              # hero indices in order of death
    lost_by: int | None = None                # hero that entered Z
    extra: tuple[Any, ...] = ()
    unseen: tuple[int, ...] = ()              # per room, the part of its gold dropped by the dead (ZR-29); () none

    @property
    def seen_gold(self) -> tuple[int, ...]:
        """Room gold as the living plan by it: without what the dead dropped (ZR-29)."""
        if not self.unseen:
            return self.gold
        return tuple(g - u for g, u in zip(self.gold, self.unseen))

    @property
    def lost(self) -> bool:
        return self.lost_by is not None

    def replace(self, **changes: Any) -> "GameState":
        return self._replace(**changes)

    def board(self) -> tuple[Any, ...]:
        """What a rule can read of the board: every field but the tick, the heroes and the spells
        left (rooms' places and gold, main A, cleared cells, deaths, who lost, extras)."""
        return self[1:4] + self[6:]

    def same_board(self, other: "GameState") -> bool:
        """``self.board() == other.board()``, cheaply: a move shares the parts it leaves alone, and
        tuples compare their items by identity before value."""
        return self[1:4] == other[1:4] and self[6:] == other[6:]

    def situation(self, history_reach: int) -> tuple[tuple[Any, ...], tuple[tuple[Any, ...], ...]]:
        """Everything a rule can read except the spells left, nothing else (no tick): the search's
        transposition table files states by it (in parts: the board, then each hero), then by
        spells left (for spell dominance). Carries the same information as :meth:`key`."""
        return (self.board(), tuple([hero_key(h, history_reach) for h in self.heroes]))

    def key(self, history_reach: int) -> tuple[Any, ...]:
        """A transposition key: everything a rule can read, nothing else (no tick).

        Visit history is trimmed to the depth a portal or Teleport can reach.
        """
        heroes = tuple([hero_key(h, history_reach) for h in self.heroes])
        key = (self.slots, self.gold, self.main_a, heroes, self.spells_left, self.cleared,
               self.deaths, self.lost_by, self.extra)
        return key + (self.unseen,) if self.unseen else key    # dropped gold unseen (ZR-29), when any

"""Immutable game state (ZR-6..ZR-12): rooms' slots and gold, heroes, spells left, tick.

A hero's position is ``(room index, local cell)`` so that a room moved by a spell carries
its heroes and corpses with it (ZR-15). ``None`` is the waiting room.

Both values are ``NamedTuple``s rather than frozen dataclasses: they are built on every action
and every search state, and a tuple is built several times faster here (docs/performance.md).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from zorglab.engine.geometry import Slot

Local = tuple[int, int]
Position = tuple[int, Local]          # (room index, local cell)


def entry_count(entries: tuple[tuple[int, int], ...], room: int) -> int:
    """How often a hero has entered ``room`` (ZR-22), from its sorted ``(room, count)`` pairs."""
    for r, n in entries:
        if r == room:
            return n
    return 0


class HeroState(NamedTuple):
    """One hero: type (changes under Banality), HP, position, gold ledger, visit history."""

    type: str
    args: tuple[Any, ...]
    hp: int
    pos: Position | None = None                       # None: the waiting room
    alive: bool = True
    asleep: bool = False
    gold: tuple[tuple[int, int], ...] = ()            # (source room, amount), pickup order
    history: tuple[Position, ...] = ()                # room entries: (room, arrival cell)
    entries: tuple[tuple[int, int], ...] = ()         # (room, entry count), sorted by room
    poisoned: frozenset[Position] = frozenset()       # poison cells already entered
    died_at: int | None = None
    gold_at_death: int = 0
    extra: tuple[Any, ...] = ()                       # type-specific plan state (shots, power uses)

    @property
    def on_board(self) -> bool:
        return self.pos is not None

    @property
    def gold_total(self) -> int:
        return sum(amount for _, amount in self.gold)

    def entry_count(self, room: int) -> int:
        return entry_count(self.entries, room)

    def replace(self, **changes: Any) -> "HeroState":
        return self._replace(**changes)


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

    @property
    def lost(self) -> bool:
        return self.lost_by is not None

    def replace(self, **changes: Any) -> "GameState":
        return self._replace(**changes)

    def key(self, history_reach: int) -> tuple:
        """A transposition key: everything a rule can read, nothing else (no tick).

        Visit history is trimmed to the depth a portal or Teleport can reach.
        """
        heroes = tuple(
            (h.type, h.args, h.hp, h.pos, h.alive, h.asleep, h.gold,
             h.history[-history_reach:] if history_reach else (), h.entries, h.poisoned,
             h.gold_at_death, h.extra)
            for h in self.heroes
        )
        return (self.slots, self.gold, self.main_a, heroes, self.spells_left, self.cleared,
                self.deaths, self.lost_by, self.extra)

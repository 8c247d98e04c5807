"""Typed events the engine emits; widgets, reports and logs only read them (NFR-1).

``tick`` is the casting point or action they belong to (ZR-6): events of the action that
brings the world to tick ``t`` carry ``t``; events of casts at casting point ``t`` carry ``t``.

An event class registers itself: defining a subclass of :class:`Event` (here or in a designer's
own module) gives it its ``kind`` (the class name in snake case) and files it under that kind
(:func:`event_type`); ``to_json()`` and ``describe()`` work on its fields, and ``sentence()`` is
what the Player's log says of it.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Thawed(Event):
...     hero: str
>>> Thawed(3, "Warrior1").to_json(), event_type("thawed") is Thawed
({'kind': 'thawed', 'tick': 3, 'hero': 'Warrior1'}, True)
>>> forget_event_type(Thawed)
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

Cell = tuple[int, int]

_KINDS: dict[str, type["Event"]] = {}


def _snake(name: str) -> str:
    out = []
    for i, ch in enumerate(name):
        if ch.isupper() and i:
            out.append("_")
        out.append(ch.lower())
    return "".join(out)


@dataclass(frozen=True, slots=True)
class Event:
    tick: int

    kind: ClassVar[str] = "event"      # set for every subclass from its name (``GoldPicked``: gold_picked)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super(Event, cls).__init_subclass__(**kwargs)     # no bare super(): slots=True rebuilds the class
        kind = _snake(cls.__name__)
        known = _KINDS.get(kind)
        # ``dataclass(slots=True)`` builds the class again under the same name: that one replaces it
        if known is not None and (known.__module__, known.__qualname__) != (cls.__module__, cls.__qualname__):
            raise ValueError(f"event kind {kind!r} is already {known.__module__}.{known.__qualname__}")
        cls.kind = kind
        _KINDS[kind] = cls

    def sentence(self) -> str:
        """The event in words, for the Player's log; by default :meth:`describe`."""
        return self.describe()

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            value = getattr(self, f.name)
            data[f.name] = list(value) if isinstance(value, tuple) else value
        return data

    def describe(self) -> str:
        parts = ", ".join(f"{f.name}={getattr(self, f.name)}" for f in fields(self) if f.name != "tick")
        return f"@{self.tick} {self.kind}({parts})"


@dataclass(frozen=True, slots=True)
class Spawned(Event):
    hero: str
    room: str
    cell: Cell


@dataclass(frozen=True, slots=True)
class Stepped(Event):
    hero: str
    direction: str
    cell: Cell


@dataclass(frozen=True, slots=True)
class Slid(Event):
    hero: str
    direction: str
    cell: Cell


@dataclass(frozen=True, slots=True)
class Teleported(Event):
    hero: str
    room: str | None          # None: the waiting room
    cell: Cell | None
    cause: str                # "portal" or "spell"


@dataclass(frozen=True, slots=True)
class EnteredRoom(Event):
    hero: str
    room: str
    entry: int                # the hero's entry number into this room


@dataclass(frozen=True, slots=True)
class Damaged(Event):
    hero: str
    amount: int
    hp: int
    cause: str


@dataclass(frozen=True, slots=True)
class Healed(Event):
    hero: str
    amount: int
    hp: int
    cause: str


@dataclass(frozen=True, slots=True)
class GoldPicked(Event):
    hero: str
    room: str
    amount: int


@dataclass(frozen=True, slots=True)
class GoldDropped(Event):
    hero: str
    room: str
    amount: int


@dataclass(frozen=True, slots=True)
class GoldPaid(Event):
    hero: str
    room: str                 # the toll room
    amount: int


@dataclass(frozen=True, slots=True)
class GoldRefunded(Event):
    hero: str
    room: str                 # the source room the gold goes back to
    amount: int


@dataclass(frozen=True, slots=True)
class Died(Event):
    hero: str
    room: str | None
    cell: Cell | None
    cause: str


@dataclass(frozen=True, slots=True)
class Stuck(Event):
    hero: str


@dataclass(frozen=True, slots=True)
class Slept(Event):
    hero: str

    def sentence(self) -> str:
        return f"{self.hero} falls asleep"


@dataclass(frozen=True, slots=True)
class Woke(Event):
    hero: str
    cause: str

    def sentence(self) -> str:
        return f"{self.hero} wakes up ({self.cause})"


@dataclass(frozen=True, slots=True)
class Cast(Event):
    spell: str                # spell label
    text: str                 # the cast in level notation


@dataclass(frozen=True, slots=True)
class TypeChanged(Event):
    hero: str
    old: str
    new: str


@dataclass(frozen=True, slots=True)
class RoomMoved(Event):
    room: str
    slot: tuple[int, int]
    cause: str


@dataclass(frozen=True, slots=True)
class ShellFired(Event):
    hero: str                 # the Gunner
    direction: str
    cell: Cell                # the first cell the Shell flies into
    end: Cell                 # the last cell before the wall or the dungeon's edge


@dataclass(frozen=True, slots=True)
class CellCleared(Event):
    room: str
    cell: Cell                # an elemental cell a Shell turned into plain floor


@dataclass(frozen=True, slots=True)
class MonsterSlain(Event):
    room: str                 # a D room whose monster a Shell killed: no entry effect any more


@dataclass(frozen=True, slots=True)
class Shoved(Event):
    hero: str                 # the Mechanic
    room: str
    direction: str
    slot: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Lost(Event):
    hero: str
    room: str


@dataclass(frozen=True, slots=True)
class Won(Event):
    pass


@dataclass(frozen=True, slots=True)
class Stalled(Event):
    alive: tuple[str, ...]


def event_type(kind: str) -> type[Event]:
    """The event class filed under ``kind``; KeyError names the kinds known."""
    found = _KINDS.get(kind)
    if found is None:
        raise KeyError(f"no event kind {kind!r}; known: {', '.join(sorted(_KINDS))}")
    return found


def event_kinds() -> tuple[str, ...]:
    """Every registered event kind, sorted (the built-in ones and any a designer's module defined)."""
    return tuple(sorted(_KINDS))


def forget_event_type(cls: type[Event]) -> None:
    """Unfile an event class (tests defining their own)."""
    if _KINDS.get(cls.kind) is cls:
        del _KINDS[cls.kind]

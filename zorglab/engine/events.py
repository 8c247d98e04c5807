"""Typed events the engine emits; widgets, reports and logs only read them (NFR-1).

``tick`` is the casting point or action they belong to (ZR-6): events of the action that
brings the world to tick ``t`` carry ``t``; events of casts at casting point ``t`` carry ``t``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

Cell = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Event:
    tick: int

    @property
    def kind(self) -> str:
        return _KIND_NAMES[type(self)]

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


@dataclass(frozen=True, slots=True)
class Woke(Event):
    hero: str
    cause: str


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


def _snake(name: str) -> str:
    out = []
    for i, ch in enumerate(name):
        if ch.isupper() and i:
            out.append("_")
        out.append(ch.lower())
    return "".join(out)


_KIND_NAMES: dict[type, str] = {cls: _snake(cls.__name__) for cls in (
    Spawned, Stepped, Slid, Teleported, EnteredRoom, Damaged, Healed, GoldPicked, GoldDropped,
    GoldPaid, GoldRefunded, Died, Stuck, Slept, Woke, Cast, TypeChanged, RoomMoved, Lost, Won, Stalled,
    ShellFired, CellCleared, MonsterSlain, Shoved,
)}

EVENT_TYPES: tuple[type[Event], ...] = tuple(_KIND_NAMES)

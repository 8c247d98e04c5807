"""How cells connect: doors and barriers, stairs, teleport circles, pits (R2 note, R6, R8).

One rule for play, the solver and the lint, as the contract asks (``barrierBetween`` and
``isBossDoor`` are :func:`door_between`; ``teleportTargetFor``, ``pitDropOf`` in the original
app). :mod:`~zorglab.temples.graph` compiles every way from these functions and nothing else.

Floor order: a label ``<n>F`` stands at height n and ``B<n>`` at height -n; when some label
does not read that way the floors stand in list order, the first listed on top (as the
one multi-floor authored temple lists them).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from typing import NamedTuple

from zorglab.temples.model import (
    BOSS,
    SIDES,
    STAIRS_DOWN,
    STAIRS_UP,
    STEP,
    TELEPORT,
    Place,
    Room,
    Temple,
)

_UP_LABEL = re.compile(r"^(\d+)F$")
_DOWN_LABEL = re.compile(r"^B(\d+)$")
STAIRS_LOCKS = ("small", "master")


def _height(label: str) -> int | None:
    if m := _UP_LABEL.match(label):
        return int(m.group(1))
    if m := _DOWN_LABEL.match(label):
        return -int(m.group(1))
    return None


@lru_cache(maxsize=256)
def _ranks(labels: tuple[str, ...]) -> tuple[int, ...]:
    heights = [_height(label) for label in labels]
    if None in heights or len(set(heights)) != len(heights):
        n = len(labels)
        return tuple(n - 1 - i for i in range(n))
    order = sorted(range(len(labels)), key=lambda i: heights[i])  # type: ignore[arg-type,return-value]
    ranks = [0] * len(labels)
    for rank, index in enumerate(order):
        ranks[index] = rank
    return tuple(ranks)


def floor_ranks(temple: Temple) -> tuple[int, ...]:
    """Rank of every floor (by list index), 0 for the lowest."""
    return _ranks(tuple(f.label for f in temple.floors))


def floor_below(temple: Temple, floor: int) -> int | None:
    ranks = floor_ranks(temple)
    want = ranks[floor] - 1
    return ranks.index(want) if want >= 0 else None


def floor_above(temple: Temple, floor: int) -> int | None:
    ranks = floor_ranks(temple)
    want = ranks[floor] + 1
    return ranks.index(want) if want < len(ranks) else None


def neighbour(place: Place, side: str) -> Place:
    dr, dc = STEP[side]
    return Place(place.floor, place.row + dr, place.col + dc)


class Door(NamedTuple):
    """What a door between two side-by-side rooms asks of the hero (T1, T7, T8)."""

    boss: bool  # the boss door: only the master key opens it
    bombable: bool  # a cracked side: a Bomb source opens it
    locked: bool  # a small-key lock: one key opens it for good


class DoorSides(NamedTuple):
    """All :func:`door_between` reads of one room: its type and, side by side (``SIDES``
    order), its barrier and whether it marks the side locked."""

    type: str
    barriers: tuple[str | None, ...]
    locked: tuple[bool, ...]


def door_sides(room: Room) -> DoorSides:
    return DoorSides(room.type, tuple(room.barrier(s) for s in SIDES), tuple(room.locked_side(s) for s in SIDES))


def is_boss_door(here: str, there: str) -> bool:
    """Every way between the boss room and another room is the boss door, whatever the flags
    say (T8, R6). ``here`` and ``there`` are room types."""
    return (here == BOSS) != (there == BOSS)


def door_between(here: DoorSides, there: DoorSides, side: int) -> Door | None:
    """The door from room ``here`` through side ``SIDES[side]`` into the room ``there`` beside
    it; ``None`` when a wall stands between. A barrier or lock drawn on either end counts (T1);
    a wall beats a crack; a door into the boss room stays the boss door, cracked or locked
    (T7, T8)."""
    facing = (side + 2) % 4
    kinds = (here.barriers[side], there.barriers[facing])
    if "wall" in kinds:
        return None
    if is_boss_door(here.type, there.type):
        return Door(True, False, False)
    return Door(False, "bombable" in kinds, here.locked[side] or there.locked[facing])


def stairs_partner(temple: Temple, place: Place) -> Place | None:
    """The other end of a flight: ``U`` on floor n meets ``D`` on floor n+1, same row/col (R8)."""
    kind = temple.room_at(place).type
    if kind == STAIRS_UP:
        other, want = floor_above(temple, place.floor), STAIRS_DOWN
    elif kind == STAIRS_DOWN:
        other, want = floor_below(temple, place.floor), STAIRS_UP
    else:
        return None
    if other is None:
        return None
    there = Place(other, place.row, place.col)
    if temple.inside(there) and temple.room_at(there).type == want:
        return there
    return None


def stairs_lock(room: Room) -> str | None:
    """``"small"`` or ``"master"`` when climbing from this stairs room is locked."""
    lock = room.get("locked")
    return lock if lock in STAIRS_LOCKS else None


def named_place(temple: Temple, room: Room, default_floor: int) -> Place | None:
    """The ``targetLevel``/``targetCoords`` a room names, if it names a cell inside the maze."""
    coords = room.get("targetCoords")
    level = room.get("targetLevel")
    if coords is None and level is None:
        return None
    floor = default_floor
    if level is not None:
        labels = [f.label for f in temple.floors]
        if level not in labels:
            return None
        floor = labels.index(level)
    if not isinstance(coords, Mapping):
        return None
    x, y = coords.get("x"), coords.get("y")
    if type(x) is not int or type(y) is not int:
        return None
    there = Place(floor, y, x)
    return there if temple.inside(there) else None


def names_target(room: Room) -> bool:
    return room.get("targetCoords") is not None or room.get("targetLevel") is not None


def circles(temple: Temple) -> tuple[Place, ...]:
    """Every teleport circle, floor by floor in list order, each in reading order."""
    return tuple(p for p in temple.room_places() if temple.room_at(p).type == TELEPORT)


def teleport_target_for(temple: Temple, place: Place, all_circles: tuple[Place, ...] | None = None) -> Place | None:
    """Where a circle sends the hero: the author's target, else the next circle on its floor
    (wrapping), else, alone on its floor, the temple's next circle; ``None`` when alone."""
    named = named_place(temple, temple.room_at(place), place.floor)
    if named is not None and temple.room_at(named).passable:
        return named
    ring = circles(temple) if all_circles is None else all_circles
    same = [p for p in ring if p.floor == place.floor]
    if len(same) > 1:
        return same[(same.index(place) + 1) % len(same)]
    if len(ring) > 1:
        return ring[(ring.index(place) + 1) % len(ring)]
    return None


def pit_drop_of(temple: Temple, place: Place) -> Place | None:
    """Where a pit drops the hero: its named landing when that floor lies strictly below,
    else the same row/col one floor down; ``None`` when no floor or cell lies there."""
    ranks = floor_ranks(temple)
    room = temple.room_at(place)
    named = named_place(temple, room, place.floor)
    if named is not None and ranks[named.floor] < ranks[place.floor]:
        return named
    below = floor_below(temple, place.floor)
    if below is None:
        return None
    there = Place(below, place.row, place.col)
    return there if temple.inside(there) else None



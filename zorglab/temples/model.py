"""The temple as data, in the contract's shape: floors of room tokens and rooms by token.

A :class:`Temple` is the ``Dungeon`` of the original app (id, name, entrance
``[floor, row, col]``, a maze of token grids, ``rooms`` by token) plus the generator's
``seed``, ``theme`` and ``element``. Rooms belong to tokens, not to cells: every cell
holding a token shares its room. Everything authored is kept as written, so a temple
round-trips through JSON unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator, NamedTuple

from zorglab.errors import LevelError
from zorglab.temples.frozen import EMPTY, FrozenDict

SIDES: tuple[str, ...] = ("north", "east", "south", "west")
STEP: dict[str, tuple[int, int]] = {"north": (-1, 0), "east": (0, 1), "south": (1, 0), "west": (0, -1)}
OPPOSITE: dict[str, str] = {"north": "south", "south": "north", "east": "west", "west": "east"}

# Room types (the ``type`` field), as the original app spells them.
WALL, VOID = "wall", "void"
ENTRANCE, GATE = "entrance", "gate"
MONSTER, MINIBOSS, BOSS = "monster", "miniboss", "boss"
LOOT, KEY, SHOP = "loot", "key", "shop"
TELEPORT, PIT = "teleport", "pit"
STAIRS_UP, STAIRS_DOWN = "stairs_up", "stairs_down"
IMPASSABLE = frozenset({WALL, VOID})
FIGHT_TYPES = frozenset({MONSTER, MINIBOSS, BOSS})
HEAL_TYPES = frozenset({"health", "camp"})
SAVE_TYPES = frozenset({"savepoint", "save"})


class TempleFormatError(LevelError):
    """A temple file that is not a temple: a missing field, an unknown token, a ragged grid."""


class Place(NamedTuple):
    """A cell of a temple: ``floor`` indexes :attr:`Temple.floors`; rows count down, cols right."""

    floor: int
    row: int
    col: int

    def __str__(self) -> str:
        return f"({self.floor},{self.row},{self.col})"


@dataclass(frozen=True)
class Floor:
    """One level of the maze: its authored label (``1F``, ``B1``...) and its token grid."""

    label: str
    grid: tuple[tuple[str, ...], ...]

    @property
    def rows(self) -> int:
        return len(self.grid)

    @property
    def cols(self) -> int:
        return len(self.grid[0]) if self.grid else 0


@dataclass(frozen=True)
class Room:
    """What every cell holding one token is. ``None`` fields were absent in the source.

    ``locked`` marks locked door sides (``{"east": true}``; ``master`` is a note, R6),
    ``barriers`` draws a side as ``"wall"`` or ``"bombable"`` (R2 note), ``content``
    holds the chest, beast, shop, drops, stairs lock and teleport or pit targets, and
    ``extra`` keeps any other authored field (``visited``...).
    """

    type: str
    locked: FrozenDict | None = None
    content: FrozenDict | None = None
    barriers: FrozenDict | None = None
    extra: FrozenDict = EMPTY

    @property
    def passable(self) -> bool:
        return self.type not in IMPASSABLE

    def locked_side(self, side: str) -> bool:
        return bool(self.locked and self.locked.get(side) is True)

    def barrier(self, side: str) -> str | None:
        return self.barriers.get(side) if self.barriers else None

    def get(self, key: str, default: Any = None) -> Any:
        """A field of ``content`` (``None`` when the room has no content)."""
        return self.content.get(key, default) if self.content else default


@dataclass(frozen=True)
class Temple:
    """A whole temple. ``entrance`` is ``Place(floor index, row, col)``."""

    id: str
    name: str
    entrance: Place
    floors: tuple[Floor, ...]
    rooms: FrozenDict
    seed: int | str | None = None
    theme: str | None = None
    element: str | None = None
    source: FrozenDict | None = None
    options: FrozenDict | None = None

    def token_at(self, place: tuple[int, int, int]) -> str:
        floor, row, col = place
        return self.floors[floor].grid[row][col]

    def room_at(self, place: tuple[int, int, int]) -> Room:
        return self.rooms[self.token_at(place)]

    def inside(self, place: tuple[int, int, int]) -> bool:
        floor, row, col = place
        if not 0 <= floor < len(self.floors):
            return False
        grid = self.floors[floor].grid
        return 0 <= row < len(grid) and 0 <= col < len(grid[row])

    def places(self) -> Iterator[Place]:
        """Every cell, floor by floor in list order, each in reading order."""
        for f, floor in enumerate(self.floors):
            for r, line in enumerate(floor.grid):
                for c in range(len(line)):
                    yield Place(f, r, c)

    def room_places(self) -> Iterator[Place]:
        """Every cell that is a room (not a wall, not a void)."""
        rooms = self.rooms
        for f, floor in enumerate(self.floors):
            for r, line in enumerate(floor.grid):
                for c, token in enumerate(line):
                    if rooms[token].type not in IMPASSABLE:
                        yield Place(f, r, c)

    @property
    def generated(self) -> bool:
        """True for a temple made by :func:`~zorglab.temples.generate_temple` (it has a seed)."""
        return self.seed is not None

    def _repr_html_(self) -> str:
        from zorglab.temples.render import temple_html

        return temple_html(self)

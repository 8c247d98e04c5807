"""Tiles (ZR-2): five lines of five characters, turned by quarter turns clockwise (ZR-3)."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from zorglab.engine.geometry import ROOM_SIZE, Direction


class CellKind(enum.Enum):
    """What a tile character means (ZR-2)."""

    WALL = "#"
    FLOOR = "."
    SPAWN = "S"
    GREEN = "g"
    DARK = "d"
    LIGHT = "l"

    @property
    def is_wall(self) -> bool:
        return self is CellKind.WALL


_KINDS = {k.value: k for k in CellKind}


def tile_problems(rows: tuple[str, ...] | list[str], room_type: str | None = None) -> list[tuple[int, int, str]]:
    """Every fault of a tile as ``(row index, column index, message)``; empty when valid.

    Row/column are 0-based positions in the tile text, so the loader can map them into the file.
    """
    problems: list[tuple[int, int, str]] = []
    if len(rows) != ROOM_SIZE:
        problems.append((0, 0, f"a tile has {ROOM_SIZE} lines of {ROOM_SIZE} cells; this one has {len(rows)} lines"))
    for y, row in enumerate(rows):
        if len(row) != ROOM_SIZE:
            problems.append((y, 0, f"tile line {y + 1} has {len(row)} cells, expected {ROOM_SIZE}"))
        for x, ch in enumerate(row):
            if ch not in _KINDS:
                problems.append((y, x, f"unknown tile character {ch!r} (use # . S g d l)"))
    if problems:
        return problems
    for x, y in ((0, 0), (4, 0), (0, 4), (4, 4)):
        if rows[y][x] != "#":
            problems.append((y, x, f"tile corner ({x}, {y}) must be a wall '#', found {rows[y][x]!r}"))
    spawns = [(y, x) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch == "S"]
    if room_type == "A" and len(spawns) != 1:
        problems.append((0, 0, f"an A tile needs exactly one spawn cell 'S'; this one has {len(spawns)}"))
    if room_type is not None and room_type != "A":
        for y, x in spawns:
            problems.append((y, x, f"only A tiles may have a spawn cell 'S' (this is a {room_type} room)"))
    return problems


@dataclass(frozen=True)
class Tile:
    """A 5x5 tile, upright as written; ``rotated(q)`` turns it ``q`` quarter turns clockwise."""

    name: str
    rows: tuple[str, ...]

    @classmethod
    def parse(cls, name: str, text: str) -> "Tile":
        rows = tuple(line.strip() for line in text.strip().splitlines())
        problems = tile_problems(rows)
        if problems:
            raise ValueError(f"tile {name!r}: {problems[0][2]}")
        return cls(name, rows)

    def kind(self, x: int, y: int) -> CellKind:
        return _KINDS[self.rows[y][x]]

    def rotated(self, quarter_turns: int) -> "Tile":
        rows = self.rows
        for _ in range(quarter_turns % 4):
            rows = tuple("".join(rows[ROOM_SIZE - 1 - x][y] for x in range(ROOM_SIZE)) for y in range(ROOM_SIZE))
        return Tile(self.name, rows)

    def side(self, direction: Direction) -> str:
        """The five border characters on one side, indexed along the side (y for left/right, x for up/down)."""
        last = ROOM_SIZE - 1
        if direction is Direction.UP:
            return self.rows[0]
        if direction is Direction.DOWN:
            return self.rows[last]
        column = 0 if direction is Direction.LEFT else last
        return "".join(row[column] for row in self.rows)

    def signature(self, direction: Direction) -> str:
        """The side as ``#``/``o`` (wall/opening): what must match across a shared side (ZR-4)."""
        return "".join("#" if ch == "#" else "o" for ch in self.side(direction))

    def openings(self, direction: Direction) -> tuple[int, ...]:
        return tuple(i for i, ch in enumerate(self.signature(direction)) if ch == "o")

    @property
    def spawn(self) -> tuple[int, int] | None:
        for y, row in enumerate(self.rows):
            x = row.find("S")
            if x >= 0:
                return (x, y)
        return None

    def __str__(self) -> str:
        return "\n".join(self.rows)

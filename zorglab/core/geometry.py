"""Frames and directions of ZR-1: slots ``(col, row)``, cells ``(x, y)``, y grows south."""

from __future__ import annotations

import enum

Slot = tuple[int, int]   # (col, row) on the board
Cell = tuple[int, int]   # global (x, y) = (5*col + x, 5*row + y)

ROOM_SIZE = 5


class Direction(enum.Enum):
    """The four directions; declaration order is the default tie-break order (FR-31)."""

    RIGHT = (1, 0)
    UP = (0, -1)
    LEFT = (-1, 0)
    DOWN = (0, 1)

    def __init__(self, dx: int, dy: int) -> None:
        self.dx = dx        # plain attributes, not properties: every step reads them
        self.dy = dy

    @property
    def opposite(self) -> "Direction":
        return _OPPOSITE[self]

    def turned(self, quarter_turns: int) -> "Direction":
        """This direction turned clockwise by ``quarter_turns`` (negative: anticlockwise)."""
        order = _CLOCKWISE
        return order[(order.index(self) + quarter_turns) % 4]

    def step(self, cell: tuple[int, int]) -> tuple[int, int]:
        return (cell[0] + self.dx, cell[1] + self.dy)

    def __str__(self) -> str:
        return self.name.lower()


_OPPOSITE = {
    Direction.RIGHT: Direction.LEFT,
    Direction.LEFT: Direction.RIGHT,
    Direction.UP: Direction.DOWN,
    Direction.DOWN: Direction.UP,
}
_CLOCKWISE = (Direction.UP, Direction.RIGHT, Direction.DOWN, Direction.LEFT)


def slot_of(cell: Cell) -> Slot:
    """The board slot holding a global cell."""
    return (cell[0] // ROOM_SIZE, cell[1] // ROOM_SIZE)


def local_of(cell: Cell) -> Cell:
    """A global cell's position inside its tile."""
    return (cell[0] % ROOM_SIZE, cell[1] % ROOM_SIZE)


def global_cell(slot: Slot, local: Cell) -> Cell:
    return (ROOM_SIZE * slot[0] + local[0], ROOM_SIZE * slot[1] + local[1])


def neighbour_slot(slot: Slot, direction: Direction) -> Slot:
    return (slot[0] + direction.dx, slot[1] + direction.dy)


def rotate_slot(slot: Slot, quarter_turns: int) -> Slot:
    """A slot turned clockwise about the origin (translation is normalised separately)."""
    col, row = slot
    for _ in range(quarter_turns % 4):
        col, row = -row, col
    return (col, row)


def manhattan(a: Slot, b: Slot) -> int:
    """ZR-5: ``dist`` between two slots."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])

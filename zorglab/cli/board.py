"""An ASCII board for logs, doctests and the CLI's ``--trace``.

Cells: ``#`` wall, ``.`` floor, ``F`` fire, ``W`` water, ``I`` ice, ``P`` poison, ``$`` light
(toll); a living hero shows as its spawn number (1-9, then letters), a corpse as ``x``;
empty slots are blank. ``labels=True`` writes each room's label above it, and :func:`legend`
says what every character on a board means (the CLI's ``--trace`` prints both).
"""

from __future__ import annotations

from typing import Any

from zorglab.engine import cells
from zorglab.core.geometry import ROOM_SIZE
from zorglab.engine.marks import statuses
from zorglab.engine.state import GameState

_CELL_CHARS = {cells.WALL: "#", cells.FLOOR: ".", cells.FIRE: "F", cells.WATER: "W", cells.ICE: "I",
               cells.POISON: "P", cells.LIGHT: "$"}
_HERO_MARKS = "123456789abcdefghijklmnopqrstuvwxyz"


def hero_mark(index: int) -> str:
    return _HERO_MARKS[index] if index < len(_HERO_MARKS) else "?"


_CELL_WORDS = {"#": "wall", ".": "floor", "F": "fire", "W": "water", "I": "ice", "P": "poison",
               "$": "light (toll)"}


def legend(world: Any) -> str:
    """What the characters of this world's boards mean: its cell kinds, its heroes' marks, corpses."""
    present = {_CELL_CHARS[code] for room in world.rooms for line in room.codes for code in line}
    parts = [f"{char} {words}" for char, words in _CELL_WORDS.items() if char in present]
    parts += [f"{hero_mark(i)} {hero.label}" for i, hero in enumerate(world.heroes)]
    parts += ["x a corpse", "each room's label is written above it"]
    return "legend: " + ", ".join(parts)


def _label_line(world: Any, slots: Any, row: int, min_col: int) -> str:
    """The labels of the rooms in one row of slots, each centred over its 5 columns (a long label
    runs on to the right, never over its neighbour's)."""
    line = ""
    for col, label in sorted((slots[room.index][0], room.label) for room in world.rooms
                             if slots[room.index][1] == row):
        start = (col - min_col) * ROOM_SIZE + max(0, (ROOM_SIZE - len(label)) // 2)
        start = max(start, len(line) + 1 if line.strip() else start)
        line = line.ljust(start) + label
    return line.rstrip()


def render_board(world: Any, state: GameState, labels: bool = False) -> str:
    """The whole board in the dungeon frame, one character per cell; ``labels`` puts each room's
    label on a line above its row of rooms."""
    slots = state.slots
    min_col = min(c for c, _ in slots)
    min_row = min(r for _, r in slots)
    width = (max(c for c, _ in slots) - min_col + 1) * ROOM_SIZE
    height = (max(r for _, r in slots) - min_row + 1) * ROOM_SIZE
    grid = [[" "] * width for _ in range(height)]
    for room in world.rooms:
        col, row = slots[room.index]
        for y in range(ROOM_SIZE):
            for x in range(ROOM_SIZE):
                code = room.codes[y][x]
                if (room.index, (x, y)) in state.cleared and code > cells.FLOOR:
                    code = cells.FLOOR
                grid[(row - min_row) * ROOM_SIZE + y][(col - min_col) * ROOM_SIZE + x] = _CELL_CHARS[code]
    for index, hero in enumerate(state.heroes):
        if hero.pos is None:
            continue
        room, (x, y) = hero.pos
        col, row = slots[room]
        gy, gx = (row - min_row) * ROOM_SIZE + y, (col - min_col) * ROOM_SIZE + x
        if hero.alive:
            grid[gy][gx] = hero_mark(index)
        elif grid[gy][gx] not in _HERO_MARKS:
            grid[gy][gx] = "x"
    lines = ["".join(line).rstrip() for line in grid]
    if not labels:
        return "\n".join(lines)
    out = []
    for index, line in enumerate(lines):
        if index % ROOM_SIZE == 0:
            out.append(_label_line(world, slots, min_row + index // ROOM_SIZE, min_col))
        out.append(line)
    return "\n".join(out)


def render_status(world: Any, state: GameState) -> str:
    """One line per hero (HP, gold, where) and the rooms holding gold."""
    lines = [f"tick {state.tick}"]
    for index, hero in enumerate(state.heroes):
        label = world.heroes[index].label
        where = "waiting room" if hero.pos is None else world.rooms[hero.pos[0]].label
        status = "dead" if not hero.alive else (", ".join(statuses(hero.marks)) or "awake")
        gold = f" gold {hero.gold_total}" if hero.gold_total else ""
        lines.append(f"  {hero_mark(index)} {label} ({hero.type}) hp {hero.hp} {status} in {where}{gold}")
    held = [f"{world.rooms[i].label}:{g}" for i, g in enumerate(state.gold) if g]
    if held:
        lines.append("  gold in rooms: " + ", ".join(held))
    spells = [s.label for s in world.spells if state.spells_left[s.index]]
    if spells:
        lines.append("  spells left: " + ", ".join(spells))
    return "\n".join(lines)


def render(world: Any, state: GameState, labels: bool = False) -> str:
    return render_board(world, state, labels) + "\n" + render_status(world, state)

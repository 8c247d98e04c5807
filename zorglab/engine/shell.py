"""The Gunner's Shell (FR-23): a straight, instant projectile that clears what it crosses.

A Shell starts on the cell next to its Gunner and flies straight, room to room through
openings, until the next cell is a wall or lies beyond the dungeon's edge (an opening facing
an empty slot is a wall, ZR-4). Within the Gunner's action it resolves at once, cell by cell
in flight order (docs/rules.md, FR-23):

- the first cell of a Z room: Zorg is hit and the level is lost, by the Gunner; nothing after;
- the first cell of a D room whose monster lives (and whose ``x`` is not 0): the monster dies,
  the room's entry effect is gone for good (``(room, SLAIN)`` joins ``cleared``);
- an elemental cell (green, or dark of a T room) not cleared yet becomes plain floor;
- every living hero standing on the cell loses 2 HP (through ``Resolution.change_hp``).

A shot must clear something (a cell, a monster, or Zorg): a Shell that would change nothing on
the map is no shot. Hits on heroes do not count, since a hero plans as if alone (ZR-13).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from zorglab.engine import cells, events as ev
from zorglab.core.geometry import Direction
from zorglab.engine.resolve import SLAIN
from zorglab.engine.state import Position

if TYPE_CHECKING:
    from zorglab.engine.resolve import Resolution
    from zorglab.engine.hero_scratch import HeroScratch

SHELL_DAMAGE = 2
ELEMENTAL = frozenset({cells.FIRE, cells.WATER, cells.ICE, cells.POISON})

def flight(res: "Resolution", start: Position, direction: Direction) -> tuple[Position, ...]:
    """Every cell a Shell fired from ``start`` crosses, in order (empty: a wall right there).

    Always finite: a straight line leaves a finite dungeon, so no shot lasts forever (FR-22).
    Walls never change, so flights are memoised per world by (slots, start, direction).
    """
    memo = res.world.memo("shell.flight")
    key = (res.slots, start, direction)
    crossed = memo.get(key)
    if crossed is None:
        cells_crossed: list[Position] = []
        pos = res.neighbour(start, direction)
        while pos is not None and not _wall(res, pos):
            cells_crossed.append(pos)
            pos = res.neighbour(pos, direction)
        crossed = memo[key] = tuple(cells_crossed)
    return crossed


def _wall(res: "Resolution", pos: Position) -> bool:
    room, (x, y) = pos
    return res.world.rooms[room].codes[y][x] == cells.WALL


def _has_monster(res: "Resolution", room: int) -> bool:
    info = res.world.rooms[room]
    return info.behaviour.has_monster(info.args) and (room, SLAIN) not in res.cleared


def _elemental(res: "Resolution", pos: Position) -> bool:
    room, (x, y) = pos
    return res.world.rooms[room].codes[y][x] in ELEMENTAL and pos not in res.cleared


def clears_something(res: "Resolution", crossed: tuple[Position, ...]) -> bool:
    """Would a Shell over these cells hit Zorg, kill a monster or clear an elemental cell?"""
    rooms: set[int] = set()
    for pos in crossed:
        room = pos[0]
        if room not in rooms:
            rooms.add(room)
            if res.world.rooms[room].behaviour.ends_level or _has_monster(res, room):
                return True
        if _elemental(res, pos):
            return True
    return False


def fire(res: "Resolution", gunner: "HeroScratch", direction: Direction) -> bool:
    """Fire a Shell from the Gunner's cell; False (nothing changed) if it would clear nothing."""
    if gunner.pos is None:
        return False
    crossed = flight(res, gunner.pos, direction)
    if not crossed or not clears_something(res, crossed):
        return False
    for i, pos in enumerate(crossed):
        if res.world.rooms[pos[0]].behaviour.ends_level:
            crossed = crossed[:i + 1]       # Zorg stops it
            break
    res.emit(ev.ShellFired, gunner.label, str(direction), res.global_cell(crossed[0]),
                           res.global_cell(crossed[-1]))
    rooms: set[int] = set()
    for pos in crossed:
        room = pos[0]
        info = res.world.rooms[room]
        if room not in rooms:
            rooms.add(room)
            if info.behaviour.ends_level:
                res.lost_by = gunner.index
                res.lost_by_room = room
                res.emit(ev.Lost, gunner.label, info.label)
                return True
            if _has_monster(res, room):
                res.cleared = res.cleared | {(room, SLAIN)}
                res.emit(ev.MonsterSlain, info.label)
        if _elemental(res, pos):
            res.cleared = res.cleared | {pos}
            res.emit(ev.CellCleared, info.label, res.global_cell(pos))
        for hero in _heroes_on(res, pos):
            res.change_hp(hero, -SHELL_DAMAGE, "shell")
    return True


def _heroes_on(res: "Resolution", pos: Position) -> list["HeroScratch"]:
    """Living heroes standing on ``pos``, in spawn order (a plan knows only its own hero)."""
    if res.state is None:
        return [h for _, h in sorted(res.heroes.items()) if h.alive and h.pos == pos]
    found = []
    for index, state in enumerate(res.state.heroes):
        scratch = res.heroes.get(index)
        alive, where = (scratch.alive, scratch.pos) if scratch is not None else (state.alive, state.pos)
        if alive and where == pos:
            found.append(res.hero(index))
    return found

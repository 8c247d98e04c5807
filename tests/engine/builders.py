"""Tiny levels for engine tests, drawn as one picture of the whole dungeon.

A test draws the board in the dungeon frame (ZR-1: five characters per room, ``y`` grows
south), names the room standing in each slot, gives each room its type and arguments, and
lists its heroes and spells::

    world = dungeon(
        '''
        ##########
        ..S.......
        ##########
        ''',  # (rows padded to whole rooms below)
        layout="A Z",
        rooms={"A": "A", "Z": "Z"},
        heroes={"W": ("Warrior", 3)},
    )

The picture's global cell ``(x, y)`` is the engine's global cell, so a hand trace reads its
coordinates straight off the drawing. ``log(result)`` gives the event log as short lines.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import fields
from typing import Any

from zorglab.engine import events as ev
from zorglab.engine.run import RunResult, run_world
from zorglab.core.tiles import Tile
from zorglab.engine.world import World
from zorglab.core.model import Cast, HeroSpec, Level, RoomSpec, SpellCall, SpellSpec
from zorglab.core.values import INF, Element, IndexFunction

__all__ = ["INF", "dungeon", "compose", "corridor", "table", "rule", "cast", "play", "log", "lines_of", "tile_rows"]

RoomArg = str | tuple[Any, ...]
EMPTY = (".", "-")


def corridor(middle: str) -> str:
    """A one-row board: walls everywhere but ``middle``, the row ``y = 2`` (rooms side by side)."""
    if len(middle) % 5:
        raise ValueError(f"a corridor row is five cells per room; {middle!r} has {len(middle)}")
    wall = "#" * len(middle)
    return "\n".join([wall, wall, middle, wall, wall])


def compose(*rows: Sequence[Sequence[str] | None]) -> str:
    """A board from tiles: each argument is one row of slots, each slot five lines or None (empty)."""
    lines = []
    for row in rows:
        for y in range(5):
            lines.append("".join("     " if tile is None else tile[y] for tile in row).rstrip())
    return "\n".join(lines)


def table(*values: int) -> IndexFunction:
    """A portal's list-form ``f``: ``[f(1), f(2), ...]``."""
    return IndexFunction("[" + ", ".join(map(str, values)) + "]", table=tuple(values))


def rule(text: str, fn: Callable[[int], int]) -> IndexFunction:
    """A portal's lambda-form ``f``, e.g. ``rule("i -> i + 1", lambda i: i + 1)``."""
    return IndexFunction(text, rule=fn)


def _value(value: Any) -> Any:
    """Strings naming elements become :class:`Element`; sets of them a frozenset."""
    if isinstance(value, str) and value in {e.value for e in Element}:
        return Element(value)
    if isinstance(value, (set, frozenset)):
        return frozenset(_value(v) for v in value)
    return value


def _spec(arg: RoomArg) -> tuple[str, tuple[Any, ...]]:
    if isinstance(arg, str):
        return arg, ()
    return arg[0], tuple(_value(a) for a in arg[1:])


def _board_rows(board: str, columns: int) -> list[str]:
    """The picture's lines, without the blank lines around it and the indentation of the source.

    The indentation is what lies left of ``5 * columns`` cells ending at the longest line, so
    an empty slot in the picture's first column (drawn as spaces) is kept.
    """
    lines = [line.rstrip() for line in board.split("\n")]
    while lines and not lines[0]:
        lines.pop(0)
    while lines and not lines[-1]:
        lines.pop()
    indent = max(len(line) for line in lines) - 5 * columns
    if indent < 0 or any(line[:indent].strip() for line in lines):
        raise ValueError(f"the board is not {columns} rooms wide")
    return [line[indent:] for line in lines]


def tile_rows(board: str, slot: tuple[int, int], columns: int) -> tuple[str, ...]:
    """The five lines of the room drawn at ``slot`` (col, row) in a picture ``columns`` rooms wide."""
    rows = _board_rows(board, columns)
    col, row = slot
    out = []
    for y in range(5 * row, 5 * row + 5):
        line = rows[y] if y < len(rows) else ""
        out.append(line[5 * col:5 * col + 5].ljust(5))
    return tuple(out)


def _layout(layout: str) -> dict[str, tuple[int, int]]:
    slots: dict[str, tuple[int, int]] = {}
    for row, line in enumerate(layout.strip().split("\n")):
        for col, label in enumerate(line.split()):
            if label not in EMPTY:
                if label in slots:
                    raise ValueError(f"room {label!r} drawn twice in the layout")
                slots[label] = (col, row)
    return slots


def dungeon(board: str, layout: str, rooms: Mapping[str, RoomArg], heroes: Mapping[str, tuple[Any, ...]],
            spells: Sequence[tuple[Any, ...] | str] = (), main: str | None = None) -> World:
    """A :class:`World` whose rooms' tiles are cut out of ``board`` at their ``layout`` slots.

    ``rooms``: label -> ``"A"`` or ``("D", 2)`` (element names may be plain strings);
    ``heroes``: label -> ``("Warrior", 3)`` or ``("Elf", 4, {"fire"})``, in spawn order;
    ``spells``: ``("Attack", 1)`` or ``"Sleep"``, labelled ``Attack1``, ``Sleep1``... per type.
    """
    slots = _layout(layout)
    columns = max(len(line.split()) for line in layout.strip().split("\n"))
    if set(slots) != set(rooms):
        raise ValueError(f"layout rooms {sorted(slots)} differ from the rooms given {sorted(rooms)}")
    room_specs = []
    tiles = []
    for label, arg in rooms.items():
        kind, args = _spec(arg)
        tile_name = f"t-{label}"
        rows = tile_rows(board, slots[label], columns)
        if any(" " in line for line in rows):
            raise ValueError(f"room {label!r} at slot {slots[label]} is not fully drawn: {rows}")
        tile = Tile(tile_name, rows)
        room_specs.append(RoomSpec(label, kind, args, tile=tile_name))
        tiles.append((tile_name, tile))
    hero_specs = tuple(HeroSpec(label, spec[0], tuple(_value(a) for a in spec[1:])) for label, spec in heroes.items())
    counts: dict[str, int] = {}
    spell_specs = []
    for spec in spells:
        kind, args = _spec(spec)
        counts[kind] = counts.get(kind, 0) + 1
        spell_specs.append(SpellSpec(f"{kind}{counts[kind]}", kind, args))
    level = Level(id="test", rooms=tuple(room_specs), heroes=hero_specs, spells=tuple(spell_specs),
                  tiles=tuple(tiles))
    return World(level, slots, main=main)


def cast(tick: int, spell: str, *args: Any, on: str | Iterable[str] = ()) -> Cast:
    """``@tick spell(args) [on HERO...]``."""
    targets = (on,) if isinstance(on, str) else tuple(on)
    text = spell + (f"({', '.join(map(str, args))})" if args else "") + (f" on {', '.join(targets)}" if targets else "")
    return Cast(tick, SpellCall(spell, tuple(args)), on=targets, source=text)


def play(world: World, *casts: Cast, keep_states: bool = False) -> RunResult:
    """Run the world from its start with these casts (refused casts are skipped and listed)."""
    return run_world(world, casts, keep_states=keep_states)


def _field(value: Any) -> str:
    return "-" if value is None else str(value)


def lines_of(events: Iterable[ev.Event], skip: Iterable[str] = ()) -> list[str]:
    """Events as ``"tick kind field field..."`` lines, e.g. ``"2 stepped W right (3, 2)"``."""
    skipped = set(skip)
    return [" ".join([str(e.tick), e.kind] + [_field(getattr(e, f.name)) for f in fields(e) if f.name != "tick"])
            for e in events if e.kind not in skipped]


def log(result: RunResult, skip: Iterable[str] = ()) -> list[str]:
    """The run's event log as short lines (see :func:`lines_of`)."""
    return lines_of(result.events, skip)


def diagonal_world(z_slot: tuple[int, int], hero: tuple):
    """A 3x3 dungeon of crosses, A in the middle and Z on the corner ``z_slot`` picks (the other
    rooms harmless D(0)): two first steps tie, so the hero type's direction order decides."""
    cross = ("##.##", "#...#", ".....", "#...#", "##.##")
    spawn = ("##.##", "#...#", "..S..", "#...#", "##.##")
    zc, zr = (2 if z_slot[0] == 1 else 0), (0 if z_slot[1] == 0 else 2)
    labels = [[f"R{c}{r}" for c in range(3)] for r in range(3)]
    labels[1][1], labels[zr][zc] = "A", "Z"
    tiles = [[spawn if labels[r][c] == "A" else cross for c in range(3)] for r in range(3)]
    rooms = {label: ("A" if label == "A" else "Z" if label == "Z" else ("D", 0)) for row in labels for label in row}
    return dungeon(compose(*tiles), layout="\n".join(" ".join(row) for row in labels), rooms=rooms,
                   heroes={"H": hero})

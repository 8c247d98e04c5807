"""Temples to and from JSON: the native format and the original app's xp layouts.

Both formats share the contract's shape (id, name, entrance, floors, rooms). The native
format adds ``seed``, ``theme``, ``element`` and the generator's ``options``; the xp format
(``tests/temples/fixtures/xp``) adds ``source`` and nothing else. Loading checks the whole
structure and reports every fault at once (:class:`TempleFormatError`).

A temple file is read as hostile input: only a regular file of bounded size, UTF-8, JSON nested
at most :data:`MAX_DEPTH` deep, at most :data:`MAX_FLOORS` floors of at most :data:`MAX_SIDE`
rows and columns and :data:`MAX_CELLS` cells in all (docs/temples.md "Temple files: limits").
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from zorglab.errors import LevelError, Location, Problem
from zorglab.level import files
from zorglab.temples.frozen import EMPTY, FrozenDict, freeze, thaw
from zorglab.temples.model import SIDES, Floor, Place, Room, Temple, TempleFormatError

FORMATS = ("auto", "zorglab", "xp")
XP_KEYS = ("id", "name", "source", "entrance", "floors", "rooms")
NATIVE_KEYS = ("id", "name", "seed", "theme", "element", "entrance", "floors", "rooms", "source", "options")
NATIVE_REQUIRED = ("id", "name", "entrance", "floors", "rooms")
ROOM_FIELDS = ("type", "locked", "content", "barriers")
BARRIER_KINDS = ("wall", "bombable")
LOCK_KEYS = SIDES + ("master",)          # a locked door side, or the master lock's note (R6)

MAX_DEPTH = 32           # JSON nesting; a temple needs 5
MAX_FLOORS = 16
MAX_SIDE = 64            # rows or columns of one floor; generated large temples have 9
MAX_CELLS = 16_384       # all floors together
MAX_TEMPLE_BYTES = files.MAX_FILE_BYTES


class _Faults:
    """Collects problems, each located by the first place its key appears in the text."""

    def __init__(self, path: str, text: str | None):
        self.path, self.text = path, text
        self.problems: list[Problem] = []

    def add(self, message: str, near: str | None = None) -> None:
        line, col = 1, 1
        if self.text and near:
            at = self.text.find(near)
            if at >= 0:
                line = self.text.count("\n", 0, at) + 1
                col = at - (self.text.rfind("\n", 0, at) + 1) + 1
        self.problems.append(Problem(Location(self.path, line, col), message, TempleFormatError))


def _room(token: str, data: Any, faults: _Faults) -> Room | None:
    where = f"room {token!r}"
    if not isinstance(data, dict):
        faults.add(f"{where} must be an object", f'"{token}"')
        return None
    kind = data.get("type")
    if not isinstance(kind, str) or not kind:
        faults.add(f"{where} needs a string 'type'", f'"{token}"')
        return None
    locked, content, barriers = data.get("locked"), data.get("content"), data.get("barriers")
    if locked is not None and (not isinstance(locked, dict) or not all(isinstance(v, bool) for v in locked.values())):
        faults.add(f"{where}: 'locked' must map sides to true/false", f'"{token}"')
    elif isinstance(locked, dict):
        for side in locked:
            if side not in LOCK_KEYS:
                faults.add(f"{where}: 'locked' names {json.dumps(side)}, which is not a side "
                           f"({', '.join(LOCK_KEYS)})", f'"{token}"')
    if content is not None and not isinstance(content, dict):
        faults.add(f"{where}: 'content' must be an object", f'"{token}"')
    if barriers is not None:
        if not isinstance(barriers, dict):
            faults.add(f"{where}: 'barriers' must map sides to wall or bombable", f'"{token}"')
        else:
            for side, kind_ in barriers.items():
                if side not in SIDES or kind_ not in BARRIER_KINDS:
                    faults.add(f"{where}: barrier {side!r}: {kind_!r} is not a side drawn wall or bombable", f'"{token}"')
    extra = FrozenDict({k: freeze(v) for k, v in data.items() if k not in ROOM_FIELDS})
    return Room(
        type=kind,
        locked=freeze(locked) if isinstance(locked, dict) else None,
        content=freeze(content) if isinstance(content, dict) else None,
        barriers=freeze(barriers) if isinstance(barriers, dict) else None,
        extra=extra or EMPTY,
    )


def _floors(data: Any, faults: _Faults) -> tuple[Floor, ...]:
    if not isinstance(data, list) or not data:
        faults.add("'floors' must be a non-empty list", '"floors"')
        return ()
    if len(data) > MAX_FLOORS:
        faults.add(f"{len(data)} floors; a temple has at most {MAX_FLOORS}", '"floors"')
        return ()
    sizes = [(len(f["grid"]), max((len(r) for r in f["grid"] if isinstance(r, list)), default=0))
             for f in data if isinstance(f, dict) and isinstance(f.get("grid"), list)]
    if any(rows > MAX_SIDE or cols > MAX_SIDE for rows, cols in sizes):
        rows, cols = next((r, c) for r, c in sizes if r > MAX_SIDE or c > MAX_SIDE)
        faults.add(f"a floor of {rows} x {cols} cells; a floor has at most {MAX_SIDE} rows and {MAX_SIDE} columns",
                   '"grid"')
        return ()
    if sum(rows * cols for rows, cols in sizes) > MAX_CELLS:
        faults.add(f"{sum(r * c for r, c in sizes):,} cells; a temple has at most {MAX_CELLS:,}", '"floors"')
        return ()
    floors = []
    for index, floor in enumerate(data):
        if not isinstance(floor, dict) or not isinstance(floor.get("label"), str):
            faults.add(f"floor {index} needs a string 'label'", '"floors"')
            continue
        label, grid = floor["label"], floor.get("grid")
        if (
            not isinstance(grid, list)
            or not grid
            or not all(isinstance(row, list) and row and all(isinstance(t, str) for t in row) for row in grid)
        ):
            faults.add(f"floor {label}: 'grid' must be a non-empty list of rows of tokens", f'"{label}"')
            continue
        if len({len(row) for row in grid}) != 1:
            faults.add(f"floor {label}: rows differ in length {sorted({len(r) for r in grid})}", f'"{label}"')
            continue
        floors.append(Floor(label, tuple(tuple(row) for row in grid)))
    return tuple(floors)


def temple_from_dict(data: Any, *, path: str = "<dict>", format: str = "auto", text: str | None = None) -> Temple:
    """Build a :class:`Temple` from parsed JSON, or raise with every structural fault."""
    faults = _Faults(path, text)
    if format not in FORMATS:
        raise TempleFormatError(f"unknown temple format {format!r} (use {', '.join(FORMATS)})", Location(path, 1, 1))
    if not isinstance(data, dict):
        raise TempleFormatError("a temple file holds one JSON object", Location(path, 1, 1))
    if format == "auto":
        format = "xp" if set(data) == set(XP_KEYS) else "zorglab"
    if format == "xp":
        if set(data) != set(XP_KEYS):
            faults.add(f"an xp temple has exactly the keys {', '.join(XP_KEYS)}; found {', '.join(data)}")
    else:
        for key in NATIVE_REQUIRED:
            if key not in data:
                faults.add(f"missing {key!r}")
        for key in data:
            if key not in NATIVE_KEYS:
                faults.add(f"unknown key {key!r}", f'"{key}"')
    for key in ("id", "name"):
        if key in data and not isinstance(data[key], str):
            faults.add(f"{key!r} must be a string", f'"{key}"')
    for key in ("theme", "element"):
        if data.get(key) is not None and not isinstance(data[key], str):
            faults.add(f"{key!r} must be a string", f'"{key}"')
    seed = data.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str))):
        faults.add("'seed' must be an integer or a string", '"seed"')
    for key in ("source", "options"):
        if data.get(key) is not None and not isinstance(data[key], dict):
            faults.add(f"{key!r} must be an object", f'"{key}"')

    floors = _floors(data.get("floors"), faults)
    raw_rooms = data.get("rooms")
    rooms: dict[str, Room] = {}
    if not isinstance(raw_rooms, dict):
        faults.add("'rooms' must map tokens to rooms", '"rooms"')
    else:
        for token, room in raw_rooms.items():
            parsed = _room(token, room, faults)
            if parsed is not None:
                rooms[token] = parsed
    for floor in floors:
        unknown = sorted({t for row in floor.grid for t in row} - set(rooms))
        if unknown and isinstance(raw_rooms, dict):
            faults.add(f"floor {floor.label}: tokens without a room: {', '.join(map(repr, unknown))}", f'"{floor.label}"')

    entrance = data.get("entrance")
    place = None
    if not (isinstance(entrance, list) and len(entrance) == 3 and all(type(v) is int for v in entrance)):
        faults.add("'entrance' must be [floor, row, col]", '"entrance"')
    else:
        place = Place(*entrance)
        f, r, c = place
        if not (0 <= f < len(floors) and 0 <= r < floors[f].rows and 0 <= c < floors[f].cols):
            faults.add(f"entrance {place} lies outside the maze", '"entrance"')
        elif floors[f].grid[r][c] in rooms and not rooms[floors[f].grid[r][c]].passable:
            faults.add(f"entrance {place} is a wall", '"entrance"')
    if faults.problems:
        raise TempleFormatError(faults.problems)
    return Temple(
        id=data["id"],
        name=data["name"],
        entrance=place,  # type: ignore[arg-type]
        floors=floors,
        rooms=FrozenDict(rooms),
        seed=seed,
        theme=data.get("theme"),
        element=data.get("element"),
        source=freeze(data["source"]) if isinstance(data.get("source"), dict) else None,
        options=freeze(data["options"]) if isinstance(data.get("options"), dict) else None,
    )


def room_to_dict(room: Room) -> dict[str, Any]:
    out: dict[str, Any] = {"type": room.type}
    for key, value in room.extra.items():
        out[key] = thaw(value)
    for key in ("locked", "content", "barriers"):
        value = getattr(room, key)
        if value is not None:
            out[key] = thaw(value)
    return out


def temple_to_dict(temple: Temple, format: str = "zorglab") -> dict[str, Any]:
    """Plain JSON data for ``temple`` in the native or the xp format."""
    body = {
        "entrance": list(temple.entrance),
        "floors": [{"label": f.label, "grid": [list(row) for row in f.grid]} for f in temple.floors],
        "rooms": {token: room_to_dict(room) for token, room in temple.rooms.items()},
    }
    if format == "xp":
        return {"id": temple.id, "name": temple.name, "source": thaw(temple.source) if temple.source else {}, **body}
    if format != "zorglab":
        raise ValueError(f"unknown temple format {format!r}")
    out: dict[str, Any] = {
        "id": temple.id,
        "name": temple.name,
        "seed": temple.seed,
        "theme": temple.theme,
        "element": temple.element,
        **body,
    }
    if temple.source is not None:
        out["source"] = thaw(temple.source)
    if temple.options is not None:
        out["options"] = thaw(temple.options)
    return out


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def dumps_temple(temple: Temple, format: str = "zorglab") -> str:
    """Deterministic JSON text: one grid row and one room per line, same bytes for same temple."""
    data = temple_to_dict(temple, format)
    lines = ["{"]
    keys = list(data)
    for i, key in enumerate(keys):
        comma = "," if i < len(keys) - 1 else ""
        value = data[key]
        if key == "floors":
            lines.append('  "floors": [')
            for j, floor in enumerate(value):
                lines.append("    {")
                lines.append(f'      "label": {_compact(floor["label"])},')
                lines.append('      "grid": [')
                rows = [f"        {_compact(row)}" for row in floor["grid"]]
                lines.append(",\n".join(rows))
                lines.append("      ]")
                lines.append("    }" + ("," if j < len(value) - 1 else ""))
            lines.append("  ]" + comma)
        elif key == "rooms":
            lines.append('  "rooms": {')
            items = [f"    {_compact(token)}: {_compact(room)}" for token, room in value.items()]
            lines.append(",\n".join(items))
            lines.append("  }" + comma)
        else:
            lines.append(f"  {_compact(key)}: {_compact(value)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"


_JSON_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def _too_deep(text: str, path: str) -> None:
    """Refuse JSON nested deeper than :data:`MAX_DEPTH` at the bracket that goes too deep (the
    parser would recurse once per level)."""
    depth = 0
    for match in _JSON_TOKENS.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                at = match.start()
                line = text.count("\n", 0, at) + 1
                col = at - (text.rfind("\n", 0, at) + 1) + 1
                raise TempleFormatError(f"JSON nested more than {MAX_DEPTH} deep; a temple needs 5",
                                        Location(path, line, col))
        elif token in "]}":
            depth -= 1


def loads_temple(text: str, *, path: str = "<string>", format: str = "auto") -> Temple:
    _too_deep(text, path)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise TempleFormatError(f"not JSON: {error.msg}", Location(path, error.lineno, error.colno)) from None
    except (ValueError, RecursionError) as error:      # an integer of thousands of digits
        reason = "a number with thousands of digits" if "digits" in str(error) else str(error).split(";")[0]
        raise TempleFormatError(f"not a temple: {reason}", Location(path, 1, 1)) from None
    return temple_from_dict(data, path=path, format=format, text=text)


def load_temple(path: str | Path, format: str = "auto") -> Temple:
    """Read a temple file (native, or xp with ``format="xp"``; ``auto`` tells them apart)."""
    shown = str(path)
    try:
        text = files.decode_utf8(files.read_bounded(path, "temple file", limit=MAX_TEMPLE_BYTES), shown)
    except LevelError as error:
        problem = error.problems[0]
        message = problem.message.replace("this file is not valid UTF-8", "not UTF-8 text (a binary file?)")
        raise TempleFormatError(message, problem.location) from None
    return loads_temple(text, path=shown, format=format)


def save_temple(temple: Temple, path: str | Path, format: str = "zorglab") -> None:
    """Write the temple file atomically (a symlink's target gets it); a fault names the file."""
    shown = str(path)
    target = Path(os.path.realpath(path))
    with files.locked(target, shown):
        mode = files.require_writable(target, shown) if target.exists() else None
        files.write_atomic(target, dumps_temple(temple, format).encode("utf-8"), mode, shown)


def import_xp(data: dict[str, Any], *, path: str = "<xp>") -> Temple:
    """A temple from an xp layout (the original app's hand-authored temples as JSON)."""
    return temple_from_dict(data, path=path, format="xp")


def export_xp(temple: Temple) -> dict[str, Any]:
    """The xp layout of ``temple``: ``import_xp(export_xp(t)) == t`` for every xp temple."""
    return temple_to_dict(temple, "xp")

"""What is drawn where: :func:`temple_cells` for any painter, plus text and HTML views.

``temple_cells`` is pure data (room type, locks, barriers, stairs, circles, pits and
critical-path membership per cell) so a later PNG painter needs nothing else.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Iterator

from zorglab.temples.graph import FLAG_BITS, compile_temple
from zorglab.temples.model import (
    GATE,
    PIT,
    SIDES,
    STAIRS_DOWN,
    STAIRS_UP,
    TELEPORT,
    Place,
    Temple,
)
from zorglab.temples.route import Route
from zorglab.temples.topology import is_boss_door, neighbour, pit_drop_of, stairs_lock, teleport_target_for
from zorglab.temples.words import text_legend


@dataclass(frozen=True)
class CellView:
    """One cell as a painter needs it."""

    place: Place
    floor_label: str
    token: str
    type: str
    room: bool
    locked: tuple[str, ...]
    boss_door: tuple[str, ...]
    barriers: tuple[tuple[str, str], ...]
    stairs: str | None
    stairs_lock: str | None
    teleport_to: Place | None
    pit_to: Place | None
    entrance: bool
    gate: bool
    critical: int | None


def critical_route_of(temple: Temple) -> Route | None:
    from zorglab.temples.solver import solve

    return solve(temple).critical


def temple_cells(temple: Temple, route: Route | None | bool = True) -> Iterator[CellView]:
    """Every cell of every floor (list order, reading order). ``route=True`` works out the
    critical path; pass a :class:`Route` to reuse one, or ``None`` for no path."""
    if route is True:
        route = critical_route_of(temple)
    first: dict[Place, int] = {}
    if isinstance(route, Route):
        for i, p in enumerate(route.cells):
            first.setdefault(p, i)
    graph = compile_temple(temple)
    boss_sides: dict[Place, set[str]] = {}
    lock_sides: dict[Place, set[str]] = {}
    for link in graph.links:
        if link.via != "door":
            continue
        a, b = graph.places[link.source], graph.places[link.target]
        side = next(s for s in SIDES if neighbour(a, s) == b)
        if is_boss_door(graph.kinds[link.source], graph.kinds[link.target]):
            boss_sides.setdefault(a, set()).add(side)
        elif link.need >> FLAG_BITS:
            lock_sides.setdefault(a, set()).add(side)
    gate = graph.places[graph.gate]
    for place in temple.places():
        room = temple.room_at(place)
        kind = room.type
        yield CellView(
            place=place,
            floor_label=temple.floors[place.floor].label,
            token=temple.token_at(place),
            type=kind,
            room=room.passable,
            locked=tuple(s for s in SIDES if s in lock_sides.get(place, ())),
            boss_door=tuple(s for s in SIDES if s in boss_sides.get(place, ())),
            barriers=tuple((s, room.barrier(s)) for s in SIDES if room.barrier(s)),  # type: ignore[misc]
            stairs="up" if kind == STAIRS_UP else "down" if kind == STAIRS_DOWN else None,
            stairs_lock=stairs_lock(room) if kind in (STAIRS_UP, STAIRS_DOWN) else None,
            teleport_to=teleport_target_for(temple, place) if kind == TELEPORT else None,
            pit_to=pit_drop_of(temple, place) if kind == PIT else None,
            entrance=place == temple.entrance,
            gate=place == gate and (kind == GATE or place == temple.entrance),
            critical=first.get(place),
        )


def temple_text(temple: Temple, route: Route | None | bool = True) -> str:
    """Each floor as a grid of tokens; ``*`` marks the critical path, ``@`` the entrance; then the
    legend (every token in words), the locked doors and the critical order."""
    if route is True:
        route = critical_route_of(temple)
    cells = list(temple_cells(temple, route))
    lines = [f"{temple.name} ({temple.id})"]
    if temple.seed is not None:
        lines.append(f"seed {temple.seed!r}, theme {temple.theme}, element {temple.element}")
    for f, floor in enumerate(temple.floors):
        lines.append("")
        lines.append(f"floor {f}: {floor.label} ({floor.rows}x{floor.cols})")
        for r in range(floor.rows):
            row = []
            for c in range(floor.cols):
                cell = cells[_offset(temple, f, r, c)]
                if not cell.room:
                    row.append("  .  ")
                else:
                    mark = "@" if cell.entrance else "*" if cell.critical is not None else " "
                    row.append(f"{mark}{cell.token:<4}")
            lines.append(" ".join(row).rstrip())
    lines.append("")
    lines.extend(text_legend(temple))
    graph = compile_temple(temple)
    if graph.doors:
        lines.append("")
        lines.append("locked: " + ", ".join(
            f"{graph.places[u]}-{graph.places[v]}{' (stairs)' if via == 'stairs' else ''}" for u, v, via in graph.doors
        ))
    if route is not False:
        lines.append("")
        if route is None:
            lines.append("critical path: none (the gate cannot be reached)")
        else:
            lines.append(f"critical path: {len(route)} rooms")
            lines.append("critical order: " + "; ".join(f"{p} {what}" for p, what in route.milestones))
    return "\n".join(lines)


_COLOURS = {
    "wall": "#333",
    "void": "#000",
    "entrance": "#9fd39f",
    "gate": "#9fd39f",
    "boss": "#e06666",
    "miniboss": "#f4a261",
    "monster": "#f6c6a0",
    "loot": "#ffe599",
    "key": "#ffe599",
    "shop": "#b4a7d6",
    "health": "#b6d7a8",
    "camp": "#b6d7a8",
    "savepoint": "#a4c2f4",
    "stairs_up": "#cfe2f3",
    "stairs_down": "#cfe2f3",
    "teleport": "#d5a6bd",
    "pit": "#999",
}


def temple_html(temple: Temple, route: Route | None | bool = True) -> str:
    """A small HTML table per floor: type colours, red sides for locks, bold for the path."""
    cells = list(temple_cells(temple, route))
    parts = [f"<div><b>{html.escape(temple.name)}</b> <code>{html.escape(temple.id)}</code>"]
    for f, floor in enumerate(temple.floors):
        parts.append(f"<div>{html.escape(floor.label)}</div><table style='border-collapse:collapse'>")
        for r in range(floor.rows):
            parts.append("<tr>")
            for c in range(floor.cols):
                cell = cells[_offset(temple, f, r, c)]
                style = [f"background:{_COLOURS.get(cell.type, '#eee')}", "width:2.4em", "height:2.4em",
                         "text-align:center", "font-family:monospace", "border:1px solid #ccc"]
                for side in cell.locked:
                    style.append(f"border-{_css_side(side)}:3px solid #c00")
                for side in cell.boss_door:
                    style.append(f"border-{_css_side(side)}:3px solid #600")
                if cell.critical is not None:
                    style.append("font-weight:bold;outline:2px solid #06c")
                text = "" if not cell.room else html.escape(cell.token)
                title = html.escape(f"{cell.type} {cell.place}")
                parts.append(f"<td style='{';'.join(style)}' title='{title}'>{text}</td>")
            parts.append("</tr>")
        parts.append("</table>")
    parts.append("</div>")
    return "".join(parts)


def _css_side(side: str) -> str:
    return {"north": "top", "south": "bottom", "east": "right", "west": "left"}[side]


def _offset(temple: Temple, f: int, r: int, c: int) -> int:
    before = sum(fl.rows * fl.cols for fl in temple.floors[:f])
    return before + r * temple.floors[f].cols + c

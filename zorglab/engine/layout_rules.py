"""The construction rules of a layout (FR-5..FR-7; ZR-3, ZR-4, ZR-22): :func:`validate_layout`
reports every broken rule at once, as :class:`Violation` sentences a designer reads in the editor,
with the words for sides and rotations they use.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from zorglab.core.geometry import ROOM_SIZE, Direction, Slot, neighbour_slot
from zorglab.core.registry import is_spawn_room
from zorglab.core.tiles import Tile
from zorglab.errors import LayoutError, Location, Problem
from zorglab.core.model import Level

if TYPE_CHECKING:
    from zorglab.engine.layout import Layout

SIDE_NAMES = {Direction.UP: "north", Direction.RIGHT: "east", Direction.DOWN: "south", Direction.LEFT: "west"}


def side_name(direction: Direction) -> str:
    """A side as the editor names it: ``north``, ``east``, ``south``, ``west``."""
    return SIDE_NAMES[direction]


def describe_rotation(quarter_turns: int) -> str:
    """A rotation in a designer's words, with the side the hatch (the tile's top edge) faces (NFR-6)."""
    q = quarter_turns % 4
    hatch = side_name(Direction.UP.turned(q))
    if q == 0:
        return f"upright (hatch {hatch})"
    return f"turned {q} quarter turn{'s' if q > 1 else ''} clockwise (hatch {hatch})"


def slot_text(slot: Slot) -> str:
    """A board slot as messages write it: ``(col, row)``."""
    return f"({slot[0]}, {slot[1]})"


def listed(labels: Iterable[str]) -> str:
    """Room labels as a sentence lists them: ``A``, ``A and B``, ``A, B and C``."""
    labels = list(labels)
    return labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " and " + labels[-1]


# --- validation -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Violation:
    """One broken construction rule: its code, a sentence for the designer, and what it concerns.

    ``side`` is in the board frame, for the first of ``rooms``; ``index`` counts cells along that
    side from 0 (from the north on east/west sides, from the west on north/south sides).
    """

    rule: str
    message: str
    rooms: tuple[str, ...] = ()
    side: Direction | None = None
    index: int | None = None
    slot: Slot | None = None

    def __str__(self) -> str:
        return f"{self.rule}: {self.message}"


def main_room(level: Level, layout: Layout) -> str | None:
    """The main A at the start (ZR-22): the layout's choice, else the first A declared."""
    if layout.main is not None:
        return layout.main
    return next((room.label for room in level.rooms if is_spawn_room(room.type)), None)


def adjacencies(layout: Layout) -> tuple[tuple[str, Direction, str], ...]:
    """Every ``(room, side, neighbour)`` of side-adjacent rooms, both ways round, board frame."""
    found = []
    for label, placement in layout.placements:
        for direction in Direction:
            for other in layout.rooms_at(neighbour_slot(placement.slot, direction)):
                found.append((label, direction, other))
    return tuple(found)


def validate_layout(level: Level, layout: Layout) -> list[Violation]:
    """Every way ``layout`` breaks FR-5..FR-7 (ZR-3, ZR-4) or the main-A choice (ZR-22); empty when valid."""
    known = {room.label: room for room in level.rooms}
    placed = [room.label for room in level.rooms if room.label in layout]   # declaration order
    violations = [Violation("FR-5 unknown room",
                            f"{label} is placed at {slot_text(p.slot)} but the level has no room {label}",
                            (label,), slot=p.slot)
                  for label, p in layout.placements if label not in known]
    violations += [Violation("FR-5 missing", f"{room.label} is not placed: every room the level supplies "
                             "must be on the board", (room.label,))
                   for room in level.rooms if room.label not in layout]
    by_slot: dict[Slot, list[str]] = {}
    for label in placed:
        by_slot.setdefault(layout.slot(label), []).append(label)
    ordered_slots = sorted(by_slot, key=lambda s: (s[1], s[0]))
    violations += [Violation("FR-5 overlap", f"{listed(by_slot[s])} are "
                             f"{'both' if len(by_slot[s]) == 2 else 'all'} placed at {slot_text(s)}: "
                             "one room per slot", tuple(by_slot[s]), slot=s)
                   for s in ordered_slots if len(by_slot[s]) > 1]
    tiles = {label: level.room_tile(label).rotated(layout.rotation(label)) for label in placed}
    violations += _border_violations(by_slot, ordered_slots, tiles)
    violations += _connection_violations(level, layout, placed, by_slot, tiles)
    violations += _orientation_violations(level, layout, placed)
    if layout.main is not None and layout.main not in known:
        violations.append(Violation("ZR-22 main", f"the main A is {layout.main}, but the level has no room "
                                    f"{layout.main}", (layout.main,)))
    elif layout.main is not None and not is_spawn_room(known[layout.main].type):
        kind = known[layout.main].type
        violations.append(Violation("ZR-22 main", f"the main A must be an A room; {layout.main} is "
                                    f"{'an' if kind[:1] in 'AEFHILMNORSX' else 'a'} {kind} room", (layout.main,),
                                    slot=layout.slot(layout.main) if layout.main in layout else None))
    return violations


def _what(signature_char: str) -> str:
    return "an opening" if signature_char == "o" else "a wall"


def side_mismatches(by_slot: dict[Slot, list[str]], ordered_slots: list[Slot],
                    tiles: Mapping[str, Tile]) -> Iterator[tuple[Slot, Direction, str, str, int, str, str]]:
    """FR-6, lazily: each cell where two side-adjacent rooms disagree (wall against opening), as
    ``(slot, direction, room, other room, cell index, room's sign, other's sign)``."""
    for slot in ordered_slots:
        for direction in (Direction.RIGHT, Direction.DOWN):
            for label in by_slot[slot]:
                for other in by_slot.get(neighbour_slot(slot, direction), ()):
                    mine = tiles[label].signature(direction)
                    theirs = tiles[other].signature(direction.opposite)
                    if mine == theirs:
                        continue
                    for index in range(ROOM_SIZE):
                        if mine[index] != theirs[index]:
                            yield slot, direction, label, other, index, mine[index], theirs[index]


def _border_violations(by_slot: dict[Slot, list[str]], ordered_slots: list[Slot],
                       tiles: Mapping[str, Tile]) -> list[Violation]:
    return [Violation("FR-6 border",
                      f"{label} ({side_name(direction)} side, cell {index}) is {_what(mine)} "
                      f"but {other} ({side_name(direction.opposite)} side, cell {index}) is {_what(theirs)}",
                      (label, other), direction, index, slot)
            for slot, direction, label, other, index, mine, theirs in side_mismatches(by_slot, ordered_slots, tiles)]


def border_violations(tiles: Mapping[str, Tile], slots: Mapping[str, Slot],
                      first_only: bool = False) -> list[Violation]:
    """FR-6 for rooms already turned as they stand: every side-adjacent pair must match cell for
    cell. The engine re-checks this after a Move or Swap (FR-38) on the upright dungeon frame;
    ``first_only`` stops at the first mismatch (a legality check needs no more)."""
    by_slot: dict[Slot, list[str]] = {}
    for label, slot in slots.items():
        by_slot.setdefault((slot[0], slot[1]), []).append(label)
    ordered = sorted(by_slot, key=lambda s: (s[1], s[0]))
    if not first_only:
        return _border_violations(by_slot, ordered, tiles)
    first = next(side_mismatches(by_slot, ordered, tiles), None)
    if first is None:
        return []
    slot, direction, label, other, index, mine, theirs = first
    return [Violation("FR-6 border", f"{label} ({side_name(direction)} side, cell {index}) is {_what(mine)} "
                      f"but {other} ({side_name(direction.opposite)} side, cell {index}) is {_what(theirs)}",
                      (label, other), direction, index, slot)]


def _joined(a: Tile, b: Tile, direction: Direction) -> bool:
    """Whether two side-adjacent tiles (b lying ``direction`` of a) face opening to opening somewhere."""
    return bool(set(a.openings(direction)) & set(b.openings(direction.opposite)))


def _connection_violations(level: Level, layout: Layout, placed: list[str], by_slot: dict[Slot, list[str]],
                           tiles: dict[str, Tile]) -> list[Violation]:
    if not placed:
        return []
    links: dict[str, list[str]] = {label: [] for label in placed}
    for label in placed:
        for direction in Direction:
            for other in by_slot.get(neighbour_slot(layout.slot(label), direction), ()):
                if _joined(tiles[label], tiles[other], direction):
                    links[label].append(other)
    main = main_room(level, layout)
    anchor = main if main in links and is_spawn_room(level.room(main).type) else placed[0]
    components = []
    reached: set[str] = set()
    for start in [anchor] + placed:
        if start in reached:
            continue
        linked, frontier = {start}, [start]
        while frontier:
            for other in links[frontier.pop()]:
                if other not in linked:
                    linked.add(other)
                    frontier.append(other)
        reached |= linked
        components.append([label for label in placed if label in linked])
    found = []
    for component in components[1:]:
        isolated = len(component) == 1
        message = (f"{listed(component)} {'is' if isolated else 'are'} cut off from {anchor}: no pair of facing "
                   f"openings joins {'it' if isolated else 'them'} to the rest of the dungeon")
        if _touches_at_corner(layout, component, placed):
            message += " (rooms touching only at a corner are not connected)"
        found.append(Violation("FR-6 disconnected", message, tuple(component), slot=layout.slot(component[0])))
    return found


def _touches_at_corner(layout: Layout, component: list[str], placed: list[str]) -> bool:
    inside = {layout.slot(label) for label in component}
    outside = {layout.slot(label) for label in placed if label not in component}
    return any((col + dc, row + dr) in outside for col, row in inside for dc in (-1, 1) for dr in (-1, 1))


def _orientation_violations(level: Level, layout: Layout, placed: list[str]) -> list[Violation]:
    spawns = [label for label in placed if is_spawn_room(level.room(label).type)]
    if not spawns:
        return []
    main = main_room(level, layout)
    reference = main if main in spawns else spawns[0]
    q = layout.rotation(reference)
    spawns_agree = all(layout.rotation(label) == q for label in spawns)
    if spawns_agree:
        anchor = (f"the A room {reference} is" if len(spawns) == 1
                  else f"the A rooms ({', '.join(spawns)}) are")
    else:
        anchor = f"the main A, {reference}, is"
    found = []
    for label in placed:
        rotation = layout.rotation(label)
        if rotation == q:
            continue
        rule_text = ("every A room must share one orientation" if is_spawn_room(level.room(label).type)
                     else "every room must share the A rooms' orientation")
        found.append(Violation("FR-7 orientation",
                               f"{label} is {describe_rotation(rotation)} but {anchor} {describe_rotation(q)}: "
                               f"{rule_text}", (label, reference), slot=layout.slot(label)))
    return found


def is_valid(level: Level, layout: Layout) -> bool:
    return not validate_layout(level, layout)


def require_valid(level: Level, layout: Layout, location: Location | None = None) -> None:
    """Refuse an invalid layout (FR-8) with a :class:`LayoutError` listing every violation."""
    violations = validate_layout(level, layout)
    if violations:
        raise LayoutError([Problem(location, str(v), LayoutError) for v in violations])

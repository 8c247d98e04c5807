"""Layouts on the board (FR-5..FR-8, FR-10; ZR-1..ZR-5, ZR-22): placing rooms, checking them, and
turning a valid layout into the dungeon frame the simulation runs in.

A :class:`Layout` is what the player builds in the board frame: every room's slot and quarter
turns. :func:`validate_layout` reports every broken rule at once, in words a designer reads in the
editor; :func:`normalise` turns the whole layout by ``-q`` so every tile stands upright (ZR-3).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from zorglab.core.geometry import ROOM_SIZE, Direction, Slot, manhattan, neighbour_slot, rotate_slot
from zorglab.core.registry import is_spawn_room
from zorglab.core.tiles import Tile
from zorglab.errors import LayoutError, Location, Problem
from zorglab.core.model import Level, Solution

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


def _slot_text(slot: Slot) -> str:
    return f"({slot[0]}, {slot[1]})"


def _names(labels: Iterable[str]) -> str:
    labels = list(labels)
    return labels[0] if len(labels) == 1 else ", ".join(labels[:-1]) + " and " + labels[-1]


@dataclass(frozen=True)
class Placement:
    """Where one room stands on the board and how many quarter turns clockwise it is turned."""

    slot: Slot
    rotation: int = 0

    def __post_init__(self) -> None:
        col, row = self.slot
        object.__setattr__(self, "slot", (int(col), int(row)))
        object.__setattr__(self, "rotation", int(self.rotation) % 4)


@dataclass(frozen=True)
class Layout(Mapping[str, Placement]):
    """Room label -> :class:`Placement`, plus the main A chosen at setup (ZR-22).

    Hashable and ordered by label; every editing operation returns a new layout and never checks
    the rules (that is :func:`validate_layout`'s job), so an editor can hold any work in progress.
    """

    placements: tuple[tuple[str, Placement], ...] = ()
    main: str | None = None
    _index: dict[str, Placement] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        pairs = self.placements.items() if isinstance(self.placements, Mapping) else self.placements
        ordered = tuple(sorted(((str(label), placement) for label, placement in pairs), key=lambda p: p[0]))
        index = dict(ordered)
        if len(index) != len(ordered):
            twice = sorted({label for label, _ in ordered if sum(1 for other, _ in ordered if other == label) > 1})
            raise LayoutError(f"a layout places each room once; placed more than once: {_names(twice)}")
        object.__setattr__(self, "placements", ordered)
        object.__setattr__(self, "_index", index)

    @classmethod
    def of(cls, placements: Mapping[str, Placement] | Iterable[tuple[str, Placement]],
           main: str | None = None) -> "Layout":
        return cls(tuple(placements.items() if isinstance(placements, Mapping) else placements), main)

    @classmethod
    def from_slots(cls, slots: Mapping[str, Slot], rotation: int = 0, main: str | None = None) -> "Layout":
        """Every room at its slot, all turned ``rotation`` quarter turns."""
        return cls(tuple((label, Placement(slot, rotation)) for label, slot in slots.items()), main)

    @classmethod
    def from_solution(cls, solution: Solution) -> "Layout":
        """A solution's map, every room turned by its ``rotation``; a label drawn twice is a :class:`LayoutError`."""
        seen: dict[str, Slot] = {}
        problems = []
        for row, line in enumerate(solution.map):
            for col, label in enumerate(line):
                if label is None:
                    continue
                if label in seen:
                    problems.append(Problem(solution.location, f"the map places {label} twice, at "
                                            f"{_slot_text(seen[label])} and {_slot_text((col, row))}", LayoutError))
                else:
                    seen[label] = (col, row)
        if problems:
            raise LayoutError(problems)
        return cls.from_slots(seen, solution.rotation, solution.main)

    # --- mapping API ------------------------------------------------------------------------------

    def __getitem__(self, label: str) -> Placement:
        return self._index[label]

    def __iter__(self) -> Iterator[str]:
        return (label for label, _ in self.placements)

    def __len__(self) -> int:
        return len(self.placements)

    def slot(self, label: str) -> Slot:
        return self._index[label].slot

    def rotation(self, label: str) -> int:
        return self._index[label].rotation

    def rooms_at(self, slot: Slot) -> tuple[str, ...]:
        """Every room placed on ``slot`` (more than one only in an overlapping layout)."""
        return tuple(label for label, placement in self.placements if placement.slot == tuple(slot))

    @property
    def common_rotation(self) -> int | None:
        """The rotation every placed room shares, or ``None`` when they differ or nothing is placed."""
        rotations = {placement.rotation for _, placement in self.placements}
        return rotations.pop() if len(rotations) == 1 else None

    # --- editing ----------------------------------------------------------------------------------

    def place(self, label: str, slot: Slot, rotation: int | None = None) -> "Layout":
        """``label`` put on ``slot`` (added, or moved if already placed).

        Without ``rotation`` the room keeps its own, else takes the rotation the placed rooms share, else 0.
        """
        if rotation is None:
            rotation = self._index[label].rotation if label in self._index else (self.common_rotation or 0)
        return self._with(label, Placement(slot, rotation))

    def move(self, label: str, slot: Slot) -> "Layout":
        return self._with(label, Placement(slot, self._placed(label).rotation))

    def rotate(self, label: str, quarter_turns: int = 1) -> "Layout":
        """One room turned ``quarter_turns`` more clockwise (negative: anticlockwise)."""
        placement = self._placed(label)
        return self._with(label, Placement(placement.slot, placement.rotation + quarter_turns))

    def remove(self, label: str) -> "Layout":
        self._placed(label)
        return Layout(tuple(pair for pair in self.placements if pair[0] != label), self.main)

    def with_main(self, label: str | None) -> "Layout":
        return Layout(self.placements, label)

    def translated(self, dcol: int, drow: int) -> "Layout":
        return Layout(tuple((label, Placement((p.slot[0] + dcol, p.slot[1] + drow), p.rotation))
                            for label, p in self.placements), self.main)

    def turned(self, quarter_turns: int) -> "Layout":
        """The whole layout, slots and tiles, turned clockwise about slot (0, 0)."""
        return Layout(tuple((label, Placement(rotate_slot(p.slot, quarter_turns), p.rotation + quarter_turns))
                            for label, p in self.placements), self.main)

    def _placed(self, label: str) -> Placement:
        if label not in self._index:
            raise KeyError(f"{label} is not placed")
        return self._index[label]

    def _with(self, label: str, placement: Placement) -> "Layout":
        return Layout(tuple(pair for pair in self.placements if pair[0] != label) + ((label, placement),), self.main)

    # --- the solution map -------------------------------------------------------------------------

    def to_map(self) -> tuple[tuple[tuple[str | None, ...], ...], int]:
        """``(rows, rotation)`` in :class:`Solution` shape: rows north first, ``None`` for an empty slot,
        translated so the smallest column and row are 0. Needs one shared rotation and no overlap."""
        if not self.placements:
            return (), 0
        problems = []
        rotation = self.common_rotation
        if rotation is None:
            turned = ", ".join(f"{label} {p.rotation}" for label, p in self.placements)
            problems.append(f"a map stores one rotation for every room, but the rooms differ ({turned})")
        slots: dict[Slot, str] = {}
        for label, placement in self.placements:
            if placement.slot in slots:
                problems.append(f"{slots[placement.slot]} and {label} share the slot {_slot_text(placement.slot)}")
            slots.setdefault(placement.slot, label)
        if problems:
            raise LayoutError([Problem(None, message, LayoutError) for message in problems])
        min_col = min(col for col, _ in slots)
        min_row = min(row for _, row in slots)
        width = max(col for col, _ in slots) - min_col + 1
        height = max(row for _, row in slots) - min_row + 1
        rows = tuple(tuple(slots.get((min_col + col, min_row + row)) for col in range(width))
                     for row in range(height))
        return rows, rotation or 0


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
                            f"{label} is placed at {_slot_text(p.slot)} but the level has no room {label}",
                            (label,), slot=p.slot)
                  for label, p in layout.placements if label not in known]
    violations += [Violation("FR-5 missing", f"{room.label} is not placed: every room the level supplies "
                             "must be on the board", (room.label,))
                   for room in level.rooms if room.label not in layout]
    by_slot: dict[Slot, list[str]] = {}
    for label in placed:
        by_slot.setdefault(layout.slot(label), []).append(label)
    ordered_slots = sorted(by_slot, key=lambda s: (s[1], s[0]))
    violations += [Violation("FR-5 overlap", f"{_names(by_slot[s])} are "
                             f"{'both' if len(by_slot[s]) == 2 else 'all'} placed at {_slot_text(s)}: "
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
        message = (f"{_names(component)} {'is' if isolated else 'are'} cut off from {anchor}: no pair of facing "
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


def dist(layout: Layout, a: str, b: str) -> int:
    """ZR-5: ``|dcol| + |drow|`` between two placed rooms (the same in every frame)."""
    for label in (a, b):
        if label not in layout:
            raise KeyError(f"{label} is not placed")
    return manhattan(layout.slot(a), layout.slot(b))


# The dungeon frame lives in zorglab.engine.dungeon; these names stay importable from here.
from zorglab.engine.dungeon import Dungeon, DungeonRoom, normalise  # noqa: E402,F401

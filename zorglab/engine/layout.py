"""Layouts on the board (FR-5..FR-8, FR-10; ZR-1..ZR-5, ZR-22): placing rooms, checking them, and
turning a valid layout into the dungeon frame the simulation runs in.

A :class:`Layout` is what the player builds in the board frame: every room's slot and quarter
turns. :func:`validate_layout` (in :mod:`zorglab.engine.layout_rules`) reports every broken rule at
once, in words a designer reads in the editor; :func:`normalise` (in :mod:`zorglab.engine.dungeon`)
turns the whole layout by ``-q`` so every tile stands upright (ZR-3).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from zorglab.core.geometry import Slot, manhattan, rotate_slot
from zorglab.errors import LayoutError, Problem
from zorglab.core.model import Solution
from zorglab.engine.layout_rules import listed, slot_text


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

    Parameters
    ----------
    placements
        ``(label, Placement)`` pairs or a mapping; each room at most once (else :class:`LayoutError`).
    main
        The A room the heroes start from (ZR-22); None: the first A declared.

    Examples
    --------
    >>> from zorglab.engine.layout import Layout
    >>> layout = Layout.from_slots({"A": (0, 0), "D1": (1, 0), "Z": (2, 0)})
    >>> list(layout), layout.slot("D1"), layout.common_rotation
    (['A', 'D1', 'Z'], (1, 0), 0)
    >>> moved = layout.move("Z", (1, 1)).rotate("D1")
    >>> moved.slot("Z"), moved.rotation("D1"), layout.slot("Z")     # a new layout; the old one stays
    ((1, 1), 1, (2, 0))
    >>> moved.rooms_at((1, 1))
    ('Z',)
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
            raise LayoutError(f"a layout places each room once; placed more than once: {listed(twice)}")
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
                                            f"{slot_text(seen[label])} and {slot_text((col, row))}", LayoutError))
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
                problems.append(f"{slots[placement.slot]} and {label} share the slot {slot_text(placement.slot)}")
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


def dist(layout: Layout, a: str, b: str) -> int:
    """ZR-5: ``|dcol| + |drow|`` between two placed rooms (the same in every frame)."""
    for label in (a, b):
        if label not in layout:
            raise KeyError(f"{label} is not placed")
    return manhattan(layout.slot(a), layout.slot(b))


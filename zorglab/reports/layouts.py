"""Winning layouts under a deadline: :func:`zorglab.search.layouts.solve_layouts`'s count, with
the clock checked while constructions are grown, not only between them.

A level whose rooms admit no valid layout (or a huge number of partial ones) can keep the
construction generator busy for minutes before it yields anything, so a report cannot wait for
it. The growth rule and its order are the same as ``constructions`` (ZR-4, rooms upright, first
room at (0, 0), each layout once), so the count is the same whenever the budget suffices. One
difference: a combination of choices that the level's domains refuse (a repeats-allowed list
offers each item only as often as it holds it) is skipped, where ``solve_layouts`` raises.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Iterator

from zorglab.engine.game import setup
from zorglab.engine.geometry import Direction, neighbour_slot
from zorglab.engine.layout import Layout, is_valid
from zorglab.errors import ChoiceError
from zorglab.level.model import Level
from zorglab.search.layouts import choice_sets
from zorglab.search.level import solve_setup
from zorglab.search.solver import SOLVABLE, UNKNOWN

CHECK_EVERY = 64


@dataclass(frozen=True)
class LayoutCount:
    winning: int
    tried: int
    unknown: int
    complete: bool     # every layout tried (none left by the limit or the clock) and decided


class _Deadline(Exception):
    pass


def _grow(level: Level, limit: int, deadline: float | None) -> Iterator[Layout]:
    labels = [room.label for room in level.rooms]
    tiles = {label: level.room_tile(label) for label in labels}
    seen: set[frozenset] = set()
    stack = [{labels[0]: (0, 0)}]
    found = popped = 0
    while stack:
        popped += 1
        if deadline is not None and popped % CHECK_EVERY == 0 and time.perf_counter() > deadline:
            raise _Deadline
        placed = stack.pop()
        key = frozenset(placed.items())
        if key in seen:
            continue
        seen.add(key)
        if len(placed) == len(labels):
            layout = Layout.from_slots(placed)
            if is_valid(level, layout):
                yield layout
                found += 1
                if found >= limit:
                    return
            continue
        by_slot = {slot: label for label, slot in placed.items()}
        for label, slot in placed.items():
            for direction in Direction:
                target = neighbour_slot(slot, direction)
                if target in by_slot or not tiles[label].openings(direction):
                    continue
                for room in labels:
                    if room not in placed and _fits(tiles[room], target, by_slot, tiles):
                        stack.append({**placed, room: target})


def _fits(tile, slot: tuple[int, int], by_slot: dict, tiles: dict) -> bool:
    for direction in Direction:
        other = by_slot.get(neighbour_slot(slot, direction))
        if other is not None and tile.signature(direction) != tiles[other].signature(direction.opposite):
            return False
    return True


def count_layouts(level: Level, *, max_states: int, limit: int, seconds: float | None) -> LayoutCount:
    """Winning setups over every construction x finite choice x main A, within ``seconds``."""
    deadline = None if seconds is None else time.perf_counter() + seconds
    combos, open_ = choice_sets(level)
    fixed = dict(level.solutions[0].choices) if open_ and level.solutions else {}
    spawns = [room.label for room in level.rooms if room.type == "A"]
    winning = tried = unknown = 0
    complete = not open_
    try:
        for choices in combos:
            chosen = {**{k: v for k, v in fixed.items() if k in open_}, **choices}
            try:
                concrete = level.with_choices(chosen) if level.variables else level
            except ChoiceError:      # a combination the level's domains refuse is no setup at all
                continue
            count = 0
            for layout in _grow(concrete, limit, deadline):
                count += 1
                for main in (spawns if len(spawns) > 1 else [None]):
                    left = None if deadline is None else deadline - time.perf_counter()
                    if left is not None and left <= 0:
                        raise _Deadline
                    verdict = solve_setup(setup(level, layout.with_main(main), chosen), max_states=max_states,
                                          max_seconds=left)
                    tried += 1
                    winning += verdict.verdict == SOLVABLE
                    unknown += verdict.verdict == UNKNOWN
            complete = complete and count < limit
    except _Deadline:
        complete = False
    return LayoutCount(winning, tried, unknown, complete and unknown == 0)

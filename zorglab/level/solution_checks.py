"""A level's ``[[solutions]]`` layouts checked against FR-5..FR-8, every fault placed in the file.

The loader reads a solution's map as labels; whether those rooms make a valid dungeon is the
engine's :func:`~zorglab.engine.layout_rules.validate_layout` -- the same rule the Maker, the
Player and the search use. A fault is placed at the map's cell of the first room it concerns
(else at the ``map`` value). ``zorglab validate`` and ``zorglab play`` add the replay of each
solution (:mod:`zorglab.cli.solution_checks`); the Studio checks a text before it writes it
(:mod:`zorglab.level.soundness`).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Iterable

from zorglab.engine.layout import Layout
from zorglab.engine.layout_rules import validate_layout
from zorglab.errors import LayoutError, LevelError, Location, Problem
from zorglab.core.model import Level, Solution
from zorglab.level.positions import Positions, SourceText, index_positions

Replay = Callable[[int, Positions], list[Problem]]     # a solution's replay faults (the CLI's, with the search)


def layout_problems(source: SourceText, level: Level, indices: Iterable[int] | None = None,
                    replay: Replay | None = None) -> list[Problem]:
    """Every layout fault of the solutions ``indices`` (default all) of ``level`` read from ``source``;
    ``replay(index, positions)`` is asked for each solution whose layout is sound."""
    positions = index_positions(source)
    maps = [entry.get("map") if isinstance(entry, dict) else None
            for entry in tomllib.loads(source.text).get("solutions", [])]
    problems: list[Problem] = []
    for index in (range(len(level.solutions)) if indices is None else indices):
        solution = level.solutions[index]
        where = ("solutions", index)
        try:
            chosen = level.with_choices(dict(solution.choices)) if level.variables or solution.choices else level
        except LevelError as error:
            problems += [Problem(p.location or positions.key_location(where), f"solution {index}: {p.message}",
                                 p.kind) for p in error.problems]
            continue
        violations = validate_layout(chosen, Layout.from_solution(solution))
        problems += [Problem(_map_location(positions, index, solution, maps[index] if index < len(maps) else None,
                                           v.rooms), f"solution {index}: {v}", LayoutError) for v in violations]
        if not violations and replay is not None:
            problems += replay(index, positions)
    return problems


def _map_location(positions: Positions, index: int, solution: Solution, text: object,
                  rooms: tuple[str, ...]) -> Location:
    """Where the first of ``rooms`` is written in solution ``index``'s map (``text``), else where the map starts."""
    path = ("solutions", index, "map")
    slot = next((solution.slots[r] for r in rooms if r in solution.slots), None)
    if slot is None or not isinstance(text, str):
        return positions.location(path)
    lines = [[m.start() + start for m in re.finditer(r"\S+", line)]
             for start, line in _lines(text)]
    while lines and not lines[0]:
        lines.pop(0)
    col, row = slot
    if row < len(lines) and col < len(lines[row]):
        return positions.origin(path).locate(lines[row][col])
    return positions.location(path)


def _lines(text: str) -> Iterable[tuple[int, str]]:
    offset = 0
    for line in text.split("\n"):
        yield offset, line
        offset += len(line) + 1

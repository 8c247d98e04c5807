"""A level's ``[[solutions]]`` checked as plays: each layout against FR-5..FR-8, each replay against ``expect``.

The loader reads a solution's map as labels; whether those rooms make a valid dungeon is the
engine's :func:`~zorglab.engine.layout_rules.validate_layout`, and whether the casts end as ``expect``
says is :func:`~zorglab.engine.game.play_solution` — the same rules the Player and the search use.
Every problem is placed in the file: a layout fault at the map's cell of the first room it
concerns (else at the ``map`` value), a replay that ends otherwise at ``expect``.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from pathlib import Path

from zorglab.engine.layout import Layout
from zorglab.engine.layout_rules import validate_layout
from zorglab.errors import CastError, LayoutError, LevelError, Location, Problem, ReplayError
from zorglab.core.model import Level, Solution
from zorglab.level.positions import Positions, SourceText, index_positions


def solution_problems(path: str | Path, level: Level, indices: Iterable[int] | None = None, *,
                      replay: bool = False) -> list[Problem]:
    """Every fault of the solutions ``indices`` (default all) of ``level`` read from ``path``."""
    shown = str(path)
    source = SourceText(shown, Path(path).read_text(encoding="utf-8").removeprefix("\ufeff"))
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
        problems += [Problem(_map_location(positions, index, solution, maps[index], v.rooms), f"solution {index}: {v}",
                             LayoutError) for v in violations]
        if violations or not replay or solution.expect is None:
            continue
        from zorglab.engine.game import play_solution
        from zorglab.search.decide import decide_solvable
        try:
            outcome = play_solution(level, index, decide=decide_solvable).outcome
        except (LevelError, CastError) as error:
            problems.append(Problem(positions.key_location(where), f"solution {index} cannot be replayed: {error}",
                                    ReplayError))
            continue
        if outcome is not solution.expect:
            problems.append(Problem(positions.location(where + ("expect",)),
                                    f"solution {index} replays to {outcome.value}, but its expect is "
                                    f"{solution.expect.value}", ReplayError))
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

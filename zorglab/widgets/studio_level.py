"""How the Studio reads a level after an edit: what the Maker's board and a run depend on (so an
edit keeps the board, or closes a stale Player), which solution it opens on, and that solution's layout."""

from __future__ import annotations

from typing import Any

from zorglab.core.model import Level, Outcome
from zorglab.engine.layout import Layout


def board_of(level: Level) -> tuple[Any, ...]:
    """What the Maker draws and judges: the rooms (label, type, arguments, tile) and their tiles."""
    return tuple((r.label, r.type, r.args, r.tile) for r in level.rooms), level.tiles


def play_of(level: Level) -> tuple[Any, ...]:
    """What a run depends on besides the board: heroes, spells, conditions, variables, mirror worlds."""
    return level.heroes, level.spells, level.constraints, level.bonuses, level.variables, level.mirrors


def chosen_solution(level: Level) -> int | None:
    """The solution the Maker opens on: the first expected to win, else the first, else None."""
    for index, solution in enumerate(level.solutions):
        if solution.expect is Outcome.WIN:
            return index
    return 0 if level.solutions else None


def solution_layout(level: Level, index: int | None) -> tuple[Layout, dict[str, Any]]:
    """Solution ``index``'s layout and choices (an empty board when there is no such solution)."""
    if index is None or not 0 <= index < len(level.solutions):
        return Layout(), {}
    solution = level.solutions[index]
    return Layout.from_solution(solution), dict(solution.choices)

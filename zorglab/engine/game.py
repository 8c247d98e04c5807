"""From a level and a layout to worlds that run: setup (FR-2, FR-8), then the extermination.

This is the engine's front door: ``setup`` checks the construction (FR-8 refuses an invalid
layout), substitutes the player's choices (FR-2) and turns the layout into the dungeon
frame (ZR-3); ``play`` runs the level's worlds in order (ZR-18) and reports the outcome.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from zorglab.engine.layout import Dungeon, Layout, normalise, require_valid
from zorglab.engine.run import RunResult, run_world
from zorglab.engine.world import World
from zorglab.level.model import Cast, Level, Outcome, Solution


@dataclass(frozen=True)
class Setup:
    """A level with its choices applied and a valid layout, in the dungeon frame."""

    level: Level
    layout: Layout
    dungeon: Dungeon
    choices: tuple[tuple[str, Any], ...] = ()

    def world(self) -> World:
        """The normal world (mirror worlds come from the level's ``mirrors``)."""
        slots = {label: self.dungeon.slot_of(label) for label in self.dungeon.labels}
        world = World(self.level, slots, main=self.layout.main)
        world.dungeon = self.dungeon
        return world


def setup(level: Level, layout: Layout, choices: Mapping[str, Any] | None = None) -> Setup:
    """Apply the choices, refuse an invalid layout (FR-8), normalise to the dungeon frame."""
    chosen = dict(choices or {})
    if level.variables or chosen:
        level = level.with_choices(chosen)
    require_valid(level, layout)
    return Setup(level, layout, normalise(level, layout), tuple(sorted(chosen.items())))


def setup_solution(level: Level, solution: Solution | int) -> Setup:
    """The setup a level's known solution describes (choices, rotation, map, main A)."""
    if isinstance(solution, int):
        solution = level.solutions[solution]
    return setup(level, Layout.from_solution(solution), dict(solution.choices))


@dataclass(frozen=True)
class LevelRun:
    """A whole level played: the outcome and each world's run, in order (ZR-17, ZR-18)."""

    level: Level
    outcome: Outcome
    worlds: tuple[tuple[World, RunResult], ...]

    @property
    def main(self) -> RunResult:
        return self.worlds[0][1]

    @property
    def main_world(self) -> World:
        return self.worlds[0][0]


def play(game: Setup, casts: Iterable[Cast] = (), *, record: bool = True, strict: bool = False) -> LevelRun:
    """Run the level's worlds in order with the casts given."""
    world = game.world()
    result = run_world(world, casts, record=record, strict=strict)
    return LevelRun(game.level, result.outcome, ((world, result),))

"""A level's ``[[solutions]]`` checked as plays: each layout against FR-5..FR-8
(:mod:`zorglab.level.solution_checks`), each replay against ``expect``.

Whether the casts end as ``expect`` says is :func:`~zorglab.engine.game.play_solution` with the
search's decision for choices -- the same rules the Player and the search use. A replay that ends
otherwise is placed at ``expect``.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from zorglab.errors import CastError, LevelError, Problem, ReplayError
from zorglab.core.model import Level
from zorglab.level.positions import Positions, SourceText
from zorglab.level.solution_checks import layout_problems


def solution_problems(path: str | Path, level: Level, indices: Iterable[int] | None = None, *,
                      replay: bool = False) -> list[Problem]:
    """Every fault of the solutions ``indices`` (default all) of ``level`` read from ``path``."""
    shown = str(path)
    source = SourceText(shown, Path(path).read_text(encoding="utf-8").removeprefix("\ufeff"))

    def replayed(index: int, positions: Positions) -> list[Problem]:
        solution = level.solutions[index]
        if solution.expect is None:
            return []
        from zorglab.engine.game import play_solution
        from zorglab.search.decide import decide_solvable
        where = ("solutions", index)
        try:
            outcome = play_solution(level, index, decide=decide_solvable).outcome
        except (LevelError, CastError) as error:
            return [Problem(positions.key_location(where), f"solution {index} cannot be replayed: {error}",
                            ReplayError)]
        if outcome is not solution.expect:
            return [Problem(positions.location(where + ("expect",)),
                            f"solution {index} replays to {outcome.value}, but its expect is "
                            f"{solution.expect.value}", ReplayError)]
        return []
    return layout_problems(source, level, indices, replayed if replay else None)

"""Pictures for notebooks: ``_repr_png_`` on levels, setups and runs, attached from here.

The level model and the engine draw nothing and import no painter; importing :mod:`zorglab.paint`
gives their objects a PNG picture (IPython shows it inline). In an IPython session
``import zorglab`` also registers these pictures by type name, importing this module only when
the first one is shown (see :func:`zorglab._notebook_pictures`).
"""

from __future__ import annotations

from typing import Any, Callable

from zorglab.engine.game import LevelRun, Setup, WorldRun
from zorglab.engine.layout import Layout
from zorglab.core.model import Level
from zorglab.paint.png import level_png, state_png
from zorglab.paint.temple import temple_png
from zorglab.temples.model import Temple


def level_picture(level: Level) -> bytes | None:
    """The first solution's layout as built (no solution, no picture)."""
    if not level.solutions:
        return None
    return level_png(level, Layout.from_solution(level.solutions[0]))


def setup_picture(game: Setup) -> bytes:
    """The dungeon as the heroes will walk it (dungeon frame), before the first action."""
    return state_png(game.world())


def world_run_picture(run: WorldRun) -> bytes:
    """One world as its run ended."""
    return state_png(run.world, run.result.state)


def level_run_picture(run: LevelRun) -> bytes:
    """The last world played, as it ended."""
    return world_run_picture(run.worlds[-1])


PICTURES: dict[type, Callable[[Any], bytes | None]] = {
    Level: level_picture, Setup: setup_picture, WorldRun: world_run_picture, LevelRun: level_run_picture,
    Temple: temple_png,     # floors side by side with the critical path (the temples import no painter)
}


def picture(obj: Any) -> bytes | None:
    """The PNG picture of a level, setup or run (what its ``_repr_png_`` returns)."""
    return PICTURES[type(obj)](obj)


def attach() -> None:
    """Give every type in :data:`PICTURES` its ``_repr_png_`` (idempotent)."""
    for cls, draw in PICTURES.items():
        cls._repr_png_ = draw          # type: ignore[attr-defined]


attach()

"""Pictures for a level's report page: its reference setup as the heroes meet it, and the fewest-spells
witness replayed frame by frame (the start, the moment of each cast, the end), drawn by the Pillow
painter so the PNG bytes are the same on every run.

The witness comes from the level's difficulty row (cast texts, mirrors prefixed ``NAME:``); it is
replayed on the engine (:func:`zorglab.engine.run.run_world`), the same rules that proved it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from zorglab.core.printer import format_cast
from zorglab.engine.run import run_world
from zorglab.engine.turns import active_hero, stuck_heroes
from zorglab.level import load_level, parse_cast
from zorglab.core.model import MAIN_WORLD
from zorglab.paint.board import draw_state, state_view
from zorglab.paint.pillow import PillowPainter
from zorglab.reports.difficulty import reference_setup
from zorglab.reports.tables import as_list

CELL = 22                  # pixels per cell: a 25x15-cell dungeon stays under 600 px wide


@dataclass(frozen=True)
class Picture:
    """One picture of a level page: its file name (under ``levels/``), caption and PNG bytes."""

    name: str
    caption: str
    png: bytes


def _png(world: Any, state: Any, view: Any) -> bytes:
    painter = PillowPainter(*view.size)
    draw_state(painter, world, state, view=view, active=active_hero(world, state), stuck=stuck_heroes(world, state))
    return painter.png()


def _world_casts(witness: Iterable[str], name: str) -> list[str]:
    prefix = f"{name}:"
    if name == MAIN_WORLD:
        return [w for w in witness if ":" not in w.split("@", 1)[0]]
    return [w[len(prefix):] for w in witness if w.startswith(prefix)]


def level_pictures(row: Any) -> tuple[list[Picture], str]:
    """The pictures of one difficulty row's level, and a note when some could not be drawn ('' if none)."""
    level_id, path = str(row["level"]), str(row["file"] or "")
    try:
        level = load_level(path)
        _, game = reference_setup(level)
    except Exception as error:          # a level that does not load has its error on the page instead
        return [], f"no picture: {str(error).splitlines()[0] if str(error) else type(error).__name__}"
    if game is None:
        return [], "no picture: the level has no setup to draw (choices over variables, no solution)"
    pictures: list[Picture] = []
    notes = []
    witness = as_list(row["witness"], "; ")
    for w, name in enumerate(game.world_names):
        world = game.world(name)
        where = "" if name == MAIN_WORLD else f" (world {name})"
        stem = f"{level_id}-{w}"
        try:
            # a mirror's spells are its own: its casts are read as written, checked by the engine as cast
            scope = level if name == MAIN_WORLD else None
            casts = [parse_cast(text, scope, origin=f"{level_id} witness") for text in _world_casts(witness, name)]
            run = run_world(world, casts, keep_states=True)
        except Exception as error:
            start = world.initial_state()
            pictures.append(Picture(f"{stem}-start.png", f"the reference setup{where}",
                                    _png(world, start, state_view(world, (start,), cell=CELL))))
            notes.append(f"witness of world {name} not replayed: {str(error).splitlines()[0]}")
            continue
        states = list(run.states) + [run.state]
        view = state_view(world, states, cell=CELL)
        pictures.append(Picture(f"{stem}-start.png", f"the reference setup{where}, tick 0", _png(world, states[0], view)))
        by_tick: dict[int, list[str]] = {}
        for cast in casts:
            by_tick.setdefault(cast.tick, []).append(format_cast(cast))
        for state in run.states:
            if state.tick in by_tick:
                pictures.append(Picture(f"{stem}-tick{state.tick:03d}.png",
                                        f"tick {state.tick}{where}: cast {', '.join(by_tick.pop(state.tick))}",
                                        _png(world, state, view)))
        end = states[-1]
        pictures.append(Picture(f"{stem}-end.png", f"the end{where}: {run.outcome.value} at tick {end.tick}",
                                _png(world, end, view)))
    return pictures, "; ".join(notes)

"""PNG pictures of boards (for ``_repr_png_``, reports and docs), drawn with the Pillow painter."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from zorglab.engine.layout import Layout
from zorglab.engine.layout_rules import Violation
from zorglab.engine.state import GameState
from zorglab.engine.turns import active_hero, stuck_heroes
from zorglab.core.model import Level
from zorglab.paint.board import draw_layout, draw_state, state_view
from zorglab.paint.pillow import PillowPainter
from zorglab.paint.view import BoardView


def layout_painter(level: Level, layout: Layout, violations: list[Violation] | None = None, *,
                   cell: int = 24, pad: int = 0) -> PillowPainter:
    placed = [layout.slot(room.label) for room in level.rooms if room.label in layout]
    view = BoardView.around(placed, pad=pad, cell=cell)
    painter = PillowPainter(*view.size)
    draw_layout(painter, level, layout, violations, view=view)
    return painter


def level_png(level: Level, layout: Layout, *, cell: int = 24) -> bytes:
    """The layout as built (board frame), violations drawn, as PNG bytes."""
    return layout_painter(level, layout, cell=cell).png()


def state_painter(world: Any, state: GameState | None = None, *, cell: int = 24, plan: bool = False) -> PillowPainter:
    from zorglab.paint.plan import draw_plan, waiting_heroes
    state = world.initial_state() if state is None else state
    view = state_view(world, (state,), cell=cell)
    painter = PillowPainter(*view.size)
    active = active_hero(world, state)
    waiting = waiting_heroes(world, state)
    draw_state(painter, world, state, view=view, active=active,
               stuck=[i for i in stuck_heroes(world, state) if i not in waiting])
    draw_plan(painter, world, state, view, active if plan else None)
    return painter


def state_png(world: Any, state: GameState | None = None, *, cell: int = 24, plan: bool = False) -> bytes:
    """A game state (dungeon frame) with its active hero ringed, stuck heroes marked and heroes waiting
    at their goal flagged, as PNG bytes; ``plan=True`` draws the active hero's plan and goal too."""
    return state_painter(world, state, cell=cell, plan=plan).png()


def save_png(data: bytes, path: str | Path) -> Path:
    path = Path(path)
    path.write_bytes(data)
    return path

"""The plan on the board (issue 25): a hero's planned path, the rooms it heads for, the pulls
it feels, and a flag on heroes waiting at their goal — drawn over :func:`draw_state` on any
painter (the Player's canvas and the PNG pictures alike).

Everything drawn is read from the engine: the path from :meth:`Planner.plan` (or the steps an
explanation holds), the goal from :meth:`Planner.targets`, the pulls from
:func:`zorglab.engine.weights.pullers`, the waiting heroes from :func:`zorglab.engine.weights.arrived`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

from zorglab.engine import weights
from zorglab.engine.state import GameState, Position
from zorglab.paint import palette
from zorglab.paint.board import hero_spot
from zorglab.paint.painter import Painter, text_width
from zorglab.paint.view import BoardView


def waiting_heroes(world: Any, state: GameState) -> tuple[int, ...]:
    """Heroes at their goal, waiting there (FR-25): drawn with a flag, not the stuck ``?``."""
    return tuple(i for i, h in enumerate(state.heroes) if h.alive and not h.asleep and weights.arrived(world, state, i))


def _spot(world: Any, state: GameState, view: BoardView, index: int) -> tuple[float, float, float] | None:
    """Where hero ``index`` is drawn (centre and radius), as draw_state places it."""
    hero = state.heroes[index]
    if hero.pos is None or not view.contains(state.slots[hero.pos[0]]):
        return None
    here = [i for i, h in enumerate(state.heroes) if h.alive and h.pos == hero.pos]
    cx, cy = view.cell_centre(state.slots[hero.pos[0]], hero.pos[1])
    dx, dy, r = hero_spot(here.index(index), len(here), view.cell)
    return cx + dx, cy + dy, r


def draw_path(p: Painter, state: GameState, view: BoardView, start: Position | None, steps: Sequence[Any],
              colour: str = palette.PLAN, width: float | None = None, dashed: bool = False) -> None:
    """A plan as a line through the cells it steps on (``steps``: PlanSteps), an arrowhead at its
    end; a step that moves no cell (a shot, a shove) leaves the line where it is."""
    cells = [start] + [step.pos for step in steps if step.pos is not None]
    points = [view.cell_centre(state.slots[room], local) for room, local in (c for c in cells if c is not None)
              if view.contains(state.slots[room])]
    width = width if width is not None else max(2.0, view.cell / 7)
    for (x1, y1), (x2, y2) in zip(points, points[1:]):
        if dashed:
            for k in range(4):
                if k % 2 == 0:
                    p.line(x1 + (x2 - x1) * k / 4, y1 + (y2 - y1) * k / 4,
                           x1 + (x2 - x1) * (k + 1) / 4, y1 + (y2 - y1) * (k + 1) / 4, colour, width)
        else:
            p.line(x1, y1, x2, y2, colour, width)
    if len(points) >= 2:
        (x1, y1), (x2, y2) = points[-2], points[-1]
        dx, dy = x2 - x1, y2 - y1
        norm = max(1e-9, (dx * dx + dy * dy) ** 0.5)
        ux, uy = dx / norm, dy / norm
        size = view.cell * 0.45
        p.polygon([(x2, y2), (x2 - ux * size - uy * size * 0.6, y2 - uy * size + ux * size * 0.6),
                   (x2 - ux * size + uy * size * 0.6, y2 - uy * size - ux * size * 0.6)], fill=colour)


def draw_goal(p: Painter, world: Any, state: GameState, view: BoardView, targets: Iterable[int],
              pulls: Iterable[tuple[int, int, Fraction]] = ()) -> None:
    """The goal's rooms outlined in green with ``goal``; each pulling princess's room with her pull."""
    size = max(palette.MIN_TEXT, int(view.cell * 0.5))
    for room in targets:
        slot = state.slots[room]
        if view.contains(slot):
            x, y, w, h = view.slot_rect(slot)
            p.stroke_rect(x + 2, y + 2, w - 4, h - 4, palette.GOAL, width=max(3, view.cell // 6))
            p.fill_rect(x + 4, y + h - size - 6, text_width("goal", size) + 6, size + 4, palette.GOAL)
            p.text(x + 7, y + h - size / 2 - 4, "goal", palette.PILL, size=size, anchor="left")
    for k, (hero, room, b) in enumerate(pulls):
        slot = state.slots[room]
        if not view.contains(slot):
            continue
        x, y, w, h = view.slot_rect(slot)
        said = f"{world.heroes[hero].label} pulls {b}"
        top = y + 4 + k * (size + 5)
        p.fill_rect(x + w - text_width(said, size) - 10, top, text_width(said, size) + 6, size + 4, palette.PULL)
        p.text(x + w - 7, top + size / 2 + 2, said, palette.PILL, size=size, anchor="right")


def draw_waiting(p: Painter, world: Any, state: GameState, view: BoardView, waiting: Iterable[int]) -> None:
    """A green flag on each hero waiting at its goal (top left of its disc, where ``?`` would be)."""
    for index in waiting:
        spot = _spot(world, state, view, index)
        if spot is None:
            continue
        cx, cy, r = spot
        x, y = cx - r, cy - r
        p.line(x, y - r * 0.2, x, y + r * 0.9, palette.TEXT, width=2)
        p.polygon([(x, y - r * 0.2), (x + r * 0.9, y + r * 0.15), (x, y + r * 0.5)], fill=palette.GOAL,
                  outline=palette.PILL)


def draw_plan(p: Painter, world: Any, state: GameState, view: BoardView, index: int | None, *,
              steps: Sequence[Any] | None = None) -> None:
    """Hero ``index``'s plan over the board: its path (the planner's, or ``steps``), its goal's rooms
    and the pulls it feels; and a flag on every hero waiting at its goal."""
    draw_waiting(p, world, state, view, waiting_heroes(world, state))
    if index is None:
        return
    hero = state.heroes[index]
    if not hero.alive or hero.asleep:
        return
    felt = weights.pullers(world, state, but=index)
    draw_goal(p, world, state, view, world.planner.targets(state, index), felt)
    if hero.pos is None:
        return
    path = world.planner.plan(state, index) if steps is None else steps
    if path:
        draw_path(p, state, view, hero.pos, path)

"""Board pictures as pure functions over a painter: the construction phase and the extermination phase.

:func:`draw_layout` draws a layout in the board frame (tiles turned as placed, hatches, violations
highlighted); :func:`draw_state` draws a game state in the dungeon frame (every tile upright, the
frame the heroes' direction orders speak of). Both only read engine values.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from zorglab.core.geometry import ROOM_SIZE, Direction, Slot, neighbour_slot
from zorglab.engine.layout import Layout
from zorglab.engine.layout_rules import Violation, main_room, side_name, validate_layout
from zorglab.core.registry import find_room_type, is_spawn_room
from zorglab.engine.marks import badges
from zorglab.engine.resolve import SLAIN
from zorglab.engine.state import GameState, Position
from zorglab.core.model import Level
from zorglab.paint import palette
from zorglab.paint.painter import Painter, text_width
from zorglab.paint.rooms import RoomLook, draw_room, hatch_side
from zorglab.paint.view import BoardView, border_cell

WAITING_ROW = 2     # cells of height under the grid for the waiting room


def _initial_gold(room_type: str, args: tuple[Any, ...]) -> int:
    behaviour = find_room_type(room_type)
    try:
        gold = behaviour.initial_gold(args) if behaviour is not None else 0
    except (TypeError, IndexError):   # an argument still a variable
        return 0
    return gold if isinstance(gold, int) else 0


def layout_look(level: Level, layout: Layout, label: str, *, dim: bool = False, rotation: int | None = None) -> RoomLook:
    """How one of the level's rooms looks placed (or, with ``rotation``, waiting in the tray)."""
    spec = level.room(label)
    several_a = sum(1 for room in level.rooms if is_spawn_room(room.type)) > 1
    turns = layout.rotation(label) if rotation is None else rotation
    return RoomLook(label, spec.type, spec.args, level.room_tile(label), turns,
                    gold=_initial_gold(spec.type, spec.args),
                    main=several_a and label == main_room(level, layout), dim=dim)


def draw_grid(p: Painter, view: BoardView) -> None:
    """Empty slots as pale squares with their grid lines."""
    for slot in view.slots:
        x, y, w, h = view.slot_rect(slot)
        p.fill_rect(x, y, w, h, palette.EMPTY_SLOT)
        p.stroke_rect(x, y, w, h, palette.GRID)


def draw_layout(p: Painter, level: Level, layout: Layout, violations: Sequence[Violation] | None = None, *,
                view: BoardView | None = None, selected: str | None = None) -> BoardView:
    """The construction phase: every placed room turned as placed, with its hatch, caption and
    badge; each violation drawn where it is (``None``: :func:`validate_layout` is asked)."""
    if violations is None:
        violations = validate_layout(level, layout)
    known = {room.label for room in level.rooms}
    placed = [label for label in (room.label for room in level.rooms) if label in layout]
    if view is None:
        view = BoardView.around([layout.slot(label) for label in placed])
    p.clear(palette.BACKGROUND)
    draw_grid(p, view)
    for label in placed:
        if label in known and view.contains(layout.slot(label)):
            x, y, _, _ = view.slot_rect(layout.slot(label))
            draw_room(p, x, y, view.cell, layout_look(level, layout, label))
    for violation in sorted(violations, key=lambda v: v.rule.startswith("FR-6 border")):
        draw_violation(p, view, layout, violation)     # whole rooms first, the exact sides on top
    if selected is not None and selected in layout and view.contains(layout.slot(selected)):
        x, y, w, h = view.slot_rect(layout.slot(selected))
        p.stroke_rect(x - 2, y - 2, w + 4, h + 4, palette.SELECTED, width=max(3, view.cell // 6))
    return view


def draw_violation(p: Painter, view: BoardView, layout: Layout, violation: Violation) -> None:
    """One violation on the board: the mismatched side in red, misoriented rooms outlined."""
    thick = max(3, view.cell // 5)
    rule = violation.rule
    if rule.startswith("FR-6 border") and violation.side is not None and violation.slot is not None:
        slot, side = violation.slot, violation.side
        other = neighbour_slot(slot, side)
        p.line(*view.side_segment(slot, side), palette.VIOLATION, width=thick)
        if violation.index is not None:
            for where, facing in ((slot, side), (other, side.opposite)):
                if view.contains(where):
                    p.stroke_rect(*view.cell_rect(where, border_cell(facing, violation.index)),
                                  palette.VIOLATION, width=max(2, view.cell // 8))
    elif rule.startswith("FR-7 orientation"):
        label, reference = violation.rooms[0], violation.rooms[-1]
        if label not in layout or reference not in layout or not view.contains(layout.slot(label)):
            return
        x, y, w, h = view.slot_rect(layout.slot(label))
        p.stroke_rect(x, y, w, h, palette.ORIENTATION, width=thick)
        expected = hatch_side(layout.rotation(reference))
        _ghost_arrow(p, x + w / 2, y + h / 2, view.cell, expected)
        words = f"hatch: {side_name(expected)}"
        size = max(palette.MIN_TEXT, int(view.cell * 0.42))
        ty = y + (0.5 if expected is not Direction.UP else ROOM_SIZE - 0.5) * view.cell
        tw = text_width(words, size) + 6
        p.fill_rect(x + (w - tw) / 2, ty - size * 0.75, tw, size * 1.5, palette.ORIENTATION)
        p.text(x + w / 2, ty, words, palette.PILL, size=size)
    elif rule.startswith("FR-5 overlap") and violation.slot is not None and view.contains(violation.slot):
        x, y, w, h = view.slot_rect(violation.slot)
        p.stroke_rect(x, y, w, h, palette.OVERLAP, width=thick)
        size = max(palette.MIN_TEXT, int(view.cell * 0.42))
        p.text(x + w / 2, y + h / 2, f"{len(violation.rooms)} rooms here", palette.OVERLAP, size=size)
    elif rule.startswith("FR-6 disconnected"):
        for label in violation.rooms:
            if label in layout and view.contains(layout.slot(label)):
                x, y, w, h = view.slot_rect(layout.slot(label))
                p.stroke_rect(x + thick, y + thick, w - 2 * thick, h - 2 * thick, palette.DISCONNECTED,
                              width=max(2, thick - 1))


def _ghost_arrow(p: Painter, cx: float, cy: float, cell: float, side: Direction) -> None:
    """A large outlined arrow showing where the hatch should face."""
    tip = (cx + side.dx * cell * 1.2, cy + side.dy * cell * 1.2)
    back = (cx - side.dx * cell * 0.2, cy - side.dy * cell * 0.2)
    across = (-side.dy * cell * 0.7, side.dx * cell * 0.7)
    p.polygon([tip, (back[0] + across[0], back[1] + across[1]), (back[0] - across[0], back[1] - across[1])],
              outline=palette.ORIENTATION, width=max(2, cell / 8))


# --- the extermination phase ----------------------------------------------------------------------

def state_view(world: Any, states: Iterable[GameState], pad: int = 0, cell: int = 24) -> BoardView:
    """A view holding every room's slot in every state given (stable while a run is replayed)."""
    slots = {slot for state in states for slot in state.slots} or set(world.initial_slots)
    return BoardView.around(sorted(slots), pad=pad, cell=cell, below=WAITING_ROW * cell)


def draw_state(p: Painter, world: Any, state: GameState, *, view: BoardView | None = None,
               active: int | None = None, stuck: Iterable[int] = (), target_hero: int | None = None,
               target_slot: Slot | None = None) -> BoardView:
    """The extermination phase in the dungeon frame: rooms at their current slots, cleared cells,
    gold held, heroes as numbered discs with HP and gold, sleeping/stuck marks, corpses, and the
    waiting room under the board. ``active``/``stuck`` come from the engine (the caller asks it)."""
    if view is None:
        view = state_view(world, (state,))
    p.clear(palette.BACKGROUND)
    draw_grid(p, view)
    several_a = sum(1 for room in world.rooms if room.behaviour.is_spawn) > 1
    for room in world.rooms:
        slot = state.slots[room.index]
        if not view.contains(slot):
            continue
        cleared = frozenset(local for index, local in state.cleared if index == room.index)
        look = RoomLook(room.label, room.type, room.args, room.tile, 0, gold=state.gold[room.index],
                        main=several_a and state.main_a == room.index, cleared=cleared - {SLAIN},
                        slain=SLAIN in cleared)
        x, y, _, _ = view.slot_rect(slot)
        draw_room(p, x, y, view.cell, look)
    if target_slot is not None and view.contains(target_slot):
        p.stroke_rect(*view.slot_rect(target_slot), palette.TARGET, width=max(3, view.cell // 5))
    stuck = set(stuck)
    by_cell: dict[Position, list[int]] = {}
    for index, hero in enumerate(state.heroes):
        if hero.pos is not None:
            by_cell.setdefault(hero.pos, []).append(index)
    for (room, local), indexes in by_cell.items():
        slot = state.slots[room]
        if not view.contains(slot):
            continue
        cx, cy = view.cell_centre(slot, local)
        dead = [i for i in indexes if not state.heroes[i].alive]
        alive = [i for i in indexes if state.heroes[i].alive]
        shared = len(indexes)                    # every hero and corpse of the cell gets a spot of its own
        for k, i in enumerate(dead):
            dx, dy, r = hero_spot(k, shared, view.cell)
            _corpse(p, cx + dx, cy + dy, r * 0.8, i, numbered=shared > 1)
        for k, i in enumerate(alive, start=len(dead)):
            dx, dy, r = hero_spot(k, shared, view.cell)
            hero_disc(p, cx + dx, cy + dy, r, i, state.heroes[i], active=i == active, stuck=i in stuck,
                      target=i == target_hero, side=0 if shared == 1 else (-1 if dx < 0 else 1))
    _waiting_room(p, view, state, active, target_hero)
    return view


def hero_spot(k: int, n: int, cell: float) -> tuple[float, float, float]:
    """Where the ``k``-th of ``n`` living heroes on one cell is drawn: (dx, dy, radius). Two share
    the cell side by side, three or four two by two, each disc clear of the others."""
    if n == 1:
        return (0.0, 0.0, cell * 0.4)
    r = cell * 0.23
    dx = -cell * 0.25 if k % 2 == 0 else cell * 0.25
    dy = 0.0 if n == 2 else (-cell * 0.25 if k % 4 < 2 else cell * 0.25)
    return (dx, dy, r)


def hero_disc(p: Painter, cx: float, cy: float, r: float, index: int, hero: Any, *, active: bool = False,
              stuck: bool = False, target: bool = False, side: int = 0) -> None:
    """A living hero: a disc with its spawn number, HP under it, gold over it, marks for sleep/stuck.
    ``side`` -1 / 1 pushes the HP and gold labels left / right of the disc's centre, so two heroes
    sharing a cell keep their labels apart."""
    if active:
        p.circle(cx, cy, r + 3, outline=palette.ACTIVE, width=3)
    if target:
        p.circle(cx, cy, r + 5, outline=palette.TARGET, width=2)
    p.circle(cx, cy, r, fill=palette.hero_colour(index), outline=palette.TEXT)
    size = max(palette.MIN_TEXT, int(r * 1.1))
    p.text(cx, cy, str(index + 1), palette.PILL, size=size)
    small = max(11, int(r * 0.9))          # HP and gold readable at the Player's cell size

    def pill(text: str, top: float, fill: str, ink: str) -> None:
        w = text_width(text, small) + 4
        left = cx - w / 2 if side == 0 else (cx + r * 0.9 - w if side < 0 else cx - r * 0.9)
        p.fill_rect(left, top, w, small + 3, fill)
        p.text(left + w / 2, top + (small + 3) / 2, text, ink, size=small)

    pill(f"{hero.hp}hp", cy + r - 1, palette.PILL, palette.VIOLATION)
    if hero.gold_total:
        pill(f"${hero.gold_total}", cy - r - small - 2, palette.COIN, palette.TEXT)
    badge = max(6.0, r * 0.75)
    for k, (text, colour) in enumerate(badges(hero.marks) if hero.marks else ()):
        # a mark's badge (Sleep's blue "z"), top right, the next ones below it: seen at a glance
        p.circle(cx + r, cy - r + 2 * badge * k, badge, fill=colour, outline=palette.PILL)
        p.text(cx + r, cy - r + 2 * badge * k, text, palette.PILL, size=max(palette.MIN_TEXT, int(badge * 1.6)))
    if stuck:                             # a red badge with a ?, top left
        p.circle(cx - r, cy - r, badge, fill=palette.VIOLATION, outline=palette.PILL)
        p.text(cx - r, cy - r, "?", palette.PILL, size=max(palette.MIN_TEXT, int(badge * 1.6)))


def _corpse(p: Painter, cx: float, cy: float, r: float, index: int, numbered: bool = False) -> None:
    """A corpse: a grey disc crossed in the hero's colour; ``numbered`` (several on one cell) puts
    its spawn number beside it, so each is told apart."""
    p.circle(cx, cy, r, fill=palette.CORPSE)
    p.line(cx - r * 0.6, cy - r * 0.6, cx + r * 0.6, cy + r * 0.6, palette.hero_colour(index), width=2)
    p.line(cx - r * 0.6, cy + r * 0.6, cx + r * 0.6, cy - r * 0.6, palette.hero_colour(index), width=2)
    if numbered:
        p.text(cx, cy + r + 5, str(index + 1), palette.TEXT, size=palette.MIN_TEXT)


def waiting_slots(view: BoardView, count: int) -> list[tuple[float, float]]:
    """Disc centres of the waiting room, under the grid."""
    _, grid_h = view.grid_size
    y = view.margin + grid_h + view.cell * 1.2
    return [(view.margin + view.cell * (3.5 + 1.3 * k), y) for k in range(count)]


def _waiting_room(p: Painter, view: BoardView, state: GameState, active: int | None, target: int | None) -> None:
    if view.below < view.cell:
        return
    waiting = [i for i, h in enumerate(state.heroes) if h.alive and h.pos is None]
    _, grid_h = view.grid_size
    y = view.margin + grid_h + view.cell * 1.2
    p.text(view.margin, y, "waiting", palette.TEXT, size=max(palette.MIN_TEXT, int(view.cell * 0.42)), anchor="left")
    for (cx, cy), i in zip(waiting_slots(view, len(waiting)), waiting):
        hero_disc(p, cx, cy, view.cell * 0.4, i, state.heroes[i], active=i == active, target=i == target)

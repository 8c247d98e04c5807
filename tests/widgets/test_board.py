"""Board pictures: specific pixels of known boards (hatch, violations, heroes), on both back ends."""

from __future__ import annotations

import io

from hypothesis import given, strategies as st
from ipycanvas import Canvas
from PIL import Image

from zorglab.core.geometry import Direction
from zorglab.engine.layout import Layout
from zorglab.engine.layout_rules import validate_layout
from zorglab.engine.run import run_world
from zorglab.engine.game import setup
from zorglab.engine.resolve import SLAIN
from zorglab.engine.turns import act
from zorglab.paint import BoardView, CanvasPainter, PillowPainter, draw_layout, draw_state, level_png, state_png
from zorglab.paint import palette
from zorglab.paint.png import layout_painter, state_painter
from zorglab.paint.rooms import RoomLook, badge, caption, hatch_side
from widget_levels import ROW, SQUARE, corridor_level, corridor_setup, cross_level

CELL, MARGIN = 24, 12


def board(layout: Layout, violations=None) -> PillowPainter:
    return layout_painter(corridor_level(), layout, violations, cell=CELL)


def test_hatch_band_lies_on_the_side_the_top_edge_faces():
    p = board(Layout.from_slots(ROW))
    # room A at slot (0, 0), upright: the north wall cell (0, 0) starts with a hatch stripe
    assert p.pixel(MARGIN + 2, MARGIN + 12) == palette.HATCH
    assert p.pixel(MARGIN + 8, MARGIN + 12) == palette.HATCH_DARK
    # the south wall row carries no hatch
    assert p.pixel(MARGIN + 2, MARGIN + 4 * CELL + 12) == palette.WALL


def test_a_turned_room_carries_its_hatch_on_the_turned_side():
    layout = Layout.from_slots(ROW).rotate("D1")            # hatch east
    p = board(layout, violations=[])
    x0 = MARGIN + 5 * CELL
    # east column of D1: horizontal stripes, the first one hatch-coloured
    assert p.pixel(x0 + 4 * CELL + 12, MARGIN + 2) == palette.HATCH
    # its north-west corner is a plain wall now, its north side no longer hatched
    assert p.pixel(x0 + 12, MARGIN + 1 * CELL + 12) != palette.HATCH
    assert hatch_side(1) is Direction.RIGHT and hatch_side(3) is Direction.LEFT


def test_mismatched_side_is_red_and_misoriented_room_outlined():
    layout = Layout.from_slots(ROW).rotate("D1")            # corridor turned north-south
    violations = validate_layout(corridor_level(), layout)
    assert {v.rule for v in violations} >= {"FR-6 border", "FR-7 orientation"}
    p = board(layout)
    shared_x = MARGIN + 5 * CELL                           # the side between A and D1
    assert p.pixel(shared_x, MARGIN + 2 * CELL + 2) == palette.VIOLATION
    assert p.pixel(shared_x + 5 * CELL - 2, MARGIN + 5 * CELL - 2) == palette.ORIENTATION
    clean = board(Layout.from_slots(ROW))
    assert clean.pixel(shared_x, MARGIN + 2 * CELL + 2) != palette.VIOLATION


def test_disconnected_and_overlapping_rooms_are_marked():
    level = corridor_level()
    apart = Layout.from_slots({"A": (0, 0), "D1": (1, 0), "Z": (3, 0)})
    p = layout_painter(level, apart, pad=0)
    x0 = MARGIN + 3 * 5 * CELL
    assert p.pixel(x0 + 6, MARGIN + 5 * CELL // 2) == palette.DISCONNECTED
    stacked = Layout.from_slots({"A": (0, 0), "D1": (1, 0), "Z": (1, 0)})
    assert any(v.rule == "FR-5 overlap" for v in validate_layout(level, stacked))
    q = layout_painter(level, stacked)
    assert q.pixel(MARGIN + 5 * CELL + 1, MARGIN + 1) == palette.OVERLAP


def test_hero_disc_at_the_hero_cell_and_waiting_room():
    world = corridor_setup().world()
    start = world.initial_state()
    spawned, _ = act(world, start)
    p = state_painter(world, spawned, cell=CELL)
    room, (x, y) = spawned.heroes[0].pos
    col, row = spawned.slots[room]
    cx = MARGIN + (5 * col + x) * CELL + CELL // 2
    cy = MARGIN + (5 * row + y) * CELL + CELL // 2
    assert p.pixel(cx - 6, cy) == palette.hero_colour(0)
    q = state_painter(world, start, cell=CELL)
    assert q.pixel(cx - 6, cy) != palette.hero_colour(0)             # still in the waiting room
    wy = MARGIN + 5 * CELL + int(CELL * 1.2)
    assert q.pixel(MARGIN + int(CELL * 3.5) - 6, wy) == palette.hero_colour(0)


def test_corpse_and_cleared_look():
    world = corridor_setup(hp=2).world()
    result = run_world(world)
    dead = result.state
    assert not dead.heroes[0].alive
    p = state_painter(world, dead, cell=CELL)
    room, (x, y) = dead.heroes[0].pos
    col, row = dead.slots[room]
    cx = MARGIN + (5 * col + x) * CELL + CELL // 2
    cy = MARGIN + (5 * row + y) * CELL + CELL // 2
    assert p.pixel(cx - 6, cy) == palette.CORPSE


def test_png_functions_give_pictures_of_the_view_size():
    level, layout = corridor_level(), Layout.from_slots(ROW)
    image = Image.open(io.BytesIO(level_png(level, layout)))
    assert image.size == BoardView.around(ROW.values()).size
    world = corridor_setup().world()
    assert Image.open(io.BytesIO(state_png(world))).size[0] == image.size[0]


def test_canvas_back_end_draws_the_same_board_calls():
    """Both back ends receive the same sequence of painter calls for one board."""
    calls: list[str] = []

    class Spy:
        def __init__(self, inner):
            self.inner = inner

        def __getattr__(self, name):
            method = getattr(self.inner, name)
            if not callable(method):
                return method

            def recorded(*args, **kwargs):
                calls.append(name)
                return method(*args, **kwargs)
            return recorded

    level, layout = corridor_level(), Layout.from_slots(ROW).rotate("Z")
    view = BoardView.around(ROW.values())
    draw_layout(Spy(PillowPainter(*view.size)), level, layout, view=view)
    pillow_calls = list(calls)
    calls.clear()
    draw_layout(Spy(CanvasPainter(Canvas(width=view.size[0], height=view.size[1]))), level, layout, view=view)
    assert calls == pillow_calls and len(calls) > 100


def test_badges_and_captions():
    assert badge("D", (2,)) == "D 2"
    assert badge("O", (5,)) == "O 5"
    assert badge("A", ()) == "A"
    level = corridor_level()
    look = RoomLook("D1", "D", (2,), level.room_tile("D1"))
    assert caption(look) == "D1: D 2"


@given(st.integers(-3, 3), st.integers(-3, 3), st.integers(0, 4), st.integers(0, 4),
       st.integers(8, 30))
def test_view_pixels_round_trip_to_slots_and_cells(c0, r0, x, y, cell):
    view = BoardView(4, 3, (c0, r0), cell)
    for slot in view.slots:
        px, py = view.cell_centre(slot, (x, y))
        assert view.cell_at(px, py) == (slot, (x, y))
    assert view.slot_at(0, 0) is None
    assert view.slot_at(*view.size) is None


def test_cleared_cells_turn_grey_and_a_slain_room_says_so():
    world = setup(cross_level(), Layout.from_slots(SQUARE)).world()
    start = world.initial_state()
    fire = world.room_index["E1"]
    col, row = start.slots[fire]
    centre = (MARGIN + (5 * col + 1) * CELL + 3, MARGIN + (5 * row + 1) * CELL + CELL - 3)   # green cell (1, 1)
    before = state_painter(world, start, cell=CELL)
    assert before.pixel(*centre) == palette.ELEMENT[cross_level().room("E1").args[0]]
    cleared = start._replace(cleared=frozenset({(fire, (1, 1)), (world.room_index["D1"], SLAIN)}))
    after = state_painter(world, cleared, cell=CELL)
    assert after.pixel(*centre) == palette.CLEARED
    calls = []

    class Texts(PillowPainter):
        def text(self, x, y, text, colour, size=10, anchor="center"):
            calls.append(text)
            super().text(x, y, text, colour, size, anchor)

    view = BoardView.around(start.slots, cell=CELL, below=2 * CELL)
    draw_state(Texts(*view.size), world, cleared, view=view)
    assert "D1: D 1 slain" in calls and "E1: E fire" in calls


class Recorder:
    """A painter that keeps every call, to check where shapes and labels land."""

    size = (400, 400)

    def __init__(self):
        self.calls = []

    def __getattr__(self, name):
        return lambda *args, **kw: self.calls.append((name, args, kw))


def test_item_7_two_heroes_on_one_cell_stay_readable_and_the_sleep_mark_is_a_badge():
    from zorglab.paint.painter import text_width
    from zorglab.engine.casting import cast_spell
    from zorglab.core.model import Cast, SpellCall
    game = setup(cross_level(), Layout.from_slots(SQUARE))
    world = game.world()
    state, _ = act(world, world.initial_state())                              # Warrior1 spawns
    state, _ = cast_spell(world, state, Cast(state.tick, SpellCall("Sleep"), on=("Warrior1",)))
    state, _ = act(world, state)                                              # Warrior2 spawns beside it
    assert state.heroes[0].pos == state.heroes[1].pos and state.heroes[0].asleep
    rec = Recorder()
    view = draw_state(rec, world, state)
    discs = [(args, kw) for name, args, kw in rec.calls if name == "circle"
             and kw.get("fill") in (palette.hero_colour(0), palette.hero_colour(1))]
    (a, _), (b, _) = discs
    assert ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5 >= a[2] + b[2]      # the discs do not overlap
    labels = [(args[0], args[2], kw.get("size", args[4] if len(args) > 4 else 10))
              for name, args, kw in rec.calls if name == "text" and str(args[2]).endswith("hp")]
    assert len(labels) == 2
    (x1, t1, s1), (x2, t2, s2) = sorted(labels)
    assert x1 + text_width(t1, s1) / 2 <= x2 - text_width(t2, s2) / 2          # the HP labels do not overlap
    assert min(s1, s2) >= 8
    sleep = [args for name, args, kw in rec.calls if name == "circle" and kw.get("fill") == palette.SELECTED]
    assert len(sleep) == 1 and sleep[0][2] >= 5                                # a badge, not a tiny letter
    assert view.cell == 24


def test_issue_24_two_corpses_and_a_living_hero_on_one_cell_each_have_a_spot_and_hp_reads():
    from zorglab.engine.casting import cast_spell
    from zorglab.core.model import Cast, SpellCall
    game = setup(cross_level(), Layout.from_slots(SQUARE))
    world = game.world()
    state, _ = act(world, world.initial_state())
    state, _ = cast_spell(world, state, Cast(state.tick, SpellCall("Sleep"), on=("Warrior1",)))
    state, _ = act(world, state)                                              # two heroes on one cell
    heroes = tuple(h.replace(alive=False) for h in state.heroes[:2]) + state.heroes[2:]
    rec = Recorder()
    draw_state(rec, world, state.replace(heroes=heroes))
    corpses = [args for name, args, kw in rec.calls if name == "circle" and kw.get("fill") == palette.CORPSE]
    assert len(corpses) == 2
    (a, b) = corpses
    assert ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5 >= a[2] + b[2]      # two discs, not one
    numbers = [args[2] for name, args, kw in rec.calls if name == "text" and args[2] in ("1", "2")]
    assert sorted(numbers) == ["1", "2"]                                       # each corpse says whose
    rec = Recorder()
    draw_state(rec, world, state)
    sizes = [kw.get("size") for name, args, kw in rec.calls if name == "text" and str(args[2]).endswith("hp")]
    assert sizes and min(sizes) >= 11                                          # HP labels readable

"""Drawing speed: a 10-room board (layout and state) with each painter back end."""

from ipycanvas import Canvas, hold_canvas

from worlds import BENCH_MAP, bench_level, bench_world
from zorglab.engine.layout import Layout
from zorglab.paint import BoardView, CanvasPainter, PillowPainter, draw_layout, draw_state


def test_pillow_layout_10_rooms(benchmark):
    level, layout = bench_level(), Layout.from_slots(BENCH_MAP)
    view = BoardView.around(BENCH_MAP.values())
    benchmark(lambda: draw_layout(PillowPainter(*view.size), level, layout, view=view))


def test_canvas_layout_10_rooms(benchmark):
    level, layout = bench_level(), Layout.from_slots(BENCH_MAP)
    view = BoardView.around(BENCH_MAP.values())
    painter = CanvasPainter(Canvas(width=view.size[0], height=view.size[1]))

    def draw():
        with hold_canvas():
            draw_layout(painter, level, layout, view=view)
    benchmark(draw)


def test_pillow_state_10_rooms(benchmark):
    world = bench_world()
    state = world.initial_state()
    view = BoardView.around(state.slots, below=48)
    benchmark(lambda: draw_state(PillowPainter(*view.size), world, state, view=view))

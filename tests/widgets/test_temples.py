"""The temple viewer and tuner: pixels of a drawn temple, and the tuner's handlers."""

from __future__ import annotations

from zorglab.paint.pillow import PillowPainter
from zorglab.paint.temple import LOCK, ROOM_COLOURS, draw_temple, temple_view
from zorglab.temples import generate_temple, solve, temple_cells
from zorglab.widgets.temples import TempleTuner, TempleViewer
from zorglab.widgets.temple_sweep import sweep_statistics

OPTIONS = {"size": "medium", "locks": 2}


def drawn(temple):
    route = solve(temple).critical
    cells = list(temple_cells(temple, route))
    view = temple_view(temple)
    painter = PillowPainter(*view.size)
    draw_temple(painter, temple, cells, route, view=view)
    return painter, view, cells


def test_rooms_are_coloured_by_type_and_locked_sides_red():
    temple = generate_temple(3, OPTIONS)
    painter, view, cells = drawn(temple)
    x, y, w, h = view.cell_rect(temple.entrance)
    assert painter.pixel(x + w - 4, y + h - 4) == ROOM_COLOURS["entrance"]
    locked = [c for c in cells if c.locked]
    assert locked
    cell = locked[0]
    x, y, w, h = view.cell_rect(cell.place)
    side = cell.locked[0]
    px, py = {"north": (x + w / 2, y), "south": (x + w / 2, y + h), "west": (x, y + h / 2),
              "east": (x + w, y + h / 2)}[side]
    assert painter.pixel(px, py) == LOCK
    walls = [c for c in cells if c.type == "wall"]
    x, y, w, h = view.cell_rect(walls[0].place)
    assert painter.pixel(x + w / 2, y + h / 2) == ROOM_COLOURS["wall"]


def test_floors_lie_side_by_side():
    temple = generate_temple(3, OPTIONS)
    view = temple_view(temple)
    assert len(temple.floors) == 2
    (x0, y0), (x1, y1) = view.floor_origin(0), view.floor_origin(1)
    assert y0 == y1 and x1 >= x0 + temple.floors[0].cols * view.cell
    for place in [temple.entrance, (0, 0, 0), (1, 2, 3)]:
        assert view.place_at(*view.centre(place)) == tuple(place)


def test_viewer_shows_the_critical_path_and_cell_details():
    temple = generate_temple(3, OPTIONS)
    viewer = TempleViewer(temple)
    assert viewer.route is not None and "start" in viewer.milestones.value and "boss" in viewer.milestones.value
    assert "no violation" in viewer.lint_box.value
    viewer.click(*temple_view(temple).centre(temple.entrance))
    assert "entrance" in viewer.details.value and "critical step 0" in viewer.details.value
    assert viewer.png()[:4] == b"\x89PNG"


def test_tuner_regenerates_on_option_and_seed_changes():
    tuner = TempleTuner({"size": "small"}, seed=4, sweep_seeds=5)
    assert tuner.temple == generate_temple(4, {"size": "small"})
    tuner.set_option("floors", 2)
    assert len(tuner.temple.floors) == 2
    tuner.seed_box.value = 7
    assert tuner.temple == generate_temple(7, tuner.options)
    tuner.controls["locks"].value = 3
    assert tuner.options["locks"] == 3 and tuner.temple == generate_temple(7, tuner.options)
    tuner.controls["quests"].value = "dishes, laundry"
    assert tuner.options["quests"] == ["dishes", "laundry"]


def test_tuner_keeps_the_last_temple_on_a_bad_option():
    tuner = TempleTuner({"size": "small"}, seed=4, sweep_seeds=3)
    before = tuner.temple
    tuner.set_option("locks", 9)
    assert "locks must be from 0 to 3, not 9" in tuner.error and "not 9" in tuner.error_box.value
    assert tuner.temple is before and tuner.options["locks"] is None


def test_live_sweep_statistics_follow_the_options():
    tuner = TempleTuner({"size": "small"}, seed=0, sweep_seeds=6)
    assert tuner.stats["temples"] == 6 and tuner.stats["solvable"] == 1.0
    assert [r["size"] for r in tuner.rows] == ["small"] * 6
    tuner.set_option("size", "large")
    assert [r["size"] for r in tuner.rows] == ["large"] * 6
    low, mean, high = tuner.stats["rooms"]
    assert low <= mean <= high and low == min(r["rooms"] for r in tuner.rows)
    assert "sweep" in tuner.stats_box.value


def test_sweep_statistics_of_rows():
    rows = [{"solvable": True, "rooms": 10, "critical_path": 4}, {"solvable": False, "rooms": 20, "critical_path": 6}]
    stats = sweep_statistics(rows)
    assert stats["temples"] == 2 and stats["solvable"] == 0.5
    assert stats["rooms"] == (10, 15.0, 20) and "loops" not in stats

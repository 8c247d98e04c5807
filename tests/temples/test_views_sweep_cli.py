"""What is drawn where, the sweep table and the ``zorglab temples`` command."""

from __future__ import annotations

import json

import csv
import io

import pytest

from conftest import SOLVER, XP, draw
from zorglab.errors import OptionError
from zorglab.temples import (
    Place,
    compile_temple,
    dumps_temple,
    fresh_progress,
    generate_temple,
    load_temple,
    play_moves,
    solve,
    take,
    temple_cells,
    temple_html,
    temple_text,
)
from zorglab.temples.sweep import COLUMNS, sweep_plan, sweep_rows

P = Place


def test_temple_cells_cover_every_cell_with_what_a_painter_needs():
    temple = load_temple(SOLVER / "solvable.json")
    cells = {c.place: c for c in temple_cells(temple)}
    assert len(cells) == 5 * 6
    assert cells[P(0, 3, 2)].locked == ("east",) and cells[P(0, 3, 3)].locked == ("west",)
    assert "west" in cells[P(0, 1, 3)].boss_door
    assert cells[P(0, 4, 2)].entrance and cells[P(0, 4, 2)].gate
    assert not cells[P(0, 0, 0)].room and cells[P(0, 0, 0)].critical is None
    route = solve(temple).critical
    on_path = {c.place for c in cells.values() if c.critical is not None}
    assert on_path == set(route.cells)
    assert cells[P(0, 4, 2)].critical == 0
    bare = {c.place: c for c in temple_cells(temple, None)}
    assert all(c.critical is None for c in bare.values())


def test_temple_cells_show_stairs_circles_pits_and_barriers():
    temple = draw(
        {"2F": "D Y v\n0 0 0", "1F": "U E Y\n0 X 0"},
        (1, 0, 1),
        {"X": {"type": "empty", "barriers": {"north": "bombable"}}},
    )
    cells = {c.place: c for c in temple_cells(temple, None)}
    assert cells[P(1, 0, 0)].stairs == "up" and cells[P(0, 0, 0)].stairs == "down"
    assert cells[P(0, 0, 1)].teleport_to == P(1, 0, 2)
    assert cells[P(0, 0, 2)].pit_to == P(1, 0, 2)
    assert cells[P(1, 1, 1)].barriers == (("north", "bombable"),)
    assert cells[P(1, 0, 0)].floor_label == "1F"


def test_text_view_marks_the_critical_path_and_locks():
    text = temple_text(load_temple(SOLVER / "solvable.json"))
    assert "floor 0: 1F (5x6)" in text
    assert "@E" in text and "*k" in text and "*P" in text
    assert "locked: (0,3,2)-(0,3,3)" in text
    assert "critical order: (0,4,2) start; (0,3,1) small key;" in text
    stuck = temple_text(load_temple(XP / "ice-temple.json"))
    assert "critical path: none" in stuck


def test_html_view_has_a_table_per_floor():
    temple = load_temple(XP / "wind-temple.json")
    html = temple._repr_html_()
    assert html == temple_html(temple)
    assert html.count("<table") == 3 and "Wind Temple" in html


def test_play_into_the_reported_soft_lock_really_sticks():
    temple = load_temple(SOLVER / "side-door-soft-lock.json")
    graph = compile_temple(temple)
    lock = solve(graph).soft_lock
    p = fresh_progress(temple)
    p = take(graph, p, next(m for m in play_moves(graph, p) if m.target == (0, 3, 2)))
    p = take(graph, p, next(m for m in play_moves(graph, p) if m.target == (0, 3, 1)))
    p = take(graph, p, next(m for m in play_moves(graph, p) if m.target == lock.at))
    assert p.small_keys == lock.keys == 0
    assert not solve(graph, p).solvable


def test_sweep_rows_are_deterministic_apart_from_seconds():
    first = sweep_rows(3, ["small", "medium"])
    second = sweep_rows(range(3), ("small", "medium"))
    assert [r["seed"] for r in first] == [0, 0, 1, 1, 2, 2]
    assert all(set(r) == set(COLUMNS) for r in first)
    strip = lambda rows: [{k: v for k, v in r.items() if k != "seconds"} for r in rows]  # noqa: E731
    assert strip(first) == strip(second)
    for row in first:
        assert row["solvable"] is True and row["retries"] == 0
        assert row["keys"] == row["locks"] + row["side_locks"] and row["solver_states"] >= 1
        assert 0 < row["combat_share"] <= 0.4 and row["critical_path"] > 2
    linted = sweep_rows(["a"], ["small"], lint=True)
    assert linted[0]["violations"] == 0


def test_sweep_plan_checks_sizes_first():
    with pytest.raises(OptionError, match="not 'tiny'"):
        sweep_plan(5, ["small", "tiny"])


def test_cli_generate_json_is_the_generator_output(cli, capsys):
    assert cli(["temples", "generate", "--seed", "42", "--size", "small", "--locks", "2", "--theme", "Yard", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["temple"] == json.loads(dumps_temple(generate_temple(42, {"size": "small", "locks": 2, "theme": "Yard"})))


def test_cli_generate_out_and_show(cli, tmp_path, capsys):
    target = tmp_path / "t.json"
    assert cli(["temples", "generate", "--seed", "family", "--out", str(target)]) == 0
    assert load_temple(target) == generate_temple("family")
    capsys.readouterr()
    assert cli(["temples", "show", str(target)]) == 0
    shown = capsys.readouterr().out
    assert "critical path:" in shown and "@E" in shown
    assert cli(["temples", "generate", "--seed", "3"]) == 0
    assert "critical order:" in capsys.readouterr().out


def test_cli_refuses_bad_options_with_exit_2(cli, capsys):
    assert cli(["temples", "generate", "--seed", "1", "--locks", "5"]) == 2
    assert "locks must be from 0 to 3, not 5" in capsys.readouterr().err
    with pytest.raises(SystemExit) as caught:
        cli(["temples", "generate", "--seed", "1", "--size", "huge"])
    assert caught.value.code == 2


def test_cli_sweep_writes_one_row_per_temple(cli, tmp_path, capsys):
    out = tmp_path / "sweep.csv"
    assert cli(["temples", "sweep", "--seeds", "4", "--sizes", "small,large", "--out", str(out)]) == 0
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    untimed = [c for c in COLUMNS if c != "seconds"]          # the wall clock never reaches the CSV
    assert len(rows) == 8 and list(rows[0])[:len(untimed)] == untimed     # then failure, failure_detail
    assert {r["size"] for r in rows} == {"small", "large"}
    assert "8 temples: seeds 0..3 for each of small, large (0 failed)" in capsys.readouterr().out

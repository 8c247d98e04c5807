"""Temple sweeps over option grids (issue 28 item 3): every combination, the options in every row,
locks counted on and off the critical path, histograms with the contract's targets beside them."""

from __future__ import annotations

import pandas as pd
import pytest

from zorglab.cli.main import main
from zorglab.errors import OptionError
from zorglab.reports.sweepcharts import option_chart
from zorglab.reports.tables import read_csv
from zorglab.sweep import sweep_temples
from zorglab.temples.sweep import grid_options, parse_grid
from zorglab.temples.targets import TARGETS, targets_for


def test_a_grid_is_parsed_and_checked_before_any_work():
    grid = parse_grid(["floors=1,2,3", "locks=0..3", "element=fire,ice", "gate=seed"])
    assert grid == {"floors": (1, 2, 3), "locks": (0, 1, 2, 3), "element": ("fire", "ice"), "gate": (None,)}
    assert len(grid_options(grid)) == 24
    for bad, says in (("locks=0..9", "locks must be from 0 to 3"), ("colour=red", "not an option a grid varies"),
                      ("floors", "NAME=V1,V2"), ("element=lava", "element must be one of"),
                      ("floors=one", "not a whole number")):
        with pytest.raises(OptionError, match=says):
            parse_grid([bad])


def test_every_row_records_its_options_and_locks_follow_the_option():
    rows = sweep_temples(3, ("small", "large"), grid={"locks": (0, 3), "element": ("ice",)}, serial=True)
    assert len(rows) == 3 * 2 * 2
    assert set(rows["asked_locks"]) == {0, 3} and set(rows["asked_element"]) == {"ice"}
    assert (rows["element"] == "ice").all()
    # the locks figure is what the option asks for; side locks are counted apart (issue: 4-5 shown for 3)
    assert (rows["locks"] == rows["asked_locks"]).all()
    assert (rows["side_locks"] >= 0).all() and (rows["keys"] == rows["locks"] + rows["side_locks"]).all()


def test_the_chart_draws_a_histogram_per_option_value_and_the_targets(tmp_path):
    rows = sweep_temples(4, ("small", "medium"), grid={"floors": (1, 2)}, serial=True)
    fig = option_chart(rows, ["floors"])
    combat = next(ax for ax in fig.axes if ax.get_title() == "combat share by floors")
    labels = [t.get_text() for t in combat.get_legend().get_texts()]
    assert "floors=1" in labels and "floors=2" in labels
    assert any("25–35 % monster rooms" in label for label in labels), "the §3 band is not drawn"
    assert any("at most 40 % combat rooms" in label for label in labels), "the R10 limit is not drawn"
    assert combat.get_xlabel() == "share of fight rooms" and combat.patches
    assert targets_for("combat_share") and all(t.source in ("R10", "§3 step 6") for t in TARGETS)


def test_the_command_writes_rows_and_chart(tmp_path, capsys):
    out, chart = tmp_path / "grid.csv", tmp_path / "grid.png"
    code = main(["sweep", "temples", "--seeds", "2", "--sizes", "small", "--grid", "floors=1,2", "--grid",
                 "locks=0..1", "--out", str(out), "--chart", str(chart), "--serial"])
    said = capsys.readouterr()
    assert code == 0 and chart.stat().st_size > 10_000
    rows = read_csv(out)
    assert len(rows) == 2 * 4 and set(zip(rows["asked_floors"], rows["asked_locks"])) == {
        (1, 0), (1, 1), (2, 0), (2, 1)}
    assert "8 temples: seeds 0..1 for small over 4 option combinations (0 failed)" in said.out
    assert "running serially (--serial)" in said.err


def test_the_older_name_runs_the_same_sweep(tmp_path, capsys):
    one, two = tmp_path / "one.csv", tmp_path / "two.csv"
    assert main(["sweep", "temples", "--seeds", "2", "--sizes", "small", "--grid", "locks=1", "--out", str(one),
                 "-q"]) == 0
    assert main(["temples", "sweep", "--seeds", "2", "--sizes", "small", "--grid", "locks=1", "--out", str(two),
                 "-q"]) == 0
    assert one.read_bytes() == two.read_bytes()           # no wall-clock column: the same bytes

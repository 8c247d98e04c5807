"""Issue #13 items 11 and 12: a report that runs twice writes the same bytes; readable charts and
whole messages.

On the code as found, ``index.html`` said how long the run took and the CSVs carried ``seconds``
columns, so every run rewrote tracked files; the difficulty chart's level ids were 7-point text;
the retries histogram drew one bar at 0 on an axis from -1 to 1; pandas cut the campaign check's
messages at 50 characters ("...").
"""

from __future__ import annotations

import json
import subprocess

import pandas as pd
import pytest

from zorglab.cli.main import main
from zorglab.reports.charts import difficulty_chart, generator_chart

from report_fixtures import PACK, ROOT

ARGS = ["--levels", str(PACK), "--temple-seeds", "3", "--sizes", "small,medium", "--serial", "--budget", "quick"]


def _files(folder) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and p.name != "timings.csv"}


def test_item_11_report_twice_gives_the_same_bytes(tmp_path, capsys):
    first, second = tmp_path / "one", tmp_path / "two"
    assert main(["report", "--out", str(first), *ARGS]) == 0
    assert main(["report", "--out", str(second), *ARGS]) == 0
    one, two = _files(first), _files(second)
    assert one.keys() == two.keys() and "index.html" in one
    differ = [name for name in one if one[name] != two[name]]
    assert differ == [], f"tracked report files change between runs: {differ}"
    for name in ("level_difficulty.csv", "temples.csv"):
        assert "seconds" not in pd.read_csv(first / name).columns
    assert "seconds" not in set(pd.read_csv(first / "generator_stats.csv")["measure"])
    timings = pd.read_csv(first / "timings.csv")              # the wall clock is kept, apart
    assert set(timings["table"]) == {"run", "level_difficulty", "temples"}
    assert len(timings[timings["table"] == "temples"]) == 6 and (timings["seconds"] >= 0).all()


def test_item_11_timings_file_is_ignored_by_git():
    answer = subprocess.run(["git", "check-ignore", "-q", "reports/timings.csv"], cwd=ROOT)
    assert answer.returncode == 0, "reports/timings.csv would show in git status"


@pytest.mark.slow
def test_item_11_report_of_the_pack_matches_the_tracked_reports(tmp_path):
    """The tracked ``reports/`` is what ``zorglab report --out reports/`` writes today, byte for byte."""
    assert main(["report", "--out", str(tmp_path), "--serial"]) == 0
    tracked = ROOT / "reports"
    differ = [name for name, data in _files(tmp_path).items() if (tracked / name).read_bytes() != data]
    assert differ == [], f"reports/ would change: {differ}"


def _temples(retries: int) -> pd.DataFrame:
    return pd.DataFrame([{"seed": s, "size": size, "rooms": 10 + s, "critical_path": 5 + s, "solver_states": 3,
                          "retries": retries * (s % 2)} for s in range(6) for size in ("small", "medium")])


def test_item_12_no_retries_is_said_in_words_not_drawn():
    fig = generator_chart(_temples(0))
    retries = next(ax for ax in fig.axes if ax.get_title() == "retries")
    assert not retries.patches, "a histogram of nothing but zeros is drawn"
    assert any("no retries" in t.get_text() for t in retries.texts)
    assert retries.get_xlim() != (-1.0, 1.0) or not retries.get_xticks().size
    drawn = next(ax for ax in generator_chart(_temples(2)).axes if ax.get_title() == "retries")
    assert drawn.patches and not drawn.texts


@pytest.mark.parametrize("levels", [40, 200])
def test_item_12_difficulty_chart_fits_a_screen_and_its_labels_are_readable(levels):
    """Issue 42 replaced one row per level (3,300 px for 130 levels) by a dot plot that fits a 1366 x 768
    screen whatever the pack's size: what it names (each contract's first level, the outliers) is read."""
    from zorglab.level.bands import Band

    difficulty = pd.DataFrame([{"level": f"lv-{i:03d}", "contract": f"c{i * 5 // levels}", "verdict": "solvable",
                                "fewest_spells": i % 3, "states": 10 * i + 1} for i in range(levels)])
    campaign = pd.DataFrame([{"contract": r["contract"], "order": int(r["contract"][1:]), "position": i,
                              "level": r["level"]} for i, r in difficulty.iterrows()])
    fig = difficulty_chart(difficulty, campaign, {"c0": Band(states=(1, 100))}, named=["lv-007"])
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    renderer = FigureCanvasAgg(fig).get_renderer()
    fig.draw(renderer)
    width, height = fig.get_size_inches() * fig.dpi
    assert width <= 1150 and height <= 700, "larger than a 1366 x 768 screen"
    labels = [t for t in fig.axes[1].get_xticklabels() if t.get_text()]
    assert [t.get_text().split("\n")[1] for t in labels] == [f"lv-{i * levels // 5:03d}" for i in range(5)]
    assert min(t.get_fontsize() for t in labels) >= 8, "level ids are too small to read"
    boxes = [t.get_window_extent(renderer) for t in labels]
    assert not any(a.overlaps(b) for a, b in zip(boxes, boxes[1:])), "neighbouring level ids overlap"
    page = fig.bbox
    assert all(page.x0 <= b.x0 and page.y0 <= b.y0 and b.x1 <= page.x1 for b in boxes), "a level id is cut off"
    named = [t.get_text() for t in fig.axes[1].texts]
    assert "lv-007" in named, "an outlier is not named"


LONG = "tre-01 (0 spells, 9 states) is easier than tre-02 before it (1 spell, 41 states) in contract 'treasury'"


def test_item_12_notebook_shows_campaign_check_messages_whole():
    notebook = json.loads((ROOT / "notebooks" / "05_balance_report.ipynb").read_text())
    cell = next(c for c in notebook["cells"] if c["cell_type"] == "code"
                and "".join(c["source"]).startswith('check[["rule"'))
    shown = "".join("".join(o.get("data", {}).get("text/plain", "")) for o in cell["outputs"])
    assert "..." not in shown and "in contract 'architect'" in shown, shown

"""Issue 42 item 2: the report's position column and its work note.

- ``index.html``'s position is the contract's position as ``campaign.csv`` and the level's page say
  (app-02 is 1st of the Apprentice, not 2nd);
- ``zorglab report`` says "130 levels and 150 temples", never the 154 "levels" of its work estimate.
"""

from __future__ import annotations

import csv
import re
from pathlib import Path

from zorglab.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
PACK = Path(__file__).resolve().parent / "fixtures" / "pack"


def test_the_index_position_is_the_campaigns():
    with open(ROOT / "reports" / "campaign.csv", newline="", encoding="utf-8") as handle:
        campaign = {row["level"]: row["position"] for row in csv.DictReader(handle)}
    html = (ROOT / "reports" / "index.html").read_text(encoding="utf-8")
    table = html[html.index('id="t-level_difficulty"'):]
    table = table[:table.index("</table>")]
    rows = re.findall(r'<tr><td><a href="levels/[^"]+">([^<]+)</a></td><td>[^<]*</td><td>[^<]*</td>'
                      r'<td class="num">(\d+)</td>', table)
    assert len(rows) == len(campaign)
    assert {level: position for level, position in rows} == campaign
    assert dict(rows)["app-02"] == "1"


def test_the_report_note_counts_levels_and_temples(tmp_path, capsys):
    assert main(["report", "--out", str(tmp_path / "r"), "--levels", str(PACK), "--temple-seeds", "2",
                 "--sizes", "small", "--budget", "quick"]) == 0
    err = capsys.readouterr().err
    assert "running serially (3 levels and 2 temples: about" in err
    assert not re.search(r"\(\d+ levels:", err)


def test_the_difficulty_charts_legend_is_at_the_top():
    import pandas as pd
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from zorglab.reports.charts import difficulty_chart

    difficulty = pd.DataFrame([{"level": f"lv-{i:02d}", "contract": f"c{i // 20}", "verdict": "solvable",
                                "fewest_spells": i % 3, "states": 10 * i + 1} for i in range(60)])
    campaign = pd.DataFrame([{"contract": r["contract"], "order": i // 20, "position": i % 20 + 1,
                              "level": r["level"]} for i, r in difficulty.iterrows()])
    fig = difficulty_chart(difficulty, campaign)
    renderer = FigureCanvasAgg(fig).get_renderer()
    fig.draw(renderer)
    legend = fig.legends[0].get_window_extent(renderer)
    top_of_axes = max(ax.get_window_extent(renderer).y1 for ax in fig.axes)
    assert legend.y0 >= top_of_axes, "the legend is not above the chart: a tall chart hides it"
    assert "Difficulty in campaign order" in fig.legends[0].get_title().get_text()

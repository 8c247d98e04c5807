"""Issue 42 item 2: every chart of the report fits a 1366 x 768 screen at the report's 100 dpi
(1,150 x 700 px at most, with the page's margins), however many levels, spell types or options."""

from __future__ import annotations

import pandas as pd
import pytest

from zorglab.reports.charts import difficulty_chart, figure_png, generator_chart, spell_chart
from zorglab.reports.sweepcharts import option_chart

WIDTH, HEIGHT = 1150, 700


def _pixels(fig) -> tuple[int, int]:
    import io

    from PIL import Image
    return Image.open(io.BytesIO(figure_png(fig))).size


def _temples(n: int) -> pd.DataFrame:
    return pd.DataFrame([{"seed": i, "size": ("small", "medium", "large")[i % 3], "floors": 1 + i % 3,
                          "locks": i % 4, "element": ("fire", "ice")[i % 2], "rooms": 10 + i % 7,
                          "critical_path": 4 + i % 5, "solver_states": 100 + i, "retries": i % 2,
                          "combat_share": 0.3, "side_locks": i % 2, "rooms_per_floor": 6 + i % 3}
                         for i in range(n)])


@pytest.mark.parametrize("levels", [8, 130, 400])
def test_the_difficulty_chart_fits_a_screen_for_any_pack(levels):
    difficulty = pd.DataFrame([{"level": f"l-{i:03d}", "contract": f"c{i % 7}", "verdict": "solvable",
                                "fewest_spells": i % 4, "states": 5 + i} for i in range(levels)])
    campaign = pd.DataFrame([{"contract": f"c{i % 7}", "order": i % 7, "position": i, "level": f"l-{i:03d}"}
                             for i in range(levels)])
    width, height = _pixels(difficulty_chart(difficulty, campaign))
    assert width <= WIDTH and height <= HEIGHT, (width, height)


def test_the_spell_chart_fits_a_screen_with_many_spell_types():
    summary = pd.DataFrame([{"spell": f"Spell{i}", "present": i + 1, "necessary": i, "in_witness": i}
                            for i in range(20)])
    width, height = _pixels(spell_chart(summary))
    assert width <= WIDTH and height <= HEIGHT, (width, height)


@pytest.mark.parametrize("options", [["size"], ["floors", "locks", "element"]])
def test_the_generator_and_sweep_charts_fit_a_screen(options):
    temples = _temples(60)
    for fig in (generator_chart(temples), option_chart(temples, options)):
        width, height = _pixels(fig)
        assert width <= WIDTH and height <= HEIGHT, (options, width, height)

"""Issue 42 item 5 in a real JupyterLab: notebook 03 as a student gets it.

The committed notebook is copied as it is (a fresh clone: stored outputs and metadata kept, nothing
stripped) into the served folder, opened, and checked before and after *Run All*: no Player shows
as its text repr (``VBox(children=…``) at any time, every Player renders its widgets and draws its
board, no cell errs, and the questions say "not answered yet" until the student answers.
"""

from __future__ import annotations

import shutil
import time

import pytest

from labkit import NOTEBOOKS, NotebookPage, wait_for

pytestmark = pytest.mark.browser

NOTEBOOK = "03_hero_ai.ipynb"
PLAYERS = ("warrior = lesson(", "elf = lesson(", "gunner = lesson(", "mechanic = lesson(", "court = lesson(",
           "her.widget")


def test_notebook_03_renders_and_runs_whole_from_a_fresh_clone(lab, page):
    shutil.copyfile(NOTEBOOKS / NOTEBOOK, lab.root / NOTEBOOK)        # as committed: a clone's copy
    nb = NotebookPage(page, lab.url, NOTEBOOK)
    opened = nb.body_text()
    assert "warrior = lesson(" in opened, "the page shows another notebook than 03"
    assert "VBox(children=" not in opened, "a stored widget output shows as text on open"
    started = time.monotonic()
    nb.run_all(timeout=300)
    ran = time.monotonic() - started
    text = nb.body_text()                   # run_all returns once the kernel is idle and every cell ran
    assert "VBox(children=" not in text and "Traceback" not in text
    for n, marker in enumerate(PLAYERS):
        cell = nb.cell(marker, f"player-{n}")
        wait_for(f"the Player of {marker!r} rendered",
                 lambda cell=cell: page.locator(f"{cell} .jupyter-widgets.widget-vbox").count() > 0, timeout=60)
        wait_for(f"the board of {marker!r} drawn",
                 lambda cell=cell: (nb.pixels(f"{cell} canvas") or {}).get("inked"), timeout=60)
    # every question waits for its answer: none is ticked before the student writes one
    assert text.count("… not answered yet") >= 5 and "✓ right" not in text
    assert ran < 240, f"Run All took {ran:.0f} s"

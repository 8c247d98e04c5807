"""Keystroke to final verdict in a real JupyterLab (issue 39 item 5; the brief: p90 under 0.5 s): on four
pack levels (a plain one, spl-09 with the most to show, arc-01 with variables, gnt-23 the slowest to
its verdict), a hero's HP typed into the Studio's row, each time a value not seen before (a new value
is what a designer types: a value typed again finds its figures kept). For each edit, the wall clock
from the key press to the verdict shown (the panel no longer says "analysing": the verdict is on
screen, "still computing" above it while the rest goes on) and to the panel settled (no "analysing",
"still computing" or "trying every choice" left). Prints the median and the 90th percentile of both
with the machine's load average (docs/performance.md quotes runs); fails when the verdict's p90 is
over ``targets.STUDIO_VERDICT_P90``.
"""

from __future__ import annotations

import os
import shutil
import statistics
import time

import nbformat
import pytest

from labkit import REPO, NotebookPage, wait_for
from targets import STUDIO_VERDICT_P90, at_most

pytestmark = pytest.mark.browser

LEVELS = ("app-01-first-blood.toml", "spl-09-spellbook-exam.toml", "arc-01-tuning-fork.toml",
          "gnt-23-every-spell-in-its-place.toml")
NEW_VALUES = (1, 2, 4, 5)                 # Warrior(3) -> Warrior(13), (23), (43), (53): four new levels
BUSY = ("analysing", "still computing", "trying every choice")


def write_notebook(root, level: str) -> str:
    (root / "levels").mkdir(exist_ok=True)
    for name in ("tiles.toml", "contracts.toml", level):
        shutil.copyfile(REPO / "levels" / name, root / "levels" / name)
    source = f"from zorglab.widgets import Studio\nstudio = Studio('levels/{level}', root='.')\nstudio"
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source)])
    nb.metadata["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    name = f"latency-{level.split('-')[0]}-{level.split('-')[1]}.ipynb"
    nbformat.write(nb, root / name)
    return name


def settled(at) -> bool:
    status = at(".zorglab-analysis").first.inner_text()
    return not any(word in status for word in BUSY) and "layouts:" in status


def p90(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[max(0, int(round(0.9 * len(ordered))) - 1)]


def test_keystroke_to_final_verdict(lab, page):
    page.set_viewport_size({"width": 1366, "height": 768})
    verdicts: list[float] = []
    finals: list[float] = []
    for level in LEVELS:
        nb = NotebookPage(page, lab.url, write_notebook(lab.root, level))
        nb.run_all()
        cell = nb.cell("Studio(", "studio" + level[:3])
        at = lambda selector, cell=cell: page.locator(f"{cell} {selector}")       # noqa: E731
        wait_for(f"{level} analysed", lambda: settled(at), timeout=300)
        hero = at(".zorglab-rows-heroes .zorglab-entry input").first
        original = hero.input_value()
        for value in NEW_VALUES:
            start = time.monotonic()
            hero.fill(original.replace("(", f"({value}", 1))
            # the edit reached the kernel: the panel says it is analysing (for the debounce at least)
            wait_for("the panel to start", lambda: not settled(at), timeout=120, every=0.01)
            wait_for("the verdict", lambda: "analysing" not in at(".zorglab-analysis").first.inner_text(),
                     timeout=300, every=0.01)
            verdicts.append(time.monotonic() - start)
            wait_for("the panel settled", lambda: settled(at), timeout=300, every=0.02)
            finals.append(time.monotonic() - start)
        page.evaluate("async () => { await window.jupyterapp.serviceManager.sessions.shutdownAll(); }")
    load = os.getloadavg()
    print(f"\nkeystroke to final verdict, {len(verdicts)} edits over {len(LEVELS)} levels: median "
          f"{statistics.median(verdicts) * 1000:.0f} ms, p90 {p90(verdicts) * 1000:.0f} ms, max "
          f"{max(verdicts) * 1000:.0f} ms; to the panel settled: median {statistics.median(finals) * 1000:.0f} ms, "
          f"p90 {p90(finals) * 1000:.0f} ms, max {max(finals) * 1000:.0f} ms "
          f"(load average {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f} on {os.cpu_count()} cores)")
    assert len(verdicts) == len(NEW_VALUES) * len(LEVELS)
    missed = at_most("the Studio's keystroke to final verdict, p90 s", round(p90(verdicts), 3), STUDIO_VERDICT_P90)
    assert not missed, missed

"""Keystroke to final verdict in a real JupyterLab (issue 39 item 5; the brief: p90 under 0.5 s): on four
pack levels (a plain one, spl-09 with the most to show, arc-01 with variables, gnt-23 the slowest to
its verdict), a hero's HP typed into the Studio's row, each time a value not seen before (a new value
is what a designer types: a value typed again finds its figures kept). For each edit, the wall clock
from the key press to the verdict shown (the panel no longer says "analysing": the verdict is on
screen, "still computing" above it while the rest goes on) and to the panel settled (no "analysing",
"still computing" or "trying every choice" left). Prints the median and the 90th percentile of both
with the machine's load average (docs/performance.md quotes runs); fails when the verdict's p90 is
over ``targets.STUDIO_VERDICT_P90``.

Each edit is timed twice. In the page (what a designer sees, the figure held to the target): from
the ``input`` event the typing fires to the first frame after the panel stops saying "analysing"
(a MutationObserver on the panel, ``performance.now()``, then ``requestAnimationFrame``). And as
this harness sees it: from before Playwright's ``fill`` (which first checks the field is visible,
enabled and editable, round trips from this process to the browser) to the poll that reads the
verdict (every 10 ms, another round trip) -- the harness's own lag on top, which grows when its
process is starved: busy loops started in the test's shell share a scheduling group with this
process and the Playwright driver only, since the Jupyter server, the kernel and Chromium each start
a session (an autogroup) of their own (docs/performance.md, "Session 15"). Both are printed, edit by
edit.
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


def write_notebook(root, level: str, first: str = "", kind: str = "latency") -> str:
    """A notebook opening ``level`` in the Studio (``first``: a cell run before it, e.g. a tracer)."""
    (root / "levels").mkdir(exist_ok=True)
    for name in ("tiles.toml", "contracts.toml", level):
        shutil.copyfile(REPO / "levels" / name, root / "levels" / name)
    source = f"from zorglab.widgets import Studio\nstudio = Studio('levels/{level}', root='.')\nstudio"
    cells = ([nbformat.v4.new_code_cell(first)] if first else []) + [nbformat.v4.new_code_cell(source)]
    nb = nbformat.v4.new_notebook(cells=cells)
    nb.metadata["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    name = f"{kind}-{level.split('-')[0]}-{level.split('-')[1]}.ipynb"
    nbformat.write(nb, root / name)
    return name


# Installed on the cell before each level's edits: t0 at the input event of the hero's field; once
# the panel has said "analysing" since (in any mutation record: a fast analysis may say it and its
# verdict in one batch), the first mutation that leaves the panel without it is the verdict shown,
# and the next animation frame the one that paints it.
WATCH = """([cell]) => {
  const root = document.querySelector(cell);
  const panel = () => root.querySelector('.zorglab-analysis');
  const busy = (node) => (node.textContent || '').includes('analysing');
  const at = window.__latency = {t0: null, busy: false, shown: null, painted: null};
  root.addEventListener('input', (event) => {
    if (event.target.closest('.zorglab-rows-heroes'))
      Object.assign(at, {t0: performance.now(), busy: false, shown: null, painted: null});
  }, {capture: true});
  new MutationObserver((records) => {
    if (at.t0 === null || at.shown !== null) return;
    const inPanel = records.filter(r => panel().contains(r.target));
    if (inPanel.some(r => busy(r.target) || Array.from(r.addedNodes).some(busy))) at.busy = true;
    if (!at.busy || panel().innerText.includes('analysing')) return;
    at.shown = performance.now();
    requestAnimationFrame(() => { at.painted = performance.now(); });
  }).observe(root, {subtree: true, childList: true, characterData: true});
}"""
IN_PAGE = "() => { const at = window.__latency; return at.painted === null ? null : [at.shown - at.t0, at.painted - at.t0]; }"


def settled(at) -> bool:
    status = at(".zorglab-analysis").first.inner_text()
    return not any(word in status for word in BUSY) and "layouts:" in status


def p90(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[max(0, int(round(0.9 * len(ordered))) - 1)]


def test_keystroke_to_final_verdict(lab, page):
    page.set_viewport_size({"width": 1366, "height": 768})
    verdicts: list[float] = []            # in the page: the input event to the verdict painted
    seen: list[float] = []                # by this harness: before fill to the poll that read it
    finals: list[float] = []
    for level in LEVELS:
        nb = NotebookPage(page, lab.url, write_notebook(lab.root, level))
        nb.run_all()
        cell = nb.cell("Studio(", "studio" + level[:3])
        at = lambda selector, cell=cell: page.locator(f"{cell} {selector}")       # noqa: E731
        wait_for(f"{level} analysed", lambda: settled(at), timeout=300)
        hero = at(".zorglab-rows-heroes .zorglab-entry input").first
        original = hero.input_value()
        page.evaluate(WATCH, [cell])
        for value in NEW_VALUES:
            start = time.monotonic()
            new = original.replace("(", f"({value}", 1)
            hero.fill(new)
            # the page says when the verdict was painted; this harness sees it at its next poll
            shown, painted = wait_for("the verdict painted, timed in the page", lambda: page.evaluate(IN_PAGE),
                                      timeout=300, every=0.01)
            seen.append(time.monotonic() - start)
            verdicts.append(painted / 1000)
            wait_for("the panel settled", lambda: settled(at), timeout=300, every=0.02)
            finals.append(time.monotonic() - start)
            print(f"\n{level[:6]} {new}: verdict in the page {shown:.0f} ms (painted {painted:.0f} ms); "
                  f"seen by the harness {seen[-1] * 1000:.0f} ms; panel settled {finals[-1] * 1000:.0f} ms", end="")
        page.evaluate("async () => { await window.jupyterapp.serviceManager.sessions.shutdownAll(); }")
    load = os.getloadavg()
    print(f"\nkeystroke to final verdict, {len(verdicts)} edits over {len(LEVELS)} levels, in the page: median "
          f"{statistics.median(verdicts) * 1000:.0f} ms, p90 {p90(verdicts) * 1000:.0f} ms, max "
          f"{max(verdicts) * 1000:.0f} ms; seen by the harness: median {statistics.median(seen) * 1000:.0f} ms, "
          f"p90 {p90(seen) * 1000:.0f} ms, max {max(seen) * 1000:.0f} ms; "
          f"to the panel settled: median {statistics.median(finals) * 1000:.0f} ms, "
          f"p90 {p90(finals) * 1000:.0f} ms, max {max(finals) * 1000:.0f} ms "
          f"(load average {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f} on {os.cpu_count()} cores)")
    assert len(verdicts) == len(NEW_VALUES) * len(LEVELS)
    missed = at_most("the Studio's keystroke to final verdict, p90 s", round(p90(verdicts), 3), STUDIO_VERDICT_P90)
    assert not missed, missed

"""Driving a notebook in a real JupyterLab page: open, run every cell, find a cell's widgets, read
its text and its canvas' pixels, click the canvas at canvas-pixel coordinates.

Everything goes through ``window.jupyterapp`` (``--LabApp.expose_app_in_browser=True``): the
notebook panel, its session, and the ``notebook:run-all-cells`` command.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import nbformat

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"

# Finds the cell whose source contains `marker` and gives its node a data-test attribute.
_TAG_CELL = """([name, marker, tag]) => {
  const panel = Array.from(window.jupyterapp.shell.widgets('main'))
    .find(w => w.context && w.content && w.context.path.endsWith(name));
  if (!panel) return false;
  const cell = panel.content.widgets.find(c => c.model.sharedModel.getSource().includes(marker));
  if (!cell) return false;
  cell.node.setAttribute('data-test', tag);
  return true;
}"""

# Marks the current notebook's cell list, so selectors can name it among restored tabs.
_TAG_NOTEBOOK = """(name) => {
  const panel = window.jupyterapp.shell.currentWidget;
  if (!panel || !panel.context.path.endsWith(name)) return false;
  panel.content.node.setAttribute('data-test-notebook', name);
  return true;
}"""

# True once the notebook's kernel is idle and every code cell ran to its end (a count, not running).
_RAN = """(name) => {
  const panel = Array.from(window.jupyterapp.shell.widgets('main'))
    .find(w => w.context && w.content && w.context.path.endsWith(name));
  const kernel = panel && panel.sessionContext.session && panel.sessionContext.session.kernel;
  if (!kernel || kernel.status !== 'idle') return false;
  return panel.content.widgets.every(c => c.model.type !== 'code'
    || (c.model.executionCount !== null && c.model.executionState !== 'running'));
}"""

_PIXELS = """([selector, x, y, w, h]) => {
  const canvas = document.querySelector(selector);
  if (!canvas || canvas.width === 0) return null;
  const data = canvas.getContext('2d').getImageData(x, y, w ?? canvas.width, h ?? canvas.height).data;
  let hash = 2166136261, inked = 0;
  for (let i = 0; i < data.length; i += 4) {
    for (let k = 0; k < 4; k++) hash = Math.imul(hash ^ data[i + k], 16777619) >>> 0;
    if (data[i + 3] > 0 && (data[i] < 250 || data[i + 1] < 250 || data[i + 2] < 250)) inked++;
  }
  return {hash, inked, width: canvas.width, height: canvas.height};
}"""


def fresh_copy(notebook: str, root: Path) -> str:
    """Copy ``notebooks/<notebook>`` into the served folder without stored outputs or widget state
    (saved widget state does not survive a reload: a fresh run is the only honest start)."""
    nb = nbformat.read(NOTEBOOKS / notebook, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
    nb.metadata.pop("widgets", None)
    nbformat.write(nb, root / notebook)
    return notebook


def keep(source: Path, *targets: Path) -> None:
    for target in targets:
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)


def screenshot(locator: Any, shots: Path, name: str, docs_name: str | None = None) -> Path:
    """Screenshot ``locator`` into ``shots`` and check it is not blank; with
    ``ZORGLAB_UPDATE_SCREENSHOTS=1`` also copy it to ``docs/img/`` (as ``NAME-browser.png`` unless
    ``docs_name`` says otherwise)."""
    path = shots / f"browser-{name}.png"
    locator.screenshot(path=str(path))
    assert path.stat().st_size > 5_000, f"{path} looks empty"
    if os.environ.get("ZORGLAB_UPDATE_SCREENSHOTS") == "1":
        keep(path, REPO / "docs" / "img" / (docs_name or f"{name}-browser.png"))
    return path


def wait_for(what: str, check: Callable[[], Any], timeout: float = 60.0, every: float = 0.2) -> Any:
    """Poll ``check`` until it returns something truthy; fail naming ``what`` after ``timeout`` s."""
    deadline = time.monotonic() + timeout
    last = None
    while time.monotonic() < deadline:
        last = check()
        if last:
            return last
        time.sleep(every)
    raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what} (last: {last!r})")


class NotebookPage:
    """One notebook open in JupyterLab."""

    def __init__(self, page: Any, url: str, notebook: str):
        self.page = page
        self.name = notebook
        page.goto(f"{url}/lab/tree/{notebook}")
        page.wait_for_function(
            """(name) => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
                 return !!(w && w.context && w.context.path.endsWith(name) && w.sessionContext
                           && w.sessionContext.session && w.sessionContext.session.kernel
                           && w.sessionContext.session.kernel.status === 'idle'); }""",
            arg=notebook, timeout=90_000)
        # The session's server keeps one workspace: tabs that earlier tests opened come back (their
        # notebooks unrun) beside this one, so `.jp-Notebook` alone may name another notebook. Tag ours.
        assert page.evaluate(_TAG_NOTEBOOK, notebook), f"{notebook} is not the current notebook"
        self.body = f".jp-Notebook[data-test-notebook={json.dumps(notebook)}]"

    def run_all(self, timeout: float = 240.0) -> None:
        """``notebook:run-all-cells``; resolves once every cell has replied."""
        self.page.evaluate(
            """async ([ms, name]) => {
                 const app = window.jupyterapp;
                 // a tab restored from the workspace may have taken the focus: run ours, not it
                 const panel = Array.from(app.shell.widgets('main'))
                   .find(w => w.context && w.content && w.context.path.endsWith(name));
                 if (!panel) throw new Error(`${name} is not open`);
                 app.shell.activateById(panel.id);
                 const run = app.commands.execute('notebook:run-all-cells', {widgetId: panel.id});
                 const late = new Promise((_, no) => setTimeout(() => no(new Error('run-all timed out')), ms));
                 await Promise.race([run, late]);
               }""", [int(timeout * 1000), self.name])
        # then the run is over only once the kernel is idle and every code cell has its count back
        self.page.wait_for_function(_RAN, arg=self.name, timeout=timeout * 1000, polling=200)
        # JupyterLab renders tracebacks (and anything on stderr) as stderr outputs; the notebooks print none
        stderr = self.page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
        assert stderr.count() == 0, "a cell raised or wrote to stderr:\n" + "\n".join(stderr.all_inner_texts())

    def cell(self, marker: str, tag: str) -> str:
        """A CSS selector for the cell whose source contains ``marker``."""
        assert self.page.evaluate(_TAG_CELL, [self.name, marker, tag]), f"no cell contains {marker!r}"
        return f"[data-test='{tag}']"

    def body_text(self) -> str:
        """The text of this notebook's cells (and of no other open tab)."""
        return self.page.locator(self.body).inner_text()

    def text(self, selector: str) -> str:
        return self.page.locator(selector).first.inner_text()

    def wait_text(self, what: str, selector: str, needle: str, timeout: float = 60.0) -> str:
        """Wait until ``selector``'s text holds ``needle`` and return that text; on a time-out the
        failure quotes the text last seen (what the panel said instead)."""
        seen = [""]

        def holds() -> bool:
            seen[0] = self.text(selector)
            return needle in seen[0]
        try:
            wait_for(what, holds, timeout=timeout)
        except AssertionError as error:
            raise AssertionError(f"{error}; the text last seen:\n{seen[0][-2000:]}") from None
        return seen[0]

    def pixels(self, canvas: str, rect: tuple[float, float, float, float] | None = None) -> dict | None:
        return canvas_pixels(self.page, canvas, rect)

    def click_canvas(self, canvas: str, px: float, py: float) -> None:
        click_canvas(self.page, canvas, px, py)


def canvas_pixels(page: Any, canvas: str, rect: tuple[float, float, float, float] | None = None) -> dict | None:
    """A hash and the inked pixel count of a canvas (or a rectangle of it), read in the page."""
    x, y, w, h = (0, 0, None, None) if rect is None else (int(v) for v in rect)
    return page.evaluate(_PIXELS, [canvas, x, y, w, h])


def click_canvas(page: Any, canvas: str, px: float, py: float) -> None:
    """A real mouse click at canvas pixel (px, py), scaled to the canvas' size on screen."""
    locator = page.locator(canvas).first
    locator.scroll_into_view_if_needed()
    box = locator.bounding_box()
    size = page.evaluate("(s) => { const c = document.querySelector(s); return [c.width, c.height]; }", canvas)
    page.mouse.click(box["x"] + px * box["width"] / size[0], box["y"] + py * box["height"] / size[1])

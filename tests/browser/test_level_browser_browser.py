"""The level browser in a real JupyterLab: the pack's contracts drawn as groups with a row per level
(verdict, won state, bonuses, difficulty laid out as columns), and a real click on a level's button
calling ``on_open`` with its file. The notebook is written by the test (the Studio's notebook is
another session's); the screenshot goes to ``reports/browser-level-browser.png`` (and
``docs/img/level-browser-browser.png`` with ``ZORGLAB_UPDATE_SCREENSHOTS=1``)."""

from __future__ import annotations

import os

import nbformat
import pytest

from labkit import REPO, NotebookPage, keep, wait_for

pytestmark = pytest.mark.browser

SOURCE = f"""from zorglab.progression import LevelProgress, Profile
from zorglab.widgets.levels import LevelBrowser
opened = []
profile = Profile((LevelProgress("app-02"), LevelProgress("app-06"), LevelProgress("arc-06", frozenset({{1}}))))
browser = LevelBrowser({str(REPO / "levels")!r}, profile=profile, on_open=opened.append)
browser.widget"""


def test_the_browser_groups_the_pack_and_a_click_opens_a_level(lab, page, shots):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(SOURCE)]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    nbformat.write(nb, lab.root / "level_browser.ipynb")
    notebook = NotebookPage(page, lab.url, "level_browser.ipynb")
    notebook.run_all()
    cell = notebook.cell("LevelBrowser(", "browser")
    output = f"{cell} .jp-OutputArea"
    text = wait_for("the browser's rows", lambda: "Apprentice" in notebook.text(output) and notebook.text(output),
                    timeout=120)
    assert "Apprentice — open: 2/8 won" in text and "Elements — locked (costs 5 points): 0/8 won" in text
    assert "files that do not load" not in text.lower()
    button = page.locator(f"{cell} button", has_text="app-03").first
    arc = page.locator(f"{cell} .widget-hbox").filter(has=page.locator("button", has_text="arc-06")).first
    arc.scroll_into_view_if_needed()
    assert "won" in arc.inner_text() and "★☆" in arc.inner_text()
    button.scroll_into_view_if_needed()
    row = page.locator(f"{cell} .widget-hbox").filter(has=page.locator("button", has_text="app-03")).first
    assert "solvable" in row.inner_text() and "not won" in row.inner_text()
    # the row's cells stand side by side as columns, not one under the other
    spans = row.locator(".widget-html span[style*='inline-block']")
    first, second = spans.nth(0).bounding_box(), spans.nth(1).bounding_box()
    assert second["x"] > first["x"] + first["width"] - 1 and abs(second["y"] - first["y"]) < 4
    button.click()
    wait_for("the status line to say the level was opened",
             lambda: "opened " in notebook.text(output) and "app-03-second-wave.toml" in notebook.text(output),
             timeout=30)
    widget = page.locator(f"{cell} .jp-OutputArea-output").first
    path = shots / "browser-level-browser.png"
    widget.screenshot(path=str(path))
    assert path.stat().st_size > 5_000, f"{path} looks empty"
    if os.environ.get("ZORGLAB_UPDATE_SCREENSHOTS") == "1":
        keep(path, REPO / "docs" / "img" / "level-browser-browser.png")

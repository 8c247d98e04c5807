"""Issue #24's must-show in a real JupyterLab (Chromium): from an empty Studio by clicks and typing
only, a level with a finite-set variable and an ordered list variable; the panel shows the verdict
of every choice; a choice picked in its dropdowns; saved; then ``zorglab validate`` and ``zorglab
play`` agree. Ctrl+Z in the Studio undoes a row delete and the notebook cell is unchanged; *open*
over unsaved edits asks; at 1366×768 the edited row, the verdict and the Maker are on screen together.

Shared steps live in :class:`StudioDriver` (used by the Voilà test too). Screenshots go to
``reports/browser-studio-*.png`` (``docs/img`` with ``ZORGLAB_UPDATE_SCREENSHOTS=1``).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from typing import Any

import nbformat
import pytest

from labkit import REPO, NotebookPage, screenshot, wait_for
from zorglab.level.loader import load_level_text
from zorglab.widgets import Maker

pytestmark = pytest.mark.browser

NOTEBOOK = "studio_variables.ipynb"
LEVEL = "vars.toml"
SOURCE = f"""from zorglab.widgets import Studio
studio = Studio.new({LEVEL!r}, debounce=0.2)
studio"""
ROOMS = ("A @ spawn-east", "D(x) @ corridor", "Z @ dead-end-west")
CONSTRAINT = "hp_at_death(Warrior1) <= -order[1]"
VARIABLES = (("x", "choix(1, {1, 2})"), ("order", "choix(2, [0, 1, 1])"))
BUILT = f"""rooms = {list(ROOMS)!r}
heroes = ["Warrior(3)"]
spells = ["Attack(1)"]
constraints = [{CONSTRAINT!r}]
[variables]
x = "choix(1, {{1, 2}})"
order = "choix(2, [0, 1, 1])"
""".replace("'", '"')
EVERY_CHOICE = ["x = 1, order = [0, 1]: unsolvable", "x = 1, order = [1, 0]: unsolvable",
                "x = 1, order = [1, 1]: unsolvable", "x = 2, order = [0, 1]: solvable — witness: @4 Attack(1)",
                "x = 2, order = [1, 0]: unsolvable", "x = 2, order = [1, 1]: unsolvable"]


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "zorglab.cli.main", *args], capture_output=True, text=True,
                          timeout=120, env={**os.environ, "PYTHONPATH": str(REPO)})


class StudioDriver:
    """Clicks and typing on one Studio in a page (``scope``: a CSS prefix, the notebook cell or '')."""

    def __init__(self, page: Any, scope: str, pixels: Any, click_canvas: Any):
        self.page = page
        self.scope = scope
        self.pixels = pixels
        self.click_canvas = click_canvas
        self.mirror: Maker | None = None

    def at(self, selector: str):
        return self.page.locator(f"{self.scope} {selector}".strip())

    def text(self, selector: str = ".zorglab-studio") -> str:
        return self.at(selector).first.inner_text()

    def panel(self) -> str:
        return self.text(".zorglab-analysis")

    def status(self) -> str:
        return self.text(".zorglab-studio-status")

    def values(self, editor: str) -> list[str]:
        return self.at(f"{editor} .zorglab-entry input").evaluate_all("(inputs) => inputs.map(i => i.value)")

    def click_when(self, button: Any, says: str) -> None:
        """Click once the button's tooltip says the kernel has the text typed (a click's message
        can overtake a text field's last keystroke)."""
        wait_for(f"the button to say {says!r}", lambda: button.get_attribute("title") == says)
        button.click()

    def add_row(self, editor: str, text: str) -> None:
        self.at(f"{editor} .zorglab-new-entry input").press_sequentially(text, delay=20)
        title = editor.removeprefix(".zorglab-rows-")
        self.click_when(self.at(f"{editor} button").filter(has_text="add").first, f"add {text} to {title}")
        wait_for(f"{editor} to list {text!r}", lambda: text in self.values(editor))

    def add_variable(self, name: str, text: str) -> None:
        editor = self.at(".zorglab-variables")
        editor.locator(".zorglab-variable-name input").press_sequentially(name, delay=20)
        editor.locator(".zorglab-variable-text input").press_sequentially(text, delay=20)
        self.click_when(editor.locator("button").filter(has_text="add").first, f"add {name} = {text}")
        wait_for(f"the picker of {name}", lambda: self.at(f".zorglab-choice-{name}-0").count() == 1)

    def build(self) -> None:
        """The level of this test, by typing into the rows and clicks on the Maker's canvas."""
        wait_for("the empty Studio", lambda: "needs at least one A room" in self.panel(), timeout=90)
        for room in ROOMS:
            self.add_row(".zorglab-rows-rooms", room)
        self.add_row(".zorglab-rows-heroes", "Warrior(3)")
        self.add_row(".zorglab-rows-spells", "Attack(1)")
        for name, text in VARIABLES:
            self.add_variable(name, text)
        self.add_row(".zorglab-rows-constraints", CONSTRAINT)
        wait_for("the level to load without problems", lambda: "no problems" in self.panel(), timeout=60)
        self.mirror = Maker(load_level_text(BUILT), cell=18)          # the Studio's Maker draws 18 px cells
        canvas = f"{self.scope} .zorglab-studio-maker canvas".strip()
        wait_for("the Maker's canvas to be drawn", lambda: (self.pixels(canvas) or {}).get("inked"))
        for col, label in enumerate(("A1", "D1", "Z1")):
            self.click_maker("tray", label)
            self.click_maker("slot", (col, 0))
        assert self.mirror.valid

    def click_maker(self, kind: str, where: Any) -> None:
        assert self.mirror is not None
        canvas = f"{self.scope} .zorglab-studio-maker canvas".strip()
        if kind == "tray":
            box = next(b for b in self.mirror.tray if b.label == where)
            px, py = box.x + box.w / 2, box.y + box.h / 2
        else:
            x, y, w, h = self.mirror.view.slot_rect(where)
            px, py = x + w / 2, y + h / 2
        self.click_canvas(canvas, px, py)
        self.mirror.click(kind, where)
        notice = self.mirror.notice
        wait_for(f"the Maker to say {notice!r}", lambda: notice in self.text(".zorglab-studio-maker"), timeout=30)

    def every_choice_judged(self) -> None:
        wait_for("the verdict of every choice",
                 lambda: "every choice; all 6 tried): 1 win" in self.panel(), timeout=120)
        panel = self.panel()
        for line in EVERY_CHOICE:
            assert line in panel, f"{line!r} not in the panel:\n{panel}"
        assert "this layout: unsolvable" in panel            # on the first choice, x = 1, order = [0, 1]

    def pick(self, name: str, index: int, label: str) -> None:
        self.at(f".zorglab-choice-{name}-{index} select").select_option(label=label)

    def choose_the_winner(self) -> None:
        self.pick("x", 0, "2")
        wait_for("the panel to say solvable with the winning choice marked",
                 lambda: "this layout: solvable" in self.panel()
                 and "▶ x = 2, order = [0, 1]: solvable" in self.panel(), timeout=120)

    def save(self, saved) -> None:
        self.at(".zorglab-studio-save").click()
        wait_for("the save notice", lambda: "solution 0 added" in self.status(), timeout=90)
        # each widget's value comes from the kernel in a message of its own: wait, do not race
        wait_for("the saved marker", lambda: "(saved)" in self.text(".zorglab-studio-state"))
        checked = cli("validate", str(saved))
        assert checked.returncode == 0, checked.stdout + checked.stderr
        played = cli("play", str(saved), "--solution", "0")
        assert played.returncode == 0 and played.stdout.strip().endswith(": win"), played.stdout + played.stderr
        assert "choices = {x = 2, order = [0, 1]}" in saved.read_text()

    def undo_a_row_delete(self) -> None:
        constraints = self.values(".zorglab-rows-constraints")
        self.at(".zorglab-rows-constraints .zorglab-entry").first.locator("xpath=..").locator("button").last.click()
        wait_for("the constraint row removed", lambda: self.values(".zorglab-rows-constraints") == [])
        wait_for("the dirty marker", lambda: "unsaved" in self.text(".zorglab-studio-state"))
        self.page.keyboard.press("Control+z")
        wait_for("Ctrl+Z to bring the row back", lambda: self.values(".zorglab-rows-constraints") == constraints)
        wait_for("the notice to say it", lambda: "undone: constraints 1 removed" in self.status())
        wait_for("the saved marker back", lambda: "(saved)" in self.text(".zorglab-studio-state"))
        self.page.keyboard.press("Control+Shift+z")
        wait_for("Ctrl+Shift+Z to redo the delete", lambda: self.values(".zorglab-rows-constraints") == [])
        self.at(".zorglab-studio-undo").click()
        wait_for("the undo button to bring it back", lambda: self.values(".zorglab-rows-constraints") == constraints)

    def open_asks(self, other: str) -> None:
        self.at(".zorglab-rows-heroes .zorglab-entry input").first.fill("Warrior(4)")
        wait_for("the dirty marker", lambda: "● unsaved edits" in self.text(".zorglab-studio-state"))
        path = self.at(".zorglab-studio-path input")
        path.fill("")
        path.press_sequentially(other, delay=20)
        self.click_when(self.at("button").filter(has_text=re.compile("^open$")).first, f"open {other}")
        wait_for("the question", lambda: self.at(".zorglab-studio-question").is_visible()
                 and "Unsaved edits" in self.text(".zorglab-studio-question"))
        assert "Warrior(4)" in self.values(".zorglab-rows-heroes")       # nothing replaced yet
        self.at(".zorglab-answer-discard").click()
        wait_for("the other level opened", lambda: f"opened {other}" in self.status())
        restore = self.at(".zorglab-studio-restore")
        wait_for("the restore button", lambda: restore.is_visible())
        restore.click()
        wait_for("the edits restored", lambda: "Warrior(4)" in self.values(".zorglab-rows-heroes"))


def write_notebook(root) -> str:
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(SOURCE)])
    nb.metadata["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    nbformat.write(nb, root / NOTEBOOK)
    return NOTEBOOK


_CELLS = """() => window.jupyterapp.shell.currentWidget.content.widgets.map(
    c => [c.model.type, c.model.sharedModel.getSource()])"""


def in_view(page: Any, locator: Any) -> bool:
    box = locator.bounding_box()
    size = page.viewport_size
    return bool(box) and box["y"] >= 0 and box["x"] >= 0 and box["y"] + min(box["height"], 60) <= size["height"] \
        and box["x"] + min(box["width"], 60) <= size["width"]


def test_a_level_with_variables_authored_undone_asked_and_on_one_screen_in_jupyterlab(lab, page, shots):
    saved = lab.root / LEVEL
    saved.unlink(missing_ok=True)
    page.set_viewport_size({"width": 1366, "height": 768})
    nb = NotebookPage(page, lab.url, write_notebook(lab.root))
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")     # the file browser closed (Ctrl+B)
    nb.run_all()
    cell = nb.cell("Studio.new(", "studio")
    studio = StudioDriver(page, cell, nb.pixels, nb.click_canvas)
    studio.build()
    studio.every_choice_judged()
    studio.choose_the_winner()

    # one screen at 1366x768: the row being edited, the verdict and the Maker, together
    spell = studio.at(".zorglab-rows-spells .zorglab-entry input").first
    studio.at(".zorglab-studio").first.evaluate("(n) => n.scrollIntoView({block: 'start'})")
    spell.click()
    maker = studio.at(".zorglab-studio-maker canvas").first
    verdict = studio.at(".zorglab-analysis").first
    for what, locator in (("the edited row", spell), ("the verdict", verdict), ("the Maker", maker)):
        assert in_view(page, locator), f"{what} is not on screen at 1366x768: {locator.bounding_box()}"
    path = shots / "browser-studio-1366.png"
    page.screenshot(path=str(path))
    if os.environ.get("ZORGLAB_UPDATE_SCREENSHOTS") == "1":
        (REPO / "docs" / "img" / "studio-1366.png").write_bytes(path.read_bytes())

    # and at 1920x1080 with JupyterLab's file browser open
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.evaluate("() => window.jupyterapp.shell.expandLeft()")
    studio.at(".zorglab-studio").first.evaluate("(n) => n.scrollIntoView({block: 'start'})")
    spell.click()
    for what, locator in (("the edited row", spell), ("the verdict", verdict), ("the Maker", maker)):
        assert in_view(page, locator), f"{what} is not on screen at 1920x1080: {locator.bounding_box()}"
    page.screenshot(path=str(shots / "browser-studio-1920.png"))
    if os.environ.get("ZORGLAB_UPDATE_SCREENSHOTS") == "1":
        (REPO / "docs" / "img" / "studio-1920.png").write_bytes((shots / "browser-studio-1920.png").read_bytes())

    page.set_viewport_size({"width": 1700, "height": 1300})
    studio.save(saved)
    screenshot(studio.at(".zorglab-studio").first, shots, "studio-variables", "studio-variables.png")

    before = page.evaluate(_CELLS)
    studio.undo_a_row_delete()
    assert page.evaluate(_CELLS) == before, "the notebook changed: Ctrl+Z reached JupyterLab"

    (lab.root / "other.toml").write_bytes(saved.read_bytes())
    studio.open_asks("other.toml")
    screenshot(studio.at(".zorglab-studio").first, shots, "studio-restored", "studio-restored.png")
    assert page.evaluate(_CELLS) == before

"""The Level Studio in a real JupyterLab (issue #14's must-show): from an empty Studio, by clicks and
typing only, three rooms from the palette with their tiles, a Warrior(3) and an Attack(1), laid out
in the Maker: the panel says *unsolvable*; the spell typed as Attack(2): *solvable* with a witness;
*save*. Then, outside the browser, ``zorglab validate`` passes on the saved file and
``zorglab play --solution 0`` replays it to a win; and a change made to the file by
another editor shows in the page without a click.

Where to click on the Maker's canvas is computed by a Maker on the same level in this process, fed
the same clicks (as in test_maker_browser). Screenshots go to ``reports/browser-studio*.png`` (and
to ``docs/img/studio*.png`` with ``ZORGLAB_UPDATE_SCREENSHOTS=1``).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys

import nbformat
import pytest

from labkit import REPO, NotebookPage, screenshot, wait_for
from zorglab.level.loader import load_level_text
from zorglab.widgets import Maker

pytestmark = pytest.mark.browser

NOTEBOOK = "studio_empty.ipynb"
LEVEL = "corridor.toml"
SOURCE = f"""from zorglab.widgets import Studio
studio = Studio.new({LEVEL!r}, debounce=0.2)
studio"""
# The level the clicks build, for the mirror Maker that knows where the canvas draws each slot
BUILT = """rooms = ["A @ spawn-east", "D(1) @ corridor", "Z @ dead-end-west"]
heroes = ["Warrior(3)"]
spells = ["Attack(1)"]
"""


def write_notebook(root) -> str:
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(SOURCE)])
    nb.metadata["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    nbformat.write(nb, root / NOTEBOOK)
    return NOTEBOOK


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "zorglab.cli.main", *args], capture_output=True, text=True,
                          timeout=120, env={**os.environ, "PYTHONPATH": str(REPO)})


class StudioPage:
    """The Studio's output area in the page: its palette, rows, Maker canvas and panel."""

    def __init__(self, nb: NotebookPage, cell: str):
        self.nb = nb
        self.page = nb.page
        self.cell = cell
        self.mirror: Maker | None = None

    def at(self, selector: str):
        return self.page.locator(f"{self.cell} {selector}")

    def text(self, selector: str = ".zorglab-studio") -> str:
        return self.at(selector).first.inner_text()

    def panel(self) -> str:
        return self.text(".zorglab-analysis")

    def add_room(self, room_type: str, tile: str, params: dict[str, str] | None = None) -> None:
        self.at(".zorglab-palette button.widget-toggle-button").filter(
            has_text=re.compile(f"^{room_type}$")).click()
        for name, value in (params or {}).items():
            wait_for(f"the {name} input of {room_type}", lambda: self.at(f".zorglab-param-{name} input").count())
            self.at(f".zorglab-param-{name} input").press_sequentially(value, delay=40)
        card = self.at(".zorglab-tile button").filter(has_text=re.compile(f"^{re.escape(tile)}$"))
        wait_for(f"the tile {tile} in the palette", lambda: card.count() == 1)
        card.click()
        expected = f"{room_type}{'(' + ', '.join(params.values()) + ')' if params else ''} @ {tile}"
        wait_for(f"the palette to show {expected!r}", lambda: expected in self.text(".zorglab-palette"))
        self.at(".zorglab-palette button").filter(has_text="add room").click()
        wait_for(f"the rooms to list {expected!r}", lambda: expected in self.values(".zorglab-rows-rooms"))

    def values(self, editor: str) -> list[str]:
        return self.at(f"{editor} .zorglab-entry input").evaluate_all("(inputs) => inputs.map(i => i.value)")

    def add_row(self, editor: str, text: str) -> None:
        self.at(f"{editor} .zorglab-new-entry input").press_sequentially(text, delay=40)
        self.at(f"{editor} button").filter(has_text="add").click()
        wait_for(f"{editor} to list {text!r}", lambda: text in self.values(editor))

    def click_maker(self, kind: str, where) -> None:
        canvas = f"{self.cell} .zorglab-studio-maker canvas"
        if kind == "tray":
            box = next(b for b in self.mirror.tray if b.label == where)
            px, py = box.x + box.w / 2, box.y + box.h / 2
        else:
            x, y, w, h = self.mirror.view.slot_rect(where)
            px, py = x + w / 2, y + h / 2
        self.nb.click_canvas(canvas, px, py)
        self.mirror.click(kind, where)
        notice = self.mirror.notice
        wait_for(f"the Maker to say {notice!r}", lambda: notice in self.text(".zorglab-studio-maker"), timeout=30)


def test_a_level_authored_in_the_studio_by_clicks_and_typing_saves_validates_and_replays(lab, page, shots):
    saved = lab.root / LEVEL
    saved.unlink(missing_ok=True)
    page.set_viewport_size({"width": 1700, "height": 2400})     # the whole Studio on screen, for the pictures
    nb = NotebookPage(page, lab.url, write_notebook(lab.root))
    nb.run_all()
    studio = StudioPage(nb, nb.cell("Studio.new(", "studio"))
    wait_for("the empty Studio", lambda: "needs at least one A room" in studio.panel(), timeout=60)

    # three rooms from the palette, each with its tile picture's button
    studio.add_room("A", "spawn-east")
    studio.add_room("D", "corridor", {"x": "1"})
    studio.add_room("Z", "dead-end-west")
    studio.add_row(".zorglab-rows-heroes", "Warrior(3)")
    studio.add_row(".zorglab-rows-spells", "Attack(1)")
    wait_for("the level to load without problems", lambda: "no problems" in studio.panel(), timeout=60)

    # the Maker under the Studio: A1, D1, Z1 in a row, by clicks on its canvas
    studio.mirror = Maker(load_level_text(BUILT), cell=18)       # the Studio's Maker draws 18 px cells
    wait_for("the Maker's canvas to be drawn",
             lambda: (nb.pixels(f"{studio.cell} .zorglab-studio-maker canvas") or {}).get("inked"))
    for col, label in enumerate(("A1", "D1", "Z1")):
        studio.click_maker("tray", label)
        studio.click_maker("slot", (col, 0))
    assert studio.mirror.valid
    wait_for("the panel to say unsolvable", lambda: "this layout: unsolvable" in studio.panel(), timeout=90)
    screenshot(studio.at(".zorglab-studio").first, shots, "studio-unsolvable", "studio-unsolvable.png")

    # the spell retyped, key by key: every keystroke is an edit; only the last one's verdict is shown
    spell = studio.at(".zorglab-rows-spells .zorglab-entry input").first
    spell.fill("")
    spell.press_sequentially("Attack(2)", delay=60)
    wait_for("the panel to say solvable with a witness",
             lambda: "this layout: solvable — witness: @4 Attack(2)" in studio.panel(), timeout=90)
    assert "unsolvable" not in studio.panel()
    screenshot(studio.at(".zorglab-studio").first, shots, "studio", "studio.png")

    studio.at(".zorglab-studio-save").click()
    wait_for("the save notice", lambda: "solution 0 added" in studio.text(".zorglab-studio-status"), timeout=60)

    # outside the browser: the saved file validates and replays to a win
    assert saved.exists(), f"nothing saved at {saved}"
    checked = cli("validate", str(saved))
    assert checked.returncode == 0, checked.stdout + checked.stderr
    played = cli("play", str(saved), "--solution", "0")
    assert played.returncode == 0 and played.stdout.strip().endswith(": win"), played.stdout + played.stderr

    # another editor changes the file: the page says so without a click, and shows the new title
    saved.write_text(saved.read_text().replace('title = ""', 'title = "Edited Elsewhere"'))
    wait_for("the Studio to notice the file changed on disk",
             lambda: "changed on disk: reloaded" in studio.text(".zorglab-studio-status"), timeout=30)
    wait_for("the new title in the Studio's header", lambda: "Edited Elsewhere" in studio.text(), timeout=30)

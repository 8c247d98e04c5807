"""The Maker in a real JupyterLab: a fresh copy of ``notebooks/02_maker.ipynb`` runs in headless
Chromium; rooms are placed by clicking the sandbox Maker's live canvas (tray, then slot); the canvas'
pixels and the Maker's message box must change as the level's rules say; *start* opens a Player.

Where to click is computed by a Maker on the same level in this process, fed the same clicks: the
canvas grows as rooms are placed, and only the Maker's own ``BoardView`` and tray know where
everything lands. Screenshots go to ``reports/browser-*.png`` (and to ``docs/img/*-browser.png``
with ``ZORGLAB_UPDATE_SCREENSHOTS=1``).
"""

from __future__ import annotations

import html

import pytest

from labkit import REPO, NotebookPage, fresh_copy, screenshot, wait_for
from zorglab.level import load_level
from zorglab.widgets import Maker

pytestmark = pytest.mark.browser

LEVEL = REPO / "levels" / "ele-02-the-cautious-elf.toml"
SANDBOX = "sandbox = Maker(level, solution=None)"


class SandboxDriver:
    """Clicks on the sandbox Maker's canvas, mirrored on a Maker in this process for the pixels."""

    def __init__(self, notebook: NotebookPage, cell: str):
        self.nb = notebook
        self.cell = cell
        self.canvas = f"{cell} canvas"
        self.mirror = Maker(load_level(LEVEL), solution=None)

    def status(self) -> str:
        return self.nb.text(f"{self.cell} .jp-OutputArea")

    def click(self, kind: str, where) -> None:
        """Click a tray room (``kind='tray'``, a label) or a grid slot (``'slot'``, (col, row))."""
        if kind == "tray":
            box = next(b for b in self.mirror.tray if b.label == where)
            px, py = box.x + box.w / 2, box.y + box.h / 2
        else:
            x, y, w, h = self.mirror.view.slot_rect(where)
            px, py = x + w / 2, y + h / 2
        self.nb.click_canvas(self.canvas, px, py)
        self.mirror.click(kind, where)
        notice = self.mirror.notice
        wait_for(f"the Maker to say {notice!r}", lambda: notice in self.status() and self.status(), timeout=30)


def test_maker_places_rooms_by_clicks_and_starts_a_player(lab, page, shots):
    nb = NotebookPage(page, lab.url, fresh_copy("02_maker.ipynb", lab.root))
    nb.run_all()
    cell = nb.cell(SANDBOX, "sandbox")
    maker = SandboxDriver(nb, cell)
    wait_for("the sandbox Maker's canvas to be drawn", lambda: (nb.pixels(maker.canvas) or {}).get("inked"))
    assert "A1 is not placed" in maker.status()

    # A1 from the tray onto slot (0, 0): its slot is drawn, and A1 leaves the missing list
    a_slot = maker.mirror.view.slot_rect((0, 0))
    before, before_slot = nb.pixels(maker.canvas), nb.pixels(maker.canvas, a_slot)
    maker.click("tray", "A1")
    maker.click("slot", (0, 0))
    wait_for("A1's slot to be drawn", lambda: nb.pixels(maker.canvas, a_slot)["hash"] != before_slot["hash"])
    after = nb.pixels(maker.canvas)
    assert after["hash"] != before["hash"]
    text = maker.status()
    assert "3 problem(s): start is blocked" in text
    assert "A1 is not placed" not in text and "E1 is not placed" in text

    # The fire field under the spawn: a border mismatch and a cut-off room, in words and in red
    maker.click("tray", "E1")
    maker.click("slot", (0, 1))
    text = maker.status()
    assert "A1 (south side, cell 1) is an opening but E1 (north side, cell 1) is a wall" in text
    assert "E1 is cut off from A1" in text
    screenshot(page.locator(cell + " .jp-OutputArea-output").first, shots, "maker")

    # E1 (selected since just placed) moves east; D1 and Z1 close the ring: valid, start enabled
    maker.click("slot", (1, 0))
    maker.click("tray", "D1")
    maker.click("slot", (0, 1))
    maker.click("tray", "Z1")
    maker.click("slot", (1, 1))
    assert maker.mirror.valid
    text = maker.status()
    assert "valid layout — ready to start" in text and "no violations" in text

    start = page.locator(f"{cell} button", has_text="start")
    start.click()
    wait_for("a Player under the sandbox Maker", lambda: "Player — world" in maker.status(), timeout=30)
    step = page.locator(f"{cell} button", has_text="step").first
    for expected in ("Warrior1 spawns", "Warrior1 steps right"):
        step.click()
        wait_for(f"the log to show {expected!r}", lambda: expected in maker.status(), timeout=30)

    # The notebook's own Player (started from code, won with Attack(2) at tick 12), as a picture
    editor = nb.cell("maker = Maker(level, path=", "editor")
    player = page.locator(f"{editor} .widget-vbox:has(> .widget-html:first-child:has-text('Player — world'))")
    wait_for("the notebook's Player to show its won run", lambda: "Elf1 dies" in player.first.inner_text())
    screenshot(player.first, shots, "player")


def test_temple_viewer_draws_and_answers_a_click(lab, page, shots):
    from zorglab.temples import generate_with_report
    from zorglab.widgets.temples import TempleViewer

    nb = NotebookPage(page, lab.url, fresh_copy("06_temple_generator.ipynb", lab.root))
    nb.run_all()
    cell = nb.cell("viewer = TempleViewer(", "viewer")
    canvas = f"{cell} canvas"
    wait_for("the temple viewer's canvas to be drawn", lambda: (nb.pixels(canvas) or {}).get("inked", 0) > 1000)
    text = nb.text(f"{cell} .jp-OutputArea")
    assert "critical path (28 rooms)" in text and "R1–R12: no violation" in text

    # the notebook's temple, rebuilt here to know where its entrance is drawn
    temple = generate_with_report(42, {"size": "medium", "floors": 2, "locks": 3, "gate": True,
                                       "theme": "Kitchen"}).temple
    mirror = TempleViewer(temple)
    nb.click_canvas(canvas, *mirror.view.centre(tuple(temple.entrance)))
    mirror.click(*mirror.view.centre(tuple(temple.entrance)))
    expected = html.unescape(mirror.details.value).split(";")[0]
    wait_for(f"the viewer to describe the entrance ({expected!r})",
             lambda: expected in nb.text(f"{cell} .jp-OutputArea"), timeout=30)
    screenshot(page.locator(f"{cell} .jp-OutputArea-output").first, shots, "temple")

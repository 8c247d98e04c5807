"""Issue 25's must-show in a real JupyterLab: the Studio says why a layout cannot be won (a
constraint the layout breaks; a failing mirror world and the hero nothing can kill there), and the
Player of notebook 03 draws the active hero's plan and answers "why not that way?" with the way's own
plan dashed on the board, the layer that rejects it, and a branch where the hero took it.

Screenshots go to ``reports/browser-*.png`` (and ``docs/img/*`` with ``ZORGLAB_UPDATE_SCREENSHOTS=1``).
"""

from __future__ import annotations

import shutil

import nbformat
import pytest

from labkit import REPO, NotebookPage, fresh_copy, screenshot, wait_for

pytestmark = pytest.mark.browser

ROW = '\n[[solutions]]\nmap = """\nA D1 Z\n"""\ncasts = []\nexpect = "loss"\n'
DIST = ('id = "why-dist"\nrooms = ["A @ spawn-east", "D(1) @ corridor", "Z @ dead-end-west"]\n'
        'heroes = ["Warrior(2)"]\nspells = ["Attack(1)"]\nconstraints = ["dist(A, Z) >= 5"]\n' + ROW)
MIRROR = ('id = "why-mirror"\nrooms = ["A @ spawn-east", "D(1) @ corridor", "Z @ dead-end-west"]\n'
          'heroes = ["Warrior(2)"]\nspells = ["Attack(1)"]\n\n[[mirrors]]\nname = "M1"\n'
          'rooms = ["A @ spawn-east", "D(1) @ corridor", "Z @ dead-end-west"]\nheroes = ["Warrior(7)"]\n'
          'spells = ["Attack(1)"]\n' + ROW)


def write_studios(root) -> str:
    shutil.copyfile(REPO / "levels" / "tiles.toml", root / "tiles.toml")
    (root / "why-dist.toml").write_text(DIST)
    (root / "why-mirror.toml").write_text(MIRROR)
    cells = [nbformat.v4.new_code_cell("from zorglab.widgets import Studio\n"
                                       "dist = Studio('why-dist.toml', debounce=0.2)\ndist"),
             nbformat.v4.new_code_cell("mirror = Studio('why-mirror.toml', debounce=0.2)\nmirror")]
    nb = nbformat.v4.new_notebook(cells=cells)
    nb.metadata["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    nbformat.write(nb, root / "why_studio.ipynb")
    return "why_studio.ipynb"


def shot(page, panel: str, shots, name: str) -> None:
    """The Studio's analysis panel, scrolled into view, as the designer reads it."""
    locator = page.locator(panel).first
    locator.scroll_into_view_if_needed()
    screenshot(locator, shots, name, f"{name}.png")


def test_the_studio_says_why_a_layout_cannot_be_won(lab, page, shots):
    nb = NotebookPage(page, lab.url, write_studios(lab.root))
    nb.run_all()
    dist = nb.cell("dist = Studio(", "dist")
    panel = f"{dist} .zorglab-analysis"
    text = nb.wait_text("the dist Studio's reason", panel, "cannot hold on this layout", timeout=120)
    assert "this layout: unsolvable — the constraint dist(A, Z) >= 5 cannot hold on this layout" in text
    assert "= 2" in text
    shot(page, panel, shots, "studio-why-constraint")
    mirror = nb.cell("mirror = Studio(", "mirror")
    panel = f"{mirror} .zorglab-analysis"
    text = nb.wait_text("the mirror Studio's reason", panel, "world M1 fails", timeout=120)
    assert "world M1 fails: no cast sequence can kill Warrior1: it has 7 HP" in text
    shot(page, panel, shots, "studio-why-world")


def test_the_player_draws_the_plan_and_answers_why_not(lab, page, shots):
    nb = NotebookPage(page, lab.url, fresh_copy("03_hero_ai.ipynb", lab.root))
    nb.run_all()
    cell = nb.cell("elf = lesson(", "elf")
    canvas = f"{cell} canvas"
    wait_for("the Elf Player's canvas to be drawn", lambda: (nb.pixels(canvas) or {}).get("inked"))
    out = f"{cell} .jp-OutputArea"
    # the notebook's question cell put the Player back on frame 1: the Elf on the spawn, explained
    wait_for("the Elf's explanation", lambda: "loses at HP kept: HP lost 2 > 0" in nb.text(out), timeout=30)
    before = nb.pixels(canvas)
    page.locator(f"{cell} .zorglab-why-not select").first.select_option("right")   # not the spell tray's
    wait_for("the why-not answer", lambda: "why not right? its own plan goes via A1 → D1 → Z1" in nb.text(out),
             timeout=30)
    assert "layer 1, HP kept, rejects it: HP lost 2 > 0" in nb.text(out)
    wait_for("the way's plan drawn on the board", lambda: nb.pixels(canvas)["hash"] != before["hash"], timeout=30)
    player = page.locator(f"{cell} .widget-vbox:has(> .widget-html:first-child:has-text('Player — world'))").first
    screenshot(player, shots, "player-why", "player-why-browser.png")
    page.locator(f"{cell} button", has_text="branch that way").first.click()
    wait_for("the what-if branch beside the Player", lambda: "went right (why not)" in nb.text(out) or
             "why not right" in nb.text(out) and nb.text(out).count("Player — world") >= 2, timeout=30)
    screenshot(player, shots, "player-why-branch", "player-why-branch-browser.png")

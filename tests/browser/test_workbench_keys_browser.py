"""Issue #13 items 1, 4 and 6 in a real JupyterLab: keys pressed in the Maker and the Player reach
the widget, never the notebook; the branch table follows a branch; the event log follows the run.

Each notebook is a fresh copy of ``notebooks/02_maker.ipynb`` run in headless Chromium; what the
widget should say is computed by a Maker or Player in this process fed the same actions.
"""

from __future__ import annotations

import pytest

from labkit import NotebookPage, fresh_copy, wait_for
from test_maker_browser import SANDBOX, SandboxDriver, screenshot

pytestmark = pytest.mark.browser

# the notebook's state as JupyterLab sees it: the sandbox cell's type and the side-by-side layout
_LAB_STATE = """(marker) => {
  const panel = window.jupyterapp.shell.currentWidget;
  const cell = panel.content.widgets.find(c => c.model.sharedModel.getSource().includes(marker));
  return {type: cell ? cell.model.type : null, cells: panel.content.widgets.length,
          sideBySide: panel.content.node.classList.contains('jp-mod-sideBySide')
                      || panel.content.renderingLayout === 'side-by-side'};
}"""


def _lab_state(nb: NotebookPage, marker: str) -> dict:
    return nb.page.evaluate(_LAB_STATE, marker)


def test_item_1_keys_after_a_click_reach_the_maker_and_the_player_not_jupyterlab(lab, page):
    nb = NotebookPage(page, lab.url, fresh_copy("02_maker.ipynb", lab.root))
    nb.run_all()
    cell = nb.cell(SANDBOX, "sandbox")
    maker = SandboxDriver(nb, cell)
    wait_for("the sandbox Maker's canvas to be drawn", lambda: (nb.pixels(maker.canvas) or {}).get("inked"))
    try:                                            # (the code as found has no guard: go on without it)
        wait_for("the key guard", lambda: page.locator(f"{cell} [data-zorglab-keys='ready']").count(), timeout=10)
    except AssertionError:
        pass
    start = _lab_state(nb, SANDBOX)
    assert start == {"type": "code", "cells": start["cells"], "sideBySide": False}

    maker.click("tray", "A1")
    maker.click("slot", (0, 0))                     # A1 placed and selected
    page.locator(f"{cell} button", has_text="rotate").first.click()      # a Maker button has the focus
    maker.mirror.rotate()
    wait_for("the rotate button's notice", lambda: maker.mirror.notice in maker.status())
    for key, (name, shift, ctrl) in {"r": ("r", False, False), "Shift+R": ("R", True, False),
                                     "ArrowRight": ("ArrowRight", False, False),
                                     "Delete": ("Delete", False, False),
                                     "Control+z": ("z", False, True)}.items():
        page.keyboard.press(key)
        maker.mirror.key(name, shift=shift, ctrl=ctrl)
        notice = maker.mirror.notice
        wait_for(f"the Maker or JupyterLab to answer {key}",
                 lambda: _lab_state(nb, SANDBOX) != start or notice in maker.status(), timeout=30)
        assert _lab_state(nb, SANDBOX) == start, f"{key} reached JupyterLab: {_lab_state(nb, SANDBOX)}"
        assert notice in maker.status(), f"the Maker did not answer {key} with {notice!r}"
    assert maker.mirror.layout.slot("A1") == (1, 0)

    # a click on the Maker's text (no control there) gives the widget the focus too
    page.locator(f"{cell} .widget-html", has_text="Maker").first.click()
    page.keyboard.press("r")
    maker.mirror.key("r")
    notice = maker.mirror.notice
    wait_for(f"the Maker to answer r with {notice!r}", lambda: notice in maker.status(), timeout=30)
    assert _lab_state(nb, SANDBOX) == start

    # the notebook's Player (run to its end by the notebook): back button, then its keys
    editor = nb.cell("maker = Maker(level, path=", "editor")
    player = page.locator(f"{editor} .widget-vbox:has(> .widget-html:first-child:has-text('Player — world'))")
    status = lambda: player.first.inner_text()      # noqa: E731
    wait_for("the notebook's Player to show its won run", lambda: "ended: win" in status())
    frame = lambda: status().split("frame ", 1)[1].split(" ", 1)[0]      # noqa: E731
    last = frame()
    total = int(last.split("/")[1])
    player.first.locator("button", has_text="back").first.click()
    wait_for("the back button to step back", lambda: frame() == f"{total - 1}/{total}")
    for key, expected in (("ArrowLeft", total - 2), (",", total - 3), ("ArrowRight", total - 2),
                          ("Home", 0), ("End", total)):
        page.keyboard.press(key)
        wait_for(f"the Player to answer {key} (frame {expected})", lambda: frame() == f"{expected}/{total}")
        assert _lab_state(nb, "maker = Maker(level, path=")["type"] == "code", f"{key} reached JupyterLab"
    assert _lab_state(nb, SANDBOX) == start

    # a key typed into the Player's spell dropdown stays with the dropdown: no step, no notebook command
    spell = player.first.locator("select").first
    spell.focus()
    before = frame()
    page.keyboard.press("ArrowRight")
    page.wait_for_timeout(800)
    assert frame() == before, "an arrow in the spell dropdown stepped the Player"
    assert _lab_state(nb, "maker = Maker(level, path=")["type"] == "code"


PLAYER = ".widget-vbox:has(> .widget-html:first-child:has-text('Player — world {name}'))"


def _editor_player(nb: NotebookPage):
    """The notebook's own Player (under ``maker``), once the notebook has run it to its won end."""
    editor = nb.cell("maker = Maker(level, path=", "editor")
    player = nb.page.locator(f"{editor} {PLAYER.format(name='main')}").first
    wait_for("the notebook's Player to show its won run", lambda: "ended: win" in player.inner_text())
    return editor, player


def _branch_row(nb: NotebookPage, player, name: str) -> str:
    table = player.locator(".widget-html", has_text="each run on with no further cast").first
    rows = [line for line in table.inner_text().splitlines() if line.startswith(name)]
    return rows[0] if rows else ""


def test_item_4_the_branch_table_follows_a_branch_without_a_click_in_the_main_player(lab, page, shots):
    nb = NotebookPage(page, lab.url, fresh_copy("02_maker.ipynb", lab.root))
    nb.run_all()
    editor, main = _editor_player(nb)
    main.locator("input[type=range], .widget-slider").first.scroll_into_view_if_needed()
    while "frame 0/" not in main.inner_text():                   # back to the start, by its own button
        main.locator("button", has_text="back").first.click()
        page.wait_for_timeout(150)
    main.locator("button", has_text="branch").first.click()
    branch = page.locator(f"{editor} {PLAYER.format(name='branch 1')}").first
    wait_for("a branch beside the Player", lambda: branch.count() and "tick 0" in branch.inner_text())
    wait_for("the table to list the branch", lambda: "loss" in _branch_row(nb, main, "branch 1"))

    step = branch.locator("button", has_text="step").first
    for _ in range(12):                                         # the branch alone walks to tick 12...
        step.click()
        page.wait_for_timeout(100)
    wait_for("the branch at tick 12", lambda: "tick 12 " in branch.inner_text())
    branch.locator("select").first.select_option(label="Attack1")
    branch.locator("button", has_text="cast now").first.click()   # ...and casts there
    wait_for("the table to show the branch's new outcome (win)", lambda: "win" in _branch_row(nb, main, "branch 1"),
             timeout=30)
    page.set_viewport_size({"width": 2300, "height": 1100})     # the trunk and its branch side by side
    main.scroll_into_view_if_needed()
    screenshot(main, shots, "player-branch")
    main_box, branch_box = main.locator("canvas").first.bounding_box(), branch.bounding_box()
    assert branch_box["x"] > main_box["x"] + main_box["width"], "the branch opened below, not beside (item 7)"
    branch.locator("button", has_text="back").first.click()     # rewinding the branch: the table follows
    wait_for("the table to show the rewound branch (loss)", lambda: "loss" in _branch_row(nb, main, "branch 1"),
             timeout=30)


# where the current frame's lines lie in the log's scroll box (the first scrolling ancestor of a line)
_LOG_VIEW = """([root, text]) => {
  const scope = document.querySelector(root);
  const lines = [...scope.querySelectorAll('div')].filter(d => d.children.length === 0 && d.innerText.startsWith('@'));
  const last = lines.filter(d => d.innerText.includes(text)).pop();
  if (!last) return null;
  let box = last.parentElement;
  while (box && !(box.scrollHeight > box.clientHeight + 2 && getComputedStyle(box).overflowY !== 'visible'))
    box = box.parentElement;
  if (!box) return {scrolls: false};
  const b = box.getBoundingClientRect();
  const bold = lines.filter(d => getComputedStyle(d).fontWeight >= 600);
  const seen = (d) => { const r = d.getBoundingClientRect(); return r.top >= b.top - 1 && r.bottom <= b.bottom + 1; };
  return {scrolls: true, lastSeen: seen(last), boldSeen: bold.length > 0 && bold.every(seen), bold: bold.length};
}"""


def test_item_6_the_event_log_shows_the_current_frames_events_without_scrolling(lab, page, shots):
    nb = NotebookPage(page, lab.url, fresh_copy("02_maker.ipynb", lab.root))
    nb.run_all()
    editor, main = _editor_player(nb)
    main.scroll_into_view_if_needed()
    view = wait_for("the log's lines", lambda: page.evaluate(_LOG_VIEW, [editor, "Elf1 dies"]))
    assert view["scrolls"], "the log is short enough to need no scrolling: this test proves nothing"
    assert view["lastSeen"] and view["boldSeen"], f"the current frame's events are below the fold: {view}"
    main.locator("button", has_text="back").first.click()      # a step back: the log follows again
    wait_for("the log to follow the step back",
             lambda: (page.evaluate(_LOG_VIEW, [editor, "@"]) or {}).get("boldSeen"))

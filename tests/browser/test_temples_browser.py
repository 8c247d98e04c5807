"""The TempleTuner and TempleViewer in a real JupyterLab (issue #13 items 9 and 10).

A fresh copy of ``notebooks/06_temple_generator.ipynb`` runs in headless Chromium. The tuner's
floors / locks / element dropdowns must show "seed decides" (not a blank, not the literal
``('seed decides', None)``), accept a number and go back to "seed decides" without an error; the
controls column must show its labels, the sweep button and an error message whole. The viewer's
legend must be readable. What the kernel's tuner holds is read by executing code in the
notebook's own kernel. Screenshots go to ``reports/browser-temple*.png`` (and ``docs/img/`` with
``ZORGLAB_UPDATE_SCREENSHOTS=1``).
"""

from __future__ import annotations

import json

import pytest

from labkit import NotebookPage, fresh_copy, screenshot, wait_for

pytestmark = pytest.mark.browser

# Runs `code` in the notebook's kernel; what it prints comes back (an exception as 'ename: evalue').
_KERNEL = """async (code) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const future = kernel.requestExecute({code, silent: false, store_history: false});
  let out = '';
  future.onIOPub = (msg) => {
    const t = msg.header.msg_type;
    if (t === 'stream') out += msg.content.text;
    if (t === 'error') out += msg.content.ename + ': ' + msg.content.evalue;
  };
  await future.done;
  return out;
}"""

# For each description label and button under `root`: is its text cut (wider than its box), and
# does it stick out of the controls column?
_CUT = """(panel) => {
  const right = panel.getBoundingClientRect().right + 1;
  const found = [];
  for (const el of panel.querySelectorAll('.widget-label, button, .widget-html-content')) {
    if (!el.textContent.trim() || el.offsetParent === null) continue;
    const box = el.getBoundingClientRect();
    if (el.scrollWidth > el.clientWidth + 1) found.push('cut: ' + el.textContent.trim());
    if (box.right > right) found.push('outside the column: ' + el.textContent.trim());
  }
  return found;
}"""


def kernel(page, code: str) -> str:
    return page.evaluate(_KERNEL, code)


def tuner_options(page) -> dict:
    text = kernel(page, "import json; print(json.dumps({'options': tuner.options, 'error': tuner.error}))")
    return json.loads(text)


def selected(page, select: str) -> dict:
    state = page.locator(select).evaluate("""(el) => ({
        shown: el.selectedIndex < 0 ? '' : el.options[el.selectedIndex].text,
        options: Array.from(el.options).map(o => o.text)})""")
    return json.loads(json.dumps(state).replace("\\u00a0", " "))        # the browser shows spaces as nbsp


def test_item_9_tuner_dropdowns_offer_seed_decides_and_the_panel_shows_everything(lab, page, shots):
    nb = NotebookPage(page, lab.url, fresh_copy("06_temple_generator.ipynb", lab.root))
    nb.run_all()
    cell = nb.cell("tuner = TempleTuner(", "tuner")
    wait_for("the tuner's canvas to be drawn", lambda: (nb.pixels(f"{cell} canvas") or {}).get("inked", 0) > 1000)
    dropdown = {name: f"{cell} .widget-dropdown:has(> label:text-is('{name}')) select"
                for name in ("floors", "locks", "element")}
    for name, select in dropdown.items():
        state = selected(page, select)
        assert state["shown"] == "seed decides", f"{name} starts on {state['shown']!r} ({state['options']})"
        assert not any("(" in o for o in state["options"]), f"{name} lists {state['options']}"

    page.locator(dropdown["floors"]).select_option(label="2")
    wait_for("the kernel's tuner to take floors 2", lambda: tuner_options(page)["options"]["floors"] == 2)
    page.locator(dropdown["floors"]).select_option(label="seed decides")
    state = wait_for("the kernel's tuner to go back to 'seed decides'",
                     lambda: (lambda s: s if s["options"]["floors"] is None else None)(tuner_options(page)))
    assert state["error"] == "", state["error"]
    assert selected(page, dropdown["floors"])["shown"] == "seed decides"
    page.locator(dropdown["element"]).select_option(label="ice")
    wait_for("the tuner to make an ice temple", lambda: "ice" in kernel(page, "print(tuner.temple.element)"))
    page.locator(dropdown["element"]).select_option(label="seed decides")
    wait_for("element back to 'seed decides'", lambda: tuner_options(page)["options"]["element"] is None)
    assert tuner_options(page)["error"] == ""

    # a bad theme (spaces only), typed: the error must show whole inside the controls column
    theme = page.locator(f"{cell} .widget-text:has(> label:text-is('theme')) input")
    theme.fill("   ")
    theme.press("Enter")
    wait_for("the tuner to refuse the theme", lambda: "theme must be a non-empty name" in tuner_options(page)["error"])
    panel = f"{cell} .widget-vbox:has(> .widget-text:first-child)"
    wait_for("the error text in the panel", lambda: "theme must be" in nb.text(panel))
    assert page.locator(panel).first.evaluate(_CUT) == [], "the controls column cuts text"
    button = page.locator(f"{panel} button:has-text('sweep')")
    assert button.is_visible()
    screenshot(page.locator(f"{cell} .jp-OutputArea-output").first, shots, "temple-tuner")


def test_item_10_viewer_legend_is_readable_and_answers_in_words(lab, page, shots):
    from zorglab.temples import generate_with_report
    from zorglab.temples.words import place_words
    from zorglab.widgets.temples import TempleViewer

    nb = NotebookPage(page, lab.url, fresh_copy("06_temple_generator.ipynb", lab.root))
    nb.run_all()
    cell = nb.cell("viewer = TempleViewer(", "viewer")
    canvas = f"{cell} canvas"
    wait_for("the temple viewer's canvas to be drawn", lambda: (nb.pixels(canvas) or {}).get("inked", 0) > 1000)
    chips = page.evaluate("""(s) => Array.from(document.querySelectorAll(s + ' span[style*=background]')).map(
        el => ({text: el.textContent, ink: getComputedStyle(el).color,
                paper: getComputedStyle(el).backgroundColor}))""", cell)
    void = next(c for c in chips if "void" in c["text"])
    assert void["ink"] != void["paper"] and void["ink"] == "rgb(255, 255, 255)", void
    wrapped = page.evaluate("""(s) => Array.from(document.querySelectorAll(s + ' span[style*=nowrap]')).filter(
        el => el.getClientRects().length > 1).map(el => el.textContent)""", cell)
    assert wrapped == [], f"legend entries wrap over two lines: {wrapped}"

    temple = generate_with_report(42, {"size": "medium", "floors": 2, "locks": 3, "gate": True,
                                       "theme": "Kitchen"}).temple
    mirror = TempleViewer(temple)
    wall = next(c for c in mirror.cells if c.type == "wall")
    nb.click_canvas(canvas, *mirror.view.centre(wall.place))
    output = f"{cell} .jp-OutputArea"
    said = f"{place_words(temple, wall.place)}: wall (no room)"
    wait_for(f"the viewer to say {said!r}", lambda: said in nb.text(output))
    assert "token" not in nb.text(output)
    nb.click_canvas(canvas, *mirror.view.centre(tuple(temple.entrance)))
    wait_for("the viewer to describe the entrance", lambda: "entrance; critical step 0" in nb.text(output))
    screenshot(page.locator(f"{cell} .jp-OutputArea-output").first, shots, "temple")

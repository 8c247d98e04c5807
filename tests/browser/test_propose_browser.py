"""The Propose panel in a real JupyterLab: a fresh copy of ``notebooks/07_propose.ipynb`` runs in
headless Chromium; pressing *Propose* draws the candidates as pictures (decoded by the browser) with
their figures, and *Open* puts a Maker with the candidate's layout under them.

Screenshots go to ``reports/browser-propose-*.png`` (and to ``docs/img/propose-browser.png`` with
``ZORGLAB_UPDATE_SCREENSHOTS=1``).
"""

from __future__ import annotations

import os

import pytest

from labkit import REPO, NotebookPage, fresh_copy, keep, wait_for

pytestmark = pytest.mark.browser

PANEL = "panel = ProposePanel("
IMAGES = """(selector) => Array.from(document.querySelectorAll(selector + ' img'))
  .map(img => [img.complete, img.naturalWidth, img.naturalHeight])"""
CANVAS_INK = """(selector) => { const c = document.querySelector(selector + ' canvas');
  if (!c || c.width === 0) return 0;
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; let inked = 0;
  for (let i = 0; i < d.length; i += 4) if (d[i + 3] > 0 && (d[i] < 250 || d[i + 1] < 250 || d[i + 2] < 250)) inked++;
  return inked; }"""


def test_propose_panel_draws_candidates_and_opens_one_in_a_maker(lab, page, shots):
    nb = NotebookPage(page, lab.url, fresh_copy("07_propose.ipynb", lab.root))
    nb.run_all()
    cell = nb.cell(PANEL, "propose-panel")
    output = f"{cell} .jp-OutputArea"
    page.locator(f"{output} button:has-text('Propose')").first.click()
    status = wait_for("the panel to offer candidates", lambda: "offered" in nb.text(output) and nb.text(output),
                      timeout=120)
    assert "2 candidates offered" in status       # the portal must matter and no win at spawn (issue 26)
    images = wait_for("two decoded candidate pictures",
                      lambda: (lambda found: found if len(found) == 2 and all(i[0] and i[1] > 40 for i in found)
                               else None)(page.evaluate(IMAGES, output)))
    assert all(height > 40 for _, _, height in images)
    # the status line comes first; the candidates' figures render with their pictures
    figures = ("fewest spells", "winning layouts", "witness", "draft 46", "pinned room P(1, [2])", "spawn kill")
    wait_for("the candidates' figures", lambda: all(words in nb.text(output) for words in figures))
    page.locator(f"{output} .jupyter-widgets img").first.scroll_into_view_if_needed()
    path = shots / "browser-propose-candidates.png"
    page.locator(output).first.screenshot(path=str(path))
    assert path.stat().st_size > 5_000

    page.locator(f"{output} button:has-text('Open')").first.click()
    wait_for("the Maker to appear under the candidates", lambda: "Maker" in nb.text(output) and "opened #1" in nb.text(output))
    inked = wait_for("the Maker's canvas to be drawn", lambda: page.evaluate(CANVAS_INK, output))
    assert inked > 500
    assert "valid layout" in nb.text(output)
    opened = shots / "browser-propose-opened.png"
    page.locator(output).first.screenshot(path=str(opened))
    if os.environ.get("ZORGLAB_UPDATE_SCREENSHOTS") == "1":
        keep(opened, REPO / "docs" / "img" / "propose-browser.png")

"""Issue 42 item 2: every chart of the report fits a screen. Opened in Chromium at 1366 x 768 and at
1920 x 1080, each chart of the committed report (the pack of 130 levels), scrolled to, lies whole
inside the window -- its legend, at the top of the picture, with it -- and is drawn at its own size
or near it (not squeezed to fit). The difficulty chart was one row per level, about 3,300 px tall.

Screenshots go to ``reports/browser-report-fit-*.png`` (ignored by git) to be looked at.
"""

from __future__ import annotations

from pathlib import Path

import pytest

REPORT = Path(__file__).resolve().parents[2] / "reports"
SCREENS = ((1366, 768), (1920, 1080))
pytestmark = pytest.mark.browser

BOXES = """() => Array.from(document.querySelectorAll("img.chart, img[src$='.png']")).map(img => {
    img.scrollIntoView({block: "start"});
    const r = img.getBoundingClientRect();
    return {src: img.getAttribute("src"), natural: [img.naturalWidth, img.naturalHeight],
            box: [r.left, r.top, r.right, r.bottom], window: [window.innerWidth, window.innerHeight],
            complete: img.complete};
})"""


@pytest.mark.parametrize("width,height", SCREENS, ids=[f"{w}x{h}" for w, h in SCREENS])
def test_every_report_chart_fits_the_screen_with_its_legend(browser, shots, width, height):
    context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=1)
    try:
        page = context.new_page()
        page.goto((REPORT / "index.html").as_uri())
        page.wait_for_load_state("load")
        charts = page.evaluate(BOXES)
        assert {c["src"] for c in charts} >= {"difficulty.png", "spells.png", "generator.png",
                                              "generator_targets.png"}, charts
        for chart in charts:
            (left, top, right, bottom), (inner_w, inner_h) = chart["box"], chart["window"]
            shown_w, shown_h = right - left, bottom - top
            assert chart["complete"] and chart["natural"][0] > 0, chart
            # whole inside the window once scrolled to: nothing of it (its legend) out of sight
            assert left >= -1 and top >= -1 and right <= inner_w + 1 and bottom <= inner_h + 1, chart
            # drawn at its own size, or near it: a chart shrunk to fit would not be read
            assert shown_w >= 0.85 * chart["natural"][0] and shown_h >= 0.85 * chart["natural"][1], chart
        difficulty = next(c for c in charts if c["src"] == "difficulty.png")
        assert difficulty["natural"][1] <= height - 60, difficulty      # its own height fits, with the page's margins
        chart = page.locator("img[src='difficulty.png']")
        chart.evaluate("img => img.scrollIntoView({block: 'start'})")
        page.screenshot(path=str(shots / f"browser-report-fit-{width}x{height}.png"))
    finally:
        context.close()

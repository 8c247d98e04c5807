"""The balance report in a real browser (issue 28 item 1): opened from the file system, its tables sort
and filter, a level's page opens with its pictures, a chart is drawn at a size to be read, and no
page asks the network for anything (Playwright sees every request: only ``file://`` is allowed).

Screenshots go to ``reports/browser-report-*.png`` (ignored by git) to be looked at.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from zorglab.cli.main import main

PACK = Path(__file__).resolve().parents[2] / "levels"        # the real pack: enough levels to sort
pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def report(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("report") / "report"
    assert main(["report", "--out", str(out), "--levels", str(PACK), "--temple-seeds", "4", "--sizes",
                 "small,medium", "--serial", "--budget", "quick", "--quiet"]) == 0
    return out


def _watch(page) -> list[str]:
    """Every URL the page asks for (documents, scripts, styles, images, fetches)."""
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    return asked


def _foreign(asked: list[str]) -> list[str]:
    return [url for url in asked if not url.startswith("file://") and not url.startswith("data:")
            and not url.startswith("http://127.0.0.1") and not url.startswith("http://localhost")]


def _column(page, table: str, name: str) -> list[str]:
    return page.evaluate("""([table, name]) => {
        const t = document.getElementById(table);
        const i = Array.from(t.tHead.rows[0].cells).findIndex(c => c.textContent.trim() === name);
        return Array.from(t.tBodies[0].rows).filter(r => !r.hidden).map(r => r.cells[i].textContent.trim());
    }""", [table, name])


def test_the_report_sorts_filters_and_opens_a_level_page_offline(report, page, shots):
    asked = _watch(page)
    page.route("**/*", lambda route: route.continue_() if route.request.url.startswith("file://")
               else route.abort())
    page.goto((report / "index.html").as_uri())
    page.wait_for_selector("#t-level_difficulty-count")
    levels = "t-level_difficulty"
    every = _column(page, levels, "level")
    assert len(every) >= 5 and page.text_content(f"#{levels}-count") == f"{len(every)} of {len(every)} rows"

    # sort by states: a click on the head, numbers as numbers (empty cells last); a second click reverses
    page.click(f"#{levels} thead th:text-is('states')")
    states = [int(s) for s in _column(page, levels, "states") if s.isdigit()]
    assert states == sorted(states) and len(states) >= 3
    page.click(f"#{levels} thead th:text-is('states')")
    down = [int(s) for s in _column(page, levels, "states") if s.isdigit()]
    assert down == sorted(states, reverse=True)
    assert page.get_attribute(f"#{levels} thead th:text-is('states')", "aria-sort") == "descending"

    # filter: a word anywhere, then column:word
    page.fill(f"#{levels}-filter", "verdict:solvable")
    solvable = _column(page, levels, "verdict")
    assert solvable and set(solvable) == {"solvable"}
    first = every[0]
    page.fill(f"#{levels}-filter", first)
    assert first in _column(page, levels, "level")
    assert page.text_content(f"#{levels}-count").endswith(f"of {len(every)} rows")
    page.screenshot(path=str(shots / "browser-report-index.png"), full_page=False)

    # a chart drawn at its own size: wide enough to read, not squeezed
    chart = page.locator("img[src='difficulty.png']")
    chart.scroll_into_view_if_needed()
    size = chart.evaluate("img => [img.naturalWidth, img.naturalHeight, img.clientWidth, img.complete]")
    assert size[3] and size[0] >= 800 and size[2] >= 0.9 * min(size[0], 1150), size
    chart.screenshot(path=str(shots / "browser-report-difficulty-chart.png"))

    # a level's page: opened from its id in the table
    page.fill(f"#{levels}-filter", "")
    page.click(f"#{levels} tbody a:text-is('{first}')")
    page.wait_for_selector("h1")
    assert page.url.endswith(f"levels/{first}.html")
    assert first in page.text_content("h1")
    assert "Why it ranks where it does" in page.text_content("body")
    pictures = page.evaluate("Array.from(document.images).map(i => [i.getAttribute('src'), i.naturalWidth])")
    assert pictures and all(width > 50 for _, width in pictures), pictures
    assert any("start" in src for src, _ in pictures)
    page.screenshot(path=str(shots / "browser-report-level.png"), full_page=True)

    assert _foreign(asked) == [], f"the report asked the network: {_foreign(asked)}"


def test_no_page_of_the_report_loads_a_network_resource(report, browser):
    """Every page, opened with requests watched: nothing but files of the report folder."""
    context = browser.new_context()
    try:
        pages = [report / "index.html", *sorted((report / "levels").glob("*.html"))]
        assert len(pages) > 3
        for path in pages:
            page = context.new_page()
            asked = _watch(page)
            failed: list[str] = []
            page.on("requestfailed", lambda request: failed.append(request.url))
            page.goto(path.as_uri())
            page.wait_for_load_state("load")
            assert _foreign(asked) == [], f"{path.name} asked the network: {_foreign(asked)}"
            assert failed == [], f"{path.name}: missing files {failed}"
            inside = [u for u in asked if u.startswith("file://")]
            assert all(Path(u[len("file://"):]).resolve().is_relative_to(report.resolve()) for u in inside)
            page.close()
    finally:
        context.close()

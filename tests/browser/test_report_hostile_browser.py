"""Issue 37, "Must show": the report of a hostile-but-loadable pack in a real browser. Every page is
opened from the file system; every element is hovered, focused and clicked (links with the mouse, the
rest by events too): no script of the pack runs (``window.alert``, ``confirm``, ``prompt`` and a global
flag watched, dialogs listened to), no request leaves ``file://`` (every request routed; any other is
aborted and fails the test), and no file is written outside ``--out``.

The pack is the report fixtures' with hostile titles (markup, quotes, bidi controls, one of 1 MB),
notes (Teaches lines), a contract title, a pack folder whose name is markup, and three files whose ids
the loader refuses (a quote with ``onmouseover=``, ``javascript:``, ``../``): their error rows reach
the report with those ids, so the HTML layer's own checks are exercised too.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from zorglab.cli.main import main

FIXTURE = Path(__file__).resolve().parents[1] / "reports" / "fixtures" / "pack"
FLAG = "window.__pwned=1"
pytestmark = pytest.mark.browser

WATCH = """
window.__pwned = 0;
window.__dialogs = 0;
for (const name of ["alert", "confirm", "prompt", "print", "open"]) {
  window[name] = function () { window.__dialogs += 1; return null; };
}
"""


def _hostile_pack(base: Path) -> Path:
    pack = base / "pack-\"'><img src=x onerror=alert(1)>"
    shutil.copytree(FIXTURE, pack)
    first = pack / "fx-01-bonus.toml"
    first.write_text(first.read_text(encoding="utf-8").replace(
        'title = "Bonus Corridor"',
        f'title = "<img src=x onerror=\\"{FLAG}\\">\\u202eevil\\u202c \' onmouseover=\'{FLAG}\' \\u2066x\\u2069"\n'
        f'notes = "Teaches: <script>{FLAG}</script> <a href=\\"javascript:{FLAG}\\">x</a>"'), encoding="utf-8")
    second = pack / "fx-02-no-spells.toml"
    second.write_text(re.sub(r'title = "[^"]*"', lambda _: 'title = "' + "M" * 1_000_000 + '\\u202e"',
                             second.read_text(encoding="utf-8")), encoding="utf-8")
    (pack / "bad-1.toml").write_text(f'id = "x\' onmouseover=\'{FLAG}\' y=\'"\nrooms = ["A", "Z"]\n', encoding="utf-8")
    (pack / "bad-2.toml").write_text(f'id = "javascript:{FLAG}"\nrooms = ["A", "Z"]\n', encoding="utf-8")
    (pack / "bad-3.toml").write_text('id = "../../../../escape/x"\nrooms = ["A", "Z"]\n', encoding="utf-8")
    contracts = pack / "contracts.toml"
    contracts.write_text(contracts.read_text(encoding="utf-8")
                         .replace('title = "First Steps"', f'title = "\\"\'><script>{FLAG}</script>"')
                         .replace('levels = ["fx-03"]', f'levels = ["fx-03", "javascript:{FLAG}", "../../../../escape/x"]'),
                         encoding="utf-8")
    return pack


@pytest.fixture(scope="module")
def hostile_report(tmp_path_factory) -> tuple[Path, Path]:
    base = tmp_path_factory.mktemp("hostile")
    pack = _hostile_pack(base)
    before = {p: p.read_bytes() for p in pack.rglob("*") if p.is_file()}
    out = base / "deep" / "er" / "out"
    assert main(["report", "--out", str(out), "--levels", str(pack), "--temple-seeds", "0", "--serial", "--budget",
                 "quick", "--quiet"]) == 0
    written = sorted(p for p in base.rglob("*") if p.is_file() and not p.is_relative_to(pack))
    assert written and all(p.is_relative_to(out) for p in written), [str(p) for p in written if not p.is_relative_to(out)]
    assert {p: p.read_bytes() for p in pack.rglob("*") if p.is_file()} == before, "the pack was changed"
    assert not (base / "escape").exists() and not (base.parent / "escape").exists()
    return out, base


def _guard(page) -> tuple[list[str], list[str]]:
    """Every request not to file:// is aborted and recorded; every dialog is dismissed and recorded."""
    foreign: list[str] = []
    dialogs: list[str] = []

    def route(route):
        url = route.request.url
        if url.startswith("file://"):
            route.continue_()
        else:
            foreign.append(url)
            route.abort()
    page.route("**/*", route)
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.add_init_script(WATCH)
    return foreign, dialogs


def _provoke_everything(page) -> int:
    """Every element of the body gets mouse and focus events and a synthetic click (links excepted:
    those are clicked with the real mouse by the caller). Returns how many elements there are."""
    return page.evaluate("""() => {
        const all = Array.from(document.body.querySelectorAll("*"));
        for (const el of all) {
          for (const type of ["mouseover", "mouseenter", "mousemove", "mousedown", "mouseup", "focus", "focusin",
                              "blur", "keydown", "input", "change", "animationstart", "load", "error"]) {
            el.dispatchEvent(new Event(type, {bubbles: true}));
          }
          if (typeof el.focus === "function") { el.focus(); }
          if (el.tagName !== "A" && typeof el.click === "function") { el.click(); }
        }
        return all.length;
    }""")


def _flags(page) -> tuple[int, int]:
    return tuple(page.evaluate("() => [window.__pwned, window.__dialogs]"))


def test_no_script_of_a_hostile_pack_runs_and_nothing_leaves_file(hostile_report, page, shots):
    out, _ = hostile_report
    foreign, dialogs = _guard(page)
    pages = [out / "index.html", *sorted((out / "levels").glob("*.html"))]
    assert len(pages) == 4                     # index and the three loadable levels: no page for a refused id
    index = (out / "index.html").read_text(encoding="utf-8")
    assert "javascript:" in index and 'href="javascript' not in index and "onmouseover=" in index
    for path in pages:
        page.goto(path.as_uri())
        page.wait_for_load_state("load")
        assert _provoke_everything(page) > 10
        assert _flags(page) == (0, 0), path.name
        links = page.eval_on_selector_all("a[href]", "links => links.map(a => a.getAttribute('href'))")
        assert all(re.fullmatch(r"(\.\./)?(levels/)?[A-Za-z0-9_-]+\.(html|csv|png)(#[A-Za-z0-9_-]+)?|#[A-Za-z0-9_-]+",
                                href) for href in links), links
        for index_of, href in enumerate(links):
            link = page.locator("a[href]").nth(index_of)
            link.scroll_into_view_if_needed()
            link.hover()
            link.focus()
            page.keyboard.press("Tab")
            assert _flags(page) == (0, 0), (path.name, href)
            if href.endswith(".csv"):
                continue                        # a download, not a page
            link.click()
            page.wait_for_load_state("load")
            assert page.url.startswith("file://"), page.url
            assert _flags(page) == (0, 0), (path.name, href, page.url)
            page.goto(path.as_uri())
            page.wait_for_load_state("load")
        # the filter box and the sort heads with hostile words typed in
        for box in page.locator("input[type=search]").all():
            box.fill(f"<img src=x onerror={FLAG}> javascript:{FLAG} \u202e")
        for head in page.locator("thead th").all()[:40]:
            head.click()
        assert _flags(page) == (0, 0), path.name
    page.goto((out / "index.html").as_uri())
    page.screenshot(path=str(shots / "browser-report-hostile.png"), full_page=False)
    assert foreign == [], f"requests left file://: {foreign}"
    assert dialogs == [], f"dialogs opened: {dialogs}"


def test_the_hostile_values_are_shown_as_text(hostile_report, page):
    out, _ = hostile_report
    _guard(page)
    page.goto((out / "index.html").as_uri())
    text = page.text_content("body")
    assert f"javascript:{FLAG}" in text and f"x' onmouseover='{FLAG}' y='" in text and "../../../../escape/x" in text
    assert f"<script>{FLAG}</script>" in text          # the contract's title, as text
    page.goto((out / "levels" / "fx-01.html").as_uri())
    assert "<img src=x onerror=" in page.text_content("h1")
    assert page.locator("img[src=x]").count() == 0 and page.locator("script:not([src])").count() == 0
    page.goto((out / "levels" / "fx-02.html").as_uri())
    assert len(page.text_content("h1")) > 1_000_000      # the 1 MB title, whole and escaped


def test_the_compare_page_runs_its_own_script_only(hostile_report, page):
    """The compare page inlines its script and style, allowed by hash (Content-Security-Policy): they run,
    and the hostile sides' names and cells do not."""
    import pandas as pd

    from zorglab.reports.compare import compare_tables
    from zorglab.reports.compare_page import compare_page

    _, base = hostile_report
    row = {"level": f"x' onmouseover='{FLAG}' y='", "contract": f"<script>{FLAG}</script>", "verdict": "solvable",
           "fewest_spells": 1, "necessary": "Attack1", "states": 3, "witness": f"<img src=x onerror={FLAG}>"}
    table = compare_tables(pd.DataFrame([row]), pd.DataFrame([{**row, "states": 4}]))
    path = base / "compare.html"
    path.write_text(compare_page(table, f"<script>{FLAG}</script>", f"\"'><img src=x onerror={FLAG}>"),
                    encoding="utf-8")
    foreign, dialogs = _guard(page)
    page.goto(path.as_uri())
    page.wait_for_load_state("load")
    assert page.text_content("#t-compare-count") == "1 of 1 rows"        # the page's own script ran
    assert _provoke_everything(page) > 5
    page.fill("#t-compare-filter", f"<img src=x onerror={FLAG}>")
    assert _flags(page) == (0, 0) and foreign == [] and dialogs == []

"""Issue 37 item 1, the second wall: the HTML layer escapes and checks even when handed hostile values
directly (the loader, which now refuses such ids, is bypassed here: rows are edited in memory).

Every page the report and compare write is parsed: no attribute is an event handler, every ``href`` and
``src`` is a relative link to a report file (never ``javascript:``), no ``<script>`` but the report's
own, and no file lands outside ``--out``.
"""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import pandas as pd
import pytest

from zorglab.reports import QUICK, level_difficulty
from zorglab.reports.compare import compare_tables
from zorglab.reports.compare_page import compare_page
from zorglab.reports.write import report_files, report_tables, write_report

QUOTE_2 = 'q2" onmouseover="window.__pwned=1" x="'
QUOTE_1 = "q1' onmouseover='window.__pwned=1' x='"
SCRIPT = "<script>window.__pwned=1</script>"
BIDI = "\u202egnp.exe\u202c\u2066x\u2069"
HOSTILE_IDS = (QUOTE_2, QUOTE_1, "javascript:window.__pwned=1", "../../../../escape/x", BIDI, "a" * 200)
MEGA = "M" * 1_000_000


class Tags(HTMLParser):
    """Every start tag with its attributes, and the text of every script element."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, list[tuple[str, str | None]]]] = []
        self.scripts: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, attrs))
        self._in_script = tag == "script"

    def handle_endtag(self, tag):
        self._in_script = False

    def handle_data(self, data):
        if self._in_script:
            self.scripts.append(data)


def parsed(text: str) -> Tags:
    tags = Tags()
    tags.feed(text)
    tags.close()
    return tags


def assert_harmless(name: str, text: str, *, inline_script: bool = False) -> None:
    tags = parsed(text)
    policy = [dict(attrs).get("content") or "" for tag, attrs in tags.tags
              if tag == "meta" and dict(attrs).get("http-equiv") == "Content-Security-Policy"]
    assert len(policy) == 1 and "default-src 'none'" in policy[0] and "unsafe" not in policy[0], (name, policy)
    for tag, attrs in tags.tags:
        for attr, value in attrs:
            assert not attr.startswith("on"), f"{name}: <{tag} {attr}=...> is an event handler"
            assert attr in {"lang", "charset", "http-equiv", "content", "rel", "href", "src", "id", "class", "type", "placeholder",
                            "aria-label", "scope", "alt"}, f"{name}: <{tag}> has an attribute {attr!r}"
            if attr in ("href", "src"):
                assert value and ":" not in value and not value.startswith(("/", "//")), (name, tag, value)
                assert "../.." not in value and "\\" not in value, (name, tag, value)
    scripts = [attrs for tag, attrs in tags.tags if tag == "script"]
    assert len(scripts) == 1, f"{name}: {len(scripts)} scripts"
    if not inline_script:
        assert scripts[0] in ([("src", "report.js")], [("src", "../report.js")]), scripts
    assert "__pwned" not in "".join(tags.scripts)


@pytest.fixture(scope="module")
def fixture_rows(campaign):
    return level_difficulty(campaign.levels.values(), QUICK)


def hostile_tables(rows: pd.DataFrame):
    """The fixture pack's rows with hostile ids, titles and contracts, one campaign listing them all."""
    base = rows.iloc[0]
    records = []
    for i, level in enumerate(HOSTILE_IDS + ("ok-1", "ok-2")):
        record = base.to_dict()
        record.update(level=level, title=f"{SCRIPT} {QUOTE_2} {BIDI}" if i else MEGA,
                      contract=QUOTE_1, file=f"{QUOTE_2}.toml", witness=[SCRIPT, QUOTE_1],
                      states=10 + i, error=SCRIPT)
        records.append(record)
    difficulty = pd.DataFrame(records, columns=rows.columns)
    levels = list(difficulty["level"])
    campaign = pd.DataFrame({"contract": [QUOTE_1] * len(levels), "title": [SCRIPT] * len(levels),
                             "cost": [0] * len(levels), "order": [1] * len(levels),
                             "position": list(range(len(levels))), "level": levels})
    temples = pd.DataFrame()
    from zorglab.reports.generator import TEMPLE_COLUMNS
    temples = pd.DataFrame(columns=list(TEMPLE_COLUMNS))
    return report_tables(difficulty, campaign, temples, (("levels", SCRIPT), (QUOTE_2, BIDI)))


def test_every_page_escapes_hostile_values_and_links_only_report_files(fixture_rows):
    files = report_files(hostile_tables(fixture_rows), pictures=False)
    pages = {name: data.decode("utf-8") for name, data in files.items() if name.endswith(".html")}
    assert "index.html" in pages
    for name, text in pages.items():
        assert_harmless(name, text)
    # the good ids have their pages and links; a hostile id has neither page nor link, only its text
    assert "levels/ok-1.html" in files and "levels/ok-2.html" in files
    assert all(name.count("/") <= 1 and ".." not in name for name in files), sorted(files)
    assert {n for n in files if n.startswith("levels/")} == {"levels/ok-1.html", "levels/ok-2.html"}
    index = pages["index.html"]
    assert 'href="levels/ok-1.html"' in index and "javascript:" in index      # shown as escaped text only
    assert "&lt;script&gt;" in index and "<script>window" not in index
    assert MEGA in pages["levels/ok-1.html"] or MEGA in index         # a 1 MB title is shown, escaped, whole
    # the compare page too: its sides' names and every cell
    row = {"level": QUOTE_2, "contract": SCRIPT, "verdict": "solvable", "fewest_spells": 1, "necessary": QUOTE_1,
           "states": 3, "witness": SCRIPT}
    a = pd.DataFrame([row, {**row, "level": "javascript:alert(1)"}])
    b = pd.DataFrame([{**row, "states": 4}, {**row, "level": BIDI}])
    text = compare_page(compare_tables(a, b), f"{SCRIPT}{QUOTE_1}", "../../x")
    assert_harmless("compare", text, inline_script=True)
    assert "<a " not in text        # a level id on the compare page is text, never a link


def test_nothing_is_written_outside_out(fixture_rows, tmp_path, capsys):
    out = tmp_path / "a" / "b" / "out"
    written = write_report(hostile_tables(fixture_rows), out, pictures=False)
    assert all(Path(p).resolve().is_relative_to(out.resolve()) for p in written)
    found = sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*") if p.is_file())
    assert all(name.startswith("a/b/out/") for name in found), found
    assert "not of the id form" in capsys.readouterr().err


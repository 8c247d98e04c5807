"""Every relative link and anchor in the docs resolves, and every rule cited is written in the repository.

Markdown links and images in ``README.md`` and ``docs/*.md`` must name an existing file, and an
``#anchor`` a heading (GitHub's slug) or an ``id="..."`` of the target page; a ``docs/NAME.md#anchor``
written in code, tests or docs must resolve the same way; every ``ZR-n`` cited anywhere has its ruling
in ``docs/rules.md`` (issue 29 item 5: no rule lives only outside the repository), and every ``ZR-n``
a page outside ``docs/rules.md`` mentions (code aside) is a link to that ruling's anchor (item 3).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = sorted([ROOT / "README.md", *(ROOT / "docs").glob("*.md")])
SOURCES = sorted(p for p in [*PAGES, *(ROOT / "zorglab").rglob("*.py"), *(ROOT / "tests").rglob("*.py")]
                 if p != Path(__file__).resolve())

LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
CODE_REF = re.compile(r"\b(docs/[\w.-]+\.md|README\.md)#([\w-]+)")
RULING = re.compile(r"\bZR-(\d+)\b")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)
CODE_SPAN = re.compile(r"`[^`\n]*`")
LINK_MARKUP = re.compile(r"\[((?:[^\]\[]|\[[^\]]*\])*)\]\([^)\s]*\)")


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = LINK_MARKUP.sub(r"\1", heading.strip().lower())      # a link shows its text only
    text = re.sub(r"[`*_]|<[^>]+>", "", text)
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


@cache
def anchors(page: Path) -> frozenset[str]:
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    found: set[str] = set()
    seen: dict[str, int] = {}
    for line in text.splitlines():
        match = re.match(r"#{1,6}\s+(.*)", line)
        if match:
            base = slug(match[1])
            n = seen.get(base, 0)
            seen[base] = n + 1
            found.add(base if n == 0 else f"{base}-{n}")
    found.update(re.findall(r"""\bid=["']([^"']+)["']""", text))
    return frozenset(found)


def _problem(page: Path, target: str, anchor: str | None) -> str | None:
    if not page.exists():
        return f"{target}: no such file"
    if anchor and page.suffix == ".md" and anchor not in anchors(page):
        return f"{target}: no anchor #{anchor} in {page.relative_to(ROOT)}"
    return None


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves(page: Path) -> None:
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    problems = []
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target):
            continue                        # http(s), mailto: not ours to check offline
        path, _, anchor = target.partition("#")
        problem = _problem(page.parent / path if path else page, target, anchor or None)
        if problem:
            problems.append(problem)
    assert not problems, f"{page.relative_to(ROOT)}: " + "; ".join(problems)


def test_every_docs_anchor_written_in_code_and_docs_resolves() -> None:
    problems = []
    for source in SOURCES:
        for path, anchor in CODE_REF.findall(source.read_text(encoding="utf-8")):
            problem = _problem(ROOT / path, f"{path}#{anchor}", anchor)
            if problem:
                problems.append(f"{source.relative_to(ROOT)}: {problem}")
    assert not problems, "\n".join(problems)


def test_every_ruling_cited_is_written_in_docs_rules() -> None:
    written = {a for a in anchors(ROOT / "docs" / "rules.md") if re.fullmatch(r"zr-\d+", a)}
    cited = {}
    for source in SOURCES:
        for n in RULING.findall(source.read_text(encoding="utf-8")):
            cited.setdefault(f"zr-{int(n)}", source.relative_to(ROOT))
    missing = {k: str(v) for k, v in cited.items() if k not in written}
    assert not missing, f"rulings cited but not in docs/rules.md: {missing}"
    assert len(written) == 32


@pytest.mark.parametrize("page", [p for p in PAGES if p.name != "rules.md"], ids=lambda p: str(p.relative_to(ROOT)))
def test_every_ruling_a_page_mentions_links_to_its_anchor(page: Path) -> None:
    """``ZR-n`` in prose is ``[ZR-n](rules.md#zr-n)`` (from README: ``docs/rules.md#zr-n``); code
    blocks and code spans (a message quoted as the program prints it) stay plain."""
    rules = "docs/rules.md" if page.name == "README.md" else "rules.md"
    text = CODE_SPAN.sub("", FENCE.sub("", page.read_text(encoding="utf-8")))
    linked = re.compile(r"\[ZR-(\d+)\]\(" + re.escape(rules) + r"#zr-(\d+)\)")
    wrong = [m.group() for m in linked.finditer(text) if m[1] != m[2]]
    plain = [line.strip() for line in linked.sub("", text).splitlines() if RULING.search(line)]
    assert not wrong, f"links to another ruling's anchor: {wrong}"
    assert not plain, "ZR-n mentioned without its link to docs/rules.md:\n" + "\n".join(plain)


def test_no_doc_points_outside_the_repository() -> None:
    outside = [str(s.relative_to(ROOT)) for s in SOURCES
               if re.search(r"shared/spec/|rules-heroes\.md", s.read_text(encoding="utf-8"))]
    assert not outside

"""Issue 42 item 2 in a real browser: a report table's filter compares numbers (``col:>2``), and a
numeric filter on a column that does not exist says so instead of showing 0 rows silently."""

from __future__ import annotations

import pandas as pd
import pytest

from zorglab.reports.compare import compare_tables
from zorglab.reports.compare_page import compare_page

pytestmark = pytest.mark.browser


def test_numeric_filters(page, tmp_path):
    side = pd.DataFrame([{"level": f"fx-{n:02d}", "contract": "c", "verdict": "solvable", "fewest_spells": n,
                          "necessary": "", "states": 10 * n, "witness": ""} for n in range(6)])
    path = tmp_path / "compare.html"
    path.write_text(compare_page(compare_tables(side, side), "a", "b"), encoding="utf-8")
    page.goto(path.as_uri())
    box = page.locator("#t-compare-filter")
    count = page.locator("#t-compare-count")
    for text, shown in (("fewest_spells_a:>2", "3 of 6 rows"), ("fewest_spells_a:<=1", "2 of 6 rows"),
                        ("states_b:=30", "1 of 6 rows"), ("fewest_spells_a:!=0 states_a:<30", "2 of 6 rows")):
        box.fill(text)
        assert count.inner_text() == shown, text
    box.fill("fewest:>2")
    assert count.inner_text() == "0 of 6 rows (no column named fewest)"

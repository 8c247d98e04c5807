"""The comparison of two packs or revisions as one HTML page: a sortable, filterable table, changes
first, with its style and script inlined (a page on its own, no network, no other file).

Rendered from ``compare.html.j2`` with autoescaping: the sides' names (a folder, a revision) and
every cell are escaped; the table's level ids are text, never links.
"""

from __future__ import annotations

import pandas as pd

from zorglab.reports.html import explore_table, inline_assets
from zorglab.reports.templating import render


def compare_page(frame: pd.DataFrame, a: str, b: str) -> str:
    """The page of :func:`zorglab.reports.compare.compare_tables`'s table, sides named ``a`` and ``b``."""
    changed = int((frame["changed"].map(len) > 0).sum())
    return render("compare.html.j2", title=f"{a} vs {b} — zorglab compare", inline=inline_assets(), a=a, b=b,
                  changed=changed, levels=len(frame),
                  table=explore_table(frame, "t-compare", caption="levels, changes first"))

"""The comparison of two packs or revisions as one HTML page: a sortable, filterable table, changes
first, with its style and script inlined (a page on its own, no network, no other file)."""

from __future__ import annotations

import pandas as pd

from zorglab.reports.html import ASSETS, esc, explore_table


def compare_page(frame: pd.DataFrame, a: str, b: str) -> str:
    """The page of :func:`zorglab.reports.compare.compare_tables`'s table, sides named ``a`` and ``b``."""
    changed = int((frame["changed"].map(len) > 0).sum())
    body = [f"<h1>{esc(a)} &rarr; {esc(b)}</h1>",
            f"<p>{changed} of {len(frame)} levels changed. Columns ending <code>_a</code> are {esc(a)}, "
            f"<code>_b</code> {esc(b)}; difficulty is (fewest spells, states). Type <code>changed:verdict</code> "
            f"in the filter to see verdict changes only.</p>",
            explore_table(frame, "t-compare", caption="levels, changes first")]
    return "\n".join(["<!doctype html>", "<html lang='en'><head><meta charset='utf-8'>",
                      f"<title>{esc(a)} vs {esc(b)} — zorglab compare</title>",
                      f"<style>{ASSETS['report.css']}</style>", "</head><body>", *body,
                      f"<script>{ASSETS['report.js']}</script>", "</body></html>", ""])

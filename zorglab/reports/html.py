"""The report's HTML: pages that work from the file system with no network, and tables an analyst
can sort and filter.

Everything a page needs is in the report folder: ``report.css`` and ``report.js`` (written beside
``index.html``; a few dozen lines of plain JavaScript, no library, no CDN) and the PNG charts. A
table is plain HTML rows, so it reads without JavaScript too; ``report.js`` adds a filter box
(every word must appear in the row; ``column:word`` looks in one column) and sorting by a click
on a column's head (numbers as numbers, empty cells last). Nothing on a page depends on the
time or a random id, so the same report gives the same bytes.

Pages are rendered from Jinja2 templates with autoescaping (:mod:`zorglab.reports.templating`);
this module turns tables and rows into the plain values the templates show (:class:`Table`,
:class:`Line`), with every link already checked (:mod:`zorglab.reports.safe`).
"""

from __future__ import annotations

import base64
import hashlib
import math
import numbers
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

import numpy as np
import pandas as pd

from markupsafe import Markup

from zorglab.reports.safe import safe_href
from zorglab.reports.tables import flat

CSS = """body { font-family: system-ui, sans-serif; margin: 1.5em 2em; color: #222; max-width: 1200px; }
nav { font-size: 13px; margin-bottom: 1em; }
nav a { margin-right: 1em; }
h2 { margin-top: 1.6em; border-bottom: 1px solid #ddd; }
.scroll { max-width: 100%; overflow-x: auto; max-height: 640px; overflow-y: auto; border: 1px solid #ddd; }
table { border-collapse: collapse; font-size: 12px; }
th, td { border: 1px solid #ccc; padding: 2px 6px; text-align: left; vertical-align: top; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
thead th { background: #f0f0f0; position: sticky; top: 0; cursor: pointer; white-space: nowrap; }
thead th[aria-sort=ascending]::after { content: " \\25B2"; }
thead th[aria-sort=descending]::after { content: " \\25BC"; }
.tools { margin: 0.4em 0; font-size: 13px; }
.tools input { width: 24em; padding: 2px 4px; }
img { max-width: 100%; border: 1px solid #ddd; }
img.chart { max-height: calc(100vh - 3em); width: auto; height: auto; }
figure { display: inline-block; margin: 0 1em 1em 0; vertical-align: top; }
figcaption { font-size: 12px; color: #444; }
dl.figures { display: grid; grid-template-columns: max-content auto; gap: 2px 1em; font-size: 13px; }
dl.figures dt { font-weight: bold; }
.ok { color: #2a7a2a; } .bad { color: #b02a2a; }
"""

JS = """// zorglab report tables: filter and sort, no library, no network.
(function () {
  function cellValue(row, i) { return row.cells[i] ? row.cells[i].textContent.trim() : ""; }
  function asNumber(text) { return text === "" || text === "\\u2014" ? NaN : Number(text); }
  // column:>2, column:<=10, column:=0, column:!=1: a number compared, a cell that is no number never kept
  var COMPARE = /^(<=|>=|!=|<|>|=)(-?\\d+(?:\\.\\d+)?)$/;
  function compare(value, op, number) {
    if (isNaN(value)) { return false; }
    return op === "<" ? value < number : op === ">" ? value > number : op === "<=" ? value <= number
      : op === ">=" ? value >= number : op === "!=" ? value !== number : value === number;
  }
  function setup(table) {
    var body = table.tBodies[0], heads = table.tHead.rows[0].cells;
    var rows = Array.prototype.slice.call(body.rows);
    var names = Array.prototype.map.call(heads, function (h) { return h.textContent.trim().toLowerCase(); });
    var box = document.getElementById(table.id + "-filter");
    var count = document.getElementById(table.id + "-count");
    function show() {
      var words = box ? box.value.toLowerCase().split(/\\s+/).filter(Boolean) : [];
      var shown = 0;
      rows.forEach(function (row) {
        var all = row.textContent.toLowerCase();
        var keep = words.every(function (w) {
          var k = w.indexOf(":");
          if (k > 0 && names.indexOf(w.slice(0, k)) >= 0) {
            var cell = cellValue(row, names.indexOf(w.slice(0, k))).toLowerCase(), want = w.slice(k + 1);
            var test = COMPARE.exec(want);
            if (test) { return compare(asNumber(cell), test[1], Number(test[2])); }
            return cell.indexOf(want) >= 0;
          }
          return all.indexOf(w) >= 0;
        });
        row.hidden = !keep;
        if (keep) { shown += 1; }
      });
      var unknown = words.filter(function (w) {
        var k = w.indexOf(":"); return k > 0 && names.indexOf(w.slice(0, k)) < 0 && COMPARE.test(w.slice(k + 1));
      }).map(function (w) { return w.slice(0, w.indexOf(":")); });
      if (count) {
        count.textContent = shown + " of " + rows.length + " rows"
          + (unknown.length ? " (no column named " + unknown.join(", ") + ")" : "");
      }
    }
    Array.prototype.forEach.call(heads, function (head, i) {
      head.title = "sort by " + head.textContent.trim();
      head.addEventListener("click", function () {
        var up = head.getAttribute("aria-sort") !== "ascending";
        Array.prototype.forEach.call(heads, function (h) { h.removeAttribute("aria-sort"); });
        head.setAttribute("aria-sort", up ? "ascending" : "descending");
        var numeric = rows.every(function (r) { var v = cellValue(r, i); return v === "" || v === "\\u2014" || !isNaN(asNumber(v)); });
        rows.sort(function (a, b) {
          var x = cellValue(a, i), y = cellValue(b, i);
          var xe = x === "" || x === "\\u2014", ye = y === "" || y === "\\u2014";
          if (xe || ye) { return xe === ye ? 0 : (xe ? 1 : -1); }
          var c = numeric ? asNumber(x) - asNumber(y) : x.localeCompare(y, undefined, {numeric: true});
          return up ? c : -c;
        });
        rows.forEach(function (r) { body.appendChild(r); });
      });
    });
    if (box) { box.addEventListener("input", show); }
    show();
  }
  document.querySelectorAll("table.explore").forEach(setup);
})();
"""

ASSETS = {"report.css": CSS, "report.js": JS}
EMPTY = "\u2014"


def inline_assets() -> dict[str, str]:
    """The report's own style and script, to inline in a page on its own (the compare page): the only
    text the templates are given as already safe -- constants of this module, never data -- with the
    hashes its Content-Security-Policy allows them by."""
    return {"css": Markup(CSS), "js": Markup(JS), "css_hash": _csp_hash(CSS), "js_hash": _csp_hash(JS)}


def _csp_hash(text: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")


@dataclass(frozen=True)
class Cell:
    """A table cell: its text, whether it is a number (right-aligned), and its checked link or None."""

    text: str
    number: bool = False
    href: str | None = None


@dataclass(frozen=True)
class Table:
    """A sortable, filterable table as the templates show it (``macros.html.j2``, ``explore``)."""

    id: str
    caption: str
    columns: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]


@dataclass(frozen=True)
class Part:
    """A piece of a sentence: text, bold or not, a link (checked) or none."""

    text: str
    bold: bool = False
    href: str | None = None


@dataclass(frozen=True)
class Line:
    """A sentence of parts; ``kind`` is ``""``, ``"ok"`` or ``"bad"`` (its colour)."""

    parts: tuple[Part, ...]
    kind: str = ""


def line(*parts: Part | str, kind: str = "") -> Line:
    return Line(tuple(Part(p) if isinstance(p, str) else p for p in parts), kind)


def checked(href: str | None) -> str | None:
    """``href`` when it is a relative link to a report file, else None (shown as text)."""
    return href if safe_href(href) else None


def _cell(value: Any) -> tuple[str, bool]:
    """A table cell's text and whether it is a number (right-aligned)."""
    if value is None or value is pd.NA or (isinstance(value, float) and math.isnan(value)):
        return EMPTY, False
    if isinstance(value, (bool, np.bool_)):
        return str(value), False
    if isinstance(value, numbers.Integral):
        return str(int(value)), True
    if isinstance(value, numbers.Real):
        value = float(value)
        return (str(int(value)) if value.is_integer() else f"{value:.4g}"), True
    text = str(value)
    return (text if text else EMPTY), False


def explore_table(frame: pd.DataFrame, table_id: str, *,
                  links: Mapping[str, Callable[[Any], str | None]] | None = None,
                  caption: str = "") -> Table:
    """A sortable, filterable table of ``frame`` (lists joined as in the CSV); ``links`` gives a cell's
    href (kept only when :func:`checked`)."""
    links = links or {}
    shown = flat(frame)
    rows = []
    for record in shown.itertuples(index=False, name=None):
        cells = []
        for column, value in zip(shown.columns, record):
            text, number = _cell(value)
            href = checked(links[column](value)) if column in links and text != EMPTY else None
            cells.append(Cell(text, number, href))
        rows.append(tuple(cells))
    return Table(table_id, caption, tuple(str(c) for c in shown.columns), tuple(rows))


def figures_list(items: Sequence[tuple[str, Any]]) -> list[tuple[str, str]]:
    """``name: value`` pairs as shown text (a level's every figure, a definition list)."""
    return [(str(name), _cell(value)[0]) for name, value in items]

"""The report on disk: each table as CSV, each chart as PNG, and an ``index.html`` showing them.

:func:`report_tables` derives every table from the three inputs (difficulty rows, temple rows,
campaign order) without touching the disk; :func:`write_report` writes them.

The files are tracked (``reports/``), so they must come out byte for byte the same on every run:
wall-clock figures (the ``seconds`` columns, the ``seconds`` measure, how long the run took) go to
``timings.csv`` only, which git ignores (issue 13 item 11).
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from zorglab.reports.campaign import campaign_check
from zorglab.reports.charts import difficulty_chart, generator_chart, save_figure, spell_chart
from zorglab.reports.generator import failure_reasons, generator_stats
from zorglab.reports.spells import spell_summary, spell_usage


@dataclass(frozen=True)
class ReportTables:
    """Every table of a report, by the file stem it is written to."""

    difficulty: pd.DataFrame
    campaign: pd.DataFrame
    temples: pd.DataFrame
    notes: tuple[tuple[str, str], ...] = ()          # (label, value) shown in the summary
    derived: dict[str, pd.DataFrame] = field(default_factory=dict)

    def tables(self) -> dict[str, pd.DataFrame]:
        return {"level_difficulty": self.difficulty, "campaign": self.campaign, "temples": self.temples,
                **self.derived}


def report_tables(difficulty: pd.DataFrame, campaign: pd.DataFrame, temples: pd.DataFrame,
                  notes: tuple[tuple[str, str], ...] = ()) -> ReportTables:
    usage = spell_usage(difficulty)
    derived = {
        "campaign_check": campaign_check(difficulty, campaign),
        "spell_usage": usage,
        "spell_summary": spell_summary(usage, "spell"),
        "spell_by_contract": spell_summary(usage, "contract"),
    }
    if not temples.empty:
        derived["generator_stats"] = generator_stats(temples)
        derived["failure_reasons"] = failure_reasons(temples)
    return ReportTables(difficulty, campaign, temples, notes, derived)


TIMINGS = "timings.csv"            # wall-clock figures: not reproducible, so not tracked (.gitignore)
TIMING_COLUMNS = ("seconds",)
TIMING_KEYS = {"level_difficulty": ("level",), "temples": ("seed", "size")}


def reproducible(tables: ReportTables) -> ReportTables:
    """The same tables without wall-clock figures: no ``seconds`` column, no ``seconds`` measure."""
    derived = {stem: _untimed(stem, frame) for stem, frame in tables.derived.items()}
    return ReportTables(_untimed("level_difficulty", tables.difficulty), tables.campaign,
                        _untimed("temples", tables.temples), tables.notes, derived)


def _untimed(stem: str, frame: pd.DataFrame) -> pd.DataFrame:
    if stem == "generator_stats" and "measure" in frame:
        frame = frame[~frame["measure"].isin(TIMING_COLUMNS)].reset_index(drop=True)
    return frame.drop(columns=[c for c in TIMING_COLUMNS if c in frame.columns])


def timings(tables: ReportTables, run: tuple[tuple[str, float], ...] = ()) -> pd.DataFrame:
    """Every wall-clock figure of a report: ``table, key, seconds`` (``run`` rows: what, seconds)."""
    rows = [{"table": "run", "key": what, "seconds": round(seconds, 3)} for what, seconds in run]
    for stem, keys in TIMING_KEYS.items():
        frame = tables.tables()[stem]
        if frame.empty or "seconds" not in frame:
            continue
        for record in frame.to_dict("records"):
            rows.append({"table": stem, "key": " ".join(str(record[k]) for k in keys),
                         "seconds": record["seconds"]})
    return pd.DataFrame(rows, columns=["table", "key", "seconds"])


def write_report(tables: ReportTables, out: str | Path, run: tuple[tuple[str, float], ...] = ()) -> list[Path]:
    """Write CSVs, PNGs and ``index.html`` into ``out`` (created), reproducible byte for byte, and the
    wall-clock figures (``run``: (what, seconds) pairs too) into ``timings.csv``; the files written."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    timed, tables = tables, reproducible(tables)
    written = []
    for stem, frame in tables.tables().items():
        path = out / f"{stem}.csv"
        frame.to_csv(path, index=False)
        written.append(path)
    charts = {"difficulty": difficulty_chart(tables.difficulty, tables.campaign),
              "spells": spell_chart(tables.derived["spell_summary"])}
    if not tables.temples.empty:
        charts["generator"] = generator_chart(tables.temples)
    for stem, fig in charts.items():
        written.append(save_figure(fig, out / f"{stem}.png"))
    index = out / "index.html"
    index.write_text(render_index(tables, sorted(p.name for p in written)), encoding="utf-8")
    written.append(index)
    timings(timed, run).to_csv(out / TIMINGS, index=False)
    written.append(out / TIMINGS)
    return written


STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em; color: #222; }
table { border-collapse: collapse; font-size: 12px; margin: 0.5em 0 1.5em; }
th, td { border: 1px solid #ccc; padding: 2px 6px; text-align: left; vertical-align: top; }
th { background: #f0f0f0; }
img { max-width: 100%; border: 1px solid #ddd; }
.ok { color: #2a7a2a; } .bad { color: #b02a2a; }
"""

SECTIONS = (
    ("campaign_check", "Campaign check", "Every violation of the campaign rules (docs/reports.md)."),
    ("level_difficulty", "Level difficulty",
     "One row per level: search figures are for the reference setup; difficulty is (fewest_spells, states)."),
    ("spell_summary", "Spell usage per spell type", "Spells held by levels, proved necessary, cast in witnesses."),
    ("spell_by_contract", "Spell usage per contract", ""),
    ("spell_usage", "Spell usage per level", ""),
    ("generator_stats", "Temple generator: distributions per size", ""),
    ("failure_reasons", "Temple generator: failure reasons", "'none' counts the sound temples."),
    ("campaign", "Campaign order", "Contracts in order, each with its levels."),
)
CHART_AFTER = {"level_difficulty": "difficulty.png", "spell_summary": "spells.png", "generator_stats": "generator.png"}
FULL_TABLE_ROWS = 400


def _table(frame: pd.DataFrame) -> str:
    shown = frame.head(FULL_TABLE_ROWS)
    more = f"<p>… {len(frame) - len(shown)} more rows in the CSV.</p>" if len(frame) > len(shown) else ""
    return shown.to_html(index=False, na_rep="—", escape=True, border=0) + more


def render_index(tables: ReportTables, files: list[str]) -> str:
    """The report page: summary, the campaign check in words, then every table and chart."""
    esc = html.escape
    all_tables = tables.tables()
    violations = all_tables["campaign_check"]
    parts = [f"<!doctype html>\n<html><head><meta charset='utf-8'><title>zorglab report</title>"
             f"<style>{STYLE}</style></head><body>", "<h1>zorglab report</h1>", "<ul>"]
    parts += [f"<li>{esc(label)}: {esc(value)}</li>" for label, value in tables.notes]
    parts.append(f"<li>levels: {len(tables.difficulty)}; temples: {len(tables.temples)}; "
                 f"campaign violations: {len(violations)}</li></ul>")
    parts.append("<h2>Campaign check in words</h2>")
    if violations.empty:
        parts.append("<p class='ok'>No violation: every rule holds.</p>")
    else:
        parts.append("<ul>" + "".join(f"<li class='bad'><b>{esc(r['rule'])}</b>: {esc(r['message'])}</li>"
                                      for _, r in violations.iterrows()) + "</ul>")
    for stem, title, text in SECTIONS:
        if stem not in all_tables:
            continue
        parts.append(f"<h2 id='{stem}'>{esc(title)}</h2>")
        if text:
            parts.append(f"<p>{esc(text)}</p>")
        chart = CHART_AFTER.get(stem)
        if chart in files:
            parts.append(f"<img src='{chart}' alt='{esc(title)} chart'>")
        parts.append(f"<p><a href='{stem}.csv'>{stem}.csv</a></p>")
        parts.append(_table(all_tables[stem]))
    if not tables.temples.empty:
        parts.append(f"<h2 id='temples'>Temples</h2><p><a href='temples.csv'>temples.csv</a>: one row per generated "
                     f"temple ({len(tables.temples)} rows).</p>")
    parts.append("</body></html>\n")
    return "\n".join(parts)


def notes_from(**values: Any) -> tuple[tuple[str, str], ...]:
    return tuple((k.replace("_", " "), str(v)) for k, v in values.items())

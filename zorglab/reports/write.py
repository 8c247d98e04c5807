"""The report on disk: each table as CSV, each chart as PNG, an explorable ``index.html`` and a page
per level (``levels/<id>.html`` with its pictures); see :mod:`zorglab.reports.html`.

:func:`report_tables` derives every table from the three inputs (difficulty rows, temple rows,
campaign order) without touching the disk; :func:`write_report` writes them.

The files are tracked (``reports/``), so they must come out byte for byte the same on every run:
wall-clock figures (the ``seconds`` columns, the ``seconds`` measure, how long the run took) go to
``timings.csv`` only, which git ignores (issue 13 item 11).
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

import pandas as pd

from zorglab.reports.campaign import campaign_check
from zorglab.reports.charts import difficulty_chart, figure_png, generator_chart, in_campaign_order, spell_chart
from zorglab.reports.generator import failure_reasons, generator_stats
from zorglab.level.bands import Band
from zorglab.reports.outliers import band_table, outliers
from zorglab.reports.html import ASSETS, explore_table
from zorglab.reports.levelpages import level_page
from zorglab.reports.safe import FOLDER, inside, level_href
from zorglab.reports.spells import spell_summary, spell_usage
from zorglab.reports.tables import csv_text, with_contract_order
from zorglab.reports.templating import render


@dataclass(frozen=True)
class ReportTables:
    """Every table of a report, by the file stem it is written to."""

    difficulty: pd.DataFrame
    campaign: pd.DataFrame
    temples: pd.DataFrame
    notes: tuple[tuple[str, str], ...] = ()          # (label, value) shown in the summary
    derived: dict[str, pd.DataFrame] = field(default_factory=dict)
    bands: Mapping[str, Band] = field(default_factory=dict)     # each contract's target band (contracts.toml)

    def tables(self) -> dict[str, pd.DataFrame]:
        return {"level_difficulty": self.difficulty, "campaign": self.campaign, "temples": self.temples,
                **self.derived}


def report_tables(difficulty: pd.DataFrame, campaign: pd.DataFrame, temples: pd.DataFrame,
                  notes: tuple[tuple[str, str], ...] = (), bands: Mapping[str, Band] | None = None) -> ReportTables:
    """Every table of the report from the difficulty rows, the campaign, the temple rows and each
    contract's target band (``contracts.toml``; :func:`zorglab.reports.outliers.contract_bands`);
    ``contract`` becomes an ordered category in campaign order, so per-contract tables follow the campaign."""
    difficulty = with_contract_order(difficulty, campaign)
    usage = spell_usage(difficulty)
    found = outliers(difficulty, campaign, bands)
    derived = {
        "campaign_check": campaign_check(difficulty, campaign),
        "bands": band_table(campaign, bands, found),
        "outliers": found,
        "spell_usage": usage,
        "spell_summary": spell_summary(usage, "spell"),
        "spell_by_contract": spell_summary(usage, "contract"),
    }
    if not temples.empty:
        derived["generator_stats"] = generator_stats(temples)
        derived["failure_reasons"] = failure_reasons(temples)
    return ReportTables(difficulty, campaign, temples, notes, derived, dict(bands or {}))


TIMINGS = "timings.csv"            # wall-clock figures: not reproducible, so not tracked (.gitignore)
TIMING_COLUMNS = ("seconds",)
TIMING_KEYS = {"level_difficulty": ("level",), "temples": ("seed", "size")}


def reproducible(tables: ReportTables) -> ReportTables:
    """The same tables without wall-clock figures: no ``seconds`` column, no ``seconds`` measure."""
    derived = {stem: _untimed(stem, frame) for stem, frame in tables.derived.items()}
    return ReportTables(_untimed("level_difficulty", tables.difficulty), tables.campaign,
                        _untimed("temples", tables.temples), tables.notes, derived, tables.bands)


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


def report_files(tables: ReportTables, run: tuple[tuple[str, float], ...] = (), *, pictures: bool = True,
                 progress: bool | None = False) -> dict[str, bytes]:
    """Every file of the report by its path inside the report folder, as bytes (nothing written yet)."""
    timed, tables = tables, reproducible(tables)
    files: dict[str, bytes] = {}
    for stem, frame in tables.tables().items():
        files[f"{stem}.csv"] = csv_text(frame).encode("utf-8")
    flagged = tables.derived["outliers"]["level"] if "outliers" in tables.derived else ()
    charts = {"difficulty": difficulty_chart(tables.difficulty, tables.campaign, tables.bands, flagged),
              "spells": spell_chart(tables.derived["spell_summary"])}
    if not tables.temples.empty:
        from zorglab.reports.sweepcharts import option_chart
        charts["generator"] = generator_chart(tables.temples)
        charts["generator_targets"] = option_chart(tables.temples, ["size"])     # the contract's R10, §3 figures
    for stem, fig in charts.items():
        files[f"{stem}.png"] = figure_png(fig)
    for name, text in ASSETS.items():
        files[name] = text.encode("utf-8")
    files.update(level_pages(tables, pictures=pictures, progress=progress))
    files["index.html"] = render_index(tables, sorted(files)).encode("utf-8")
    files[TIMINGS] = csv_text(timings(timed, run)).encode("utf-8")
    return files


def level_pages(tables: ReportTables, *, pictures: bool = True, progress: bool | None = False) -> dict[str, bytes]:
    """``levels/<id>.html`` for every level, with its pictures (``levels/<id>-<world>-*.png``)."""
    from zorglab.reports.levelpictures import level_pictures

    ordered = in_campaign_order(tables.difficulty, tables.campaign)
    violations = tables.derived["campaign_check"]
    found = tables.derived.get("outliers")
    columns = [c for c in tables.difficulty.columns]
    files: dict[str, bytes] = {}
    rows = list(tables.difficulty.iterrows())
    if progress is not False:
        from tqdm import tqdm
        rows = tqdm(rows, desc="level pages", unit="level", file=sys.stderr, leave=False,
                    disable=None if progress is None else False)
    for _, row in rows:
        if level_href(row["level"]) is None:      # the loader refuses such ids; a row from elsewhere may hold one
            print(f"report: level id {str(row['level'])[:80]!r} is not of the id form (docs/levels.md, Ids): "
                  "no page written for it", file=sys.stderr)
            continue
        drawn, note = level_pictures(row) if pictures else ([], "")
        for picture in drawn:
            files[f"{FOLDER}/{picture.name}"] = picture.png
        files[f"{FOLDER}/{row['level']}.html"] = level_page(row, ordered, violations, drawn, note, columns,
                                                            tables.bands, found).encode("utf-8")
    return files


def write_report(tables: ReportTables, out: str | Path, run: tuple[tuple[str, float], ...] = (), *,
                 pictures: bool = True, progress: bool | None = False) -> list[Path]:
    """Write the report into ``out``: CSVs, PNG charts, ``index.html`` and a page per level, reproducible
    byte for byte, and the wall-clock figures (``run``: (what, seconds) pairs too) into ``timings.csv``.

    Atomic as a folder: every file is made first in a temporary folder beside ``out``; only when all
    are made do they replace the old ones (a new ``out`` is renamed into place whole; the ``levels/``
    folder is swapped whole). A failure before that leaves ``out`` as it was. Files of ``out`` the
    report does not write (a benchmark's CSV) are left alone. Returns the paths written."""
    out = Path(out)
    files = report_files(tables, run, pictures=pictures, progress=progress)
    out.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=out.parent))
    written = []
    try:
        for name, data in files.items():
            path = inside(staging, name)      # a name from data never leaves the report folder
            if path is None:
                print(f"report: {name[:80]!r} would be written outside {out}: skipped", file=sys.stderr)
                continue
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            written.append(name)
        if not out.exists():
            os.replace(staging, out)
        else:
            _swap_in(staging, out)
    finally:
        if staging.exists():
            shutil.rmtree(staging, ignore_errors=True)
    return [out / name for name in written]


def _swap_in(staging: Path, out: Path) -> None:
    """Move the staged files over ``out``'s: single files by ``os.replace``, the level folder whole."""
    for entry in sorted(staging.iterdir()):
        target = out / entry.name
        if entry.is_dir():
            old = None
            if target.exists():
                old = out / f".{entry.name}.old"
                if old.exists():
                    shutil.rmtree(old)
                os.replace(target, old)
            os.replace(entry, target)
            if old is not None:
                shutil.rmtree(old, ignore_errors=True)
        else:
            os.replace(entry, target)


SECTIONS = (
    ("campaign_check", "Campaign check", "Every violation of the campaign rules (docs/reports.md)."),
    ("bands", "Target bands per contract",
     "The figures each contract's levels should fall within, typed in contracts.toml (band = {...}): difficulty "
     "steps (fewest spells + build steps), search states, share of the layouts tried that win."),
    ("outliers", "Outliers in their contract",
     "Every level outside its contract's band, one row per measure out: hard or easy by difficulty steps or "
     "search states, hard (or easy) to build by its share of winning layouts. "
     "Filter flag:hard, flag:easy, measure:layout_share."),
    ("level_difficulty", "Level difficulty",
     "One row per level in campaign order; a level's id opens its page (picture, witness, every figure, why it "
     "ranks there). Search figures are for the reference setup; difficulty is (steps, states), steps the fewest spells plus the build steps. "
     "Every column is in level_difficulty.csv."),
    ("spell_summary", "Spell usage per spell type", "Spells held by levels, proved necessary, cast in witnesses."),
    ("spell_by_contract", "Spell usage per contract", "Contracts in campaign order."),
    ("spell_usage", "Spell usage per level", ""),
    ("generator_stats", "Temple generator: distributions per size",
     "Then the contract's own figures beside the distributions (green: the band R10 and §3 step 6 ask for; red "
     "dashes: a limit). Every temple row records the options it was generated with (temples.csv)."),
    ("failure_reasons", "Temple generator: failure reasons", "'none' counts the sound temples."),
    ("temples", "Temples", "One row per generated temple."),
    ("campaign", "Campaign order", "Contracts in order, each with its levels."),
)
CHART_AFTER = {"level_difficulty": ("difficulty.png",), "spell_summary": ("spells.png",),
               "generator_stats": ("generator.png", "generator_targets.png")}
INDEX_LEVEL_COLUMNS = ("level", "title", "contract", "position", "verdict", "fewest_spells", "states", "witness",
                       "necessary", "necessary_unknown", "winning_cast_lists", "forced_points", "winning_layouts",
                       "layouts_tried", "rooms", "heroes", "spells", "worlds", "error")


def _levels_in_campaign_order(tables: ReportTables) -> pd.DataFrame:
    """Every level row, listed ones in campaign order (with their ``position`` in the contract, from 1
    as ``campaign.csv`` and the level's page count it: issue 42 found it one too many here)."""
    listed = in_campaign_order(tables.difficulty, tables.campaign)
    others = tables.difficulty[~tables.difficulty["level"].isin(set(listed["level"]))]
    frame = pd.concat([listed, others], ignore_index=True) if not others.empty else listed
    return frame[[c for c in INDEX_LEVEL_COLUMNS if c in frame.columns]]


def render_index(tables: ReportTables, files: list[str]) -> str:
    """The report page: summary, the campaign check in words, then every table (sortable, filterable)
    and chart (``index.html.j2``, autoescaped; a level's link only to a page that is written)."""
    all_tables = tables.tables()
    violations = all_tables["campaign_check"]

    def page_of(value: Any) -> str | None:
        href = level_href(value)
        return href if href is not None and href in files else None

    shown = {**all_tables, "level_difficulty": _levels_in_campaign_order(tables)}
    sections = []
    for stem, title, text in SECTIONS:
        if stem not in shown or (stem == "temples" and shown[stem].empty):
            continue
        sections.append({"stem": stem, "title": title, "text": text,
                         "charts": [c for c in CHART_AFTER.get(stem, ()) if c in files],
                         "table": explore_table(shown[stem], f"t-{stem}", links={"level": page_of}, caption=title)})
    return render("index.html.j2", title="zorglab report", root="", notes=tables.notes,
                  levels=len(tables.difficulty), temples=len(tables.temples), sections=sections,
                  violations=[{"rule": str(r["rule"]), "level": str(r["level"]), "href": page_of(r["level"]),
                               "message": str(r["message"])} for _, r in violations.iterrows()])


def notes_from(**values: Any) -> tuple[tuple[str, str], ...]:
    return tuple((k.replace("_", " "), str(v)) for k, v in values.items())

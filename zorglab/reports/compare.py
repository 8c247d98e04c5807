"""Compare two versions of the level pack, or of the engine (NFR-5): every level's verdict, fewest and
necessary spells, difficulty and witness side by side, what changed first.

A side is a pack folder (searched with the code running now) or a git revision of the repository
(its own code searching its own ``levels/``, in a clean copy: :mod:`zorglab.cli.revisions`), so an
engine change and a level change are compared the same way. Levels are matched by id.

:func:`compare_tables` is pure (two difficulty tables in, one comparison out); :func:`compare`
computes the sides first.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import pandas as pd

from zorglab.errors import OptionError
from zorglab.reports.budget import QUICK, Budget
from zorglab.reports.difficulty import build_steps
from zorglab.reports.tables import as_list

# What is compared, in the order a change matters: a verdict change first.
FIGURES = ("verdict", "fewest_spells", "necessary", "states", "witness")
CHANGES = ("removed", "added", "verdict", "fewest_spells", "necessary", "difficulty", "witness", "edited")
COMPARE_COLUMNS = ("level", "changed", "verdict_a", "verdict_b", "fewest_spells_a", "fewest_spells_b",
                   "necessary_a", "necessary_b", "states_a", "states_b", "witness_a", "witness_b", "contract")


def _same(a: Any, b: Any) -> bool:
    missing_a, missing_b = _missing(a), _missing(b)
    if missing_a or missing_b:
        return missing_a == missing_b
    return bool(a == b)


def _missing(value: Any) -> bool:
    return value is None or value is pd.NA or (isinstance(value, float) and value != value)


def _changes(a: Any, b: Any) -> list[str]:
    """What moved between two rows of one level (``a`` or ``b`` None: added or removed)."""
    if a is None:
        return ["added"]
    if b is None:
        return ["removed"]
    out = []
    if not _same(a["verdict"], b["verdict"]):
        out.append("verdict")
    if not _same(a["fewest_spells"], b["fewest_spells"]):
        out.append("fewest_spells")
    if as_list(a["necessary"]) != as_list(b["necessary"]):
        out.append("necessary")
    if not _same(a["states"], b["states"]) or build_steps(a) != build_steps(b):
        out.append("difficulty")        # (steps, states): the search states or the build steps moved
    if as_list(a["witness"], "; ") != as_list(b["witness"], "; "):
        out.append("witness")
    return out


def compare_tables(a: pd.DataFrame, b: pd.DataFrame) -> pd.DataFrame:
    """One row per level id in either table: the figures of ``a`` and ``b`` side by side and ``changed``
    (a list: ``added``, ``removed``, ``verdict``, ``fewest_spells``, ``necessary``, ``difficulty``,
    ``witness``; empty when nothing moved). Changed levels come first, the gravest change first, then
    by id."""
    rows_a = {r["level"]: r for _, r in a.iterrows()}
    rows_b = {r["level"]: r for _, r in b.iterrows()}
    out = []
    for level in sorted(set(rows_a) | set(rows_b)):
        ra, rb = rows_a.get(level), rows_b.get(level)
        row: dict[str, Any] = {"level": level, "changed": _changes(ra, rb)}
        for figure in FIGURES:
            for side, r in (("a", ra), ("b", rb)):
                value = None if r is None else r[figure]
                if figure in ("necessary", "witness"):
                    value = as_list(value, "; " if figure == "witness" else " ")
                row[f"{figure}_{side}"] = value
        either: Any = rb if rb is not None else ra
        row["contract"] = str(either["contract"] or "")
        out.append(row)
    frame = pd.DataFrame(out, columns=list(COMPARE_COLUMNS))
    for column in ("fewest_spells_a", "fewest_spells_b", "states_a", "states_b"):
        frame[column] = pd.to_numeric(frame[column], errors="coerce").astype("Int64")
    grave = frame["changed"].map(lambda c: min((CHANGES.index(x) for x in c), default=len(CHANGES)))
    frame = frame.assign(_grave=grave).sort_values(["_grave", "level"], kind="stable").drop(columns="_grave")
    return frame.reset_index(drop=True)


# --- the two sides ----------------------------------------------------------------------------------

RevisionTable = Callable[[str, str], pd.DataFrame]


def side_table(source: str, budget: Budget = QUICK, budget_name: str = "quick",
               levels_table: Callable[[list[str], Budget], pd.DataFrame] | None = None,
               revision_table: RevisionTable | None = None) -> pd.DataFrame:
    """The difficulty table of one side: a pack folder (this code, ``budget``) or, through
    ``revision_table(ref, budget_name)``, a git revision searched by its own code (it knows budgets by
    name, not this code's objects; :func:`zorglab.cli.revisions.revision_table` runs it)."""
    if not source.strip():          # Path("") is the current folder: never a side by accident
        raise OptionError("an empty side: give a pack folder or a git revision")
    if Path(source).is_dir():
        if levels_table is None:
            from zorglab.level import level_files, load_level
            from zorglab.reports.difficulty import difficulty_frame, difficulty_row

            return difficulty_frame(difficulty_row(load_level(f), budget, file=str(f))
                                    for f in level_files([source]))
        return levels_table([source], budget)
    if revision_table is None:
        raise OptionError(f"{source}: not a pack folder (a git revision is compared by zorglab.compare "
                          f"or the zorglab compare command)")
    return revision_table(source, budget_name)


def compare(a: str, b: str, *, budget: Budget = QUICK, budget_name: str = "quick",
            levels_table: Callable[[list[str], Budget], pd.DataFrame] | None = None,
            revision_table: RevisionTable | None = None) -> pd.DataFrame:
    """Compare two packs or revisions (see :func:`compare_tables`), both searched with one budget.

    Examples
    --------
    >>> from zorglab.reports.compare import compare
    >>> table = compare("tests/reports/fixtures/pack", "tests/reports/fixtures/pack")
    >>> int(table["changed"].map(len).sum())
    0
    """
    return compare_tables(side_table(a, budget, budget_name, levels_table, revision_table),
                          side_table(b, budget, budget_name, levels_table, revision_table))


def with_edits(frame: pd.DataFrame, edits: dict[str, list[str]]) -> pd.DataFrame:
    """``frame`` (:func:`compare_tables`) with an ``edits`` column: what changed in each level's file
    (:func:`zorglab.reports.level_diff.level_edits`: ``Warrior2 HP 2 → 3``, ``spell Sleep1 removed``),
    beside what it did; a level edited whose figures did not move is ``changed: edited``, not unchanged."""
    frame = frame.copy()
    frame["edits"] = frame["level"].map(lambda level: [e for e in edits.get(level, [])
                                                       if e not in ("level added", "level removed")])
    frame["changed"] = [list(c) + (["edited"] if e and "edited" not in c and not {"added", "removed"} & set(c) else [])
                        for c, e in zip(frame["changed"], frame["edits"])]
    grave = frame["changed"].map(lambda c: min((CHANGES.index(x) for x in c), default=len(CHANGES)))
    frame = frame.assign(_grave=grave).sort_values(["_grave", "level"], kind="stable").drop(columns="_grave")
    columns = ["level", "changed", "edits"] + [c for c in frame.columns if c not in ("level", "changed", "edits")]
    return frame[columns].reset_index(drop=True)


def markdown(frame: pd.DataFrame, a: str, b: str, everything: bool = False) -> str:
    """The comparison as a Markdown table for a pull request: each changed level (every level with
    ``everything``), its edits and the figures that moved (``a → b``)."""
    changed = frame[frame["changed"].map(len) > 0]
    shown = frame if everything else changed
    lines = [f"**{_md(a)} → {_md(b)}**: {len(changed)} of {len(frame)} level{'s' * (len(frame) != 1)} changed", ""]
    if shown.empty:
        return "\n".join(lines).rstrip() + "\n"
    lines += ["| level | changed | edits | verdict | fewest spells | states | witness |",
              "|---|---|---|---|---|---|---|"]
    for _, row in shown.iterrows():
        edits = row["edits"] if "edits" in row else []
        lines.append("| " + " | ".join([
            _md(row["level"]), _md(", ".join(row["changed"]) or "-"), _md("; ".join(edits) or "-"),
            _pair(row, "verdict"), _pair(row, "fewest_spells"), _pair(row, "states"), _pair(row, "witness")]) + " |")
    return "\n".join(lines) + "\n"


def _cell(value: Any) -> str:
    if isinstance(value, list):
        return "; ".join(str(v) for v in value) if value else "-"
    return "-" if _missing(value) else str(value)


def _pair(row: Any, name: str) -> str:
    a, b = _cell(row[f"{name}_a"]), _cell(row[f"{name}_b"])
    return _md(a if a == b else f"{a} → {b}")


def _md(text: str) -> str:
    """Text safe in a Markdown table cell: pipes and backticks escaped, line breaks as spaces."""
    return str(text).replace("\\", "\\\\").replace("|", "\\|").replace("`", "\\`").replace("\n", " ")


__all__ = ["COMPARE_COLUMNS", "compare", "compare_tables", "markdown", "side_table", "with_edits"]

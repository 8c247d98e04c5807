"""Compare two versions of the level pack, or of the engine (NFR-5): every level's verdict, fewest and
necessary spells, difficulty and witness side by side, what changed first.

A side is a pack folder (searched with the code running now) or a git revision of the repository
(its own code searching its own ``levels/``, in a clean copy made with ``git archive``), so an
engine change and a level change are compared the same way. Levels are matched by id.

:func:`compare_tables` is pure (two difficulty tables in, one comparison out); :func:`compare`
computes the sides first.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import Any, Callable

import pandas as pd

from zorglab.errors import OptionError
from zorglab.reports.budget import QUICK, Budget
from zorglab.reports.tables import as_list, read_csv

# What is compared, in the order a change matters: a verdict change first.
FIGURES = ("verdict", "fewest_spells", "necessary", "states", "witness")
CHANGES = ("removed", "added", "verdict", "fewest_spells", "necessary", "difficulty", "witness")
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
    if not _same(a["states"], b["states"]):
        out.append("difficulty")        # (fewest_spells, states): the search states moved
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

def _repository() -> Path:
    """The git work tree the command runs in (a ref is looked up there)."""
    try:
        top = subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        raise OptionError("a git revision needs a git repository here (or give a pack folder)") from None
    return Path(top.stdout.strip())


def _commit(ref: str, repo: Path) -> str:
    found = subprocess.run(["git", "rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}"], cwd=repo,
                           capture_output=True, text=True)
    if found.returncode != 0:
        raise OptionError(f"{ref}: neither a pack folder nor a git revision of {repo}")
    return found.stdout.strip()


def revision_table(ref: str, budget_name: str = "quick", levels: str = "levels") -> pd.DataFrame:
    """The difficulty table of revision ``ref``: its own code on its own ``levels``, in a clean copy."""
    repo = _repository()
    commit = _commit(ref, repo)
    with tempfile.TemporaryDirectory(prefix="zorglab-compare-") as folder:
        root = Path(folder)
        archive = root / "tree.tar"
        with archive.open("wb") as handle:
            subprocess.run(["git", "archive", "--format=tar", commit], cwd=repo, stdout=handle, check=True)
        with tarfile.open(archive) as tar:
            tar.extractall(root / "tree", filter="data")
        tree, out = root / "tree", root / "difficulty.csv"
        if not (tree / levels).is_dir():
            raise OptionError(f"{ref}: the revision has no {levels}/ folder")
        env = {**os.environ, "PYTHONPATH": str(tree)}
        # options every revision's ``sweep levels`` knows; serial: the copy is searched in one process
        command = [sys.executable, "-m", "zorglab.cli.main", "sweep", "levels", levels, "--serial",
                   "--budget", budget_name, "--out", str(out)]
        done = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True)
        if done.returncode != 0 or not out.exists():
            raise OptionError(f"{ref}: its own sweep of {levels}/ failed (exit {done.returncode}): "
                              f"{(done.stderr.strip().splitlines() or ['no message'])[-1]}")
        return read_csv(out)


def side_table(source: str, budget: Budget = QUICK, budget_name: str = "quick",
               levels_table: Callable[[list[str], Budget], pd.DataFrame] | None = None) -> pd.DataFrame:
    """The difficulty table of one side: a pack folder (this code, ``budget``) or a git revision (its
    code, the named budget ``budget_name``: a revision knows the names, not this code's objects)."""
    if Path(source).is_dir():
        if levels_table is None:
            from zorglab.level import level_files, load_level
            from zorglab.reports.difficulty import difficulty_frame, difficulty_row

            return difficulty_frame(difficulty_row(load_level(f), budget, file=str(f))
                                    for f in level_files([source]))
        return levels_table([source], budget)
    return revision_table(source, budget_name)


def compare(a: str, b: str, *, budget: Budget = QUICK, budget_name: str = "quick",
            levels_table: Callable[[list[str], Budget], pd.DataFrame] | None = None) -> pd.DataFrame:
    """Compare two packs or revisions (see :func:`compare_tables`), both searched with one budget.

    Examples
    --------
    >>> from zorglab.reports.compare import compare
    >>> table = compare("tests/reports/fixtures/pack", "tests/reports/fixtures/pack")
    >>> int(table["changed"].map(len).sum())
    0
    """
    return compare_tables(side_table(a, budget, budget_name, levels_table),
                          side_table(b, budget, budget_name, levels_table))


__all__ = ["COMPARE_COLUMNS", "QUICK", "compare", "compare_tables", "revision_table", "side_table"]

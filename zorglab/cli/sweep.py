"""``zorglab sweep levels|temples``: the difficulty rows of a level pack, or a temple sweep, on dask.

A ``LocalCluster`` (2 worker processes) by default, ``--scheduler ADDRESS`` for a running
cluster, ``--serial`` for none; the table is the same every way (``seconds`` aside).
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

import pandas as pd

from zorglab.cli.options import check_out_file
from zorglab.errors import OptionError
from zorglab.reports.budget import QUICK, Budget
from zorglab.sweep.runner import LostTasks

BUDGETS = {"quick": QUICK, "standard": Budget(), "thorough": Budget().scaled(5)}


def add_run_options(p: argparse.ArgumentParser, budget: bool = True) -> None:
    """Where the work runs and how much search each level gets (shared with ``zorglab report``)."""
    where = p.add_mutually_exclusive_group()
    where.add_argument("--serial", action="store_true", help="run in this process, without dask")
    where.add_argument("--scheduler", metavar="ADDRESS", help="a running dask scheduler (tcp://host:8786)")
    p.add_argument("--workers", type=int, default=2, metavar="N", help="local dask worker processes (default 2)")
    if budget:
        p.add_argument("--budget", choices=sorted(BUDGETS), default="standard",
                       help="search budget per level (default standard; see docs/reports.md)")
    p.add_argument("--progress", action="store_true", help="show a progress bar")


def run_options(args: argparse.Namespace) -> dict[str, Any]:
    if not args.serial:
        from zorglab.sweep.runner import silence_dask_logs
        silence_dask_logs()
    return {"serial": args.serial, "scheduler": args.scheduler, "workers": args.workers}


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("sweep", help="level or temple sweeps on dask.distributed",
                       description="Compute one row per level (difficulty) or per generated temple, on a local "
                                   "dask cluster by default. Rows are sorted by key; --out writes CSV, else CSV "
                                   "goes to standard output.")
    what = p.add_subparsers(dest="what", metavar="WHAT")
    levels = what.add_parser("levels", help="the difficulty row of every level")
    levels.add_argument("paths", nargs="*", default=["levels"], help="level files or directories (default levels/)")
    levels.add_argument("--out", metavar="CSV", help="write the table here")
    add_run_options(levels)
    levels.set_defaults(run=run_levels)
    temples = what.add_parser("temples", help="one row per generated temple")
    temples.add_argument("--seeds", type=int, default=20, metavar="N", help="seeds 0..N-1 (default 20)")
    temples.add_argument("--sizes", default="small,medium,large", help="comma-separated sizes")
    temples.add_argument("--no-lint", action="store_true", help="skip the R1..R12 lint of each temple")
    temples.add_argument("--out", metavar="CSV", help="write the table here")
    add_run_options(temples, budget=False)
    temples.set_defaults(run=run_temples)
    p.set_defaults(run=lambda args: (p.print_help(), 2)[1])


def run_levels(args: argparse.Namespace) -> int:
    from zorglab.sweep import sweep_levels

    if args.out:
        check_out_file(args.out)
    t0 = time.perf_counter()
    try:
        table = sweep_levels(args.paths, BUDGETS[args.budget], progress=args.progress, **run_options(args))
    except LostTasks as lost:            # dying workers: the rows that finished are written, one line said
        return _emit_lost(lost, args.out)
    _emit(table, args.out, f"{len(table)} levels in {time.perf_counter() - t0:.1f} s")
    return 0


def run_temples(args: argparse.Namespace) -> int:
    from zorglab.sweep import sweep_temples

    if args.seeds < 1:
        raise OptionError(f"--seeds {args.seeds}: give 1 or more")
    if args.out:
        check_out_file(args.out)
    sizes = [s.strip() for s in args.sizes.split(",") if s.strip()]
    t0 = time.perf_counter()
    try:
        table = sweep_temples(args.seeds, sizes, lint=not args.no_lint, progress=args.progress, **run_options(args))
    except LostTasks as lost:
        return _emit_lost(lost, args.out)
    failed = int((table["failure"].fillna("") != "").sum())
    _emit(table, args.out, f"{temple_count(len(table), args.seeds, sizes)} ({failed} failed) "
                           f"in {time.perf_counter() - t0:.1f} s")
    return 0


def temple_count(temples: int, seeds: int, sizes: list[str]) -> str:
    """``"600 temples: seeds 0..199 for each of small, medium, large"``: the count says what it counts."""
    each = "for " + (f"each of {', '.join(sizes)}" if len(sizes) > 1 else ", ".join(sizes))
    return f"{temples} temple{'s' * (temples != 1)}: seed{'s 0..' + str(seeds - 1) if seeds > 1 else ' 0'} {each}"


def _emit_lost(lost: LostTasks, out: str | None) -> int:
    """Write the rows that finished, then say in one line what was lost; exit status 2."""
    if lost.table is not None:
        if out:
            lost.table.to_csv(out, index=False)
        else:
            lost.table.to_csv(sys.stdout, index=False)
    print(f"zorglab sweep: {lost}" + (f" in {out}" if out else ""), file=sys.stderr)
    return 2


def _emit(table: pd.DataFrame, out: str | None, summary: str) -> None:
    if out:
        table.to_csv(out, index=False)
        print(f"{summary}: {out}")
    else:
        table.to_csv(sys.stdout, index=False)
        print(summary, file=sys.stderr)

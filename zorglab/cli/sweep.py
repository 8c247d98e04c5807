"""``zorglab sweep levels|temples``: the difficulty rows of a level pack, or a temple sweep over seeds,
sizes and option grids.

Parallel only where it pays: serially for small work, a local dask cluster when the work is
large (or ``--parallel``), the cluster at ``--scheduler ADDRESS`` when given; the choice is
printed, and the table is the same every way (``seconds`` aside). ``zorglab temples sweep`` is
the same command under its older name.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from zorglab.cli.options import add_memory, add_quiet, check_out_file, progress_of, say
from zorglab.errors import OptionError
from zorglab.reports.budget import QUICK, Budget
from zorglab.sweep.runner import LostTasks, TaskKind

if TYPE_CHECKING:
    import pandas as pd

WALL_CLOCK_COLUMNS = ("seconds",)      # kept in the rows (the report's timings.csv), never in a sweep's output
BUDGETS = {"quick": QUICK, "standard": Budget(), "thorough": Budget().scaled(5)}


def add_run_options(p: argparse.ArgumentParser, budget: bool = True, default_budget: str = "standard") -> None:
    """Where the work runs, how much search each level gets, and the progress bar (shared with
    ``zorglab report`` and ``zorglab compare``)."""
    where = p.add_mutually_exclusive_group()
    where.add_argument("--serial", action="store_true", help="run in this process, without dask")
    where.add_argument("--parallel", action="store_true",
                       help="start a local dask cluster even for small work (default: only when it pays)")
    where.add_argument("--scheduler", metavar="ADDRESS", help="a running dask scheduler (tcp://host:8786)")
    p.add_argument("--workers", type=int, default=2, metavar="N", help="local dask worker processes (default 2)")
    if budget:
        p.add_argument("--budget", choices=sorted(BUDGETS), default=default_budget,
                       help=f"search budget per level (default {default_budget}; see docs/reports.md)")
    add_memory(p)
    add_quiet(p)


def run_options(args: argparse.Namespace, tasks: int = 0, kind: TaskKind = "level",
                words: str | None = None) -> dict[str, Any]:
    """``serial``/``scheduler``/``workers`` for the sweeps, the choice of where printed on standard error
    (``words``: what the ``tasks`` count, when they are not all of ``kind``: "130 levels and 150 temples")."""
    from zorglab.sweep.runner import choose_runner

    serial, why = choose_runner(tasks, kind, serial=args.serial, scheduler=args.scheduler,
                                parallel=getattr(args, "parallel", False), workers=args.workers)
    if words is not None:
        why = why.replace(f"({tasks} {kind}{'s' * (tasks != 1)}:", f"({words}:")
    say(args, f"running {why}")
    if not serial:
        from zorglab.sweep.runner import silence_dask_logs
        silence_dask_logs()
    return {"serial": serial, "scheduler": args.scheduler, "workers": args.workers}


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("sweep", help="level or temple sweeps, on dask when it pays",
                       description="Compute one row per level (difficulty) or per generated temple: serially for "
                                   "small work, on dask when it is large. Rows are sorted by key; --out writes "
                                   "CSV, --json prints the rows as JSON, else CSV goes to standard output.")
    what = p.add_subparsers(dest="what", metavar="WHAT")
    levels = what.add_parser("levels", help="the difficulty row of every level")
    levels.add_argument("paths", nargs="*", default=["levels"], help="level files or directories (default levels/)")
    _add_output(levels)
    add_run_options(levels)
    levels.set_defaults(run=run_levels)
    temples = what.add_parser("temples", help="one row per generated temple, over seeds, sizes and option grids")
    add_temple_arguments(temples)

    def usage(args: argparse.Namespace) -> int:     # ``zorglab sweep`` alone: the help, exit status 2
        p.print_help()
        return 2
    p.set_defaults(run=usage)


def _add_output(p: argparse.ArgumentParser) -> None:
    out = p.add_mutually_exclusive_group()
    out.add_argument("--out", metavar="CSV", help="write the table here")
    out.add_argument("--json", action="store_true", help="print the rows as one JSON object")


def add_temple_arguments(temples: argparse.ArgumentParser) -> None:
    """The temple sweep's arguments (``zorglab sweep temples`` and its alias ``zorglab temples sweep``)."""
    temples.add_argument("--seeds", type=int, default=20, metavar="N", help="seeds 0..N-1 (default 20)")
    temples.add_argument("--sizes", default="small,medium,large", help="comma-separated sizes")
    temples.add_argument("--grid", action="append", default=[], metavar="OPTION=VALUES",
                         help="an option's values to sweep: floors=1,2,3, locks=0..3, element=fire,ice "
                              "(repeatable: every combination)")
    temples.add_argument("--no-lint", action="store_true", help="skip the R1..R12 lint of each temple")
    temples.add_argument("--lint", action="store_true", help=argparse.SUPPRESS)   # the lint is on by default
    temples.add_argument("--chart", metavar="PNG", help="write histograms per option value, with the "
                                                        "contract's targets beside them")
    _add_output(temples)
    add_run_options(temples, budget=False)
    temples.set_defaults(run=run_temples)


def run_levels(args: argparse.Namespace) -> int:
    from zorglab.level import level_files
    from zorglab.sweep import sweep_levels

    if args.out:
        check_out_file(args.out)
    missing = [p for p in args.paths if not Path(p).exists()]
    if missing:
        raise OptionError(f"{missing[0]}: no such file or directory")
    t0 = time.perf_counter()
    files = level_files(args.paths)
    try:
        table = sweep_levels(args.paths, BUDGETS[args.budget], progress=progress_of(args),
                             **run_options(args, len(files), "level"))
    except LostTasks as lost:            # dying workers: the rows that finished are written, one line said
        return _emit_lost(args, lost)
    _emit(args, table, f"{len(table)} levels in {time.perf_counter() - t0:.1f} s")
    return 0


def run_temples(args: argparse.Namespace) -> int:
    from zorglab.sweep import sweep_temples
    from zorglab.sweep.runner import SweepInterrupted
    from zorglab.temples.sweep import grid_options, parse_grid

    if args.seeds < 1:
        raise OptionError(f"--seeds {args.seeds}: give 1 or more")
    for path in (args.out, args.chart):
        if path:
            check_out_file(path, "--out" if path == args.out else "--chart")
    sizes = [s.strip() for s in args.sizes.split(",") if s.strip()]
    grid = parse_grid(args.grid)
    cells = len(grid_options(grid))
    t0 = time.perf_counter()
    run = run_options(args, args.seeds * len(sizes) * cells, "temple")
    try:
        table = sweep_temples(args.seeds, sizes, grid=grid, lint=not args.no_lint, progress=progress_of(args), **run)
    except SweepInterrupted as stop:       # Ctrl-C: the rows done so far are still written
        from zorglab.reports.generator import temple_frame
        table = temple_frame(stop.rows)
        _emit(args, table, None)
        print(f"interrupted: {len(table)} of {stop.total} temples done and written", file=sys.stderr)
        return 130
    except LostTasks as lost:
        return _emit_lost(args, lost)
    failed = int((table["failure"].fillna("") != "").sum())
    where = f" over {cells} option combinations" if cells > 1 else ""
    targets = targets_met(table, grid, sizes)
    _emit(args, table, f"{temple_count(len(table), args.seeds, sizes)}{where} ({failed} failed) "
                       f"in {time.perf_counter() - t0:.1f} s", {"targets": targets})
    if not args.json:             # beside the summary: on stdout when the table went to --out, else on stderr
        print(targets_words(targets)) if args.out else say(args, targets_words(targets))
    if args.chart:
        from zorglab.reports.charts import save_figure
        from zorglab.reports.sweepcharts import option_chart
        save_figure(option_chart(table, list(grid) or ["size"]), args.chart)
        say(args, f"histograms per option, with the contract's targets: {args.chart}")
    return 1 if failed else 0


def targets_met(table: "pd.DataFrame", grid: dict[str, Any], sizes: list[str]) -> list[dict[str, Any]]:
    """How many temples meet each of the contract's targets: in all, then per grid cell (and size,
    when several)."""
    from zorglab.temples.sweep import grid_column
    from zorglab.temples.tune import compliance, compliance_by

    keys = {name: grid_column(name) for name in grid}
    if len(sizes) > 1:
        keys["size"] = "size"
    rows = table.to_dict("records")
    cells = [("all", compliance(rows))] + (compliance_by(rows, keys) if keys else [])
    return [{"cell": name, **found.as_dict()} for name, found in cells]


def targets_words(cells: list[dict[str, Any]]) -> str:
    """The targets met per grid cell, a line per cell: ``floors=1 size=small: 25–35 % monster rooms 3/20, ...``."""
    lines = ["contract targets met (temples inside each target, of the cell's temples):"]
    for cell in cells:
        met = ", ".join(f"{t['words']} {t['met']}/{cell['temples']}" for t in cell["targets"])
        lines.append(f"  {cell['cell']}: {met}")
    return "\n".join(lines)


def temple_count(temples: int, seeds: int, sizes: list[str]) -> str:
    """``"600 temples: seeds 0..199 for each of small, medium, large"``: the count says what it counts."""
    each = "for " + (f"each of {', '.join(sizes)}" if len(sizes) > 1 else ", ".join(sizes))
    return f"{temples} temple{'s' * (temples != 1)}: seed{'s 0..' + str(seeds - 1) if seeds > 1 else ' 0'} {each}"


def _emit_lost(args: argparse.Namespace, lost: LostTasks) -> int:
    """Write the rows that finished, then say in one line what was lost; exit status 2."""
    if lost.table is not None:
        _emit(args, lost.table, None)
    print(f"zorglab sweep: {lost}" + (f" in {args.out}" if args.out else ""), file=sys.stderr)
    return 2


def _emit(args: argparse.Namespace, table: "pd.DataFrame", summary: str | None,
          extra: dict[str, Any] | None = None) -> None:
    """The table as CSV (``--out`` or standard output) or JSON, without wall-clock columns: the same
    sweep writes the same bytes on every run (how long it took is in the summary line only)."""
    from zorglab.reports.tables import write_csv

    table = table.drop(columns=[c for c in WALL_CLOCK_COLUMNS if c in table.columns])
    if args.json:
        rows = json.loads(table.to_json(orient="records"))
        json.dump({"rows": rows, "summary": summary, **(extra or {})}, sys.stdout, indent=1)
        print()
    elif args.out:
        write_csv(table, args.out)
        if summary:
            print(f"{summary}: {args.out}")
    else:
        sys.stdout.write(write_csv(table))
    if summary and not args.out:
        say(args, summary)

"""``zorglab report``: the balance report of a level pack and the temple generator, as files.

Writes every table as CSV, the charts as PNG, an explorable ``index.html`` and a page per level
into ``--out`` (atomically: all files or none). The searches run serially unless the work is large
enough for a local dask cluster to pay (or ``--parallel``/``--scheduler``); the choice is printed.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from zorglab.cli.options import check_out_folder, progress_of
from zorglab.cli.sweep import BUDGETS, add_run_options, run_options
from zorglab.errors import OptionError


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("report", help="write the balance report (CSV, PNG, index.html)",
                       description="Per-level difficulty, spell usage, the campaign check and temple generator "
                                   "statistics, written as CSV tables, PNG charts and an index.html.")
    p.add_argument("--out", default="reports", metavar="DIR", help="where to write (default reports/)")
    p.add_argument("--levels", action="append", default=None, metavar="DIR",
                   help="the level pack with its contracts.toml (default levels/; repeatable)")
    p.add_argument("--temple-seeds", type=int, default=50, metavar="N",
                   help="temple seeds 0..N-1 per size for the generator statistics (default 50; 0 skips them)")
    p.add_argument("--sizes", default="small,medium,large", help="temple sizes, comma-separated")
    p.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    add_run_options(p)
    p.set_defaults(run=run)


def check_writable(out: str) -> None:
    """Refuse an ``--out`` whose folder cannot take files (``/proc/nope``, a read-only disk) before any
    work, naming ``--out``: the report is staged in a temporary folder beside it, so that is tried
    (and removed at once) in the nearest folder that exists."""
    import os
    import tempfile

    path = Path(out).absolute()
    where = next((p for p in [path.parent, *path.parents] if p.is_dir()), None)
    if where is None:
        return
    try:
        os.rmdir(tempfile.mkdtemp(prefix=".zorglab-check-", dir=where))
    except OSError as error:
        raise OptionError(f"--out {out}: cannot write there ({where} refuses a new folder: "
                          f"{error.strerror or error})") from None


def run(args: argparse.Namespace) -> int:
    import pandas as pd

    from zorglab.level import level_files
    from zorglab.progression import load_campaign
    from zorglab.reports.campaign import campaign_table
    from zorglab.reports.generator import TEMPLE_COLUMNS
    from zorglab.reports.outliers import contract_bands
    from zorglab.reports.write import notes_from, report_tables, write_report
    from zorglab.sweep import sweep_client, sweep_levels, sweep_temples
    from zorglab.sweep.runner import TASK_SECONDS

    if args.temple_seeds < 0:
        raise OptionError(f"--temple-seeds {args.temple_seeds}: give 0 or more")
    check_out_folder(args.out)       # refused now, not after the sweeps
    check_writable(args.out)
    levels = args.levels or ["levels"]
    sizes = [s.strip() for s in args.sizes.split(",") if s.strip()]
    t0 = time.perf_counter()
    campaign = load_campaign(levels)
    budget = BUDGETS[args.budget]
    # one choice for both sweeps, on their work together counted in level tasks
    temples = args.temple_seeds * len(sizes)
    work = len(level_files(levels)) + round(temples * TASK_SECONDS["temple"] / TASK_SECONDS["level"])
    # the work in level tasks (a temple is a fraction of one), said as what it is: levels and temples
    options = run_options(args, work, "level", words=f"{len(level_files(levels))} levels and {temples} temples")
    progress = progress_of(args)
    with sweep_client(**options) as client:
        run_ = {"serial": client is None, "client": client, "progress": progress}
        difficulty = sweep_levels(levels, budget, **run_)
        temple_rows = (sweep_temples(args.temple_seeds, sizes, **run_) if args.temple_seeds
                       else pd.DataFrame(columns=list(TEMPLE_COLUMNS)))
    seconds = time.perf_counter() - t0
    cut = difficulty[difficulty["cut_short"].fillna(False).astype(bool)]
    if len(cut):        # a figure the safety stop cut depends on the machine: never into the files
        raise OptionError(f"{len(cut)} level(s) not finished within the safety stop of {budget.level_seconds} CPU s "
                          f"per level ({', '.join(cut['level'])}); nothing written to {args.out} "
                          "(docs/reports.md, 'Budgets')")
    where = "serial" if options["serial"] else (args.scheduler or f"local dask cluster, {args.workers} workers")
    # how long and where go to timings.csv only: the tracked files must not change from run to run
    notes = notes_from(levels=", ".join(levels), budget=f"{args.budget} ({budget})",
                       temple_seeds=f"{args.temple_seeds} per size ({', '.join(sizes)})",
                       timings="timings.csv (wall clock; not tracked)")
    tables = report_tables(difficulty, campaign_table(campaign.contracts), temple_rows, notes,
                           contract_bands(campaign.contracts))
    try:
        written = write_report(tables, args.out, run=((f"computed ({where})", seconds),), progress=progress)
    except OSError as error:         # the report is staged in a temporary folder beside --out: name --out
        raise OptionError(f"--out {args.out}: cannot write the report there: {error.strerror or error}; "
                          "nothing written") from None
    violations = len(tables.derived["campaign_check"])
    unknown = int((difficulty["verdict"] != "solvable").sum())
    summary = {"levels": len(difficulty), "not_proved_winnable": unknown, "temples": len(temple_rows),
               "campaign_violations": violations, "files": len(written), "out": str(args.out),
               "index": str(Path(args.out) / "index.html"), "seconds": round(time.perf_counter() - t0, 1)}
    if args.json:
        json.dump(summary, sys.stdout, indent=1)
        print()
    else:
        print(f"{len(difficulty)} levels ({unknown} not proved winnable), {len(temple_rows)} temples, "
              f"{violations} campaign violation{'s' * (violations != 1)}; {len(written)} files in {args.out} "
              f"({summary['seconds']:.1f} s): open {summary['index']}")
    return 0

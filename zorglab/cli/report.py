"""``zorglab report``: the balance report of a level pack and the temple generator, as files.

Writes every table as CSV, the charts as PNG and an ``index.html`` showing them into ``--out``.
The level searches run on a local dask cluster (2 workers) unless ``--serial``.
"""

from __future__ import annotations

import argparse
import time

from zorglab.cli.options import check_out_folder
from zorglab.cli.sweep import BUDGETS, add_run_options, run_options
from zorglab.errors import OptionError


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("report", help="write the balance report (CSV, PNG, index.html)",
                       description="Per-level difficulty, spell usage, the campaign check and temple generator "
                                   "statistics, written as CSV tables, PNG charts and an index.html.")
    p.add_argument("--out", default="reports", metavar="DIR", help="where to write (default reports/)")
    p.add_argument("--levels", action="append", default=None, metavar="DIR",
                   help="the level pack with its contracts.toml (default levels/; repeatable)")
    p.add_argument("--temple-seeds", type=int, default=50, metavar="N",
                   help="temple seeds 0..N-1 per size for the generator statistics (default 50; 0 skips them)")
    p.add_argument("--sizes", default="small,medium,large", help="temple sizes, comma-separated")
    add_run_options(p)
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    import pandas as pd

    from zorglab.progression import load_campaign
    from zorglab.reports.campaign import campaign_table
    from zorglab.reports.generator import TEMPLE_COLUMNS
    from zorglab.reports.write import notes_from, report_tables, write_report
    from zorglab.sweep import sweep_client, sweep_levels, sweep_temples

    if args.temple_seeds < 0:
        raise OptionError(f"--temple-seeds {args.temple_seeds}: give 0 or more")
    check_out_folder(args.out)       # refused now, not after the sweeps
    levels = args.levels or ["levels"]
    sizes = [s.strip() for s in args.sizes.split(",") if s.strip()]
    t0 = time.perf_counter()
    campaign = load_campaign(levels)
    budget = BUDGETS[args.budget]
    with sweep_client(**run_options(args)) as client:
        run_ = {"serial": client is None, "client": client, "progress": args.progress}
        difficulty = sweep_levels(levels, budget, **run_)
        temples = (sweep_temples(args.temple_seeds, sizes, **run_) if args.temple_seeds
                   else pd.DataFrame(columns=list(TEMPLE_COLUMNS)))
    seconds = time.perf_counter() - t0
    cut = difficulty[difficulty["cut_short"].fillna(False).astype(bool)]
    if len(cut):        # a figure the safety stop cut depends on the machine: never into the files
        raise OptionError(f"{len(cut)} level(s) not finished within the safety stop of {budget.level_seconds} CPU s "
                          f"per level ({', '.join(cut['level'])}); nothing written to {args.out} "
                          "(docs/reports.md, 'Budgets')")
    where = "serial" if args.serial else (args.scheduler or f"local dask cluster, {args.workers} workers")
    # how long and where go to timings.csv only: the tracked files must not change from run to run
    notes = notes_from(levels=", ".join(levels), budget=f"{args.budget} ({budget})",
                       temple_seeds=f"{args.temple_seeds} per size ({', '.join(sizes)})",
                       timings="timings.csv (wall clock; not tracked)")
    tables = report_tables(difficulty, campaign_table(campaign.contracts), temples, notes)
    written = write_report(tables, args.out, run=((f"computed ({where})", seconds),))
    violations = len(tables.derived["campaign_check"])
    unknown = int((difficulty["verdict"] != "solvable").sum())
    print(f"{len(difficulty)} levels ({unknown} not proved winnable), {len(temples)} temples, "
          f"{violations} campaign violation{'s' * (violations != 1)}; {len(written)} files in {args.out} "
          f"({time.perf_counter() - t0:.1f} s)")
    return 0

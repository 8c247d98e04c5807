"""``zorglab tune temples``: an Optuna study that steers the temple generator's options toward the
contract's targets (docs/temples.md, "Tuning the generator").

The study is kept in a database (``--storage``, SQLite in the working folder by default; any
database URL Optuna supports, for several machines on one study) under ``--study-name``, so running
the command again resumes it with ``--trials`` more trials. Seeded (``--seed``) and counted in
trials, never seconds: the same arguments on a fresh study print the same best options.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from zorglab.errors import OptionError


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from zorglab.temples.tune import DEFAULT_STORAGE, DEFAULT_STUDY, SPACE

    p = sub.add_parser("tune", help="steer the temple generator's options toward the contract's targets (Optuna)",
                       description="Search generator options that make more temples meet the contract's targets.")
    what = p.add_subparsers(dest="what", metavar="WHAT")
    temples = what.add_parser(
        "temples", help="tune the temple generator's options",
        description="Each trial generates the same seeds with the options Optuna proposes and scores the share "
                    "of (temple, target) pairs inside the contract's targets (25-35 %% monster rooms, ...). "
                    "The study is resumed when run again: trials add up.")
    temples.add_argument("--trials", type=int, default=30, metavar="N", help="trials to run now (default 30)")
    temples.add_argument("--seeds", type=int, default=10, metavar="N",
                         help="temples per size and trial: seeds 0..N-1 (default 10)")
    temples.add_argument("--sizes", default="medium", help="comma-separated sizes (default medium)")
    temples.add_argument("--seed", type=int, default=0, help="the sampler's seed (default 0)")
    temples.add_argument("--storage", default=DEFAULT_STORAGE, metavar="URL",
                         help=f"where the study is kept (default {DEFAULT_STORAGE}; a database URL such as "
                              "postgresql://host/db lets several machines share one study)")
    temples.add_argument("--in-memory", action="store_true", help="keep the study in memory only (not resumable)")
    temples.add_argument("--study-name", default=DEFAULT_STUDY, metavar="NAME",
                         help=f"the study's name in the storage (default {DEFAULT_STUDY})")
    for name in SPACE:
        temples.add_argument(f"--{name}", type=int, default=None, metavar="N",
                             help=f"keep {name} at N instead of tuning it")
    temples.add_argument("--json", action="store_true", help="print the result as one JSON object")
    temples.set_defaults(run=run_temples)

    def usage(args: argparse.Namespace) -> int:
        p.print_help()
        return 2
    p.set_defaults(run=usage)


def _storage(args: argparse.Namespace) -> str | None:
    """The study's storage URL; a SQLite file's folder is checked before any trial."""
    if args.in_memory:
        return None
    url: str = args.storage
    if url.startswith("sqlite:///"):
        from zorglab.cli.options import check_out_file
        path = url[len("sqlite:///"):]
        if not path or path == ":memory:":
            raise OptionError(f"--storage {url}: name a file (sqlite:///tune.sqlite3), or give --in-memory")
        check_out_file(path, "--storage")
    return url


def run_temples(args: argparse.Namespace) -> int:
    from zorglab.temples.tune import SPACE, options_words, tune_temples

    if args.trials < 1:
        raise OptionError(f"--trials {args.trials}: give 1 or more")
    sizes = [s.strip() for s in args.sizes.split(",") if s.strip()]
    fixed: dict[str, Any] = {name: getattr(args, name) for name in SPACE if getattr(args, name) is not None}
    storage = _storage(args)
    result = tune_temples(args.trials, seeds=args.seeds, sizes=sizes, seed=args.seed, storage=storage,
                          study_name=args.study_name, fixed=fixed)
    if args.json:
        json.dump({**result.as_dict(), "storage": storage}, sys.stdout, indent=1)
        print()
        return 0
    where = storage or "memory"
    print(f"study {result.study!r} in {where}: {result.new_trials} new trial(s), {result.trials} in all; "
          f"best trial {result.best_trial}")
    print(f"best options: {options_words(result.best_options)}")
    temples = result.best.temples
    print(f"targets met, best options ({temples} temples: seeds 0..{args.seeds - 1} at {', '.join(sizes)}), "
          f"score {result.best.score:.0%}:")
    print("\n".join(result.best.lines()))
    print(f"the same seeds with the generator's defaults{' and the fixed options' if fixed else ''}, "
          f"score {result.defaults.score:.0%}:")
    print("\n".join(result.defaults.lines()))
    return 0

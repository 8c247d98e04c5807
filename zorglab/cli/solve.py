"""``zorglab solve FILE``: is the level winnable, how, and how hard was it to tell (FR-46)."""

from __future__ import annotations

import argparse
import json
import sys

from zorglab.cli import signals
from zorglab.cli.options import add_memory, add_quiet, command_started, seconds, shows_progress
from zorglab.core.budget import Budget
from zorglab.engine.game import setup_solution
from zorglab.errors import OptionError
from zorglab.level import load_level
from zorglab.search.decide import decide_solvable
from zorglab.search.level import solve_setup
from zorglab.search.solver import UNKNOWN


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("solve", help="decide whether a level can be won (exact search)",
                       description="Search every legal cast sequence. With --solution N, use that solution's "
                                   "choices and layout (its casts are ignored); without, search layouts too.")
    p.add_argument("file", help="a level file (.toml)")
    p.add_argument("--solution", type=int, default=None, metavar="N", help="take choices and layout from solution N (counted from 0: 0 is the first [[solutions]] entry)")
    p.add_argument("--budget", type=int, default=2_000_000, metavar="STATES", help="state budget (default 2000000)")
    p.add_argument("--seconds", type=seconds, default=None, metavar="S",
                   help="safety stop in CPU seconds for the whole command (loading, layout search and --analyse "
                        "included)")
    add_memory(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    add_quiet(p)            # a progress bar on a terminal; --quiet for none, --progress even off one
    p.add_argument("--analyse", action="store_true",
                   help="also report fewest spells, necessary spells and winning cast lists (with --solution)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Solve, then exit 130 (143 for SIGTERM) when a signal cut the search short (the partial verdict is
    still printed: the search catches the interruption, and every budget heeds it from then on)."""
    if args.budget <= 0:
        raise OptionError(f"--budget {args.budget}: give a positive number of states")
    code = _solve(args)
    if signals.received() is not None:
        print(f"{signals.words()}: the verdict above is partial", file=sys.stderr)
        return signals.exit_status()
    return code


def _solve(args: argparse.Namespace) -> int:
    level = load_level(args.file)
    # one safety stop for everything, from the command's start (loading included); states per search
    budget = Budget(None, seconds=args.seconds, started=command_started())
    if args.solution is None:
        from zorglab.search.layouts import solve_layouts
        summary = solve_layouts(level, max_states=args.budget, budget=budget)
        if args.json:
            json.dump(summary.to_json(), sys.stdout, indent=2)
            print()
        else:
            print(summary.describe())
        return 0
    if not 0 <= args.solution < len(level.solutions):
        raise OptionError(f"--solution {args.solution}: {args.file} has solutions 0..{len(level.solutions) - 1}")
    verdict = solve_setup(setup_solution(level, args.solution, decide=decide_solvable), max_states=args.budget,
                          progress=shows_progress(args), budget=budget, why=True)
    analysis = None
    if args.analyse:
        from zorglab.search.analysis import analyse
        analysis = analyse(setup_solution(level, args.solution, decide=decide_solvable), budget=args.budget,
                           within=budget).to_json()
    if args.json:
        data = {"level": level.id, **verdict.to_json()}
        if analysis is not None:
            data["analysis"] = analysis
        json.dump(data, sys.stdout, indent=2)
        print()
        return 0
    spent = ": budget spent" if verdict.verdict == UNKNOWN else ""
    print(f"{level.id}: {verdict.verdict}{spent} ({verdict.states} states, {verdict.seconds:.3f} s)")
    for name, world_verdict in verdict.worlds:
        print(f"  world {name}: {world_verdict.verdict} — {world_verdict.reason}")
        if world_verdict.casts:
            print("    witness: " + " ".join(f'--cast "{c}"' for c in world_verdict.cast_texts()))
    if verdict.why is not None:
        print(f"  why: {verdict.why.said(1 + len(level.mirrors))}")
        if verdict.why.casts:
            print("    closest miss: " + " ".join(f'--cast "{c}"' for c in verdict.why.cast_texts()))
    if analysis is not None:
        print(f"  fewest spells: {analysis['fewest_spells']}; necessary: {', '.join(analysis['necessary']) or 'none'}; "
              f"winning cast lists: {analysis['winning_cast_lists']}{'+' if analysis['cap_reached'] else ''}"
              + (f" (not finished: {analysis['stopped']})" if analysis["stopped"] else ""))
    return 0

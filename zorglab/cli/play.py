"""``zorglab play FILE``: run a level's solution (or your casts) to the end and say how it ended."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from zorglab.core.budget import Budget
from zorglab.engine.game import play, setup_solution
from zorglab.cli.board import legend, render
from zorglab.cli.run_json import run_json
from zorglab.engine.run import run_world
from zorglab.cli.solution_checks import solution_problems
from zorglab.errors import LayoutError, OptionError, PlanningLimitError
from zorglab.level import load_level, parse_cast
from zorglab.core.printer import format_cast
from zorglab.search.decide import decide_solvable


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("play", help="run a level's solution to the end",
                       description="Run solution N of a level (its choices, layout and casts) and print the outcome.")
    p.add_argument("file", help="a level file (.toml)")
    p.add_argument("--solution", type=int, default=0, metavar="N", help="which [[solutions]] entry, counted from 0 as everywhere: 0 is the first (default 0)")
    p.add_argument("--no-casts", action="store_true", help="drop the solution's casts")
    p.add_argument("--cast", action="append", default=[], metavar='"@T SPELL ..."',
                   help="add a cast in level notation (repeatable)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--trace", action="store_true",
                   help="print the board at every casting point, each cast where it happens, and the end")
    p.add_argument("--seconds", type=float, default=None, metavar="S",
                   help="safety stop in CPU seconds for the whole play, building the worlds included (a run "
                        "stopped by it says so: not finished, no outcome)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    seconds = getattr(args, "seconds", None)
    if seconds is not None and not 0 < seconds < float("inf"):
        raise OptionError(f"--seconds {seconds:g}: give a positive, finite number of seconds")
    level = load_level(args.file)
    if not level.solutions:
        raise OptionError(f"{args.file}: the level has no [[solutions]] to play")
    if not 0 <= args.solution < len(level.solutions):
        raise OptionError(f"--solution {args.solution}: {args.file} has solutions 0..{len(level.solutions) - 1}")
    solution = level.solutions[args.solution]
    faults = solution_problems(args.file, level, [args.solution])      # located at the map, not bare violations
    if faults:
        raise LayoutError(faults)
    casts = [] if args.no_casts else list(solution.casts)
    casts += [parse_cast(text, level, origin=f"--cast {text!r}") for text in args.cast]
    casts.sort(key=lambda c: c.tick)
    # the actions are the run's work (its figures: the level's action cap); the seconds only a safety stop
    budget = None if seconds is None else Budget(None, seconds=seconds, unit="actions")
    game = setup_solution(level, solution, decide=decide_solvable)
    mirror_casts = {} if args.no_casts else dict(solution.mirror_casts)
    try:
        result = play(game, casts, mirror_casts, budget=budget)
    except PlanningLimitError as error:     # a bound of the planner, not a fault of the level
        print(f"{args.file}: play stopped, no outcome: {error} (the planner's bound)", file=sys.stderr)
        return 2
    if args.json:
        json.dump(run_json(result), sys.stdout, indent=2, default=str)
        print()
        return 0
    if args.trace:
        _trace(result.main_world, casts, None if seconds is None else Budget(None, seconds=seconds, unit="actions"))
    for run_ in result.worlds:
        world, world_run = run_.world, run_.result
        for refusal in world_run.refused:
            where = f"{refusal.cast.location}: " if refusal.cast.location is not None else ""
            print(f"{where}refused: {format_cast(refusal.cast)}: {refusal.reason}")
        for cast in world_run.unreached:
            print(f"not cast: {format_cast(cast)}: the run never reached tick {cast.tick}")
        heroes = ", ".join(f"{world.heroes[i].label} {'dead at ' + str(h.died_at) if not h.alive else 'alive'}"
                           f" (hp {h.hp})" for i, h in enumerate(world_run.state.heroes))
        ended = "stopped (no outcome)" if world_run.stopped else run_.outcome.value
        print(f"world {world.name}: {ended} after {world_run.ticks} actions — {heroes}")
        if world_run.stall_reason():
            print(f"  {'stopped' if world_run.stopped else 'stalled'}: {world_run.stall_reason()}")
        for c in run_.constraints:
            print(f"  constraint {c.describe()}")
        for c in run_.bonuses:
            print(f"  bonus {c.describe()}")
    # a judged world is decided by the exact search, not played (ZR-28): its solvable(...) constraints
    for (name, _), c in zip(game.judged_conditions(), result.judged):
        print(f"world {name}: judged, not played — constraint {c.describe()}")
    if result.stopped:
        print(f"{level.id}: stopped by the safety stop (--seconds {seconds:g}): not finished, no outcome")
        return 0
    print(f"{level.id}: {result.outcome.value}")
    return 0


def _trace(world: Any, casts: list[Any], budget: Budget | None) -> None:
    """The main world's run, board by board: each cast printed under the board it is cast on, and the
    board after the last action (a cast that wins ends the run with no casting point after it); under
    ``--seconds`` the trace has its own safety stop, as the run had."""
    traced = run_world(world, casts, keep_states=True, budget=budget)
    by_tick: dict[int, list[Any]] = {}
    for cast in casts:
        by_tick.setdefault(cast.tick, []).append(cast)
    print(legend(world))
    print()
    for state in traced.states:
        print(render(world, state, labels=True))
        for cast in by_tick.get(state.tick, ()):
            refused = next((r.reason for r in traced.refused if r.cast == cast), None)
            print(f">> cast {format_cast(cast)} here" + (f": refused, {refused}" if refused else ""))
        print()
    if traced.stopped:
        print(f">> the trace stopped here: {traced.stopped}")
    elif not traced.states or traced.state is not traced.states[-1]:
        print(">> the end:")
        print(render(world, traced.state, labels=True))
        print()

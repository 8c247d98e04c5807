"""Sweeps: generate many temples and tabulate them, one row per temple.

:func:`sweep_rows` is pure apart from the ``seconds`` column (wall time of generating and
verifying one temple), so a distributed sweep can map :func:`sweep_row` over seeds.
"""

from __future__ import annotations

import time
from typing import Any, Callable, Iterable, Mapping

from zorglab.seeding import Seed
from zorglab.temples.grants import room_grants
from zorglab.temples.model import FIGHT_TYPES
from zorglab.temples.options import SIZES, check_options

COLUMNS = (
    "seed", "size", "floors", "rows", "cols", "rooms", "combat_share", "critical_path", "locks",
    "side_locks", "keys", "loops", "retries", "solver_states", "seconds", "solvable", "violations",
)


def sweep_row(
    seed: Seed,
    size: str,
    options: Mapping[str, Any] | None = None,
    *,
    lint: bool = False,
    clock: Callable[[], float] = time.perf_counter,
) -> dict[str, Any]:
    """One temple's row: shape, combat share, critical path, locks and keys, solver effort."""
    from zorglab.temples.generator import generate_with_report
    from zorglab.temples.lint import lint_temple

    opts = dict(options or {})
    opts["size"] = size
    started = clock()
    report = generate_with_report(seed, opts)
    seconds = clock() - started
    temple, solution = report.temple, report.solution
    graph = solution.graph
    types = [temple.room_at(p).type for p in graph.places]
    fights = sum(1 for t in types if t in FIGHT_TYPES)
    route = solution.critical
    row: dict[str, Any] = {
        "seed": seed,
        "size": size,
        "floors": len(temple.floors),
        "rows": temple.floors[0].rows,
        "cols": temple.floors[0].cols,
        "rooms": graph.size,
        "combat_share": round(fights / graph.size, 4),
        "critical_path": len(route) if route else 0,
        "locks": len(graph.doors),
        "side_locks": report.side_locks,
        "keys": sum(room_grants(temple.room_at(p)).small_keys for p in graph.places),
        "loops": report.loops,
        "retries": report.retries,
        "solver_states": solution.states,
        "seconds": round(seconds, 6),
        "solvable": solution.ok,
        "violations": len(lint_temple(temple, graph=graph, solution=solution).violations) if lint else None,
    }
    return row


def sweep_rows(
    seeds: Iterable[Seed] | int,
    sizes: Iterable[str] = SIZES,
    options: Mapping[str, Any] | None = None,
    *,
    lint: bool = False,
) -> list[dict[str, Any]]:
    """A row per (seed, size), seeds outermost; ``seeds`` may be a count (0..n-1)."""
    return [sweep_row(seed, size, options, lint=lint) for seed, size in sweep_plan(seeds, sizes, options)]


def sweep_plan(
    seeds: Iterable[Seed] | int, sizes: Iterable[str] = SIZES, options: Mapping[str, Any] | None = None
) -> list[tuple[Seed, str]]:
    """The (seed, size) pairs a sweep visits, options checked before any work."""
    sizes = tuple(sizes)
    for size in sizes:
        check_options({**dict(options or {}), "size": size})
    seed_list = list(range(seeds)) if isinstance(seeds, int) else list(seeds)
    return [(seed, size) for seed in seed_list for size in sizes]

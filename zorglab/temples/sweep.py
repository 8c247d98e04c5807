"""Sweeps: generate many temples and tabulate them, one row per temple.

:func:`sweep_rows` is pure apart from the ``seconds`` column (wall time of generating and
verifying one temple), so a distributed sweep can map :func:`sweep_row` over seeds.
"""

from __future__ import annotations

import time
from typing import Any, Callable, Iterable, Mapping

from zorglab.errors import OptionError
from zorglab.seeding import Seed
from zorglab.temples.grants import room_grants
from zorglab.temples.model import FIGHT_TYPES
from zorglab.temples.options import SIZES, check_options

# The options a sweep asked for, one column each (empty: the seed decides), so a grid's rows say
# which cell of the grid they belong to; then what came out.
OPTION_COLUMNS = ("asked_floors", "asked_locks", "asked_element", "theme", "gate")
COLUMNS = (
    "seed", "size", *OPTION_COLUMNS, "element", "floors", "rows", "cols", "rooms", "rooms_per_floor",
    "combat_share", "loot_share", "trap_share", "puzzle_share", "critical_path", "locks", "side_locks", "keys",
    "loops", "retries", "solver_states", "seconds", "solvable", "violations",
)


def option_columns(options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The options of a sweep as row columns: what was asked (None: the seed decides)."""
    checked = check_options({**dict(options or {}), "size": "medium"})
    return {"asked_floors": checked.floors, "asked_locks": checked.locks, "asked_element": checked.element,
            "theme": checked.theme, "gate": checked.gate}


def _share(types: list[str], wanted: frozenset[str] | set[str], rooms: int) -> float:
    return round(sum(1 for t in types if t in wanted) / rooms, 4) if rooms else 0.0


def sweep_row(
    seed: Seed,
    size: str,
    options: Mapping[str, Any] | None = None,
    *,
    lint: bool = False,
    clock: Callable[[], float] = time.perf_counter,
) -> dict[str, Any]:
    """One temple's row: the options asked, shape, dressing shares, critical path, locks (on the
    critical path and off it, apart) and keys, solver effort."""
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
    route = solution.critical
    rooms = graph.size
    row: dict[str, Any] = {
        "seed": seed,
        "size": size,
        **option_columns(options),
        "element": temple.element,
        "floors": len(temple.floors),
        "rows": temple.floors[0].rows,
        "cols": temple.floors[0].cols,
        "rooms": rooms,
        "rooms_per_floor": round(rooms / len(temple.floors), 2),
        "combat_share": _share(types, FIGHT_TYPES, rooms),
        "loot_share": round(sum(1 for p in graph.places if _consumable(temple.room_at(p))) / rooms, 4) if rooms else 0.0,
        "trap_share": _share(types, {"trap"}, rooms),
        "puzzle_share": _share(types, {"puzzle"}, rooms),
        "critical_path": len(route) if route else 0,
        "locks": report.critical_locks,          # what the ``locks`` option asks for
        "side_locks": report.side_locks,         # locks guarding side rewards, counted apart
        "keys": sum(room_grants(temple.room_at(p)).small_keys for p in graph.places),
        "loops": report.loops,
        "retries": report.retries,
        "solver_states": solution.states,
        "seconds": round(seconds, 6),
        "solvable": solution.ok,
        "violations": len(lint_temple(temple, graph=graph, solution=solution).violations) if lint else None,
    }
    return row


def _consumable(room: Any) -> bool:
    """A loot room whose chest holds consumables (§3 step 6's "10 % loot"), not a key or dungeon item."""
    content = room.content or {}
    return room.type == "loot" and content.get("chest") == "consumable"


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


GRID_OPTIONS = ("floors", "locks", "element", "theme", "gate")


def grid_column(option: str) -> str:
    """The row column recording what a grid asked of ``option`` (``floors`` → ``asked_floors``)."""
    asked = f"asked_{option}"
    return asked if asked in OPTION_COLUMNS else option


def parse_grid(texts: Iterable[str]) -> dict[str, tuple[Any, ...]]:
    """``["floors=1,2,3", "locks=0..3", "element=fire,ice"]`` as ``{"floors": (1, 2, 3), ...}``.

    A value list is comma-separated; ``A..B`` is every whole number from A to B; ``seed`` (or
    ``none``) lets the seed decide. Every value is checked as an option before any work."""
    grid: dict[str, tuple[Any, ...]] = {}
    for text in texts:
        name, sep, values = text.partition("=")
        name = name.strip()
        if not sep or not values.strip():
            raise OptionError(f"--grid {text!r}: write NAME=V1,V2,... (e.g. floors=1,2,3 or locks=0..3)")
        if name not in GRID_OPTIONS:
            raise OptionError(f"--grid {text!r}: {name!r} is not an option a grid varies "
                              f"(options: {', '.join(GRID_OPTIONS)}; sizes go in --sizes)")
        if name in grid:
            raise OptionError(f"--grid {text!r}: {name} is given twice")
        parsed: list[Any] = []
        for part in (p.strip() for p in values.split(",")):
            parsed += _grid_values(name, part, text)
        for value in parsed:
            if value is not None:
                check_options({name: value})
        grid[name] = tuple(dict.fromkeys(parsed))
    return grid


def _grid_values(name: str, part: str, text: str) -> list[Any]:
    if part.lower() in ("seed", "none"):
        return [None]
    if name in ("floors", "locks"):
        low, dots, high = part.partition("..")
        try:
            return list(range(int(low), int(high) + 1)) if dots else [int(part)]
        except ValueError:
            raise OptionError(f"--grid {text!r}: {part!r} is not a whole number or a range A..B") from None
    if name == "gate":
        if part.lower() not in ("true", "false", "yes", "no"):
            raise OptionError(f"--grid {text!r}: gate is true or false, not {part!r}")
        return [part.lower() in ("true", "yes")]
    return [part]


def grid_options(grid: Mapping[str, Iterable[Any]], base: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
    """Every combination of the grid's values over ``base`` options, in the grid's order."""
    combos: list[dict[str, Any]] = [dict(base or {})]
    for name, values in grid.items():
        combos = [{**combo, name: value} for combo in combos for value in values]
    return [{k: v for k, v in combo.items() if v is not None} for combo in combos]


def grid_plan(seeds: Iterable[Seed] | int, sizes: Iterable[str] = SIZES,
              grid: Mapping[str, Iterable[Any]] | None = None,
              options: Mapping[str, Any] | None = None) -> list[tuple[Seed, str, dict[str, Any]]]:
    """The (seed, size, options) a grid sweep visits: each grid cell, then seeds, then sizes."""
    out: list[tuple[Seed, str, dict[str, Any]]] = []
    for combo in grid_options(grid or {}, options):
        out += [(seed, size, combo) for seed, size in sweep_plan(seeds, sizes, combo)]
    return out

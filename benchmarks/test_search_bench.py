"""Solvability speed (issue 5): each shipped level decided, states per second, pruning's effect,
and the heroes x spells scaling table (for docs/performance.md).

Their tables hold timings, so they are written to ``reports/bench/`` (ignored by git): ``make
bench`` leaves ``git status`` clean. ``ZORGLAB_UPDATE_REPORTS=1 make bench`` writes the tracked
``reports/`` copies the docs cite (issue 23)."""

from __future__ import annotations

import csv
import os
import statistics
from pathlib import Path

import pytest

from zorglab.engine.game import setup_solution
from zorglab.level import level_files, load_level
from zorglab.search.family import family_world, scaling_rows
from zorglab.search.level import solve_setup
from zorglab.search.solver import Search

ROOT = Path(__file__).resolve().parent.parent
REPORTS = ROOT / "reports"
LEVELS = sorted(level_files([ROOT / "levels"]))


def _write(name: str, rows: list[dict]) -> None:
    folder = REPORTS if os.environ.get("ZORGLAB_UPDATE_REPORTS") == "1" else REPORTS / "bench"
    folder.mkdir(exist_ok=True)
    print(f"\n{name}: {folder / name}")
    with open(folder / name, "w", newline="") as out:
        writer = csv.DictWriter(out, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


@pytest.mark.parametrize("path", LEVELS, ids=lambda p: Path(p).stem)
def test_decide_level(benchmark, path):
    level = load_level(path)
    game = setup_solution(level, 0)
    verdict = benchmark.pedantic(lambda: solve_setup(game, max_states=2_000_000), rounds=3, iterations=1)
    benchmark.extra_info["verdict"] = verdict.verdict
    benchmark.extra_info["states"] = verdict.states
    assert verdict.verdict != "unknown"


def test_levels_summary():
    """Median decision time over the pack, and with/without pruning (no benchmark fixture: one pass)."""
    import time
    rows = []
    for path in LEVELS:
        level = load_level(path)
        game = setup_solution(level, 0)
        t0 = time.perf_counter()
        pruned = solve_setup(game, max_states=2_000_000)
        seconds = time.perf_counter() - t0
        plain = solve_setup(setup_solution(level, 0), max_states=2_000_000, prune=False)
        rows.append({"level": level.id, "verdict": pruned.verdict, "seconds": round(seconds, 4),
                     "states": pruned.states, "generated": pruned.generated,
                     "states_without_pruning": plain.states,
                     "states_per_second": round(pruned.states / seconds) if seconds else None})
    _write("search-levels.csv", rows)
    median = statistics.median(r["seconds"] for r in rows)
    total = sum(r["seconds"] for r in rows)
    print(f"\nlevels decided: {len(rows)}; median {median:.3f} s; max {max(r['seconds'] for r in rows):.3f} s; "
          f"whole pack (cold plans) {sum(r['states'] for r in rows) / total:,.0f} expanded/s, "
          f"{sum(r['generated'] for r in rows) / total:,.0f} generated/s")
    assert all(r["verdict"] != "unknown" for r in rows)


STATES = 10_000


def test_states_per_second(benchmark):
    """A workload the search cannot decide within its budget, so every round expands the same
    ``STATES`` states: 6 heroes x 6 spells under the difficulty measure's search (the reductions
    of FR-47..FR-49 only, so a later cut does not shrink the workload). A fresh world each round:
    the plan graphs it builds are part of the search's time."""
    def run():
        return Search(family_world(6, 6), reference=True).run(max_states=STATES)
    verdict = benchmark.pedantic(run, rounds=3, iterations=1)
    benchmark.extra_info["states"] = verdict.states
    benchmark.extra_info["states_per_second"] = round(verdict.states / benchmark.stats.stats.min)
    benchmark.extra_info["generated_per_second"] = round(verdict.generated / benchmark.stats.stats.min)
    assert verdict.verdict == "unknown" and verdict.states == STATES     # the whole budget was searched
    assert verdict.reason == f"state budget of {STATES} spent"


def test_scaling_table():
    """Issue 16: every cell of heroes 1..6 x spells 1..6 with the final search (10 s, each cell in a
    fresh process for its peak memory) and the states each earlier stage of the reductions expanded."""
    rows = scaling_rows(6, 6)
    _write("search-scaling.csv", rows)
    for row in rows:
        print({k: v for k, v in row.items() if k != "witness"})
    decided = [r for r in rows if r["verdict"] != "unknown"]
    print(f"\ndecided {len(decided)} of {len(rows)} cells; slowest {max(r['cpu_seconds'] for r in rows):.1f} s CPU; "
          f"peak {max(r['peak_mb'] for r in rows)} MB")
    for heroes, spells, axis in _growth(rows):
        ratio = _ratio(rows, heroes, spells, axis)
        if ratio is not None:
            print(f"states x{ratio} adding a {axis} to {heroes} heroes x {spells} spells")
    assert all(r["replays"] for r in rows if r["verdict"] == "solvable"), "every witness replays to a win"
    for r in rows:      # where the search as it was decided, the verdict is the same
        if r["before_verdict"] != "unknown":
            assert r["verdict"] == r["before_verdict"], r


def _growth(rows):
    return [(r["heroes"], r["spells"], axis) for r in rows for axis in ("hero", "spell")]


def _ratio(rows, heroes, spells, axis):
    cell = {(r["heroes"], r["spells"]): r for r in rows}
    nxt = cell.get((heroes + 1, spells) if axis == "hero" else (heroes, spells + 1))
    here = cell[(heroes, spells)]
    if nxt is None or here["verdict"] == "unknown" or nxt["verdict"] == "unknown" or not here["states"]:
        return None
    return round(nxt["states"] / here["states"], 2)

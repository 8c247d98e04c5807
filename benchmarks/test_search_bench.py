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
from plain_dfs import plain_cell, plain_dfs
from targets import (GENERATED_PER_SECOND, LEVEL_MEDIAN_SECONDS, SPEED_UP, VALIDATE_SECONDS, at_least, at_most,
                     family_missed, grids_missed, mixed_missed)
from zorglab.search.decide import deciding
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
    missed = at_most("median seconds to decide a shipped level", median, LEVEL_MEDIAN_SECONDS)
    assert not missed, missed


STATES = 10_000


def test_states_per_second(benchmark):
    """A workload the search cannot decide within its budget, so every round expands the same
    ``STATES`` states: 6 heroes x 6 spells under the difficulty measure's search (the reductions
    of FR-47..FR-49 only, so a later cut does not shrink the workload). A fresh world each round:
    the plan graphs it builds are part of the search's time. Fails under 50,000 states generated
    per CPU second (the best round's process time)."""
    import time
    cpu: list[float] = []

    def run():
        start = time.process_time()
        found = Search(family_world(6, 6), reference=True).run(max_states=STATES)
        cpu.append(time.process_time() - start)
        return found
    verdict = benchmark.pedantic(run, rounds=3, iterations=1)
    benchmark.extra_info["states"] = verdict.states
    benchmark.extra_info["states_per_second"] = round(verdict.states / benchmark.stats.stats.min)
    benchmark.extra_info["generated_per_second"] = round(verdict.generated / benchmark.stats.stats.min)
    per_cpu_second = round(verdict.generated / min(cpu))
    benchmark.extra_info["generated_per_cpu_second"] = per_cpu_second
    assert verdict.verdict == "unknown" and verdict.states == STATES     # the whole budget was searched
    assert verdict.reason == f"state budget of {STATES} spent"
    missed = at_least("search states generated per CPU second", per_cpu_second, GENERATED_PER_SECOND)
    assert not missed, missed


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


def _family_rows(name: str, **options) -> list[dict]:
    rows = scaling_rows(stages=False, reference=plain_cell, reference_seconds=30.0, **options)
    _write(name, rows)
    for row in rows:
        print({k: v for k, v in row.items() if k != "witness"})
    assert all(r["replays"] for r in rows if r["verdict"] == "solvable"), "every witness replays to a win"
    for r in rows:
        if r["dfs_verdict"] != "unknown" and r["verdict"] != "unknown":
            assert r["verdict"] == r["dfs_verdict"], r
    return rows


def test_family_10x10_against_plain_dfs():
    """Issue 41: the Warrior/Elf family, heroes 1..10 x spells 1..10 (Move the ninth spell, a second
    Teleport the tenth), the search (60 CPU s a cell) and the plain depth-first search (30 CPU s)
    side by side, each cell in a fresh process. Fails when a target is missed (``targets.family_missed``):
    every cell up to 8 x 8 within 5 CPU s, 8 x 9 within 10 s, 10 x 10 within 60 s, every unsolvable
    cell with at most 4 spells at 0 states (the static check), every search within 1 GB.
    Expensive (docs/performance.md, "Running the bench whole"): run it alone, nice'd."""
    rows = _family_rows("search-family-10x10.csv", max_heroes=10, max_spells=10, max_seconds=60.0)
    missed = family_missed(rows)
    assert not missed, "targets missed:\n" + "\n".join(missed)


def test_mixed_family_8x8_against_plain_dfs():
    """Issue 41: the mixed family (Warrior, Elf, Gunner, Mechanic, Princess; every type from 5
    heroes), heroes 1..8 x spells 1..8, beside the plain depth-first search. Fails when mixed 6 x 6
    takes over 10 CPU s or any search over 1 GB (``targets.mixed_missed``)."""
    rows = _family_rows("search-family-mixed-8x8.csv", max_heroes=8, max_spells=8, kind="mixed", max_seconds=60.0)
    missed = mixed_missed(rows)
    assert not missed, "targets missed:\n" + "\n".join(missed)


@pytest.mark.parametrize("rooms", [11, 14])
def test_bigger_grids(rooms):
    """Issue 41: the family on 11 and 14 rooms: Warrior/Elf 8 x 8 and 10 x 10, mixed 6 x 6 (60 CPU s
    each), beside the plain depth-first search. Fails when Warrior/Elf 10 x 10 is not decided within
    60 CPU s or a search passes 1 GB (``targets.grids_missed``; 8 x 8 and mixed 6 x 6 have no time
    target here)."""
    rows = []
    for kind, cells in (("we", [(8, 8), (10, 10)]), ("mixed", [(6, 6)])):
        rows += scaling_rows(stages=False, reference=plain_cell, reference_seconds=30.0, kind=kind, rooms=rooms,
                             cells=cells, max_seconds=60.0)
    _write(f"search-family-r{rooms}.csv", rows)
    for row in rows:
        print({k: v for k, v in row.items() if k != "witness"})
    assert all(r["replays"] for r in rows if r["verdict"] == "solvable"), "every witness replays to a win"
    missed = grids_missed(rows)
    assert not missed, "targets missed:\n" + "\n".join(missed)


PARALLEL_CELLS = [("mixed", 5, 5, 8), ("mixed", 6, 5, 8)]   # cells over 10 CPU s serial (issue 41), both unsolvable:
#   mixed 5 x 5 ~28 CPU s and ~480,000 states, mixed 6 x 5 ~17 CPU s (session 15). No Warrior/Elf cell the search
#   decides takes 10 CPU s any more (7 x 8 on 11 rooms, the cell of sessions 13-14, 5.8 s since session 15)
QUIET_CLUSTER = {"distributed.worker.profile.enabled": False,        # no sampling profiler in the workers (every
                 "distributed.admin.system-monitor.interval": "2s",  # 10 ms), the monitors and the event loop's tick
                 "distributed.worker.memory.monitor-interval": "2s",  # looked at less often: on mixed 5 x 5 the
                 "distributed.admin.tick.interval": "1s"}            # coordinator 4.6 CPU s against 8.7, each worker -6 %
#   The parallel proof is the frontier (search.frontier). The sharded proof and the dealt walks, the designs before
#   it, are tested for their answers (tests/search) but no longer timed here: under 1x on Warrior/Elf 7 x 8
#   (sessions 13-14) and hours on mixed 5 x 5 (docs/performance.md, "Running the bench whole").


@pytest.mark.parametrize("cell", PARALLEL_CELLS, ids=[f"frontier-{c[0]}{c[1]}x{c[2]}r{c[3]}" for c in PARALLEL_CELLS])
def test_parallel_proof_pays(cell):
    """Issue 41 item 4: the parallel proof (``search.frontier``: the serial search's stack cut into parts
    dealt to workers as they free up) on a 2-worker dask LocalCluster (one process a worker) against
    the serial search (``family.decide_cell``, a fresh process): the same verdict, the serial search's
    own witness, and the parallel run's wall time at least 1.6 times shorter than the serial CPU
    seconds. Also writes the critical path (the busiest worker's CPU s),
    which contention slows less than wall time, and the serial run's wall time (at its own moment's
    load); the load average is written beside."""
    import importlib
    import time

    import dask
    import distributed       # installed with the bench (`.[dev]`): a missing dask fails here, never skips the target
    from zorglab.engine.run import run_world
    from zorglab.search.family import FINAL, _isolated, decide_cell
    from zorglab.search.frontier import frontier_solve
    from zorglab.search.parallel import FamilySource

    kind, heroes, spells, rooms = cell
    load = os.getloadavg()[0]
    serial = _isolated(decide_cell, heroes, spells, 5_000_000, 120.0, FINAL, kind, rooms)
    with dask.config.set(QUIET_CLUSTER), distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                                               dashboard_address="127.0.0.1:0") as cluster, \
            distributed.Client(cluster) as client:
        for module in ("zorglab.search.family", "zorglab.search.pipeline"):
            client.run(importlib.import_module, module)     # the code loaded, as the serial run's is before its clock
        start, coordinator = time.perf_counter(), time.process_time()
        source = FamilySource(heroes, spells, kind, rooms)
        run = frontier_solve(source, workers=2, client=client, max_states=5_000_000, max_seconds=600.0)
        verdict, states, cpu = run.verdict, run.verdict.states, run.cpu
        wall, coordinator = time.perf_counter() - start, time.process_time() - coordinator
    row = {"engine": "frontier", "kind": kind, "rooms": rooms, "heroes": heroes, "spells": spells,
           "verdict": verdict.verdict, "serial_verdict": serial["verdict"], "serial_cpu_seconds": serial["cpu_seconds"],
           "serial_wall_seconds": serial["seconds"], "serial_states": serial["states"], "states": states, "rounds": run.rounds,
           "wall_seconds": round(wall, 3), "critical_cpu_seconds": round(run.critical, 3),
           "worker_cpu_seconds": " ".join(f"{c:.3f}" for c in cpu),
           "coordinator_cpu_seconds": round(coordinator, 3),
           "speed_up": round(serial["cpu_seconds"] / wall, 2),
           "speed_up_critical": round(serial["cpu_seconds"] / max(run.critical, 0.001), 2),
           "load_before": round(load, 2), "load_after": round(os.getloadavg()[0], 2)}
    print(row)
    _write(f"search-parallel-frontier-{kind}-{heroes}x{spells}-r{rooms}.csv", [row])
    assert verdict.verdict == serial["verdict"] != "unknown"
    if verdict.verdict == "solvable":
        world = family_world(heroes, spells, kind, rooms)
        assert run_world(world, verdict.casts, strict=True).outcome.value == "win"
        assert " ".join(verdict.cast_texts()) == serial["witness"], "the serial search's own witness"
    assert serial["cpu_seconds"] > 10.0, f"the cell takes {serial['cpu_seconds']} CPU s serial: pick one over 10"
    missed = at_least(f"parallel proof (frontier) on 2 workers, serial CPU s / wall s ({wall:.1f} s wall against "
                      f"{serial['cpu_seconds']} CPU s serial)", row["speed_up"], SPEED_UP)
    assert not missed, missed


def test_pack_against_plain_dfs():
    """Issue 27: each pack level's solution-0 layout decided by the search and by the plain
    depth-first search (each world with its constraints), CPU s side by side: the best of three
    runs each, taken in turn, since single levels take 1-50 ms and the first run of either pays for
    what the other then finds warm."""
    import time

    def timed(run):
        start = time.process_time()
        result = run()
        return result, time.process_time() - start

    def search(level):
        return solve_setup(setup_solution(level, 0), max_states=2_000_000)

    def plain_search(level):
        game = deciding(setup_solution(level, 0))       # solvable(...) constraints decided by the search
        return [plain_dfs(game.world(name), wins=lambda s, n=name: game.wins(n, s), max_seconds=30.0)
                for name in game.played_worlds]

    rows = []
    for path in LEVELS:
        level = load_level(path)
        ours_cpu, plain_cpu = [], []
        for _ in range(3):
            ours, cpu = timed(lambda: search(level))
            ours_cpu.append(cpu)
            plain, cpu = timed(lambda: plain_search(level))
            plain_cpu.append(cpu)
        c0, c1, c2 = 0.0, min(ours_cpu), min(ours_cpu) + min(plain_cpu)
        verdicts = {p["verdict"] for p in plain}
        dfs = "unsolvable" if "unsolvable" in verdicts else "unknown" if "unknown" in verdicts else "solvable"
        rows.append({"level": level.id, "verdict": ours.verdict, "cpu_seconds": round(c1 - c0, 4),
                     "states": ours.states, "dfs_verdict": dfs, "dfs_cpu_seconds": round(c2 - c1, 4),
                     "dfs_states": sum(p["states"] for p in plain),
                     "ratio_to_dfs": round((c1 - c0) / max(c2 - c1, 0.001), 2)})
    _write("search-pack-vs-dfs.csv", rows)
    worst = max(rows, key=lambda r: r["ratio_to_dfs"])
    print(f"\npack: {len(rows)} levels, search {sum(r['cpu_seconds'] for r in rows):.2f} CPU s, plain DFS "
          f"{sum(r['dfs_cpu_seconds'] for r in rows):.2f} CPU s; worst ratio {worst['ratio_to_dfs']} ({worst['level']})")
    for r in rows:
        assert r["verdict"] == r["dfs_verdict"], r


def test_start_up():
    """Issue 27: CPU seconds (user + system, the best of five) of a bare ``python -c pass``,
    ``zorglab --help`` and ``zorglab validate`` of one level, each a fresh process."""
    import os
    import resource
    import subprocess
    import sys

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    runs = {"python -c pass": [sys.executable, "-c", "pass"],
            "zorglab --help": [sys.executable, "-m", "zorglab.cli.main", "--help"],
            "zorglab validate (one level)": [sys.executable, "-m", "zorglab.cli.main", "validate",
                                             str(ROOT / "levels" / "app-01-first-blood.toml")]}
    rows = []
    for name, argv in runs.items():
        best = None
        for _ in range(5):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            subprocess.run(argv, env=env, check=True, capture_output=True)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            best = cpu if best is None else min(best, cpu)
        rows.append({"command": name, "cpu_seconds": round(best, 3)})
    for row in rows:
        row["times_python"] = round(row["cpu_seconds"] / max(rows[0]["cpu_seconds"], 0.001), 1)
        print(row)
    _write("start-up.csv", rows)
    missed = at_most("zorglab validate of one level, CPU s", rows[2]["cpu_seconds"], VALIDATE_SECONDS)
    assert not missed, missed


def _growth(rows):
    return [(r["heroes"], r["spells"], axis) for r in rows for axis in ("hero", "spell")]


def _ratio(rows, heroes, spells, axis):
    cell = {(r["heroes"], r["spells"]): r for r in rows}
    nxt = cell.get((heroes + 1, spells) if axis == "hero" else (heroes, spells + 1))
    here = cell[(heroes, spells)]
    if nxt is None or here["verdict"] == "unknown" or nxt["verdict"] == "unknown" or not here["states"]:
        return None
    return round(nxt["states"] / here["states"], 2)

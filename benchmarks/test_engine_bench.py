"""Simulation speed: hero actions per second on a 10-room, 5-hero level (issue 3).

``cold`` builds a fresh World each round (plans computed from scratch); ``warm`` reuses one
World, so plans come from the per-map cache as they do during a designer's session and in the
search. Both figures go into docs/performance.md. ``warm`` fails under 50,000 actions per CPU
second (the target, ``targets.ACTIONS_PER_SECOND``; the best run's process time).
"""

from __future__ import annotations

import time

from targets import ACTIONS_PER_SECOND, at_least
from worlds import bench_world

from zorglab.engine.run import run_world


def _actions_per_second(benchmark, actions: int) -> float:
    return round(actions / benchmark.stats.stats.min)


def test_simulation_warm(benchmark):
    world = bench_world()
    actions = run_world(world, record=False).ticks
    cpu: list[float] = []

    def run() -> None:
        start = time.process_time()
        run_world(world, record=False)
        cpu.append(time.process_time() - start)
    benchmark.pedantic(run, rounds=100, iterations=10, warmup_rounds=5)
    per_cpu_second = round(actions / min(cpu))
    benchmark.extra_info["actions_per_run"] = actions
    benchmark.extra_info["actions_per_second"] = _actions_per_second(benchmark, actions)
    benchmark.extra_info["actions_per_cpu_second"] = per_cpu_second
    missed = at_least("hero actions per CPU second, warm plans", per_cpu_second, ACTIONS_PER_SECOND)
    assert not missed, missed


def test_simulation_warm_with_events(benchmark):
    world = bench_world()
    actions = run_world(world).ticks
    benchmark.pedantic(lambda: run_world(world), rounds=100, iterations=10, warmup_rounds=5)
    benchmark.extra_info["actions_per_second"] = _actions_per_second(benchmark, actions)


def test_simulation_cold(benchmark):
    actions = run_world(bench_world(), record=False).ticks
    benchmark.pedantic(lambda: run_world(bench_world(), record=False), rounds=5, iterations=1)
    benchmark.extra_info["actions_per_second"] = _actions_per_second(benchmark, actions)

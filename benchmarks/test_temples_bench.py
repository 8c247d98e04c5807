"""Temples: generated-and-proved temples per second, solver states per temple by size.

Each round generates a batch of temples (worst-key-order proof included, as the generator
always does); ``extra_info`` carries temples/s and solver states so ``make bench`` and
``--benchmark-json`` show them next to the timings. On the shared box the wall clock mostly
measures the other processes, so ``temples_per_cpu_second`` (process time, best round) is
recorded too.
"""

from __future__ import annotations

import time

import pytest

from zorglab.temples import compile_temple, generate_with_report, lint_temple, solve

BATCH = 100
SIZES = ("small", "medium", "large")


@pytest.mark.parametrize("size", SIZES)
def test_generate_and_prove(benchmark, size):
    seeds = range(BATCH)

    cpu: list[float] = []

    def batch():
        start = time.process_time()
        out = [generate_with_report(seed, {"size": size}) for seed in seeds]
        cpu.append(time.process_time() - start)
        return out

    reports = benchmark.pedantic(batch, rounds=5, iterations=1, warmup_rounds=1)
    states = [r.solution.states for r in reports]
    assert all(r.solution.ok for r in reports)
    benchmark.extra_info["temples_per_second"] = round(BATCH / benchmark.stats.stats.min, 1)
    benchmark.extra_info["temples_per_cpu_second"] = round(BATCH / min(cpu), 1)
    benchmark.extra_info["solver_states_mean"] = round(sum(states) / len(states), 2)
    benchmark.extra_info["solver_states_max"] = max(states)
    benchmark.extra_info["retries"] = sum(r.retries for r in reports)


@pytest.mark.parametrize("size", SIZES)
def test_prove_only(benchmark, size):
    graphs = [compile_temple(generate_with_report(seed, {"size": size}).temple) for seed in range(BATCH)]

    def batch():
        return [solve(g) for g in graphs]

    solutions = benchmark.pedantic(batch, rounds=5, iterations=1, warmup_rounds=1)
    assert all(s.ok for s in solutions)
    benchmark.extra_info["proofs_per_second"] = round(BATCH / benchmark.stats.stats.min, 1)


def test_lint_medium(benchmark):
    reports = [generate_with_report(seed, {"size": "medium"}) for seed in range(BATCH)]

    def batch():
        return [lint_temple(r.temple) for r in reports]

    lints = benchmark.pedantic(batch, rounds=3, iterations=1, warmup_rounds=1)
    assert all(l.is_valid() for l in lints)
    benchmark.extra_info["lints_per_second"] = round(BATCH / benchmark.stats.stats.min, 1)

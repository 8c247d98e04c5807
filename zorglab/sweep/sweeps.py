"""The two sweeps: every level's difficulty row, and a temple generator sweep's rows.

Both give the same table serially and on dask (the ``seconds`` column aside), sorted by key:
levels by id, temples by (seed, size in small-medium-large order).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

import pandas as pd

from zorglab.reports.budget import Budget
from zorglab.reports.difficulty import difficulty_frame
from zorglab.reports.generator import temple_frame
from zorglab.seeding import Seed
from zorglab.sweep.runner import LostTasks, map_rows
from zorglab.sweep.tasks import level_task, temple_task
from zorglab.temples.options import SIZES


def sweep_levels(paths: Iterable[str | Path], budget: Budget = Budget(), **run: Any) -> pd.DataFrame:
    """The difficulty table of every level file under ``paths`` (``run``: see :func:`map_rows`)."""
    from zorglab.level import level_files

    files = [str(p) for p in level_files(paths)]
    return _kept(difficulty_frame, lambda: map_rows(level_task, [(f, budget) for f in files], **run))


def sweep_temples(seeds: Iterable[Seed] | int, sizes: Iterable[str] = SIZES,
                  options: Mapping[str, Any] | None = None, *, grid: Mapping[str, Iterable[Any]] | None = None,
                  lint: bool = True, **run: Any) -> pd.DataFrame:
    """One row per (grid cell, seed, size) generated temple; ``seeds`` may be a count (0..n-1).

    ``grid`` maps options to the values to try (``{"floors": (1, 2, 3), "locks": range(4)}``):
    every combination over ``options``; each row records the options it was generated with."""
    from zorglab.temples.sweep import grid_plan

    plan = grid_plan(seeds, sizes, grid, options)
    return _kept(temple_frame, lambda: map_rows(temple_task, [(seed, size, opts or None, lint)
                                                              for seed, size, opts in plan], **run))


def _kept(frame: Callable[[list[dict[str, Any]]], pd.DataFrame],
          rows: Callable[[], list[dict[str, Any]]]) -> pd.DataFrame:
    """``frame(rows())``; when tasks were lost with their workers, the table of the rows that finished
    rides on the :class:`LostTasks` raised (``.table``), for the caller to write."""
    try:
        return frame(rows())
    except LostTasks as lost:
        lost.table = frame(lost.finished())
        raise

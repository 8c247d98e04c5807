"""How much search a report may spend on one level; every answer past it is reported 'unknown'.

Budgets are counted in states, not seconds, so the same level gives the same row on any
machine and in any worker (a sweep on dask equals the serial run). Two clocks are safety caps
only: ``layout_seconds`` for the layout search and ``level_seconds`` for everything about one
level (it keeps a whole-pack report within minutes). When one strikes, what was left undone is
reported unknown and the row's ``cut_short`` (or ``layouts_complete``) says so.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from zorglab.errors import OptionError


@dataclass(frozen=True)
class Budget:
    solve_states: int = 30_000         # exact solvability of the reference setup, per world
    explore_states: int = 20_000       # the full state graph (cast lists, forced points), per world
    necessary_states: int = 10_000     # each "is this spell necessary?" search
    cast_list_cap: int = 100           # winning cast lists are counted up to this
    layout_states: int = 5_000         # each layout's solvability search
    layout_limit: int = 300            # constructions tried per choice set
    layout_seconds: float | None = 10.0
    level_seconds: float | None = 12.0

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if value is not None and value <= 0:
                raise OptionError(f"budget {f.name}={value}: give a positive number")

    def scaled(self, factor: float) -> "Budget":
        """Every state and time budget times ``factor`` (at least 1 state), for thorough reports."""
        if factor <= 0:
            raise OptionError(f"budget factor {factor}: give a positive number")
        changes: dict[str, Any] = {f.name: max(1, int(getattr(self, f.name) * factor))
                                   for f in fields(self) if f.name.endswith("_states")}
        changes.update({f.name: getattr(self, f.name) * factor for f in fields(self)
                        if f.name.endswith("_seconds") and getattr(self, f.name) is not None})
        return replace(self, **changes)


QUICK = Budget(solve_states=5_000, explore_states=3_000, necessary_states=2_000, cast_list_cap=20,
               layout_states=1_000, layout_limit=50, layout_seconds=3.0, level_seconds=5.0)

"""How much search a report may spend on one level; every answer past it is reported 'unknown'.

Budgets are counted in states, not seconds, so the same level gives the same row on any
machine and in any worker (a sweep on dask equals the serial run). The one clock is the layout
search's ``layout_seconds``, a safety cap: when it strikes, the row says the layout count is
incomplete.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from zorglab.errors import OptionError


@dataclass(frozen=True)
class Budget:
    solve_states: int = 60_000         # exact solvability of the reference setup, per world
    explore_states: int = 30_000       # the full state graph (cast lists, forced points), per world
    necessary_states: int = 20_000     # each "is this spell necessary?" search
    cast_list_cap: int = 100           # winning cast lists are counted up to this
    layout_states: int = 5_000         # each layout's solvability search
    layout_limit: int = 300            # constructions tried per choice set
    layout_seconds: float | None = 20.0

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if value is not None and value <= 0:
                raise OptionError(f"budget {f.name}={value}: give a positive number")

    def scaled(self, factor: float) -> "Budget":
        """Every state budget times ``factor`` (at least 1), for quick or thorough reports."""
        if factor <= 0:
            raise OptionError(f"budget factor {factor}: give a positive number")
        changes: dict[str, Any] = {f.name: max(1, int(getattr(self, f.name) * factor))
                                   for f in fields(self) if f.name.endswith("_states")}
        return replace(self, **changes)


QUICK = Budget(solve_states=5_000, explore_states=3_000, necessary_states=2_000, cast_list_cap=20,
               layout_states=1_000, layout_limit=50, layout_seconds=5.0)

"""How much search a report may spend on one level, stage by stage; every answer past it is
reported 'unknown'.

These are the *configuration* of the one :class:`zorglab.core.budget.Budget`: each stage gets a
child budget of so many states. Budgets are counted in states, not seconds, so the same level
gives the same row on any machine, under any load and in any worker (a sweep on dask equals the
serial run). ``level_seconds`` and ``layout_seconds`` are CPU-seconds *safety stops* only, far
above what the states need: when one strikes, the row's ``cut_short`` says so ("not finished"),
and ``zorglab report`` refuses to write such a row into its files.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from zorglab.errors import OptionError


@dataclass(frozen=True)
class StageBudgets:
    """States each stage of a report row may search (see the module's note)."""

    solve_states: int = 30_000         # exact solvability of the reference setup, per world
    explore_states: int = 20_000       # the full state graph (cast lists, forced points), per world
    necessary_states: int = 10_000     # each "is this spell necessary?" search
    cast_list_cap: int = 100           # winning cast lists are counted up to this
    layout_states: int = 5_000         # each layout's solvability search
    layout_limit: int = 300            # constructions tried per choice set
    survey_states: int = 1_000_000     # the whole layout survey: states searched + partial layouts grown
    layout_seconds: float | None = None     # CPU-seconds safety stop of the layout survey (not a figure)
    level_seconds: float | None = 300.0     # CPU-seconds safety stop of everything about one level

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if value is not None and value <= 0:
                raise OptionError(f"budget {f.name}={value}: give a positive number")

    def scaled(self, factor: float) -> "StageBudgets":
        """Every state budget and safety stop times ``factor`` (at least 1 state), for thorough reports."""
        if factor <= 0:
            raise OptionError(f"budget factor {factor}: give a positive number")
        changes: dict[str, Any] = {f.name: max(1, int(getattr(self, f.name) * factor))
                                   for f in fields(self) if f.name.endswith("_states")}
        changes.update({f.name: getattr(self, f.name) * factor for f in fields(self)
                        if f.name.endswith("_seconds") and getattr(self, f.name) is not None})
        return replace(self, **changes)

    def key(self) -> tuple[tuple[str, int], ...]:
        """What a figure depends on (the safety stops aside: they decide no figure)."""
        return tuple((f.name, getattr(self, f.name)) for f in fields(self) if not f.name.endswith("_seconds"))


Budget = StageBudgets       # the name callers know (zorglab.reports.Budget); the one budget is zorglab.core.budget's

QUICK = StageBudgets(solve_states=5_000, explore_states=3_000, necessary_states=2_000, cast_list_cap=20,
               layout_states=1_000, layout_limit=50, survey_states=100_000, level_seconds=60.0)

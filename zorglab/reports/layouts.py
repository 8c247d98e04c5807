"""Winning layouts for the difficulty table: :func:`zorglab.search.layouts.solve_layouts` within a
budget of states (the layout search charges the partial layouts it grows, too)."""

from __future__ import annotations

from dataclasses import dataclass

from zorglab.core.budget import Budget
from zorglab.core.model import Level
from zorglab.search.layouts import solve_layouts


@dataclass(frozen=True)
class LayoutCount:
    winning: int
    tried: int
    unknown: int
    complete: bool     # every layout tried (none left by the limit or the budget) and decided
    stopped: str = ""  # why not every layout was tried, in words
    cut_short: bool = False     # the safety stop or a cancel stopped it: not finished


def count_layouts(level: Level, *, max_states: int, limit: int, max_work: int | None = None,
                  budget: Budget | None = None) -> LayoutCount:
    """Winning setups over every construction x finite choice x main A, each searched within
    ``max_states``, all within ``max_work`` states (and as many partial layouts grown) and
    ``budget``'s stops."""
    summary = solve_layouts(level, max_states=max_states, limit=limit, max_work=max_work, budget=budget)
    complete = not summary.truncated and not summary.open_variables and summary.unknown == 0
    return LayoutCount(len(summary.winning), summary.tried, summary.unknown, complete, summary.stopped,
                       summary.cut_short)

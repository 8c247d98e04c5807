"""Winning layouts for the difficulty table: :func:`zorglab.search.layouts.solve_layouts` under a
deadline (the layout search checks the clock while it grows constructions, too)."""

from __future__ import annotations

from dataclasses import dataclass

from zorglab.core.model import Level
from zorglab.search.layouts import solve_layouts


@dataclass(frozen=True)
class LayoutCount:
    winning: int
    tried: int
    unknown: int
    complete: bool     # every layout tried (none left by the limit or the clock) and decided


def count_layouts(level: Level, *, max_states: int, limit: int, seconds: float | None) -> LayoutCount:
    """Winning setups over every construction x finite choice x main A, within ``seconds``."""
    summary = solve_layouts(level, max_states=max_states, max_seconds=seconds, limit=limit)
    complete = not summary.truncated and not summary.open_variables and summary.unknown == 0
    return LayoutCount(len(summary.winning), summary.tried, summary.unknown, complete)

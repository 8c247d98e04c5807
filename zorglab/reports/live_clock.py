"""The live analysis's clock: one deadline per summary, a cancel event looked at between slices
of search, and the exact solver run in those slices (it stops and resumes where it was)."""

from __future__ import annotations

import threading
import time
from dataclasses import replace

from zorglab.search.solver import UNKNOWN, Search, Verdict

SLICE = 200                 # states searched between two looks at the cancel event and the clock


class Cancelled(Exception):
    """The cancel event was set: stop, keep what is known."""


class TimeUp(Exception):
    """The clock struck inside a search whose answer is not worth keeping half-done."""


class Clock:
    """One deadline for a whole summary, and the cancel event looked at with it."""

    def __init__(self, seconds: float | None, cancel: threading.Event | None = None):
        self.seconds = seconds
        self.deadline = None if seconds is None else time.perf_counter() + seconds
        self.cancel = cancel

    def check(self) -> None:
        """Raise :class:`Cancelled` once the cancel event is set."""
        if self.cancel is not None and self.cancel.is_set():
            raise Cancelled

    def left(self) -> float | None:
        return None if self.deadline is None else max(0.0, self.deadline - time.perf_counter())

    @property
    def spent(self) -> str:
        """The time budget in the solver's words."""
        return "time budget spent" if self.seconds is None else f"time budget of {self.seconds:g} s spent"


class Deadline(float):
    """A ``perf_counter`` deadline for :func:`~zorglab.search.layouts.constructions` that also
    reads as passed once the clock's cancel event is set, and can be moved to another clock.

    ``constructions`` compares ``perf_counter() > deadline`` while it grows layouts; Python asks
    a float subclass's reflected ``__lt__`` first, so this object answers the comparison."""

    clock: Clock | None = None

    def __new__(cls, clock: Clock | None = None) -> "Deadline":
        made = super().__new__(cls, 0.0)
        made.clock = clock
        return made

    def __lt__(self, now: float) -> bool:  # type: ignore[override]
        clock = self.clock
        if clock is None:
            return False
        if clock.cancel is not None and clock.cancel.is_set():
            return True
        return clock.deadline is not None and clock.deadline < now


class StateCap(int):
    """A state budget for :func:`~zorglab.search.analysis.explore` that is also 'reached' once the
    clock strikes or its cancel event is set (``struck`` then says so).

    ``explore`` compares ``len(graph.moves) >= budget`` before each state it expands; as with
    :class:`Deadline`, Python asks this int subclass's reflected ``__le__`` first, so the state
    graph stops within one state (it is then incomplete, and reported so)."""

    clock: Clock | None = None
    struck: bool = False

    def __new__(cls, states: int, clock: Clock) -> "StateCap":
        made = super().__new__(cls, states)
        made.clock = clock
        return made

    def __le__(self, count: int) -> bool:  # type: ignore[override]
        clock = self.clock
        if clock is not None and ((clock.cancel is not None and clock.cancel.is_set()) or
                                  (clock.deadline is not None and time.perf_counter() >= clock.deadline)):
            self.struck = True
            return True
        return int(self) <= count


def run_sliced(search: Search, max_states: int, clock: Clock) -> Verdict:
    """The search's verdict within ``max_states`` and the clock, looking at the cancel event every
    :data:`SLICE` states; an unknown verdict names the budget that ran out."""
    spent = 0
    while True:
        clock.check()
        left = clock.left()
        if left is not None and left <= 0:
            return Verdict(UNKNOWN, (), search.states, search.seconds, clock.spent)
        before = search.states
        verdict = search.run(max_states=min(SLICE, max_states - spent), max_seconds=left)
        spent += search.states - before
        if verdict.verdict != UNKNOWN:
            return verdict
        if spent >= max_states:
            return replace(verdict, reason=f"state budget of {max_states} spent")
        if verdict.reason.startswith("time budget"):
            return replace(verdict, reason=clock.spent)

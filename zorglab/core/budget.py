"""One budget for every search (issue 23): units of work, a CPU-seconds safety stop, a cancel event.

Every figure that reaches a person or a file is decided by *work* (states expanded, partial layouts
grown: units the search counts itself), so it is the same on any machine and under any load. The
seconds are a safety stop only, measured in CPU time (``time.process_time``: a loaded machine does
not shorten them); a figure that the seconds or the cancel event cut short is not a function of
its inputs, and says so (:attr:`Budget.cut_short`).

A budget hands out *children* for the parts of a job (each world, each layout, each "is this spell
necessary?" search): a child has its own work allowance, charges what it spends to its parents
too, and stops when any of them is spent, cancelled or out of time.

    >>> budget = Budget(100)
    >>> part = budget.child(60)
    >>> part.charge(60)
    >>> part.check(), budget.left()
    ('work', 40)
    >>> part.describe()
    'state budget of 60 spent'
"""

from __future__ import annotations

import os
import threading
import time
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Callable, Iterator

from zorglab.errors import OptionError

WORK = "work"               # the work allowance is spent: a figure, the same on every machine
SECONDS = "seconds"         # the safety stop struck: not finished, depends on the machine
CANCELLED = "cancelled"     # a newer request superseded this one (or the command was interrupted)
MEMORY = "memory"           # the process's memory passed the memory budget: not finished
CHECK_EVERY = 64            # units of work between two looks at the clock and the cancel event

INTERRUPT = threading.Event()
"""Set by the command line when it receives SIGINT or SIGTERM (``zorglab.cli.signals``): every budget
of the process reads it as its cancel event, so every search and every loop of searches stops."""

_memory_limit: list[int | None] = [None]       # resident bytes at which the memory budget strikes
_memory_words = [""]


def limit_memory(megabytes: float | None) -> None:
    """The memory budget of every search in this process: once the process's resident memory has grown
    by more than ``megabytes`` since this call (None: no limit), every budget's next look says "not
    finished" (:data:`MEMORY`). The command line sets it (``--memory MB``, default 1024 MB above the
    interpreter's own); the library sets none by default."""
    if megabytes is not None and not megabytes > 0:
        raise OptionError(f"memory budget of {megabytes} MB: give a positive number of megabytes")
    _memory_limit[0] = None if megabytes is None else resident_bytes() + int(megabytes * 1024 * 1024)
    _memory_words[0] = "" if megabytes is None else f"memory budget of {megabytes:g} MB reached: not finished"


def memory_limit() -> int | None:
    """The resident bytes at which the memory budget strikes (None: no memory budget)."""
    return _memory_limit[0]


MEMORY_LOOK_EVERY = 8      # budget looks between two readings of the resident memory (about 9 us each)
_looks = [0]


def _memory_look() -> bool:
    _looks[0] += 1
    return _looks[0] % MEMORY_LOOK_EVERY == 1 or MEMORY_LOOK_EVERY == 1


def resident_bytes() -> int:
    """This process's resident memory now (Linux: ``/proc/self/statm``), else its peak so far."""
    try:
        with open("/proc/self/statm", "rb") as statm:
            return int(statm.read().split()[1]) * _PAGE
    except (OSError, ValueError, IndexError):
        import resource
        import sys
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak if sys.platform == "darwin" else peak * 1024


try:
    _PAGE = os.sysconf("SC_PAGE_SIZE")
except (ValueError, OSError, AttributeError):       # pragma: no cover - not a POSIX system
    _PAGE = 4096


class BudgetSpent(Exception):
    """Raised by :meth:`Budget.stop_if_spent` (and searches that cannot answer half-way)."""

    def __init__(self, budget: Budget):
        super().__init__(budget.describe())
        self.budget = budget
        self.reason = budget.reason


class Budget:
    """How much a job may do: ``work`` units (None: no bound), ``seconds`` of CPU time as a safety
    stop (None: none), and a ``cancel`` event. ``unit`` names the work in messages ("states").

    ``clock`` is what seconds are (``time.process_time``; tests inject a slow one). The seconds
    run from the budget's creation, or from the clock reading ``started`` (a command's whole run:
    ``started=0.0`` with the process's CPU clock counts from the process's start). ``counts=False`` (see :meth:`child`) makes a child whose work
    is not charged to its parents: it shares only their clock, safety stop and cancel event.
    """

    __slots__ = ("work", "seconds", "cancel", "clock", "unit", "parent", "counts", "used", "started",
                 "reason", "_words")
    work: int | None
    seconds: float | None
    cancel: threading.Event | None
    clock: Callable[[], float]
    unit: str
    parent: Budget | None
    counts: bool
    used: int
    started: float
    reason: str
    _words: str

    def __init__(self, work: int | None = None, *, seconds: float | None = None,
                 cancel: threading.Event | None = None, clock: Callable[[], float] | None = None,
                 unit: str = "states", parent: Budget | None = None, counts: bool = True,
                 started: float | None = None):
        if work is not None and (isinstance(work, bool) or work < 0):
            raise OptionError(f"budget of {work} {unit}: give 0 or more")
        if seconds is not None and not seconds > 0:
            raise OptionError(f"safety stop of {seconds} s: give a positive number of seconds")
        self.work = work
        self.seconds = seconds
        self.parent = parent
        self.counts = counts
        self.cancel = cancel            # a child also heeds every parent's (looked up at each check)
        self.clock = clock or (parent.clock if parent is not None else time.process_time)
        self.unit = unit
        self.used = 0
        self.started = self.clock() if started is None else started
        self.reason = ""
        self._words = ""

    def __repr__(self) -> str:
        return (f"Budget(work={self.work}, seconds={self.seconds}, used={self.used}"
                + (f", reason={self.reason!r}" if self.reason else "") + ")")

    # -- parts of a job ----------------------------------------------------------------------------

    def child(self, work: int | None = None, *, seconds: float | None = None, unit: str | None = None,
              counts: bool = True) -> Budget:
        """A budget for one part of this job: at most ``work`` more units (and never more than this
        budget has left), its own safety stop if given, this one's cancel event and clock."""
        return Budget(work, seconds=seconds, unit=unit or self.unit, parent=self, counts=counts)

    def _chain(self) -> Iterator[tuple[Budget, bool]]:
        """This budget and its ancestors, each with whether its work allowance binds here."""
        budget: Budget | None = self
        binds = True
        while budget is not None:
            yield budget, binds
            binds = binds and budget.counts
            budget = budget.parent

    # -- spending ----------------------------------------------------------------------------------

    def charge(self, units: int = 1) -> None:
        """Count ``units`` of work done, here and in every parent it counts for."""
        for budget, binds in self._chain():
            if not binds:
                break
            budget.used += units

    def left(self) -> int | None:
        """Units of work still allowed (the tightest over the parents); None: unbounded."""
        least: int | None = None
        for budget, binds in self._chain():
            if binds and budget.work is not None:
                rest = max(0, budget.work - budget.used)
                least = rest if least is None else min(least, rest)
        return least

    def seconds_left(self) -> float | None:
        """CPU seconds to the nearest safety stop (None: no stop), for callees that take seconds."""
        least: float | None = None
        for budget, _ in self._chain():
            if budget.seconds is not None:
                rest = max(0.0, budget.seconds - (budget.clock() - budget.started))
                least = rest if least is None else min(least, rest)
        return least

    def check(self) -> str:
        """Why this budget is spent ("" while it is not): cancelled, seconds or work. Once spent it
        stays spent, with the same reason (until :meth:`attach` gives it a new parent)."""
        if self.reason:
            return self.reason
        if INTERRUPT.is_set():
            return self._spend(CANCELLED, "interrupted: not finished")
        limit = _memory_limit[0]
        if limit is not None and _memory_look() and resident_bytes() > limit:
            return self._spend(MEMORY, _memory_words[0])
        looked: list[threading.Event] = []
        for budget, binds in self._chain():
            cancel = budget.cancel
            if cancel is not None and all(cancel is not other for other in looked):
                looked.append(cancel)
                if cancel.is_set():
                    return self._spend(CANCELLED, "cancelled: superseded by a newer request")
            if budget.reason in (SECONDS, CANCELLED, MEMORY):
                return self._spend(budget.reason, budget._words)
            if budget.seconds is not None and budget.clock() - budget.started > budget.seconds:
                budget._spend(SECONDS, budget._seconds_words())
                return self._spend(SECONDS, budget._words)
            if binds and budget.work is not None and budget.used >= budget.work:
                words = f"{budget.unit[:-1] if budget.unit.endswith('s') else budget.unit} budget of {budget.work} spent"
                return self._spend(WORK, words)
        return ""

    def attach(self, parent: Budget | None) -> Budget:
        """The same work allowance (and work used) under a new parent: a job kept between two
        requests (the Studio's layout survey) takes each request's stops. A reason that was not
        this budget's own work is forgotten."""
        self.parent = parent
        if self.reason != WORK or (self.work is not None and self.used < self.work):
            self.reason, self._words = "", ""
        return self

    def _seconds_words(self) -> str:
        return f"safety stop of {self.seconds:.3g} CPU s struck: not finished"

    def _spend(self, reason: str, words: str) -> str:
        self.reason, self._words = reason, words
        return reason

    @property
    def spent(self) -> bool:
        return bool(self.check())

    def stop_if_spent(self) -> None:
        """Raise :class:`BudgetSpent` once the budget is spent."""
        if self.check():
            raise BudgetSpent(self)

    @property
    def cut_short(self) -> bool:
        """Whether what this budget bounded was cut by the machine (the safety stop, the memory
        budget or a cancel), not by the work allowance: such a figure is "not finished" and is never
        written to a tracked file."""
        return self.reason in (SECONDS, CANCELLED, MEMORY)

    def describe(self) -> str:
        """The reason in words ("state budget of 5000 spent", "safety stop of 5 CPU s struck: not
        finished", "cancelled: …"); "" while not spent."""
        return self._words if self.reason else ""


def budget_of(work: int | None = None, seconds: float | None = None, budget: Budget | None = None,
              clock: Callable[[], float] | None = None) -> Budget:
    """The convenience behind every ``max_states=…, max_seconds=…`` signature: a child of
    ``budget`` when one is given (that budget itself when neither bound is), else a new budget."""
    if budget is not None:
        return budget if work is None and seconds is None else budget.child(work, seconds=seconds)
    return Budget(work, seconds=seconds, clock=clock)


_active: ContextVar[Budget | None] = ContextVar("zorglab_budget", default=None)


def active() -> Budget | None:
    """The budget of the search running in this thread (a nested ``solvable(world)`` search
    shares its safety stop and cancel event); None outside any."""
    return _active.get()


@contextmanager
def running(budget: Budget) -> Iterator[Budget]:
    """Make ``budget`` the :func:`active` one while a search runs."""
    token = _active.set(budget)
    try:
        yield budget
    finally:
        _active.reset(token)


def stop_if_machine_spent() -> None:
    """For loops inside a search that count no work of their own (a hero's plan search, the
    worlds built for a setup): raise :class:`BudgetSpent` once the :func:`active` budget's safety
    stop, the memory budget or a cancel (an interruption included) struck. They decide no figure."""
    budget = _active.get()
    if budget is not None and budget.check() not in ("", WORK):
        raise BudgetSpent(budget)

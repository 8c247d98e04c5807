"""Ctrl+C (SIGINT) and SIGTERM for every command: a stop within moments, an exit status, no traceback.

:func:`handled` (entered by :func:`zorglab.cli.main.main`) makes both signals do the same two things:
set the process-wide :data:`zorglab.core.budget.INTERRUPT` event, which every
:class:`~zorglab.core.budget.Budget` heeds at its next look (so a search that catches the interruption
to report what it found, and a loop of searches around it, both stop), and raise
:class:`KeyboardInterrupt` in the main thread, once: a second signal while the command cleans up
(closing a dask cluster, removing a temporary folder) is recorded but interrupts nothing, so the
clean-up finishes. The command then exits with :func:`exit_status`: 130 after SIGINT, 143 after
SIGTERM (128 + the signal's number, as shells report them).

Worker processes a command starts (dask's) must not print a traceback of their own when the
terminal sends Ctrl+C to the whole process group: ``zorglab.sweep.runner`` starts them with SIGINT
blocked and stops them itself.
"""

from __future__ import annotations

import signal
import threading
from contextlib import contextmanager
from types import FrameType
from typing import Any, Iterator

from zorglab.core.budget import INTERRUPT

STATUS: dict[int, int] = {int(signal.SIGINT): 130, int(signal.SIGTERM): 143}
WORDS: dict[int, str] = {int(signal.SIGINT): "interrupted (Ctrl+C)", int(signal.SIGTERM): "stopped (SIGTERM)"}
_received: list[int] = []


def received() -> int | None:
    """The first signal received while :func:`handled` was in force (None: none)."""
    return _received[0] if _received else None


def exit_status(default: int = 130) -> int:
    """130 after SIGINT, 143 after SIGTERM; ``default`` when no signal came (a KeyboardInterrupt
    raised some other way)."""
    first = received()
    return STATUS.get(first, default) if first is not None else default


def words() -> str:
    """What stopped the command, for its last line on standard error."""
    first = received()
    return WORDS.get(first, "interrupted") if first is not None else "interrupted"


def _on_signal(signum: int, frame: FrameType | None) -> None:
    _received.append(int(signum))
    INTERRUPT.set()
    if len(_received) == 1:
        raise KeyboardInterrupt(WORDS.get(signum, "interrupted"))


@contextmanager
def handled() -> Iterator[None]:
    """SIGINT and SIGTERM stop the command (see the module's docstring) while inside; the previous
    handlers, and a clear :data:`INTERRUPT`, afterwards. Outside the main thread it does nothing."""
    _received.clear()
    INTERRUPT.clear()
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous: dict[int, Any] = {}
    try:
        for signum in STATUS:
            previous[signum] = signal.signal(signum, _on_signal)
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        INTERRUPT.clear()

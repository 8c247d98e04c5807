"""The live analysis's stops: one :class:`~zorglab.core.budget.Budget` per summary holds the
cancel event and the CPU-seconds safety stop; each search takes a child of so many states and
looks at both every :data:`~zorglab.core.budget.CHECK_EVERY` states, so a newer edit stops older
work at once. The figures are decided by states alone; what the safety stop cuts is "not finished"."""

from __future__ import annotations

from zorglab.core.budget import CANCELLED, Budget
from zorglab.search.solver import Search, Verdict


class Cancelled(Exception):
    """The cancel event was set: stop, keep what is known."""


def stop_if_cancelled(budget: Budget) -> None:
    """Raise :class:`Cancelled` once the summary's cancel event is set."""
    if budget.check() == CANCELLED:
        raise Cancelled


def run_within(search: Search, max_states: int, budget: Budget) -> Verdict:
    """The search's verdict within ``max_states`` (a child of ``budget``): an unknown verdict names
    the budget that was spent; a cancel raises :class:`Cancelled`."""
    part = budget.child(max_states)
    verdict = search.run(budget=part)
    if part.reason == CANCELLED:
        raise Cancelled
    return verdict

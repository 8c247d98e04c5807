"""The one budget (issue 23): work decides, seconds are a safety stop, a cancel event stops at once."""

from __future__ import annotations

import threading

import pytest

from zorglab.core.budget import CANCELLED, SECONDS, WORK, Budget, BudgetSpent, active, budget_of, running
from zorglab.errors import OptionError


class SlowClock:
    """A clock that moves ``step`` seconds every time it is read: a machine as slow as we like."""

    def __init__(self, step: float = 1.0):
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_work_decides_and_says_so():
    budget = Budget(10)
    assert budget.check() == "" and budget.left() == 10
    budget.charge(9)
    assert not budget.spent
    budget.charge(1)
    assert budget.check() == WORK and budget.describe() == "state budget of 10 spent"
    assert not budget.cut_short


def test_a_child_charges_its_parent_and_stops_with_it():
    parent = Budget(100)
    child = parent.child(60)
    assert child.left() == 60
    child.charge(30)
    assert parent.used == 30 and parent.left() == 70
    other = parent.child(200)
    assert other.left() == 70           # never more than the parent has left
    other.charge(70)
    assert other.check() == WORK and parent.check() == WORK
    assert other.describe() == "state budget of 100 spent"     # the budget that struck, named


def test_a_child_that_does_not_count_shares_only_the_stops():
    cancel = threading.Event()
    parent = Budget(10, cancel=cancel)
    aside = parent.child(1_000, counts=False)
    aside.charge(500)
    assert parent.used == 0 and aside.left() == 500
    cancel.set()
    assert aside.check() == CANCELLED and aside.cut_short


def test_seconds_are_a_safety_stop_on_the_given_clock():
    clock = SlowClock(1.0)
    budget = Budget(None, seconds=2.5, clock=clock)
    assert budget.check() == ""           # 1 s after the start
    assert budget.check() == ""           # 2 s
    assert budget.check() == SECONDS      # 3 s: struck
    assert budget.cut_short and "not finished" in budget.describe()
    child = budget.child(5)
    assert child.check() == SECONDS and child.cut_short       # a child of a spent budget is spent


def test_the_default_clock_is_cpu_time():
    import time
    assert Budget().clock is time.process_time


def test_cancel_wins_over_work_and_stays():
    cancel = threading.Event()
    budget = Budget(1, cancel=cancel)
    budget.charge(1)
    cancel.set()
    assert budget.check() == CANCELLED
    cancel.clear()
    assert budget.check() == CANCELLED    # once spent, spent for good


def test_stop_if_spent_raises_with_the_reason():
    budget = Budget(0)
    with pytest.raises(BudgetSpent) as caught:
        budget.stop_if_spent()
    assert caught.value.reason == WORK


@pytest.mark.parametrize("work, seconds", [(-1, None), (None, 0.0), (None, -3.0), (None, float("nan"))])
def test_bad_budgets_are_refused_in_words(work, seconds):
    with pytest.raises(OptionError):
        Budget(work, seconds=seconds)


def test_budget_of_and_the_active_budget():
    parent = Budget(50)
    made = budget_of(20, None, parent)
    assert made.parent is parent and made.left() == 20
    assert budget_of(7).parent is None
    assert active() is None
    with running(parent):
        assert active() is parent
    assert active() is None


def test_the_interrupt_event_stops_every_budget_and_says_not_finished():
    """Issue 37: SIGINT/SIGTERM set one process-wide event (zorglab.cli.signals) that every budget
    heeds at its next look, so a loop of searches stops too, not only the search that was running."""
    from zorglab.core.budget import INTERRUPT, Budget
    outer = Budget(None)
    part = outer.child(100)
    INTERRUPT.set()
    try:
        assert part.check() == "cancelled" and part.cut_short
        assert part.describe() == "interrupted: not finished"
        assert Budget(5).check() == "cancelled"
    finally:
        INTERRUPT.clear()
    assert Budget(5).check() == ""


def test_the_memory_budget_strikes_once_the_process_grew_past_it(monkeypatch):
    from zorglab.core import budget as budgets
    size = [100 * 2**20]
    monkeypatch.setattr(budgets, "resident_bytes", lambda: size[0])
    budgets.limit_memory(50)
    try:
        watched = budgets.Budget(None)
        assert all(watched.check() == "" for _ in range(2 * budgets.MEMORY_LOOK_EVERY))
        size[0] += 51 * 2**20
        for _ in range(budgets.MEMORY_LOOK_EVERY):     # read at one look in MEMORY_LOOK_EVERY
            watched.check()
        assert watched.check() == "memory" and watched.cut_short
        assert watched.describe() == "memory budget of 50 MB reached: not finished"
    finally:
        budgets.limit_memory(None)
    assert budgets.memory_limit() is None


def test_a_budget_s_seconds_can_run_from_an_earlier_reading():
    """A command's safety stop runs from the command's start (``started``), loading included."""
    from zorglab.core.budget import Budget
    now = [100.0]
    budget = Budget(None, seconds=5, clock=lambda: now[0], started=94.0)
    assert budget.check() == "seconds" and budget.describe() == "safety stop of 5 CPU s struck: not finished"
    assert Budget(None, seconds=5, clock=lambda: now[0]).check() == ""

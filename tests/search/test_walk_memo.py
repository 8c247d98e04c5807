"""Issue 41 (session 15): the lone walks' memo is forgotten past its budget rather than making
every later walk answer "no bound". Before, once ``SOLO_BUDGET`` lone states were filed (~30 CPU s
into the 10 x 10 family), the bound cut nothing new for the rest of the search."""

from __future__ import annotations

import pytest

from zorglab.search import cuts, lonewalk
from zorglab.search.bound import DamageBound
from zorglab.search.family import family_world
from zorglab.search.lonewalk import UNBOUNDED


def _walks(bound: DamageBound, state) -> list[int]:
    """Every living hero's walk with every spell left, and after each Swap of its first rooms."""
    bends = bound.bending
    found = [bound.walk_drop(state, i, bends, 2) for i, hero in enumerate(state.heroes) if hero.alive]
    swap = bound.board_spells[0]
    for number, moves in enumerate(bound.legal_moves(bound.alone(state, 0, 0), swap)[:3]):
        found.append(cuts.drop_after(bound, state, 0, 0, 0, swap, moves, number, 1, True, UNBOUNDED, 0))
    return found


@pytest.mark.parametrize("budget", [0, 50])
def test_walks_past_the_memo_s_budget_are_walked_not_given_up(monkeypatch, budget):
    world = family_world(4, 6)
    state = world.initial_state()
    fresh = _walks(DamageBound(world), state)
    assert all(drop < UNBOUNDED for drop in fresh)
    monkeypatch.setattr(lonewalk, "SOLO_BUDGET", budget)
    monkeypatch.setattr(cuts, "SOLO_BUDGET", budget)
    bound = DamageBound(world)
    assert _walks(bound, state) == fresh
    assert bound.forgotten_walks > 0


def test_a_long_walk_stops_at_the_search_s_safety_stop():
    """Issue 41 (session 15): with the memo forgotten past its budget one bound question may walk
    for seconds (up to ~2 CPU s at 10 x 10); the lone walk now looks at the running search's
    safety stop and cancel event every 1,024 lone states, as a hero's plan search does."""
    import threading

    from zorglab.core.budget import Budget, BudgetSpent, running

    world = family_world(6, 6)
    state = world.initial_state()
    stop = threading.Event()
    stop.set()
    bound = DamageBound(world)
    with running(Budget(cancel=stop)):
        with pytest.raises(BudgetSpent):
            for i, hero in enumerate(state.heroes):
                bound.walk_drop(state, i, bound.bending, 3)
    assert 1024 <= bound.work < 2048
    assert all(value != (UNBOUNDED, True) for value in bound._solo.values()), "no walk left marked as under way"
    assert [bound.walk_drop(state, i, bound.bending, 3) for i in range(len(state.heroes))] \
        == [DamageBound(world).walk_drop(state, i, bound.bending, 3) for i in range(len(state.heroes))]

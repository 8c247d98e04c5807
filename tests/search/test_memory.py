"""Issue 41: memory as a budget — the witness search's table forgets its oldest half rather than
stop at ``max_table``, and the world's plan graphs are forgotten past ``max_plans``; either only
costs time: the verdicts are brute force's and every witness replays."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, event, given, settings

from zorglab.engine.run import run_world
from zorglab.search.bound import DamageBound
from zorglab.search.family import family_world
from zorglab.search.solver import SOLVABLE, UNKNOWN, UNSOLVABLE, Search

from randomlevels import small_worlds
from test_solver_properties import brute_force

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SMALL = dict(fewest=False, max_table=8, max_plans=1)      # a table and a plan cache far too small to hold it


@SETTINGS
@given(small_worlds())
def test_a_forgetting_table_keeps_the_verdict(world):
    search = Search(world, **SMALL)
    verdict = search.run(max_states=60_000)
    assume(verdict.verdict != UNKNOWN)
    event(f"forgot: {search.forgotten > 0}")
    assert verdict.verdict == (SOLVABLE if brute_force(world) else UNSOLVABLE)
    if verdict.verdict == SOLVABLE:
        assert run_world(world, verdict.casts, strict=True).outcome.value == "win"


def test_a_family_cell_is_decided_within_a_table_a_tenth_of_its_states():
    """4 x 5 expands about 2,000 states; a table of 200 forgets again and again and still decides,
    and the plan graphs kept stay near their bound."""
    world = family_world(4, 5)
    search = Search(world, fewest=False, max_table=200, max_plans=4)
    verdict = search.run(max_states=400_000)
    assert verdict.verdict == SOLVABLE and search.forgotten > 0
    assert len(search._seen) <= 200
    assert run_world(family_world(4, 5), verdict.casts, strict=True).outcome.value == "win"
    reference = Search(family_world(4, 5), fewest=False).run(max_states=400_000)
    assert reference.verdict == SOLVABLE


def test_the_plan_graphs_kept_stay_within_their_bound():
    world = family_world(5, 6)       # its bound walks every board a Swap makes (3 x 6 is won before it builds 6)
    search = Search(world, fewest=False, max_plans=5)
    search.run(max_states=3_000)
    assert len(world.planner.graphs) <= 5 + 200, "looked at every 64 states: at most a few dozen more"
    unbounded = family_world(5, 6)
    Search(unbounded, fewest=False, max_plans=None).run(max_states=3_000)
    assert len(unbounded.planner.graphs) > len(world.planner.graphs)


def _memo_peaks(monkeypatch, cache_bound: int, heroes: int, spells: int) -> dict[str, int]:
    """The most entries each of the damage bound's memos held when a question came, over a whole
    search of the family cell with ``CACHE_BOUND`` set to ``cache_bound``."""
    from zorglab.search import bound as bound_module

    monkeypatch.setattr(bound_module, "CACHE_BOUND", cache_bound)
    peaks: dict[str, int] = {}
    asked = bound_module.DamageBound.hopeless

    def counted(bound, *args):
        for name in ("_heroes", "_answers", "_drops", "_drops_after", "_after"):
            peaks[name] = max(peaks.get(name, 0), len(getattr(bound, name)))
        return asked(bound, *args)

    monkeypatch.setattr(bound_module.DamageBound, "hopeless", counted)
    verdict = Search(family_world(heroes, spells), fewest=False).run(max_states=30_000)
    assert verdict.verdict == SOLVABLE
    return peaks


def test_the_bound_s_walk_memos_stay_near_their_bound(monkeypatch):
    """Issue 41 (session 16): the walks' drops (``_drops``) were in no ``CACHE_BOUND`` test and
    outgrew the others (9 x 9: 252 k entries beside 435 k answers, 723 MB at 60 CPU s). 5 x 7 with
    a bound of 50: every memo is cleared once one passes it, so each holds at most the bound and
    what one question adds (53 entries; main before: ``_drops`` 107)."""
    peaks = _memo_peaks(monkeypatch, 50, 5, 7)
    assert peaks["_drops"] <= 80, peaks
    assert peaks["_heroes"] <= 80 and peaks["_answers"] <= 80, peaks


@pytest.mark.parametrize("memo", ["_drops", "_after", "_drops_after", "_heroes", "_answers"])
def test_each_memo_past_its_bound_clears_the_bound_s_memos(monkeypatch, memo):
    """A memo filled past ``CACHE_BOUND`` (here 10) is cleared at the next question, with the others
    (one under the bound too); the question's answer is the same as a fresh bound's. Main before:
    ``_drops`` and ``_after`` past the bound cleared nothing."""
    from zorglab.search import bound as bound_module

    monkeypatch.setattr(bound_module, "CACHE_BOUND", 10)
    world = family_world(4, 6)
    state = world.initial_state()
    parts = (0,) + tuple(range(1, len(state.heroes) + 1))
    mask = (1 << len(world.spells)) - 1 & ~DamageBound(world).unbounded
    bound = DamageBound(world)
    other = "_answers" if memo != "_answers" else "_drops"
    getattr(bound, memo).update({("filler", i): (0, True) for i in range(11)})
    getattr(bound, other).update({("filler", i): (0, True) for i in range(5)})     # under the bound
    assert bound.full()
    assert bound.hopeless(state, mask, parts) == DamageBound(world).hopeless(state, mask, parts)
    for name in (memo, other):
        assert not any(key[0] == "filler" for key in getattr(bound, name)), name

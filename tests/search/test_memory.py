"""Issue 41: memory as a budget — the witness search's table forgets its oldest half rather than
stop at ``max_table``, and the world's plan graphs are forgotten past ``max_plans``; either only
costs time: the verdicts are brute force's and every witness replays."""

from __future__ import annotations

from hypothesis import HealthCheck, assume, event, given, settings

from zorglab.engine.run import run_world
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

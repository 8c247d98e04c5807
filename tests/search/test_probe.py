"""Issue 41 (session 12): the static check in two halves around a witness probe.

Each hero's outright test (its lone walk with every walk spell left takes less than the damage
spells leave it) comes first, then ``Search.probe`` states of the witness search in the plain
depth-first order, then the rest of the check (the least needs, the disjoint choice, the groups).
Checked against brute force on random worlds and against a plain depth-first search on the family.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from zorglab.search.bound import world_gate
from zorglab.search.family import family_world
from zorglab.search.solver import SOLVABLE, UNSOLVABLE, Search

from randomlevels import small_worlds
from test_solver_properties import brute_force

_SPEC = importlib.util.spec_from_file_location(
    "plain_dfs", Path(__file__).resolve().parents[2] / "benchmarks" / "plain_dfs.py")
assert _SPEC is not None and _SPEC.loader is not None
_PLAIN = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(_PLAIN)          # the one plain search, the bench's (not on the tests' path)

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def plain_dfs_states(world, max_states: int = 5_000) -> tuple[str, int]:
    """The verdict and states of the bench's plain depth-first search (``benchmarks/plain_dfs.py``:
    the active hero acts first, then every cast, no-ops included; one visit per exact state)."""
    found = _PLAIN.plain_dfs(world, max_states=max_states)
    return found["verdict"], found["states"]


@pytest.mark.parametrize("heroes,spells", [(2, 4), (3, 4), (2, 8), (3, 8), (4, 6)])
def test_the_probe_finds_the_plain_searchs_witness_before_the_checks_needs(heroes, spells):
    """Where the plain depth-first search wins within the probe's states, the search wins in no
    more states, and the static check's dear half (the least needs, the groups) is never asked:
    3 x 4 walked 568 lone states and built the groups before its 52 states (0.05 CPU s against the
    plain search's 0.025)."""
    world = family_world(heroes, spells)
    plain, plain_states = plain_dfs_states(world)
    search = Search(world, fewest=False)
    assert plain == SOLVABLE and plain_states <= search.probe
    verdict = search.run(max_states=50_000)
    assert verdict.verdict == SOLVABLE and verdict.states <= plain_states
    bound = search._bound
    assert bound is not None and not bound._gated, "the groups were built: the whole static check ran"
    assert bound.work < 100, f"{bound.work} lone states walked"


@pytest.mark.parametrize("heroes,spells", [(2, 1), (3, 1), (10, 1), (2, 2), (3, 3), (4, 4), (5, 3), (5, 4), (8, 4),
                                           (10, 4), (7, 2)])
def test_the_outright_half_decides_the_small_unsolvable_cells_alone(heroes, spells):
    """Every family cell the whole static check decides, its first half decides (so those cells
    pay no probe): a hero nothing left can kill, found before any state is searched."""
    world = family_world(heroes, spells)
    search = Search(world, fewest=False)
    assert search._outright(world.initial_state())
    assert not search._bound._gated
    verdict = Search(family_world(heroes, spells), fewest=False).run(max_states=50_000)
    assert verdict.verdict == UNSOLVABLE and verdict.states == 0 and "static check" in verdict.reason


@pytest.mark.parametrize("heroes,spells", [(4, 5), (4, 6), (4, 7)])
def test_the_outright_half_walks_each_hero_on_its_own_board_only(heroes, spells):
    """Session 13: every cell the first half decides walks one plan graph per hero asked (its type
    on the first board); a walk that needs the boards a Swap or the type a Banality makes decided no
    family cell, and cost 4 x 6 three graphs for an Elf (22 ms, its plain search's whole 30 ms)
    before the probe won in 142 states. Such a walk now stops at its second new graph and the first
    half gives no answer; the probe, then the whole check, decide as before."""
    world = family_world(heroes, spells)
    search = Search(world, fewest=False)
    assert not search._outright(world.initial_state())
    assert len(world.planner.graphs) <= 2, f"{len(world.planner.graphs)} plan graphs built by the first half"
    verdict = Search(family_world(heroes, spells), fewest=False).run(max_states=50_000)
    assert verdict.verdict == SOLVABLE


@SETTINGS
@given(small_worlds(max_heroes=3))
def test_what_the_outright_half_gives_up_has_no_win(world):
    assume(world_gate(world) is None)
    search = Search(world, fewest=False)
    outright = search._outright(world.initial_state())
    event(f"outright: {outright}")
    if outright:
        assert not brute_force(world), "the outright half gave up a world that wins"


@SETTINGS
@given(small_worlds(max_spells=2, max_heroes=3), st.integers(0, 12))
def test_any_probe_keeps_the_verdict(world, probe):
    """The static check's second half asked after any number of the witness search's states: the
    verdict is brute force's."""
    verdict = Search(world, fewest=False, probe=probe).run(max_states=50_000)
    event(f"{verdict.verdict} at {min(verdict.states, 20)} states, static: {'static' in verdict.reason}")
    assert verdict.verdict in (SOLVABLE, UNSOLVABLE)
    assert (verdict.verdict == SOLVABLE) == brute_force(world)


@SETTINGS
@given(small_worlds(max_heroes=3))
def test_what_the_whole_check_gives_up_after_its_first_half_has_no_win(world):
    """The second half (the least needs, the disjoint choice, the groups), asked as the search asks
    it after the probe: what it gives up, brute force finds no win for."""
    assume(world_gate(world) is None)
    search = Search(world, fewest=False)
    start = world.initial_state()
    assume(not search._outright(start))
    hopeless = search._static(start)
    event(f"second half: {hopeless}")
    if hopeless:
        assert not brute_force(world), "the static check gave up a world that wins"


def test_a_dealt_bound_never_answers_the_static_check_from_walks_still_owed():
    """The walks of a bound dealt out by board (``search.dealt``) stand in for answers not yet in
    with less than the truth: the static check asked of it (before any state, as before the probe)
    never makes a hero look unkillable from them (5 x 6 was answered unsolvable at 0 states, then,
    asked again after the probe once every walk was in, at 256 states)."""
    from zorglab.search.dealt import dealt_solve
    from zorglab.search.parallel import FamilySource

    run = dealt_solve(FamilySource(5, 6, "we"), walkers=2, round_states=100, share=0)
    assert run.verdict.verdict == SOLVABLE

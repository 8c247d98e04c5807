"""FR-46 / ZR-19: the search is sound (witnesses win) and complete (agrees with brute force)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from zorglab.engine.run import run_world
from zorglab.engine.turns import act, next_action
from zorglab.search.casts import legal_casts
from zorglab.search.solver import SOLVABLE, UNSOLVABLE, all_dead, solve_world

from randomlevels import small_worlds

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def brute_force(world, state=None, depth: int = 0, wins=None, book=None) -> bool:
    """Try every cast list, no transposition table, no pruning, no-op casts included; ``wins``
    (default: all dead) judges an ended world, ``book`` (a CastBook) may tell identical spells apart."""
    state = world.initial_state() if state is None else state
    if state.lost or depth > 200:
        return False
    found = next_action(world, state)
    if found is None and (all_dead(world, state) if wins is None else wins(state)):
        return True
    for _cast, nxt, _ in legal_casts(world, state, noops=True, book=book):
        if brute_force(world, nxt, depth + 1, wins, book):
            return True
    if found is not None:
        nxt, _ = act(world, state, found, record=False)
        return brute_force(world, nxt, depth + 1, wins, book)
    return False


@SETTINGS
@given(small_worlds())
def test_witness_replays_to_a_win(world):
    verdict = solve_world(world, max_states=20_000)
    if verdict.verdict == SOLVABLE:
        assert run_world(world, verdict.casts, strict=True).outcome.value == "win"


@SETTINGS
@given(small_worlds(max_spells=2))
def test_verdict_equals_brute_force(world):
    verdict = solve_world(world, max_states=50_000)
    assert verdict.verdict in (SOLVABLE, UNSOLVABLE)
    assert (verdict.verdict == SOLVABLE) == brute_force(world)


@SETTINGS
@given(small_worlds())
def test_pruning_keeps_the_verdict(world):
    pruned = solve_world(world, max_states=50_000, fewest=True)
    plain = solve_world(world, max_states=50_000, prune=False, fewest=True)
    assert pruned.verdict == plain.verdict
    assert len(pruned.casts) == len(plain.casts), "both find a witness with the fewest spells"

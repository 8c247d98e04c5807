"""Issue 41 item 4: the sharded proof (one search, its states dealt to shards by situation, in lockstep
rounds) gives the serial verdict; on a dask cluster the same verdict and witness as the shards one after
another here; one shard is the serial proof itself, state for state; states cross shards intact."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from randomlevels import small_worlds
from zorglab.engine.run import run_world
from zorglab.engine.turns import act, next_action
from zorglab.search.casts import legal_casts
from zorglab.search.family import family_world
from zorglab.engine.game import setup_solution
from zorglab.level import load_level
from zorglab.search.level import world_search
from zorglab.search.parallel import FamilySource, LevelSource
from zorglab.search import shards
from zorglab.search.shards import Decoder, Encoder, owner, sharded_solve
from zorglab.search.solver import SOLVABLE, UNSOLVABLE, Search

distributed = pytest.importorskip("distributed")
ROOT = Path(__file__).resolve().parents[2]

CELLS = [(2, 4, "we", SOLVABLE), (2, 4, "mixed", SOLVABLE), (4, 2, "we", UNSOLVABLE), (3, 2, "mixed", UNSOLVABLE)]


@pytest.mark.parametrize("heroes,spells,kind,expect", CELLS)
def test_a_sharded_proof_on_a_cluster_is_the_one_here(dask_client, heroes, spells, kind, expect):
    source = FamilySource(heroes, spells, kind)
    on_dask = sharded_solve(source, shards=2, client=dask_client, round_states=300, max_states=400_000)
    here = sharded_solve(source, shards=2, round_states=300, max_states=400_000)
    serial = Search(family_world(heroes, spells, kind), fewest=False).run(max_states=400_000)
    assert on_dask.verdict.verdict == here.verdict.verdict == serial.verdict == expect
    assert on_dask.verdict.casts == here.verdict.casts, "the same witness: rounds count states, not seconds"
    assert on_dask.states == here.states
    if expect == SOLVABLE:
        assert run_world(family_world(heroes, spells, kind), on_dask.verdict.casts, strict=True).outcome.value == "win"


@pytest.mark.parametrize("heroes,spells,kind", [(2, 4, "we"), (3, 2, "mixed")])
def test_one_shard_is_the_serial_proof_state_for_state(heroes, spells, kind):
    one = sharded_solve(FamilySource(heroes, spells, kind), shards=1, round_states=97)
    serial = Search(family_world(heroes, spells, kind), fewest=True).run()
    assert (one.verdict.verdict, one.verdict.casts, one.verdict.states) == (serial.verdict, serial.casts,
                                                                             serial.states)


def test_three_shards_split_the_states_and_agree():
    run = sharded_solve(FamilySource(3, 2, "mixed"), shards=3, round_states=200)
    assert run.verdict.verdict == UNSOLVABLE
    assert all(states > 0 for states in run.states), "every shard owns part of the states"


def _states(world, count):
    """States of the world, breadth first over actions and casts (the first ``count``)."""
    found, waiting = [], [world.initial_state()]
    while waiting and len(found) < count:
        state = waiting.pop(0)
        found.append(state)
        action = next_action(world, state)
        if action is not None:
            waiting.append(act(world, state, action, record=False)[0])
        waiting.extend(nxt for _, nxt, _ in legal_casts(world, state))
    return found


def test_states_cross_shards_intact_and_each_situation_has_one_owner():
    world = family_world(5, 4, "mixed")
    states = _states(world, 300)
    encoder, decoder = Encoder(), Decoder()
    for first in (states[:150], states[150:]):      # two batches: the second reuses the first one's parts
        records = [encoder.encode(state) for state in first]
        assert decoder.decode(encoder.batch(), records) == first
    owners: dict[tuple, int] = {}
    for state in states:
        key = (state.board(), tuple(h if h.alive else None for h in state.heroes))
        assert owners.setdefault(key, owner(state, 2)) == owner(state, 2)
    assert set(owners.values()) == {0, 1}
    dead = states[-1].heroes[0]._replace(alive=False, hp=0)
    other = dead._replace(pos=None, hp=-3)          # the dead are filed alike: their details own nothing
    state = states[-1]._replace(heroes=(dead,) + states[-1].heroes[1:])
    assert owner(state, 7) == owner(state._replace(heroes=(other,) + state.heroes[1:]), 7)


def test_encoders_that_forget_their_parts_send_the_same_states(monkeypatch):
    source = FamilySource(2, 4, "mixed")
    kept = sharded_solve(source, shards=2, round_states=50)
    monkeypatch.setattr(shards, "MAX_PARTS", 40)      # both sides forget every few batches
    forgetful = sharded_solve(source, shards=2, round_states=50)
    assert (forgetful.verdict.verdict, forgetful.verdict.casts, forgetful.states) == \
        (kept.verdict.verdict, kept.verdict.casts, kept.states)


def test_a_constraint_on_the_order_of_deaths_keeps_the_dead_apart():
    """arc-03's constraint reads who died first (died_before): the shards' tables must keep the dead
    apart as the level's own search does, or a filed loss (both dead, one spell left, the wrong order)
    dominates the win (both dead in the right order, no spell left) — as it did, rounds of 100."""
    path = str(ROOT / "levels" / "arc-03-last-stand.toml")
    serial = world_search(setup_solution(load_level(path), 0), fewest=False).run()
    run = sharded_solve(LevelSource(path, 0), shards=2, round_states=100)
    assert run.verdict.verdict == serial.verdict == SOLVABLE
    assert LevelSource(path, 0).options()["reads_dead"]


class _WorldSource:
    """A drawn world as a source (in this process only: the shards here share it)."""

    def __init__(self, world):
        self.world = world

    def options(self):
        return {"world": self.world}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_worlds(max_spells=4, max_heroes=3), st.integers(2, 3), st.sampled_from([1, 5, 40]))
def test_shards_give_the_serial_verdict_on_random_worlds(world, count, round_states):
    """Brute force across shards: the serial search's verdict on small random worlds, whatever the
    shards and the rounds' size; a witness that replays to a win."""
    serial = Search(world, fewest=False).run(max_states=50_000)
    assume(serial.verdict != "unknown")
    run = sharded_solve(_WorldSource(world), shards=count, round_states=round_states, max_states=200_000)
    assert run.verdict.verdict == serial.verdict
    if serial.verdict == SOLVABLE:
        assert run_world(world, run.verdict.casts, strict=True).outcome.value == "win"


def test_no_shards_is_refused():
    with pytest.raises(ValueError, match="at least one shard"):
        sharded_solve(FamilySource(1, 1), shards=0)

"""Issue 41 item 4: the serial search's frontier dealt to workers (``search.frontier``) gives the serial
verdict and the serial witness, here and on a dask cluster, whatever the workers, the prefix and the
slices; one worker is the serial search state for state; only finished parts without a win pass their
tables on, and nothing after a win is dealt."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from randomlevels import small_worlds
from zorglab.engine.run import run_world
from zorglab.engine.world import World
from zorglab.search.family import family_world
from zorglab.search.deal import Deal, FrontierMismatch, check_frontiers
from zorglab.search.frontier import FrontierWorker, frontier_solve
from zorglab.search.parallel import FamilySource
from zorglab.search.solver import SOLVABLE, UNKNOWN, UNSOLVABLE, Search

CELLS = [(2, 4, "we", SOLVABLE), (4, 5, "we", SOLVABLE), (2, 4, "mixed", SOLVABLE), (3, 3, "mixed", UNSOLVABLE),
         (4, 3, "mixed", UNSOLVABLE)]


def _serial(world):
    return Search(world, fewest=False).run(max_states=2_000_000)


@pytest.mark.parametrize("heroes,spells,kind,expect", CELLS)
def test_the_frontier_here_gives_the_serial_verdict_and_witness(heroes, spells, kind, expect):
    serial = _serial(family_world(heroes, spells, kind))
    assert serial.verdict == expect
    for workers, prefix, slice_states in ((2, 20, 30), (3, 5, 200)):
        run = frontier_solve(FamilySource(heroes, spells, kind), workers=workers, prefix=prefix,
                             slice_states=slice_states, reserve=0)
        assert run.parts > 1, "the cell is decided in parts, not in the prefix"
        assert run.verdict.verdict == expect
        assert run.verdict.casts == serial.casts, "the serial search's own witness"
        if expect == UNSOLVABLE:
            assert sum(run.imported) > 0, "finished parts' tables were passed on"
    if expect == SOLVABLE:
        assert run_world(family_world(heroes, spells, kind), run.verdict.casts, strict=True).outcome.value == "win"


@pytest.mark.parametrize("heroes,spells,kind,expect", [CELLS[1], CELLS[2], CELLS[3]])
def test_the_frontier_on_a_cluster_is_the_one_here(dask_client, heroes, spells, kind, expect):
    source = FamilySource(heroes, spells, kind)
    for reserve in (0, 1):      # one call at a time (session 13), and the pipeline (search/pipeline.py)
        on_dask = frontier_solve(source, workers=2, client=dask_client, prefix=20, slice_states=40, reserve=reserve)
        here = frontier_solve(source, workers=2, prefix=20, slice_states=40, reserve=reserve)
        assert on_dask.verdict.verdict == here.verdict.verdict == expect
        assert on_dask.verdict.casts == here.verdict.casts == _serial(family_world(heroes, spells, kind)).casts
        assert on_dask.parts == here.parts > 1


@pytest.mark.parametrize("reserve", [0, 2])        # the session-13 calls, and the pipeline's reserve
@pytest.mark.parametrize("heroes,spells,kind", [(2, 4, "mixed"), (3, 4, "mixed"), (4, 5, "we")])
def test_one_worker_is_the_serial_search_state_for_state(heroes, spells, kind, reserve):
    serial = _serial(family_world(heroes, spells, kind))
    run = frontier_solve(FamilySource(heroes, spells, kind), workers=1, prefix=10, slice_states=7, reserve=reserve)
    assert (run.verdict.verdict, run.verdict.casts, run.verdict.states) == (serial.verdict, serial.casts,
                                                                             serial.states)


def test_a_table_passed_on_is_filed_under_the_receivers_numbers():
    """Two workers number the parts they meet in their own order; a finished part's table, filed by
    the other, names the same situations (board and heroes) with the same spells left."""
    source = FamilySource(3, 2, "mixed")
    a, b = FrontierWorker(source, 0, 2, prefix=5), FrontierWorker(source, 1, 2, prefix=5)
    b.call(len(b.frontier) - 1, [], 10_000, None)      # b meets its boards and heroes in another order
    reply = a.call(0, [], 10_000, None)
    assert reply["done"] == UNSOLVABLE and reply["export"] is not None
    boards = {number: key for key, number in a.search._boards.items()}
    heroes = {number: key for key, number in a.search._heroes.items()}
    named = {(boards[p[0]], *[heroes[h] for h in p[1:]]): mask for p, mask in reply["export"][2]}
    b.take(0, reply["export"])
    b_boards = {number: key for key, number in b.search._boards.items()}
    b_heroes = {number: key for key, number in b.search._heroes.items()}
    filed = {}
    for parts, entry in b.search._seen.items():
        filed[(b_boards[parts[0]], *[b_heroes[h] for h in parts[1:]])] = entry
    for situation, mask in named.items():
        entry = filed[situation]
        assert any(other & mask == mask for other in ((entry,) if isinstance(entry, int) else entry))


@pytest.mark.parametrize("heroes,spells,kind", [(2, 4, "we"), (4, 2, "we")])
def test_a_cell_the_prefix_decides_is_answered_without_parts(heroes, spells, kind):
    serial = _serial(family_world(heroes, spells, kind))
    run = frontier_solve(FamilySource(heroes, spells, kind), workers=2)
    assert run.parts == 0 and (run.verdict.verdict, run.verdict.casts) == (serial.verdict, serial.casts)


def test_workers_whose_frontiers_differ_are_refused():
    same = {"verdict": None, "parts": 3, "fingerprint": "a" * 64, "cpu": 0.0, "states": 1}
    with pytest.raises(FrontierMismatch, match="3 parts aaaa.*3 parts bbbb"):
        check_frontiers([same, {**same, "fingerprint": "b" * 64}])
    with pytest.raises(FrontierMismatch):
        check_frontiers([same, {**same, "parts": 4}])


def _reply(part, done, casts=(), export=None):
    return {"part": part, "done": done, "casts": casts, "reason": "", "states": 1, "cpu": 0.0, "export": export}


def test_the_deal_keeps_the_serial_order_of_wins():
    deal = Deal(parts=4, workers=2)
    assert deal.hand(0, None) == (0, [])
    assert deal.hand(1, None) == (1, [])
    assert deal.answer(1, _reply(1, SOLVABLE, ("late",))) is None
    assert not deal.over(), "part 0 may still hold the serial witness"
    assert deal.hand(1, None) is None, "nothing after a win is dealt"
    assert deal.answer(0, _reply(0, None)) == 0     # part 0 goes on
    assert deal.answer(0, _reply(0, SOLVABLE, ("early",))) is None
    assert deal.over() and deal.verdict(0, 0.0).casts == ("early",)


def test_a_table_goes_only_to_later_parts_until_its_parts_finish_without_a_win():
    """What a part not yet finished filed may serve the parts after it (if it wins, they cannot be
    the answer), never the parts before it; a table holding a part's entries serves every part once
    that part finished without a win, never while it may still win."""
    deal = Deal(parts=5, workers=2)
    assert deal.hand(0, None) == (0, []) and deal.hand(1, None) == (1, [])
    early = ([], [], [((0, 0), 1)], frozenset({0}))
    late = ([], [], [((0, 1), 1)], frozenset({0, 1}))     # worker 1's table held part 0's entries too
    deal.answer(0, _reply(0, None, export=early))
    assert deal.hand(1, 1)[1] == [(0, early)], "part 0's entries serve part 1, which comes after it"
    deal.answer(1, _reply(1, UNSOLVABLE, export=late))
    assert deal.hand(0, 0)[1] == [], "part 0 goes on: a table resting on its own entries is kept back"
    assert deal.hand(1, None)[0] == 2
    deal.answer(0, _reply(0, UNSOLVABLE))
    assert deal.hand(0, None) == (3, [(1, late)]), "part 0 finished without a win: the table is sound"
    assert deal.hand(0, 3)[1] == [], "each table once"


def test_a_part_that_won_passes_nothing_on_to_the_parts_before_it():
    deal = Deal(parts=3, workers=2)
    deal.hand(0, None), deal.hand(1, None)
    won = ([], [], [((0, 1), 1)], frozenset({1}))
    deal.answer(1, _reply(1, None, export=won))
    deal.answer(1, _reply(1, SOLVABLE, ("won",)))
    assert deal.hand(0, 0)[1] == [] and deal.hand(1, None) is None
    assert deal.exports[1] == [(0, won)] and deal.finished[1] is None


@pytest.mark.parametrize("reserve", [0, 1])
@pytest.mark.parametrize("on_dask", [False, True])
def test_a_worker_past_its_budget_makes_the_run_unknown(dask_client, on_dask, reserve):
    source = FamilySource(3, 4, "mixed")
    client = dask_client if on_dask else None
    run = frontier_solve(source, workers=2, client=client, prefix=10, slice_states=50, max_states=400, reserve=reserve)
    assert run.verdict.verdict == UNKNOWN and "400 states" in run.verdict.reason
    assert max(run.states) <= 400
    assert frontier_solve(source, workers=2, client=client, prefix=10, slice_states=50,
                          max_states=10_000, reserve=reserve).verdict.verdict == UNSOLVABLE


class _WorldSource:
    """A drawn world as a source, a fresh copy for each worker, as a cluster's workers each build
    their own: a world shared by the workers here would share its memos too, and the static check,
    warmer on the later workers, could decide within its allowance there and not on the first
    (the prefixes then differ, which ``frontier_solve`` refuses)."""

    def __init__(self, world):
        self.world = world

    def options(self):
        world = self.world
        return {"world": World(world.level, {room.label: slot for room, slot in zip(world.rooms, world.initial_slots)})}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_worlds(max_spells=4, max_heroes=3), st.integers(2, 3), st.sampled_from([1, 3, 20]),
       st.sampled_from([1, 5, 40]))
def test_the_frontier_gives_the_serial_answer_on_random_worlds(world, workers, prefix, slice_states):
    """Brute force across workers: the serial verdict and witness on small random worlds, whatever
    the workers, the prefix and the slices; the plain search (no reduction) agrees on the verdict."""
    serial = Search(world, fewest=False).run(max_states=50_000)
    assume(serial.verdict != UNKNOWN)
    plain = Search(world, prune=False).run(max_states=200_000)
    run = frontier_solve(_WorldSource(world), workers=workers, prefix=prefix, slice_states=slice_states, reserve=0)
    assert run.verdict.verdict == serial.verdict
    assert run.verdict.casts == serial.casts
    if plain.verdict != UNKNOWN:
        assert plain.verdict == serial.verdict
    if serial.verdict == SOLVABLE:
        assert run_world(world, run.verdict.casts, strict=True).outcome.value == "win"


def test_the_frontier_is_the_same_in_processes_with_other_hash_seeds():
    """A cluster's workers are processes of their own, each with its own string hashing: their serial
    prefixes must end on the same frontier, or the parts dealt would not be the serial search's."""
    import os
    import subprocess
    import sys

    code = ("from zorglab.search.frontier import FrontierWorker\n"
            "from zorglab.search.parallel import FamilySource\n"
            "w = FrontierWorker(FamilySource(3, 4, 'mixed'), 0, 2, prefix=150)\n"
            "print(len(w.frontier), w.fingerprint)\n")
    prints = set()
    for seed in ("1", "2", "3"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        prints.add(done.stdout.strip())
    assert len(prints) == 1 and int(next(iter(prints)).split()[0]) > 1

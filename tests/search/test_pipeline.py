"""Issue 41 item 4, session 14: the frontier's workers running on their own (``search.pipeline``): a
worker holds parts dealt ahead and runs on without waiting for the coordinator, its tables travel
as bytes the coordinator never opens, and the answer is still the serial verdict and witness, here
and on a dask cluster, whatever the reserve; a table goes to a worker only where it is sound for the
earliest part the worker may be running."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from randomlevels import small_worlds
from test_frontier import _WorldSource
from zorglab.engine.run import run_world
from zorglab.search.family import family_world
from zorglab.search.deal import Deal
from zorglab.search.frontier import FrontierWorker, frontier_solve
from zorglab.search.parallel import FamilySource
from zorglab.search.pipeline import Runner, _book, _feed, pack
from zorglab.search.solver import SOLVABLE, UNKNOWN, UNSOLVABLE, Search

CELLS = [(4, 5, "we", SOLVABLE), (2, 4, "mixed", SOLVABLE), (3, 3, "mixed", UNSOLVABLE), (4, 3, "mixed", UNSOLVABLE)]


def _serial(world):
    return Search(world, fewest=False).run(max_states=2_000_000)


@pytest.mark.parametrize("heroes,spells,kind,expect", CELLS)
def test_the_pipelined_frontier_gives_the_serial_verdict_and_witness(heroes, spells, kind, expect):
    serial = _serial(family_world(heroes, spells, kind))
    assert serial.verdict == expect
    for workers, prefix, slice_states, reserve in ((2, 20, 30, 1), (2, 20, 200, 3), (3, 5, 50, 5)):
        run = frontier_solve(FamilySource(heroes, spells, kind), workers=workers, prefix=prefix,
                             slice_states=slice_states, reserve=reserve)
        assert run.parts > 1
        assert (run.verdict.verdict, run.verdict.casts) == (expect, serial.casts), "the serial search's own witness"
        if expect == UNSOLVABLE:
            assert sum(run.imported) > 0, "finished parts' tables were passed on"


@pytest.mark.parametrize("heroes,spells,kind,expect", [CELLS[0], CELLS[1], CELLS[2]])
def test_the_pipelined_frontier_on_a_cluster_gives_the_serial_answer(dask_client, heroes, spells, kind, expect):
    serial = _serial(family_world(heroes, spells, kind))
    for reserve, slice_states in ((1, 40), (3, 300)):
        run = frontier_solve(FamilySource(heroes, spells, kind), workers=2, client=dask_client, prefix=20,
                             slice_states=slice_states, reserve=reserve)
        assert (run.verdict.verdict, run.verdict.casts) == (expect, serial.casts)
        assert run.parts > 1 and run.rounds > 0
    if expect == SOLVABLE:
        assert run_world(family_world(heroes, spells, kind), run.verdict.casts, strict=True).outcome.value == "win"


def test_a_worker_runs_its_reserve_without_waiting_and_reports_in_slices():
    """Fed three parts once, a runner runs them one after another, step after step, with no word
    from the coordinator between; a slice ends early once a part finishes with at most one left."""
    worker = FrontierWorker(FamilySource(3, 3, "mixed"), 0, 2, prefix=10)
    runner = Runner(worker, 10_000, None, None, True)
    runner.feed([0, 1, 2], [], None)
    finished = []
    steps = 0
    while not runner.idle():
        events = runner.step()
        steps += 1
        finished += [e["part"] for e in events if e["done"] is not None]
        assert all(e["done"] in (None, UNSOLVABLE) for e in events)
    assert finished == [0, 1, 2], "every part run, in the serial order"
    assert steps == 2, "the first slice ends once one part is left in reserve: the coordinator tops it up"
    assert all(isinstance(e["export"][0], bytes) for e in events if e["export"] is not None)


def test_a_runner_drops_the_parts_after_a_win_and_stops_at_its_budget():
    worker = FrontierWorker(FamilySource(3, 3, "mixed"), 0, 2, prefix=10)
    runner = Runner(worker, 10_000, None, None, False)
    runner.feed([3, 4, 5], [], 2)
    assert runner.idle() and runner.step() == [], "every part comes after the win in part 2"
    budget = Runner(FrontierWorker(FamilySource(3, 3, "mixed"), 0, 2, prefix=10), 50, 60, None, False)
    budget.feed([0, 1, 2, 3], [], None)
    events = budget.step() + budget.step()
    assert events[-1]["done"] == UNKNOWN and "60 states" in events[-1]["reason"]
    assert budget.idle() and budget.worker.search.states <= 60


def _table(rests_on):
    return pack(([], [], [((0, 0), 1)], frozenset(rests_on)))


def _event(part, done, export=None, casts=()):
    return {"part": part, "done": done, "casts": casts, "reason": "", "export": export}


def test_a_table_goes_to_a_worker_only_where_sound_for_its_earliest_part():
    """A worker holding parts 0, 1, 2 may be running part 0 until it reports it finished: a table
    resting on part 1 (not finished) must wait, though it would serve parts 2 and 3; once part 1
    finished without a win it goes, and each table goes once."""
    deal = Deal(parts=8, workers=2)
    held = [[], []]
    assert _feed(deal, 0, held[0], 2) == ([0, 1, 2], [])
    assert _feed(deal, 1, held[1], 2) == ([3, 4, 5], [])
    early = _table({3})
    _book(deal, 1, held[1], [_event(3, None, early)])
    assert _feed(deal, 0, held[0], 2) == ([], []), "part 3 may still win: nothing for parts 0..2"
    _book(deal, 0, held[0], [_event(0, UNSOLVABLE, _table({0}))])
    parts, imports = _feed(deal, 1, held[1], 2)
    assert parts == [] and [source for source, _ in imports] == [0], "part 0 finished: its table serves all"
    _book(deal, 1, held[1], [_event(3, UNSOLVABLE, _table({3, 0}))])
    assert held[1] == [4, 5]
    parts, imports = _feed(deal, 0, held[0], 2)
    assert parts == [6] and len(imports) == 2, "part 3 finished without a win: both its tables serve part 1"
    assert _feed(deal, 0, held[0], 2) == ([], []), "each table once"
    _book(deal, 1, held[1], [_event(4, None, _table({0, 3, 4}))])
    _book(deal, 0, held[0], [_event(1, UNSOLVABLE, _table({1}))])
    assert held[0] == [2, 6] and _feed(deal, 0, held[0], 2) == ([7], []), \
        "worker 0 may be running part 2 still: part 4's entries wait, though they would serve parts 6 and 7"


def test_a_win_stops_the_deal_and_keeps_the_serial_order():
    deal = Deal(parts=6, workers=2)
    held = [[], []]
    _feed(deal, 0, held[0], 1), _feed(deal, 1, held[1], 1)       # 0, 1 and 2, 3
    _book(deal, 1, held[1], [_event(2, SOLVABLE, casts=("late",))])
    assert _feed(deal, 1, held[1], 1)[0] == [], "nothing after the win in part 2 is dealt"
    assert not deal.over(), "parts 0 and 1 may still hold the serial witness"
    _book(deal, 0, held[0], [_event(0, UNSOLVABLE), _event(1, SOLVABLE, casts=("early",))])
    assert deal.over() and deal.verdict(0, 0.0).casts == ("early",)


def test_a_packed_table_is_the_table():
    export = ([("b",)], [("h",)], [((0, 0), 3)], frozenset({1, 2}))
    data, rests_on = pack(export)
    assert pickle.loads(data) == export and rests_on == frozenset({1, 2})


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_worlds(max_spells=4, max_heroes=3), st.integers(2, 3), st.sampled_from([1, 3, 20]),
       st.sampled_from([1, 5, 40]), st.sampled_from([1, 2, 4]))
def test_the_pipelined_frontier_gives_the_serial_answer_on_random_worlds(world, workers, prefix, slice_states,
                                                                          reserve):
    """Brute force across workers and reserves: the serial verdict and witness on small random worlds."""
    serial = Search(world, fewest=False).run(max_states=50_000)
    assume(serial.verdict != UNKNOWN)
    run = frontier_solve(_WorldSource(world), workers=workers, prefix=prefix, slice_states=slice_states,
                         reserve=reserve)
    assert (run.verdict.verdict, run.verdict.casts) == (serial.verdict, serial.casts)
    if serial.verdict == SOLVABLE:
        assert run_world(world, run.verdict.casts, strict=True).outcome.value == "win"


def test_a_worker_whose_search_fails_fails_the_run_on_a_cluster(dask_client, monkeypatch):
    """A search that raises in a worker's thread (out of memory, a bug) reaches the caller as an
    error, never a run waiting for a report that will not come."""
    import threading

    from zorglab.search import pipeline

    def fails(self):
        raise MemoryError("the worker's search ran out")

    monkeypatch.setattr(pipeline.Runner, "step", fails)     # the cluster here runs in this process
    outcome = []

    def run():
        try:
            frontier_solve(FamilySource(3, 3, "mixed"), workers=2, client=dask_client, prefix=10, reserve=1)
            outcome.append("returned")
        except Exception as error:          # the actor's error, as dask raises it
            outcome.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(timeout=120)
    assert outcome and outcome[0] != "returned" and "ran out" in str(outcome[0])

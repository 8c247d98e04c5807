"""The search holds the cyclic garbage collector off while it runs, and always gives it back."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from zorglab.engine.game import setup_solution
from zorglab.level import load_level
from zorglab.search.level import world_search
from zorglab.search.solver import SOLVABLE, gc_paused

LEVEL = Path(__file__).resolve().parents[2] / "levels" / "app-01-first-blood.toml"


@pytest.fixture
def collector_on():
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


def test_the_collector_is_off_during_a_search_and_on_after_it(collector_on):
    game = setup_solution(load_level(LEVEL), 0)
    seen = []
    search = world_search(game)
    wins = search.wins
    search.wins = lambda state: seen.append(gc.isenabled()) or wins(state)
    assert search.run().verdict == SOLVABLE
    assert seen and not any(seen)
    assert gc.isenabled()


def test_a_caller_who_turned_the_collector_off_keeps_it_off(collector_on):
    gc.disable()
    with gc_paused():
        assert not gc.isenabled()
    assert not gc.isenabled()


def test_the_collector_comes_back_when_the_search_is_interrupted(collector_on):
    game = setup_solution(load_level(LEVEL), 0)
    search = world_search(game)

    def interrupt(state):
        raise KeyboardInterrupt

    search.wins = interrupt
    assert search.run().verdict == "unknown"
    assert gc.isenabled()


def test_the_collector_comes_back_when_a_rule_raises(collector_on):
    game = setup_solution(load_level(LEVEL), 0)
    search = world_search(game)

    def broken(state):
        raise RuntimeError("a bug in a constraint")

    search.wins = broken
    with pytest.raises(RuntimeError):
        search.run()
    assert gc.isenabled()


def test_a_search_leaves_no_young_backlog_for_the_collector(collector_on):
    # What the search allocated joins the oldest generation unwalked: the first collection after
    # a search does not walk its whole table (that pass cost ~0.7 s after a 5 s search).
    game = setup_solution(load_level(LEVEL), 0)
    gc.collect()
    with gc_paused():
        kept = [(i, (i,)) for i in range(50_000)]       # stands for the table the search keeps
    assert gc.get_count()[0] < 1_000
    assert world_search(game).run().verdict == SOLVABLE
    assert gc.get_count()[0] < 1_000
    del kept


def test_objects_someone_else_froze_stay_frozen(collector_on):
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        with gc_paused():
            [(i,) for i in range(1_000)]
        # a thaw (gc.unfreeze) would leave none; another thread of the process (pytest-xdist's
        # worker channel) may free a few frozen objects meanwhile, so not exactly as many
        assert frozen > 0 and gc.get_freeze_count() > frozen // 2
    finally:
        gc.unfreeze()


def test_a_finished_search_is_freed_by_reference_counting_alone():
    # No reference cycle through the search (its default win test once was a lambda on itself):
    # its table goes the moment the caller drops it, not at some later full collection.
    import weakref

    from zorglab.search.solver import Search

    world = setup_solution(load_level(LEVEL), 0).world()
    was = gc.isenabled()
    gc.disable()
    try:
        search = Search(world)
        assert search.run().verdict == SOLVABLE
        gone = weakref.ref(search.wins)     # held by the search alone: alive exactly as long as it is
        del search
        assert gone() is None
    finally:
        if was:
            gc.enable()

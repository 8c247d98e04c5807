"""Issue 41 item 4, session 16: a part split while it runs (``Deal.split``, ``FrontierWorker.split``).
At the end of a frontier run a worker left with nothing has the busy worker's part split: the bottom
of its stack dealt on as sub-parts numbered in the serial order, each run only after its worker filed
what the split part had filed by then. The serial verdict and witness here and on a cluster, over
workers, prefixes, slices and reserves; the book by hand; and splits made wrong on purpose (sub-parts
numbered against the serial order, or run without the split's prefix) caught by the same checks."""

from __future__ import annotations

import pickle
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, assume, find, given, settings
from hypothesis.errors import NoSuchExample
from hypothesis import strategies as st

from randomlevels import small_worlds
from test_frontier import _WorldSource
from zorglab.engine.run import run_world
from zorglab.search import pipeline
from zorglab.search.deal import Deal
from zorglab.search.family import family_world
from zorglab.search.frontier import FrontierWorker, frontier_solve
from zorglab.search.parallel import FamilySource
from zorglab.search.pipeline import top_up, run_here
from zorglab.search.solver import SOLVABLE, UNKNOWN, UNSOLVABLE, Search

CELLS = [(4, 5, "we", SOLVABLE), (2, 4, "mixed", SOLVABLE), (3, 3, "mixed", UNSOLVABLE)]
# (workers, prefix, slice, reserve): few parts (a short prefix), so workers run out early and parts split
RUNS = [(2, 3, 30, 1), (3, 5, 50, 1), (2, 20, 25, 2)]


def _serial(world):
    return Search(world, fewest=False).run(max_states=2_000_000)


def _eager(deal, assigned):
    """Every running part asked to split at every step where another worker could take its sub-parts,
    not only once a worker runs out."""
    return _SPLITTABLE(deal, assigned, eager=True)


_SPLITTABLE = pipeline.splittable


@pytest.fixture(params=["at the end", "eager"])
def splitting(request, monkeypatch):
    if request.param == "eager":
        monkeypatch.setattr(pipeline, "splittable", _eager)
    return request.param


def _splits(source, workers, prefix, slice_states, reserve):
    decided, _, deal, _ = run_here(source, workers, prefix, slice_states, None, None, True, reserve)
    assert decided is None
    return deal


@pytest.mark.parametrize("heroes,spells,kind,expect", CELLS)
def test_parts_split_give_the_serial_verdict_and_witness(splitting, heroes, spells, kind, expect):
    serial = _serial(family_world(heroes, spells, kind))
    assert serial.verdict == expect
    splits = 0
    for workers, prefix, slice_states, reserve in RUNS:
        source = FamilySource(heroes, spells, kind)
        deal = _splits(source, workers, prefix, slice_states, reserve)
        splits += deal.splits
        verdict = deal.verdict(0, 0.0)
        assert (verdict.verdict, verdict.casts) == (expect, serial.casts), "the serial search's own witness"
        assert all(deal.done[p] for p in deal.done if deal.win is None or p < deal.win[0])
    if expect == UNSOLVABLE:
        assert splits > 0, "parts were split"


@pytest.mark.parametrize("heroes,spells,kind,expect", [CELLS[0], CELLS[2]])
def test_parts_split_on_a_cluster_give_the_serial_answer(dask_client, heroes, spells, kind, expect):
    serial = _serial(family_world(heroes, spells, kind))
    for workers, prefix, slice_states, reserve in RUNS[:2]:
        run = frontier_solve(FamilySource(heroes, spells, kind), workers=workers, client=dask_client, prefix=prefix,
                             slice_states=slice_states, reserve=reserve)
        assert (run.verdict.verdict, run.verdict.casts) == (expect, serial.casts)


def test_without_splits_the_run_is_the_one_before():
    """``split=False`` deals as session 15 did (no sub-part); with splits, the same answer."""
    source = FamilySource(3, 3, "mixed")
    _, _, plain, _ = run_here(source, 2, 3, 30, None, None, True, 1, split=False)
    assert plain.splits == 0 and not plain.roots
    assert plain.verdict(0, 0.0).verdict == _splits(source, 2, 3, 30, 1).verdict(0, 0.0).verdict == UNSOLVABLE


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_worlds(max_spells=4, max_heroes=3), st.integers(2, 3), st.sampled_from([1, 2, 6]),
       st.sampled_from([1, 5, 40]), st.sampled_from([1, 2]), st.booleans())
def test_parts_split_give_the_serial_answer_on_random_worlds(world, workers, prefix, slice_states, reserve, eager):
    """Brute force: random worlds, their parts split whenever a worker runs out (or at every step),
    against the serial verdict and witness."""
    serial = Search(world, fewest=False).run(max_states=50_000)
    assume(serial.verdict != UNKNOWN)
    real = pipeline.splittable
    pipeline.splittable = _eager if eager else real
    try:
        run = frontier_solve(_WorldSource(world), workers=workers, prefix=prefix, slice_states=slice_states,
                             reserve=reserve)
    finally:
        pipeline.splittable = real
    assert (run.verdict.verdict, run.verdict.casts) == (serial.verdict, serial.casts)
    if serial.verdict == SOLVABLE:
        assert run_world(world, run.verdict.casts, strict=True).outcome.value == "win"


def test_a_split_node_is_the_node_on_another_worker():
    """The nodes a worker splits off, rebuilt on another worker below its own node of the main part:
    the same states and casts from the start, in the serial order (the top of the stack first)."""
    source = FamilySource(3, 3, "mixed")
    one, two = FrontierWorker(source, 0, 2, prefix=5), FrontierWorker(source, 1, 2, prefix=5)
    one.call(0, [], 40, None)
    stack = list(one.search._stack)
    nodes = one.split()
    assert len(nodes) == len(stack) // 2 and one.search._stack == stack[len(stack) // 2:]
    for data, node in zip(nodes, reversed(stack[:len(stack) // 2])):
        assert pickle.loads(data)[0] == 0
        built = two._root(data)
        while node is not None:
            assert built.state == node.state and built.cast == node.cast and built.mask == node.mask
            node, built = node.parent, built.parent
        assert built is None


def _event(part, done, rests_on=(), split=None):
    export = (pickle.dumps(([], [], [], frozenset(rests_on))), frozenset(rests_on))
    return {"part": part, "done": done, "casts": ("won",) if done == SOLVABLE else (), "reason": "", "export": export,
            "split": split}


def test_sub_parts_are_numbered_in_the_serial_order():
    """A split's sub-parts lie between the part and the next; a later split of the same part numbers
    its sub-parts before the earlier ones (the part's own nodes come first); a sub-part split again
    numbers its own below the next sub-part."""
    deal = Deal(parts=3, workers=2)
    first = deal.split(0, 1, [b"a", b"b"])
    assert 1 < first[0] < first[1] < 2
    again = deal.split(0, 1, [b"c"])
    assert 1 < again[0] < first[0]
    inner = deal.split(1, first[0], [b"d", b"e"])
    assert first[0] < inner[0] < inner[1] < first[1]
    assert deal.pending == sorted(first + again + inner) and deal.parent[inner[0]] == first[0]
    assert all(isinstance(p, Fraction) for p in deal.pending)


def test_a_sub_part_goes_with_the_split_prefix_and_its_tree_finishes_whole():
    """The worker of a sub-part files what the split part passed on up to the split; the split part's
    entries and the sub-parts' serve the parts before them only once the whole tree is done without a
    win; a sub-part done serves its split part and the sub-parts numbered before it at once."""
    deal = Deal(parts=3, workers=2)
    held = [[], []]
    assert top_up(deal, 0, held[0], 1) == ([0, 1], [])
    assert top_up(deal, 1, held[1], 1) == ([2], [])
    deal.answer(1, _event(2, UNSOLVABLE, {2}))
    held[1].remove(2)
    deal.answer(0, _event(0, UNSOLVABLE, {0}))
    held[0].remove(0)
    deal.answer(0, _event(1, None, {0, 1}, split=[b"x", b"y"]))
    subs = sorted(deal.pending)
    parts, imports = top_up(deal, 1, held[1], 1)
    assert parts == subs and len(imports) == 2, "both sub-parts, with part 0's table and the split's prefix"
    assert deal.finished[1] is None and deal.finished[subs[0]] is None
    deal.answer(1, _event(subs[1], UNSOLVABLE, {subs[1]}))
    assert deal._sound({subs[1]}, subs[0], None) and deal._sound({subs[1]}, 1, None), \
        "a sub-part done: its nodes are dead but through the split's prefix, which part 1 and sub-part 1 hold"
    assert not deal._sound({subs[1]}, 0, None), "part 0 does not hold part 1's nodes"
    deal.answer(0, _event(1, UNSOLVABLE, {0, 1}))
    assert deal.finished[1] is None, "part 1 is done, its sub-part 0 is not: the tree is not"
    deal.answer(1, _event(subs[0], UNSOLVABLE, {subs[0]}))
    assert deal.finished[1] is not None and deal.over() and deal.verdict(0, 0.0).verdict == UNSOLVABLE


def test_a_win_in_a_sub_part_waits_for_the_parts_before_it():
    deal = Deal(parts=2, workers=2)
    deal.split(0, 0, [b"x", b"y"])
    subs = sorted(deal.pending)
    deal.close(subs[1], SOLVABLE, ("late",), "")
    deal.close(subs[0], UNSOLVABLE, (), "")
    assert not deal.over(), "part 0's own nodes come before its sub-parts"
    deal.close(0, UNSOLVABLE, (), "")
    assert deal.over() and deal.verdict(0, 0.0).casts == ("late",)
    assert "sub-part of part 1" in deal.verdict(0, 0.0).reason


# -- splits made wrong on purpose: the checks above must catch them -------------------------------

def _wrong_answer_found(monkeypatch, split) -> bool:
    """Is there a random world whose answer, its parts split at every step with ``split`` in place of
    the worker's own, differs from the serial search's (hypothesis looks, derandomized)?"""
    monkeypatch.setattr(pipeline, "splittable", _eager)
    monkeypatch.setattr(FrontierWorker, "split", split)

    def differs(world) -> bool:
        serial = Search(world, fewest=False).run(max_states=50_000)
        if serial.verdict == UNKNOWN:
            return False
        for workers, prefix, slice_states in ((3, 1, 1), (2, 1, 1), (3, 2, 5)):
            run = frontier_solve(_WorldSource(world), workers=workers, prefix=prefix, slice_states=slice_states,
                                 reserve=1)
            if (run.verdict.verdict, run.verdict.casts) != (serial.verdict, serial.casts):
                return True
        return False
    try:
        find(small_worlds(max_spells=4, max_heroes=3), differs,
             settings=settings(max_examples=400, deadline=None, derandomize=True, database=None,
                               suppress_health_check=list(HealthCheck)))
    except NoSuchExample:
        return False
    return True


_SPLIT = FrontierWorker.split


def test_sub_parts_numbered_against_the_serial_order_fail(monkeypatch):
    """The split's nodes numbered top last (the serial order reversed among the sub-parts): a win in
    a sub-part the serial search reaches later is taken for the answer."""
    assert _wrong_answer_found(monkeypatch, lambda self: _SPLIT(self)[::-1])


def test_the_top_of_the_stack_dealt_as_sub_parts_fails(monkeypatch):
    """The top half of the stack split off (the nodes the serial search expands first) numbered
    after the part's own: a win in the part's remainder is taken before the earlier one."""
    def top(self):
        self.search._stack.reverse()
        try:
            return _SPLIT(self)
        finally:
            self.search._stack.reverse()
    assert _wrong_answer_found(monkeypatch, top)

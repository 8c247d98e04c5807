"""Issue 41 item 4, session 15: the plan memos and the bound's lone walks passed between the
frontier's workers (``search.memoshare``). Each entry is the world's (a function of its key), so a
search given another search's entries answers as it would without them: on random worlds of every
hero type, the same verdict and witness (and, given plan answers alone, the same states one for one);
the frontier with and without them gives the serial answer. Entries corrupted on purpose are caught:
bytes that are not their sender's are refused, and wrong answers change what the search does."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from randomlevels import small_worlds
from test_frontier import _WorldSource
from test_hero_facts import hurting, mixed_heroes
from test_hero_gunner import gallery, spawned
from zorglab.engine.plangraph import PlanGraph
from zorglab.engine.world import World
from zorglab.search.family import family_world
from zorglab.search.frontier import FrontierWorker, frontier_solve
from zorglab.search.memoshare import SHARED_MEMOS, MemoCorrupted, MemoShare
from zorglab.search.parallel import FamilySource
from zorglab.search.solver import SOLVABLE, UNKNOWN, Search

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
worlds = st.one_of(small_worlds(max_spells=4, max_heroes=3),
                   small_worlds(max_spells=3, max_heroes=3, hero_choices=mixed_heroes, spell_choices=hurting))


def fresh(world: World) -> World:
    """The same world with no memo and no plan graph yet (as another worker builds it)."""
    return _WorldSource(world).options()["world"]


def worked_out(world: World, walks: bool = True) -> tuple:
    """Every plan answer (and, with ``walks``, every lone walk) a whole serial search on a fresh copy
    of ``world`` wrote, as another worker passes them on."""
    search = Search(fresh(world), fewest=False)
    share = MemoShare(search)
    if not walks:
        share.walks = None
    search.run(max_states=50_000)
    return share.export()


def given_entries(world: World, shipped) -> Search:
    """A serial search on a fresh copy of ``world`` with the entries filed before it starts."""
    search = Search(fresh(world), fewest=False)
    if shipped is not None:
        MemoShare(search).take(shipped)
    return search


def test_a_gunners_plan_the_search_forgot_is_not_searched_again(monkeypatch):
    """A type that plans forward from each state with no key of its own (the Gunner) keeps its
    answers in the world's memo under the graph's map: a graph the search's plan budget forgot
    asks no forward search again, and another worker can be given them."""
    world = gallery(("Gunner", 9, 3), left=True, far=True)
    state = spawned(world)
    first = world.planner.action(state, 0)
    assert world.memos["plangraph.forward"], "the Gunner's answer is the world's"
    searched = []
    forward = PlanGraph._forward
    monkeypatch.setattr(PlanGraph, "_forward", lambda graph, s: searched.append(s) or forward(graph, s))
    world.planner.graphs.clear()        # what the search's plan budget does (Search.max_plans)
    assert world.planner.action(state, 0) == first
    assert not searched, "answered from the world's memo, not by a forward search again"


@SETTINGS
@given(worlds)
def test_a_search_given_anothers_plan_answers_is_the_same_search(world):
    """Plan answers another search worked out change nothing a search does: the same verdict, witness
    and states, one for one."""
    plain = given_entries(world, None).run(max_states=50_000)
    assume(plain.verdict != UNKNOWN)
    taken = given_entries(world, worked_out(world, walks=False)).run(max_states=50_000)
    assert (taken.verdict, taken.casts, taken.states) == (plain.verdict, plain.casts, plain.states)


@SETTINGS
@given(worlds)
def test_a_search_given_anothers_lone_walks_gives_the_same_answer(world):
    """Lone walks another search walked only strengthen the bound where it ran out of work, and
    the bound cuts no state that wins: the same verdict and witness."""
    plain = given_entries(world, None).run(max_states=50_000)
    assume(plain.verdict != UNKNOWN)
    taken = given_entries(world, worked_out(world)).run(max_states=50_000)
    assert (taken.verdict, taken.casts) == (plain.verdict, plain.casts)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(worlds, st.integers(2, 3), st.sampled_from([1, 3, 20]), st.sampled_from([1, 5, 40]), st.integers(0, 2))
def test_the_frontier_with_and_without_shared_memos_gives_the_serial_answer(world, workers, prefix, slice_states,
                                                                           reserve):
    serial = Search(world, fewest=False).run(max_states=50_000)
    assume(serial.verdict != UNKNOWN)
    for share in (True, False):
        run = frontier_solve(_WorldSource(world), workers=workers, prefix=prefix, slice_states=slice_states,
                             reserve=reserve, share_memos=share)
        assert (run.verdict.verdict, run.verdict.casts) == (serial.verdict, serial.casts), share


def test_workers_pass_each_other_what_they_worked_out():
    """On a family cell of every type each worker files the other's plan answers and lone walks,
    and a worker's entries once passed on are not passed on again."""
    source = FamilySource(3, 6, "mixed")
    a, b = FrontierWorker(source, 0, 2, prefix=20, share_memos=True), FrontierWorker(source, 1, 2, prefix=20,
                                                                                      share_memos=True)
    reply = a.call(0, [], 3_000, None)
    shipped = reply["memos"]
    assert shipped is not None
    entries, walks = pickle.loads(shipped[0])
    assert set(entries) <= set(SHARED_MEMOS) and entries["plangraph.forward"] and walks
    assert a.share.export() is None, "nothing new: nothing passed on again"
    b.take_memos([shipped])
    assert b.share.taken == sum(len(e) for e in entries.values()) + len(walks) == a.share.exported
    memo = b.search.world.memos["plangraph.forward"]
    assert all(memo[key] == value for key, value in entries["plangraph.forward"]), "filed as passed on"
    assert b.share.export() is None, "what was taken is not passed on again"


def test_bytes_that_are_not_their_senders_are_refused():
    source = FamilySource(3, 6, "mixed")
    a, b = FrontierWorker(source, 0, 2, prefix=20, share_memos=True), FrontierWorker(source, 1, 2, prefix=20,
                                                                                      share_memos=True)
    data, digest = a.call(0, [], 2_000, None)["memos"]
    before = dict(b.search.world.memos["plangraph.forward"])
    flipped = bytes([data[0]]) + bytes([data[1] ^ 1]) + data[2:]
    with pytest.raises(MemoCorrupted, match="digest"):
        b.take_memos([(flipped, digest)])
    assert b.search.world.memos["plangraph.forward"] == before, "nothing filed"


def test_a_lone_walk_taken_keeps_an_exact_value_and_the_larger_claim():
    search = Search(family_world(3, 4, "mixed"), fewest=False)
    share = MemoShare(search)
    solo = share.walks
    assert solo is not None
    for key, walk in {"exact": (3, True), "claim": (5, False), "small": (9, False)}.items():
        solo[key] = walk
    other = Search(family_world(3, 4, "mixed"), fewest=False)
    giver = MemoShare(other)
    for key, walk in {"exact": (7, False), "claim": (6, True), "small": (4, False), "new": (2, True)}.items():
        giver.walks[key] = walk
    share.export()          # its own, passed on
    share.take(giver.export())
    assert dict(solo) == {"exact": (3, True), "claim": (6, True), "small": (9, False), "new": (2, True)}
    assert share.export() is None, "what was taken is not passed on again"


def _corrupt(monkeypatch, owner, wrong):
    """Every entry of ``owner`` (a world memo, or "walks") passed on as ``wrong(value)``, with the
    digest of the bytes so made (its sender keeps its own right)."""
    import hashlib

    export = MemoShare.export

    def corrupted(self):
        shipped = export(self)
        if shipped is None:
            return None
        memos, walks = pickle.loads(shipped[0])
        if owner == "walks":
            walks = [(key, wrong(value)) for key, value in walks]
        elif owner in memos:
            memos[owner] = [(key, wrong(value)) for key, value in memos[owner]]
        data = pickle.dumps((memos, walks))
        return data, hashlib.blake2b(data, digest_size=16).digest()

    monkeypatch.setattr(MemoShare, "export", corrupted)


@pytest.mark.parametrize("owner,wrong", [("plangraph.forward", lambda answer: (answer[0], None)),
                                         ("walks", lambda walk: (0, True))])
def test_a_corrupted_entry_is_caught(monkeypatch, owner, wrong):
    """The checks above have teeth: entries passed on corrupted (plan answers saying "stuck", lone
    walks saying "loses nothing") change the search given them: its states, its answer."""
    world = family_world(3, 6, "mixed")
    plain = given_entries(world, None).run(max_states=200_000)
    assert plain.verdict == SOLVABLE
    good = worked_out(world)
    _corrupt(monkeypatch, owner, wrong)
    bad = worked_out(world)
    assert bad != good
    taken = given_entries(world, bad).run(max_states=200_000)
    assert (taken.verdict, taken.casts, taken.states) != (plain.verdict, plain.casts, plain.states)
    if owner == "walks":
        assert (taken.verdict, taken.casts) != (plain.verdict, plain.casts), "a win cut: a wrong answer"


def test_lone_walks_noted_for_passing_on_are_forgotten_past_their_budget_as_the_serial_searchs():
    """A worker's lone-walk memo (noted for passing on) is forgotten past its budget as the serial
    search's own is (``LoneWalks.forget_walks``), not frozen into "no bound" for every later walk."""
    search = Search(family_world(3, 4, "mixed"), fewest=False)
    share = MemoShare(search)
    share.walks["walk"] = (3, True)
    assert search._bound.forget_walks() and not search._bound._solo and not share.walks.log
    assert share.export() is None

"""Issue 16: each state cut keeps the search exact (FR-47..FR-50), checked against the search with
every reduction off and against brute force on random levels; the witness search, the table bound."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings

from zorglab.engine.run import run_world
from zorglab.engine.state import GameState
from zorglab.search.family import family_world
from zorglab.search.situations import BOARD_DEATHS
from zorglab.search.solver import SOLVABLE, UNKNOWN, UNSOLVABLE, Search

from randomlevels import small_worlds
from test_solver_properties import brute_force

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Each reduction alone (the others off), then all together; the witness search forced to run
# from the first expansion, beside the proof (every other expansion) and alone.
ALONE = {"forget_dead": dict(cut_sleepers=False), "cut_sleepers": dict(forget_dead=False),
         "eager_bound": dict(bound_first=10**9),
         "interrupted_bound": dict(bound_first=160, bound_share=0.5, bound_ramp=0, bound_quantum=160)}
WITNESS = {"beside": dict(fewest=False, witness_after=0, witness_every=16),
           "after": dict(fewest=False, witness_after=200, witness_every=2),
           "alone": dict(fewest=False, witness_after=0, witness_every=1)}


def _reference(world, **options):
    """The search the others are checked against; a random world too big for it to decide in the
    budget says nothing about the cuts and is passed over (seen: one world needing > 50,000)."""
    verdict = Search(world, **options).run(max_states=50_000)
    assume(verdict.verdict != UNKNOWN)
    return _decide(world, **options)


def _decide(world, **options):
    verdict = Search(world, **options).run(max_states=50_000)
    assert verdict.verdict in (SOLVABLE, UNSOLVABLE), verdict.reason
    if verdict.verdict == SOLVABLE:
        assert run_world(world, verdict.casts, strict=True).outcome.value == "win", "the witness replays"
    return verdict


@SETTINGS
@given(small_worlds())
def test_each_cut_keeps_the_verdict_and_the_fewest_spells(world):
    plain = _reference(world, prune=False)
    for options in (*ALONE.values(), {}):
        cut = _decide(world, **options)
        assert cut.verdict == plain.verdict
        assert cut.spells_used == plain.spells_used, "the proof's witness still uses the fewest spells"


@SETTINGS
@given(small_worlds(max_spells=2))
def test_each_cut_and_the_witness_search_agree_with_brute_force(world):
    truth = brute_force(world)
    for options in (*ALONE.values(), {}, *WITNESS.values()):
        assert (_decide(world, **options).verdict == SOLVABLE) == truth, options


@SETTINGS
@given(small_worlds())
def test_the_witness_search_decides_like_the_proof(world):
    proof = _reference(world)
    for options in WITNESS.values():
        found = _decide(world, **options)
        assert found.verdict == proof.verdict
        if found.verdict == SOLVABLE:
            assert found.spells_used >= proof.spells_used


def test_the_order_of_deaths_is_where_the_table_leaves_it_out():
    state = family_world(2, 1).initial_state().replace(deaths=(1, 0))
    assert state.board()[BOARD_DEATHS] is state.deaths


def test_a_corpse_reading_spell_or_constraint_keeps_the_dead():
    import dataclasses

    from zorglab.engine.world import World
    from zorglab.core.model import SpellSpec
    from zorglab.search.family import SLOTS, family_level
    world = family_world(2, 2)
    assert Search(world)._forget
    assert not Search(world, reads_dead=True)._forget
    level = family_level(2, 2)
    for allow, forget in ((True, False), (False, True)):
        spells = level.spells + (SpellSpec("Selection3", "Selection", (allow,)),)
        assert Search(World(dataclasses.replace(level, spells=spells), SLOTS))._forget is forget


def test_reads_dead_names_the_functions_that_read_the_dead():
    from zorglab.core.model import Condition
    from zorglab.level.parse import parse_expr
    from zorglab.search.level import reads_dead
    def conditions(*texts):
        return tuple(Condition(parse_expr(t), t) for t in texts)
    assert not reads_dead(conditions("dist(A, Z) > 1"))
    assert reads_dead(conditions("hp_at_death(Warrior1) < 0"))
    assert reads_dead(conditions("died_before(Warrior1, Elf2)"))


def test_a_sleeper_nothing_can_stir_ends_the_branch():
    world = family_world(2, 3)          # Attack(1), Sleep, Teleport(2)
    search = Search(world)
    start = world.initial_state()
    asleep = start.replace(heroes=(start.heroes[0]._replace(pos=(0, (2, 2)), marks=(("asleep", True),)),) + start.heroes[1:])
    only_teleport = 1 << 2
    assert search._hopeless(asleep, only_teleport)
    assert not search._hopeless(asleep, only_teleport | 1)          # Attack(1) left can wake or kill
    assert not search._hopeless(start, only_teleport)               # nobody asleep
    assert not Search(world, cut_sleepers=False)._hopeless(asleep, only_teleport)


def test_the_table_bound_answers_unknown_and_a_larger_one_resumes():
    world = family_world(3, 3)
    search = Search(world, max_table=500, bound_damage=False)     # the bound decides 3 x 3 at once
    first = search.run()
    assert first.verdict == UNKNOWN and "table budget of 500 situations reached" in first.reason
    assert len(search._table) + len(search._seen) <= 500 + 64, "the table stopped near its bound"
    resumed = search.run(max_table=10_000_000)
    assert resumed.verdict == Search(family_world(3, 3), bound_damage=False).run().verdict == UNSOLVABLE


def test_the_witness_search_resumes_after_a_state_budget():
    world = family_world(3, 5)
    search = Search(world, fewest=False)
    parts = [search.run(max_states=700) for _ in range(40)]
    decided = [v for v in parts if v.verdict != UNKNOWN]
    assert decided and decided[0].verdict == SOLVABLE
    assert run_world(family_world(3, 5), decided[0].casts, strict=True).outcome.value == "win"


@pytest.mark.parametrize("heroes,spells,expect", [(3, 5, SOLVABLE), (4, 5, SOLVABLE), (4, 6, SOLVABLE),
                                                   (2, 5, SOLVABLE), (4, 3, UNSOLVABLE)])
def test_family_cells_today_unknown_or_slow_are_decided(heroes, spells, expect):
    verdict = Search(family_world(heroes, spells), fewest=False).run(max_states=150_000)
    assert verdict.verdict == expect
    if expect == SOLVABLE:
        assert run_world(family_world(heroes, spells), verdict.casts, strict=True).outcome.value == "win"


@pytest.mark.slow
@pytest.mark.parametrize("heroes", [4, 5, 6])
def test_four_spells_are_never_enough_for_four_heroes_or_more(heroes):
    assert Search(family_world(heroes, 4)).run(max_states=150_000).verdict == UNSOLVABLE


def test_state_type_keeps_its_board_order():
    assert GameState._fields[6:8] == ("cleared", "deaths"), "BOARD_DEATHS reads board() = self[1:4] + self[6:]"


def test_ctrl_c_inside_the_witness_search_loses_nothing(monkeypatch):
    def search():
        return Search(family_world(3, 5), fewest=False, witness_after=0, witness_every=1)
    uninterrupted = search().run()
    interrupted = search()
    calls = {"n": 0}
    for behaviour in {spell.behaviour for spell in interrupted.world.spells}:
        def interrupting(ctx, real=behaviour.apply):
            calls["n"] += 1
            if calls["n"] in (40, 41, 300):      # in the middle of an expansion, twice in a row, later
                raise KeyboardInterrupt
            return real(ctx)

        monkeypatch.setattr(behaviour, "apply", staticmethod(interrupting))
    answers = [interrupted.run() for _ in range(4)]
    assert [a.verdict for a in answers[:3]] == [UNKNOWN] * 3 and "interrupted" in answers[0].reason
    assert answers[3].verdict == SOLVABLE
    assert answers[3].cast_texts() == uninterrupted.cast_texts(), "the same witness as uninterrupted"
    assert answers[3].states == uninterrupted.states


def test_entry_counts_are_filed_only_where_a_portal_reads_them():
    world = family_world(2, 2)
    start = world.initial_state()
    walked = start.replace(heroes=(start.heroes[0]._replace(entries=((1, 2),)),) + start.heroes[1:])
    search = Search(world)
    assert search._parts(walked, None) == search._parts(start, None), "no portal: entries are not read"
    reference = Search(world, reference=True)
    assert reference._parts(walked, None) != reference._parts(start, None), "the reference search keeps them"

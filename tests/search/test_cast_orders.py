"""Issue 41: the depth-first witness search tries first the casts that leave the fewest loud
heroes (``zorglab.search.orders``; the cuts stand aside while a hero is loud, FR-56). An order
decides how soon a win is met, never whether: every verdict the brute force reaches on random
worlds of every hero type, every witness replaying to a win; the order lays out exactly the
casts there are; and on the mixed family the witness comes sooner."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from zorglab.engine.run import run_world
from zorglab.engine.turns import act, next_action
from zorglab.search.casts import legal_casts
from zorglab.search.family import family_world
from zorglab.search.orders import damage_last, quiet_first, waits_behind_mover
from zorglab.search.solver import SOLVABLE, UNKNOWN, UNSOLVABLE, Search

from randomlevels import small_worlds
from test_hero_facts import hurting, mixed_heroes, mixed_states
from test_solver_properties import brute_force

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@settings(SETTINGS, max_examples=20)      # each example a brute force over mixed heroes: the costliest here
@given(small_worlds(max_spells=3, max_heroes=3, hero_choices=mixed_heroes, spell_choices=hurting))
def test_the_witness_search_in_its_order_decides_as_the_brute_force(world):
    found = Search(world, fewest=False).run(max_states=40_000)
    if found.verdict == UNKNOWN:
        return
    assert found.verdict == (SOLVABLE if brute_force(world) else UNSOLVABLE)
    if found.verdict == SOLVABLE:
        assert run_world(world, found.casts, strict=True).outcome.value == "win"


@SETTINGS
@given(mixed_states())
def test_the_order_lays_out_every_cast_once_the_quietest_first(case):
    """An order only permutes the casts: none lost, none doubled (a lost one could lose a win)."""
    world, state = case
    search = Search(world, fewest=False)
    casts = legal_casts(world, state)
    laid = quiet_first(list(casts), search._loud_count)
    assert sorted(map(id, laid)) == sorted(map(id, casts))
    louds = [search._loud_count(nxt) for _, nxt, _ in laid]
    assert louds == sorted(louds), "the casts leaving fewer loud heroes come first"
    for a, b in zip(laid, laid[1:]):        # ties keep the order the casts were made in
        if search._loud_count(a[1]) == search._loud_count(b[1]):
            assert casts.index(a) < casts.index(b)
    search._diving()        # the witness search's own, looking again only at the heroes loud now
    bound = search._bound
    loud = search._bound.loud(state) if bound is not None else ()
    if bound is not None and waits_behind_mover(state.heroes, lambda: search._first_mover(state.heroes, list(loud)),
                                                search._behind, lambda hero: not bound._dear(hero)):
        laid = damage_last(list(casts), search._loud_count, search._damages)     # FR-57: the walker behind waits
        assert sorted(map(id, laid)) == sorted(map(id, casts))
    assert search._quietest_first(state, search._parts(state, None), list(casts)) == laid


@SETTINGS
@given(mixed_states())
def test_the_damage_casts_last_lays_out_every_cast_once(case):
    """The order kept while a walker waits behind a Mechanic only permutes the casts too: the
    fewest loud first, and among as many loud the damage casts after the others, ties as made."""
    world, state = case
    search = Search(world, fewest=False)
    search._diving()
    casts = legal_casts(world, state)
    laid = damage_last(list(casts), search._loud_count, search._damages)
    assert sorted(map(id, laid)) == sorted(map(id, casts))
    keys = [(search._loud_count(nxt), search._damages(cast)) for cast, nxt, _ in laid]
    assert keys == sorted(keys)
    for a, b in zip(laid, laid[1:]):
        if (search._loud_count(a[1]), search._damages(a[0])) == (search._loud_count(b[1]), search._damages(b[0])):
            assert casts.index(a) < casts.index(b)


def test_the_witness_search_tries_a_cast_that_quiets_a_hero_first():
    """Mixed 5 × 6, along the heroes' own moves (the Elf put to sleep), at the first casting point
    where the first cast made leaves more loud heroes than another (Banality on the Gunner): the
    witness search tries that other first (the stack's top after the hero's own move)."""
    world = family_world(5, 6, "mixed")
    search = Search(world, fewest=False)
    search._diving()
    state = world.initial_state()
    while True:     # the heroes' own moves, and the Elf put to sleep once it can be (the Gunner's turn)
        casts = legal_casts(world, state)
        louds = [search._loud_count(nxt) for _, nxt, _ in casts]
        if casts and min(louds) < louds[0]:
            break
        sleep = [nxt for cast, nxt, _ in casts if cast.spell.type == "Sleep" and cast.on == ("Elf2",)]
        state = sleep[0] if sleep else act(world, state, next_action(world, state), record=False)[0]
    node = search._stack.pop()
    node.state = state
    search._dive(node)
    tried = [n for n in reversed(search._stack) if n.cast is not None]
    assert search._loud_count(tried[0].state) == min(louds) < louds[0]
    assert tried[0].cast != casts[0][0]


def test_the_mixed_family_meets_its_witness_sooner():
    """Mixed 5 × 6: 24,662 states in the order the casts are made; 16,653 quietest first."""
    verdict = Search(family_world(5, 6, "mixed"), fewest=False).run(max_states=20_000)
    assert verdict.verdict == SOLVABLE
    assert run_world(family_world(5, 6, "mixed"), verdict.casts, strict=True).outcome.value == "win"


def test_the_damage_casts_wait_while_a_warrior_waits_behind_the_mechanic():
    """Mixed 6 x 6 along the heroes' own moves: at the first casting point with an Attack and another cast, the
    Warrior (9 HP) waits behind the Mechanic and its walk is asked beside it (FR-57), so the
    witness search tries the Attacks after the other casts leaving as many loud heroes. Mixed
    5 x 6 has no hero behind its Mechanic but the Princess, whose walk is not asked: its order
    is the quietest first alone, as before."""
    for heroes, waits in ((6, True), (5, False)):
        world = family_world(heroes, 6, "mixed")
        search = Search(world, fewest=False)
        search._diving()
        state = world.initial_state()
        while len({cast.spell.type == "Attack" for cast, _, _ in legal_casts(world, state)}) < 2:
            state = act(world, state, next_action(world, state), record=False)[0]
        casts = legal_casts(world, state)
        laid = search._quietest_first(state, search._parts(state, None), list(casts))
        assert laid != quiet_first(list(casts), search._loud_count) if waits else \
            laid == quiet_first(list(casts), search._loud_count)
        if waits:
            quietest = [cast for cast, nxt, _ in laid if search._loud_count(nxt) == search._loud_count(laid[0][1])]
            kinds = [cast.spell.type == "Attack" for cast in quietest]
            assert kinds == sorted(kinds) and kinds[-1], "the Attacks after the others"


def test_mixed_6x6_meets_its_witness_with_the_damage_casts_kept_for_the_warrior_behind():
    """Mixed 6 x 6: 315,885 states with the quietest first alone; 24,180 with the damage casts
    after the others while the Warrior waits behind the Mechanic and the bound judges it there."""
    world = family_world(6, 6, "mixed")
    verdict = Search(world, fewest=False).run(max_states=40_000)
    assert verdict.verdict == SOLVABLE
    assert run_world(family_world(6, 6, "mixed"), verdict.casts, strict=True).outcome.value == "win"

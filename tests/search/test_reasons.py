"""Issue 25 item 1: an unsolvable verdict says why — a constraint the layout breaks, a hero nothing
can kill, the world that fails, or the closest miss — and no reason is ever claimed where a run wins."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

import zorglab
from zorglab.cli.main import main
from zorglab.core.model import Condition
from zorglab.engine.constraints import RunRecord, check_conditions
from zorglab.engine.run import run_world
from zorglab.engine.turns import act, next_action
from zorglab.engine.world import World
from zorglab.level import load_level_text
from zorglab.level.parse import parse_expr
from zorglab.search.casts import legal_casts
from zorglab.search.reasons import (CONSTRAINT, EXPLORED, HERO, constraint_reason, hero_reason, layout_fixed,
                                    why_unsolvable)
from zorglab.search.solver import SOLVABLE, UNSOLVABLE, Search, solve_world

from randomlevels import small_worlds
from test_solver_properties import brute_force

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])

ROW = '''
[[solutions]]
map = """
A D1 Z
"""
casts = []
expect = "loss"
'''


def level(heroes: str, spells: str, extra: str = "", rooms: str = '"A @ spawn-east", "D(1) @ corridor", "Z @ dead-end-west"'):
    return load_level_text(f'id = "why"\nrooms = [{rooms}]\nheroes = [{heroes}]\nspells = [{spells}]\n{extra}\n{ROW}',
                           "why.toml")


def test_a_dist_constraint_the_layout_breaks_is_named_with_its_value():
    verdict = zorglab.solve(level('"Warrior(2)"', '"Attack(1)"', 'constraints = ["dist(A, Z) >= 5"]'))
    assert verdict.verdict == UNSOLVABLE
    why = verdict.why
    assert why.kind == CONSTRAINT and why.world == "M"
    assert why.figures["constraint"] == "dist(A, Z) >= 5"
    assert list(why.figures["values"].values()) == ["2"]
    assert "dist(A, Z) >= 5 cannot hold on this layout" in why.text and "= 2" in why.text


def test_dist_is_not_fixed_when_a_spell_can_move_a_room():
    game = zorglab.setup(level('"Warrior(2)"', '"Attack(1)", "Swap"', 'constraints = ["dist(A, Z) >= 5"]'))
    world = game.world()
    assert not layout_fixed(game.level.constraints[0], world)
    assert constraint_reason(world, game.level.constraints, game.record("M", world.initial_state())) is None


def test_a_hero_no_cast_can_kill_comes_with_its_figures():
    verdict = zorglab.solve(level('"Warrior(9)"', '"Attack(1)"'))
    why = verdict.why
    assert why.kind == HERO
    assert why.figures == {"hero": "Warrior1", "hp": 9, "spell_damage": 1, "walk_damage": 1, "spells": {"Attack1": 1}}
    assert "no cast sequence can kill Warrior1" in why.text and "2 < 9" in why.text


def test_the_failing_mirror_world_is_named():
    mirror = '[[mirrors]]\nname = "M1"\nrooms = ["A @ spawn-east", "D(1) @ corridor", "Z @ dead-end-west"]\n' \
             'heroes = ["Warrior(7)"]\nspells = ["Attack(1)"]\n'
    verdict = zorglab.solve(level('"Warrior(2)"', '"Attack(1)"', mirror))
    assert [(n, v.verdict) for n, v in verdict.worlds] == [("M", SOLVABLE), ("M1", UNSOLVABLE)]
    assert verdict.why.world == "M1" and verdict.why.kind == HERO
    assert verdict.why.said(2).startswith("world M1 fails: no cast sequence can kill Warrior1")


def test_every_sequence_explored_gives_the_closest_miss_as_a_replayable_run():
    lvl = level('"Warrior(2)", "Warrior(3)"', '"Attack(1)", "Attack(1)"')
    verdict = zorglab.solve(lvl)
    why = verdict.why
    assert why.kind == EXPLORED
    assert why.figures["heroes_alive"] == 1 and why.figures["hp_alive"] == 1
    assert why.figures["alive"] == {"Warrior2": 1}
    run = zorglab.play(lvl, why.casts)
    assert run.outcome.value == why.figures["outcome"] == "loss"
    assert [h.hp for h in run.main.state.heroes if h.alive] == [1]


def test_a_win_that_breaks_a_constraint_is_said_in_the_closest_miss():
    lvl = level('"Warrior(2)"', '"Attack(1)"', 'constraints = ["unused(Attack1)"]')
    why = zorglab.solve(lvl).why
    assert why.kind == EXPLORED and why.figures["heroes_alive"] == 0
    assert why.figures["constraints_failing"] == ["unused(Attack1)"]
    assert why.figures["outcome"] == "stall", "every hero dead but a constraint fails: a stall, not a win (FR-43)"
    assert "but unused(Attack1) does not hold" in why.text


def test_solve_prints_the_reason_and_puts_it_in_json(tmp_path, capsys):
    path = tmp_path / "tough.toml"
    path.write_text('id = "tough"\nrooms = ["A @ spawn-east", "D(1) @ corridor", "Z @ dead-end-west"]\n'
                    'heroes = ["Warrior(9)"]\nspells = ["Attack(1)"]\n' + ROW)
    assert main(["solve", str(path), "--solution", "0"]) == 0
    out = capsys.readouterr().out
    assert "why: no cast sequence can kill Warrior1: it has 9 HP" in out
    assert main(["solve", str(path), "--solution", "0", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["why"]["kind"] == "hero" and data["why"]["hero"] == "Warrior1" and data["why"]["hp"] == 9


def test_a_solvable_level_has_no_reason():
    verdict = zorglab.solve(zorglab.load_level("levels/app-01-first-blood.toml"))
    assert verdict.verdict == SOLVABLE and verdict.why is None and "why" not in verdict.to_json()


# -- against the exhaustive search ---------------------------------------------------------------

def _wins(world, constraints):
    def wins(state):
        return all(not h.alive for h in state.heroes) and \
            all(r.holds for r in check_conditions(constraints, RunRecord(world, state)))
    return wins


def brute_wins(world, wins, state=None, depth=0) -> bool:
    """Every cast list, no table, no cut (test_solver_properties.brute_force with a win test)."""
    state = world.initial_state() if state is None else state
    if state.lost or depth > 200:
        return False
    found = next_action(world, state)
    if found is None and wins(state):
        return True
    for _cast, nxt, _ in legal_casts(world, state, noops=True):
        if brute_wins(world, wins, nxt, depth + 1):
            return True
    if found is not None:
        return brute_wins(world, wins, act(world, state, found, record=False)[0], depth + 1)
    return False


def brute_miss(world, state=None, depth=0) -> tuple[int, int]:
    """The fewest heroes (then HP) alive at the end of any run, by every cast list."""
    state = world.initial_state() if state is None else state
    found = None if state.lost else next_action(world, state)
    best = (99, 99)
    if state.lost or found is None or depth > 200:
        alive = [h for h in state.heroes if h.alive]
        best = (len(alive), sum(max(0, h.hp) for h in alive))
        if state.lost or depth > 200:
            return best
    for _cast, nxt, _ in legal_casts(world, state, noops=True):
        best = min(best, brute_miss(world, nxt, depth + 1))
    if found is not None:
        best = min(best, brute_miss(world, act(world, state, found, record=False)[0], depth + 1))
    return best


@SETTINGS
@given(small_worlds())
def test_no_hero_reason_where_a_run_wins(world):
    why = hero_reason(world)
    event(f"hero reason claimed: {why is not None}")
    if why is not None:
        assert not brute_force(world), f"claimed {why.text} on a winnable world"


@SETTINGS
@given(small_worlds(max_spells=2), st.integers(1, 4), st.sampled_from([">=", "<=", "="]))
def test_no_constraint_reason_where_a_run_wins(world, k, op):
    source = f"dist(A, Z) {op} {k}"
    constraints = (Condition(parse_expr(source), source),)
    level = world.level.__class__(**{**world.level.__dict__, "constraints": constraints})
    world = World(level, {room.label: world.initial_slots[room.index] for room in world.rooms})
    why = constraint_reason(world, constraints, RunRecord(world, world.initial_state()))
    event(f"constraint reason claimed: {why is not None}")
    if why is not None:
        assert why.kind == CONSTRAINT
        assert not brute_wins(world, _wins(world, constraints)), f"claimed {why.text} on a winnable world"


@SETTINGS
@given(small_worlds(max_spells=2))
def test_the_closest_miss_is_the_closest_any_run_comes(world):
    verdict = solve_world(world, max_states=50_000)
    assume(verdict.verdict == UNSOLVABLE)
    from zorglab.search.reasons import MissSearch, miss_reason
    search = MissSearch(world)
    why = miss_reason(world, search, search.run(max_states=50_000))
    assert why.kind == EXPLORED
    expected = brute_miss(world)
    assert (why.figures["heroes_alive"], why.figures["hp_alive"]) == expected
    end = run_world(world, why.casts).state
    assert sum(h.alive for h in end.heroes) == expected[0]


def test_every_built_in_type_says_whether_it_moves_rooms():
    import zorglab.engine.types  # noqa: F401  (registers the built-in types)
    from zorglab.core.registry import hero_types, spell_types
    said = {t.name: t.moves_rooms for t in (*hero_types(), *spell_types()) if t.__module__.startswith("zorglab.")}
    assert {name for name, moves in said.items() if moves} == {"Mechanic", "Move", "Swap"}
    assert all(moves is not None for moves in said.values()), said


def test_the_closest_miss_is_searched_and_replayed_within_the_solves_budget():
    # issue 30: the why of solve_setup ran outside the level's budget (its states, its safety stop)
    from zorglab.core.budget import Budget
    from zorglab.engine.game import setup_solution
    from zorglab.search.level import solve_setup
    lvl = level('"Warrior(2)", "Warrior(3)"', '"Attack(1)", "Attack(1)"')
    game = setup_solution(lvl, 0)
    free = solve_setup(game, why=True)
    assert free.verdict == "unsolvable" and free.why.kind == EXPLORED and free.why.casts
    whole = Budget(free.states + 1)             # enough for the verdict (the search looks one past its
    spent = solve_setup(game, budget=whole, why=True)       # last state), one state left for the why
    assert spent.verdict == "unsolvable" and whole.used == whole.work
    assert spent.why.kind == EXPLORED and not spent.why.casts
    assert f"the closest miss is not known: state budget of {free.states + 1} spent" in spent.why.text

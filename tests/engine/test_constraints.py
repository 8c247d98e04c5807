"""Constraints, bonuses and mirror worlds (FR-43..FR-46) on level files written in the notation."""

from __future__ import annotations

import pytest

from zorglab.engine.constraints import RunRecord
from zorglab.engine.game import play, play_solution, setup_solution
from zorglab.errors import ExpressionError
from zorglab.level import load_level_text
from zorglab.core.model import Outcome
from zorglab.search.decide import decide_solvable

BASE = """
id = "c"
rooms = ["A", "D(1)", "Z"]
heroes = ["Warrior(2)"]
spells = ["Attack(1)", "Move()"]
{extra}

[[solutions]]
map = "A D1 Z"
casts = {casts}
expect = "{expect}"
"""


def level(extra="", casts='["@4 Attack(1)"]', expect="win"):
    return load_level_text(BASE.format(extra=extra, casts=casts, expect=expect), "c.toml")


def test_fr43_win_needs_every_constraint():
    # Attack at tick 4 (Warrior in D1 after its entry: 2 - 1 = 1 HP) kills it at 0 HP.
    ok = level('constraints = ["hp_at_death(Warrior) = 0"]')
    assert play_solution(ok, 0).outcome is Outcome.WIN
    failing = level('constraints = ["hp_at_death(Warrior) < 0"]', expect="stall")
    run = play_solution(failing, 0)
    assert run.outcome is Outcome.STALL
    assert [c.holds for c in run.worlds[0].constraints] == [False]


def test_fr44_bonuses_are_reported_and_never_block():
    run = play_solution(level('bonuses = ["unused(Attack)", "unused(Move)"]'), 0)
    assert run.outcome is Outcome.WIN
    assert [(c.condition.source, c.holds) for c in run.worlds[0].bonuses] == [
        ("unused(Attack)", False), ("unused(Move)", True)]


def test_fr10_dist_reads_the_slots_at_the_end_of_the_run():
    # Move A (with the hero in it, tick 1) to (0, 1): A now lies below its old slot, 3 from Z.
    lvl = level('constraints = ["dist(A, Z) = 3"]', casts='["@1 Move() to (0, 1)", "@1 Attack(1)", "@1 Attack(1)"]')
    game = setup_solution(lvl, 0)
    world = game.world()
    from zorglab.engine.casting import cast_spell
    from zorglab.engine.turns import act
    from zorglab.core.model import Cast, SpellCall
    state, _ = act(world, world.initial_state())
    state, _ = cast_spell(world, state, Cast(1, SpellCall("Move"), to=((0, 1),)))
    record = RunRecord(world, state)
    assert record.dist("A1", "Z1") == 3 and record.dist("A1", "D1") == 2


def test_evaluation_errors_do_not_hold():
    lvl = level()
    world = setup_solution(lvl, 0).world()
    with pytest.raises(ExpressionError, match="did not die"):
        RunRecord(world, world.initial_state()).hp_at_death("Warrior1")


MIRROR = """
id = "m"
rooms = ["A", "D(1)", "Z"]
heroes = ["Warrior(2)"]
spells = ["Attack(1)"]
constraints = [{constraints}]

[[mirrors]]
name = "M1"
rooms = ["A", "D(3)", "Z"]
heroes = ["Warrior(2)"]
spells = []
constraints = [{mirror_constraints}]

[[solutions]]
map = "A D1 Z"
casts = ["@4 Attack(1)"]
expect = "win"
"""


def mirror_level(constraints="", mirror_constraints=""):
    return load_level_text(MIRROR.format(constraints=constraints, mirror_constraints=mirror_constraints), "m.toml")


def test_fr45_mirror_worlds_run_in_order_on_one_layout():
    # M: Attack at tick 4 finishes the Warrior. M1: its D(3) room kills Warrior(2) on entry, no spell needed.
    run = play_solution(mirror_level(), 0)
    assert [w.world.name for w in run.worlds] == ["M", "M1"]
    assert [w.outcome for w in run.worlds] == [Outcome.WIN, Outcome.WIN]
    assert run.outcome is Outcome.WIN


def test_fr45_a_loss_in_one_world_stops_the_level():
    lvl = mirror_level()
    run = play(setup_solution(lvl, 0), ())          # no casts: the Warrior of M reaches Z
    assert run.outcome is Outcome.LOSS and [w.world.name for w in run.worlds] == ["M"]


def test_fr46_solvable_constraint_uses_the_exact_search():
    # M1 (Warrior(2) through D(3)) wins with no spell: solvable. A world judged by solvable() is a
    # construction test and is not played: only M runs.
    run = play_solution(mirror_level(constraints='"solvable(M1)"'), 0, decide=decide_solvable)
    assert run.outcome is Outcome.WIN and [w.world.name for w in run.worlds] == ["M"]
    run = play_solution(mirror_level(constraints='"not solvable(M1)"'), 0, decide=decide_solvable)
    assert run.outcome is Outcome.STALL and [c.holds for c in run.worlds[0].constraints] == [False]


def test_fr46_not_solvable_can_hold_when_the_layout_makes_the_mirror_unwinnable():
    # M1 = A, D(1), Z with Warrior(3) and no spells: D(1) leaves it 2 HP, it reaches Z: unsolvable.
    text = MIRROR.format(constraints='"not solvable(M1)"', mirror_constraints="").replace(
        'rooms = ["A", "D(3)", "Z"]', 'rooms = ["A", "D(1)", "Z"]').replace(
        'heroes = ["Warrior(2)"]\nspells = []', 'heroes = ["Warrior(3)"]\nspells = []')
    run = play_solution(load_level_text(text, "m.toml"), 0, decide=decide_solvable)
    assert run.outcome is Outcome.WIN and [c.holds for c in run.worlds[0].constraints] == [True]


def test_fr46_zr28_a_world_deciding_its_own_solvability_is_judged_not_refused():
    # ZR-28: M1 names itself, so it is judged (not played); solvable(M1) leaves that constraint out
    run = play_solution(mirror_level(mirror_constraints='"solvable(M1)"'), 0, decide=decide_solvable)
    assert [w.world.name for w in run.worlds] == ["M"]
    assert [(c.condition.source, c.holds, c.error) for c in run.judged] == [("solvable(M1)", True, None)]

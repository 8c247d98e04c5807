"""ZR-28 (judged worlds and played worlds), issue 38. Every level is a level file's text, read by
the loader; ``solvable(...)`` is decided by the exact search."""

from __future__ import annotations

import pytest

from zorglab.core.model import Outcome
from zorglab.engine.game import play_solution, setup_solution
from zorglab.errors import ExpressionError, LevelError
from zorglab.level import load_level_text
from zorglab.search.decide import decide_solvable
from zorglab.search.level import solve_setup

# M: Warrior(2) through D(1); Attack(1) at tick 4 kills it. M1 and M2 are mirrors of M.
TEXT = '''id = "zr28"
rooms = ["A", "D(1)", "Z"]
heroes = ["Warrior(2)"]
spells = ["Attack(1)"]
constraints = [{main}]

[[mirrors]]
name = "M1"
rooms = ["A", "{m1_room}", "Z"]
heroes = ["Warrior({m1_hp})"]
spells = []
constraints = [{m1}]

[[mirrors]]
name = "M2"
rooms = ["A", "D(3)", "Z"]
heroes = ["Warrior(2)"]
spells = []
constraints = [{m2}]
bonuses = [{m2_bonus}]

[[solutions]]
map = "A D1 Z"
casts = ["@4 Attack(1)"]
expect = "win"
'''
UNWINNABLE = {"m1_room": "D(1)", "m1_hp": 3}      # M1's Warrior leaves D(1) with 2 HP and walks into Z
WINNABLE = {"m1_room": "D(3)", "m1_hp": 2}        # M1's Warrior dies in D(3): won with no cast


def text(main: str = "", m1: str = "", m2: str = "", m2_bonus: str = "", m1_world=UNWINNABLE) -> str:
    return TEXT.format(main=main, m1=m1, m2=m2, m2_bonus=m2_bonus, **m1_world)


def run(**kw):
    level = load_level_text(text(**kw), "zr28.toml")
    return play_solution(level, 0, decide=decide_solvable)


def verdict(**kw):
    level = load_level_text(text(**kw), "zr28.toml")
    return solve_setup(setup_solution(level, 0, decide=decide_solvable), why=True)


def test_zr28_not_solvable_of_itself_holds_when_the_world_cannot_be_won():
    # the format's own example: M1 reads solvable(M1) in its own table -- M1 is judged, not played
    played = run(m1='"not solvable(M1)"', m2='"solvable(M2)"')
    assert [w.world.name for w in played.worlds] == ["M"]
    assert [(c.condition.source, c.holds) for c in played.judged] == [("not solvable(M1)", True),
                                                                       ("solvable(M2)", True)]
    assert played.outcome is Outcome.WIN
    assert verdict(m1='"not solvable(M1)"', m2='"solvable(M2)"').verdict == "solvable"


def test_zr28_not_solvable_of_itself_fails_when_the_world_can_be_won():
    # solvable(M1) leaves out M1's "not solvable(M1)" itself: M1 is won with no cast, so it fails
    played = run(m1='"not solvable(M1)"', m2='"solvable(M2)"', m1_world=WINNABLE)
    assert [(c.condition.source, c.holds) for c in played.judged][0] == ("not solvable(M1)", False)
    assert played.outcome is Outcome.STALL
    found = verdict(m1='"not solvable(M1)"', m2='"solvable(M2)"', m1_world=WINNABLE)
    assert found.verdict == "unsolvable"
    assert found.worlds[0][0] == "M1" and "not solvable(M1)" in found.worlds[0][1].reason


def test_zr28_a_world_named_in_another_mirrors_bonus_is_judged_not_played():
    played = run(m2='"solvable(M2)"', m2_bonus='"solvable(M1)"')
    assert [w.world.name for w in played.worlds] == ["M"]       # M1 (unwinnable) is not played
    assert played.outcome is Outcome.WIN
    unnamed = run(m2='"solvable(M2)"')                           # named nowhere, M1 is played
    assert [w.world.name for w in unnamed.worlds] == ["M", "M1"] and unnamed.outcome is not Outcome.WIN


def test_zr28_a_cycle_through_two_worlds_is_refused_at_load_at_the_call():
    with pytest.raises(LevelError) as caught:
        load_level_text(text(m1='"solvable(M2)"', m2='"not solvable(M1)"'), "zr28.toml")
    (problem,) = caught.value.problems
    assert isinstance(caught.value, ExpressionError)
    assert "cycle" in problem.message and "M1 reads solvable(M2)" in problem.message
    assert "M2 reads solvable(M1)" in problem.message
    line = text(m1='"solvable(M2)"', m2='"not solvable(M1)"').splitlines()[problem.location.line - 1]
    assert line.startswith("constraints") and line[problem.location.col - 1:].startswith("solvable(M1)")

"""``solvable(world)`` constraints are decided by the decider the caller passes in (issue 15 item 2):
the engine calls no search itself, and a setup without a decider says so instead of guessing."""

from __future__ import annotations

import pytest

from zorglab.engine.game import NoDeciderError, play, play_solution, setup_solution
from zorglab.errors import ExpressionError
from zorglab.level import load_level_text
from zorglab.core.model import Outcome
from zorglab.search.decide import decide_solvable, deciding
from zorglab.search.level import solve_setup

LEVEL = """
id = "d"
rooms = ["A", "D(1)", "Z"]
heroes = ["Warrior(2)"]
spells = ["Attack(1)"]
constraints = ["solvable(M1)"]

[[mirrors]]
name = "M1"
rooms = ["A", "D(3)", "Z"]
heroes = ["Warrior(2)"]
spells = []

[[solutions]]
map = "A D1 Z"
casts = ["@4 Attack(1)"]
expect = "win"
"""


def level():
    return load_level_text(LEVEL, "d.toml")


class Recording:
    """A decider answering ``answer`` and noting what it was asked."""

    def __init__(self, answer):
        self.answer, self.asked = answer, []

    def __call__(self, world, wins, *, reads_unused):
        self.asked.append((world.name, reads_unused, wins(world.initial_state())))
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer


@pytest.mark.parametrize("answer,outcome", [(True, Outcome.WIN), (False, Outcome.STALL)])
def test_the_decider_passed_in_decides_solvable(answer, outcome):
    decide = Recording(answer)
    run = play_solution(level(), 0, decide=decide)
    assert run.outcome is outcome
    assert decide.asked == [("M1", False, False)]      # asked once, about M1, whose start is no win
    assert [c.holds for c in run.worlds[0].constraints] == [answer]


def test_a_decider_that_cannot_decide_makes_the_constraint_fail_with_its_reason():
    run = play_solution(level(), 0, decide=Recording(ExpressionError("solvable(M1) is unknown: budget")))
    assert run.outcome is Outcome.STALL
    assert run.worlds[0].constraints[0].error == "solvable(M1) is unknown: budget"


def test_without_a_decider_solvable_is_refused_loudly_not_failed_silently():
    with pytest.raises(NoDeciderError, match=r"solvable\(M1\) needs a decider"):
        play_solution(level(), 0)


def test_a_level_without_solvable_needs_no_decider():
    text = LEVEL.replace('constraints = ["solvable(M1)"]\n', "")
    assert play_solution(load_level_text(text, "d.toml"), 0).outcome is Outcome.WIN


def test_the_search_decider_decides_and_the_search_supplies_it_to_a_bare_setup():
    assert play_solution(level(), 0, decide=decide_solvable).outcome is Outcome.WIN
    bare = setup_solution(level(), 0)
    judged = deciding(bare)
    assert judged.decide is decide_solvable and deciding(judged) is judged
    assert solve_setup(bare).verdict == "solvable"


def test_with_decider_keeps_the_worlds_and_forgets_the_old_answers():
    game = setup_solution(level(), 0, decide=Recording(False))
    assert play(game, game.level.solutions[0].casts).outcome is Outcome.STALL
    again = game.with_decider(Recording(True))
    assert again.world() is game.world()
    assert play(again, game.level.solutions[0].casts).outcome is Outcome.WIN

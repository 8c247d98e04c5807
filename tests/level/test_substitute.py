"""Setup choices (FR-2, FR-3): checked against their domains, then substituted everywhere."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from zorglab.errors import ChoiceError, LevelError
from zorglab.core import ast
from zorglab.level import load_level_text
from zorglab.core.model import VarRef
from zorglab.core.values import INF, Element

LEVEL = '''
id = "subst"
rooms = ["A", "Z", "D(x)", "P(2, i -> i + x)", "O(n)"]
heroes = ["Warrior(n)", "Elf(2, e)", "Princess(2, {Z: r}, 1)"]
spells = ["Attack(x)"]
constraints = ["dist(A, Z) >= x", "order[1] < order[2]"]

[variables]
x = "choix(1, {1, 2, 3})"
n = "choix(1, N)"
e = "choix(2, [fire, fire, ice])"
r = "choix(1, R)"
order = "choix(2, {1, 2, 3})"

[[mirrors]]
name = "M1"
rooms = ["A", "Z", "D(x)", "D(1)", "D(1)"]
heroes = ["Warrior(x)"]
'''
GOOD = {"x": 2, "n": 3, "e": ["fire", "ice"], "r": "0.25", "order": (1, 3)}


@pytest.fixture(scope="module")
def level():
    return load_level_text(LEVEL, "subst.toml")


def choose(level, **changes):
    choices = {**GOOD, **changes}
    choices["e"] = tuple(Element(v) if isinstance(v, str) else v for v in choices["e"])
    choices["r"] = Fraction(choices["r"]) if isinstance(choices["r"], str) else choices["r"]
    return level.with_choices(choices)


def refusal(level, **changes) -> list[str]:
    with pytest.raises(ChoiceError) as caught:
        choose(level, **changes)
    return [p.message for p in caught.value.problems]


def test_every_reference_is_replaced(level) -> None:
    chosen = choose(level)
    assert chosen.variables == ()
    assert chosen.room("D1").args == (2,) and chosen.room("O1").args == (3,)
    portal = chosen.room("P1").args[1]
    assert portal.text == "i -> i + 2" and portal(3) == 5
    assert chosen.hero("Warrior1").args == (3,)
    assert chosen.hero("Elf1").args == (2, frozenset({Element.FIRE, Element.ICE}))
    assert chosen.hero("Princess1").args[1].items == (("Z1", Fraction(1, 4)),)
    assert chosen.spells[0].args == (2,)
    assert chosen.constraints[0].expr.right == ast.Const(2)
    assert chosen.constraints[1].expr == ast.Compare("<", ast.Const(1), ast.Const(3))
    assert chosen.mirrors[0].rooms[2].args == (2,) and chosen.mirrors[0].heroes[0].args == (2,)


def test_the_unsubstituted_level_keeps_references(level) -> None:
    assert level.room("D1").args == (VarRef("x"),)
    with pytest.raises(LevelError, match="no value for 'x'"):
        level.room("P1").args[1](1)


def test_a_list_domain_allows_as_many_repeats_as_it_holds(level) -> None:
    assert choose(level, e=["fire", "fire"]).hero("Elf1").args[1] == frozenset({Element.FIRE})
    assert refusal(level, e=["ice", "ice"]) == ["choice e picks ice twice, but [fire, fire, ice] holds it once"]


def test_a_set_domain_needs_distinct_picks_in_order(level) -> None:
    assert refusal(level, order=(2, 2)) == ["choice order picks 2 twice, but {1, 2, 3} holds it once"]
    assert refusal(level, order=(1,)) == ["choice order must be a list of 2 picks in the order taken, not [1]"]
    assert choose(level, order=[3, 1]).constraints[1].expr == ast.Compare("<", ast.Const(3), ast.Const(1))


@pytest.mark.parametrize("changes, message", [
    ({"x": 4}, "choice x = 4 is not in {1, 2, 3}"),
    ({"x": True}, "choice x = true is not in {1, 2, 3}"),
    ({"n": -1}, "choice n = -1 is not in N"),
    ({"n": Fraction(1, 2)}, "choice n = 1/2 is not in N"),
    ({"r": INF}, "choice r = inf is not in R"),
])
def test_values_outside_the_domain_are_named(level, changes, message) -> None:
    assert refusal(level, **changes) == [message]


def test_a_choice_that_breaks_a_minimum_is_refused(level) -> None:
    assert refusal(level, n=0) == ["choice n = 0: Warrior1's x (HP) must be at least 1, not 0"]


def test_floats_are_refused_and_decimals_are_exact(level) -> None:
    assert refusal(level, r=0.5) == [
        "choice r = 0.5 is a float; write an exact number (an int, a Fraction or a Decimal)"]
    assert choose(level, r=Decimal("0.5")).hero("Princess1").args[1].items == (("Z1", Fraction(1, 2)),)


def test_missing_and_unknown_choices_are_all_reported(level) -> None:
    with pytest.raises(ChoiceError) as caught:
        level.with_choices({"x": 1, "zzz": 3})
    messages = [p.message for p in caught.value.problems]
    assert messages[0] == "no variable named 'zzz' to choose (variables: x, n, e, r, order)"
    assert "no choice for variable n (choix(1, N))" in messages
    assert len(messages) == 5

"""The expression language: the function registry, exact evaluation, located evaluation faults."""

from __future__ import annotations

from fractions import Fraction

import pytest

from zorglab.errors import ExpressionError, Location
from zorglab.level import load_level_text, parse_expr
from zorglab.core.expr import FUNCTIONS, Function, Kind, SimpleEnv, evaluate, register_function
from zorglab.core.values import INF, Element


def run(text: str, values=None, functions=None):
    return evaluate(parse_expr(text), SimpleEnv(values or {}, functions or {}))


def test_the_registry_names_arity_kinds_and_meaning() -> None:
    assert {"dist", "died_before", "hp_at_death", "gold_at_death", "unused", "solvable"} <= set(FUNCTIONS)
    assert FUNCTIONS["dist"].arity == 2 and FUNCTIONS["dist"].result is Kind.NUMBER
    assert [kind for _, kind in FUNCTIONS["died_before"].params] == [Kind.HERO, Kind.HERO]
    assert FUNCTIONS["unused"].params == (("s", Kind.SPELL),)
    assert FUNCTIONS["solvable"].params == (("w", Kind.WORLD),) and FUNCTIONS["solvable"].result is Kind.BOOL
    assert all(f.doc.endswith(".") for f in FUNCTIONS.values())


def test_a_registered_function_is_known_to_the_parser(monkeypatch) -> None:
    twice = Function("test_twice", (("n", Kind.NUMBER),), Kind.NUMBER, "n times two (tests only).")
    monkeypatch.setitem(FUNCTIONS, "test_twice", twice)
    assert register_function(twice) is twice
    assert run("test_twice(3) = 6", functions={"test_twice": lambda n: 2 * n}) is True
    with pytest.raises(ValueError):
        register_function(Function("test_twice", (), Kind.NUMBER, "another."))


def test_arithmetic_is_exact() -> None:
    assert run("1/3 + 1/6") == Fraction(1, 2)
    assert run("7 / 7") == 1 and isinstance(run("7 / 7"), int)
    assert run("0.1 + 0.2 == 3/10") is True
    assert run("-(2 - 5) * 2") == 6


def test_comparisons_and_logic() -> None:
    assert run("1 < 2 and 2 <= 2 and 3 > 2 and 3 >= 3 and 1 != 2") is True
    assert run("not (1 = 1) or false") is False
    assert run("x < inf", {"x": 10 ** 9}) is True and run("inf = inf") is True


def test_and_or_short_circuit() -> None:
    calls = []
    def unused(s):
        calls.append(s)
        return True
    assert run("false and unused(Attack1)", functions={"unused": unused}) is False
    assert run("true or unused(Attack1)", functions={"unused": unused}) is True
    assert calls == []


def test_variables_labels_and_picks() -> None:
    assert run("x + 1", {"x": Fraction(1, 2)}) == Fraction(3, 2)
    assert run("dist(A1, Z1)", functions={"dist": lambda r, s: f"{r}-{s}"}) == "A1-Z1"
    assert run("picks[2] - picks[1]", {"picks": (3, 7)}) == 4


@pytest.mark.parametrize("text, values, message", [
    ("x / (y - y)", {"x": 1, "y": 2}, "division by zero"),
    ("x + 1", {}, "expected a number, got 'x'"),
    ("inf + 1", {}, "inf can be compared but takes no part in arithmetic"),
    ("hp_at_death(h) > 0", {}, "function hp_at_death() is not available here"),
    ("x and true", {"x": 3}, "expected true or false, got 3"),
    ("picks[3] = 1", {"picks": (1, 2)}, "cannot take pick 3 of (1, 2)"),
])
def test_evaluation_faults_are_located(text, values, message) -> None:
    expr = parse_expr(text)
    with pytest.raises(ExpressionError) as caught:
        evaluate(expr, SimpleEnv(values))
    assert caught.value.problems[0].message == message
    assert caught.value.location.path == "<string>" and caught.value.location.col >= 1


def test_a_level_variable_without_a_value_is_named() -> None:
    from zorglab.core import ast
    with pytest.raises(ExpressionError, match="no value for 'x'"):
        evaluate(ast.Binary("+", ast.Name("x", "var"), ast.Const(1)), SimpleEnv())


def test_runtime_division_by_zero_points_into_the_level_file() -> None:
    level = load_level_text('id = "t"\nrooms = ["A", "Z"]\nheroes = ["Warrior(1)"]\n'
                            'constraints = ["dist(A, Z) / (hp_at_death(Warrior) - 1) > 0"]\n', "t.toml")
    expr = level.constraints[0].expr
    env = SimpleEnv({}, {"dist": lambda r, s: 3, "hp_at_death": lambda h: 1})
    with pytest.raises(ExpressionError) as caught:
        evaluate(expr, env)
    assert caught.value.location == Location("t.toml", 4, 28)


def test_elements_evaluate_to_elements() -> None:
    level = load_level_text('id = "t"\nrooms = ["A", "Z"]\nheroes = ["Warrior(1)"]\n'
                            'constraints = ["x = fire"]\n[variables]\nx = "choix(1, {fire, ice})"\n')
    assert evaluate(level.constraints[0].expr, SimpleEnv({"x": Element.FIRE})) is True
    assert evaluate(level.constraints[0].expr, SimpleEnv({"x": Element.ICE})) is False
    assert INF > 10 ** 100


def test_the_authoring_guide_documents_every_function() -> None:
    from pathlib import Path

    guide = (Path(__file__).resolve().parents[2] / "docs" / "levels.md").read_text(encoding="utf-8")
    for function in FUNCTIONS.values():
        if not function.name.startswith("test_"):
            assert f"| `{function.describe()}` | {function.arity} |" in guide

"""The notation outside a level: parse functions, their located faults, and the printer."""

from __future__ import annotations

from fractions import Fraction

import pytest

from zorglab.errors import (ArgumentTypeError, ArityError, ExpressionError, LevelError, LevelSyntaxError,
                            UndefinedRuleError, UnknownNameError)
from zorglab.level import parse_cast, parse_expr, parse_hero, parse_room, parse_spell, parse_value, parse_variable
from zorglab.core import ast
from zorglab.core.model import DomainKind, RoomSpec, SpellCall
from zorglab.core.printer import (format_cast, format_expr, format_hero, format_room, format_rooms, format_spell,
                                   format_value, format_variable)
from zorglab.core.values import INF, Element, FrozenMap, IndexFunction


def fault(parse, text: str) -> tuple[type, int, str]:
    with pytest.raises(LevelError) as caught:
        parse(text)
    (problem,) = caught.value.problems
    return type(caught.value), problem.location.col, problem.message


def test_a_room_with_label_arguments_and_tile() -> None:
    room = parse_room("hall = D(-2) @ corridor-east_2")
    assert (room.label, room.type, room.args, room.tile) == ("hall", "D", (-2,), "corridor-east_2")
    assert parse_room("A").label == "A1" and parse_room("A").args == ()


def test_values_of_every_kind() -> None:
    assert parse_value("-12") == -12
    assert parse_value("6/4") == Fraction(3, 2) and parse_value("4/2") == 2 and isinstance(parse_value("4/2"), int)
    assert parse_value("1.25") == Fraction(5, 4)
    assert parse_value("inf") is INF and parse_value("∞") is INF
    assert parse_value("true") is True and parse_value("false") is False
    assert parse_value("poison") is Element.POISON
    assert parse_value("[2, 1, 2]") == (2, 1, 2)
    assert parse_value("{water, fire}") == frozenset({Element.WATER, Element.FIRE})
    assert parse_value("{D1: 2, Z: -1}") == FrozenMap((("D1", 2), ("Z", -1)))
    assert parse_value("i -> 2 * i - 1") == IndexFunction("i -> 2 * i - 1")
    assert parse_value("hall") == "hall"


def test_portal_functions_are_exact() -> None:
    portal = parse_room("P(4, i -> i * (i + 1) / 2)").args[1]
    assert [portal(i) for i in (1, 2, 3, 4)] == [1, 3, 6, 10]
    with pytest.raises(LevelError, match=r"f\(2\) = 3/2 is not a whole number"):   # ZR-26: refused at load
        parse_room("P(inf, i -> (i + 1) / 2)")
    assert parse_room("P(3, [2, 1])").args[1].table == (2, 1)


def test_variables() -> None:
    assert parse_variable("x", "choix(2, {1, 2, 3})").domain is DomainKind.SET
    assert parse_variable("x", "choix(1, N)").domain is DomainKind.NATURALS
    assert parse_variable("x", "choix(1, R)").domain is DomainKind.REALS
    listed = parse_variable("x", "choix(3, [1, 1, 2])")
    assert (listed.domain, listed.items, listed.count) == (DomainKind.LIST, (1, 1, 2), 3)
    assert format_variable(listed) == "choix(3, [1, 1, 2])"


def test_spells_without_parentheses() -> None:
    assert parse_spell("Banality").args == () and parse_spell("Move()").args == ()
    assert parse_spell("Selection(false)").args == (False,)


@pytest.mark.parametrize("parse, text, kind, col, message", [
    (parse_room, "D(2", LevelSyntaxError, 2, "unbalanced brackets: this '(' is never closed (expected ')')"),
    (parse_room, "D(2]", LevelSyntaxError, 4, "unbalanced brackets: ']' cannot close '('"),
    (parse_room, "D(2))", LevelSyntaxError, 5, "unbalanced brackets: ')' closes nothing"),
    (parse_room, "D(2 3)", LevelSyntaxError, 5, "unexpected '3'; expected ')' or ',' or '/'"),
    (parse_room, "D(2) % 1", LevelSyntaxError, 6, "unexpected character '%'"),
    (parse_room, "hall =", LevelSyntaxError, 7, "the text ends too early; expected a name"),
    (parse_room, "", LevelSyntaxError, 1, "empty text where notation was expected"),
    (parse_room, "D(1/0)", LevelSyntaxError, 4, "division by zero"),
    (parse_room, "Q(1)", UnknownNameError, 1, "unknown room type 'Q' (room types: A, Z, D, E, P, O, T)"),
    (parse_room, "Elf(1, {})", UnknownNameError, 1, "'Elf' is a hero type, not a room type"),
    (parse_room, "E(lava)", ArgumentTypeError, 3,
     "E1's elem must be an element (fire, water, ice, poison), not 'lava'"),
    (parse_room, "D(1, 2)", ArityError, 2, "D(x) takes 1 argument, got 2"),
    (parse_room, "C(1)", UndefinedRuleError, 1,
     "room type C is not defined by the rules (open question ZR-21, FR-18); a level using it cannot be loaded"),
    (parse_room, "O(-1)", ArgumentTypeError, 3, "O1's x must be at least 0, not -1"),
    (parse_hero, "Gunner(_)", ArgumentTypeError, 8,
     "placeholder '_' where Gunner1's x (HP) belongs (an integer); write a real value"),
    (parse_hero, "Gunner(1, ?)", ArgumentTypeError, 11,
     "placeholder '?' where Gunner1's c belongs (an integer or inf); write a real value"),
    (parse_hero, "Elf(2, {ice, ice})", ArgumentTypeError, 14, "ice appears twice in this set"),
    (parse_hero, "Warrior(3) @ rink", LevelSyntaxError, 14, "only rooms take a tile ('@ name'); Warrior1 is a hero"),
    (parse_spell, "Move(1)", ArityError, 5, "Move takes no arguments, got 1"),
    (parse_expr, "dsit(A, Z) > 1", UnknownNameError, 1,
     "unknown function 'dsit' (known: died_before, dist, gold_at_death, hp_at_death, solvable, unused)"),
    (parse_expr, "dist(A) > 1", ArityError, 1, "dist(r, s) takes 2 arguments, got 1"),
    (parse_expr, "1 < 2 < 3", LevelSyntaxError, 7, "comparisons do not chain: join them with 'and' (unexpected '<')"),
    (parse_expr, "hp_at_death(h) / 0 > 1", ExpressionError, 16, "division by zero"),
    (parse_expr, "1 + true", ArgumentTypeError, 5, "expected a number here, found true or false"),
    (parse_cast, "@1 Attack(1) on W", ArgumentTypeError, 4, "Attack(1) takes no target"),
    (parse_cast, "@1 Move()", ArgumentTypeError, 4, "Move() takes 'to (col, row)'"),
    (parse_cast, "@x Attack(1)", LevelSyntaxError, 2, "unexpected 'x'; expected a whole number"),
    (parse_cast, "@1 Fireball", UnknownNameError, 4, "unknown spell 'Fireball'"),
])
def test_faults_name_their_column(parse, text, kind, col, message) -> None:
    assert fault(parse, text) == (kind, col, message)


def test_every_fault_of_one_notation_string_is_reported() -> None:
    with pytest.raises(LevelError) as caught:
        parse_hero("Princess(0, {Z: fire}, true)")
    assert [p.location.col for p in caught.value.problems] == [10, 17, 24]


def test_casts_of_every_form() -> None:
    assert parse_cast("@0 Swap() with D1").with_room == "D1"
    assert parse_cast("@2 Wake() on Elf1").on == ("Elf1",)
    selection = parse_cast("@4 Selection(true) on A, B : Move() to (1, 2), (3, -1)")
    assert selection.on == ("A", "B") and selection.inner.to == ((1, 2), (3, -1))
    assert selection.inner.tick == 4 and selection.inner.spell == SpellCall("Move", ())
    assert parse_cast("@4 Selection(false) on A : Swap() with Z").inner.with_room == "Z"
    assert parse_cast("@4 Selection(false) on A : Teleport(2)").inner.spell == SpellCall("Teleport", (2,))


def test_equals_is_equality_in_expressions() -> None:
    assert parse_expr("x = 2") == parse_expr("x == 2")
    assert parse_expr("x ≤ 2") == parse_expr("x <= 2") and parse_expr("x ≠ 2").op == "!="


def test_the_printer_writes_what_a_designer_writes() -> None:
    assert format_room(parse_room("hall = D(2) @ corridor")) == "hall = D(2) @ corridor"
    assert format_room(parse_room("A")) == "A"
    assert format_hero(parse_hero("Gunner(2, 3)")) == "Gunner(2, 3)"
    assert format_hero(parse_hero("Gunner(2, 3, 4)")) == "Gunner(2, 3, 4)"
    assert format_hero(parse_hero("Princess(3, {Z: 1/2}, 1.5)")) == "Princess(3, {Z: 1/2}, 3/2)"
    assert format_spell(parse_spell("Banality")) == "Banality()"
    rooms = [RoomSpec("hall", "D", (1,)), RoomSpec("D2", "D", (2,)), RoomSpec("D1", "D", (3,))]
    assert format_rooms(rooms) == ["hall = D(1)", "D(2)", "D1 = D(3)"]
    assert format_value(frozenset({Element.ICE, Element.FIRE})) == "{fire, ice}"
    assert format_cast(parse_cast("@4 Selection(true) on A, B : Move() to (1, 2), (3, 0)")) == \
        "@4 Selection(true) on A, B : Move() to (1, 2), (3, 0)"


@pytest.mark.parametrize("text, printed", [
    ("a - (b - c)", "a - (b - c)"),
    ("(a - b) - c", "a - b - c"),
    ("a * (b + c)", "a * (b + c)"),
    ("-(a + b)", "-(a + b)"),
    ("not (a and b)", "not (a and b)"),
    ("not a == b", "not a == b"),
    ("(a < b) == c", "(a < b) == c"),
    ("x - -3", "x - -3"),
    ("3/2 * x", "(3/2) * x"),
    ("1.5 + x[2]", "(3/2) + x[2]"),
    ("a or b and c", "a or b and c"),
    ("(a or b) and c", "(a or b) and c"),
])
def test_expressions_print_with_the_fewest_parentheses(text, printed) -> None:
    assert format_expr(parse_expr(text)) == printed
    assert parse_expr(printed) == parse_expr(text)


def test_constants_fold_only_literal_fractions_and_negations() -> None:
    assert parse_expr("-3/2") == ast.Const(Fraction(-3, 2))
    assert parse_expr("-x") == ast.Unary("-", ast.Name("x"))
    with pytest.raises(ExpressionError):
        parse_expr("1/0")

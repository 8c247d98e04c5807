"""Properties: valid notation prints and parses back to an equal value; mangled notation always
fails as a located LevelError, never as any other exception."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zorglab.errors import LevelError
from zorglab.level import check_level_text, parse_cast, parse_expr, parse_hero, parse_room, parse_spell, parse_value
from zorglab.level.notation import parse_syntax
from zorglab.core.printer import format_cast, format_expr, format_hero, format_room, format_spell, format_value

from conftest import FIXTURES
from strategies import casts, expressions, specs, values

@settings(deadline=None)
@given(specs("room"))
def test_rooms_round_trip(room) -> None:
    text = format_room(room)
    assert parse_room(text) == replace(room, source=text)


@settings(deadline=None)
@given(specs("hero"))
def test_heroes_round_trip(hero) -> None:
    text = format_hero(hero)
    assert parse_hero(text) == replace(hero, source=text)


@settings(deadline=None)
@given(specs("spell"))
def test_spells_round_trip(spell) -> None:
    text = format_spell(spell)
    assert parse_spell(text) == replace(spell, source=text)


@settings(deadline=None)
@given(values)
def test_values_round_trip(value) -> None:
    assert parse_value(format_value(value)) == value


@settings(deadline=None)
@given(expressions)
def test_expressions_round_trip(expr) -> None:
    text = format_expr(expr)
    assert parse_syntax(text, "expr") == expr
    assert format_expr(parse_syntax(text, "expr")) == text


@settings(deadline=None)
@given(casts())
def test_casts_round_trip(cast) -> None:
    text = format_cast(cast)
    assert parse_cast(text) == replace(cast, source=text)


def test_a_well_kinded_expression_round_trips_through_the_checker() -> None:
    text = "dist(A, Z) >= 3 and not unused(Teleport) or hp_at_death(h) * (1/2) < -x[2]"
    assert parse_expr(format_expr(parse_expr(text))) == parse_expr(text)


# --- mangling -----------------------------------------------------------------------------------

ALPHABET = st.sampled_from(list("()[]{},:=@_-+*/<>!.?;#'\"\\ \t\naAzZ019ion∞…é") +
                           ["inf", "choix", "on", "to", "with", "->", "D(", "{}", "not ", " and "] +
                           # numbers at the edges, non-ASCII text, deep nesting, huge counts (issue 18)
                           ["9" * 1_200, "1." + "1" * 1_200, "nan", "1e999999999", "999999999999", "-0",
                            "[" * 70, "(" * 70 + "1" + ")" * 70, "not " * 120, " + 1" * 120, "- " * 120,
                            "choix(999999999999, N)", "@999999999999", "漢字", "\U0001F600", "\u200b", "\u202e"])


def mangle(data: st.DataObject, text: str) -> str:
    """``text`` with one to four random insertions, deletions or replacements."""
    chars = list(text)
    for _ in range(data.draw(st.integers(1, 4), label="edits")):
        action = data.draw(st.sampled_from(["insert", "delete", "replace"]))
        at = data.draw(st.integers(0, len(chars)))
        if action == "insert":
            chars.insert(at, data.draw(ALPHABET))
        elif chars:
            at = min(at, len(chars) - 1)
            if action == "delete":
                del chars[at]
            else:
                chars[at] = data.draw(ALPHABET)
    return "".join(chars)


SOURCES = st.one_of(
    specs("room").map(lambda x: (parse_room, format_room(x))),
    specs("hero").map(lambda x: (parse_hero, format_hero(x))),
    specs("spell").map(lambda x: (parse_spell, format_spell(x))),
    values.map(lambda x: (parse_value, format_value(x))),
    expressions.map(lambda x: (parse_expr, format_expr(x))),
    casts().map(lambda x: (parse_cast, format_cast(x))),
)


def _located(error: LevelError, text: str) -> None:
    assert error.problems
    lines = text.split("\n")
    for problem in error.problems:
        loc = problem.location
        assert loc is not None and loc.path == "<string>"
        assert 1 <= loc.line <= len(lines) and 1 <= loc.col <= len(lines[loc.line - 1]) + 1


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SOURCES, st.data())
def test_mangled_notation_fails_only_as_a_located_level_error(source, data) -> None:
    parse, valid = source
    text = mangle(data, valid)
    try:
        parse(text)
    except LevelError as error:
        _located(error, text)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=30))
def test_any_text_fails_only_as_a_located_level_error(text) -> None:
    for parse in (parse_room, parse_value, parse_expr, parse_cast):
        try:
            parse(text)
        except LevelError as error:
            _located(error, text)


LEVEL_TEXT = (FIXTURES / "everything.toml").read_text(encoding="utf-8")


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_a_mangled_level_file_reports_located_problems_and_never_raises(data) -> None:
    text = mangle(data, LEVEL_TEXT)
    check = check_level_text(text, "mangled.toml", library=None)
    assert check.is_valid() == (check.level is not None)
    for problem in check.problems:
        assert problem.location is not None and problem.location.line >= 1 and problem.location.col >= 1

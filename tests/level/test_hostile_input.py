"""Hostile level files (issue 18, "Loading"): every one ends quickly in a located LevelError.

Each file is built here. On the code as it was, each class below ended in a traceback
(RecursionError, ValueError from the int-string limit, MemoryError, OverflowError, StopIteration)
or a hang; the limits are in zorglab/core/limits.py and docs/levels.md ("Limits").
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zorglab.errors import LevelError
from zorglab.level import check_level_text, load_level_text

MAX_DOMAIN, MAX_ROOMS = 10_000, 256       # zorglab.core.limits (literal, so the file runs on older code)

DEEP = 100_000


def level(rooms: str = '"A", "D(1)", "Z"', heroes: str = '"Warrior(3)"', spells: str = "", extra: str = "",
          solution: str = "", head: str = "", layout: str = "A D1 Z") -> str:
    return (f'id = "hostile"\n{head}rooms = [{rooms}]\nheroes = [{heroes}]\nspells = [{spells}]\n{extra}\n'
            f'[[solutions]]\n{solution}map = "{layout}"\nexpect = "loss"\n')


def located_refusal(text: str) -> LevelError:
    with pytest.raises(LevelError) as caught:
        load_level_text(text, "hostile.toml")
    error = caught.value
    lines = text.split("\n")
    for problem in error.problems:
        loc = problem.location
        assert loc is not None and loc.path == "hostile.toml", problem
        assert 1 <= loc.line <= len(lines) and 1 <= loc.col <= len(lines[loc.line - 1]) + 1, problem
    return error


def first(error: LevelError) -> str:
    return error.problems[0].message


# --- depth ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, says", [
    (level(head="notes2 = " + "[" * DEEP + "]" * DEEP + "\n"), "nested more than 64 deep"),
    (level(head="notes2 = " + "[" * 65 + "]" * 65 + "\n"), "nested more than 64 deep"),
    (level(extra='constraints = ["' + "(" * DEEP + "1 > 0" + ")" * DEEP + '"]'), "characters long"),
    (level(extra='constraints = ["' + "(" * 1000 + "1 > 0" + ")" * 1000 + '"]'), "nested more than 64 deep"),
    (level(rooms='"A", "D(' + "[" * 5000 + "]" * 5000 + ')", "Z"'), "nested more than 64 deep"),
    (level(extra='constraints = ["' + "not " * 10_000 + 'true"]'), "more than 100 operations deep"),
    (level(extra='constraints = ["' + "not " * DEEP + 'true"]'), "characters long"),
    (level(extra='constraints = ["' + "- " * 5_000 + '1 > 0"]'), "more than 100 operations deep"),
    (level(extra='constraints = ["dist(A, Z)' + " + 1" * 600 + ' > 0"]'), "more than 100 operations deep"),
], ids=["toml-array-100000", "toml-array-65", "expr-100000", "expr-1000", "list-5000", "not-10000",
        "not-100000", "minus-5000", "sum-600"])
def test_deep_nesting_is_a_located_error(text: str, says: str) -> None:
    assert says in first(located_refusal(text))


def test_a_sum_within_the_depth_limit_still_loads() -> None:
    load_level_text(level(extra='constraints = ["dist(A, Z)' + " + 0" * 90 + ' >= 0"]'), "ok.toml")


# --- size -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, says", [
    (level(head="max_actions = " + "1" * 5000 + "\n"), "more than 1000 digits"),
    (level(solution="rotation = " + "7" * 5000 + "\n"), "more than 1000 digits"),
    (level(rooms='"A", "D(1.' + "1" * 5000 + ')", "Z"'), "digits is too long"),
    (level(rooms='"A", "D(1.' + "1" * DEEP + ')", "Z"'), "characters long"),
    (level(rooms='"A", "D(x)", "Z"', extra='[variables]\nx = "choix(1, N)"\n',
           solution="choices = { x = 1e999999999 }\n"), "more than 1000 digits"),
    (level(rooms='"A", "D(x)", "Z"', extra='[variables]\nx = "choix(1, R)"\n',
           solution="choices = { x = 1e-999999999 }\n"), "more than 1000 digits"),
], ids=["toml-int-5000", "toml-int-in-solution", "decimal-5000", "decimal-100000", "float-huge-exponent",
        "float-tiny-exponent"])
def test_huge_numbers_are_a_located_error(text: str, says: str) -> None:
    assert says in str(located_refusal(text))


# --- choix ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, says", [
    (level(rooms='"A", "D(x)", "Z"', extra='[variables]\nx = "choix(1000000000, N)"\n',
           solution="choices = { x = [1] }\n"), "at most 1000 values"),
    (level(rooms='"A", "D(x)", "Z"', extra='[variables]\nx = "choix(99999999999999999999, N)"\n'),
     "at most 1000 values"),
    (level(rooms='"A", "D(1)", "Z"', extra='[variables]\nx = "choix(999999999999, R)"\n'), "at most 1000 values"),
    (level(rooms='"A", "D(x)", "Z"', extra='[variables]\nx = "choix(1, [' + ", ".join(["1"] * (MAX_DOMAIN + 1))
           + '])"\n', solution="choices = { x = 2 }\n"), "at most 10,000 values"),
    (level(rooms='"A", "D(x)", "Z"', extra='[variables]\nx = "choix(1, {' + ", ".join(map(str, range(20_000)))
           + '})"\n', solution="choices = { x = -7 }\n"), "characters long"),
    (level(rooms='"A", "D(x)", "Z"', extra='[variables]\nx = "choix(1, N)"\n', solution="choices = { x = inf }\n"),
     "Infinity is not a number"),
    (level(rooms='"A", "D(x)", "Z"', extra='[variables]\nx = "choix(1, N)"\n', solution="choices = { x = nan }\n"),
     "NaN is not a number"),
    (level(rooms='"A", "D(x)", "Z"', extra='[variables]\nx = "choix(1, N)"\n',
           solution="choices = { x = -inf }\n"), "Infinity is not a number"),
], ids=["billion-picks", "picks-beyond-an-index", "picks-of-R", "domain-too-large", "outside-a-huge-domain",
        "inf-choice", "nan-choice", "minus-inf-choice"])
def test_bad_choix_is_a_located_error(text: str, says: str) -> None:
    assert says in str(located_refusal(text))


# --- solutions ------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, says", [
    (level(spells='"s = Attack((1)", "Attack(2)"', solution='casts = ["@1 s"]\n'), "never closed"),
    (level(spells='"Attack(1)"', solution='casts = ["@1 Att\u00e9ck(1)"]\n'), "unexpected character"),
    (level(spells='"Attack(1\u00e9)", "Sleep()"', solution='casts = ["@1 Attack"]\n'), "unexpected character"),
    (level(spells='"Attack(1)"', solution='casts = ["@1 Attack(1)"]\n', layout="A D\u00c41 Z"), "unknown room"),
    (level(spells='"Attack(1)"', solution='casts = ["@1 Attack(1) on \u6f22"]\n'), "unexpected character"),
], ids=["faulty-spell-cast", "non-ascii-in-cast", "non-ascii-in-a-cast-spell", "non-ascii-in-map",
        "cjk-target"])
def test_faulty_solutions_are_a_located_error(text: str, says: str) -> None:
    assert says in str(located_refusal(text))


def test_a_huge_tick_is_simply_never_reached() -> None:
    loaded = load_level_text(level(spells='"Attack(1)"', solution='casts = ["@999999999999 Attack(1)"]\n'),
                             "ok.toml")
    assert loaded.solutions[0].casts[0].tick == 999_999_999_999


# --- legal but huge: refused by a documented limit -------------------------------------------------

def test_too_many_rooms_is_a_located_error() -> None:
    rooms = ", ".join(['"A"', '"Z"'] + ['"D(1)"'] * (2_000 - 2))
    error = located_refusal(level(rooms=rooms, layout="A Z"))
    assert f"at most {MAX_ROOMS} rooms" in first(error)
    assert error.problems[0].location.line == 2


@pytest.mark.parametrize("room", ["P(1, [999999999999999999999999999999])", "P(inf, i -> i * i * i)",
                                  "P(2, [1, 65])"], ids=["list-deep-history", "lambda-deep-history", "second-entry"])
def test_portals_reading_deep_history_load_and_play(room: str) -> None:
    """Issue 30 item 6: the rulings bound no k; a k past the history sends to the waiting room (ZR-10)."""
    from zorglab.engine.game import play_solution
    loaded = load_level_text(level(rooms=f'"A", "{room}", "Z"', layout="A P1 Z"), "ok.toml")
    assert play_solution(loaded).main.outcome is not None


def test_a_portal_with_a_huge_n_loads_at_once() -> None:
    loaded = load_level_text(level(rooms='"A", "P(999999999999999999999999999999, i -> 2)", "Z"',
                                   layout="A P1 Z"), "ok.toml")
    assert loaded.rooms[1].args[0] == 999999999999999999999999999999


def test_a_portal_past_64_entries_is_counted_exactly_in_plans_and_play() -> None:
    """ZR-32: the Warrior plans through all 100 teleports of P(100, i -> 2) and walks on into Z (plans
    that counted only up to 64 entries saw it bounced for ever and left it stuck)."""
    from zorglab.engine.game import play_solution
    loaded = load_level_text(level(rooms='"A", "P(100, i -> 2)", "Z"', layout="A P1 Z"), "ok.toml")
    run = play_solution(loaded).main
    assert sum(type(e).__name__ == "Teleported" for e in run.events) == 100
    assert run.outcome.value == "loss" and run.cap is None


# --- the property: mangled files only give positioned LevelErrors ----------------------------------

SMALL_LEVEL = '''id = "small"
rooms = ["A @ t", "P(2, i -> i + 1)", "D(x)", "Z"]
heroes = ["Warrior(4)", "Princess(3, {Z: 1/2}, 1)"]
spells = ["Attack(1)", "Teleport(2)"]
constraints = ["dist(A, Z) >= 1 and not unused(Teleport)"]
max_actions = 500

[variables]
x = "choix(1, {1, 2, 3})"

[tiles.t]
cells = """
##.##
#...#
..S..
#...#
##.##
"""

[[solutions]]
choices = { x = 2 }
rotation = 0
map = "A P1 D1 Z"
casts = ["@1 Attack(1)", "@2 Teleport(2)"]
expect = "loss"
'''

HOSTILE = st.one_of(
    st.sampled_from(["9" * 1_200, "1" * 5_000, "1e999999999", "1e-999999999", "inf", "-inf", "nan", "+nan",
                     "999999999999", "99999999999999999999", "0.000000000000000000001", "1/0", "-0",
                     "choix(999999999999, N)", "choix(1, N)", "@999999999999", "Teleport(999999999999)",
                     "P(inf, i -> i * i)", "[" * 70, "]" * 70, "(" * 70 + "1" + ")" * 70, "{" * 70,
                     "not " * 120, " + 1" * 120, "- " * 120, '"""', "'''", "\\", "\\u0000", "#", "\n", "\r\n",
                     "é", "∞", "…", "\u200b", "\ufeff", "漢字", "\U0001F600", "\u202e", "ß", "Ä1"]),
    st.text(alphabet=st.characters(min_codepoint=0x80, max_codepoint=0x2FFF), min_size=1, max_size=3),
    st.integers(min_value=-10**30, max_value=10**30).map(str),
)


@st.composite
def mangled_levels(draw: st.DrawFn) -> str:
    """SMALL_LEVEL with one to three hostile insertions, deletions or replacements."""
    text = SMALL_LEVEL
    for _ in range(draw(st.integers(1, 3), label="edits")):
        at = draw(st.integers(0, len(text)), label="at")
        action = draw(st.sampled_from(["insert", "replace", "delete"]), label="action")
        if action == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 8)):]
        else:
            piece = draw(HOSTILE, label="piece")
            end = at + (draw(st.integers(1, 4)) if action == "replace" else 0)
            text = text[:at] + piece + text[end:]
    return text


@settings(max_examples=2_000, derandomize=True, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(mangled_levels())
def test_mangled_files_only_give_positioned_level_errors(text: str) -> None:
    check = check_level_text(text, "mangled.toml", library=None)      # never raises
    assert check.is_valid() == (check.level is not None)
    lines = text.removeprefix("\ufeff").split("\n")
    for problem in check.problems:
        loc = problem.location
        assert loc is not None and loc.line >= 1 and loc.col >= 1, problem
        if loc.path == "mangled.toml":
            assert loc.line <= len(lines) + 1, problem


def test_a_huge_hexadecimal_toml_integer_is_a_located_error() -> None:
    # 0x + 4,000 hex digits: tomllib reads it (powers of two have no digit limit), but printing
    # it in a message would hit Python's int-string limit
    assert "more than 1000 digits" in first(located_refusal(level(solution="rotation = 0x" + "f" * 4_000 + "\n")))

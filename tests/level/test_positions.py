"""The TOML position indexer: every value's text, and every character inside a string, maps to its column."""

from __future__ import annotations

import tomllib

import pytest

from zorglab.level.positions import Origin, SourceText, index_positions

DOC = '''id = "base-04"  # comment
title = 'Cold "Feet"'
rooms = [                        # the supplied rooms ]
  "A @ spawn-east",
  # a comment with "quotes" and ] brackets
  "hall = D(2) @ corridor", "E(\\u00e9ce) @ rink",
  """multi
line""",
]
"quoted key".x = 3

[variables]
x = "choix(1, {1, 2, 3})"

[tiles.rink]
cells = """
##.##
#ggg#
"""

[[solutions]]
choices = { x = 2, y.z = "fire" }
rotation = 0

[solutions.extra]
k = 1

[[solutions]]
casts = ["@3 Attack(1)", '@4 Move() to (1, 2)']

[[mirrors]]
name = "M1"
'''


@pytest.fixture(scope="module")
def positions():
    tomllib.loads(DOC)
    return index_positions(SourceText("f.toml", DOC))


def where(positions, path) -> tuple[int, int]:
    loc = positions.location(path)
    return loc.line, loc.col


@pytest.mark.parametrize("path, line, col", [
    (("id",), 1, 6),
    (("title",), 2, 9),
    (("rooms",), 3, 9),
    (("rooms", 0), 4, 3),
    (("rooms", 1), 6, 3),
    (("rooms", 2), 6, 29),
    (("rooms", 3), 7, 3),
    (("quoted key", "x"), 10, 18),
    (("variables", "x"), 13, 5),
    (("tiles", "rink", "cells"), 16, 9),
    (("solutions", 0, "choices"), 22, 11),
    (("solutions", 0, "choices", "x"), 22, 17),
    (("solutions", 0, "choices", "y", "z"), 22, 26),
    (("solutions", 0, "rotation"), 23, 12),
    (("solutions", 0, "extra", "k"), 26, 5),
    (("solutions", 1, "casts", 0), 29, 10),
    (("solutions", 1, "casts", 1), 29, 26),
    (("mirrors", 0, "name"), 32, 8),
])
def test_value_locations(positions, path, line, col) -> None:
    assert where(positions, path) == (line, col)
    assert DOC.splitlines()[line - 1][col - 1] in "\"'[{0123"


def test_headers_and_missing_paths_fall_back_to_the_nearest_known_place(positions) -> None:
    assert positions.key_location(("solutions", 1)) == positions.source.location(DOC.index("[[solutions]]\ncasts"))
    assert where(positions, ("mirrors", 0, "rooms")) == (31, 1)
    assert where(positions, ("nowhere",)) == (1, 1)


def test_characters_inside_strings_account_for_quotes_and_escapes(positions) -> None:
    origin = positions.origin(("rooms", 2))          # "E(\u00e9ce) @ rink": é is one character
    assert (origin.locate(0).line, origin.locate(0).col) == (6, 30)
    assert origin.locate(2).col == 32                # the escape's backslash
    assert origin.locate(3).col == 38                # the 'c' after the six-character escape
    assert origin.locate(len("E(éce) @ rink")).col == 48   # one past the end: the closing quote


def test_multiline_strings_skip_the_first_newline(positions) -> None:
    origin = positions.origin(("rooms", 3))
    assert (origin.locate(0).line, origin.locate(0).col) == (7, 6)
    assert (origin.locate(6).line, origin.locate(6).col) == (8, 1)
    cells = positions.origin(("tiles", "rink", "cells"))
    assert (cells.locate(0).line, cells.locate(0).col) == (17, 1)
    assert (cells.locate(7).line, cells.locate(7).col) == (18, 2)


def test_literal_strings_map_one_to_one(positions) -> None:
    origin = positions.origin(("solutions", 1, "casts", 1))
    assert origin.locate(4).col == 26 + 1 + 4


def test_line_continuation_in_multiline_basic_strings() -> None:
    text = 'a = """one \\\n    two"""\n'
    assert tomllib.loads(text)["a"] == "one two"
    origin = index_positions(SourceText("g", text)).origin(("a",))
    assert (origin.locate(4).line, origin.locate(4).col) == (2, 5)


def test_an_origin_for_standalone_text_counts_lines_too() -> None:
    origin = Origin.of_text("ab\ncd")
    assert (origin.locate(4).line, origin.locate(4).col) == (2, 2)


def test_crlf_line_ends_count_as_one_character_in_multiline_strings() -> None:
    from zorglab.level import check_level_text
    text = 'id = "crlf"\r\nrooms = ["A", "Z"]\r\nheroes = ["""\r\nWarrior(\r\n_)""", "Elf(1, {lava})"]\r\n'
    problems = [str(p) for p in check_level_text(text, "c.toml").problems]
    assert problems == ["c.toml:5:1: placeholder '_' where Warrior1's x (HP) belongs (an integer); write a real value",
                        "c.toml:5:17: unknown element 'lava' (elements: fire, water, ice, poison)"]

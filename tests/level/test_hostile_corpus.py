"""Issue 30 item 7: a hostile corpus run through ``validate``: every bad file refused cleanly -- each line
``path:line:col: message``, the other files still checked, never a traceback -- and every good edge file
(legal in the format and the rulings) loaded. Built from fixed texts: re-runnable as it is."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from zorglab.cli.validate import validate

BASE = 'id = "p"\nrooms = ["A", "D(1)", "Z"]\nheroes = ["Warrior(3)"]\n'
SOLUTION = '[[solutions]]\nmap = "A D1 Z"\n'

BAD = {
    "empty": "", "bom-only": "\ufeff", "rooms-string": 'rooms = "A"\n', "rooms-table": "[rooms]\nA = 1\n",
    "heroes-nested": BASE.replace('["Warrior(3)"]', '[["Warrior(3)"]]'), "nul-byte": BASE + 'title = "a\0b"\n',
    "cr-only": BASE.replace("\n", "\r"), "u2028-in-notation": BASE.replace('"D(1)"', '"D(\u20281)"'),
    "max-actions-huge": BASE + "max_actions = 99999999999999999999\n", "max-actions-bool": BASE + "max_actions = true\n",
    "vars-deep": BASE + "[variables]\nx = " + "[" * 60 + "]" * 60 + "\n", "dotted-key": BASE + "a.b.c = 1\n",
    "date": BASE + "title = 1979-05-27\n", "rotation-huge": BASE + SOLUTION + "rotation = 99999999999999999999999\n",
    "choices-nested": BASE + SOLUTION + "choices = { x = { y = 1 } }\n",
    "surrogate-escape": BASE + 'title = "\\ud800"\n', "big-int": BASE + "max_actions = " + "9" * 1001 + "\n",
    "hex-int": BASE + "max_actions = 0x" + "f" * 2000 + "\n",
    "map-places-a-room-twice": BASE + '[[solutions]]\nmap = "A A Z"\n',
    "zr26-past-1000": BASE.replace('"D(1)"', '"P(1001, i -> 1 + 0 / (i - 1001))"'),
    # ids are 1..64 letters, digits, - and _ (issue 37 items 1 and 8; docs/levels.md, Ids)
    "long-id": BASE.replace('id = "p"', 'id = "' + "x" * 10_000 + '"'),
    "id-quote-onmouseover": BASE.replace('id = "p"', "id = \"p' onmouseover='alert(1)\""),
    "id-javascript": BASE.replace('id = "p"', 'id = "javascript:alert(1)"'),
    "id-dot-dot": BASE.replace('id = "p"', 'id = "../../../../tmp/x"'),
    "id-bidi": BASE.replace('id = "p"', 'id = "p\u202eq"'),
    "contract-javascript": BASE + 'contract = "javascript:alert(1)"\n',
}

GOOD = {
    "crlf": BASE.replace("\n", "\r\n"), "bom-crlf": "\ufeff" + BASE.replace("\n", "\r\n"),
    "tabs": BASE.replace(" = ", "\t=\t"), "literal-strings": BASE.replace('"', "'"),
    "multiline-array": 'id = "p"\nrooms = [\n  "A",   # spawn\n  "D(1)",\n  "Z",\n]\nheroes = ["Warrior(3)",]\n',
    "inf-symbol": BASE.replace('"D(1)"', '"P(∞, [1])"'), "unicode-title": BASE + 'title = "Zörg’s 🐉 dungeon"\n',
    "u2028-in-title": BASE + 'title = "a\u2028b"\n', "underscore-int": BASE + "max_actions = 10_000_000\n",
    "decimal-choice": BASE.replace('"D(1)"', '"D(x)"') + '[variables]\nx = "choix(1, {1, 2})"\n' + SOLUTION
    + "choices = { x = 2.0 }\n",
    "deep-k-list": BASE.replace('"D(1)"', '"P(1, [65])"'), "deep-k-second-entry": BASE.replace('"D(1)"', '"P(2, [1, 65])"'),
    "longest-id": BASE.replace('id = "p"', 'id = "' + "x" * 64 + '"'),
    # legal TOML a designer may write (issue 37 item 8)
    "quoted-keys": BASE.replace("rooms =", '"rooms" =').replace("heroes =", "'heroes' ="),
    "inline-solutions": BASE + 'solutions = [{ map = "A D1 Z", casts = [], expect = "win" }]\n',
    "dotted-tile-key": BASE.replace('"D(1)"', '"D(1) @ rink"')
    + 'tiles.rink.cells = """\n##.##\n#...#\n.....\n#...#\n##.##\n"""\n',
    "plus-sign-int": BASE + "max_actions = +5\n",
    "escape-in-notation": BASE.replace('"D(1)"', '"\\u0044(1)"'),
    "literal-multiline-map": BASE + "[[solutions]]\nmap = \'\'\'\nA D1 Z\n\'\'\'\n",
    "crlf-multiline-map": (BASE + '[[solutions]]\nmap = """\nA D1 Z\n"""\n').replace("\n", "\r\n"),
    "comments-inside-arrays": 'id = "p"\nrooms = [ # a\n "A", # b\n "D(1)",\n # c\n "Z"\n] # d\nheroes = ["Warrior(3)"]\n',
    "no-final-newline": BASE.rstrip("\n"),
}


def write(folder: Path, name: str, text: str) -> str:
    path = folder / f"{name}.toml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass", newline="")
    return str(path)


@pytest.mark.parametrize("name", sorted(BAD))
def test_every_bad_file_is_refused_cleanly_and_the_others_still_checked(tmp_path, name) -> None:
    bad = write(tmp_path, name, BAD[name])
    good = write(tmp_path, "good", BASE.replace('id = "p"', 'id = "other"'))
    report = validate([bad, good])
    assert not report.ok and report.errors
    assert all(re.match(re.escape(bad) + r":\d+:\d+: \S", line) for line in report.errors), report.errors
    assert report.summary.endswith("in 1 file")


@pytest.mark.parametrize("name", sorted(GOOD))
def test_every_good_edge_file_loads(tmp_path, name) -> None:
    report = validate([write(tmp_path, name, GOOD[name])])
    assert report.ok, report.errors


# --- a pack's contract list (issue 37 item 8): a level belongs to one contract, listed once -----------

CONTRACTS = '[[contracts]]\nname = "c"\ncost = 0\nlevels = {c}\n[[contracts]]\nname = "d"\ncost = 1\nlevels = {d}\n'


@pytest.mark.parametrize("c, d, contract, where, says", [
    ('["p", "p"]', "[]", "c", ":4:16: ", "level 'p' is listed twice (already by contract 'c')"),
    ('["p"]', '["p"]', "c", ":8:11: ", "level 'p' is listed twice (already by contract 'c')"),
    ("[]", '["p"]', "c", ":8:11: ", "contract 'd' lists level 'p', whose file says contract = 'c'"),
])
def test_a_contract_list_naming_a_level_twice_or_against_its_file_is_refused(tmp_path, c, d, contract, where, says):
    (tmp_path / "contracts.toml").write_text(CONTRACTS.format(c=c, d=d), encoding="utf-8")
    write(tmp_path, "p", BASE + f'contract = "{contract}"\n')
    report = validate([str(tmp_path)])
    assert not report.ok and any(line.startswith(str(tmp_path / "contracts.toml") + where) and says in line
                                 for line in report.errors), report.errors

"""Issue 37 item 1: one grammar for ids (letters, digits, ``-``, ``_``; 1 to 64 characters), refused
by the loader where the value stands (file:line:col), for a level's ``id`` and ``contract`` and a
contract's ``name`` in ``contracts.toml``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from zorglab.cli.validate import validate

HOSTILE = {
    "double-quote": 'x\\" onmouseover=\\"alert(1)', "single-quote": "x' onmouseover='alert(1)",
    "javascript": "javascript:alert(1)", "dot-dot": "../../../../tmp/x", "slash": "a/b", "dot": "a.b",
    "bidi": "ab\u202ecd", "isolate": "\u2066ab\u2069", "space": "a b", "accent": "caf\u00e9", "empty": "",
    "sixty-five": "x" * 65, "megabyte": "x" * 1_000_000, "nul-escape": "a\\u0000b", "newline-escape": "a\\nb",
    "angle": "<script>",
}
LEVEL = 'id = "{id}"\nrooms = ["A", "D(1)", "Z"]\nheroes = ["Warrior(3)"]\n'


def _write(folder: Path, name: str, text: str) -> str:
    path = folder / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_level_id_outside_the_grammar_is_refused_where_it_stands(tmp_path, name):
    path = _write(tmp_path, "level", LEVEL.format(id=HOSTILE[name]))
    report = validate([path])
    assert not report.ok
    assert any(re.fullmatch(re.escape(path) + r":1:6: a level id .*\(docs/levels.md, Ids\)", line)
               for line in report.errors), report.errors


@pytest.mark.parametrize("good", ["a", "app-01", "drl_40", "A-Z_09", "x" * 64])
def test_ids_of_the_grammar_load(tmp_path, good):
    assert validate([_write(tmp_path, "level", LEVEL.format(id=good))]).ok


def test_a_contract_name_outside_the_grammar_is_refused_in_the_level_and_the_list(tmp_path):
    level = _write(tmp_path, "level", LEVEL.format(id="ok") + 'contract = "javascript:x"\n')
    report = validate([level])
    assert any(line.startswith(f"{level}:4:12: a contract name holds ':'") for line in report.errors), report.errors
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "contracts.toml").write_text('[[contracts]]\nname = "a\'b"\ncost = 0\nlevels = []\n', encoding="utf-8")
    _write(pack, "l", LEVEL.format(id="l"))
    report = validate([str(pack)])
    assert any(re.match(re.escape(str(pack / "contracts.toml")) + r":2:8: a contract name holds", line)
               for line in report.errors), report.errors


def test_an_id_taken_from_a_file_name_outside_the_grammar_is_refused_at_the_start(tmp_path):
    path = _write(tmp_path, "my level", LEVEL.replace('id = "{id}"\n', ""))
    report = validate([path])
    assert any(line.startswith(f"{path}:1:1: the id 'my level' taken from the file name") for line in report.errors)


def test_every_id_of_the_pack_fits_the_grammar():
    from zorglab.level.ids import is_id
    root = Path(__file__).resolve().parents[2] / "levels"
    ids = [m.group(1) for f in root.glob("*.toml")
           if (m := re.search(r'^id\s*=\s*"([^"]*)"', f.read_text(encoding="utf-8"), re.M))]
    assert len(ids) >= 100 and all(is_id(i) for i in ids)

"""Issue 42 item 2: a contract's target band is typed in contracts.toml and read with every fault at
its file:line:col, like the rest of the contract list."""

from __future__ import annotations

from pathlib import Path

import pytest

from zorglab.errors import LevelStructureError
from zorglab.level.bands import Band
from zorglab.level.contracts import read_contracts

HEAD = '[[contracts]]\nname = "a"\ncost = 0\n'


def _read(tmp_path: Path, text: str):
    path = tmp_path / "contracts.toml"
    path.write_text(text, encoding="utf-8")
    contracts, problems = read_contracts(path, "contracts.toml")
    return contracts.contracts, [(p.location.line, p.location.col, p.message, p.kind) for p in problems]


def test_a_band_is_read_inline_or_as_a_sub_table(tmp_path):
    contracts, problems = _read(tmp_path, HEAD + 'band = { difficulty = [0, 2], states = [5, 150], '
                                'layout_share = [0.2, 1] }\nlevels = ["x-01"]\n')
    assert problems == []
    assert contracts[0].band == Band(difficulty=(0, 2), states=(5, 150), layout_share=(0.2, 1))
    contracts, problems = _read(tmp_path, HEAD + 'levels = ["x-01"]\n[contracts.band]\nstates = [1, 9]\n')
    assert problems == [] and contracts[0].band == Band(states=(1, 9))
    assert _read(tmp_path, HEAD + 'levels = []\n')[0][0].band is None


@pytest.mark.parametrize("band,line,col,words", [
    ("{ difficulty = [3, 1] }", 4, 23, "band.difficulty must be [low, high]: two whole numbers of difficulty "
                                       "steps, 0 or more, low <= high (got [3, 1]: low above high)"),
    ("{ states = [5, -1] }", 4, 23, "(got -1)"),
    ("{ states = [5, 1.5] }", 4, 23, "two whole numbers of search states"),
    ("{ states = [5] }", 4, 19, "(got [5])"),
    ("{ layout_share = [0.2, 1.5] }", 4, 31, "two shares of winning layouts, from 0 to 1"),
    ("{ layout_share = [nan, 1] }", 4, 26, "(got nan)"),
    ("{ layout_share = [true, 1] }", 4, 26, "(got True)"),
    ("{ speed = [1, 2] }", 4, 10, "unknown key 'speed' in a contract's band (known: difficulty, states, layout_share)"),
    ("[1, 2]", 4, 8, "band must be a table: band = { difficulty = [0, 2]"),
    ("{}", 4, 8, "an empty band judges nothing"),
])
def test_a_bad_band_is_refused_at_its_value(tmp_path, band, line, col, words):
    contracts, problems = _read(tmp_path, HEAD + f"band = {band}\n" + 'levels = ["x-01"]\n')
    assert len(problems) == 1, problems
    assert problems[0][:2] == (line, col) and words in problems[0][2], problems
    assert problems[0][3] is LevelStructureError
    assert contracts[0].band is None


def test_zorglab_validate_names_a_bad_band(tmp_path, capsys):
    from zorglab.cli.main import main

    (tmp_path / "contracts.toml").write_text(HEAD + "band = { states = [9, 1] }\nlevels = []\n", encoding="utf-8")
    assert main(["validate", str(tmp_path / "contracts.toml")]) != 0
    out = capsys.readouterr()
    assert "contracts.toml:4:" in out.out + out.err and "low above high" in out.out + out.err

"""``zorglab propose``: candidates printed and written, an unmet brief exits 1, a wrong one 2."""

from __future__ import annotations

import json

from zorglab.cli.main import main as cli
from zorglab.level.loader import load_level

SMALL = ["--room-types", "D,E", "--hero-types", "Warrior,Elf", "--spell-types", "Attack,Sleep",
         "--fewest-spells", "1-2", "--winning-layouts", "1", "--board", "3-4", "--seed", "7", "--tries", "120"]


def test_candidates_are_printed_and_written_as_level_files(tmp_path, capsys):
    assert cli(["propose", *SMALL, "--count", "2", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    files = sorted(tmp_path.glob("prop-7-*.toml"))
    assert len(files) == 2 and out.count("wrote ") == 2 and out.startswith("2 candidates offered")
    for path in files:
        level = load_level(path)
        assert level.solutions[-1].expect.value == "win" and level.id == path.stem


def test_json_carries_the_figures(capsys):
    assert cli(["propose", *SMALL, "--count", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    (candidate,) = data["candidates"]
    assert data["seed"] == 7 and candidate["figures"]["winning_layouts"] == 1 and candidate["witness"]


def test_a_brief_file_gives_the_same_answer_as_the_options(tmp_path, capsys):
    brief = tmp_path / "brief.toml"
    brief.write_text('room_types = ["D", "E"]\nhero_types = ["Warrior", "Elf"]\nspell_types = ["Attack", "Sleep"]\n'
                     'fewest_spells = "1-2"\nwinning_layouts = 1\nboard = "3-4"\n')
    assert cli(["propose", "--brief", str(brief), "--seed", "7", "--tries", "120", "--count", "2"]) == 0
    from_file = capsys.readouterr().out.split("\n", 1)[1]
    assert cli(["propose", *SMALL, "--count", "2"]) == 0
    assert capsys.readouterr().out.split("\n", 1)[1] == from_file


def test_an_unmet_brief_exits_1_with_the_reason(capsys):
    assert cli(["propose", "--fewest-spells", "3", "--spell-count", "1"]) == 1
    assert capsys.readouterr().out.startswith("the brief cannot be met: fewest spells 3")


def test_a_wrong_brief_exits_2_with_one_line(capsys):
    assert cli(["propose", "--room-types", "Q"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("room type 'Q'") and "Traceback" not in err and err.count("\n") == 1

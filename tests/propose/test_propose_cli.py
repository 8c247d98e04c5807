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


PORTAL = ["--room", "P(1, [2])", "--room-types", "D", "--spell-types", "Attack", "--fewest-spells", "1",
          "--board", "4-5", "--hero-count", "1-2", "--seed", "2", "--tries", "120", "--count", "2"]


def test_the_interest_figures_are_printed_and_in_json(tmp_path, capsys):
    """Issue 26: each candidate's pins, spawn kill and first cast, in the text, the JSON and the file."""
    assert cli(["propose", *PORTAL, "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "pinned room P(1, [2]) (P1) matters" in out and "spawn kill: no" in out
    text = next(tmp_path.glob("*.toml")).read_text()
    assert "# Interest: pinned room P(1, [2]) (P1) matters" in text
    assert cli(["propose", *PORTAL, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    for candidate in data["candidates"]:
        assert candidate["figures"]["pins_matter"] is True and candidate["figures"]["spawn_kill"] is False
        assert any("spawn kill: no" in line for line in candidate["interest"])


def test_no_pins_matter_offers_spawn_kills_and_min_first_cast_refuses_them(capsys):
    assert cli(["propose", *PORTAL, "--no-pins-matter", "--json"]) == 0
    loose = json.loads(capsys.readouterr().out)["candidates"]
    assert any(c["figures"]["spawn_kill"] for c in loose)
    assert cli(["propose", *PORTAL, "--no-pins-matter", "--min-first-cast", "4", "--unique", "--json"]) in (0, 1)
    data = json.loads(capsys.readouterr().out)
    assert data["brief"]["min_first_cast"] == 4 and data["brief"]["unique"] is True
    for candidate in data["candidates"]:
        assert candidate["figures"]["first_cast"] >= 4 and candidate["figures"]["distinct_cast_lists"] == 1

"""``zorglab validate``: every problem on stderr as path:line:col, exit 2; a one-line summary when sound."""

from __future__ import annotations

from pathlib import Path

import pytest

from zorglab.cli.main import main

from conftest import FIXTURES

LEVEL = 'id = "{id}"\n{contract}rooms = ["A", "Z"]\nheroes = ["Warrior(1)"]\n{extra}'


def write(directory: Path, name: str, level_id: str, contract: str | None = None, extra: str = "") -> Path:
    path = directory / name
    line = f'contract = "{contract}"\n' if contract else ""
    path.write_text(LEVEL.format(id=level_id, contract=line, extra=extra), encoding="utf-8")
    return path


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, list[str], list[str]]:
    status = main(["validate", *args])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return status, out.splitlines(), err.splitlines()


def test_the_fixtures_are_sound_and_counted(capsys) -> None:
    status, out, err = run([str(FIXTURES)], capsys)
    # everything.toml's solution samples the format, not a dungeon: since issue 13 item 13 validate checks
    # every solution's layout, so its three faults are reported at the map, and only they
    assert (status, out) == (2, ["3 problems in 1 file"])
    assert [e.split(": solution 0: ")[0] for e in err] == [f"{FIXTURES / 'everything.toml'}:{lc}"
                                                           for lc in ("65:1", "65:6", "67:1")], err
    status, out, err = run([str(FIXTURES / name) for name in ("inline.toml", "labels.toml", "minimal.toml")], capsys)
    assert (status, out, err) == (0, ["3 levels OK (2 solutions)"], [])


def test_a_pack_with_contracts_names_them_in_the_summary(tmp_path, capsys, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "levels" / "base").mkdir(parents=True)
    write(tmp_path / "levels" / "base", "01.toml", "base-01", "apprentice", '\n[[solutions]]\nmap = "A Z"\n')
    write(tmp_path / "levels" / "base", "02.toml", "base-02", "apprentice")
    (tmp_path / "levels" / "contracts.toml").write_text(
        '[[contracts]]\nname = "apprentice"\ntitle = "Apprentice"\ncost = 0\norder = 1\n'
        'levels = ["base-01", "base-02"]\n\n'
        '[[contracts]]\nname = "inventory"\ntitle = "Inventory"\ncost = 12\norder = 11\nlevels = []\n')
    status, out, err = run(["levels"], capsys)
    assert (status, out, err) == (0, ["2 levels OK (1 solution) in 2 contracts (1 unwritten)"], [])


def test_contract_cross_checks(tmp_path, capsys, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "levels").mkdir()
    write(tmp_path / "levels", "01.toml", "base-01", "apprentise")
    write(tmp_path / "levels", "02.toml", "base-01")
    (tmp_path / "levels" / "contracts.toml").write_text(
        '[[contracts]]\nname = "apprentice"\ntitle = "Apprentice"\ncost = -1\nlevels = ["base-01", "base-99"]\n')
    status, out, err = run(["levels"], capsys)
    assert status == 2
    assert err == [
        "levels/01.toml:2:12: contract 'apprentise' is not in levels/contracts.toml; did you mean 'apprentice'?",
        "levels/02.toml:1:6: level id 'base-01' is already used by levels/01.toml",
        "levels/contracts.toml:4:8: cost must be a whole number of points, 0 or more",
        "levels/contracts.toml:5:22: contract 'apprentice' lists level 'base-99', which no level file defines",
    ]
    assert out == ["4 problems in 3 files"]


def test_missing_paths_and_empty_directories_are_errors(tmp_path, capsys) -> None:
    status, out, err = run([str(tmp_path / "nope.toml")], capsys)
    assert status == 2 and err == [f"{tmp_path / 'nope.toml'}: no such file or directory"]
    status, out, err = run([str(tmp_path)], capsys)
    assert status == 2 and err == [f"{tmp_path}: no level files (*.toml) here"]


def test_library_and_contract_files_are_not_levels(tmp_path, capsys, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    write(tmp_path, "one.toml", "one")
    (tmp_path / "tiles.toml").write_text('[tiles.default-A]\ncells = """\n##.##\n#...#\n..S..\n#...#\n##.##\n"""\n'
                                         '[tiles.default-Z]\ncells = """\n##.##\n#...#\n.....\n#...#\n##.##\n"""\n')
    status, out, err = run(["."], capsys)
    assert (status, out, err) == (0, ["1 level OK (0 solutions); tiles from tiles.toml"], [])
    (tmp_path / "tiles.toml").write_text('[tiles.default-A]\ncells = """\n.#.##\n#...#\n..S..\n#...#\n##.##\n"""\n')
    status, out, err = run(["tiles.toml"], capsys)
    assert status == 2 and err[0].startswith("tiles.toml:") and "corner" in err[0]


def test_problems_of_several_files_are_all_printed(capsys, in_repo) -> None:
    status, out, err = run(["tests/malformed/minimum.toml", "tests/malformed/toml_syntax.toml"], capsys)
    assert status == 2 and len(err) == 5
    assert out == ["5 problems in 2 files"]

"""The malformed corpus: every file's faults are reported exactly, all of them, never as a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from zorglab.cli.main import main
from zorglab.errors import LevelError
from zorglab.level import check_level, load_level

from conftest import MALFORMED

CASES = sorted(MALFORMED.glob("*.toml"))


def expected_lines(case: Path) -> list[str]:
    return case.with_suffix(".expected").read_text(encoding="utf-8").splitlines()


def shown(case: Path) -> str:
    return f"tests/malformed/{case.name}"


def test_the_corpus_is_large_and_every_file_has_its_expectation() -> None:
    assert len(CASES) >= 25
    for case in CASES:
        assert case.with_suffix(".expected").is_file(), case.name
        assert expected_lines(case), case.name


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_load_level_raises_every_located_problem(case: Path, in_repo: Path) -> None:
    with pytest.raises(LevelError) as caught:
        load_level(shown(case))
    assert str(caught.value).splitlines() == expected_lines(case)
    assert all(p.location is not None and p.location.line >= 1 and p.location.col >= 1
               for p in caught.value.problems)


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_check_level_returns_the_same_problems_without_raising(case: Path, in_repo: Path) -> None:
    check = check_level(shown(case))
    assert not check.is_valid()
    assert check.level is None
    assert [str(p) for p in check.problems] == expected_lines(case)


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_cli_validate_prints_the_lines_and_exits_2(case: Path, in_repo: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["validate", shown(case)])
    out, err = capsys.readouterr()
    assert status == 2
    assert err.splitlines() == expected_lines(case)
    assert "Traceback" not in out + err


def test_one_file_with_many_faults_reports_them_all(in_repo: Path) -> None:
    check = check_level("tests/malformed/several_faults.toml")
    kinds = {p.kind.__name__ for p in check.problems if p.kind}
    assert len(check.problems) >= 15
    assert {"LevelSyntaxError", "UnknownNameError", "ArgumentTypeError", "LabelError", "TileError",
            "LevelStructureError"} <= kinds
    lines = [p.location.line for p in check.problems]
    assert lines == sorted(lines)


def test_the_seed_examples_point_inside_the_notation(in_repo: Path) -> None:
    """Base 18's unclosed choix(...) and Deluxe 10.7's Gunner(_) are located at the offending character."""
    base18 = check_level("tests/malformed/base18_unbalanced_choix.toml").problems
    line = (MALFORMED / "base18_unbalanced_choix.toml").read_text().splitlines()[base18[0].location.line - 1]
    assert line[base18[0].location.col - 1] == "("
    assert "never closed" in base18[0].message
    deluxe = check_level("tests/malformed/deluxe10_7_placeholder.toml").problems
    line = (MALFORMED / "deluxe10_7_placeholder.toml").read_text().splitlines()[deluxe[0].location.line - 1]
    assert line[deluxe[0].location.col - 1] == "_"


def test_the_error_class_is_the_shared_one_when_all_problems_agree(in_repo: Path) -> None:
    from zorglab.errors import TileError, UndefinedRuleError
    with pytest.raises(UndefinedRuleError):
        load_level("tests/malformed/undefined_c.toml")
    with pytest.raises(TileError):
        load_level("tests/malformed/tile_open_corner.toml")

"""``zorglab report`` and ``zorglab sweep`` write their files (in a temporary directory)."""

from __future__ import annotations

import pandas as pd
import pytest

from zorglab.cli.main import main
from zorglab.reports import DIFFICULTY_COLUMNS
from zorglab.reports.generator import TEMPLE_COLUMNS

from report_fixtures import PACK

PNG = b"\x89PNG\r\n\x1a\n"
TABLES = ("level_difficulty", "campaign", "campaign_check", "spell_usage", "spell_summary", "spell_by_contract",
          "temples", "generator_stats", "failure_reasons")


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    out = tmp_path_factory.mktemp("report")
    code = main(["report", "--out", str(out), "--levels", str(PACK), "--temple-seeds", "2", "--sizes", "small",
                 "--serial", "--budget", "quick"])
    assert code == 0
    return out


def test_every_table_is_written_as_csv(report):
    for stem in TABLES:
        assert (report / f"{stem}.csv").is_file(), stem
    difficulty = pd.read_csv(report / "level_difficulty.csv")
    untimed = tuple(c for c in DIFFICULTY_COLUMNS if c != "seconds")      # seconds go to timings.csv (item 11)
    assert tuple(difficulty.columns) == untimed and list(difficulty["level"]) == ["fx-01", "fx-02", "fx-03"]
    assert len(pd.read_csv(report / "temples.csv")) == 2


def test_charts_are_png(report):
    for stem in ("difficulty", "spells", "generator"):
        assert (report / f"{stem}.png").read_bytes()[:8] == PNG


def test_index_shows_tables_charts_and_the_campaign_check_in_words(report):
    page = (report / "index.html").read_text()
    assert '<img src="difficulty.png"' in page and '<img src="generator.png"' in page
    assert "<table" in page and "fx-03" in page
    # fx-01 brings room D and spells Attack and Sleep at once: the check says so in words.
    assert "fx-01 introduces room D, spell Attack, spell Sleep together" in page
    assert "fx-02 (0 spells, 5 states) is easier than fx-01 before it" in page
    check = pd.read_csv(report / "campaign_check.csv")
    assert check[["rule", "level"]].values.tolist() == [["mechanic", "fx-01"], ["difficulty", "fx-02"]]


def test_report_without_temples_skips_the_generator(tmp_path):
    assert main(["report", "--out", str(tmp_path), "--levels", str(PACK), "--temple-seeds", "0", "--serial",
                 "--budget", "quick"]) == 0
    assert not (tmp_path / "generator.png").exists() and (tmp_path / "index.html").is_file()


def test_sweep_commands_write_csv(tmp_path, capsys):
    levels = tmp_path / "levels.csv"
    assert main(["sweep", "levels", str(PACK), "--serial", "--budget", "quick", "--out", str(levels)]) == 0
    assert tuple(pd.read_csv(levels).columns) == tuple(c for c in DIFFICULTY_COLUMNS if c != "seconds")
    temples = tmp_path / "temples.csv"
    assert main(["sweep", "temples", "--seeds", "2", "--sizes", "small,large", "--serial", "--out", str(temples)]) == 0
    table = pd.read_csv(temples)
    assert tuple(table.columns) == tuple(c for c in TEMPLE_COLUMNS if c != "seconds") and len(table) == 4
    assert "4 temples: seeds 0..1 for each of small, large (0 failed)" in capsys.readouterr().out


@pytest.mark.parametrize("argv, says", [
    (["report", "--temple-seeds", "-1"], "--temple-seeds -1"),
    (["sweep", "temples", "--seeds", "0", "--serial"], "--seeds 0"),
    (["sweep", "temples", "--seeds", "1", "--sizes", "huge", "--serial"], "huge"),
    (["report", "--levels", "no/such/dir", "--serial"], "no/such/dir"),
])
def test_bad_options_exit_2_naming_the_value(argv, says, capsys, tmp_path):
    assert main(argv + ["--out", str(tmp_path)] if argv[0] == "report" else argv) == 2
    assert says in capsys.readouterr().err

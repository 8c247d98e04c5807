"""``zorglab compare`` (issue 28 item 2): two packs or two revisions, level by level, changes first."""

from __future__ import annotations

import json
import shutil
import subprocess

import pandas as pd
import pytest

from zorglab.cli.main import main
from zorglab.reports.compare import compare_tables
from zorglab.reports.compare_page import compare_page

from report_fixtures import ROOT

LEVELS = ROOT / "levels"


@pytest.fixture(scope="module")
def changed_pack(tmp_path_factory):
    """A copy of the pack with one hero's HP changed: app-01's second Warrior gets 3 HP instead of 2."""
    copy = tmp_path_factory.mktemp("pack") / "levels"
    shutil.copytree(LEVELS, copy)
    level = copy / "app-01-first-blood.toml"
    text = level.read_text(encoding="utf-8")
    assert text.count('heroes = ["Warrior(1)", "Warrior(2)"]') == 1
    level.write_text(text.replace('heroes = ["Warrior(1)", "Warrior(2)"]', 'heroes = ["Warrior(1)", "Warrior(3)"]'),
                     encoding="utf-8")
    return copy


def test_the_pack_against_a_copy_with_one_hero_changed_lists_exactly_that_level(changed_pack, capsys, tmp_path):
    page = tmp_path / "compare.html"
    code = main(["compare", str(LEVELS), str(changed_pack), "--budget", "quick", "--serial", "--json",
                 "--fail-on", "verdict", "--html", str(page), "-q"])
    out = json.loads(capsys.readouterr().out)
    assert code == 1, "a changed verdict with --fail-on verdict must exit 1"
    assert out["changed"] == 1 and out["failing"] == ["app-01"]
    assert out["levels"] == len(list(LEVELS.glob("*-*.toml")))
    first = out["rows"][0]                                   # what changed comes first
    assert first["level"] == "app-01" and "verdict" in first["changed"]
    assert (first["verdict_a"], first["verdict_b"]) == ("solvable", "unsolvable")
    assert (first["fewest_spells_a"], first["necessary_a"], first["witness_a"]) == (1, ["Attack1"], ["@8 Attack(1)"])
    assert all(row["changed"] == [] for row in out["rows"][1:])
    html = page.read_text(encoding="utf-8")
    assert "1 of" in html and "app-01" in html and "<script>" in html and "http:" not in html and "https:" not in html


def test_the_table_says_what_moved_gravest_first():
    def row(level, verdict="solvable", fewest=1, necessary="Attack1", states=10, witness="@1 Attack(1)"):
        return {"level": level, "contract": "c", "verdict": verdict, "fewest_spells": fewest,
                "necessary": necessary, "states": states, "witness": witness}
    a = pd.DataFrame([row("a"), row("b"), row("c"), row("d"), row("gone")])
    b = pd.DataFrame([row("a"), row("b", states=99), row("c", witness="@2 Attack(1)"),
                      row("d", verdict="unknown", fewest=None), row("new")])
    table = compare_tables(a, b)
    assert list(table["level"]) == ["gone", "new", "d", "b", "c", "a"]
    assert list(table["changed"]) == [["removed"], ["added"], ["verdict", "fewest_spells"], ["difficulty"],
                                      ["witness"], []]
    assert str(table["fewest_spells_b"].dtype) == "Int64"
    page = compare_page(table, "A", "B")
    assert page.count("<tr>") == len(table) + 1 and "5 of 6 levels changed" in page


@pytest.mark.slow
def test_a_git_revision_is_searched_with_its_own_code(capsys):
    """HEAD's code on HEAD's pack against the work tree's pack: the same verdicts (no level changed here)."""
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    if head.returncode != 0:
        pytest.skip("not a git checkout")
    code = main(["compare", "HEAD", str(LEVELS), "--budget", "quick", "--serial", "--json", "--fail-on", "verdict",
                 "-q"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["failing"] == []


def test_the_examples_run_as_doctests(monkeypatch):
    import doctest

    import zorglab.cli.compare
    import zorglab.reports.compare

    monkeypatch.chdir(ROOT)
    for module in (zorglab.cli.compare, zorglab.reports.compare):
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
        assert result.failed == 0 and result.attempted > 0, module.__name__


def test_zorglab_compare_is_the_public_name():
    import zorglab
    from zorglab.cli.compare import compare

    assert zorglab.compare is compare and "compare" in zorglab.__all__

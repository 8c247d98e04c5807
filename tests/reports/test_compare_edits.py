"""Issue 42 item 1: ``compare`` says what changed in each level beside what it did.

An HP edit reads ``Warrior2 HP 2 → 3``; a removed spell that moves no figure still marks the level
``edited`` (it used to be "unchanged"); ``--markdown`` prints a pull request's table; ``--help`` names
compare's own default budget; a compare of two revisions counts their levels, not "0 levels".
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pandas as pd
import pytest

from zorglab.cli.main import main
from zorglab.level import load_level_text
from zorglab.reports.compare import compare_tables, markdown, with_edits
from zorglab.reports.level_diff import level_edits, pack_levels

ROOT = Path(__file__).resolve().parents[2]
LEVELS = ROOT / "levels"
APP01 = "app-01-first-blood.toml"
GNT10 = next(p.name for p in LEVELS.glob("gnt-10-*.toml"))


def _load(text: str):
    return load_level_text(text, "x.toml", library=LEVELS / "tiles.toml")


def test_each_part_of_a_level_is_compared_in_words():
    base = (LEVELS / APP01).read_text()
    a = _load(base)
    edited = (base.replace('"Warrior(1)", "Warrior(2)"', '"Warrior(1)", "Warrior(3)"')
                  .replace('"D(1) @ corridor"', '"D(2) @ corridor"')
                  .replace('spells = ["Attack(1)"]', 'spells = ["Attack(1)", "Attack(2)"]\nconstraints = ["dist(A, Z) >= 1"]')
                  .replace('casts = ["@5 Attack(1)"]', 'casts = ["@6 Attack(1)"]'))
    assert level_edits(a, _load(edited)) == [
        "room D1: D(1) @ corridor → D(2) @ corridor", "Warrior2 HP 2 → 3", "spell Attack2 added (Attack(2))",
        "constraint added: dist(A, Z) >= 1", "solution 1 casts: @5 Attack(1) → @6 Attack(1)"]
    assert level_edits(a, a) == [] and level_edits(None, a) == ["level added"] and level_edits(a, None) == [
        "level removed"]


@pytest.fixture
def two_packs(tmp_path) -> tuple[Path, Path]:
    """app-01 with its second Warrior at 3 HP, gnt-10 without its Sleep (a spell no figure needs)."""
    a, b = tmp_path / "a", tmp_path / "b"
    for side in (a, b):
        side.mkdir()
        for name in ("tiles.toml", APP01, GNT10):
            shutil.copyfile(LEVELS / name, side / name)
    (b / APP01).write_text((a / APP01).read_text().replace('"Warrior(1)", "Warrior(2)"', '"Warrior(1)", "Warrior(3)"'))
    (b / GNT10).write_text((a / GNT10).read_text().replace('spells = ["Swap", "Swap", "Sleep"]',
                                                           'spells = ["Swap", "Swap"]'))
    return a, b


def test_an_edit_that_moves_no_figure_is_still_a_change(two_packs):
    a, b = two_packs
    levels_a, levels_b = pack_levels(a), pack_levels(b)
    assert level_edits(levels_a["gnt-10"], levels_b["gnt-10"]) == ["spell Sleep1 removed (Sleep)"]
    same = pd.DataFrame([{"level": "gnt-10", "contract": "", "verdict": "solvable", "fewest_spells": 2,
                          "necessary": "Swap1 Swap2", "states": 95, "witness": "@18 Swap() with E1"}])
    frame = with_edits(compare_tables(same, same), {"gnt-10": ["spell Sleep1 removed (Sleep)"]})
    assert frame.loc[0, "changed"] == ["edited"] and frame.loc[0, "edits"] == ["spell Sleep1 removed (Sleep)"]
    text = markdown(frame, "main", "my|branch")
    assert "| gnt-10 | edited | spell Sleep1 removed (Sleep) | solvable | 2 | 95 |" in text
    assert "my\\|branch" in text


def test_the_command_prints_the_edits_and_markdown(two_packs, capsys):
    a, b = two_packs
    assert main(["compare", str(a), str(b), "--serial", "-q"]) == 0
    out = capsys.readouterr().out
    assert "2 of 2 levels changed" in out
    assert "  app-01: Warrior2 HP 2 → 3" in out and "  gnt-10: spell Sleep1 removed (Sleep)" in out
    assert main(["compare", str(a), str(b), "--serial", "-q", "--markdown"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"**{a} → {b}**: 2 of 2 levels changed")
    assert "| app-01 | verdict, fewest_spells, necessary, difficulty, witness, edited | Warrior2 HP 2 → 3 |" in out
    assert main(["compare", str(a), str(b), "--serial", "-q", "--fail-on", "edited"]) == 1
    capsys.readouterr()


def test_help_names_compares_default_budget(capsys):
    with pytest.raises(SystemExit):
        main(["compare", "--help"])
    assert "(default quick;" in " ".join(capsys.readouterr().out.split())


def test_two_revisions_count_their_levels(monkeypatch, capsys):
    import zorglab.cli.compare as cli_compare
    from zorglab.reports.compare import compare_tables as tables

    empty = pd.DataFrame(columns=["level", "contract", "verdict", "fewest_spells", "necessary", "states", "witness"])
    monkeypatch.setattr(cli_compare, "compare", lambda *a, **k: tables(empty, empty))    # no sweep here
    monkeypatch.chdir(ROOT)
    assert main(["compare", "HEAD", "HEAD"]) == 0
    said = capsys.readouterr().err
    count = len(pack_levels(LEVELS))
    assert f"({count} and {count} levels)" in said and "(0 levels" not in said

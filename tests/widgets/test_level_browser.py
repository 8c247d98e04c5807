"""The level browser through its handlers: groups by contract, verdicts, the profile's won and
bonus state, difficulty, one click opening a level, and refresh reading only what changed."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from zorglab.progression import LevelProgress, Profile, save_profile
from zorglab.widgets import levels
from zorglab.widgets.levels import BROKEN, OTHER, LevelBrowser

ROOT = Path(__file__).resolve().parents[2]
PACK = ROOT / "tests" / "reports" / "fixtures" / "pack"
STRAY = """id = "stray"
title = "In No Contract"
rooms = ["A @ spawn-east", "D(1) @ corridor", "Z @ dead-end-west"]
heroes = ["Warrior(3)"]
spells = ["Attack(1)"]
"""


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """The fixture pack, one level in no contract and one file that does not load."""
    for path in PACK.glob("*.toml"):
        shutil.copy(path, tmp_path / path.name)
    shutil.copy(ROOT / "levels" / "tiles.toml", tmp_path / "tiles.toml")
    (tmp_path / "stray.toml").write_text(STRAY)
    (tmp_path / "zz-broken.toml").write_text('id = "zz"\nrooms = ["A", "Q"]\n')
    return tmp_path


def test_levels_are_grouped_by_contract_in_campaign_order(folder):
    browser = LevelBrowser(folder, profile=Profile())
    assert [g.name for g in browser.groups] == ["first", "second", OTHER, BROKEN]
    assert [[e.level for e in g.entries] for g in browser.groups[:3]] == [["fx-01", "fx-02"], ["fx-03"], ["stray"]]
    broken = browser.groups[3].entries[0]
    assert broken.verdict == "error" and "a level needs at least one Z room" in broken.problem
    assert broken.problem.endswith("(and 1 more: zorglab validate lists them)")
    assert broken.problem.startswith(str(folder / "zz-broken.toml") + ":2:")
    assert [g.status for g in browser.groups] == ["open", "locked", "", ""]


def test_each_level_shows_its_verdict_and_difficulty(folder):
    browser = LevelBrowser(folder, profile=Profile())
    bonus = browser.entry("fx-01")
    assert (bonus.verdict, bonus.difficulty, bonus.bonuses_total) == ("solvable", (1, bonus.states), 2)
    assert bonus.states and bonus.title == "Bonus Corridor"
    stray = browser.entry("stray")          # no solution: the first valid layout, where Attack(1) is short
    assert (stray.verdict, stray.difficulty) == ("unsolvable", None)
    assert "unsolvable" in levels.row_html(stray) and "Bonus Corridor" in levels.row_html(bonus)


def test_the_profile_gives_won_and_bonus_state(folder):
    profile = Profile((LevelProgress("fx-01", frozenset({1})), LevelProgress("fx-02")))
    browser = LevelBrowser(folder, profile=profile)
    assert (browser.entry("fx-01").won, browser.entry("fx-01").bonuses_met) == (True, 1)
    assert browser.entry("fx-03").won is False
    assert browser.groups[0].heading() == "First Steps — open: 2/2 won"
    assert browser.groups[1].heading() == "Second Wind — open: 0/1 won"      # 3 points reach its cost
    assert "fx-01: solvable; won; bonuses 1/2; 1 spell" in browser.entry("fx-01").describe()
    assert "★☆" in levels.row_html(browser.entry("fx-01"))


def test_a_profile_file_and_the_default_one(folder, tmp_path, monkeypatch):
    save_profile(Profile((LevelProgress("fx-03"),)), folder / "player.json")
    assert LevelBrowser(folder, profile=folder / "player.json").entry("fx-03").won
    monkeypatch.chdir(folder)                 # no zorglab-profile.json here: a player with no wins
    assert not any(e.won for e in LevelBrowser(folder).entries)
    save_profile(Profile((LevelProgress("fx-02"),)), folder / levels.DEFAULT_PROFILE)
    assert LevelBrowser(folder).entry("fx-02").won


def test_a_broken_profile_is_a_notice_not_a_raise(folder):
    (folder / "bad.json").write_text("{not json")
    browser = LevelBrowser(folder, profile=folder / "bad.json")
    assert "not valid JSON" in browser.notice and browser.entries


def test_a_broken_contract_list_is_a_notice_and_the_levels_still_show(folder):
    good = (folder / "contracts.toml").read_text()
    (folder / "contracts.toml").write_text(good.replace("cost = 3", "cost = -3"))
    profile = Profile((LevelProgress("fx-01"),))
    browser = LevelBrowser(folder, profile=profile)
    assert "contracts.toml" in browser.notice and "levels shown without their contracts" in browser.notice
    assert [g.name for g in browser.groups] == [OTHER, BROKEN] and browser.entry("fx-01").won
    (folder / "contracts.toml").write_text(good)
    browser.refresh()
    assert browser.notice == "" and [g.name for g in browser.groups][:2] == ["first", "second"]


def test_one_click_opens_the_level(folder):
    opened: list[Path] = []
    browser = LevelBrowser(folder, profile=Profile(), on_open=opened.append)
    browser.buttons[folder / "fx-03-two-attacks.toml"].click()
    assert opened == [folder / "fx-03-two-attacks.toml"]
    browser.buttons[folder / "zz-broken.toml"].click()      # a broken file opens too, to be mended
    assert opened[-1] == folder / "zz-broken.toml"
    assert "opened" in browser.status.value


def test_a_click_without_a_studio_says_so(folder):
    browser = LevelBrowser(folder, profile=Profile())
    browser.open("fx-01")
    assert "no Studio attached" in browser.notice and "no Studio attached" in browser.status.value
    with pytest.raises(ValueError, match="no level 'nope'"):
        browser.open("nope")


def test_refresh_reads_only_changed_files_and_finds_new_ones(folder, monkeypatch):
    browser = LevelBrowser(folder, profile=Profile())
    read: list[str] = []
    real = levels.analyse_file

    def counted(path, seconds=None):
        read.append(path.name)
        return real(path, seconds)

    monkeypatch.setattr(levels, "analyse_file", counted)
    browser.refresh()
    assert read == []
    path = folder / "stray.toml"
    path.write_text(STRAY.replace("Attack(1)", "Attack(2)"))
    (folder / "fx-04.toml").write_text(STRAY.replace('"stray"', '"fx-04"'))
    browser.refresh()
    assert sorted(read) == ["fx-04.toml", "stray.toml"]
    assert browser.entry("stray").verdict == "solvable"
    assert [e.level for e in browser.groups[2].entries] == ["fx-04", "stray"]


def test_a_changed_tile_library_reads_every_level_again(folder, monkeypatch):
    browser = LevelBrowser(folder, profile=Profile())
    read: list[str] = []
    real = levels.analyse_file
    monkeypatch.setattr(levels, "analyse_file", lambda path, seconds=None: read.append(path.name) or real(path, seconds))
    (folder / "tiles.toml").write_text((folder / "tiles.toml").read_text() + "\n# a comment\n")
    browser.refresh()
    assert len(read) == len(browser.entries)


def test_a_second_browser_on_the_folder_reads_nothing_again(folder, monkeypatch):
    first = LevelBrowser(folder, profile=Profile())
    monkeypatch.setattr(levels, "analyse_file", lambda *args: pytest.fail("read again"))
    second = LevelBrowser(folder, profile=Profile((LevelProgress("fx-02"),)))
    assert [e.level for e in second.entries] == [e.level for e in first.entries]
    assert second.entry("fx-02").won and not first.entry("fx-02").won


def test_a_solution_that_no_longer_wins_is_shown_on_its_row(folder):
    path = folder / "fx-01-bonus.toml"
    path.write_text(path.read_text().replace('casts = ["@5 Attack(1)"]', 'casts = []'))
    entry = LevelBrowser(folder, profile=Profile()).entry("fx-01")
    assert "solution 0 expects a win, but its replay ends in a" in entry.problem


def test_an_empty_or_missing_folder_says_so(tmp_path):
    browser = LevelBrowser(tmp_path / "nothing", profile=Profile())
    assert browser.groups == [] and "no level files" in browser.notice

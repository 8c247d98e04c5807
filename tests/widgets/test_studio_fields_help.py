"""Issue 39 items 3 and 4: every field helps (a starting choice even while the level has problems,
"did you mean" for functions, counts that say what they count, worlds named in witnesses) and the
boards are readable (labels at least 11 px, the Player's board within the Studio's column)."""

from __future__ import annotations

import shutil
from pathlib import Path

from zorglab.engine.game import setup
from zorglab.engine.layout import Layout
from zorglab.level import load_level
from zorglab.paint import PillowPainter
from zorglab.widgets import Studio
from zorglab.widgets.live.choices import ChoiceVerdict
from zorglab.widgets.live.summary import LevelSummary, summarise
from zorglab.widgets.maker import Maker
from zorglab.widgets.player import Player
from zorglab.widgets.studio_list import fault_html

REPO = Path(__file__).resolve().parents[2]
FIRST_BLOOD = REPO / "levels" / "app-01-first-blood.toml"


class Sizes(PillowPainter):
    """A painter that remembers the size of every label it draws."""

    sizes: list[int]

    def text(self, x, y, text, colour, size=10, anchor="center"):       # noqa: D102
        self.sizes = getattr(self, "sizes", []) + [size]
        super().text(x, y, text, colour, size=size, anchor=anchor)


def labels_of(widget) -> list[int]:
    painter = Sizes(*widget.view.size)
    widget.draw(painter)
    return painter.sizes


def test_every_label_of_the_studios_maker_and_player_is_at_least_11_px(tmp_path):
    level = load_level(FIRST_BLOOD)
    layout = Layout.from_solution(level.solutions[1])
    maker = Maker(level, layout=layout, cell=18)
    assert labels_of(maker) and min(labels_of(maker)) >= 11
    player = Player(setup(level, layout, {}), level.solutions[1].casts, cell=14)
    for _ in range(6):
        player.step()
    assert min(labels_of(player)) >= 11
    bare = Maker(level, cell=18)          # the tray's rooms, unplaced
    assert min(labels_of(bare)) >= 11


def test_the_players_board_fits_the_studios_column(tmp_path):
    path = tmp_path / "level.toml"
    shutil.copyfile(REPO / "levels" / "arc-09-architects-exam.toml", path)
    studio = Studio(path, watch=None, debounce=0)
    studio.maker.start()
    player = studio.maker.player
    assert player.view.size[0] <= 320, player.view.size
    assert min(labels_of(player)) >= 11


def test_a_variable_added_while_the_level_has_problems_gives_every_solution_a_choice(tmp_path):
    path = tmp_path / "level.toml"
    shutil.copyfile(FIRST_BLOOD, path)
    studio = Studio(path, watch=None, debounce=0)
    studio.heroes.set_row(0, "Warrior(1")                 # a problem, being typed
    studio.variables.add_variable("n", 'choix(1, {1, 2})')
    studio.heroes.set_row(0, "Warrior(1)")
    assert studio.draft.problems == (), studio.draft.problems
    assert all(dict(s.choices) == {"n": 1} for s in studio.draft.level.solutions)


def test_a_misspelt_function_gets_did_you_mean():
    said = fault_html(["x.toml:3:1: unknown function 'dsit' (known: died_before, dist, solvable, unused)"])
    assert "did you mean dist?" in said


def test_the_layout_count_says_it_counts_every_choice():
    level = REPO / "levels" / "arc-01-tuning-fork.toml"
    summary = summarise(level)
    line = next(x for x in summary.lines() if x.startswith("layouts: "))
    assert ", counting every choice" in line, line
    plain = LevelSummary(layouts_tried=3, layouts_winning=1, layouts_complete=True).lines()
    assert "layouts: 1 of 3 win (every layout tried)" in plain


def test_a_witness_of_several_worlds_names_each_world():
    row = ChoiceVerdict((("x", 1),), "solvable", ("@1 Attack(1)",),
                        worlds=(("M", ("@1 Attack(1)",)), ("M1", ("@2 Attack(2)",))))
    assert row.witness_text() == "world M: @1 Attack(1) | world M1: @2 Attack(2)"
    alone = ChoiceVerdict((("x", 1),), "solvable", ("@1 Attack(1)",), worlds=(("M", ("@1 Attack(1)",)),))
    assert alone.witness_text() == "@1 Attack(1)"


def test_an_edit_of_the_prose_searches_nothing_again(tmp_path, monkeypatch):
    from zorglab.widgets.live import setup_figures as live_setup
    path = tmp_path / "level.toml"
    shutil.copyfile(FIRST_BLOOD, path)
    studio = Studio(path, watch=None, debounce=0)
    assert studio.settle()
    verdict = studio.summary.layout_verdict
    searched = []
    real = live_setup.setup_figures
    monkeypatch.setattr(live_setup, "setup_figures", lambda *a, **k: (searched.append(1), real(*a, **k)))
    studio.fields.set_field("notes", "a new note")
    studio.fields.set_field("title", "Second Blood")
    assert studio.settle()
    assert searched == [] and studio.summary.layout_verdict == verdict and studio.summary.witness
    studio.heroes.set_row(1, "Warrior(3)")             # the rules changed: searched again
    assert studio.settle() and searched == [1]


def test_the_level_list_appears_before_its_verdicts_are_found(tmp_path, monkeypatch):
    from zorglab.widgets import levels
    folder = tmp_path / "levels"
    folder.mkdir()
    for name in ("app-01-first-blood.toml", "app-02-the-long-way-round.toml"):
        shutil.copyfile(REPO / "levels" / name, folder / name)
    gate = __import__("threading").Event()
    real = levels.analyse_file
    monkeypatch.setattr(levels, "analyse_file", lambda *a, **k: (gate.wait(60), real(*a, **k))[1])
    browser = levels.LevelBrowser(folder, background=True)          # returns while no verdict is known
    assert sorted(e.level for e in browser.entries) == ["app-01", "app-02"]
    assert {e.verdict for e in browser.entries} == {"analysing…"}
    gate.set()
    assert browser.settle(120)
    assert {e.verdict for e in browser.entries} == {"solvable"}
    assert all("solvable" in row.value for row in browser.rows.values())


def test_the_closest_miss_names_the_values_of_the_constraint_it_breaks(tmp_path):
    path = tmp_path / "level.toml"
    shutil.copyfile(FIRST_BLOOD, path)
    studio = Studio(path, watch=None, debounce=0)
    studio.constraints.add_row("unused(Attack1)")        # the only win needs the Attack
    assert studio.settle()
    reason = studio.summary.reason
    assert "closest miss" in reason and "unused(Attack1) does not hold (unused(Attack1) = false)" in reason, reason

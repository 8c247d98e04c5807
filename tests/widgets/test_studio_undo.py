"""Undo and redo in the Studio (issue #24 item 3), unsaved work never dropped silently (item 4),
and paths from the repository root (item 2): through the Studio's handlers."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from zorglab.widgets import Studio
from zorglab.level.folders import project_root
from zorglab.widgets.studio_paths import level_files, resolve, shown

REPO = Path(__file__).resolve().parents[2]
FIRST_BLOOD = REPO / "levels" / "app-01-first-blood.toml"


def copy_of(tmp_path: Path, name: str = "app-01.toml") -> Studio:
    path = tmp_path / name
    shutil.copyfile(FIRST_BLOOD, path)
    return Studio(path, watch=None, debounce=0)


# --- undo and redo --------------------------------------------------------------------------------

def test_a_deleted_row_comes_back_by_undo_and_goes_again_by_redo(tmp_path):
    studio = copy_of(tmp_path)
    heroes = studio.draft.items(("heroes",))
    studio.heroes.remove_row(0)
    assert studio.draft.items(("heroes",)) == heroes[1:] and not studio.undo_button.disabled
    studio.undo()
    assert studio.draft.items(("heroes",)) == heroes and "undone: heroes 1 removed" in studio.notice
    assert not studio.unsaved                              # back to the file's own text
    studio.redo()
    assert studio.draft.items(("heroes",)) == heroes[1:] and studio.unsaved


def test_every_kind_of_edit_is_undone_in_order(tmp_path):
    studio = copy_of(tmp_path)
    start = studio.draft.text
    layout = studio.maker.layout
    studio.rooms.add_row("D(2) @ corridor")                   # a room (the Maker is rebuilt)
    studio.variables.add_variable("x", "choix(1, {1, 2})")     # a variable
    studio.choose("x", 2)                                     # a choice
    studio.painter.load("mine", ("#####", "#...#", "S...#", "#...#", "#####"))
    studio.painter.save_tile()                                # a tile
    studio.fields.set_field("title", "Renamed")               # a field
    studio.maker.select("D1")
    studio.maker.remove()                                     # the layout
    assert "D1" not in studio.maker.layout
    for _ in range(6):
        studio.undo()
    assert studio.draft.text == start and studio.maker.layout == layout and studio.choices == {}
    studio.undo()
    assert studio.notice == "nothing to undo"
    for _ in range(6):
        studio.redo()
    assert "D1" not in studio.maker.layout and studio.draft.field("title") == "Renamed"
    assert studio.choices == {"x": 2} and "mine" in studio.draft.own_tiles()


def test_a_new_edit_after_undo_drops_the_redo(tmp_path):
    studio = copy_of(tmp_path)
    studio.heroes.remove_row(0)
    studio.undo()
    studio.spells.set_row(0, "Attack(2)")
    assert studio.redo_button.disabled
    studio.redo()
    assert studio.notice == "nothing to redo"


def test_ctrl_z_and_cmd_z_undo_and_shift_redoes_in_the_studio_and_inside_its_maker(tmp_path):
    studio = copy_of(tmp_path)
    rooms = studio.draft.items(("rooms",))
    studio.rooms.remove_row(1)
    studio.keys.press("z", ctrl=True)                         # what the page's key guard sends
    assert studio.draft.items(("rooms",)) == rooms
    studio.keys.press("Z", shift=True, meta=True)             # Cmd+Shift+Z on macOS
    assert studio.draft.items(("rooms",)) != rooms
    studio.keys.press("z", meta=True)
    assert studio.draft.items(("rooms",)) == rooms
    studio.keys.press("z")                                    # a plain z is no undo
    assert studio.draft.items(("rooms",)) == rooms
    layout = studio.maker.layout
    studio.maker.select("D1")
    studio.maker.key("Delete")                                # a layout edit, by a key in the Maker
    studio.maker.keys.press("z", ctrl=True)                   # the Maker's Ctrl+Z is the Studio's undo
    assert studio.maker.layout == layout
    assert studio.maker.undo_button.layout.display == "none"  # one pair of undo buttons on the page


def test_undo_after_save_makes_the_edit_unsaved_again(tmp_path):
    studio = copy_of(tmp_path)
    studio.fields.set_field("title", "Saved title")
    studio.save()
    assert not studio.unsaved
    studio.undo()
    assert studio.unsaved and studio.draft.field("title") == "First Blood" and "unsaved" in studio.header.value


# --- unsaved work -------------------------------------------------------------------------------

def test_open_over_unsaved_edits_asks_and_cancel_keeps_them(tmp_path):
    studio = copy_of(tmp_path)
    other = tmp_path / "app-02.toml"
    shutil.copyfile(REPO / "levels" / "app-02-the-long-way-round.toml", other)
    studio.heroes.set_row(0, "Warrior(9)")
    assert "● unsaved edits" in studio.header.value
    studio.open(other)
    assert studio.question is not None and studio.unsaved_work.question_box.layout.display == ""
    assert "Save them before you open" in studio.unsaved_work.question_text.value
    studio.answer("cancel")
    assert studio.draft.items(("heroes",))[0] == "Warrior(9)" and studio.question is None
    assert studio.unsaved_work.question_box.layout.display == "none"


def test_save_then_open_writes_the_edits_first(tmp_path):
    studio = copy_of(tmp_path)
    other = tmp_path / "app-02.toml"
    shutil.copyfile(REPO / "levels" / "app-02-the-long-way-round.toml", other)
    studio.fields.set_field("title", "Kept")
    studio.open(other)
    studio.answer("save")
    assert 'title = "Kept"' in (tmp_path / "app-01.toml").read_text()
    assert studio.draft.path == other and studio.history.back == []


def test_save_refused_keeps_the_question_and_the_level(tmp_path):
    studio = copy_of(tmp_path)
    studio.heroes.set_row(0, "Warior(2)")                      # a problem: save refuses
    studio.open_new(tmp_path / "fresh.toml")
    studio.answer("save")
    assert studio.question is not None and studio.draft.path == tmp_path / "app-01.toml"
    assert studio.notice.startswith("not saved") and "so did not start" in studio.notice


def test_discarded_edits_are_restorable_from_the_page(tmp_path):
    studio = copy_of(tmp_path)
    studio.heroes.set_row(0, "Warrior(7)")
    studio.reload_asked()
    assert studio.question is not None
    studio.answer("discard")
    assert studio.draft.items(("heroes",))[0] != "Warrior(7)" and studio.unsaved_work.restore_button.layout.display == ""
    studio.restore_discarded()
    assert studio.draft.items(("heroes",))[0] == "Warrior(7)" and studio.unsaved
    assert studio.unsaved_work.restore_button.layout.display == "none"
    studio.save()
    assert "Warrior(7)" in (tmp_path / "app-01.toml").read_text()


def test_the_browser_asks_before_closing_a_page_with_unsaved_edits(tmp_path):
    studio = copy_of(tmp_path)
    assert studio.unsaved_work.unload_guard in studio.widget.children and not studio.unsaved_work.unload_guard.unsaved
    studio.heroes.set_row(0, "Warrior(6)")
    assert studio.unsaved_work.unload_guard.unsaved
    studio.save()
    assert not studio.unsaved_work.unload_guard.unsaved


def test_a_new_level_with_nothing_typed_is_replaced_without_a_question(tmp_path):
    studio = Studio.new(tmp_path / "empty.toml", watch=None, debounce=0)
    assert "nothing typed yet" in studio.header.value
    studio.open(FIRST_BLOOD)
    assert studio.question is None and studio.draft.level.id == "app-01"


def test_fields_and_palette_start_fresh_for_each_level(tmp_path):
    studio = copy_of(tmp_path)
    studio.palette.choose_type("D")
    studio.palette.set_label("hall")
    studio.palette.pick_tile("corridor")
    studio.painter.load("mine", ("#####",) * 5)
    studio.open(REPO / "levels" / "app-02-the-long-way-round.toml")
    assert studio.palette.tile is None and studio.palette.label == "" and studio.painter.name_text.value == ""
    assert studio.path_text.value == "levels/app-02-the-long-way-round.toml"


# --- paths ---------------------------------------------------------------------------------------

def test_paths_are_from_the_repository_root_whatever_the_working_folder(tmp_path, monkeypatch):
    workspace = REPO / "workspace"
    workspace.mkdir(exist_ok=True)
    monkeypatch.chdir(workspace)                         # where make lab runs the kernel
    assert project_root() == REPO
    studio = Studio("levels/app-01-first-blood.toml", watch=None, debounce=0)
    assert studio.draft.path == FIRST_BLOOD and "<code>levels/app-01-first-blood.toml</code>" in studio.header.value
    assert "levels/app-02-the-long-way-round.toml" in studio.path_text.options
    assert resolve("levels/x.toml") == REPO / "levels" / "x.toml" and shown(tmp_path / "a.toml") == str(tmp_path / "a.toml")


def test_outside_a_checkout_paths_are_from_the_working_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert project_root() == tmp_path.resolve()
    assert level_files() == []


def test_typing_into_one_field_is_one_undo_step(tmp_path):
    studio = copy_of(tmp_path)
    for text in ("Attack(", "Attack(3", "Attack(3)"):               # keystroke by keystroke
        studio.spells.set_row(0, text)
    studio.heroes.set_row(0, "Warrior(5)")                         # another field: a step of its own
    studio.undo()
    assert studio.draft.items(("spells",)) == ["Attack(3)"]
    studio.undo()
    assert studio.draft.items(("spells",)) == ["Attack(1)"] and not studio.unsaved
    layout = studio.maker.layout
    studio.maker.select("D1")
    studio.maker.rotate()
    studio.maker.rotate()                                           # two layout edits: two steps
    studio.undo()
    assert studio.maker.layout != layout
    studio.undo()
    assert studio.maker.layout == layout

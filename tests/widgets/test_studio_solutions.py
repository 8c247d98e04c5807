"""Issue 39 item 1 and 2: the solutions are part of the level the Studio edits (renames carry them,
a removed spell says which casts no longer hold, duplicate / delete / reorder, save as), and the
page's new keys and buttons (Ctrl/Cmd+S, play a solution, play the closest miss, the Maker drawn
again when the page attaches). Every test calls the handlers the page's widgets call."""

from __future__ import annotations

import shutil
from pathlib import Path

from zorglab.level import load_level
from zorglab.level.draft import Draft
from zorglab.level.loader import check_level
from zorglab.level.renames import entry_names, rename_text, renamed
from zorglab.widgets import Studio

REPO = Path(__file__).resolve().parents[2]
FIRST_BLOOD = REPO / "levels" / "app-01-first-blood.toml"
TWO_TRAPS = """id = "two-traps"
title = "Two traps"
rooms = ["A @ spawn-east", "D(1) @ corridor", "D(2) @ corridor", "Z @ dead-end-west"]
heroes = ["Warrior(4)"]
spells = ["boom = Attack(1)"]
constraints = ["dist(A, Z) >= 3"]

[[solutions]]
rotation = 0
map = \"\"\"
A D1 D2 Z
\"\"\"
casts = ["@4 boom"]
expect = "win"
"""


def copy_of(tmp_path: Path, text: str | None = None, name: str = "level.toml") -> Studio:
    path = tmp_path / "levels" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    if text is None:
        shutil.copyfile(FIRST_BLOOD, path)
    else:
        path.write_text(text, encoding="utf-8")
    return Studio(path, watch=None, debounce=0, root=tmp_path)


def saved_problems(path: Path) -> list[str]:
    return [str(p) for p in check_level(path).problems]


# --- renames carry the solutions (zorglab.level.renames, through the Draft) -------------------------

def test_names_of_entries_are_their_labels_and_the_alias_of_a_type_met_once():
    names = entry_names(["A @ x", "D(1)", "hall = D(2)", "Z", "nonsense(", ""])
    assert names[0] == ("A1", frozenset({"A1", "A"}))
    assert names[1] == ("D1", frozenset({"D1"})) and names[2] == ("hall", frozenset({"hall"}))
    assert names[4] == (None, frozenset()) and names[5] == (None, frozenset())


def test_a_swap_of_two_automatic_labels_is_one_simultaneous_rename():
    mapping = renamed(["D(1)", "D(2)"], ["D(2)", "D(1)"], {0: 1, 1: 0})
    assert mapping == {"D1": "D2", "D2": "D1"}
    assert rename_text("@3 Swap() with D1 D2", mapping) == "@3 Swap() with D2 D1"
    assert rename_text("dist(D1, Z) and D1.x", {"D1": "hall", "dist": "no"}) == "dist(hall, Z) and D1.x"


def test_relabelling_a_room_rewrites_every_map_and_the_level_still_loads(tmp_path):
    studio = copy_of(tmp_path)
    studio.rooms.set_row(1, "east = D(1) @ corridor")
    assert studio.draft.problems == ()
    assert "the solutions follow: D1 → east" in studio.notice
    level = studio.draft.level
    assert all("east" in {label for row in s.map for label in row} for s in level.solutions)
    assert studio.save_button.disabled is False


def test_relabelling_typed_key_by_key_through_unreadable_texts_still_follows(tmp_path):
    draft = Draft.open(copy_of(tmp_path).draft.path)
    for typed in ("", "e", "eD(1) @ corridor", "east D(1) @ corridor", "east = D(1) @ corridor"):
        draft.set_item(("rooms",), 1, typed)
    assert draft.problems == ()
    assert "east" in draft.text.split("[[solutions]]")[1]


def test_moving_rooms_keeps_each_solution_on_the_same_rooms(tmp_path):
    studio = copy_of(tmp_path, TWO_TRAPS)
    before = studio.draft.level.rooms
    studio.rooms.move_row(2, -1)              # D(2) before D(1): the automatic labels swap
    level = studio.draft.level
    assert studio.draft.problems == ()
    by_label = {room.label: room.args for room in level.rooms}
    (solution,) = level.solutions
    placed = [label for row in solution.map for label in row if label]
    assert [by_label[label] for label in placed] == [r.args for r in before]
    assert level.constraints[0].source == "dist(A, Z) >= 3"


def test_a_spell_relabelled_or_given_other_arguments_carries_its_casts(tmp_path):
    studio = copy_of(tmp_path, TWO_TRAPS)
    studio.spells.set_row(0, "bang = Attack(1)")
    assert studio.draft.problems == () and studio.draft.level.solutions[0].casts[0].source == "@4 bang"
    studio = copy_of(tmp_path)
    studio.spells.set_row(0, "Attack(4)")
    assert studio.draft.problems == ()
    assert [c.source for s in studio.draft.level.solutions for c in s.casts] == ["@5 Attack(4)", "@1 Attack(4)"]
    assert studio.solutions.verdicts[1].startswith("win")


def test_a_spell_removed_says_which_casts_no_longer_hold_and_dropping_them_fixes_the_level(tmp_path):
    studio = copy_of(tmp_path)
    studio.spells.set_row(0, "Teleport(2)")
    assert studio.draft.problems
    assert studio.draft.faults_at(("solutions", 1, "casts", 0))            # said under the cast itself
    assert "not among the spells" in studio.solutions.boxes.children[1].children[4].children[1].value
    studio.solutions.drop_cast(1, 0)
    studio.solutions.set_cast(2, 0, "@1 Teleport(2)")
    assert studio.draft.problems == (), studio.draft.problems
    studio.save()
    assert saved_problems(studio.draft.path) == []


def test_a_renamed_room_and_spell_are_saved_with_their_solutions(tmp_path):
    studio = copy_of(tmp_path)
    studio.rooms.set_row(1, "east = D(1) @ corridor")
    studio.spells.set_row(0, "Attack(2)")
    assert studio.settle()
    studio.save()
    assert "saved" in studio.notice
    assert saved_problems(studio.draft.path) == []
    level = load_level(studio.draft.path)
    assert level.solutions[1].casts[0].source == "@5 Attack(2)"


# --- the solutions panel's handlers ----------------------------------------------------------------

def test_the_panel_lists_each_solution_with_what_it_gives_now(tmp_path):
    studio = copy_of(tmp_path)
    assert studio.solutions.verdicts == ["loss ✓ as expected", "win ✓ as expected", "loss ✓ as expected"]
    heads = [box.children[0].value for box in studio.solutions.boxes.children]
    assert "solution 1" in heads[1] and "A D1 Z" in heads[1]
    studio.solutions.set_expect(1, "loss")
    assert studio.solutions.verdicts[1] == "win ✗ — it expects a loss"


def test_duplicate_delete_and_reorder_solutions_each_one_undo_step(tmp_path):
    studio = copy_of(tmp_path)
    casts = lambda: [[c.source for c in s.casts] for s in studio.draft.level.solutions]      # noqa: E731
    assert casts() == [[], ["@5 Attack(1)"], ["@1 Attack(1)"]]
    studio.solutions.duplicate(1)
    assert casts() == [[], ["@5 Attack(1)"], ["@5 Attack(1)"], ["@1 Attack(1)"]]
    studio.solutions.remove(0)
    assert casts() == [["@5 Attack(1)"], ["@5 Attack(1)"], ["@1 Attack(1)"]]
    studio.solutions.move(2, -2)
    assert casts() == [["@1 Attack(1)"], ["@5 Attack(1)"], ["@5 Attack(1)"]]
    studio.solutions.add_cast(0, "@6 Attack(1)")
    assert casts()[0] == ["@1 Attack(1)", "@6 Attack(1)"]
    for _ in range(4):
        studio.undo()
    assert casts() == [[], ["@5 Attack(1)"], ["@1 Attack(1)"]]


def test_play_a_saved_solution_opens_it_in_the_player(tmp_path):
    studio = copy_of(tmp_path)
    player = studio.solutions.play(1)
    assert player is not None and studio.maker.player is player
    assert [c.source for c in player.timeline.scheduled] == ["@5 Attack(1)"] and studio.solution == 1


# --- save as ---------------------------------------------------------------------------------------

def test_save_as_writes_a_new_file_in_the_repository_and_edits_it_from_then_on(tmp_path):
    studio = copy_of(tmp_path)
    original = studio.draft.path.read_bytes()
    studio.rooms.set_row(1, "east = D(1) @ corridor")
    target = studio.save_as("levels/copy.toml")
    assert target == tmp_path / "levels" / "copy.toml"
    assert studio.draft.path == target and not studio.unsaved
    assert saved_problems(target) == [] and "east" in target.read_text()
    assert (tmp_path / "levels" / "level.toml").read_bytes() == original
    studio.heroes.set_row(0, "Warrior(2)")
    studio.save()
    assert "Warrior(2)" in target.read_text() and (tmp_path / "levels" / "level.toml").read_bytes() == original


def test_save_as_refuses_outside_the_repository_an_existing_file_and_not_toml(tmp_path):
    studio = copy_of(tmp_path / "repo")
    for path, said in (("../outside.toml", "outside the repository"), ("levels/level.toml", "already exists"),
                       ("levels/notes.txt", "ends in .toml"), (str(tmp_path / "abs.toml"), "outside the repository")):
        assert studio.save_as(path) is None
        assert said in studio.notice, studio.notice
    assert not (tmp_path / "outside.toml").exists() and not (tmp_path / "abs.toml").exists()


# --- keys and buttons ------------------------------------------------------------------------------

def test_ctrl_s_and_cmd_s_save_the_level(tmp_path):
    studio = copy_of(tmp_path)
    studio.heroes.set_row(0, "Warrior(2)")
    assert studio.unsaved
    studio.keys.press("s", ctrl=True)
    assert not studio.unsaved and "Warrior(2)" in studio.draft.path.read_text()
    studio.heroes.set_row(0, "Warrior(1)")
    studio.keys.press("s", meta=True)
    assert not studio.unsaved and "Warrior(1)" in studio.draft.path.read_text()
    studio.heroes.set_row(0, "Warrior(3)")
    studio.keys.press("s")                  # without Ctrl or Cmd: a letter, not a save
    assert studio.unsaved


def test_play_the_closest_miss_runs_it_in_the_player(tmp_path):
    studio = copy_of(tmp_path)
    studio.choose_solution(0)
    studio.heroes.set_row(0, "Warrior(2)")    # one Attack for two Warriors the trap leaves at 1 HP
    assert studio.settle()
    assert studio.summary.layout_verdict == "unsolvable", studio.panel.shown_lines
    assert studio.panel.miss_button.disabled is False
    player = studio.play_miss()
    assert player is not None and studio.maker.player is player
    assert [c.source or "" for c in player.timeline.scheduled] != [] and "closest miss" in studio.notice


def test_the_maker_is_drawn_again_when_its_canvas_reaches_the_page(tmp_path):
    studio = copy_of(tmp_path)
    maker = studio.maker
    drawn = []
    maker.draw = lambda painter: drawn.append(painter)        # type: ignore[method-assign]
    manager = maker.canvas._canvas_manager
    manager._current_canvas = maker.canvas          # as after the kernel's first drawing, the page not there yet
    maker.painter._style["fill_style"] = "#ffffff"
    maker.canvas._handle_custom_msg({"event": "client_ready"}, [])
    assert drawn, "the Maker's canvas was not drawn again when the page attached"
    # the page's canvas is told to switch to it and given its styles again (it knows neither)
    assert manager._current_canvas is not maker.canvas and maker.painter._style == {}


def test_the_makers_layout_follows_a_renamed_room(tmp_path):
    studio = copy_of(tmp_path)
    assert "D1" in studio.maker.layout
    studio.rooms.set_row(1, "east = D(1) @ corridor")
    assert "east" in studio.maker.layout and "D1" not in studio.maker.layout and studio.maker.valid
    studio.undo()
    assert "D1" in studio.maker.layout and studio.maker.valid

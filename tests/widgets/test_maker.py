"""The Maker through its own handlers: placing, violations as they happen, the FR-8 gate, undo, save."""

from __future__ import annotations

import tomllib

import pytest
from hypothesis import given, settings, strategies as st

from zorglab.engine.game import Setup
from zorglab.engine.layout import Layout
from zorglab.engine.layout_rules import is_valid
from zorglab.errors import LayoutError, LevelError
from zorglab.core.model import Solution
from zorglab.widgets.maker import Maker
from widget_levels import LEVEL_TOML, ROW, corridor_level


def built(maker: Maker, slots: dict) -> None:
    for label, slot in slots.items():
        maker.select_tray(label)
        maker.click_slot(*slot)


def test_an_empty_board_lists_every_missing_room_and_blocks_start():
    maker = Maker(corridor_level())
    assert maker.layout == Layout()
    assert maker.start_button.disabled
    assert len(maker.messages) == 3 and all("not placed" in m for m in maker.messages)
    assert maker.unplaced == ("A", "D1", "Z")


def test_placing_every_room_in_a_row_enables_start():
    maker = Maker(corridor_level())
    built(maker, ROW)
    assert maker.layout == Layout.from_slots(ROW)
    assert maker.violations == [] and maker.messages == ()
    assert not maker.start_button.disabled
    assert "no violations" in maker.message_box.value


def test_a_mismatched_border_names_the_side_and_keeps_start_blocked():
    maker = Maker(corridor_level())
    built(maker, {"A": (0, 0), "Z": (1, 0), "D1": (2, 0)})     # Z's east wall faces D1's west opening
    border = [v for v in maker.violations if v.rule == "FR-6 border"]
    assert border and "Z (east side, cell 2) is a wall" in border[0].message
    assert "D1 (west side, cell 2) is an opening" in border[0].message
    assert any("east side" in m for m in maker.messages)
    assert "east side" in maker.message_box.value
    assert maker.start_button.disabled
    maker.drag((2, 0), (1, 0))                                 # D1 onto Z's slot: the two swap
    assert maker.layout.slot("D1") == (1, 0) and maker.layout.slot("Z") == (2, 0)
    assert maker.violations == [] and not maker.start_button.disabled


def test_an_orientation_mismatch_is_shouted_and_blocks_start():
    maker = Maker(corridor_level())
    built(maker, ROW)
    maker.click_slot(1, 0)
    assert maker.selected == "D1"
    maker.rotate()
    assert "hatch east" in maker.notice
    assert any(v.rule == "FR-7 orientation" for v in maker.violations)
    assert "ORIENTATION MISMATCH" in maker.message_box.value
    assert maker.start_button.disabled
    maker.rotate(-1)
    assert maker.violations == [] and not maker.start_button.disabled


def test_rotate_all_keeps_one_shared_orientation_and_the_gate_follows_the_engine():
    maker = Maker(corridor_level())
    built(maker, {"A": (0, 0), "D1": (0, 1), "Z": (0, 2)})     # a column: needs everything turned a quarter
    assert maker.start_button.disabled
    maker.rotate_all()
    assert maker.layout.common_rotation == 1
    assert maker.start_button.disabled == (not is_valid(maker.level, maker.layout))
    assert not maker.start_button.disabled


def test_placing_on_an_occupied_slot_sends_the_occupant_back_to_the_tray():
    maker = Maker(corridor_level())
    built(maker, {"A": (0, 0), "D1": (1, 0)})
    maker.select_tray("Z")
    maker.click_slot(1, 0)
    assert maker.layout.slot("Z") == (1, 0) and "D1" not in maker.layout
    assert "D1" in maker.unplaced


def test_clicks_select_move_and_deselect():
    maker = Maker(corridor_level())
    built(maker, {"A": (0, 0)})
    assert maker.selected == "A"                                # a room just placed is selected
    maker.click_slot(0, 0)                                      # clicking it again deselects
    assert maker.selected is None
    maker.click_slot(0, 0)
    assert maker.selected == "A"
    maker.click_slot(3, 2)                                      # empty: the selected room moves there
    assert maker.layout.slot("A") == (3, 2)
    maker.click_slot(3, 2)                                      # itself: deselect
    assert maker.selected is None
    maker.rotate()
    assert "select a placed room" in maker.notice


def test_remove_undo_redo():
    maker = Maker(corridor_level())
    built(maker, ROW)
    full = maker.layout
    maker.select("Z")
    maker.remove()
    assert "Z" not in maker.layout and maker.start_button.disabled
    maker.undo()
    assert maker.layout == full and not maker.start_button.disabled
    maker.redo()
    assert "Z" not in maker.layout
    assert maker.redo_button.disabled
    for _ in range(10):
        maker.undo()
    assert maker.layout == Layout() and maker.undo_button.disabled
    assert maker.notice == "nothing to undo"


def test_keyboard_shortcuts():
    maker = Maker(corridor_level())
    built(maker, ROW)
    maker.select("D1")
    maker.key("r")
    assert maker.layout.rotation("D1") == 1
    maker.key("z", ctrl=True)
    assert maker.layout.rotation("D1") == 0
    maker.key("y", ctrl=True)
    assert maker.layout.rotation("D1") == 1
    maker.key("R")
    maker.key("ArrowDown")
    assert maker.layout.slot("D1") == (1, 1)
    maker.key("Delete")
    assert "D1" not in maker.layout


def test_mouse_press_and_release_become_clicks_and_drags():
    maker = Maker(corridor_level())
    view = maker.view
    box = next(b for b in maker.tray if b.label == "A")
    x, y, w, h = view.slot_rect((1, 1))
    maker.input.mouse_down(box.x + 5, box.y + 5)
    maker.input.mouse_up(x + w / 2, y + h / 2)                       # drag from the tray onto the grid
    assert maker.layout.slot("A") == (1, 1)
    x2, y2, _, _ = maker.view.slot_rect((2, 1))
    maker.input.mouse_down(x + 3, y + 3)
    maker.input.mouse_up(x2 + 3, y2 + 3)                             # drag on the grid
    assert maker.layout.slot("A") == (2, 1)
    box = next(b for b in maker.tray if b.label == "Z")
    maker.input.mouse_down(box.x + 5, box.y + 5)
    maker.input.mouse_up(box.x + 5, box.y + 5)                       # a click in the tray picks
    assert maker.picked == "Z"


def test_start_gives_the_engine_setup_and_a_player():
    maker = Maker(corridor_level())
    with pytest.raises(LayoutError):
        maker.start()
    built(maker, ROW)
    started = []
    maker.on_start = started.append
    game = maker.start()
    assert isinstance(game, Setup) and started == [game]
    assert maker.player is not None and maker.play_area.children == (maker.player.widget,)


def test_save_writes_a_solution_that_reads_back(tmp_path):
    path = tmp_path / "corridor.toml"
    path.write_text(LEVEL_TOML)
    maker = Maker(corridor_level(), path=path)
    assert maker.save_button.disabled
    with pytest.raises(LevelError, match="fix them"):
        maker.save()
    built(maker, {"A": (1, 1), "D1": (2, 1), "Z": (3, 1)})
    assert not maker.save_button.disabled
    maker.save(expect="loss")
    text = path.read_text()
    assert "# its comments must survive a save" in text and "# kept as written" in text
    entry = tomllib.loads(text)["solutions"][-1]
    rows = tuple(tuple(None if t == "." else t for t in line.split()) for line in entry["map"].splitlines())
    back = Layout.from_solution(Solution(map=rows, rotation=entry["rotation"]))
    assert back == maker.layout.translated(-1, -1)
    assert entry["expect"] == "loss"


def test_save_without_a_file_is_refused():
    maker = Maker(corridor_level())
    built(maker, ROW)
    with pytest.raises(LevelError, match="no file"):
        maker.save()


def test_buttons_report_refusals_instead_of_raising():
    maker = Maker(corridor_level())
    maker.start_button.click()                                 # disabled in a browser; a click still refuses
    assert maker.notice.startswith("refused:")


def test_the_png_repr_draws_the_current_layout():
    maker = Maker(corridor_level())
    built(maker, ROW)
    assert maker._repr_png_()[:4] == b"\x89PNG"


EDITS = st.lists(st.tuples(st.sampled_from(["place", "rotate", "remove", "drag"]),
                           st.sampled_from(["A", "D1", "Z"]), st.integers(0, 3), st.integers(0, 2)),
                 max_size=12)


@settings(max_examples=20, deadline=None)
@given(EDITS)
def test_undo_everything_then_redo_everything(edits):
    maker = Maker(corridor_level())
    seen = [maker.layout]
    for op, label, col, row in edits:
        if op == "place":
            maker.place(label, col, row)
        elif label in maker.layout:
            maker.select(label)
            if op == "rotate":
                maker.rotate()
            elif op == "remove":
                maker.remove()
            else:
                maker.drag(maker.layout.slot(label), (col, row))
        if maker.layout != seen[-1]:
            seen.append(maker.layout)
        assert maker.start_button.disabled == (not is_valid(maker.level, maker.layout))
    for expected in reversed(seen[:-1]):
        maker.undo()
        assert maker.layout == expected
    for expected in seen[1:]:
        maker.redo()
        assert maker.layout == expected


def test_item_1_the_maker_answers_keys_from_anywhere_in_its_widget():
    from zorglab.widgets.keys import ROOT_CLASS, KeyGuard
    maker = Maker(corridor_level())
    guard = maker.keys
    assert isinstance(guard, KeyGuard) and guard in maker.widget.children
    assert ROOT_CLASS in maker.widget._dom_classes
    assert {"r", "R", "Delete", "ArrowRight", "z"} <= set(guard.shortcuts)
    maker.place("A", 0, 0)
    guard.press("r")                                        # what the browser sends on a keydown
    assert maker.layout.rotation("A") == 1
    guard.press("R", shift=True)
    assert maker.layout.rotation("A") == 0
    guard.press("ArrowRight")
    assert maker.layout.slot("A") == (1, 0)
    guard.press("Delete")
    assert "A" not in maker.layout
    guard.press("z", ctrl=True)
    assert maker.layout.slot("A") == (1, 0)


def test_item_7_the_disabled_start_button_is_not_green_and_a_deselect_says_so():
    maker = Maker(corridor_level())
    assert maker.start_button.disabled and maker.start_button.button_style == ""
    built(maker, ROW)
    assert not maker.start_button.disabled and maker.start_button.button_style == "success"
    maker.click_slot(*ROW["Z"])                             # Z was just placed, so it is selected
    assert maker.selected is None and maker.notice == "Z deselected (click it again to select it)"
    assert "Z deselected" in maker.status.value


REPO_LEVELS = __import__("pathlib").Path(__file__).resolve().parents[2] / "levels"


def copy_level(tmp_path, name: str):
    import shutil
    for each in (name, "tiles.toml"):
        shutil.copy(REPO_LEVELS / each, tmp_path / each)
    return tmp_path / name


def to_tick(player, tick: int) -> None:
    while player.state.tick < tick and player.step():
        pass


def test_item_2_reopening_a_level_opens_on_a_saved_solution(tmp_path):
    from zorglab.errors import OptionError
    from zorglab.level import load_level
    path = tmp_path / "corridor.toml"
    path.write_text(LEVEL_TOML)
    first = Maker(load_level(path))                          # no solution yet: an empty board
    assert first.layout == Layout()
    built(first, {"A1": (0, 0), "D1": (1, 0), "Z1": (2, 0)})
    first.save()
    again = Maker(load_level(path))                          # the level re-opened: the saved layout is back
    assert again.layout == first.layout and again.valid and again.opened == 0

    level = load_level(copy_level(tmp_path, "ele-02-the-cautious-elf.toml"))
    maker = Maker(level)
    assert maker.layout == Layout.from_solution(level.solutions[0])
    assert Maker(level, solution=2).layout == Layout.from_solution(level.solutions[2])
    assert Maker(level, solution=None).layout == Layout()
    with pytest.raises(OptionError, match="solution=3"):
        Maker(level, solution=3)
    assert [label for label, _ in maker.solution_dropdown.options][1:] == \
        ["solution 0: no cast → loss", "solution 1: @5 Attack(2) → loss", "solution 2: @12 Attack(2) → win"]
    assert maker.solution_dropdown.label == "solution 0: no cast → loss"   # the menu shows what the board is
    maker.solution_dropdown.value = -1                      # the menu: an empty board...
    assert maker.layout == Layout() and maker.notice == "empty board"
    maker.undo()                                            # ...undoable
    assert maker.layout == Layout.from_solution(level.solutions[0])
    maker.solution_dropdown.value = 2
    assert maker.opened == 2 and maker.notice == "opened solution 2: @12 Attack(2) → win"
    maker.open_solution(None)
    assert maker.solution_dropdown.label == "empty board" and maker.layout == Layout()


def test_item_3_saving_twice_adds_one_entry_and_the_player_saves_the_run_it_shows(tmp_path):
    from zorglab.engine.game import play_solution
    from zorglab.level import load_level
    path = copy_level(tmp_path, "ele-02-the-cautious-elf.toml")
    level = load_level(path)
    count = len(level.solutions)
    maker = Maker(level)
    maker.save()
    assert maker.saved.added and len(load_level(path).solutions) == count + 1
    before = path.read_bytes()
    maker.save()
    assert not maker.saved.added and maker.saved.index == count and path.read_bytes() == before
    assert maker.notice == f"this layout is already solution {count} in {path.name}: nothing written"
    assert len(maker.solution_dropdown.options) == count + 2      # the menu lists the new entry

    maker.start()
    player = maker.player
    assert not player.save_button.disabled
    to_tick(player, 12)
    player.select_spell("Attack")
    assert player.cast_now()
    saved = player.save_run()                               # the notebook's winning run: solution 3 already
    assert (saved.index, saved.added) == (2, False) and "already solution 2" in player.save_box.value
    player.goto(0)
    to_tick(player, 10)
    player.select_spell("Attack")
    assert player.cast_now()                                # a run of its own: written with casts and outcome
    saved = player.save_run()
    assert saved.added and "saved as solution" in player.save_box.value
    entry = load_level(path).solutions[saved.index]
    assert [c.tick for c in entry.casts] == [10] and entry.expect is not None
    assert play_solution(load_level(path), saved.index).outcome == entry.expect    # it replays as it says
    assert not player.save_run().added                      # and only once


def test_item_3_the_player_saves_mirror_casts_too(tmp_path):
    from zorglab.level import load_level
    path = copy_level(tmp_path, "arc-08-mirror-mirror.toml")
    maker = Maker(load_level(path), solution=1)
    maker.start()
    assert set(maker.players) == {"M", "M1"}
    main, mirror = maker.players["M"], maker.players["M1"]
    to_tick(main, 18)
    main.select_spell("Attack")
    assert main.cast_now()
    to_tick(mirror, 8)
    mirror.select_spell("Attack")
    assert mirror.cast_now()
    saved = main.save_run()                                 # the same casts as solution 2, mirror's included
    assert (saved.index, saved.added) == (1, False)
    mirror.goto(0)
    mirror.timeline.frames[1:] = []                         # the mirror line without its cast
    saved = mirror.save_run()
    assert saved.added
    entry = load_level(path).solutions[saved.index]
    assert dict(entry.mirror_casts) == {} and [c.tick for c in entry.casts] == [18]


def test_item_8_the_maker_shows_the_levels_warnings(tmp_path):
    from zorglab.level import load_level
    level = load_level(REPO_LEVELS / "tre-01-toll-gate.toml")
    maker = Maker(level)
    assert [w.room for w in maker.warnings] == ["T1"]
    assert "has no dark cell, so its fire can never act" in maker.warning_box.value
    assert "1 warning(s)" in maker.warning_box.value and Maker(corridor_level()).warning_box.value == ""


def test_item_3_a_file_changed_on_disk_is_not_overwritten_and_the_widgets_say_so(tmp_path):
    from zorglab.errors import StaleFileError
    from zorglab.level import load_level
    path = copy_level(tmp_path, "ele-02-the-cautious-elf.toml")
    maker = Maker(load_level(path), solution=2)
    maker.start()
    path.write_text(path.read_text() + "\n# someone else's edit\n")
    changed = path.read_bytes()
    maker.save_button.click()
    assert "refused" in maker.status.value and "reload" in maker.status.value.lower()
    with pytest.raises(StaleFileError):
        maker.player.save_run()
    maker.player.save_button.click()                        # the button: said next to it, not raised
    assert "not saved" in maker.player.save_box.value and path.read_bytes() == changed


def test_starting_again_closes_the_player_before():
    # issue 32 item 4: a Maker started twice keeps one Player's widgets alive, not two
    import ipywidgets as w
    maker = Maker(corridor_level())
    built(maker, ROW)
    maker.start()
    first = maker.player
    assert first is not None and first.widget.comm is not None
    maker.start()
    assert first.widget.comm is None                      # closed: its model is gone
    live = len(w.Widget.widgets)
    for _ in range(5):
        maker.start()
    # a Player is ~170 widget models; before issue 32 every start kept all of the one it replaced
    assert len(w.Widget.widgets) - live < 10

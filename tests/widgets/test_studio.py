"""The Level Studio through its handlers: fields, palette, painter, rows, Maker, save, reload, live panel."""

from __future__ import annotations

import shutil
import subprocess
import sys
import threading
from dataclasses import dataclass
from pathlib import Path

import pytest

from zorglab.cli.validate import validate
from zorglab.engine.layout import Layout
from zorglab.errors import LevelError, OptionError
from zorglab.level import load_level
from zorglab.widgets import Studio
from zorglab.widgets.studio_panel import AnalysisPanel

REPO = Path(__file__).resolve().parents[2]
FIRST_BLOOD = REPO / "levels" / "app-01-first-blood.toml"


def studio_on(path: Path, **options) -> Studio:
    return Studio(path, watch=None, debounce=0, **options)


def corridor(tmp_path: Path, spell: str = "Attack(1)") -> Studio:
    """The must-show level built by the Studio's own handlers: A, D(1), Z with palette tiles, a Warrior(3)."""
    studio = Studio.new(tmp_path / "corridor.toml", watch=None, debounce=0)
    for room_type, params, tile in (("A", {}, "spawn-east"), ("D", {"x": "1"}, "corridor"),
                                    ("Z", {}, "dead-end-west")):
        studio.palette.choose_type(room_type)
        for name, value in params.items():
            studio.palette.set_param(name, value)
        studio.palette.pick_tile(tile)
        studio.palette.add_room()
    studio.heroes.add_row("Warrior(3)")
    studio.spells.add_row(spell)
    for label, col in (("A1", 0), ("D1", 1), ("Z1", 2)):
        studio.maker.select_tray(label)
        studio.maker.click_slot(col, 0)
    assert studio.settle()
    return studio


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "zorglab.cli.main", *args], capture_output=True, text=True,
                          cwd=REPO, env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"}, timeout=120)


# --- the loop the issue asks for ------------------------------------------------------------------

def test_from_an_empty_studio_to_a_saved_level_that_validates_and_replays(tmp_path):
    studio = corridor(tmp_path)
    assert studio.draft.problems == () and studio.maker.valid
    assert studio.summary.layout_verdict == "unsolvable"
    studio.spells.set_row(0, "Attack(2)")
    assert studio.settle()
    assert studio.summary.layout_verdict == "solvable" and studio.summary.witness == ("@4 Attack(2)",)
    saved = studio.save()
    assert saved is not None and saved.index == 0 and saved.added
    assert cli("validate", str(studio.draft.path)).returncode == 0
    played = cli("play", str(studio.draft.path), "--solution", "0")
    assert played.returncode == 0 and played.stdout.strip().endswith("corridor: win"), played.stdout


def test_an_identical_solution_is_not_added_twice(tmp_path):
    studio = corridor(tmp_path, "Attack(2)")
    first = studio.save()
    again = studio.save()
    assert first.added and not again.added and again.index == first.index
    assert len(load_level(studio.draft.path).solutions) == 1
    assert "not added twice" in studio.notice


def test_an_unsolvable_layout_is_saved_with_the_outcome_of_no_casts(tmp_path):
    studio = corridor(tmp_path)
    studio.save()
    solution = load_level(studio.draft.path).solutions[0]
    assert solution.casts == () and solution.expect.value == "loss"


def test_a_new_studio_refuses_a_path_that_exists():
    with pytest.raises(OptionError, match="already exists"):
        Studio.new(FIRST_BLOOD)


# --- fields and rows ------------------------------------------------------------------------------

def test_a_typed_fault_shows_inline_with_the_loaders_message_and_no_traceback(tmp_path):
    studio = corridor(tmp_path, "Attack(2)")
    maker = studio.maker
    studio.heroes.texts[0].value = "Warrior("              # as the browser sends a keystroke
    assert studio.draft.level is None and len(studio.draft.problems) == 1
    assert studio.heroes.faults[0].value and "⚠" in studio.heroes.faults[0].value
    assert studio.draft.problems[0].split(": ", 1)[1] in studio.heroes.faults[0].value.replace("&#x27;", "'")
    assert studio.settle() and studio.summary.problems == studio.draft.problems
    assert all(f"  {p}" in studio.panel.lines for p in studio.draft.problems)
    assert studio.maker is maker                          # the Maker keeps the last sound level
    assert studio.save() is None and "problem" in studio.notice
    studio.heroes.texts[0].value = "Warrior(3)"
    assert studio.draft.problems == () and studio.heroes.faults[0].value == ""


def test_fields_rows_and_relabel(tmp_path):
    studio = corridor(tmp_path)
    studio.fields.set_field("title", "The Corridor")
    assert studio.draft.level.title == "The Corridor" and "The Corridor" in studio.header.value
    studio.rooms.move_row(2, -1)
    assert [r.label for r in studio.draft.level.rooms] == ["A1", "Z1", "D1"]
    studio.relabel_room(2, "hall")
    assert studio.draft.items(("rooms",))[2] == "hall = D(1) @ corridor"
    assert "hall" in studio.maker.layout and "D1" not in studio.maker.layout     # it keeps its slot (issue 39)
    studio.relabel_room(2, "")
    assert studio.draft.items(("rooms",))[2] == "D(1) @ corridor"
    studio.constraints.add_row("dist(A1, Z1) >= 3")
    studio.bonuses.add_row("unused(Attack)")
    assert len(studio.draft.level.constraints) == 1 and len(studio.draft.level.bonuses) == 1
    studio.constraints.remove_row(0)
    assert studio.draft.level.constraints == ()


def test_variables_and_mirrors_rows(tmp_path):
    studio = corridor(tmp_path)
    studio.variables.add_variable("x", "choix(1, {1, 2})")
    studio.spells.set_row(0, "Attack(x)")
    assert studio.draft.problems == () and [v.name for v in studio.draft.level.variables] == ["x"]
    studio.variables.set_variable(0, "x", "choix(1, {2, 3})")
    assert studio.draft.variables() == [("x", "choix(1, {2, 3})")]
    studio.mirrors.add_mirror("M1")
    assert [m.name for m in studio.draft.level.mirrors] == ["M1"]
    studio.mirrors.editors[0][2].set_row(0, "Attack(5)")
    assert studio.draft.level.mirrors[0].spells[0].args == (5,)
    studio.mirrors.remove_mirror(0)
    studio.spells.set_row(0, "Attack(1)")
    studio.variables.remove_variable(0)
    assert studio.draft.level.mirrors == () and studio.draft.level.variables == ()


# --- palette and painter --------------------------------------------------------------------------

def test_the_palette_offers_every_room_type_and_only_the_tiles_that_suit_it(tmp_path):
    studio = Studio.new(tmp_path / "p.toml", watch=None, debounce=0)
    palette = studio.palette
    assert {"A", "Z", "D", "E", "P", "O", "T"} <= set(palette.types) and "C" not in palette.types
    palette.choose_type("A")
    shown = [card.children[1].description for card in palette.gallery.children]
    assert "spawn-east" in shown and "corridor" not in shown
    palette.choose_type("E")
    palette.set_param("elem", "fire")
    palette.pick_tile("fire-corridor")
    palette.set_label("lava")
    assert palette.room_text() == "lava = E(fire) @ fire-corridor"
    palette.pick_tile("fire-corridor")                   # picked again: back to the default tile
    assert palette.room_text() == "lava = E(fire)"
    with pytest.raises(KeyError):
        palette.choose_type("C")
    with pytest.raises(KeyError):
        palette.pick_tile("no-such-tile")
    palette.set_label("")
    palette.add_room()
    assert studio.draft.items(("rooms",)) == ["E(fire)"]


def test_the_painter_cycles_cells_and_writes_a_tile_the_palette_then_offers(tmp_path):
    studio = corridor(tmp_path)
    painter = studio.painter
    assert [painter.click_cell(0, 2) for _ in range(6)] == [".", "S", "g", "d", "l", "#"]
    assert painter.problems() == []
    painter.click_cell(0, 0)
    assert painter.problems() and "corner" in painter.faults.value
    for _ in range(5):
        painter.click_cell(0, 0)
    for x in range(5):
        painter.rows[2][x] = "."
    painter._show()
    assert not painter.save_tile() and "name" in painter.faults.value
    painter.name_text.value = "long-hall"
    assert painter.save_tile()
    assert studio.draft.own_tiles()["long-hall"] == ("#####", "#...#", ".....", "#...#", "#####")
    studio.palette.choose_type("D")
    assert "long-hall" in [c.children[1].description for c in studio.palette.gallery.children]
    studio.rooms.set_row(1, "D(1) @ long-hall")
    assert studio.draft.problems == () and studio.maker.valid


# --- the Maker and the Player ---------------------------------------------------------------------

def test_the_maker_opens_on_the_chosen_solutions_layout_not_empty():
    studio = studio_on(FIRST_BLOOD)
    assert studio.solution == 1                           # the first solution expected to win
    assert studio.maker.layout == Layout.from_solution(load_level(FIRST_BLOOD).solutions[1])
    studio.choose_solution(None)
    assert studio.maker.layout == Layout()
    studio.solution_picker.value = 0
    assert studio.solution == 0 and len(studio.maker.layout) == 3


def test_a_layout_change_in_the_maker_is_analysed_without_a_button(tmp_path):
    studio = corridor(tmp_path, "Attack(2)")
    assert studio.summary.layout_verdict == "solvable"
    studio.maker.select("Z1")
    studio.maker.remove()
    assert studio.settle() and studio.summary.layout_verdict == "invalid"


def test_play_the_witness_and_save_the_players_run(tmp_path):
    studio = corridor(tmp_path, "Attack(2)")
    player = studio.play_witness()
    assert player is not None and studio.maker.play_area.children == (player.widget,)
    player.run_to_end()
    assert player.timeline.outcome.value == "win"
    saved = studio.save_run()
    solution = load_level(studio.draft.path).solutions[saved.index]
    assert saved.added and solution.expect.value == "win" and len(solution.casts) == 1


def test_save_the_players_run_needs_a_player(tmp_path):
    studio = corridor(tmp_path)
    assert studio.save_run() is None and "start the Player" in studio.notice


# --- the file on disk -----------------------------------------------------------------------------

def test_a_file_changed_on_disk_is_noticed_reloaded_and_never_overwritten(tmp_path):
    path = tmp_path / "app-01.toml"
    shutil.copyfile(FIRST_BLOOD, path)
    studio = studio_on(path)
    studio.spells.set_row(0, "Attack(3)")                 # an unsaved edit
    other = path.read_text().replace('title = "First Blood"', 'title = "Edited Elsewhere"')
    path.write_text(other)
    assert studio.save() is None
    assert path.read_text() == other                      # not overwritten
    assert "changed on disk" in studio.notice and studio.draft.level.title == "Edited Elsewhere"
    assert studio.discarded is not None and "Attack(3)" in studio.discarded
    path.write_text(other.replace("Edited Elsewhere", "Again"))
    assert studio.edit(lambda d: d.set_field("notes", "x"), "notes") is False
    assert studio.draft.level.title == "Again"
    assert "Attack(3)" in studio.discarded            # a clean reload keeps the edits set aside restorable


def test_the_watcher_notices_a_change_without_a_click(tmp_path):
    path = tmp_path / "app-01.toml"
    shutil.copyfile(FIRST_BLOOD, path)
    studio = Studio(path, watch=0.05, debounce=0)
    noticed = threading.Event()
    real = studio.check_disk

    def checking(*args, **kwargs):          # synchronise on the watcher's look that saw the change
        answer = real(*args, **kwargs)
        if studio.draft.level is not None and studio.draft.level.title == "Watched":
            noticed.set()
        return answer
    studio.check_disk = checking
    path.write_text(path.read_text().replace("First Blood", "Watched"))
    assert noticed.wait(timeout=600)        # a safety net, not a timing: the watcher looks every 0.05 s
    assert studio.draft.level.title == "Watched" and "changed on disk" in studio.notice


def test_saving_an_existing_level_keeps_its_comments(tmp_path):
    path = tmp_path / "app-01.toml"
    shutil.copyfile(FIRST_BLOOD, path)
    studio = studio_on(path)
    studio.heroes.set_row(1, "Warrior(1)")              # both die in D1: the no-cast run now wins
    studio.settle()
    saved = studio.save()
    text = path.read_text()
    assert text.startswith("# A first level: two Warriors walk to Zorg")
    assert '["Warrior(1)", "Warrior(1)"]' in text and validate([str(path)]).ok
    assert saved is not None and saved.added and len(load_level(path).solutions) == 4


# --- the live panel -------------------------------------------------------------------------------

@dataclass(frozen=True)
class FakeSummary:
    layout_verdict: str
    witness: tuple[str, ...] | None = None

    def lines(self) -> list[str]:
        return [f"this layout: {self.layout_verdict}"]


class Gate:
    """A fake summarise whose first call waits until released: the newer change must win."""

    def __init__(self):
        self.release = threading.Event()
        self.called = threading.Event()
        self.calls: list[tuple[int, threading.Event]] = []

    def __call__(self, level, layout=None, *, cancel=None, **options):
        self.calls.append((len(self.calls), cancel))
        self.called.set()
        if len(self.calls) == 1:
            self.release.wait(600)
        return FakeSummary(layout_verdict=f"call {len(self.calls)}: {level.spells[0].args[0]}")


def test_a_stale_result_is_superseded_and_never_shown(tmp_path):
    gate = Gate()
    studio = corridor(tmp_path)                         # settled with the real back end
    studio.panel.summarise = gate
    shown = []
    studio.panel.on_result = shown.append
    studio.spells.set_row(0, "Attack(2)")
    assert gate.called.wait(timeout=600)                # the first analysis is running (a safety net)
    studio.spells.set_row(0, "Attack(3)")               # a newer change while the first runs
    first_cancel = gate.calls[0][1]
    assert first_cancel.is_set()
    assert studio.panel.pending
    gate.release.set()
    assert studio.settle()
    assert studio.summary.layout_verdict == "call 2: 3"
    assert [summary.layout_verdict for summary in shown] == ["call 2: 3"]      # call 1 was never shown
    assert studio.panel.current


def test_a_failing_back_end_is_shown_not_raised():
    def summarise(level, layout=None, *, cancel=None, **options):
        raise RuntimeError("boom")
    panel = AnalysisPanel(summarise, debounce=0)
    panel.request(load_level(FIRST_BLOOD), None)
    assert panel.settle() and panel.lines == ["analysis failed: RuntimeError: boom"]


def test_a_mirror_levels_witness_is_saved_with_its_mirror_casts_and_replays(tmp_path):
    from zorglab.engine.game import play_solution
    path = tmp_path / "arc-08.toml"
    shutil.copyfile(REPO / "levels" / "arc-08-mirror-mirror.toml", path)
    studio = studio_on(path)
    assert studio.settle() and studio.summary.layout_verdict == "solvable" and studio.summary.mirror_witness
    studio.heroes.set_row(0, studio.draft.items(("heroes",))[0])     # no change: nothing to write but the layout
    saved = studio.save()
    level = load_level(path)
    assert validate([str(path)]).ok
    assert play_solution(level, saved.index).outcome.value == "win"
    assert dict(level.solutions[saved.index].mirror_casts)


def test_the_level_browser_opens_a_level_in_the_studio(tmp_path):
    for name in ("app-01-first-blood.toml", "app-02-the-long-way-round.toml"):
        shutil.copyfile(REPO / "levels" / name, tmp_path / name)
    studio = studio_on(tmp_path / "app-01-first-blood.toml")
    browser = studio.show_browser()
    assert studio.tools.browser_box.children == (browser.widget,)
    browser.open("app-02-the-long-way-round.toml")
    assert studio.draft.path == tmp_path / "app-02-the-long-way-round.toml"
    assert studio.draft.level.id == "app-02" and "opened" in studio.notice
    assert studio.maker.level.id == "app-02" and len(studio.maker.layout)


def test_opening_another_level_keeps_unsaved_edits_aside_and_a_broken_one_shows_no_stale_maker(tmp_path):
    broken = tmp_path / "broken.toml"
    broken.write_text('id = "broken"\nrooms = ["A", "Z"]\nheroes = ["Warrior("]\n')
    studio = studio_on(FIRST_BLOOD)
    studio.heroes.set_row(0, "Warrior(4)")
    studio.open(broken)                                 # asks first: nothing replaced yet
    assert studio.question is not None and studio.draft.level.id == "app-01"
    studio.answer("discard")
    assert "Warrior(4)" in studio.discarded and "restored" in studio.notice
    assert studio.maker is None and studio.draft.faults_at(("heroes", 0))
    assert studio.settle() and studio.panel.lines == ["level: 1 problem(s)", f"  {studio.draft.problems[0]}"]


def test_the_painter_starts_from_the_tile_picked_in_the_palette(tmp_path):
    studio = corridor(tmp_path)
    studio.palette.pick_tile(studio.palette.tile) if studio.palette.tile else None   # nothing picked
    studio.paint_picked_tile()
    assert "pick a tile" in studio.notice
    studio.palette.choose_type("D")
    studio.palette.pick_tile("corridor")
    studio.paint_picked_tile()
    assert studio.painter.name_text.value == "corridor-copy"
    assert studio.painter.tile_rows == studio.palette.tiles["corridor"].rows


def test_one_edit_reads_the_level_once_even_when_rows_are_rebuilt(tmp_path):
    studio = corridor(tmp_path)
    reads = []
    check = studio.draft._check
    studio.draft._check = lambda: reads.append(1) or check()
    studio.rooms.add_row("D(2) @ corridor")             # four room rows now: the rows are rebuilt
    assert len(reads) == 1 and len(studio.rooms.texts) == 4


def test_a_new_level_in_a_folder_not_there_yet_is_saved_into_it(tmp_path):
    studio = Studio.new(tmp_path / "drafts" / "empty.toml", watch=None, debounce=0)
    studio.rooms.add_row("A @ spawn-east")
    studio.rooms.add_row("Z @ dead-end-west")
    assert studio.save() is None and "no layout yet" in studio.notice
    assert validate([str(tmp_path / "drafts" / "empty.toml")]).ok
    assert "saved" in studio.header.value


def test_a_file_half_written_by_another_editor_is_said_not_taken_and_not_overwritten(tmp_path):
    path = tmp_path / "app-01.toml"
    shutil.copyfile(FIRST_BLOOD, path)
    studio = studio_on(path)
    path.write_text('id = "app-01"\ntitle = "Half\n')
    assert studio.edit(lambda d: d.set_field("notes", "still editing"), "notes") is True   # editing goes on
    assert studio.notice.startswith("notes — ") and "cannot be read now" in studio.notice
    studio.check_disk()
    assert studio.draft.field("notes") == "still editing"
    assert studio.save() is None and "cannot be read now" in studio.notice and "not valid TOML" in studio.notice
    assert path.read_text() == 'id = "app-01"\ntitle = "Half\n'
    shutil.copyfile(FIRST_BLOOD, path)                 # the other editor finished: a different digest
    path.write_text(path.read_text() + "\n")
    assert studio.check_disk() and "reloaded" in studio.notice
    assert "still editing" in studio.discarded


def test_the_players_own_save_run_writes_the_draft_first_and_the_player_stays(tmp_path):
    studio = corridor(tmp_path, "Attack(2)")               # a new level: nothing on disk yet
    studio.maker.start()
    player = studio.maker.player
    player.run_to_end()
    player.save_button.click()                             # the Player's own button, not the Studio's
    level = load_level(studio.draft.path)
    assert [r.source for r in level.rooms] == ["A @ spawn-east", "D(1) @ corridor", "Z @ dead-end-west"]
    assert len(level.solutions) == 1 and level.solutions[0].expect.value == "loss"   # no cast: Warrior wins
    assert studio.maker.player is player and studio.maker.play_area.children[0] is player.widget
    assert not studio.draft.dirty and "solution 0 added" in studio.notice
    studio.heroes.set_row(0, "Warrior(5)")                 # its run was of the level before this edit
    assert studio.maker.player is None and studio.maker.play_area.children == ()
    assert "the Player closed" in studio.notice
    studio.fields.set_field("notes", "the board and the heroes stand: a new Player stays")
    studio.maker.start()
    player = studio.maker.player
    studio.fields.set_field("notes", "still")
    assert studio.maker.player is player


def test_the_players_save_is_refused_while_the_level_has_problems(tmp_path):
    studio = corridor(tmp_path, "Attack(2)")
    studio.maker.start()
    studio.spells.set_row(0, "Attack(")
    studio.maker.player.save_button.click()
    assert not studio.draft.path.exists()
    assert "problem" in studio.maker.player.save_box.value
    assert studio.save_run() is None and "problem" in studio.notice


def test_a_crlf_file_with_a_byte_order_mark_keeps_both_through_an_edit_and_a_save(tmp_path):
    path = tmp_path / "app-01.toml"
    path.write_bytes(b"\xef\xbb\xbf" + FIRST_BLOOD.read_bytes().replace(b"\n", b"\r\n"))
    studio = studio_on(path)
    assert not studio.draft.dirty and studio.draft.problems == ()
    studio.heroes.set_row(0, "Warrior(1)")
    studio.settle()
    studio.save()
    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf# A first level") and b"\r\n" in data and b"\n" not in data.replace(b"\r\n", b"")
    assert b'"Warrior(1)"' in data and validate([str(path)]).ok


def test_a_file_that_is_not_toml_is_refused_with_the_loaders_message(tmp_path):
    broken = tmp_path / "broken.toml"
    broken.write_text('id = "broken"\ntitle = "Half\n')
    refused = Studio(broken, watch=None)          # a message in the Studio, never an exception (issue 30)
    assert "\n".join(validate([str(broken)]).errors) in refused.notice and "will not save over it" in refused.notice
    before = broken.read_bytes()
    refused.heroes.add_row("Warrior(3)")
    refused.save()
    assert broken.read_bytes() == before
    studio = studio_on(FIRST_BLOOD)
    studio.open(broken)
    assert studio.draft.path == FIRST_BLOOD and "cannot open" in studio.notice and "not valid TOML" in studio.notice


def test_the_toolbar_opens_a_file_and_starts_a_new_level(tmp_path):
    studio = studio_on(FIRST_BLOOD)
    studio.path_text.value = str(REPO / "levels" / "app-02-the-long-way-round.toml")
    studio.open_button.click()
    assert studio.draft.level.id == "app-02"
    studio.path_text.value = str(FIRST_BLOOD)
    studio.new_button.click()
    assert "already exists" in studio.notice and studio.draft.level.id == "app-02"
    studio.path_text.value = str(tmp_path / "fresh.toml")
    studio.new_button.click()
    assert studio.draft.digest is None and studio.draft.field("id") == "fresh" and studio.maker is None
    assert any("needs at least one A room" in p for p in studio.draft.problems)


def test_the_proposer_opens_a_proved_candidate_in_the_studio_as_a_level_file(tmp_path):
    from zorglab.propose import Brief
    shutil.copyfile(REPO / "levels" / "app-01-first-blood.toml", tmp_path / "app-01-first-blood.toml")
    studio = studio_on(tmp_path / "app-01-first-blood.toml")
    panel = studio.show_proposer(brief=Brief(room_types=("D",), fewest_spells=1), seed=3, count=2, tries=60)
    assert studio.tools.propose_box.children == (panel.widget,)
    assert panel.folder.value == str(tmp_path)
    panel.run()
    assert panel.proposal.offered, panel.status.value
    panel.open(1)
    path = panel.path_for(1)
    assert path.exists() and studio.draft.path == path and "opened" in studio.notice
    assert studio.draft.level is not None and studio.maker is not None and len(studio.maker.layout)
    panel.open(1)                      # a second Open opens the file written the first time
    assert studio.draft.path == path

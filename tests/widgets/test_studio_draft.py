"""The level draft: field-by-field edits of a level's TOML, re-read by the loader after each one."""

from __future__ import annotations

import tomllib
from pathlib import Path

from hypothesis import given, settings, strategies as st

from zorglab.cli.validate import validate
from zorglab.level.draft import Draft
from zorglab.level.loader import check_level_text

REPO = Path(__file__).resolve().parents[2]
COMMENTED = """# a level with comments: every one must survive the Studio's edits
id = "draft-01"
title = "Draft"   # the title

rooms = ["A @ spawn-east", "D(1) @ corridor", "Z @ dead-end-west"]   # the corridor
heroes = ["Warrior(2)"]
spells = ["Attack(1)"]   # enough
"""


def draft(tmp_path: Path, text: str = COMMENTED) -> Draft:
    path = tmp_path / "draft-01.toml"
    path.write_text(text)
    return Draft.open(path)


def test_an_edit_keeps_every_comment_and_changes_only_its_value(tmp_path):
    d = draft(tmp_path)
    d.set_item(("spells",), 0, "Attack(2)")
    d.set_field("title", "Redrafted")
    assert d.text == COMMENTED.replace("Attack(1)", "Attack(2)").replace('"Draft"', '"Redrafted"')
    assert d.level is not None and d.level.title == "Redrafted"
    assert d.dirty


def test_a_fault_is_the_loaders_own_message_the_one_validate_prints(tmp_path):
    d = draft(tmp_path)
    d.set_item(("heroes",), 0, "Warrior(")
    assert d.level is None
    (d.path).write_text(d.text)
    assert list(d.problems) == validate([str(d.path)]).errors
    assert d.faults_at(("heroes", 0)) == list(d.problems)
    assert d.faults_at(("spells",)) == []


def test_faults_are_traced_to_the_entry_they_stand_in(tmp_path):
    d = draft(tmp_path)
    d.add_item(("spells",), "Teleport(x)")
    assert d.faults_at(("spells", 0)) == []
    assert len(d.faults_at(("spells", 1))) == 1 and "x" in d.faults_at(("spells", 1))[0]


def test_a_new_level_says_what_it_lacks_and_loads_once_given_it(tmp_path):
    d = Draft.new(tmp_path / "fresh.toml")
    assert any("needs at least one A room" in p for p in d.problems)
    for room in ("A @ spawn-east", "Z @ dead-end-west"):
        d.add_item(("rooms",), room)
    assert d.problems == () and d.level is not None and d.level.id == "fresh"


def test_rooms_move_and_go(tmp_path):
    d = draft(tmp_path)
    assert d.move_item(("rooms",), 2, -1) == 1
    assert d.items(("rooms",)) == ["A @ spawn-east", "Z @ dead-end-west", "D(1) @ corridor"]
    assert d.remove_item(("rooms",), 0) == "A @ spawn-east"
    assert any("needs at least one A room" in p for p in d.problems)


def test_a_painted_tile_is_written_as_a_tile_entry_the_loader_reads(tmp_path):
    d = draft(tmp_path)
    rows = ("#####", "#...#", "....#", "#...#", "#####")
    d.set_tile("my-tile", rows)
    d.set_item(("rooms",), 1, "D(1) @ my-tile")
    assert d.problems == () and dict(d.level.tiles)["my-tile"].rows == rows
    assert tomllib.loads(d.text)["tiles"]["my-tile"]["cells"] == "".join(r + "\n" for r in rows)
    assert d.own_tiles()["my-tile"] == rows
    d.set_tile("my-tile", ("#####", "#...#", "S...#", "#...#", "#####"))      # an S outside an A room
    assert d.faults_at(("tiles", "my-tile")) == [
        f"{d.path}:13:1: tile 'my-tile' (used by room D1): only A tiles may have a spawn cell 'S' (this is a D room)"]
    assert "# the corridor" in d.text


def test_variables_and_mirrors_as_rows(tmp_path):
    d = draft(tmp_path)
    d.set_variable("x", "choix(1, {1, 2})")
    d.set_item(("spells",), 0, "Attack(x)")
    assert d.problems == () and d.variables() == [("x", "choix(1, {1, 2})")]
    d.set_variable("y", "choix(1, {1, 2})", old_name="x")
    assert d.variables() == [("y", "choix(1, {1, 2})")] and d.faults_at(("spells", 0))
    d.set_item(("spells",), 0, "Attack(y)")
    index = d.add_mirror("M1")
    assert d.mirror_names() == ["M1"] and d.items(("mirrors", index, "rooms"))[0] == "A @ spawn-east"
    assert d.problems == ()
    d.set_item(("mirrors", 0, "rooms"), 1, "D(5) @ corridor")
    assert d.level is not None and d.level.mirrors[0].rooms[1].args == (5,)
    d.remove_mirror(0)
    d.remove_variable("y")
    assert "mirrors" not in tomllib.loads(d.text) and "variables" not in tomllib.loads(d.text)


LIST_EDITS = st.lists(st.tuples(st.sampled_from(["add", "remove", "move", "set"]), st.integers(0, 5),
                                st.sampled_from(["Warrior(1)", "Elf(2, {fire})", "Warrior(", "Gunner(1, 2)"])),
                      max_size=12)


@settings(max_examples=40, deadline=None)
@given(LIST_EDITS)
def test_any_sequence_of_row_edits_reads_back_as_the_rows_shown(edits):
    d = Draft(COMMENTED, None, "0")
    rows = d.items(("heroes",))
    for action, index, text in edits:
        if action == "add":
            d.add_item(("heroes",), text)
            rows.append(text)
        elif rows and action == "remove":
            d.remove_item(("heroes",), index % len(rows))
            rows.pop(index % len(rows))
        elif rows and action == "move":
            target = d.move_item(("heroes",), index % len(rows), 1)
            rows.insert(target, rows.pop(index % len(rows)))
        elif rows and action == "set":
            d.set_item(("heroes",), index % len(rows), text)
            rows[index % len(rows)] = text
        assert d.items(("heroes",)) == rows
        assert tomllib.loads(d.text)["heroes"] == rows
        assert d.problems == tuple(str(p) for p in check_level_text(d.text, "<new level>").problems)
        assert "# the corridor" in d.text

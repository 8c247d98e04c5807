"""The Studio never overwrites a save it has not seen, nor writes what ``validate`` refuses (issue 37 item 7).

Two Studios on one level file of a pack (its tile library and contract list beside it): an edit
typed in a page that had not shown the other Studio's save yet is refused; edits set aside by the
reload and restored are refused by *save* (they would undo the other save); a room added to a level
whose saved solutions do not place it, and a contract name with a typo, are refused with
``validate``'s located problem, the file unchanged.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from zorglab.widgets import Studio

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def pack(tmp_path: Path) -> Path:
    """A copy of the repository's root: its tile library, contract list and the first level."""
    root = tmp_path / "repo"
    (root / "levels").mkdir(parents=True)
    (root / "pyproject.toml").write_text("# a copy of the checkout's root\n")
    for name in ("tiles.toml", "contracts.toml", "app-01-first-blood.toml"):
        shutil.copyfile(REPO / "levels" / name, root / "levels" / name)
    return root


def studio(root: Path) -> Studio:
    return Studio("levels/app-01-first-blood.toml", watch=None, debounce=0, root=root)


def validate(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "zorglab.cli.main", "validate", str(path)], capture_output=True,
                          text=True, timeout=120)


def shown_by_a_page(one: Studio) -> None:
    """What the page's guard answers once the browser shows the Studio's newest text."""
    guard = one.unsaved_work.unload_guard
    guard.seen = guard.basis


def test_a_keystroke_typed_before_the_page_showed_a_reload_is_refused(pack):
    path = pack / "levels" / "app-01-first-blood.toml"
    mine, other = studio(pack), studio(pack)
    shown_by_a_page(mine)
    other.fields.set_field("title", "Their Title")
    other.save()
    assert 'title = "Their Title"' in path.read_text()
    assert mine.check_disk()                       # the watcher's look: reloaded, the page is sent the new text
    # the browser's keystroke, typed on the title as it showed before the reload, arrives now
    mine.fields.texts["title"].value = "First Blood!"
    assert "not applied" in mine.notice and "reloaded while you typed" in mine.notice
    assert mine.draft.field("title") == "Their Title"
    assert mine.fields.texts["title"].value == "Their Title"        # the page shows the text there is
    mine.save()
    assert 'title = "Their Title"' in path.read_text()
    shown_by_a_page(mine)                          # once the page showed it, typing goes on
    mine.fields.texts["title"].value = "Their Title!"
    assert mine.draft.field("title") == "Their Title!"


def test_restored_edits_made_before_another_save_are_refused_not_written_over_it(pack):
    path = pack / "levels" / "app-01-first-blood.toml"
    mine, other = studio(pack), studio(pack)
    mine.fields.set_field("notes", "my notes")     # set aside and restored on the same file: save writes them
    mine.unsaved_work.set_aside()
    mine.reload()
    mine.restore_discarded()
    assert "save writes them" in mine.notice
    mine.save()
    assert 'notes = "my notes"' in path.read_text()
    other.reload()
    mine.fields.set_field("title", "My Title")     # my unsaved edit
    other.spells.add_row("Sleep")                  # the other Studio adds a spell and saves
    other.save()
    added = path.read_text()
    assert '"Sleep"' in added
    assert mine.check_disk() and "My Title" in mine.discarded
    mine.restore_discarded()
    assert mine.draft.field("title") == "My Title" and "save refuses them" in mine.notice
    assert mine.draft.items(("spells",)) == ["Attack(1)"]          # the text the edits were made on
    assert mine.save() is None
    assert path.read_text() == added               # the other Studio's spell is still there
    assert "changed on disk since you opened it" in mine.notice and "save as" in mine.notice
    mine.reload()                                  # reload: the file as it is, typed on again, saves
    mine.fields.set_field("title", "My Title")
    mine.save()
    assert 'title = "My Title"' in path.read_text() and '"Sleep"' in path.read_text()


def test_a_room_the_saved_solutions_do_not_place_is_refused_with_validates_words(pack):
    path = pack / "levels" / "app-01-first-blood.toml"
    before = path.read_text()
    mine = studio(pack)
    mine.palette.choose_type("D")
    mine.palette.set_param("x", "1")
    mine.palette.pick_tile("corridor")
    mine.palette.add_room()
    assert mine.draft.problems == ()               # the loader alone takes it
    mine.save()
    assert path.read_text() == before
    assert "not saved" in mine.notice and "FR-5" in mine.notice and "D2 is not placed" in mine.notice
    assert "app-01-first-blood.toml:18:7" in mine.notice          # located as validate locates it
    assert validate(path).returncode == 0


def test_a_contract_name_with_a_typo_is_refused_with_validates_words(pack):
    path = pack / "levels" / "app-01-first-blood.toml"
    before = path.read_text()
    mine = studio(pack)
    mine.fields.set_field("contract", "apprentise")
    mine.save()
    assert path.read_text() == before
    assert "contract 'apprentise' is not in" in mine.notice and "did you mean 'apprentice'" in mine.notice
    assert "app-01-first-blood.toml:4:12" in mine.notice
    mine.fields.set_field("contract", "apprentice")
    mine.fields.set_field("title", "First Blood, again")
    mine.save()
    assert 'title = "First Blood, again"' in path.read_text()
    assert validate(path).returncode == 0

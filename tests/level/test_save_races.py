"""Issue 32 item 5 / issue 30 item 5: no acknowledged save lost. A write by a program that takes no lock,
landing between a save's check and its rename, is never written over (the digest is checked again right
before the rename); a keystroke computed against the text before a reload is dropped with a word; a save
is reported only once its bytes are in the file. Every race is staged on events at a chosen call, never
on time."""

from __future__ import annotations

import shutil
import threading
from pathlib import Path

import pytest

from zorglab.errors import StaleFileError
from zorglab.level import files
from zorglab.level.edit import edit_level_file, file_digest, write_level_text

ROOT = Path(__file__).resolve().parents[2]
LEVEL = ROOT / "levels" / "app-01-first-blood.toml"
EDITOR = "# the editor's change\n"


def copy(tmp_path: Path) -> Path:
    shutil.copy(LEVEL, tmp_path / LEVEL.name)
    shutil.copy(ROOT / "levels" / "tiles.toml", tmp_path / "tiles.toml")
    return tmp_path / LEVEL.name


def editor_writes_during(monkeypatch, path: Path, text: str) -> None:
    """An editor (no lock) writes ``path`` at the last moment: after the temporary copy is flushed."""
    real = files.os.fsync
    done = []

    def fsync(descriptor: int) -> None:
        real(descriptor)
        if not done:
            done.append(True)
            path.write_text(text)
    monkeypatch.setattr(files.os, "fsync", fsync)


def test_an_editor_write_during_the_save_is_never_written_over(tmp_path, monkeypatch) -> None:
    path = copy(tmp_path)
    digest = file_digest(path)
    theirs = path.read_text() + EDITOR
    editor_writes_during(monkeypatch, path, theirs)
    with pytest.raises(StaleFileError, match="changed on disk by another program while saving; nothing written"):
        edit_level_file(path, lambda doc: doc.update(title="Mine"), expected_digest=digest)
    assert path.read_text() == theirs
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_a_new_file_appearing_during_the_save_is_never_written_over(tmp_path, monkeypatch) -> None:
    path = tmp_path / "new.toml"
    editor_writes_during(monkeypatch, path, EDITOR)
    with pytest.raises(StaleFileError, match="appeared on disk while saving"):
        write_level_text(path, LEVEL.read_text())
    assert path.read_text() == EDITOR


def test_racing_writers_on_one_file_lose_nothing_acknowledged(tmp_path) -> None:
    """Eight threads each append their own comment line through the locked, re-checked writer,
    retrying when refused as stale: every acknowledged write is in the final file."""
    path = copy(tmp_path)
    start = threading.Barrier(8)
    acknowledged: list[str] = []
    guard = threading.Lock()

    def writer(number: int) -> None:
        start.wait()
        mark = f"# writer {number}\n"
        while True:
            digest = file_digest(path)
            try:
                write_level_text(path, path.read_text() + mark, expected_digest=digest)
            except StaleFileError:
                continue
            with guard:
                acknowledged.append(mark)
            return
    threads = [threading.Thread(target=writer, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    text = path.read_text()
    assert len(acknowledged) == 8 and all(mark in text for mark in acknowledged)


@pytest.fixture
def studio(tmp_path):
    pytest.importorskip("ipywidgets")
    from zorglab.widgets import Studio
    return Studio(copy(tmp_path), watch=None, debounce=0)


def test_a_keystroke_computed_before_a_reload_is_dropped_with_a_word(studio) -> None:
    basis = studio.draft.basis()                       # the text the keystroke was computed against
    theirs = studio.path.read_text().replace('heroes = [', 'heroes = ["Warrior(9)", ', 1)
    assert theirs != studio.path.read_text()
    studio.path.write_text(theirs)                      # another Studio's saved change
    assert studio.check_disk()                          # reloaded
    applied = studio.edit(lambda d: d.set_items(("heroes",), ["Warrior(1)"]), "heroes changed", basis=basis)
    assert not applied and "not applied" in studio.notice and "reloaded" in studio.notice
    assert "Warrior(9)" in studio.draft.text
    studio.save()
    assert "Warrior(9)" in studio.path.read_text()      # the other Studio's change stands


def test_an_edit_waiting_for_the_lock_while_a_reload_lands_is_dropped(studio) -> None:
    """The watcher holds the Studio's lock and reloads; an edit entered meanwhile waits, then is dropped."""
    entered, result = threading.Event(), []
    theirs = studio.path.read_text().replace('heroes = [', 'heroes = ["Warrior(9)", ', 1)
    real_basis = studio.draft.basis

    def basis_seen() -> tuple[int, int]:          # the edit has taken its basis: now let the reload land
        entered.set()
        return real_basis()
    with studio._lock:
        studio.draft.basis = basis_seen            # type: ignore[method-assign]
        editing = threading.Thread(target=lambda: result.append(
            studio.edit(lambda d: d.set_items(("heroes",), ["Warrior(1)"]), "heroes changed")))
        editing.start()
        assert entered.wait(30)
        studio.draft.basis = real_basis            # type: ignore[method-assign]
        studio.path.write_text(theirs)
        assert studio.check_disk()
    editing.join(30)
    assert result == [False] and "not applied" in studio.notice and "Warrior(9)" in studio.draft.text


def test_a_save_overwritten_right_after_is_not_reported_as_saved(studio, monkeypatch) -> None:
    real = files.os.replace
    theirs = []

    def replace(source, target):                  # our rename lands, then another program writes at once
        real(source, target)
        if not theirs and str(target) == str(studio.path.resolve()):
            theirs.append(Path(target).read_text() + EDITOR)
            Path(target).write_text(theirs[0])
    monkeypatch.setattr(files.os, "replace", replace)
    studio.edit(lambda d: d.set_field("title", "Mine"))
    studio.save()
    assert not studio.notice.startswith("saved")
    assert "another program" in studio.notice or "changed on disk while saving" in studio.notice
    assert studio.path.read_text() == theirs[0] and studio.discarded is not None and "Mine" in studio.discarded

"""Issue #18, saving: stale files, read-only files, encodings, symlinks, no-op saves, mirror casts,
comments inside replaced entries and killed saves. Every level here is written by the test."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from zorglab.engine.game import play_solution
from zorglab.engine.layout import Layout
from zorglab.errors import LevelError, LevelFileError, LevelSyntaxError, StaleFileError
from zorglab.level import files as files_module
from zorglab.level.loader import load_level
from zorglab.level.save import SavedSolution, save_solution
from zorglab.level.edit import edit_level_file, file_digest, write_level_text

# A mirror level written for these tests: the main Warrior needs Attack(1) late, the mirror's Attack(2).
MIRRORED = '''\
# two worlds on one layout
id = "t-mirror"
title = "Two Worlds"
rooms = ["A @ spawn-east", "D(1) @ corridor", "Z @ dead-end-west"]
heroes = ["Warrior(2)"]
spells = ["Attack(1)"]

[[mirrors]]
name = "M1"
rooms = ["A @ spawn-east", "D(1) @ corridor", "Z @ dead-end-west"]
heroes = ["Warrior(3)"]
spells = ["Attack(2)"]

[[solutions]]
# the only win: both worlds need their spell
map = "A D1 Z"   # labels as the designer wrote them
casts = ["@5 Attack(1)"]
mirror_casts = { M1 = ["@5 Attack(2)"] }
expect = "win"

[[solutions]]
map = """
A D1 Z
"""
casts = []
expect = "loss"
'''

ROW = Layout.from_slots({"A1": (0, 0), "D1": (1, 0), "Z1": (2, 0)})
TWO_ROW = Layout.from_slots({"A1": (0, 0), "Z1": (1, 0), "D1": (2, 0)})


def level_file(tmp_path: Path, text: str = MIRRORED, name: str = "t-mirror.toml") -> Path:
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8"))
    return path


def names(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_the_test_level_validates_and_replays(tmp_path):
    level = load_level(level_file(tmp_path))
    assert [play_solution(level, i).outcome.value for i in range(2)] == ["win", "loss"]


# --- the digest -----------------------------------------------------------------------------------

def test_the_loader_records_the_digest_of_the_bytes_it_read(tmp_path):
    path = level_file(tmp_path)
    level = load_level(path)
    assert level.digest == file_digest(path) and len(level.digest) == 64
    assert level == load_level(level_file(tmp_path, MIRRORED.replace("# two", "#  two")))   # compare=False


# --- stale files ----------------------------------------------------------------------------------

def test_a_stale_save_is_refused_and_the_file_still_validates(tmp_path):
    """Another editor renamed the D room after the level was loaded: the save must not write a map
    naming a room that no longer exists."""
    path = level_file(tmp_path)
    level = load_level(path)
    renamed = MIRRORED.replace('"D(1) @ corridor", "Z @', '"pit = D(1) @ corridor", "Z @', 1)
    renamed = renamed.replace("A D1 Z", "A pit Z")
    path.write_text(renamed, encoding="utf-8")
    with pytest.raises(StaleFileError, match=r"t-mirror\.toml changed on disk since it was loaded.*Reload"):
        save_solution(path, TWO_ROW, expected_digest=level.digest)
    assert path.read_text(encoding="utf-8") == renamed
    load_level(path)


def test_a_save_that_would_break_the_level_is_refused_even_without_a_digest(tmp_path):
    path = level_file(tmp_path)
    with pytest.raises(LevelError, match="this solution cannot be saved, nothing written: .*nosuch"):
        save_solution(path, Layout.from_slots({"A1": (0, 0), "nosuch": (1, 0), "Z1": (2, 0)}))
    assert path.read_text(encoding="utf-8") == MIRRORED


def test_saves_chain_on_the_digest_each_save_returns(tmp_path):
    path = level_file(tmp_path)
    first = save_solution(path, TWO_ROW, expect="loss", expected_digest=load_level(path).digest)
    assert first == SavedSolution(2, True, file_digest(path))
    second = save_solution(path, ROW, casts=["@5 Attack(1)"], expect="loss", expected_digest=first.digest)
    assert (second.index, second.added) == (3, True)
    with pytest.raises(StaleFileError):
        save_solution(path, ROW, expected_digest=first.digest)


# --- no-op saves and minimal changes --------------------------------------------------------------

def test_saving_a_solution_already_in_the_file_writes_nothing(tmp_path):
    path = level_file(tmp_path)
    before = os.stat(path).st_mtime_ns
    again = save_solution(path, ROW, casts=["@5  Attack(1) "], expect="win",
                          mirror_casts={"M1": ["@5 Attack(2)"]})
    assert again == SavedSolution(0, False, file_digest(path))
    assert save_solution(path, ROW, expect="loss").index == 1       # `casts = []` and no casts are one play
    assert save_solution(path, ROW, expect="loss", replace_index=1).added is False
    assert path.read_bytes() == MIRRORED.encode() and os.stat(path).st_mtime_ns == before


def test_replacing_a_solution_by_itself_keeps_its_bytes_and_its_mirror_casts(tmp_path):
    path = level_file(tmp_path)
    result = save_solution(path, ROW, casts=["@5 Attack(1)"], expect="win",
                           mirror_casts={"M1": ["@5 Attack(2)"]}, replace_index=0)
    assert result.added is False and path.read_bytes() == MIRRORED.encode()
    assert play_solution(load_level(path), 0).outcome.value == "win"


def test_replacing_keeps_comments_and_unchanged_keys_of_the_entry(tmp_path):
    path = level_file(tmp_path)
    save_solution(path, ROW, casts=["@5 Attack(1)"], expect="loss",
                  mirror_casts={"M1": ["@4 Attack(2)"]}, replace_index=0)
    text = path.read_text(encoding="utf-8")
    assert "# the only win: both worlds need their spell\n" in text
    assert 'map = "A D1 Z"   # labels as the designer wrote them\ncasts = ["@5 Attack(1)"]\n' in text
    assert "mirror_casts = {M1 = [\"@4 Attack(2)\"]}" in text and 'expect = "loss"' in text
    assert text.endswith(MIRRORED[MIRRORED.index('\n[[solutions]]\nmap = """'):])
    level = load_level(path)
    assert level.solutions[0].mirror_casts[0][1][0].tick == 4


def test_appending_changes_nothing_else_and_writes_mirror_casts(tmp_path):
    path = level_file(tmp_path)
    result = save_solution(path, ROW, casts=["@5 Attack(1)"], mirror_casts={"M1": ["@5 Attack(2)"]}, expect="loss")
    text = path.read_text(encoding="utf-8")
    assert text.startswith(MIRRORED) and result == SavedSolution(2, True, file_digest(path))
    assert 'mirror_casts = {M1 = ["@5 Attack(2)"]}' in text[len(MIRRORED):]
    level = load_level(path)
    assert level.solutions[2].mirror_casts == level.solutions[0].mirror_casts


# --- files as found -------------------------------------------------------------------------------

def test_a_read_only_file_is_refused_and_kept(tmp_path):
    path = level_file(tmp_path)
    path.chmod(0o444)
    with pytest.raises(LevelFileError, match=r"t-mirror\.toml is read-only \(mode 0444\); nothing written"):
        save_solution(path, TWO_ROW)
    assert path.read_bytes() == MIRRORED.encode() and stat.S_IMODE(path.stat().st_mode) == 0o444


def test_a_file_with_a_byte_order_mark_and_crlf_keeps_both(tmp_path):
    original = "\ufeff" + MIRRORED.replace("\n", "\r\n")
    path = level_file(tmp_path, original)
    save_solution(path, TWO_ROW, expect="loss")
    raw = path.read_bytes()
    assert raw.startswith(original.encode("utf-8"))
    assert b"\n" not in raw.replace(b"\r\n", b"") and raw.count("\ufeff".encode()) == 1
    assert len(load_level(path).solutions) == 3


def test_a_file_that_is_not_utf8_is_a_located_level_error(tmp_path):
    path = tmp_path / "latin.toml"
    path.write_bytes(MIRRORED.replace("two worlds", "deux mondes \u00e0").encode("latin-1"))
    with pytest.raises(LevelSyntaxError, match=r"latin\.toml:1:\d+: this file is not valid UTF-8"):
        save_solution(path, ROW)


def test_a_missing_file_is_a_level_error_naming_it(tmp_path):
    with pytest.raises(LevelFileError, match=r"gone\.toml: no such level file; nothing written"):
        save_solution(tmp_path / "gone.toml", ROW)
    assert names(tmp_path) == []


def test_a_save_through_a_symlink_writes_the_target_and_keeps_the_link(tmp_path):
    (tmp_path / "real").mkdir()
    real = level_file(tmp_path / "real")
    link = tmp_path / "link.toml"
    link.symlink_to(real)
    save_solution(link, TWO_ROW, expect="loss")
    assert link.is_symlink() and len(load_level(real).solutions) == 3
    assert names(real.parent) == ["t-mirror.toml"]


def test_a_killed_save_leaves_one_temporary_file_which_the_next_save_reuses(tmp_path, monkeypatch):
    path = level_file(tmp_path)

    def killed(*args):
        raise KeyboardInterrupt   # the process dies after the copy is written, before the rename
    monkeypatch.setattr(files_module.os, "replace", killed)
    monkeypatch.setattr(files_module.os, "unlink", lambda *a: None)   # a killed process cleans nothing
    for _ in range(3):
        with pytest.raises(KeyboardInterrupt):
            save_solution(path, TWO_ROW, expect="loss")
    monkeypatch.undo()
    assert names(tmp_path) == [".t-mirror.toml.zorglab.tmp", "t-mirror.toml"]
    save_solution(path, TWO_ROW, expect="loss")
    assert names(tmp_path) == ["t-mirror.toml"] and len(load_level(path).solutions) == 3


# --- the general primitives -----------------------------------------------------------------------

def test_edit_level_file_edits_keeps_comments_and_checks_staleness(tmp_path):
    path = level_file(tmp_path)
    digest = file_digest(path)

    def retitle(document):
        document["title"] = "Two Worlds, Again"
    new = edit_level_file(path, retitle, expected_digest=digest)
    assert new == file_digest(path) != digest
    assert path.read_text(encoding="utf-8") == MIRRORED.replace("Two Worlds", "Two Worlds, Again")
    assert edit_level_file(path, lambda document: None) == new      # no change: no write
    with pytest.raises(StaleFileError):
        edit_level_file(path, retitle, expected_digest=digest)


def test_write_level_text_creates_a_new_file_and_refuses_a_stale_one(tmp_path):
    path = tmp_path / "new.toml"
    digest = write_level_text(path, MIRRORED)
    assert path.read_text(encoding="utf-8") == MIRRORED and digest == file_digest(path)
    with pytest.raises(StaleFileError):
        write_level_text(path, MIRRORED + "# more\n", expected_digest="0" * 64)
    assert write_level_text(path, MIRRORED + "# more\n", expected_digest=digest) == file_digest(path)
    with pytest.raises(LevelFileError, match="the folder .*missing does not exist"):
        write_level_text(tmp_path / "missing" / "x.toml", MIRRORED)
    assert names(tmp_path) == ["new.toml"]


def test_the_lock_lives_outside_the_level_folder(tmp_path):
    path = level_file(tmp_path)
    save_solution(path, TWO_ROW, expect="loss")
    lock = files_module.lock_path(path.resolve())
    assert lock.parent != tmp_path and names(tmp_path) == ["t-mirror.toml"]


@pytest.mark.parametrize("special", ["/dev/zero", "/dev/null"])
def test_a_device_is_never_read_as_a_level(special):
    if not os.path.exists(special):
        pytest.skip(f"no {special}")
    with pytest.raises(LevelFileError, match="not a regular file"):
        save_solution(special, ROW)
    with pytest.raises(LevelFileError, match="not a regular file"):
        load_level(special)


def test_write_level_text_refuses_text_that_is_not_toml(tmp_path):
    path = tmp_path / "new.toml"
    with pytest.raises(LevelSyntaxError, match=r"new\.toml:3:1: not valid TOML .*; nothing written"):
        write_level_text(path, 'id = "x"\nrooms = [\n')
    assert names(tmp_path) == []


# --- property: a second identical save is a no-op, an append keeps what was there -----------------

ORDERS = st.permutations(["A1", "D1", "Z1"]).map(lambda labels: Layout.from_slots(
    {label: (col, 0) for col, label in enumerate(labels)}))
MAIN_CASTS = st.lists(st.sampled_from(["@5 Attack(1)", "@3  Attack(1)", "@0 Attack(1)"]), max_size=2)
MIRROR_CASTS = st.one_of(st.none(), st.lists(st.sampled_from(["@5 Attack(2)", "@1 Attack(2)"]), max_size=2)
                         .map(lambda casts: {"M1": casts}))


@settings(max_examples=60, derandomize=True, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ORDERS, MAIN_CASTS, MIRROR_CASTS, st.sampled_from([None, "win", "loss", "stall"]),
       st.sampled_from([None, 0, 1]))
def test_saving_the_same_solution_twice_writes_once(tmp_path, layout, casts, mirrors, expect, replace):
    path = level_file(tmp_path)
    first = save_solution(path, layout, casts, expect=expect, mirror_casts=mirrors, replace_index=replace)
    after_first = path.read_bytes()
    if first.added and replace is None:
        assert after_first.startswith(MIRRORED.encode()) and first.index == 2
    again = save_solution(path, layout, casts, expect=expect, mirror_casts=mirrors)
    assert (again.index, again.added, again.digest) == (first.index, False, first.digest)
    assert path.read_bytes() == after_first
    assert len(load_level(path).solutions) == 2 + (first.added and replace is None)


def test_the_lock_folder_is_this_users_and_private_whatever_the_umask(tmp_path, monkeypatch):
    """Issue 32 item 7: the shared 1777 folder came out 1755 under a umask, locking out a second user."""
    monkeypatch.delenv("XDG_RUNTIME_DIR", raising=False)
    monkeypatch.setattr(files_module.tempfile, "gettempdir", lambda: str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    old = os.umask(0o077)
    try:
        folder = files_module.lock_folder()
    finally:
        os.umask(old)
    assert folder == tmp_path / "tmp" / f"zorglab-locks-{os.getuid()}"
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    path = level_file(tmp_path)
    save_solution(path, TWO_ROW, expect="loss")
    assert files_module.lock_path(path.resolve()).parent == folder


def test_a_lock_that_cannot_be_made_is_a_clear_refusal(tmp_path, monkeypatch):
    monkeypatch.delenv("XDG_RUNTIME_DIR", raising=False)
    monkeypatch.setattr(files_module.tempfile, "gettempdir", lambda: str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    (tmp_path / "tmp" / f"zorglab-locks-{os.getuid()}").write_text("not a folder")
    path = level_file(tmp_path)
    before = path.read_bytes()
    with pytest.raises(LevelFileError, match="writers' lock folder .*(File exists|not a folder of yours); nothing written"):
        save_solution(path, TWO_ROW, expect="loss")
    (tmp_path / "tmp" / f"zorglab-locks-{os.getuid()}").unlink()

    def denied(*args, **kwargs):
        raise PermissionError(13, "Permission denied")
    import filelock
    monkeypatch.setattr(filelock.FileLock, "acquire", denied)
    with pytest.raises(LevelFileError, match="cannot take the writers' lock .*Permission denied; nothing written"):
        save_solution(path, TWO_ROW, expect="loss")
    assert path.read_bytes() == before

"""Issue 32 item 2 / issue 30 item 3: one reader with the CLI's checks for every way a file enters.
Each hostile path is a located LevelFileError from the reader, the Draft and the CLI alike -- never a
raw OSError, ValueError or MemoryError, never a hang -- and in the Studio a message, not an exception."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from zorglab.cli.main import main
from zorglab.errors import LevelFileError
from zorglab.level.draft import Draft
from zorglab.level.files import MAX_FILE_BYTES, read_bounded

ROOT = Path(__file__).resolve().parents[2]
LEVEL = ROOT / "levels" / "app-01-first-blood.toml"


def hostile_paths(tmp_path: Path) -> dict[str, tuple[str, str]]:
    """name -> (path, a word the refusal must hold)."""
    loop = tmp_path / "loop.toml"
    os.symlink(loop, loop)
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)
    big = tmp_path / "big.toml"
    with open(big, "wb") as file:
        file.truncate(200 * 1024 * 1024)
    (tmp_path / "folder.toml").mkdir()
    return {"missing": (str(tmp_path / "nope.toml"), "no such"),
            "folder": (str(tmp_path / "folder.toml"), "folder"),
            "loop": (str(loop), "symbolic links"),
            "nul": (str(tmp_path / "a\0b.toml"), "NUL"),
            "long": (str(tmp_path / ("x" * 300 + ".toml")), "too long"),
            "fifo": (str(fifo), "not a regular file"),
            "zero": ("/dev/zero", "not a regular file"),
            "big": (str(big), "the limit is")}


NAMES = ["missing", "folder", "loop", "nul", "long", "fifo", "zero", "big"]


@pytest.mark.parametrize("name", NAMES)
def test_the_reader_refuses_each_hostile_path_clearly(tmp_path, name) -> None:
    path, word = hostile_paths(tmp_path)[name]
    with pytest.raises(LevelFileError) as refused:
        read_bounded(path, "level file")
    assert word.lower() in str(refused.value).lower()
    with pytest.raises(LevelFileError) as refused:
        Draft.open(path)
    assert word.lower() in str(refused.value).lower()


@pytest.mark.parametrize("name", NAMES)
def test_validate_says_it_in_one_line(tmp_path, capsys, name) -> None:
    path, _ = hostile_paths(tmp_path)[name]
    assert main(["validate", path]) == 2
    out, err = capsys.readouterr()
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("name", NAMES)
def test_the_studio_opens_any_path_with_a_message(tmp_path, name) -> None:
    pytest.importorskip("ipywidgets")
    from zorglab.widgets import Studio
    path, word = hostile_paths(tmp_path)[name]
    studio = Studio(path, watch=None, debounce=0)               # never raises
    assert studio.notice.startswith("cannot open") and word.lower() in studio.notice.lower()
    studio.open(path)
    assert studio.notice.startswith("cannot open")
    other = Studio(LEVEL, watch=None, debounce=0)
    other.open(path)
    assert other.draft.path == LEVEL and word.lower() in other.notice.lower()
    studio.heroes.add_row("Warrior(3)")
    studio.save()                                                # a refusal said, never raised, nothing written
    if name == "folder":
        assert Path(path).is_dir() and not any(Path(path).iterdir())


def test_the_cap_is_the_clis(tmp_path) -> None:
    path = tmp_path / "just-over.toml"
    path.write_bytes(b"#" * (MAX_FILE_BYTES + 1))
    with pytest.raises(LevelFileError, match="the limit is"):
        Draft.open(path)

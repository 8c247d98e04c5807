"""Issue 32 item 1: a level's libraries (tiles.toml, contracts.toml) come from its pack root -- the
level's folder or the one just above it -- never from a folder higher up, and are read with the
limits and located errors of a level file. Seeded: every hostile file is built from a fixed seed."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from zorglab.cli.main import main
from zorglab.level import check_level
from zorglab.level.contracts import find_contracts, read_contracts
from zorglab.level.tileset import find_library, read_library

ROOT = Path(__file__).resolve().parents[2]
PACK_LEVEL = ROOT / "levels" / "app-01-first-blood.toml"
SEED = 32

# a tile library that gives default-A another (sound) shape: taken, it would change the level's tiles
OTHER_A = ('[tiles.default-A]\ncells = """\n#####\n#...#\n#.S..\n#...#\n#####\n"""\n')


def hostile_libraries(seed: int = SEED) -> dict[str, bytes]:
    """Hostile library contents: not UTF-8, 100,000 deep, a huge number, a sound but different library."""
    rng = random.Random(seed)
    junk = bytes(rng.randrange(0x80, 0x100) for _ in range(64))
    return {"not-utf8": b'[tiles.x]\ncells = "' + junk + b'"\n',
            "deep": b"x = " + b"[" * 100_000 + b"]" * 100_000 + b"\n",
            "digits": b"x = " + "".join(rng.choice("123456789") for _ in range(5000)).encode() + b"\n",
            "other": OTHER_A.encode()}


def validate(capsys: pytest.CaptureFixture[str], *paths: Path) -> tuple[int, str, str]:
    status = main(["validate", *map(str, paths)])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return status, out, err


def pack_copy(folder: Path, with_libraries: bool = True) -> Path:
    folder.mkdir(parents=True)
    level = folder / PACK_LEVEL.name
    shutil.copy(PACK_LEVEL, level)
    if with_libraries:
        shutil.copy(ROOT / "levels" / "tiles.toml", folder / "tiles.toml")
        shutil.copy(ROOT / "levels" / "contracts.toml", folder / "contracts.toml")
    return level


@pytest.mark.parametrize("kind", sorted(hostile_libraries()))
def test_a_hostile_tiles_toml_one_folder_up_leaves_a_pack_level_unchanged(tmp_path, capsys, kind) -> None:
    level = pack_copy(tmp_path / "pack" / "levels")
    expected = validate(capsys, level)
    assert expected[0] == 0
    for name in ("tiles.toml", "contracts.toml"):
        (tmp_path / "pack" / name).write_bytes(hostile_libraries()[kind])
    assert validate(capsys, level) == expected


@pytest.mark.parametrize("kind", sorted(hostile_libraries()))
def test_a_library_above_the_pack_root_is_never_read(tmp_path, capsys, kind) -> None:
    level = pack_copy(tmp_path / "a" / "b" / "levels", with_libraries=False)
    expected = validate(capsys, level)
    for name in ("tiles.toml", "contracts.toml"):
        (tmp_path / "a" / name).write_bytes(hostile_libraries()[kind])
    assert find_library(level) is None and find_contracts(level) is None
    assert validate(capsys, level) == expected
    assert check_level(level).tile_library == "levels/tiles.toml"      # the built-in one


@pytest.mark.parametrize("kind", ["not-utf8", "deep", "digits"])
def test_a_broken_library_at_the_pack_root_is_a_located_refusal(tmp_path, capsys, kind) -> None:
    level = pack_copy(tmp_path / "levels", with_libraries=False)
    library = tmp_path / "levels" / "tiles.toml"
    library.write_bytes(hostile_libraries()[kind])
    status, out, err = validate(capsys, level)
    assert status == 2 and any(line.startswith(f"{library}:") for line in err.splitlines()), err
    contracts = tmp_path / "levels" / "contracts.toml"
    contracts.write_bytes(hostile_libraries()[kind])
    library.unlink()
    status, out, err = validate(capsys, level)
    assert status == 2 and any(line.startswith(f"{contracts}:") for line in err.splitlines()), err


def test_a_library_of_200_mb_is_refused_without_reading_it(tmp_path) -> None:
    library = tmp_path / "tiles.toml"
    with open(library, "wb") as file:
        file.truncate(200 * 1024 * 1024)          # sparse: nothing of it is ever read
    tiles, problems = read_library(library)
    assert tiles == {} and len(problems) == 1 and "the limit is" in problems[0].message
    assert str(problems[0].location).startswith(f"{library}:1:1")
    contracts, problems = read_contracts(library)
    assert "the limit is" in problems[0].message


def test_a_fifo_library_is_refused_at_once(tmp_path) -> None:
    import os
    library = tmp_path / "tiles.toml"
    os.mkfifo(library)
    tiles, problems = read_library(library)
    assert tiles == {} and "not a regular file" in problems[0].message


def test_validate_says_which_library_a_level_used(tmp_path, capsys, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    level = pack_copy(tmp_path / "levels", with_libraries=False)
    (tmp_path / "levels" / "tiles.toml").write_text((ROOT / "levels" / "tiles.toml").read_text())
    status, out, err = validate(capsys, level)
    assert status == 0 and out.strip().endswith("; tiles from levels/tiles.toml"), out
    assert check_level(level).tile_library == str(tmp_path / "levels" / "tiles.toml")
    status, out, err = validate(capsys, PACK_LEVEL)             # the built-in library: nothing more said
    assert status == 0 and "tiles from" not in out


def test_a_pack_in_sub_folders_still_finds_its_root_libraries(tmp_path) -> None:
    level = pack_copy(tmp_path / "levels" / "base", with_libraries=False)
    (tmp_path / "levels" / "tiles.toml").write_text(OTHER_A)
    assert find_library(level) == tmp_path / "levels" / "tiles.toml"

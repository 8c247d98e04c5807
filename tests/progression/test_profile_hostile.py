"""Issue #18, the player profile: racing `progress --record` runs, profiles claiming wins or bonuses
the pack does not have, an unwritable profile folder, a FIFO as the profile. The pack is built here."""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
from pathlib import Path

import pytest

from zorglab.cli.main import main
from zorglab.errors import OptionError
from zorglab.progression import load_profile, save_profile
from zorglab.progression.profile import LevelProgress, Profile, update_profile

LEVELS = 8
WORKERS = 4

LEVEL = '''\
id = "race-{n:02d}"
rooms = ["A @ spawn-east", "D(1) @ corridor", "Z @ dead-end-west"]
heroes = ["Warrior(2)"]
spells = ["Attack(1)"]
bonuses = ["hp_at_death(Warrior) <= 0"]

[[solutions]]
map = "A D1 Z"
casts = ["@5 Attack(1)"]
expect = "win"
'''


def build_pack(folder: Path) -> Path:
    folder.mkdir()
    for n in range(LEVELS):
        (folder / f"race-{n:02d}.toml").write_text(LEVEL.format(n=n), encoding="utf-8")
    ids = ", ".join(f'"race-{n:02d}"' for n in range(LEVELS))
    (folder / "contracts.toml").write_text(f'[[contracts]]\nname = "all"\ncost = 0\norder = 1\nlevels = [{ids}]\n',
                                           encoding="utf-8")
    return folder


@pytest.fixture
def pack(tmp_path):
    return build_pack(tmp_path / "pack")


def record(pack: str, profile: str, levels: list[str], start, codes) -> None:
    start.wait()            # a barrier: every worker is up before the first record, however slow the machine
    for level in levels:
        codes.put((level, main(["progress", "--levels", pack, "--profile", profile, "--record", level])))


def test_racing_records_all_land(pack, tmp_path):
    profile = tmp_path / "me.json"
    context = multiprocessing.get_context("spawn")
    codes = context.Queue()
    start = context.Barrier(WORKERS)
    shares = [[f"race-{n:02d}" for n in range(LEVELS) if n % WORKERS == w] for w in range(WORKERS)]
    workers = [context.Process(target=record, args=(str(pack), str(profile), share, start, codes))
               for share in shares]
    for worker in workers:
        worker.start()
    results = [codes.get(timeout=120) for _ in range(LEVELS)]
    for worker in workers:
        worker.join(timeout=60)
    assert sorted(code for _, code in results) == [0] * LEVELS
    won = load_profile(profile)
    assert sorted(p.level for p in won.levels) == [f"race-{n:02d}" for n in range(LEVELS)]
    assert won.points == 2 * LEVELS


def test_a_profile_in_a_new_folder_is_made(pack, tmp_path, capsys):
    path = tmp_path / "new" / "me.json"
    assert main(["progress", "--levels", str(pack), "--profile", str(path), "--record", "race-00"]) == 0
    assert load_profile(path).won("race-00")


def test_update_profile_serialises_read_and_write(tmp_path):
    path = tmp_path / "p.json"
    save_profile(Profile((LevelProgress("race-00"),)), path)
    profile, result = update_profile(path, lambda now: (now.with_win("race-01", frozenset({1})), len(now.levels)))
    assert result == 1 and load_profile(path) == profile and profile.points == 3


@pytest.mark.parametrize("claim, says", [
    ({"race-00": {"bonuses": [1, 7]}}, r"levels\.race-00\.bonuses: 7 is not a bonus of the level \(it has 1 bonus\)"),
    ({"nope-99": {"bonuses": []}}, r"level id 'nope-99' is not in the level pack"),
])
def test_a_profile_claiming_what_the_pack_lacks_is_refused(pack, tmp_path, capsys, claim, says):
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"zorglab_profile": 1, "levels": claim}), encoding="utf-8")
    before = path.read_bytes()
    assert main(["progress", "--levels", str(pack), "--profile", str(path)]) == 2
    err = capsys.readouterr().err
    assert "p.json" in err and err.count("\n") == 1
    import re
    assert re.search(says, err), err
    assert main(["progress", "--levels", str(pack), "--profile", str(path), "--record", "race-01"]) == 2
    assert path.read_bytes() == before


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into a read-only folder")
def test_an_unwritable_profile_folder_is_a_message(pack, tmp_path, capsys):
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        assert main(["progress", "--levels", str(pack), "--profile", str(folder / "p.json"), "--record", "race-00"]) == 2
    finally:
        folder.chmod(0o755)
    assert "is not writable; nothing written. The win is not recorded" in capsys.readouterr().err


def test_a_read_only_profile_is_a_message_and_stays(pack, tmp_path, capsys):
    path = tmp_path / "p.json"
    save_profile(Profile(), path)
    path.chmod(0o444)
    assert main(["progress", "--levels", str(pack), "--profile", str(path), "--record", "race-00"]) == 2
    err = capsys.readouterr().err
    assert "p.json is read-only (mode 0444); nothing written. Make it writable to save into it. The win is not recorded" in err and "Traceback" not in err
    assert load_profile(path) == Profile()


def test_a_profile_under_a_regular_file_is_a_message(pack, tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert main(["progress", "--levels", str(pack), "--profile", str(blocker / "p.json"), "--record", "race-00"]) == 2
    assert f"cannot make its folder {blocker}" in capsys.readouterr().err
    with pytest.raises(OptionError, match="cannot make its folder"):
        save_profile(Profile(), blocker / "p.json")


def test_a_fifo_as_the_profile_is_refused_at_once(pack, tmp_path, capsys):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)

    def hung(*args):
        raise AssertionError("reading the FIFO hung")
    old = signal.signal(signal.SIGALRM, hung)
    signal.alarm(20)
    try:
        assert main(["progress", "--levels", str(pack), "--profile", str(fifo)]) == 2
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    assert "not a regular file" in capsys.readouterr().err


def test_a_folder_refusing_the_write_is_a_message_even_for_root(pack, tmp_path, capsys, monkeypatch):
    from zorglab.level import files
    real_open = os.open

    def refuse(path, flags, *args):
        if str(path).endswith(files.TEMPORARY_SUFFIX):
            raise PermissionError(13, "Permission denied")
        return real_open(path, flags, *args)
    monkeypatch.setattr(files.os, "open", refuse)
    path = tmp_path / "p.json"
    assert main(["progress", "--levels", str(pack), "--profile", str(path), "--record", "race-00"]) == 2
    err = capsys.readouterr().err
    assert f"the folder {tmp_path} is not writable; nothing written. The win is not recorded" in err
    assert not path.exists()


def test_a_format_marker_of_true_is_not_version_1(tmp_path):
    path = tmp_path / "p.json"
    path.write_text('{"zorglab_profile": true, "levels": {}}', encoding="utf-8")
    with pytest.raises(OptionError, match=r"'zorglab_profile' must be 1 \(got true\)"):
        load_profile(path)

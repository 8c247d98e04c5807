"""Issue #18, temple files: binary files, deep JSON, huge grids and numbers, devices, and locks on
sides that do not exist. Each file is built here from a small temple written in the test."""

from __future__ import annotations

import json
import os
import signal

import pytest

from zorglab.cli.main import main
from zorglab.temples import TempleFormatError
from zorglab.temples.io import MAX_CELLS, MAX_DEPTH, MAX_SIDE, load_temple, loads_temple

SMALL = {
    "id": "t1", "name": "Test Temple", "entrance": [0, 1, 1],
    "floors": [{"label": "1F", "grid": [["#", "#", "#"], ["#", "E", "#"], ["#", "#", "#"]]}],
    "rooms": {"#": {"type": "wall"}, "E": {"type": "entrance", "locked": {"north": True}}},
}


def write(tmp_path, data, name="t.json"):
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


class within:
    def __init__(self, seconds):
        self.seconds = seconds

    def __enter__(self):
        def hung(*args):
            raise AssertionError(f"still running after {self.seconds} s")
        self.old = signal.signal(signal.SIGALRM, hung)
        signal.alarm(self.seconds)

    def __exit__(self, *exc):
        signal.alarm(0)
        signal.signal(signal.SIGALRM, self.old)


def test_the_small_temple_loads(tmp_path):
    assert load_temple(write(tmp_path, SMALL)).name == "Test Temple"


def test_a_binary_file_is_a_located_temple_error(tmp_path):
    path = tmp_path / "t.json"
    path.write_bytes(b'{"id": "\xff\xfe\x00binary"}')
    with pytest.raises(TempleFormatError, match=r"t\.json:1:9: not UTF-8 text \(a binary file\?\)"):
        load_temple(path)


def test_json_nested_100000_deep_is_refused_where_it_goes_too_deep(tmp_path):
    text = '{"id": "t1", "rooms": ' + "[" * 100_000 + "]" * 100_000 + "}"
    with pytest.raises(TempleFormatError, match=rf"t\.json:1:{23 + MAX_DEPTH - 1}: JSON nested more than"):
        load_temple(write(tmp_path, text))


def test_brackets_inside_strings_do_not_count_as_nesting():
    data = json.loads(json.dumps(SMALL))
    data["name"] = "[" * 200 + '"{'
    assert loads_temple(json.dumps(data)).name == data["name"]


def test_a_1000_by_1000_grid_is_refused_at_once(tmp_path):
    data = json.loads(json.dumps(SMALL))
    data["floors"][0]["grid"] = [["#"] * 1000 for _ in range(1000)]
    path = write(tmp_path, data)
    with within(20):
        with pytest.raises(TempleFormatError, match=rf"a floor of 1000 x 1000 cells; a floor has at most {MAX_SIDE}"):
            load_temple(path)


def test_too_many_cells_over_all_floors_are_refused(tmp_path):
    data = json.loads(json.dumps(SMALL))
    floor = [["#"] * MAX_SIDE for _ in range(MAX_SIDE)]
    data["floors"] = [{"label": f"{n}F", "grid": floor} for n in range(MAX_CELLS // (MAX_SIDE * MAX_SIDE) + 1)]
    with pytest.raises(TempleFormatError, match=f"cells; a temple has at most {MAX_CELLS:,}"):
        load_temple(write(tmp_path, data))


def test_a_number_of_5000_digits_is_a_temple_error(tmp_path):
    text = json.dumps(SMALL).replace('"entrance": [0, 1, 1]', '"entrance": [' + "9" * 5000 + ", 1, 1]")
    with pytest.raises(TempleFormatError, match="a number with thousands of digits"):
        load_temple(write(tmp_path, text))


@pytest.mark.parametrize("locked, side", [({"up": True}, "up"), ({"north": True, "East": True}, "East")])
def test_a_lock_on_a_side_that_does_not_exist_is_refused(tmp_path, locked, side):
    data = json.loads(json.dumps(SMALL))
    data["rooms"]["E"]["locked"] = locked
    with pytest.raises(TempleFormatError, match=rf"""room 'E': 'locked' names "{side}", which is not a side"""):
        load_temple(write(tmp_path, data))


def test_the_master_lock_note_is_still_accepted(tmp_path):
    data = json.loads(json.dumps(SMALL))
    data["rooms"]["E"]["locked"] = {"master": True}
    assert load_temple(write(tmp_path, data)).rooms["E"].locked_side("north") is False


@pytest.mark.parametrize("command", [["temples", "show"], ["temples", "check"]])
def test_devices_fifos_and_binary_files_are_messages_from_the_cli(tmp_path, capsys, command):
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    binary = tmp_path / "b.json"
    binary.write_bytes(bytes(range(256)))
    for target, says in [(fifo, "not a regular file"), ("/dev/zero", "not a regular file"),
                         (binary, "not UTF-8 text")]:
        with within(20):
            code = main(command + [str(target)])
        err = capsys.readouterr().err
        assert code == 2 and says in err and "Traceback" not in err


def test_save_temple_is_atomic_and_refuses_a_read_only_file(tmp_path):
    from zorglab.errors import LevelFileError
    from zorglab.temples.io import save_temple
    temple = load_temple(write(tmp_path, SMALL))
    out = tmp_path / "out.json"
    save_temple(temple, out)
    assert load_temple(out) == temple
    out.chmod(0o444)
    with pytest.raises(LevelFileError, match="read-only"):
        save_temple(temple, out)
    with pytest.raises(LevelFileError, match="does not exist"):
        save_temple(temple, tmp_path / "missing" / "t.json")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.json", "t.json"]

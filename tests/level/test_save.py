"""Saving a layout as a [[solutions]] entry: round trip, comments kept byte for byte, atomic replace."""

from __future__ import annotations

import os
import stat
import tomllib
from fractions import Fraction
from pathlib import Path

import pytest
import tomlkit
from hypothesis import HealthCheck, given, settings, strategies as st

from zorglab.engine.layout import Layout, Placement
from zorglab.errors import LayoutError, LevelError, LevelFileError, OptionError
from zorglab.level import files as files_module, save as save_module
from zorglab.core.model import Outcome, Solution
from zorglab.level.save import format_map, save_solution
from zorglab.core.values import INF

LEVEL = '''\
# Level header comment
id = "base-04"   # trailing comment
title = "Cold Feet"
rooms = [
  "A @ spawn-east",   # the start
  "Z @ dead-end-west",
  "hall = D(2) @ corridor",
  "E(ice) @ rink",
]

[variables]
x = "choix(1, {1, 2, 3})"  # the player picks

[tiles.rink]  # a private tile
cells = """
##.##
#ggg#
.ggg.
#ggg#
##.##
"""

# The first known play.
[[solutions]]
rotation = 0  # upright
map = """
A    hall E1   Z
"""
casts = ["@3 Attack(1)"]
expect = "win"
# comment at the end of solution 0

# comment introducing solution 1
[[solutions]]
rotation = 0
map = """
Z A
"""
expect = "loss"

# Mirror comment
[[mirrors]]
name = "M1"
rooms = ["A", "Z", "D(5)", "E(fire)"]
'''

ROW = Layout.from_slots({"A": (0, 0), "hall": (1, 0), "E1": (2, 0), "Z": (3, 0)})
TURNED = Layout.of({"A": Placement((0, 0), 1), "hall": Placement((0, 1), 1), "E1": Placement((0, 2), 1),
                    "Z": Placement((1, 2), 1)}, main="A")


def level_file(tmp_path: Path, text: str = LEVEL) -> Path:
    path = tmp_path / "base-04.toml"
    path.write_bytes(text.encode("utf-8"))
    return path


def read_map(text: str) -> tuple[tuple[str | None, ...], ...]:
    """The level format's map text as Solution.map rows (what the loader does; kept tiny here)."""
    return tuple(tuple(None if token == "." else token for token in line.split())
                 for line in text.splitlines() if line.strip())


def read_back(path: Path, index: int = -1) -> tuple[Layout, dict]:
    entry = tomlkit.parse(path.read_text(encoding="utf-8"))["solutions"][index].unwrap()
    solution = Solution(rotation=entry["rotation"], map=read_map(entry["map"]), main=entry.get("main"))
    return Layout.from_solution(solution), entry


def comment_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if "#" in line and not set(line.strip()) <= set("#.gdlS")]


# --- map text -------------------------------------------------------------------------------------

def test_format_map_aligns_columns_like_the_level_format_example():
    assert format_map((("A", "hall", "E1", "Z"),)) == "A    hall E1   Z\n"
    assert format_map((("A1", None), (None, "Z"))) == "A1 .\n.  Z\n"
    assert format_map(()) == ""


# --- appending ------------------------------------------------------------------------------------

def test_append_keeps_everything_before_byte_for_byte_and_reads_back(tmp_path):
    path = level_file(tmp_path)
    save_solution(path, TURNED, casts=["@0 Sleep() on Warrior", " @4 Attack(2) "], expect="stall",
                  choices={"x": 2})
    text = path.read_text(encoding="utf-8")
    head = LEVEL[:LEVEL.index("# Mirror comment")]
    assert text.startswith(head)
    assert text.endswith('# Mirror comment\n[[mirrors]]\nname = "M1"\nrooms = ["A", "Z", "D(5)", "E(fire)"]\n')
    assert comment_lines(text) == comment_lines(LEVEL)
    layout, entry = read_back(path)
    assert layout == TURNED
    assert entry["casts"] == ["@0 Sleep() on Warrior", "@4 Attack(2)"]
    assert (entry["expect"], entry["choices"], entry["main"], entry["rotation"]) == ("stall", {"x": 2}, "A", 1)
    assert len(tomllib.loads(text)["solutions"]) == 3


def test_appended_entry_is_written_in_the_level_format_shape(tmp_path):
    path = level_file(tmp_path)
    save_solution(path, TURNED, casts=["@3 Attack(1)", "@5 Wake() on Elf1"], expect=Outcome.WIN,
                  choices=(("x", 3),))
    text = path.read_text(encoding="utf-8")
    new = text[text.index('expect = "loss"\n') + len('expect = "loss"\n'):text.index("# Mirror comment")]
    assert new == ('\n[[solutions]]\nchoices = {x = 3}\nrotation = 1\nmap = """\nA    .\nhall .\nE1   Z\n"""\n'
                   'main = "A"\ncasts = [\n  "@3 Attack(1)",\n  "@5 Wake() on Elf1",\n]\nexpect = "win"\n\n')


def test_minimal_entry_has_only_rotation_and_map(tmp_path):
    path = level_file(tmp_path)
    save_solution(path, ROW)
    _, entry = read_back(path)
    assert entry == {"rotation": 0, "map": "A    hall E1   Z\n"}


def test_append_to_a_file_without_solutions(tmp_path):
    text = '# only a header\nid = "x"\nrooms = ["A", "Z"]  # two rooms\nspells = ["Attack(9)"]\n'
    path = level_file(tmp_path, text)
    save_solution(path, Layout.from_slots({"A": (0, 0), "Z": (0, 1)}), casts=["@0 Attack(9)"])
    written = path.read_text(encoding="utf-8")
    assert written == text + '\n[[solutions]]\nrotation = 0\nmap = """\nA\nZ\n"""\ncasts = [\n  "@0 Attack(9)",\n]\n'
    assert read_back(path)[0] == Layout.from_slots({"A": (0, 0), "Z": (0, 1)})


def test_file_without_final_newline(tmp_path):
    path = level_file(tmp_path, 'id = "x"')
    save_solution(path, ROW)
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert data["id"] == "x" and read_map(data["solutions"][0]["map"]) == (("A", "hall", "E1", "Z"),)


def test_crlf_files_stay_crlf(tmp_path):
    path = level_file(tmp_path, LEVEL.replace("\n", "\r\n"))
    save_solution(path, ROW)
    raw = path.read_bytes()
    assert raw.startswith(LEVEL[:LEVEL.index("# Mirror")].replace("\n", "\r\n").encode())
    assert b"\n" not in raw.replace(b"\r\n", b"")
    assert read_back(path)[0] == ROW


def test_choice_values_are_written_exactly():
    pairs = save_module._choice_pairs({"n": 2, "r": Fraction(3, 2), "w": Fraction(4, 2), "big": INF,
                                       "picks": (1, 3, 1), "elem": "ice"})
    assert pairs == [("n", 2), ("r", "3/2"), ("w", 2), ("big", "inf"), ("picks", [1, 3, 1]), ("elem", "ice")]


# --- replacing ------------------------------------------------------------------------------------

def test_replace_changes_only_that_entry(tmp_path):
    path = level_file(tmp_path)
    save_solution(path, TURNED, casts=["@1 Attack(3)"], replace_index=0)
    text = path.read_text(encoding="utf-8")
    before = LEVEL[:LEVEL.index("[[solutions]]")]
    after = LEVEL[LEVEL.index("# comment at the end of solution 0"):]
    assert text.startswith(before) and text.endswith(after)
    assert comment_lines(text) == [line.replace("rotation = 0", "rotation = 1") for line in comment_lines(LEVEL)]
    layout, entry = read_back(path, 0)
    assert layout == TURNED and entry["casts"] == ["@1 Attack(3)"] and "expect" not in entry
    assert tomllib.loads(text)["solutions"][1] == {"rotation": 0, "map": "Z A\n", "expect": "loss"}


def test_replace_the_last_entry_keeps_what_follows(tmp_path):
    path = level_file(tmp_path)
    save_solution(path, ROW, expect="win", replace_index=1)
    text = path.read_text(encoding="utf-8")
    assert text.startswith(LEVEL[:LEVEL.index("rotation = 0\nmap = \"\"\"\nZ A")])
    assert text.endswith(LEVEL[LEVEL.index("\n# Mirror comment"):])
    assert [s["expect"] for s in tomllib.loads(text)["solutions"]] == ["win", "win"]


@pytest.mark.parametrize("index", [2, -1, True])
def test_replace_out_of_range_is_refused_and_writes_nothing(tmp_path, index):
    path = level_file(tmp_path)
    with pytest.raises(OptionError, match=r"has 2 solutions \(indexes 0\.\.1\)"):
        save_solution(path, ROW, replace_index=index)
    assert path.read_bytes() == LEVEL.encode()


def test_replace_in_a_file_without_solutions(tmp_path):
    path = level_file(tmp_path, 'id = "x"\n')
    with pytest.raises(OptionError, match="has no solutions to replace"):
        save_solution(path, ROW, replace_index=0)


# --- refusals -------------------------------------------------------------------------------------

def test_bad_arguments_write_nothing(tmp_path):
    path = level_file(tmp_path)
    with pytest.raises(OptionError, match="expect='draw': an outcome is one of win, loss, stall"):
        save_solution(path, ROW, expect="draw")
    with pytest.raises(LayoutError, match="a map stores one rotation"):
        save_solution(path, ROW.rotate("Z"))
    with pytest.raises(TypeError, match="a cast is a string in level notation or a Cast"):
        save_solution(path, ROW, casts=[3])
    assert path.read_bytes() == LEVEL.encode()
    inline_text = 'id = "x"\nsolutions = [{rotation = 0, map = "A"}]\n'
    inline = level_file(tmp_path, inline_text)
    with pytest.raises(LevelError, match=r"\[\[solutions\]\] tables"):
        save_solution(inline, ROW)
    assert inline.read_text(encoding="utf-8") == inline_text


# --- atomicity ------------------------------------------------------------------------------------

def boom(*args, **kwargs):
    raise OSError("disk on fire")


@pytest.mark.parametrize("step", ["replace", "fsync", "chmod"])
def test_a_failure_mid_write_leaves_the_original_and_no_temporary_file(tmp_path, monkeypatch, step):
    path = level_file(tmp_path)
    monkeypatch.setattr(files_module.os, step, boom)
    with pytest.raises(LevelFileError, match="disk on fire; the file is unchanged"):
        save_solution(path, TURNED, casts=["@1 Attack(1)"])
    monkeypatch.undo()
    assert path.read_bytes() == LEVEL.encode()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["base-04.toml"]


def test_a_failure_while_writing_the_text_leaves_the_original(tmp_path, monkeypatch):
    path = level_file(tmp_path)
    real_fdopen = os.fdopen

    class Failing:
        def __init__(self, handle):
            self.handle = handle

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.handle.close()

        def write(self, text):
            self.handle.write(text[: len(text) // 2])
            raise OSError("disk full")

    monkeypatch.setattr(files_module.os, "fdopen", lambda *a, **k: Failing(real_fdopen(*a, **k)))
    with pytest.raises(LevelFileError, match="disk full; the file is unchanged"):
        save_solution(path, ROW)
    assert path.read_bytes() == LEVEL.encode()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["base-04.toml"]


def test_permissions_are_kept(tmp_path):
    path = level_file(tmp_path)
    path.chmod(0o640)
    save_solution(path, ROW)
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


# --- round trip property --------------------------------------------------------------------------

LABELS = ["A", "A2", "Z", "hall", "E1", "D12", "trap_room"]


@st.composite
def layouts(draw) -> Layout:
    labels = draw(st.lists(st.sampled_from(LABELS), min_size=1, max_size=6, unique=True))
    slots = draw(st.lists(st.tuples(st.integers(-3, 3), st.integers(-3, 3)), min_size=len(labels),
                          max_size=len(labels), unique=True))
    q = draw(st.integers(0, 3))
    return Layout.of({label: Placement(slot, q) for label, slot in zip(labels, slots)},
                     draw(st.sampled_from([None, labels[0]])))


CASTS = st.lists(st.sampled_from(["@0 Attack(1)", "@2 Move() to (1, 2)", "@3 Swap() with Z",
                                  "@4 Selection(false) on W1, W2 : Teleport(2)"]), max_size=4)


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(layouts(), CASTS, st.sampled_from([None, "win", "loss", "stall"]), st.booleans())
def test_save_then_read_gives_the_same_layout_and_casts(tmp_path, board, casts, expect, replace):
    path = level_file(tmp_path)
    save_solution(path, board, casts=casts, expect=expect, replace_index=1 if replace else None)
    layout, entry = read_back(path, 1 if replace else -1)
    rows, rotation = board.to_map()
    assert layout == Layout.from_solution(Solution(rotation=rotation, map=rows, main=board.main))
    assert entry.get("casts", []) == casts and entry.get("expect") == expect
    text = path.read_text(encoding="utf-8")
    assert comment_lines(text) == comment_lines(LEVEL)


def test_cast_values_are_written_in_level_notation(tmp_path):
    printer = pytest.importorskip("zorglab.core.printer")
    from zorglab.core.model import Cast, SpellCall
    cast = Cast(3, SpellCall("Attack", (1,)))
    path = level_file(tmp_path)
    save_solution(path, ROW, casts=[cast, "@4 Attack(2)"])
    assert read_back(path)[1]["casts"] == [printer.format_cast(cast), "@4 Attack(2)"]
    assert printer.format_cast(cast).startswith("@3 Attack")

"""Issue 32 item 3 and issue 30 item 3: the Studio validates before it writes. A lone surrogate is a
located fault at the text layer (never a UnicodeEncodeError), and a save whose exact text would not
load is refused with the loader's located message, the file left as it was. Seeded."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from zorglab.cli.validate import validate
from zorglab.errors import LevelError, LevelSyntaxError
from zorglab.level import check_level_text
from zorglab.level.draft import Draft
from zorglab.level.edit import write_level_text

ROOT = Path(__file__).resolve().parents[2]
LEVEL = ROOT / "levels" / "app-01-first-blood.toml"
HOSTILE = ["\n", "", " ", "tiles", "solutions", "a\nb", "\ud800", "x\udfff", "\t", "#", '"', "A", "inf", "é\ud83d"]


def studio_copy(tmp_path: Path):
    pytest.importorskip("ipywidgets")
    from zorglab.widgets import Studio
    shutil.copy(LEVEL, tmp_path / LEVEL.name)
    shutil.copy(ROOT / "levels" / "tiles.toml", tmp_path / "tiles.toml")
    return Studio(tmp_path / LEVEL.name, watch=None, debounce=0)


def test_a_lone_surrogate_is_a_located_fault_of_the_text() -> None:
    check = check_level_text('id = "ab\ud800"\nrooms = ["A", "Z"]\n', "x.toml")
    assert [str(p) for p in check.problems] == [
        "x.toml:1:9: a lone surrogate (\\ud800) is not a character a file can hold; type this character again"]
    draft = Draft(LEVEL.read_text(), LEVEL, "digest")
    draft.set_field("title", "Fi\ud800rst")
    assert draft.faults_at(("title",)) and draft.level is None
    with pytest.raises(LevelSyntaxError, match="surrogate"):
        draft.text_to_save()


def test_writing_a_surrogate_is_a_located_refusal(tmp_path) -> None:
    with pytest.raises(LevelSyntaxError, match=r"new\.toml:2:8: a lone surrogate"):
        write_level_text(tmp_path / "new.toml", 'id = "a"\ntitle "\ud800"\n')
    assert not (tmp_path / "new.toml").exists()


def test_studio_save_never_raises_on_a_surrogate(tmp_path) -> None:
    studio = studio_copy(tmp_path)
    before = studio.path.read_bytes()
    studio.edit(lambda d: d.set_field("title", "\ud800"))
    studio.edit(lambda d: d.set_tile("x\ud800", ["#####"] * 5))
    assert studio.save() is None                  # said, never a UnicodeEncodeError
    assert "not saved" in studio.notice and studio.path.read_bytes() == before


def test_a_save_whose_text_no_longer_loads_is_refused_with_the_loaders_message(tmp_path) -> None:
    """The tile library changed under the Studio: the draft's last check is stale, the save re-reads."""
    studio = studio_copy(tmp_path)
    studio.edit(lambda d: d.set_field("title", "Renamed"))
    assert not studio.draft.problems
    # the pack library now gives the A room's tile no spawn cell (ZR-31: it precedes the shared one)
    (tmp_path / "tiles.toml").write_text('[tiles.spawn-east]\ncells = """\n#####\n#...#\n#....\n#...#\n#####\n"""\n')
    before = studio.path.read_bytes()
    assert studio.save() is None
    assert studio.path.read_bytes() == before
    assert f"{studio.path}:" in studio.notice and "spawn-east" in studio.notice and "not saved" in studio.notice


@pytest.mark.parametrize("seed", range(4))
def test_no_hostile_edit_is_ever_saved_into_a_file_validate_refuses(tmp_path, seed) -> None:
    rng = random.Random(seed)
    studio = studio_copy(tmp_path)
    for _ in range(12):
        value = rng.choice(HOSTILE)
        how = rng.choice(["relabel", "title", "tile", "variable", "mirror", "room", "hero"])
        try:
            if how == "relabel":
                studio.relabel_room(rng.randrange(len(studio.draft.items(("rooms",)))), value)
            elif how == "title":
                studio.edit(lambda d: d.set_field("title", value))
            elif how == "tile":
                studio.edit(lambda d: d.set_tile(value, ["#####"] * 5))
            elif how == "variable":
                studio.edit(lambda d: d.set_variable(value, "choix(1, {1, 2})"))
            elif how == "mirror":
                studio.edit(lambda d: d.add_mirror(value))
            elif how == "room":
                studio.edit(lambda d: d.add_item(("rooms",), f"{value} = D(1)"))
            else:
                studio.edit(lambda d: d.add_item(("heroes",), f"Warrior({value})"))
        except (LevelError, KeyError, IndexError) as error:      # a refusal said by the draft is fine
            assert "Traceback" not in str(error)
        before = studio.path.read_bytes()
        studio.save()                                            # never raises
        report = validate([str(studio.path)])
        assert report.ok or studio.path.read_bytes() == before, (how, value, report.errors)

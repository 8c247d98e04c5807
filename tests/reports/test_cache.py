"""Per-level report rows kept by (level bytes, engine version): a second report recomputes only
what changed, and a row cut short by the safety stop is never kept (issue 23)."""

from __future__ import annotations

import shutil

import pytest

from zorglab.reports import QUICK
from zorglab.reports import cache as row_cache
from zorglab.sweep import tasks

from report_fixtures import PACK


@pytest.fixture
def pack(tmp_path, monkeypatch):
    monkeypatch.setenv("ZORGLAB_CACHE_DIR", str(tmp_path / "cache"))
    folder = tmp_path / "pack"
    shutil.copytree(PACK, folder)
    return folder


def computed(monkeypatch) -> list[str]:
    made: list[str] = []
    real = tasks._level_row
    monkeypatch.setattr(tasks, "_level_row", lambda path, budget: made.append(path) or real(path, budget))
    return made


def test_a_second_run_recomputes_only_the_changed_level(pack, monkeypatch):
    files = sorted(str(p) for p in pack.glob("*.toml") if p.name not in ("contracts.toml", "tiles.toml"))[:3]
    made = computed(monkeypatch)
    first = [tasks.level_task(f, QUICK) for f in files]
    assert made == files
    made.clear()
    again = [tasks.level_task(f, QUICK) for f in files]
    assert made == []
    strip = lambda rows: [{k: v for k, v in r.items() if k != "seconds"} for r in rows]    # noqa: E731
    assert strip(again) == strip(first)
    changed = pack / files[1].rsplit("/", 1)[1]
    changed.write_text(changed.read_text(encoding="utf-8") + "\n# a note\n", encoding="utf-8")
    [tasks.level_task(f, QUICK) for f in files]
    assert made == [files[1]]


def test_another_budget_or_engine_is_another_key(pack, monkeypatch):
    file = str(next(p for p in sorted(pack.glob("*.toml")) if p.name not in ("contracts.toml", "tiles.toml")))
    key = row_cache.row_key(file, QUICK)
    assert key == row_cache.row_key(file, QUICK)
    assert key != row_cache.row_key(file, QUICK.scaled(2))
    monkeypatch.setattr(row_cache, "engine_version", lambda: "another engine")
    assert key != row_cache.row_key(file, QUICK)


def test_a_row_cut_short_is_not_kept(pack, monkeypatch):
    file = str(next(p for p in sorted(pack.glob("*.toml")) if p.name not in ("contracts.toml", "tiles.toml")))
    made = computed(monkeypatch)
    monkeypatch.setattr(tasks, "_level_row", lambda path, budget: made.append(path) or {"cut_short": True})
    tasks.level_task(file, QUICK)
    tasks.level_task(file, QUICK)
    assert made == [file, file]


def test_the_cache_can_be_turned_off(pack, monkeypatch):
    monkeypatch.setenv("ZORGLAB_CACHE_DIR", "off")
    assert row_cache.cache_folder() is None


# --- issue 37 item 3: keyed on every input, every kept row checked -----------------------------------

def _level(pack):
    return str(next(p for p in sorted(pack.glob("*.toml")) if p.name not in ("contracts.toml", "tiles.toml")))


def _place(file):
    key = row_cache.row_key(file, QUICK)
    return row_cache.cache_folder() / key[:2] / f"{key}.json"


def test_the_key_holds_the_pack_root_tiles_and_the_contract_list(pack):
    sub = pack / "group"
    sub.mkdir()
    level = sub / "level.toml"
    level.write_text(open(_level(pack), encoding="utf-8").read(), encoding="utf-8")
    key = row_cache.row_key(str(level), QUICK)
    (pack / "tiles.toml").write_text("# the pack root's library, one folder up\n", encoding="utf-8")
    with_tiles = row_cache.row_key(str(level), QUICK)
    assert with_tiles != key, "a pack-root tiles.toml the level reads is not in the key"
    contracts = pack / "contracts.toml"
    contracts.write_text(contracts.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    assert row_cache.row_key(str(level), QUICK) != with_tiles, "contracts.toml is not in the key"


def test_the_key_holds_the_shared_tile_library(pack, monkeypatch, tmp_path):
    file = _level(pack)
    key = row_cache.row_key(file, QUICK)
    shared = tmp_path / "shared-tiles.toml"
    shared.write_text("# another shared library\n", encoding="utf-8")
    monkeypatch.setattr(row_cache, "default_library_path", lambda: shared)
    assert row_cache.row_key(file, QUICK) != key


@pytest.mark.parametrize("kept, says", [
    ("{}", "missing level"), ("[1, 2]", "an array, not an object"), ("17", "a number, not an object"),
    ('"row"', "a string, not an object"), ("{", "not JSON"), ("null", "null, not an object"),
])
def test_a_kept_row_that_is_not_a_row_is_recomputed_with_a_note(pack, monkeypatch, capsys, kept, says):
    file = _level(pack)
    made = computed(monkeypatch)
    real = tasks.level_task(file, QUICK)
    place = _place(file)
    place.write_text(kept, encoding="utf-8")
    made.clear()
    row = tasks.level_task(file, QUICK)
    assert made == [file], "a kept row that is no row was used"
    assert {k: v for k, v in row.items() if k != "seconds"} == {k: v for k, v in real.items() if k != "seconds"}
    err = capsys.readouterr().err
    assert f"the kept row of {file}" in err and says in err and "recomputed" in err


@pytest.mark.parametrize("change", [{"rooms": 777}, {"title": "forged"}, {"states": "many"}, {"cut_short": None},
                                    {"level": "other"}, {"extra": 1}, {"file": "/elsewhere.toml"}])
def test_a_forged_or_mistyped_row_is_recomputed(pack, monkeypatch, capsys, change):
    import json
    file = _level(pack)
    made = computed(monkeypatch)
    real = tasks.level_task(file, QUICK)
    place = _place(file)
    place.write_text(json.dumps({**json.loads(place.read_text(encoding="utf-8")), **change}), encoding="utf-8")
    made.clear()
    row = tasks.level_task(file, QUICK)
    assert made == [file] and row["rooms"] == real["rooms"] and row["title"] == real["title"]
    assert "not a valid row" in capsys.readouterr().err
    made.clear()
    tasks.level_task(file, QUICK)           # the recomputed row was kept again: used now
    assert made == []

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

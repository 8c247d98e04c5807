"""Issue 23, must show: every figure a function of its inputs. The report (a couple of levels) and
the Studio's summary are computed twice, once on a machine twenty times slower (every clock the
package can read runs twenty times faster), and the bytes and figures are compared: identical.

On the code as found, the 5 s / 12 s wall-clock caps of the report and the Studio's 0.8 s budget
decided figures, so a slow machine wrote other rows ("16 of 237 layouts" for "20 of 300").
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from zorglab.cli.main import main
from zorglab.engine.layout import Layout
from zorglab.level import load_level
from zorglab.widgets.live.summary import summarise
from zorglab.widgets.live.survey import forget_surveys
from zorglab.widgets.studio_panel import AnalysisPanel

from report_fixtures import ROOT

LEVELS = ROOT / "levels"


def _pack(folder: Path) -> Path:
    """Two levels of the pack with a layout survey of hundreds of setups, and the tile library."""
    folder.mkdir()
    for name in ("app-07-crossroads.toml", "arc-08-mirror-mirror.toml", "tiles.toml"):
        (folder / name).write_bytes((LEVELS / name).read_bytes())
    return folder


def slow_machine(monkeypatch: pytest.MonkeyPatch, factor: float = 20.0) -> None:
    """Every clock the package reads (CPU and wall) runs ``factor`` times faster: a starved CPU."""
    for name in ("process_time", "perf_counter", "monotonic", "time"):
        real = getattr(time, name)
        start = real()
        monkeypatch.setattr(time, name, lambda real=real, start=start: start + (real() - start) * factor)


def _report(out: Path, pack: Path) -> dict[str, bytes]:
    assert main(["report", "--out", str(out), "--levels", str(pack), "--temple-seeds", "1", "--sizes", "small",
                 "--serial", "--budget", "standard"]) == 0
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*"))
            if p.is_file() and p.name != "timings.csv"}


def test_the_report_is_the_same_bytes_on_a_starved_machine(tmp_path, monkeypatch):
    monkeypatch.setenv("ZORGLAB_CACHE_DIR", "off")          # computed both times, not read back
    pack = _pack(tmp_path / "pack")
    fast = _report(tmp_path / "fast", pack)
    slow_machine(monkeypatch)
    slow = _report(tmp_path / "slow", pack)
    assert fast.keys() == slow.keys() and "level_difficulty.csv" in fast
    assert [name for name in fast if fast[name] != slow[name]] == []
    assert b"app-07" in fast["level_difficulty.csv"]


def _summary_figures(level_name: str, layout: Layout | None) -> tuple[list[str], dict]:
    forget_surveys()
    level = load_level(LEVELS / level_name)
    summary = summarise(level, layout, seconds=AnalysisPanel(lambda *a, **k: None).seconds)   # as the panel asks
    return summary.lines(), summary.to_dict()


@pytest.mark.parametrize("name", ["app-07-crossroads.toml", "arc-08-mirror-mirror.toml"])
def test_the_studio_summary_is_the_same_on_a_starved_machine(name, monkeypatch):
    level = load_level(LEVELS / name)
    layout = Layout.from_solution(level.solutions[-1])
    fast = _summary_figures(name, layout)
    slow_machine(monkeypatch)
    slow = _summary_figures(name, layout)
    assert fast == slow
    assert not any("not finished" in line for line in fast[0])
    assert not fast[1]["survey_pending"] and not fast[1]["cancelled"]


def test_the_level_browser_lists_the_same_figures_on_a_starved_machine(tmp_path, monkeypatch):
    from zorglab.progression.profile import Profile
    from zorglab.widgets import levels

    pack = _pack(tmp_path / "pack")
    fast = [e.describe() for e in levels.LevelBrowser(pack, profile=Profile()).entries]
    levels._kept.clear()
    slow_machine(monkeypatch)
    slow = [e.describe() for e in levels.LevelBrowser(pack, profile=Profile()).entries]
    assert fast == slow and not any("unknown" in line for line in fast)

"""The Studio's edit-to-verdict time (issue 14): for every pack level, what the Studio does after a
change to the level — re-parse its text, then :func:`~zorglab.widgets.live.summary.summarise` it for its
first solution's layout (as the panel asks: budgets in states, no time cap) — with no survey kept
from before (an edit to the level starts its survey afresh). Two times: to the verdict
(``on_verdict``: the layout's verdict, witness, necessary spells and cast lists, shown at once) and
to the whole summary (the over-layout survey too, which the panel finishes in the background).
Also the same after a layout-only change, when the level's survey is kept."""

from __future__ import annotations

import statistics
import time
from pathlib import Path

import pytest

from zorglab.engine.layout import Layout
from zorglab.level import level_files
from zorglab.level.loader import check_level_text
from zorglab.widgets.live.summary import LevelSummary, summarise
from zorglab.widgets.live.survey import forget_surveys

ROOT = Path(__file__).resolve().parent.parent
LEVELS = sorted(level_files([ROOT / "levels"]))


def edit_to_verdict(path: Path, text: str, on_verdict=None) -> LevelSummary:
    """Parse the text as typed, then the panel's summary for solution 0's layout and choices."""
    check = check_level_text(text, str(path), level_path=path)
    assert check.level is not None, check.problems
    solution = check.level.solutions[0]
    return summarise(check, Layout.from_solution(solution), choices=dict(solution.choices), on_verdict=on_verdict)


def timed(path: Path, text: str) -> tuple[float, float, LevelSummary]:
    """(seconds to the verdict, seconds to the whole summary, the summary)."""
    marks: list[float] = []
    t0 = time.perf_counter()
    summary = edit_to_verdict(path, text, lambda _: marks.append(time.perf_counter()))
    end = time.perf_counter()
    return (marks[0] if marks else end) - t0, end - t0, summary


@pytest.mark.parametrize("path", LEVELS, ids=lambda p: Path(p).stem)
def test_edit_to_verdict(benchmark, path):
    text = path.read_text(encoding="utf-8")
    summary = benchmark.pedantic(lambda: edit_to_verdict(path, text), setup=forget_surveys, rounds=3, iterations=1)
    benchmark.extra_info["verdict"] = summary.layout_verdict
    benchmark.extra_info["layouts"] = f"{summary.layouts_winning}/{summary.layouts_tried}"
    benchmark.extra_info["survey_complete"] = summary.layouts_complete
    assert summary.layout_verdict in ("solvable", "unsolvable") and not summary.problems


def _figures(name: str, values: list[float]) -> str:
    slowest = LEVELS[values.index(max(values))].stem
    return (f"{name}: median {statistics.median(values):.3f} s, max {max(values):.3f} s ({slowest}), "
            f"{sum(1 for v in values if v < 1.0)}/{len(values)} under 1 s")


def test_studio_summary():
    """Median and max over the pack, cold (after an edit to the level) and warm (a layout-only change)."""
    verdict, whole, warm, cut, resumed = [], [], [], [], []
    for path in LEVELS:
        text = path.read_text(encoding="utf-8")
        forget_surveys()
        to_verdict, to_whole, summary = timed(path, text)
        verdict.append(to_verdict)
        whole.append(to_whole)
        if not summary.layouts_complete:
            cut.append(f"{summary.level} ({summary.layouts_tried} setups; {summary.budget})")
        warm.append(timed(path, text)[0])
        calls = 2
        while summary.survey_pending and calls < 20:          # layout-only changes until the survey is done
            summary = edit_to_verdict(path, text)
            calls += 1
        if calls > 2 or not summary.survey_pending and summary.layouts_tried > 100:
            resumed.append(f"{summary.level}: {summary.layouts_tried} setups after {calls} summaries")
    forget_surveys()
    print(f"\nStudio over {len(LEVELS)} levels:")
    print("  " + _figures("edit to verdict (cold)", verdict))
    print("  " + _figures("edit to whole summary (cold, survey included)", whole))
    print("  " + _figures("second summary of the same level and layout (setup and survey kept), to verdict", warm))
    print("  surveys not complete (their state budget or limit): " + ("; ".join(cut) or "none"))
    print("  surveys finished by later summaries: " + ("; ".join(resumed) or "none"))
    assert len(verdict) == len(LEVELS)

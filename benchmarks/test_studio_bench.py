"""The Studio's edit-to-verdict time (issue 14): for every pack level, what the Studio does after a
change to the level — re-parse its text, then :func:`~zorglab.widgets.live.summary.summarise` it for its
first solution's layout (as the panel asks: budgets in states, no time cap) — with no survey kept
from before (an edit to the level starts its survey afresh). Two times: to the verdict
(``on_verdict``: the layout's verdict, witness, necessary spells and cast lists, shown at once) and
to the whole summary (the over-layout survey too, which the panel finishes in the background).
Also the same after a layout-only change, when the level's survey is kept.

And the Studio's own edit time by level size (issue 30 item 4): a field edit and an add-row through
the handlers of a Studio on a 10-, 100- and 1,000-hero level, the analysis off (a summary that says
nothing), in CPU seconds; and the CPU time to open a 10,000-hero level."""

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
from zorglab.widgets import Studio

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


class _Quiet:
    """The analysis off: a summary with nothing to say (the Studio's own work is what is timed)."""

    def lines(self) -> list[str]:
        return []


def _studio_on(tmp_path: Path, heroes: int) -> Studio:
    path = tmp_path / f"big-{heroes}.toml"
    rows = "".join(f'  "Warrior({1 + i % 3})",\n' for i in range(heroes))
    path.write_text(f'id = "big"\ntitle = "Big"\nrooms = ["A @ spawn-east", "D(1) @ corridor", '
                    f'"Z @ dead-end-west"]\nheroes = [\n{rows}]\nspells = ["Attack(1)"]\n', encoding="utf-8")
    studio = Studio(path, watch=None, debounce=0, summarise=lambda *a, **k: _Quiet())
    studio.panel.judge = lambda *a, **k: None
    return studio


def _cpu(action) -> float:
    start = time.process_time()
    action()
    return time.process_time() - start


@pytest.mark.parametrize("rows", [10, 100, 1_000])
def test_studio_edit(tmp_path, rows):
    """A field edit (``set_row`` of the middle hero) and an add-row, through the Studio's handlers:
    the median CPU seconds of 5 each (the draft re-read by the loader included)."""
    studio = _studio_on(tmp_path, rows)
    assert studio.settle()
    field, added = [], []
    for n in range(5):
        field.append(_cpu(lambda: studio.heroes.set_row(rows // 2, f"Warrior({100 + n})")))
        added.append(_cpu(lambda: studio.heroes.add_row("Warrior(2)")))
        assert studio.settle()
    assert studio.draft.level is not None and len(studio.draft.level.heroes) == rows + 5
    print(f"\nStudio edit at {rows:,} rows (analysis off, CPU): field edit {statistics.median(field) * 1000:.1f} ms, "
          f"add-row {statistics.median(added) * 1000:.1f} ms")
    studio.close()


def test_studio_opens_10000_heroes(tmp_path):
    """Opening a 10,000-hero level: the rows shown are built, the rest on demand (a pager)."""
    seconds = _cpu(lambda: _studio_on(tmp_path, 10_000).close())
    print(f"\nStudio opens a 10,000-hero level in {seconds:.2f} CPU s (analysis off)")


SPL09 = ROOT / "levels" / "spl-09-spellbook-exam.toml"


def _session(tmp_path: Path, kept: bool) -> list[float]:
    """A designer's session on spl-09, the heaviest pack level, through the Studio's handlers: the
    title and the notes typed key by key, a hero's HP changed and put back, the spell's damage tried
    and put back, an edit undone and redone; each edit's CPU seconds until its analysis settled
    (handler and worker: ``time.process_time`` counts every thread). ``kept``: the panel keeps the
    setup figures (False: the Studio before issue 39)."""
    import shutil
    from zorglab.widgets.live import summary
    shutil.copyfile(SPL09, tmp_path / "spl09.toml")
    forget_surveys()
    studio = Studio(tmp_path / "spl09.toml", watch=None, debounce=0,
                    summarise=None if kept else (lambda *a, **k: summary.summarise(*a, **k)))
    assert studio.settle()
    title, heroes, spells = studio.draft.field("title"), studio.draft.items(("heroes",)), \
        studio.draft.items(("spells",))
    edits = [lambda n=n: studio.fields.set_field("title", title + " II"[:n]) for n in range(1, 4)]
    edits += [lambda n=n: studio.fields.set_field("notes", "Tried by"[:n]) for n in range(1, 9)]
    edits += [lambda: studio.heroes.set_row(0, heroes[0].replace("3", "4")), lambda: studio.heroes.set_row(0, heroes[0])]
    edits += [lambda: studio.spells.set_row(2, "Attack(3)"), lambda: studio.spells.set_row(2, spells[2])]
    edits += [studio.undo, studio.redo, studio.undo, studio.redo]
    costs = []
    for edit in edits:
        start = time.process_time()
        edit()
        assert studio.settle(120)
        costs.append(time.process_time() - start)
    studio.close()
    return costs


def test_spl09_per_edit_cpu(tmp_path):
    """Issue 39 item 5: the CPU an edit costs on spl-09, before (no figures kept) and after."""
    before = _session(tmp_path, False)
    after = _session(tmp_path, True)
    said = {name: (statistics.median(c), statistics.mean(c), max(c)) for name, c in (("before", before), ("after", after))}
    for name, (median, mean, top) in said.items():
        print(f"\nspl-09, {len(before)} edits, {name}: median {median:.3f}, mean {mean:.3f}, max {top:.3f} CPU s per edit")
    assert sum(after) <= sum(before)

"""Issue 23 item 2: the panel shows the verdict at once, says what is still being computed, and
then finishes it in the background — never left at "being surveyed" — unless a newer change
supersedes it. Synchronised on events, never on time."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path

from zorglab.engine.layout import Layout
from zorglab.level import load_level
from zorglab.widgets.studio_panel import AnalysisPanel

LEVELS = Path(__file__).resolve().parents[2] / "levels"


@dataclass(frozen=True)
class Partial:
    layout_verdict: str
    survey_pending: bool
    witness: tuple[str, ...] | None = None

    def lines(self) -> list[str]:
        return [f"this layout: {self.layout_verdict}", "layouts: being surveyed" if self.survey_pending
                else "layouts: 3 of 9 win (every layout tried)"]


class TwoSteps:
    """A back end that hands the verdict early, then waits for ``release`` before the rest."""

    def __init__(self) -> None:
        self.early_shown = threading.Event()
        self.release = threading.Event()

    def __call__(self, level, layout=None, *, cancel=None, on_verdict=None, **options):
        on_verdict(Partial("solvable", True))
        self.early_shown.set()
        self.release.wait(600)
        return Partial("solvable", False)


def test_the_verdict_first_with_still_computing_then_the_rest():
    back = TwoSteps()
    panel = AnalysisPanel(back, debounce=0)
    panel.request(load_level(LEVELS / "app-01-first-blood.toml"), None)
    assert back.early_shown.wait(600)
    assert panel.settle_verdict(600) and panel.verdict_current and not panel.current
    assert "still computing" in panel.status.value and "layouts: being surveyed" in panel.lines
    back.release.set()
    assert panel.settle(600) and panel.current
    assert panel.status.value == "" and panel.lines[-1] == "layouts: 3 of 9 win (every layout tried)"


def test_the_real_survey_finishes_in_the_background_with_the_figures_of_any_machine():
    level = load_level(LEVELS / "app-07-crossroads.toml")
    panel = AnalysisPanel(debounce=0)
    panel.request(level, Layout.from_solution(level.solutions[0]))
    assert panel.settle(600) and panel.current
    summary = panel.summary
    assert not summary.survey_pending and summary.layouts_complete and summary.layouts_tried == 840
    assert not any("being surveyed" in line or "not finished" in line for line in panel.lines)

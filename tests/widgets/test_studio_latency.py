"""Keystroke to verdict (session 15, docs/performance.md "Session 15"): what stood between an edit
and its verdict in a kernel. A lone change starts its analysis at once; the verdict is handed over
before the closest miss and the setup's figures; the worker waits until the verdict's widget
messages have left the kernel before it computes on; an edit's handler replays no solution (the
worker does, after the verdict, and a newer edit stops it). Every test calls handlers and waits on
events with generous bounds, never on time."""

from __future__ import annotations

import shutil
import threading
from dataclasses import dataclass
from pathlib import Path

from zorglab.engine.layout import Layout
from zorglab.level import load_level
from zorglab.level.loader import check_level_text
from zorglab.widgets import Studio
from zorglab.widgets import studio_solutions
from zorglab.widgets.live.summary import LevelSummary, summarise
from zorglab.widgets.studio_panel import AnalysisPanel

REPO = Path(__file__).resolve().parents[2]
FIRST_BLOOD = REPO / "levels" / "app-01-first-blood.toml"
BOUND = 600                       # seconds: a safety net for a stuck worker, never a measure


@dataclass(frozen=True)
class Said:
    layout_verdict: str
    witness: tuple[str, ...] | None = None

    def lines(self) -> list[str]:
        return [f"this layout: {self.layout_verdict}"]


def test_a_lone_change_starts_its_analysis_at_once_not_after_the_quiet_time():
    started = threading.Event()

    def back(level, layout=None, **options):
        started.set()
        return Said("solvable")
    panel = AnalysisPanel(back, debounce=BOUND * 10)         # a quiet time no test would wait for
    panel.request(load_level(FIRST_BLOOD), None)
    assert started.wait(BOUND)
    assert panel.settle(BOUND) and panel.current


def test_a_burst_of_changes_waits_for_the_quiet_time_and_shows_only_the_last():
    calls: list[threading.Event] = []
    release = threading.Event()

    def back(level, layout=None, *, cancel=None, **options):
        calls.append(cancel)
        if len(calls) == 1:
            release.wait(BOUND)              # the burst's first change, started at once, is still running
        return Said(f"call {len(calls)}")
    panel = AnalysisPanel(back, debounce=0.3)
    level = load_level(FIRST_BLOOD)
    for _ in range(5):
        panel.request(level, None)
    release.set()
    assert panel.settle(BOUND)
    assert len(calls) <= 2 and all(cancel.is_set() for cancel in calls[:-1])
    assert panel.current and panel.lines == [f"this layout: call {len(calls)}"]


def test_the_verdict_leaves_the_kernel_before_the_rest_is_computed():
    order: list[str] = []

    def back(level, layout=None, *, on_verdict=None, **options):
        on_verdict(Said("solvable"))
        order.append("the rest computed")
        return Said("solvable")
    panel = AnalysisPanel(back, debounce=0, flush=lambda: order.append(f"flushed: {panel.lines}"))
    panel.request(load_level(FIRST_BLOOD), None)
    assert panel.settle(BOUND)
    assert order == ["flushed: ['this layout: solvable']", "the rest computed"]


def test_the_verdict_is_handed_over_before_the_closest_miss_and_the_figures():
    text = FIRST_BLOOD.read_text(encoding="utf-8")
    for hp, verdict in (("2", "solvable"), ("12", "unsolvable")):
        check = check_level_text(text.replace("Warrior(2)", f"Warrior({hp})"), str(FIRST_BLOOD),
                                 level_path=FIRST_BLOOD)
        layout = Layout.from_solution(check.level.solutions[1])           # the winning layout
        first: list[LevelSummary] = []
        then: list[LevelSummary] = []
        final = summarise(check, layout, on_layout_verdict=first.append, on_verdict=then.append)
        (early,), (figures,) = first, then
        assert early.layout_verdict == figures.layout_verdict == final.layout_verdict == verdict
        assert not any(line.startswith(("figures for", "  necessary")) for line in early.lines())
        if verdict == "solvable":
            assert early.witness == final.witness and final.necessary_spells and not early.necessary_spells
        else:
            # the solver's word first, then why in the designer's words (zorglab.search.reasons)
            assert early.reason and final.reason.startswith("no cast sequence can kill Warrior2")
            assert early.reason != final.reason


def test_an_edit_replays_no_solution_in_its_handler_the_worker_does_after_the_verdict(tmp_path, monkeypatch):
    path = tmp_path / "levels" / "level.toml"
    path.parent.mkdir()
    shutil.copyfile(FIRST_BLOOD, path)
    studio = Studio(path, watch=None, debounce=0, root=tmp_path)
    assert studio.settle(BOUND)
    replayed_in: list[str] = []
    real = studio_solutions.replay

    def replay(level, index, cancel=None):
        replayed_in.append(threading.current_thread().name)
        return real(level, index, cancel)
    monkeypatch.setattr(studio_solutions, "replay", replay)
    gate, calls = threading.Event(), threading.Event()
    real_summarise = studio.panel.summarise

    def held(*args, **options):
        calls.set()
        gate.wait(BOUND)
        return real_summarise(*args, **options)
    studio.panel.summarise = held
    studio.heroes.set_row(1, "Warrior(12)")
    assert calls.wait(BOUND)
    assert replayed_in == []                               # the handler returned without replaying
    heads = [box.children[0].value for box in studio.solutions.boxes.children]
    assert heads and all("replaying…" in head for head in heads)
    gate.set()
    assert studio.settle(BOUND)
    assert replayed_in and set(replayed_in) == {"zorglab-studio-analysis"}
    heads = [box.children[0].value for box in studio.solutions.boxes.children]
    assert not any("replaying…" in head for head in heads) and all("now:" in head for head in heads)


def test_a_superseded_edits_replays_stop_and_are_never_shown(tmp_path):
    path = tmp_path / "levels" / "level.toml"
    path.parent.mkdir()
    shutil.copyfile(FIRST_BLOOD, path)
    studio = Studio(path, watch=None, debounce=0, root=tmp_path, summarise=lambda *a, **k: Said("solvable"))
    assert studio.settle(BOUND)
    studio.panel.then = None                               # the worker leaves the replays to this test
    studio.solutions.busy = lambda: True
    studio.heroes.set_row(1, "Warrior(12)")
    stop = threading.Event()
    stop.set()
    studio.solutions.replay_wanted(stop)                   # a newer edit came: nothing is shown
    assert studio.solutions.replayed is None
    assert studio_solutions.replay(studio.draft.level, 1, stop).startswith("not replayed to its end")
    studio.solutions.replay_wanted(None)
    assert studio.solutions.replayed == studio.draft.text
    assert studio.solutions.verdicts[0] == "loss ✓ as expected"

"""The Studio's live analysis panel: ``summarise`` in a worker thread after every change.

Every change calls :meth:`AnalysisPanel.request`: the job is numbered, the previous job's ``cancel``
event is set, and the worker starts the newest job at once when it came after a quiet time (nothing
pending or running, no request for ``debounce`` seconds: a single keystroke), else once no newer one
came for ``debounce`` seconds (a value typed key by key: its first key's search, if started, stops
within 64 states at the next key).
A result is shown only if it belongs to the newest job (``generation``), so nothing stale is ever
shown. The verdict is shown as soon as it is known, with "still computing" above it (first the
verdict and its witness, then the setup's figures under it); the rest (solutions replayed, the
layout survey) finishes in the background and then replaces it, unless a newer change supersedes
it. After each verdict shown the worker waits until its widget messages have left the kernel
(``flush``) before it computes on: in a kernel the messages go out through the IOPub thread, which
needs the GIL the search holds, so under load a verdict set on the widget could wait behind the
rest of the analysis (docs/performance.md, "Session 15"). ``then`` (the Studio's solutions tab
replaying its solutions) runs in the worker after each fresh verdict, never before it. Every figure is decided by states (the same on any machine);
``seconds`` is only a CPU-seconds safety stop (None: none). :meth:`settle` waits for the pending
work, :meth:`settle_verdict` for the newest verdict (*save* uses it). The analysis itself is
``zorglab.widgets.live.summary.summarise``; the panel only runs it and shows its lines.
"""

from __future__ import annotations

import html
import sys
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import ipywidgets as w

from zorglab.engine.layout import Layout
from zorglab.level.loader import LevelCheck
from zorglab.core.model import Level

Summarise = Callable[..., Any]

# The quiet time, in seconds: a change after it starts its analysis at once; a change within it (a
# value typed key by key) waits for it, so typing starts no search per key (a superseded one stops
# within 64 states anyway). docs/performance.md, "Studio: keystroke to final panel": 0.3 s left
# spl-09's verdict at 0.51-0.57 s; session 15 started a lone keystroke's analysis at once.
DEBOUNCE = 0.15


def default_summarise() -> Summarise:
    """The analysis back end: :func:`zorglab.widgets.live.summary.summarise`."""
    from zorglab.widgets.live.summary import summarise
    return summarise


def default_judge() -> Summarise:
    """Which choices win on a layout: :func:`zorglab.widgets.live.choices.choice_verdicts`."""
    from zorglab.widgets.live.choices import choice_verdicts
    return choice_verdicts


def flush_messages() -> None:
    """Wait until the widget messages sent so far have left the kernel (a no-op outside one).

    In a Jupyter kernel ``sys.stdout`` is ipykernel's ``OutStream``, whose ``flush()`` called from
    another thread waits (at most its ``flush_timeout``) until the IOPub thread has sent everything
    queued before it; widget (comm) messages go through that same queue, in order."""
    stream = sys.stdout
    if getattr(stream, "pub_thread", None) is not None:
        stream.flush()


@dataclass
class _Job:
    generation: int
    level: Level | LevelCheck             # a loader check when the level has problems (summarise lists them)
    layout: Layout | None
    choices: dict[str, Any]
    cancel: threading.Event
    due: float


class AnalysisPanel:
    """Shows the newest summary of the level being edited; ``on_result(summary)`` is called with each shown one."""

    def __init__(self, summarise: Summarise | None = None, *, debounce: float = DEBOUNCE, seconds: float | None = None,
                 on_result: Callable[[Any], Any] | None = None, judge: Summarise | None = None,
                 flush: Callable[[], Any] = flush_messages):
        self.summarise = summarise if summarise is not None else default_summarise()
        self.flush = flush                  # waits until the widget messages sent have left the kernel
        self.then: Callable[[threading.Event], Any] | None = None    # after each fresh verdict, in the worker
        self.judge = judge if judge is not None else default_judge()
        self.choice_verdicts: Any = None    # which choices win on the shown layout (a level with variables)
        self.kept_figures: OrderedDict[Any, Any] = OrderedDict()     # the setup figures, by what they depend on
        self.debounce = debounce
        self.seconds = seconds
        self.on_result = on_result
        self.generation = 0                 # the newest request
        self._last_request = float("-inf")  # when it came (time.monotonic)
        self.shown_generation = 0           # the request whose result is on screen
        self.summary: Any = None
        self.layout: Layout | None = None   # the layout the shown summary is about
        self.error = ""
        self._job: _Job | None = None
        self._running: _Job | None = None
        self._lock = threading.Condition()
        self._thread: threading.Thread | None = None
        self.status = w.HTML()
        self.body = w.HTML()
        self.play_button = w.Button(description="play the witness", icon="play", disabled=True,
                                    tooltip="open the current layout's witness in the Player",
                                    layout=w.Layout(width="auto"))
        self.miss_button = w.Button(description="play the closest miss", icon="play-circle", disabled=True,
                                    tooltip="open the closest miss of this unsolvable layout in the Player",
                                    layout=w.Layout(width="auto"))
        self.miss_button.add_class("zorglab-play-miss")
        self.widget = w.VBox([w.HTML("<b>analysis</b>"), self.status, self.body,
                              w.HBox([self.play_button, self.miss_button], layout=w.Layout(flex_flow="row wrap"))],
                             layout=w.Layout(min_width="250px", flex="1 1 auto"))
        self.widget.add_class("zorglab-analysis")

    # --- requests ---------------------------------------------------------------------------------

    def request(self, level: Level | LevelCheck, layout: Layout | None, choices: dict[str, Any] | None = None) -> int:
        """A change happened: supersede whatever runs, and analyse this level (or this loader check)."""
        with self._lock:
            self.generation += 1
            generation = self.generation
            now = time.monotonic()
            # a change after a quiet time starts at once; one inside a burst waits for the quiet time
            quiet = self._job is None and self._running is None and now - self._last_request >= self.debounce
            self._last_request = now
            if self._running is not None:
                self._running.cancel.set()
            if self._job is not None:
                self._job.cancel.set()
                self._job = None
            self._job = _Job(generation, level, layout, dict(choices or {}), threading.Event(),
                             now if quiet else now + self.debounce)
            self._ensure_worker()
            self.status.value = "<i>analysing…</i>"
            self._lock.notify_all()
        return generation

    def settle(self, timeout: float = 60.0) -> bool:
        """Wait until no analysis is pending or running (True), or ``timeout`` passed (False)."""
        with self._lock:
            return self._lock.wait_for(lambda: self._job is None and self._running is None, timeout)

    def settle_verdict(self, timeout: float = 60.0) -> bool:
        """Wait until the summary shown (finished or still computing) answers the newest change."""
        with self._lock:
            return self._lock.wait_for(lambda: self.verdict_current or (self._job is None and self._running is None),
                                       timeout)

    @property
    def verdict_current(self) -> bool:
        """Whether the summary shown answers the newest change (its survey may still be going on)."""
        return self.summary is not None and self.shown_generation == self.generation

    @property
    def pending(self) -> bool:
        with self._lock:
            return self._job is not None or self._running is not None

    @property
    def current(self) -> bool:
        """Whether the summary shown answers the newest change."""
        return self.shown_generation == self.generation and not self.pending

    # --- the worker -------------------------------------------------------------------------------

    def _ensure_worker(self) -> None:
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._work, name="zorglab-studio-analysis", daemon=True)
            self._thread.start()

    def _work(self) -> None:
        while True:
            with self._lock:
                if not self._lock.wait_for(lambda: self._job is not None, timeout=30.0):
                    self._thread = None
                    return                           # idle: the next request starts a new worker
                while self._job is not None and time.monotonic() < self._job.due:
                    self._lock.wait(self._job.due - time.monotonic())
                job, self._job = self._job, None
                if job is None:
                    continue
                self._running = job
            def early(partial: Any, job: _Job = job) -> None:
                with self._lock:
                    fresh = job.generation == self.generation and not job.cancel.is_set()
                    if fresh:
                        self._show(job.generation, partial, job.layout, still=True)
                        self._lock.notify_all()
                if fresh:
                    self.flush()                     # the verdict leaves the kernel before the rest is computed
            try:
                more: dict[str, Any] = {}
                if self.summarise is default_summarise():
                    more = {"kept": self.kept_figures, "on_layout_verdict": early}
                summary = self.summarise(job.level, job.layout, choices=job.choices, seconds=self.seconds,
                                         cancel=job.cancel, on_verdict=lambda partial, job=job: self._verdict(
                                             partial, job, early), **more)
                error = ""
            except Exception as exc:                 # the panel says so; the kernel never sees a traceback
                summary, error = None, f"analysis failed: {type(exc).__name__}: {exc}"
            with self._lock:
                fresh = job.generation == self.generation and not job.cancel.is_set()
                judging = fresh and isinstance(job.level, Level) and bool(job.level.variables) \
                    and job.layout is not None
                if not judging:
                    self._running = None     # else still running: settle() waits for the choices too
                if fresh:
                    self._show(job.generation, summary, job.layout, error)
                self._lock.notify_all()
            if fresh and summary is not None and self.on_result is not None:
                self.on_result(summary)
            self._then(job)                          # if no verdict was shown early (a level with problems)
            if judging:
                self._judge_choices(job)
                self._then(job)

    def _verdict(self, partial: Any, job: _Job, early: Callable[[Any], None]) -> None:
        """The verdict and the setup's figures shown, flushed; then the work that waits for them."""
        early(partial)
        self._then(job)

    def _then(self, job: _Job) -> None:
        """``then`` in the worker, with the job's cancel, unless a newer change superseded the job."""
        if self.then is not None and job.generation == self.generation and not job.cancel.is_set():
            try:
                self.then(job.cancel)
            except Exception:                        # its own part of the page says why; never the kernel
                pass

    def _judge_choices(self, job: _Job) -> None:
        """After the verdict: every choice's verdict on this layout, shown under it (FR-2, FR-3)."""
        self.status.value = "<i>trying every choice…</i>"
        try:
            verdicts = self.judge(job.level, job.layout, seconds=self.seconds, cancel=job.cancel)
        except Exception as exc:                     # said in the panel, never raised
            verdicts, failed = None, f"choices not judged: {type(exc).__name__}: {exc}"
        else:
            failed = ""
        with self._lock:
            self._running = None
            if job.generation == self.generation and not job.cancel.is_set():
                self.choice_verdicts = verdicts
                extra = [failed] if failed else ([] if verdicts is None else verdicts.lines(job.choices))
                self._render(self.lines + extra)
                self.status.value = ""
            self._lock.notify_all()

    # --- showing ----------------------------------------------------------------------------------

    def _show(self, generation: int, summary: Any, layout: Layout | None, error: str = "", still: bool = False) -> None:
        self.shown_generation = generation
        self.summary = summary
        self.layout = layout
        self.error = error
        self.lines = [error] if error else list(summary.lines())
        self.choice_verdicts = None
        self._render(self.lines)
        self.status.value = "<i>still computing (the rest follows)…</i>" if still else ""
        self.play_button.disabled = not (summary is not None and getattr(summary, "witness", None))
        self.miss_button.disabled = summary is None or not getattr(summary, "miss_world", "")

    shorten: Callable[[str], str] = staticmethod(lambda line: line)    # the Studio names files from the repository root

    def _render(self, lines: list[str]) -> None:
        lines = [self.shorten(line) for line in lines]
        self.shown_lines = list(lines)
        self.body.value = ("<pre style='white-space:pre-wrap;word-break:break-word;margin:0'>"
                           + html.escape("\n".join(lines)) + "</pre>")

    lines: list[str] = []
    shown_lines: list[str] = []

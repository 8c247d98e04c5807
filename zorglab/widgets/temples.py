"""The temple viewer and tuner: a temple drawn floor by floor with its critical path, and a panel of
generator options and seed with live sweep statistics.

The temples package does all the work (``generate_temple``, ``solve``, ``temple_cells``,
``lint_temple``, ``sweep_rows``); these widgets choose what to ask and show the answers.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

import ipywidgets as w
from ipycanvas import Canvas, hold_canvas

from zorglab.errors import OptionError
from zorglab.paint import palette
from zorglab.paint.canvas import CanvasPainter
from zorglab.paint.painter import Painter
from zorglab.paint.pillow import PillowPainter
from zorglab.paint.temple import (BARRIER, BOMBABLE, BOSS_DOOR, LOCK, PATH, ROOM_COLOURS, ROOM_MARKS, TempleView,
                                  draw_temple, temple_view)
from zorglab.temples import check_options, generate_temple, lint_temple, solve, temple_cells
from zorglab.temples.options import ELEMENTS, SIZES
from zorglab.temples.words import describe, place_words, places_in_words, type_words
from zorglab.widgets.temple_sweep import SweepPanel

__all__ = ["TempleTuner", "TempleViewer", "viewer_legend"]
PREVIEW_HEIGHT = "720px"   # the temple preview scrolls inside this box: a large 3-floor temple is never clipped


class TempleViewer:
    """One temple: floors side by side, the critical path, its milestones and the lint verdict."""

    def __init__(self, temple: Any, *, cell: int = 34):
        self.cell = cell
        self.canvas = Canvas(width=100, height=100)
        self.painter = CanvasPainter(self.canvas)
        self.canvas.on_mouse_down(self.click)
        self.details = w.HTML()
        self.milestones = w.HTML()
        self.lint_box = w.HTML()
        self.legend = w.HTML(viewer_legend())
        self.widget = w.VBox([self.canvas, self.details, self.milestones, self.lint_box, self.legend])
        self.show(temple)

    def show(self, temple: Any) -> None:
        """Draw another temple (its critical path from the solver)."""
        self.temple = temple
        self.solution = solve(temple)
        self.route = self.solution.critical
        self.cells = list(temple_cells(temple, self.route))
        self.lint = lint_temple(temple, solution=self.solution)
        with hold_canvas():
            self.painter.resize(*self.view.size)
            self.draw(self.painter)
        self.milestones.value = ("<b>critical path</b>: none (the gate cannot be reached)" if self.route is None else
                                 f"<b>critical path</b> ({len(self.route)} rooms): " + html.escape(
                                     "; ".join(f"{places_in_words(temple, what)} ({place_words(temple, place)})"
                                               for place, what in self.route.milestones)))
        found = self.lint.violations
        self.lint_box.value = ("<span style='color:#1a7f37'>R1–R12: no violation</span>" if not found else
                               "<ul>" + "".join(f"<li style='color:{palette.VIOLATION}'>{html.escape(str(v))}</li>"
                                                for v in found) + "</ul>")
        self.details.value = ""

    @property
    def view(self) -> TempleView:
        return temple_view(self.temple, self.cell)

    def draw(self, painter: Painter) -> None:
        draw_temple(painter, self.temple, self.cells, self.route, view=self.view)

    def png(self) -> bytes:
        painter = PillowPainter(*self.view.size)
        self.draw(painter)
        return painter.png()

    def _repr_png_(self) -> bytes:
        return self.png()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def click(self, px: float, py: float) -> None:
        """Show what the clicked cell is."""
        place = self.view.place_at(px, py)
        cell = next((c for c in self.cells if tuple(c.place) == place), None)
        if cell is None:
            return
        self.details.value = html.escape(describe(self.temple, cell))


def _luminance(colour: str) -> float:
    """WCAG relative luminance of ``#rrggbb``."""
    r, g, b = (int(colour.lstrip("#")[i:i + 2], 16) / 255 for i in (0, 2, 4))
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _ink(background: str) -> str:
    """Black or white, whichever contrasts more with ``background`` (the void and wall chips are dark)."""
    light = _luminance(background)
    return "#000000" if (light + 0.05) / 0.05 >= 1.05 / (light + 0.05) else "#ffffff"


def viewer_legend() -> str:
    """Every room colour with its mark and words, then the door and path strokes; no entry wraps inside."""
    chip = "white-space:nowrap;display:inline-block;padding:1px 4px;margin:1px 0;border:1px solid #aaa"
    shown: dict[str, str] = {}
    for kind, colour in ROOM_COLOURS.items():
        words = f"{ROOM_MARKS.get(kind, '')} {type_words(kind)}".strip()
        shown.setdefault(words, colour)
    parts = [f"<span style='background:{colour};color:{_ink(colour)};{chip}'>{html.escape(words)}</span>"
             for words, colour in shown.items()]
    entry = "white-space:nowrap;display:inline-block;margin-right:8px"
    parts += [f"<span style='{entry}'><span style='color:{colour};font-weight:bold'>{html.escape(name)}</span> "
              f"{html.escape(what)}</span>" for name, colour, what in STROKES]
    return f"<div style='font-size:11px;line-height:1.9'>{' '.join(parts)}</div>"


STROKES = (("red side", LOCK, "locked door"), ("dark red side", BOSS_DOOR, "boss door"),
           ("black side", BARRIER, "barrier"), ("orange dashes", BOMBABLE, "bombable wall"),
           ("blue", PATH, "critical path, with each room's first step"))


SEED_DECIDES = "seed decides"      # a dropdown's value for the option None ("the seed decides")
DESCRIPTION_WIDTH = "64px"
CONTROL_WIDTH = "250px"
PANEL_WIDTH = "262px"


def _seed_dropdown(name: str, values: tuple[Any, ...], value: Any, style: dict[str, str],
                   layout: w.Layout) -> w.Dropdown:
    """A dropdown of (label, value) pairs only, "seed decides" first.

    ipywidgets reads a mixed list as plain values (labels like ``('seed decides', None)``) and
    shows the value ``None`` as no selection at all, so "seed decides" has a value of its own.
    """
    options = [(SEED_DECIDES, SEED_DECIDES)] + [(str(v), v) for v in values]
    return w.Dropdown(options=options, value=SEED_DECIDES if value is None else value, description=name,
                      style=style, layout=layout)


class TempleTuner:
    """Generator options and seed on the left, the temple beside them (scrolling when it is larger than
    the view), the sweep panel below: histograms per option value with the contract's targets.

    ``set_option(name, value)`` and ``set_seed(seed)`` regenerate at once; with ``live_sweep`` on,
    the sweep over ``sweep_seeds`` seeds of the current options follows every change; *sweep* runs
    it again with the panel's seeds and the option chosen to vary (each run numbered).
    """

    def __init__(self, options: Mapping[str, Any] | None = None, seed: int = 0, *, sweep_seeds: int = 12,
                 live_sweep: bool = True, cell: int = 30):
        self.options = check_options(options).as_dict()
        self.seed = seed
        self.sweep_seeds = sweep_seeds
        self.error = ""
        self.rows: list[dict[str, Any]] = []
        self.stats: dict[str, Any] = {}
        self.viewer = TempleViewer(generate_temple(seed, self.options), cell=cell)
        self.sweeper = SweepPanel(sweep_seeds)
        self._build_widgets(live_sweep)
        self.refresh()

    def _build_widgets(self, live_sweep: bool) -> None:
        o = self.options
        style = {"description_width": DESCRIPTION_WIDTH}
        wide = w.Layout(width=CONTROL_WIDTH)
        self.controls: dict[str, w.Widget] = {
            "theme": w.Text(value=o["theme"], description="theme", style=style, layout=wide),
            "size": w.Dropdown(options=[(s, s) for s in SIZES], value=o["size"], description="size",
                               style=style, layout=wide),
            "floors": _seed_dropdown("floors", (1, 2, 3), o["floors"], style, wide),
            "locks": _seed_dropdown("locks", (0, 1, 2, 3), o["locks"], style, wide),
            "element": _seed_dropdown("element", ELEMENTS, o["element"], style, wide),
            "quests": w.Text(value=", ".join(o["quests"]), description="quests", placeholder="comma separated",
                             style=style, layout=wide),
            "gate": w.Checkbox(value=o["gate"], description="separate gate", indent=False),
        }
        for name, control in self.controls.items():
            control.observe(lambda change, name=name: self._changed(name, change["new"]), names="value")
        self.seed_box = w.IntText(value=self.seed, description="seed", style=style, layout=wide)
        self.seed_box.observe(lambda change: self.set_seed(change["new"]), names="value")
        self.live = w.Checkbox(value=live_sweep, description="live sweep", indent=False,
                               layout=w.Layout(width="auto"))
        self.sweep_button = w.Button(description="sweep", icon="table", layout=w.Layout(width="auto"))
        self.sweep_button.on_click(lambda _b: self.sweep())
        self.error_box = w.HTML(layout=w.Layout(width=CONTROL_WIDTH))
        self.stats_box = self.sweeper.status
        for control in (self.sweeper.over, self.sweeper.seeds):      # one control a row, as wide as the others
            control.layout, control.style = w.Layout(width=CONTROL_WIDTH), style
        # the controls column keeps its width (the canvas beside it must not squeeze it) and wraps its text
        panel = w.VBox(list(self.controls.values()) + [self.seed_box, w.HBox([self.live, self.sweep_button]),
                                                       self.sweeper.over, self.sweeper.seeds, self.error_box],
                       layout=w.Layout(flex="0 0 auto", width=PANEL_WIDTH, overflow="visible"))
        self.panel = panel
        # the preview scrolls in its own box, so the floor holding the entrance is never clipped at any size
        self.preview = w.Box([self.viewer.widget], layout=w.Layout(
            flex="1 1 auto", min_width="0", max_height=PREVIEW_HEIGHT, overflow="auto"))
        self.widget = w.VBox([w.HBox([panel, self.preview], layout=w.Layout(width="100%")), self.sweeper.widget])

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    @property
    def temple(self) -> Any:
        return self.viewer.temple

    def set_option(self, name: str, value: Any) -> None:
        """Change one option; a bad value is shown (``error``) and the last good temple stays."""
        if name == "quests" and isinstance(value, str):
            value = [q.strip() for q in value.split(",") if q.strip()]
        if value == SEED_DECIDES and name in ("floors", "locks", "element"):
            value = None
        candidate = {**self.options, name: value}
        try:
            self.options = check_options(candidate).as_dict()
        except OptionError as problem:
            self.error = str(problem)
            self.error_box.value = f"<span style='color:{palette.VIOLATION}'>{html.escape(self.error)}</span>"
            return
        self._show_options()
        self.refresh()

    def _show_options(self) -> None:
        """Each control shows the option as checked (a change made in code shows in the panel too)."""
        for name, control in self.controls.items():
            value = self.options[name]
            if name == "quests":
                shown: Any = ", ".join(value)
                if [q.strip() for q in control.value.split(",") if q.strip()] == list(value):
                    continue
            else:
                shown = SEED_DECIDES if value is None and name in ("floors", "locks", "element") else value
            if control.value != shown:
                control.value = shown

    def set_seed(self, seed: int) -> None:
        self.seed = seed
        self.refresh()

    def generate(self) -> Any:
        """The temple for the current seed and options, drawn."""
        self.viewer.show(generate_temple(self.seed, self.options))
        return self.temple

    def sweep(self, seeds: int | None = None) -> dict[str, Any]:
        """Generate temples for seeds 0..n-1 (``seeds``, else the panel's) with the current options, the
        panel's chosen option varied; the statistics of the sweep (its histograms drawn in the panel)."""
        self.sweep_button.description, self.sweep_button.disabled = "sweeping…", True
        try:
            self.stats = self.sweeper.run(self.options, self.options["size"], seeds=seeds)
        finally:
            self.sweep_button.description, self.sweep_button.disabled = "sweep", False
        self.rows = self.sweeper.rows
        return self.stats

    def refresh(self) -> None:
        self.error = ""
        self.error_box.value = ""
        self.generate()
        if self.live.value:
            self.sweep(self.sweep_seeds)

    def _changed(self, name: str, value: Any) -> None:
        if value == SEED_DECIDES:
            value = None
        if self.options.get(name) != value:
            self.set_option(name, value)

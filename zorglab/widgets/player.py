"""The Player: the extermination phase step by step, with casting, *explain* and branching.

Every frame comes from the engine (:class:`~zorglab.widgets.timeline.Timeline` calls ``act`` and
``cast_spell``); the Player only shows frames and turns clicks into the handlers below, which tests
call directly: ``step``, ``back``, ``goto``, ``run_to_end``, ``select_spell``, ``choose_target``,
``choose_slot``, ``choose_room``, ``click_cell``, ``cast_now``, ``explain``, ``branch``, ``compare``, ``solve``.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable
from typing import Any

import ipywidgets as w
from ipycanvas import Canvas

from zorglab.engine.game import Setup
from zorglab.core.geometry import Slot
from zorglab.engine.state import GameState
from zorglab.engine.turns import active_hero, stuck_heroes
from zorglab.errors import CastError, LevelError
from zorglab.core.model import MAIN_WORLD
from zorglab.core.model import Cast
from zorglab.paint import palette
from zorglab.paint.board import draw_state, state_view
from zorglab.paint.canvas import CanvasPainter
from zorglab.paint.painter import Painter
from zorglab.paint.plan import draw_plan, waiting_heroes
from zorglab.paint.view import BoardView
from zorglab.widgets.explain import Explanation, explain
from zorglab.widgets.player_input import KEYS, PlayerInput
from zorglab.widgets.player_why import WhyNot, WhyNotPanel, draw_why_not, refresh_why_not, why_not
from zorglab.widgets import player_panels
from zorglab.widgets.heroes import HeroRow, describe_event, hero_rows
from zorglab.widgets.board_canvas import BoardCanvas
from zorglab.widgets.closing import close_all
from zorglab.widgets.keys import guard
from zorglab.widgets.saving import LevelFile
from zorglab.level.save import SavedSolution
from zorglab.widgets.player_spells import SpellTray
from zorglab.widgets.timeline import Timeline
from zorglab.widgets.player_lines import (CompareRow, Solver, compare_rows, save_run,
                                         search_from_here, solve_here, win_window_here)

PLAY_TITLES = {".widget-play button:nth-child(1)": "play / pause: one frame every ms/step (p)",
               ".widget-play button:nth-child(2)": "stop playing (the run stays at its frame)"}


class Player(BoardCanvas):
    """Plays one world. ``casts`` are scheduled as in :func:`run_world`; ``solver(world, state)``,
    when set, answers the *solve* button (the search module wires it)."""

    def __init__(self, setup_or_world: Setup | Any, casts: Iterable[Cast] = (), *, solver: Solver | None = None,
                 cell: int = 24, name: str = "main", world: str = MAIN_WORLD, file: LevelFile | None = None,
                 siblings: dict[str, "Player"] | None = None, _timeline: Timeline | None = None):
        world_ = setup_or_world.world(world) if isinstance(setup_or_world, Setup) else setup_or_world
        self.world = world_
        self.world_name = world if isinstance(setup_or_world, Setup) else getattr(world_, "name", MAIN_WORLD)
        self.setup = setup_or_world if isinstance(setup_or_world, Setup) else None
        self.file = file if file is not None else (LevelFile.of(self.setup.level) if self.setup else None)
        self.siblings = siblings if siblings is not None else {}      # world name -> Player, for save_run
        self.siblings.setdefault(self.world_name, self)
        self.saved: SavedSolution | None = None
        self.timeline = _timeline if _timeline is not None else Timeline(world_, casts, name=name if self.world_name == MAIN_WORLD else self.world_name)
        self.solver = solver if solver is not None else (search_from_here(self.setup) if self.setup else None)
        self.cell = cell
        self.focus: int | None = None          # the hero *explain* looks at (None: the active hero)
        self.cast_error = ""
        self.verdict: Any = None
        self.branches: list[Player] = []
        self.trunk: Player | None = None       # the Player this one was branched from (its table shows us)
        self._syncing = False
        self.tray = SpellTray(world_)
        self.input = PlayerInput(self)         # keys and board clicks -> the handlers below
        self._build_widgets()
        self.refresh()

    # --- widgets ----------------------------------------------------------------------------------

    def _build_widgets(self) -> None:
        self.canvas = Canvas(width=200, height=200)
        self.painter = CanvasPainter(self.canvas)
        self.canvas.on_mouse_down(self.input.click_board)
        self.canvas.on_client_ready(self.redraw)       # a page attaching after the first drawing (the app)
        self.canvas.on_key_down(lambda *a, **k: self._safely(lambda: self.key(*a, **k)))

        def button(description: str, icon: str, handler: Callable[[], Any], tooltip: str = "") -> w.Button:
            b = w.Button(description=description, icon=icon, tooltip=tooltip, layout=w.Layout(width="auto"))
            b.on_click(lambda _b: self._safely(handler))
            return b

        self.back_button = button("back", "step-backward", self.back, "previous frame")
        self.step_button = button("step", "step-forward", self.step, "next frame: a cast due or one action")
        self.end_button = button("to end", "fast-forward", self.run_to_end, "step until the run ends")
        self.branch_button = button("branch", "code-fork", self.branch, "fork the run here, to cast differently")
        self.solve_button = button("solve", "search", self.solve, "ask the solver for a verdict from here")
        self.window_button = button("win window", "line-chart", self.window,
                                    "at each casting point so far: could the world still be won?")
        self.save_button = button("save run", "save", lambda: self._quietly(self.save_run),
                                  "write this layout, the casts made so far and the outcome they lead to "
                                  "into the level file as a solution")
        self.save_box = w.HTML()
        self.play = w.Play(value=0, min=0, max=1_000_000, step=1, interval=400, description="play",
                           show_repeat=False, tooltip="play the run, one frame every ms/step (p)")
        self.speed = w.IntSlider(value=400, min=50, max=2000, step=50, description="ms/step")
        w.link((self.speed, "value"), (self.play, "interval"))
        self.play.observe(self._played, names="value")
        self.frame_slider = w.IntSlider(value=0, min=0, max=0, description="frame")
        self.frame_slider.observe(self._scrubbed, names="value")
        self.explain_toggle = w.Checkbox(value=True, description="explain", indent=False)
        self.explain_toggle.observe(lambda _c: self.refresh(), names="value")
        self.tray.spell_dropdown.observe(lambda c: self._from_widget(self.select_spell, c["new"] or None),
                                         names="value")
        self.tray.hero_dropdown.observe(lambda c: self._from_widget(self.choose_target, c["new"]) if c["new"] else None,
                                        names="value")
        self.tray.heroes_select.observe(self._selection_changed, names="value")
        self.tray.inner_dropdown.observe(lambda c: self._from_widget(self.choose_inner, c["new"] or None),
                                         names="value")
        self.tray.cast_button.on_click(lambda _b: self._safely(self.cast_now))
        self.status = w.HTML()
        self.heroes_box = w.HTML()
        self.explain_box = w.HTML()
        self.log_box = w.HTML()                 # scrolls itself, newest line in view (see player_panels.log_html)
        self.verdict_box = w.HTML()
        self.branch_box = w.HBox()
        self.compare_box = w.HTML()
        controls = w.HBox([self.back_button, self.step_button, self.play, self.speed, self.end_button,
                           self.branch_button, self.solve_button, self.window_button, self.save_button,
                           self.explain_toggle],
                          layout=w.Layout(flex_flow="row wrap"))     # wrap rather than squeeze the labels
        self.why = WhyNotPanel(self)           # "why not that way?" (player_why.py)
        side = w.VBox([self.heroes_box, self.explain_box, self.why.widget, self.log_box], layout=w.Layout(width="480px"))
        # the spell tray above the board, in view with it (not under the hero table and the log)
        line = w.VBox([controls, self.save_box, self.frame_slider, self.status, self.tray.widget,
                       w.HBox([self.canvas, side], layout=w.Layout(flex_flow="row wrap")),
                       self.verdict_box, self.compare_box])
        self.branch_box.layout = w.Layout(align_items="flex-start", margin="0 0 0 12px")
        self.widget = w.VBox([w.HTML(f"<b>Player</b> — world {html.escape(self.timeline.name)}"),
                              w.HBox([line, self.branch_box], layout=w.Layout(align_items="flex-start"))])
        self.keys = guard(self.widget, lambda *a, **k: self._safely(lambda: self.key(*a, **k)), KEYS, PLAY_TITLES)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def _repr_png_(self) -> bytes:
        return self.png()

    def draw(self, painter: Painter) -> None:
        """The board as the canvas shows it (active hero, stuck marks, the cast's target), on any painter."""
        state = self.state
        choice = self.tray.choice
        target_hero = self.world.hero_index.get(choice.heroes[0]) if choice.heroes else None
        active = active_hero(self.world, state)
        waiting = waiting_heroes(self.world, state)
        draw_state(painter, self.world, state, view=self.view, active=active,
                   stuck=[i for i in stuck_heroes(self.world, state) if i not in waiting], target_hero=target_hero,
                   target_slot=choice.slots[0] if choice.slots else None)
        draw_plan(painter, self.world, state, self.view, (self.focus if self.focus is not None else active)
                  if self.explain_toggle.value else None)       # the plan on the board (paint/plan.py)
        draw_why_not(self, painter)

    # --- reading ----------------------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        return self.timeline.state

    @property
    def states(self) -> list[GameState]:
        """Every frame's state up to the cursor (casts included)."""
        return [f.state for f in self.timeline.frames[:self.timeline.position + 1]]

    def fit(self, width: int) -> None:
        """The board drawn within ``width`` pixels (the Studio's column, issue 39 item 3): its cells
        shrink, never below 8 px nor above the cell asked for; its labels keep their size."""
        view = self.view
        per_cell = (view.size[0] - 2 * view.margin) / self.cell
        cell = max(8, min(self.cell, int((width - 2 * view.margin) / per_cell)))
        if cell != self.cell:
            self.cell = cell
            self.refresh()

    @property
    def view(self) -> BoardView:
        """Every slot any frame used; one empty ring more when a spell can send a room there."""
        pad = 1 if any(s.behaviour.cast_form in ("to", "select") for s in self.world.spells) else 0
        return state_view(self.world, (f.state for f in self.timeline.frames), pad=pad, cell=self.cell)

    @property
    def heroes(self) -> list[HeroRow]:
        return hero_rows(self.world, self.state)

    @property
    def log_lines(self) -> list[str]:
        """The event log up to the current frame, oldest first."""
        return [f"@{e.tick} {describe_event(e)}" for e in self.timeline.events_so_far()]

    def hero_at(self, slot: Slot, local: tuple[int, int]) -> int | None:
        """The living hero standing on a board cell (the first in spawn order), if any."""
        room = self.world.slot_index(self.state.slots).get((slot[0], slot[1]))
        if room is None:
            return None
        return next((i for i, h in enumerate(self.state.heroes) if h.alive and h.pos == (room, tuple(local))), None)

    def room_at(self, slot: Slot) -> str | None:
        room = self.world.slot_index(self.state.slots).get((slot[0], slot[1]))
        return None if room is None else self.world.rooms[room].label

    # --- stepping ---------------------------------------------------------------------------------

    def step(self) -> bool:
        moved = self.timeline.step()
        if not moved:
            self.play.playing = False
        self.refresh()
        return moved

    def back(self) -> bool:
        moved = self.timeline.back()
        self.refresh()
        return moved

    def goto(self, position: int) -> None:
        self.timeline.goto(position)
        self.refresh()

    def run_to_end(self, limit: int = 10_000) -> int:
        steps = self.timeline.run(limit)
        self.refresh()
        return steps

    def key(self, key: str, shift: bool = False, ctrl: bool = False, meta: bool = False) -> None:
        """Keyboard: → or . step, ← or , back, Home first frame, End to the end, p play/pause,
        b branch here, Escape drops the spell being cast."""
        self.input.key(key, shift, ctrl, meta)

    # --- casting ----------------------------------------------------------------------------------

    def select_spell(self, label: str | None) -> None:
        self.tray.select(label)
        self.cast_error = ""
        self.refresh()

    def choose_target(self, hero: str) -> None:
        self.tray.choose_hero(hero)
        self.refresh()

    def choose_slot(self, col: int, row: int) -> None:
        self.tray.choose_slot((col, row))
        self.refresh()

    def choose_room(self, label: str) -> None:
        self.tray.choose_room(label)
        self.refresh()

    def choose_inner(self, label: str | None) -> None:
        self.tray.choose_inner(label)
        self.refresh()

    def click_cell(self, slot: Slot, local: tuple[int, int]) -> None:
        """A click on the board: a target for the spell being cast, else the hero to explain."""
        self.input.click_cell(slot, local)

    def cast_now(self) -> bool:
        """Cast the tray's choice at the current casting point (the engine's ``cast_spell``).
        A refusal leaves everything as it was and its reason in ``cast_error``."""
        try:
            cast = self.tray.build(self.state.tick)
            self.timeline.cast(cast)
        except (CastError, ValueError) as error:
            self.cast_error = getattr(error, "reason", str(error))
            self.refresh()
            return False
        self.cast_error = ""
        self.tray.select(None)
        self.refresh()
        return True

    # --- explain, branch, solve -----------------------------------------------------------------------

    def explain(self, index: int | None = None) -> Explanation | None:
        """Why hero ``index`` (default: the focused hero, else the active one) takes its next step,
        or why it takes none (dead, asleep, waiting, stuck)."""
        if index is None:
            index = self.focus if self.focus is not None else active_hero(self.world, self.state)
        if index is None:
            return None
        return explain(self.world, self.state, index, self.setup.choices if self.setup is not None else None)

    def why_not(self, pick: str | int) -> WhyNot | None:
        """Why the explained hero does not take first step ``pick``: its own plan, the layer that
        rejects it, the board after it (see :mod:`zorglab.widgets.player_why`)."""
        return why_not(self, pick)

    def branch(self, name: str | None = None) -> "Player":
        """Fork the run at the current frame; the fork is shown beside this one, compared below."""
        fork = Player(self.world, solver=self.solver, cell=self.cell,
                      _timeline=self.timeline.branch(name or f"branch {len(self.branches) + 1}"))
        fork.setup, fork.file, fork.world_name = self.setup, self.file, self.world_name
        fork.siblings = {**self.siblings, self.world_name: fork}      # a branch saves its own line
        fork.trunk = self
        self.branches.append(fork)
        self.branch_box.children = tuple(b.widget for b in self.branches)
        self.refresh()
        return fork

    def compare(self) -> list[CompareRow]:
        """This line and every branch, each projected to its end with no further cast."""
        return compare_rows([self] + self.branches)

    def save_run(self) -> SavedSolution | None:
        """Save the run shown as a solution of the level file: the layout, the casts made so far on
        this line (and on the other worlds' Players: mirror casts), and the outcome the engine's
        ``play`` gives them with nothing more cast. An identical solution is not written twice."""
        return save_run(self)

    def solve(self) -> Any:
        """Ask the solver (``Player.solver``) for its verdict from the current state."""
        self.verdict = solve_here(self)
        return self.verdict

    def window(self) -> list[Any]:
        """The win window of this line (FR-46): at each casting point so far, could the world still
        be won? Asked of the exact search on demand (needs the Player built from a Setup)."""
        return win_window_here(self)

    # --- showing ----------------------------------------------------------------------------------

    def refresh(self) -> None:
        state = self.state
        self.paint()
        self._syncing = True
        try:
            self.tray.sync(state)
            self.frame_slider.max = len(self.timeline.frames) - 1
            self.frame_slider.value = self.timeline.position
        finally:
            self._syncing = False
        self.back_button.disabled = self.timeline.position == 0
        self.save_button.disabled = self.setup is None or self.file is None
        self.step_button.disabled = self.end_button.disabled = self.timeline.at_end
        self.status.value = player_panels.status_html(self.timeline)
        self.heroes_box.value = player_panels.heroes_html(self.heroes)
        found = self.explain() if self.explain_toggle.value else None
        self.explain_box.value = player_panels.explain_html(found) if self.explain_toggle.value else ""
        refresh_why_not(self, found)
        self.log_box.value = player_panels.log_html(self.timeline)
        self.tray.result.value = (f"<span style='color:{palette.VIOLATION}'>refused: "
                                  f"{html.escape(self.cast_error)}</span>" if self.cast_error else "")
        if self.branches:
            self.compare_box.value = player_panels.compare_html(self.compare())
        if self.trunk is not None:              # a branch moved: the trunk's comparison follows it
            self.trunk.compare_box.value = player_panels.compare_html(self.trunk.compare())

    # --- widget plumbing --------------------------------------------------------------------------

    def _played(self, change: dict[str, Any]) -> None:
        if change["new"] > change["old"]:
            self.step()

    def _scrubbed(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self.goto(change["new"])

    def _selection_changed(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self.tray.choice.heroes = list(change["new"])
            self.refresh()

    def _from_widget(self, handler: Callable[[Any], Any], value: Any) -> None:
        if not self._syncing:
            self._safely(lambda: handler(value))

    def _quietly(self, handler: Callable[[], Any]) -> None:
        """A button whose refusal its own box already shows."""
        try:
            handler()
        except LevelError:
            pass

    def _safely(self, handler: Callable[[], Any]) -> None:
        try:
            handler()
        except Exception as error:      # a button must show a failure, not raise it into the browser
            self.cast_error = f"{type(error).__name__}: {error}"
            self.refresh()

    def close(self) -> None:
        """Close every widget this Player shows or holds (a Maker started again replaces it)."""
        close_all([self.widget, *(part for part in vars(self).values() if isinstance(part, w.Widget))])

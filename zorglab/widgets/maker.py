"""The Maker (FR-5..FR-8): lay the level's rooms on a grid, see every violation as it happens,
start the extermination only from a valid layout, save the layout into the level file.

Every behaviour is a method (``select_tray``, ``click_slot``, ``drag``, ``rotate``, ``remove``, ``undo``...)
that tests call directly; the canvas' mouse callbacks only turn pixels into slots. The rules stay in
the engine: :func:`validate_layout` judges, :func:`setup` starts, :func:`save_solution` writes."""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import ipywidgets as w
from ipycanvas import Canvas

from zorglab.engine.game import Setup, setup
from zorglab.core.geometry import Slot
from zorglab.engine.layout import Layout
from zorglab.engine.layout_rules import Violation, describe_rotation, main_room, validate_layout
from zorglab.core.registry import is_spawn_room
from zorglab.level.warnings import level_warnings
from zorglab.errors import LevelError, OptionError
from zorglab.core.model import Cast, Level
from zorglab.level.save import SavedSolution
from zorglab.paint.board import draw_layout
from zorglab.paint.canvas import CanvasPainter
from zorglab.paint.painter import Painter
from zorglab.paint.view import BoardView
from zorglab.search.decide import decide_solvable
from zorglab.widgets.board_canvas import BoardCanvas
from zorglab.widgets.closing import close_all
from zorglab.widgets.keys import guard
from zorglab.widgets.maker_messages import status_html, violations_html, warnings_html
from zorglab.widgets.saving import LevelFile, SolutionMenu, solution_title
from zorglab.widgets.maker_tray import TrayBox, draw_tray, tray_boxes
from zorglab.widgets.maker_history import LayoutHistory
from zorglab.widgets.maker_input import KEYS, MakerInput, board_view


class Maker(BoardCanvas):
    """The construction editor for one level. Without ``layout`` it opens on the level's saved
    solution number ``solution`` (0-based, default the first; None: an empty board), else empty;
    ``path`` is the level file ``save`` writes to (default: the file the level was loaded from)."""

    def __init__(self, level: Level, layout: Layout | None = None, path: str | Path | None = None, *,
                 solution: int | None = 0, cols: int | None = None, rows: int | None = None, cell: int = 20,
                 choices: Mapping[str, Any] | None = None, on_start: Callable[[Setup], Any] | None = None):
        self.level = level
        self.file = LevelFile.of(level, path)
        self.solutions = level.solutions
        self.opened: int | None = None        # the saved solution the board was opened on
        if layout is None and solution is not None and self.solutions:
            if isinstance(solution, bool) or not 0 <= solution < len(self.solutions):
                raise OptionError(f"solution={solution!r}: {level.id} has {len(self.solutions)} solution(s), "
                                  f"indexes 0..{len(self.solutions) - 1} (None: an empty board)")
            self.opened = solution
            layout = Layout.from_solution(self.solutions[solution])
            if choices is None:
                choices = dict(self.solutions[solution].choices)
        self.layout = layout if layout is not None else Layout()
        self.choices = dict(choices or {})
        self.saved: SavedSolution | None = None
        self.warnings = level_warnings(level)  # rooms that can never act on their tile (item 8)
        self.on_start = on_start
        side = math.isqrt(max(1, len(level.rooms) - 1)) + 1      # the smallest square holding every room
        self.min_cols = cols if cols is not None else max(4, side + 2)
        self.min_rows = rows if rows is not None else max(3, side + 1)
        self.cell = cell
        self.selected: str | None = None      # a placed room, for rotate / remove / move
        self.picked: str | None = None        # a room picked in the tray, placed by the next slot click
        self.notice = ""                      # what the last action did, or why it did nothing
        self.violations: list[Violation] = []
        self.setup: Setup | None = None
        self.player: Any = None
        self.players: dict[str, Any] = {}     # world name -> its Player, once started
        self.history = LayoutHistory()
        self.input = MakerInput(self)         # keys and mouse gestures -> the handlers below
        self._build_widgets()
        self.refresh()

    # --- widgets ----------------------------------------------------------------------------------

    def _build_widgets(self) -> None:
        self.canvas = Canvas(width=200, height=200)
        self.painter = CanvasPainter(self.canvas)
        self.canvas.on_mouse_down(self.input.mouse_down)
        self.canvas.on_mouse_up(self.input.mouse_up)
        self.canvas.on_client_ready(self.redraw)       # a page attaching after the first drawing (the app)
        self.canvas.on_key_down(lambda *a, **k: self._safely(lambda: self.key(*a, **k)))

        def button(description: str, icon: str, handler: Callable[[], Any], tooltip: str) -> w.Button:
            b = w.Button(description=description, icon=icon, tooltip=tooltip, layout=w.Layout(width="auto"))
            b.on_click(lambda _b: self._safely(handler))
            return b

        self.rotate_button = button("rotate", "redo", self.rotate, "turn the selected room a quarter clockwise (r)")
        self.rotate_back_button = button("", "undo", lambda: self.rotate(-1), "turn it back (R)")
        self.rotate_all_button = button("rotate all", "refresh", self.rotate_all,
                                        "turn every placed room a quarter clockwise")
        self.remove_button = button("remove", "trash", self.remove, "back to the tray (Delete)")
        self.undo_button = button("undo", "arrow-left", self.undo, "ctrl+z")
        self.redo_button = button("redo", "arrow-right", self.redo, "ctrl+y")
        self.save_button = button("save", "save", self.save, "write this layout into the level file as a solution")
        self.start_button = button("start", "play", self.start, "start the extermination (needs a valid layout)")
        spawns = [room.label for room in self.level.rooms if is_spawn_room(room.type)]
        self.main_dropdown = w.Dropdown(options=spawns, description="main A", layout=w.Layout(width="180px"),
                                        value=main_room(self.level, self.layout) if spawns else None)
        self.main_dropdown.observe(self._main_changed, names="value")
        self.main_dropdown.layout.display = "" if len(spawns) > 1 else "none"
        self.solution_menu = SolutionMenu(self.solutions, self.opened,
                                          lambda index: self._safely(lambda: self.open_solution(index)))
        self.solution_dropdown = self.solution_menu.dropdown
        self.status = w.HTML()
        self.message_box = w.HTML()
        self.warning_box = w.HTML()
        self.play_area = w.VBox()
        tools = w.HBox([self.rotate_back_button, self.rotate_button, self.rotate_all_button, self.remove_button,
                        self.undo_button, self.redo_button, self.main_dropdown, self.solution_dropdown,
                        self.save_button, self.start_button], layout=w.Layout(flex_flow="row wrap"))
        self.board_box = w.HBox([self.canvas, w.VBox([self.message_box, self.warning_box])])
        self.widget = w.VBox([w.HTML(f"<b>Maker</b> — {html.escape(self.level.title or self.level.id)}"),
                              tools, self.status, self.board_box,
                              self.play_area])
        self.keys = guard(self.widget, lambda *a, **k: self._safely(lambda: self.key(*a, **k)), KEYS)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def _repr_png_(self) -> bytes:
        return self.png()

    def draw(self, painter: Painter) -> None:
        """The board and the tray, as the canvas shows them, on any painter."""
        view = self.view
        draw_layout(painter, self.level, self.layout, self.violations, view=view, selected=self.selected)
        draw_tray(painter, self.level, self.layout, self.tray, self.cell, self.picked)

    # --- what the tests read ----------------------------------------------------------------------

    @property
    def messages(self) -> tuple[str, ...]:
        """Every violation in words, as listed next to the board."""
        return tuple(v.message for v in self.violations)

    @property
    def valid(self) -> bool:
        return not self.violations

    @property
    def view(self) -> BoardView:
        return board_view(self.level, self.layout, self.min_cols, self.min_rows, self.cell)

    @property
    def tray(self) -> tuple[TrayBox, ...]:
        view = self.view
        return tray_boxes(self.level, view.size[0], view.margin * 2 + view.grid_size[1], self.cell, view.margin)

    @property
    def unplaced(self) -> tuple[str, ...]:
        return tuple(room.label for room in self.level.rooms if room.label not in self.layout)

    def room_at(self, slot: Slot) -> str | None:
        found = self.layout.rooms_at((slot[0], slot[1]))
        return found[-1] if found else None

    # --- editing handlers -------------------------------------------------------------------------

    def select_tray(self, label: str) -> None:
        """Pick a room from the tray; the next slot clicked receives it (picking it again drops it)."""
        self.level.room(label)
        self.picked = None if self.picked == label else label
        self.notice = f"{label} picked: click a slot to place it" if self.picked else ""
        self.refresh()

    def select(self, label: str | None) -> None:
        """Select a placed room by its label (None: nothing selected)."""
        if label is not None and label not in self.layout:
            raise KeyError(f"{label} is not placed")
        self.selected = label
        self.notice = "" if label is None else f"{label} selected ({describe_rotation(self.layout.rotation(label))})"
        self.refresh()

    def click_slot(self, col: int, row: int) -> None:
        """Place the picked room here; else move the selected room here, or select the room here."""
        slot = (col, row)
        occupant = self.room_at(slot)
        if self.picked is not None:
            label, self.picked = self.picked, None
            self._put(label, slot)
        elif self.selected is not None and occupant is None:
            self._put(self.selected, slot)
        elif occupant is not None and occupant != self.selected:
            self.selected = occupant
            self.notice = f"{occupant} selected ({describe_rotation(self.layout.rotation(occupant))})"
        elif occupant is not None:
            self.selected = None
            self.notice = f"{occupant} deselected (click it again to select it)"
        else:
            self.selected = None
            self.notice = "an empty slot: pick a room in the tray first, then click a slot"
        self.refresh()

    def drag(self, source: Slot, target: Slot) -> None:
        """Move the room on ``source`` to ``target`` (a room already there swaps places with it)."""
        label = self.room_at((source[0], source[1]))
        if label is None:
            self.notice = f"no room at {tuple(source)} to move"
        elif tuple(source) != tuple(target):
            self._put(label, (target[0], target[1]))
        self.refresh()

    def place(self, label: str, col: int, row: int, rotation: int | None = None) -> None:
        """Put ``label`` on a slot directly (tray or board), as one undoable step."""
        self.level.room(label)
        self._put(label, (col, row), rotation)
        self.refresh()

    def rotate(self, quarter_turns: int = 1) -> None:
        """Turn the selected room ``quarter_turns`` clockwise (negative: anticlockwise)."""
        label = self._need_selection("rotate")
        if label is not None:
            self._edit(self.layout.rotate(label, quarter_turns))
            self.notice = f"{label} is now {describe_rotation(self.layout.rotation(label))}"
        self.refresh()

    def rotate_all(self, quarter_turns: int = 1) -> None:
        """Turn every placed room's tile ``quarter_turns`` clockwise, slots unchanged."""
        layout = self.layout
        for label in layout:
            layout = layout.rotate(label, quarter_turns)
        if layout.placements:
            self._edit(layout)
            self.notice = f"every room turned {quarter_turns % 4} quarter(s) clockwise"
        self.refresh()

    def remove(self) -> None:
        """Put the selected room back into the tray."""
        label = self._need_selection("remove")
        if label is not None:
            self._edit(self.layout.remove(label))
            self.selected = None
            self.notice = f"{label} back in the tray"
        self.refresh()

    def set_main(self, label: str) -> None:
        """Choose the main A (ZR-22)."""
        if label != main_room(self.level, self.layout) or self.layout.main != label:
            self._edit(self.layout.with_main(label))
        self.refresh()

    def open_solution(self, index: int | None) -> None:
        """Lay the board out as saved solution ``index`` (0-based; None: an empty board), one
        undoable step; its choices become the Maker's."""
        if index is None:
            self._edit(Layout())
            self.opened, self.selected, self.notice = None, None, "empty board"
        else:
            solution = self.solutions[index]
            self._edit(Layout.from_solution(solution))
            self.choices = dict(solution.choices)
            self.opened, self.selected = index, None
            self.notice = f"opened {solution_title(index, solution)}"
        self.solution_menu.show(self.opened)
        self.refresh()

    def undo(self) -> None:
        self._travel(self.history.undo(self.layout), "undone", "nothing to undo")

    def redo(self) -> None:
        self._travel(self.history.redo(self.layout), "redone", "nothing to redo")

    def _travel(self, layout: Layout | None, done: str, nothing: str) -> None:
        """Undo or redo: ``layout`` comes back (None: there was none); a selection it lacks is dropped."""
        if layout is None:
            self.notice = nothing
        else:
            self.layout = layout
            self.selected = self.selected if self.selected in layout else None
            self.notice = done
        self.refresh()

    def key(self, key: str, shift: bool = False, ctrl: bool = False, meta: bool = False) -> None:
        """Keyboard: r / R rotate, Delete remove, arrows move the selection, ctrl+z / ctrl+y undo / redo."""
        self.input.key(key, shift, ctrl, meta)

    # --- start and save ---------------------------------------------------------------------------

    def start(self) -> Setup:
        """FR-8: the layout's setup (a LayoutError while invalid), a Player below, ``on_start`` told."""
        self.setup = setup(self.level, self.layout, self.choices, decide=decide_solvable)
        from zorglab.widgets.player_lines import world_players
        close_all(self.play_area.children)
        for retired in self.players.values():            # the Players of the start before (issue 32 item 4)
            retired.close()
        self.players, shown = world_players(self.setup, self.file)
        self.player = next(iter(self.players.values()))
        self.play_area.children = (shown,)
        self.notice = "extermination started below"
        if self.on_start is not None:
            self.on_start(self.setup)
        self.refresh()
        return self.setup

    @property
    def path(self) -> Path | None:
        return None if self.file is None else self.file.path

    def save(self, casts: tuple[str | Cast, ...] = (), expect: Any = None) -> Path:
        """Write the layout (with ``casts`` and ``expect`` when given) into the level file as a
        ``[[solutions]]`` entry: comments kept, atomic, refused if the file changed on disk since it
        was loaded (``StaleFileError``); a solution the file already has is not written again, and
        ``notice`` says which it is. To save the run a Player shows, use its *save run*."""
        if self.file is None:
            raise LevelError("this level has no file to save into: give Maker(..., path=...)")
        if self.violations:
            raise LevelError(f"the layout breaks {len(self.violations)} rule(s); fix them before saving: "
                             + "; ".join(self.messages))
        self.saved = self.file.save(self.layout, casts, expect=expect, choices=self.choices)
        self.notice = self.file.said(self.saved, "this layout" if not casts else "this solution")
        self._reload_solutions()
        self.refresh()
        return self.file.path

    def _reload_solutions(self) -> None:
        """The solution menu after a save: the file's solutions as they are now."""
        from zorglab.level import load_level
        try:
            self.solutions = load_level(self.file.path).solutions if self.file is not None else self.solutions
        except LevelError:
            return
        self.solution_menu.reload(self.solutions)

    def click(self, kind: str, where: Any) -> None:
        """A click on the tray (``"tray"``, label) or on the board (``"slot"``, (col, row))."""
        self.select_tray(where) if kind == "tray" else self.click_slot(*where)

    # --- internals --------------------------------------------------------------------------------

    def _put(self, label: str, slot: Slot, rotation: int | None = None) -> None:
        layout = self.layout
        occupant = self.room_at(slot)
        if occupant is not None and occupant != label:
            layout = layout.move(occupant, layout.slot(label)) if label in layout else layout.remove(occupant)
        self._edit(layout.place(label, slot, rotation))
        self.selected = label
        moved = "" if occupant in (None, label) else (
            f"; {occupant} swapped to {self.layout.slot(occupant)}" if occupant in self.layout
            else f"; {occupant} back in the tray")
        self.notice = f"{label} at {slot}{moved}"

    def _edit(self, layout: Layout) -> None:
        if layout != self.layout:
            self.history.record(self.layout)
            self.layout = layout

    def _need_selection(self, verb: str) -> str | None:
        if self.selected is None or self.selected not in self.layout:
            self.notice = f"select a placed room to {verb} it"
            return None
        return self.selected

    def _main_changed(self, change: dict[str, Any]) -> None:
        if change["new"] is not None and change["new"] != self.layout.main:
            self.set_main(change["new"])

    def _safely(self, handler: Callable[[], Any]) -> None:
        """A button's action; a refusal is shown, not raised into the browser."""
        try:
            handler()
        except (ValueError, KeyError) as error:
            self.notice = f"refused: {error}"
            self.refresh()

    def refresh(self) -> None:
        """Judge the layout (the engine's validate_layout), redraw, and update buttons and messages."""
        self.violations = validate_layout(self.level, self.layout)
        self.paint()
        self.start_button.disabled = not self.valid
        self.start_button.button_style = "success" if self.valid else ""      # green only when it starts
        self.save_button.disabled = not self.valid or self.path is None
        self.undo_button.disabled = not self.history.back
        self.redo_button.disabled = not self.history.forth
        self.rotate_button.disabled = self.rotate_back_button.disabled = self.remove_button.disabled = \
            self.selected is None
        main = main_room(self.level, self.layout)
        if self.main_dropdown.options and self.main_dropdown.value != main and main in self.main_dropdown.options:
            self.main_dropdown.value = main
        self.status.value = status_html(self.violations, self.notice)
        self.message_box.value = violations_html(self.violations)
        self.warning_box.value = warnings_html(self.warnings)

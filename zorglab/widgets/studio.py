"""The Level Studio (issue #14): author a whole level on one page, with the verdict live on every change.

The level is a :class:`~zorglab.level.draft.Draft` (its TOML, edited field by field and re-read by
the loader after each edit); around it: the rooms palette and tile painter, editable rows for every
list of the level, the Maker on the chosen solution's layout (and the Player it opens), and the
live analysis panel (``zorglab.reports.live.summarise`` in a worker thread). Every behaviour is a
method tests call: ``edit`` (what every editor calls), ``choose_solution``, ``play_witness``,
``settle``; and, from :mod:`zorglab.widgets.studio_file`, ``save``, ``save_run``, ``check_disk``, ``reload``.
"""

from __future__ import annotations

import html
import re
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as w

from zorglab.engine.game import setup
from zorglab.engine.layout import Layout
from zorglab.core.registry import hero_types, spell_types
from zorglab.errors import LevelError, OptionError
from zorglab.level.draft import Draft
from zorglab.core.model import Level
from zorglab.core.printer import format_value
from zorglab.core.substitute import _Refused, check_choice
from zorglab.level.save import SavedSolution
from zorglab.widgets.keys import guard
from zorglab.widgets.maker import Maker
from zorglab.widgets.studio_choices import ChoicesEditor, legal_choices
from zorglab.widgets.studio_file import DraftFile, StudioFile
from zorglab.widgets.studio_history import History, Snapshot
from zorglab.widgets.studio_paths import level_files, project_root, resolve, shown
from zorglab.widgets.studio_unsaved import UnsavedWork
from zorglab.widgets.studio_level import board_of, chosen_solution, play_of, solution_layout
from zorglab.widgets.studio_palette import RoomPalette, TilePainter
from zorglab.widgets.studio_panel import AnalysisPanel, Summarise
from zorglab.widgets.studio_rows import FieldsEditor, MirrorsEditor, RowsEditor, VariablesEditor

_LABELLED = re.compile(r"^\s*([A-Za-z][A-Za-z0-9_]*)\s*=\s*(?![=])")


def _signatures(types: tuple[type, ...]) -> str:
    """The registry's types as a designer writes them: ``Warrior(x) · Elf(x, elems) · ...``."""
    return " · ".join(t.signature.describe() for t in types)     # type: ignore[attr-defined]


class Studio(UnsavedWork, StudioFile):
    """The Level Studio on the level file at ``path`` (``Studio.new(path)`` for a new level).

    ``summarise`` replaces the analysis back end (tests pass a fake one); ``debounce`` is the quiet
    time before an analysis starts; ``watch`` the seconds between looks at the file on disk (None:
    only when a handler runs). A relative ``path`` is read from the repository root
    (:mod:`zorglab.widgets.studio_paths`), whatever folder the kernel runs in.
    """

    KEYS = ("z", "Z", "y", "Y")              # with Ctrl (Cmd on macOS): undo, redo

    def __init__(self, path: str | Path, *, summarise: Summarise | None = None, debounce: float = 0.3,
                 seconds: float = 0.8, watch: float | None = 2.0, _draft: Draft | None = None):
        self.root = project_root()
        self.draft = _draft if _draft is not None else Draft.open(resolve(path, self.root))
        self.notice = ""
        self.discarded: str | None = None        # unsaved edits set aside (discarded, or a reload)
        self.discarded_path: Path | None = None  # the file they belong to
        self.question: tuple[str, Callable[[], Any]] | None = None     # asked before unsaved edits go
        self.history = History()
        self.choices: dict[str, Any] = {}        # the player's choices the Maker and the panel use
        self._opened_text = self.draft.text
        self._restoring = False
        self.maker: Maker | None = None
        self.solution: int | None = None
        self.saved: SavedSolution | None = None
        self._lock = threading.RLock()
        self._layout_seen: Layout | None = None
        self._maker_of: Path | None = None
        self.panel = AnalysisPanel(summarise, debounce=debounce, seconds=seconds)
        self.panel.play_button.on_click(lambda _b: self._safely(self.play_witness))
        self.panel.shorten = self._shorten                   # type: ignore[method-assign]
        self._build_widgets()
        self._reopened()
        self._watcher = self._watch(watch) if watch else None

    @classmethod
    def new(cls, path: str | Path, **options: Any) -> "Studio":
        """A Studio on an empty level that *save* will write to ``path`` (which must not exist yet)."""
        target = resolve(path, project_root())
        if target.exists():
            raise OptionError(f"{path} already exists: open it with Studio({str(path)!r})")
        return cls(path, _draft=Draft.new(target), **options)

    def open(self, path: str | Path) -> None:
        """Put another level file in the Studio (the level browser and the file picker call this);
        unsaved edits are not replaced before the page asked (save / discard / cancel)."""
        with self._lock:
            target = resolve(path, self.root)
            try:
                draft = Draft.open(target)
            except (LevelError, OSError) as error:       # not TOML, not there: said, the level shown stays
                self.notice = (f"cannot open {shown(target, self.root)}: {error}; mend it in a text editor "
                               "(zorglab validate says the same)")
                self._refresh()
                return
            self.ask_first(f"open {shown(target, self.root)}",
                           lambda: self._take_draft(draft, f"opened {shown(target, self.root)}"))

    def open_new(self, path: str | Path) -> None:
        """Put an empty level in the Studio that *save* will write to ``path`` (which must not exist
        yet), asking first when the page holds unsaved edits."""
        with self._lock:
            target = resolve(path, self.root)
            if not str(path).strip() or target.is_dir():
                self.notice = "type the new level's file, e.g. levels/my-level.toml"
            elif target.exists():
                self.notice = f"{shown(target, self.root)} already exists: open it instead"
            else:
                self.ask_first(f"start {shown(target, self.root)}", lambda: self._take_draft(
                    Draft.new(target), f"a new level, saved to {shown(target, self.root)} by save"))
                return
            self._refresh()

    def reload_asked(self) -> None:
        """*reload*: read the file again, asking first when the page holds unsaved edits."""
        with self._lock:
            self.ask_first("reload the file from disk", lambda: self.reload())

    def _take_draft(self, draft: Draft, notice: str) -> None:
        """Another level replaces the page: a new history, fresh palette and painter."""
        self.draft = draft
        self.painter.reset()
        self.palette.reset()
        kept = " (the edits set aside can be restored: see the button above)" if self.discarded else ""
        self.notice = notice + kept
        self._reopened()

    def _reopened(self) -> None:
        """The draft was read anew (opened, started, reloaded): its history starts here."""
        self._opened_text = self.draft.text
        self.choices = {}
        self.history.clear()
        self.path_text.value = shown(self.draft.path, self.root) if self.draft.path is not None else ""
        files = level_files(self.root, self.draft.path.parent if self.draft.path is not None else None)
        if list(self.path_text.options) != files:
            self.path_text.options = files
        self._open_draft()

    # --- widgets ----------------------------------------------------------------------------------

    def _build_widgets(self) -> None:
        edit = self.edit
        self.fields = FieldsEditor(edit)
        self.rooms = RowsEditor("rooms", ("rooms",), edit, example="D(2) @ corridor", reorder=True)
        self.heroes = RowsEditor("heroes", ("heroes",), edit, example="Warrior(3)",
                                 hint=_signatures(hero_types()))
        self.spells = RowsEditor("spells", ("spells",), edit, example="Attack(1)",
                                 hint=_signatures(spell_types()))
        self.constraints = RowsEditor("constraints", ("constraints",), edit, example="dist(A, Z) >= 2")
        self.bonuses = RowsEditor("bonuses", ("bonuses",), edit, example="unused(Attack)")
        self.variables = VariablesEditor(edit)
        self.mirrors = MirrorsEditor(edit)
        self.palette = RoomPalette(edit)
        self.painter = TilePainter(edit)
        self.editors: list[Any] = [self.fields, self.rooms, self.heroes, self.spells, self.constraints, self.bonuses,
                        self.variables, self.mirrors, self.palette]
        self.header = w.HTML()
        self.status = w.HTML()
        self.solution_picker = w.Dropdown(description="layout of", layout=w.Layout(width="360px"))
        self.solution_picker.observe(self._solution_changed, names="value")

        def button(description: str, icon: str, handler: Callable[[], Any], tooltip: str) -> w.Button:
            b = w.Button(description=description, icon=icon, tooltip=tooltip, layout=w.Layout(width="auto"))
            b.on_click(lambda _b: self._safely(handler))
            return b

        self.save_button = button("save", "save", self.save,
                                  "write the level file, with this layout, its casts and outcome as a solution")
        self.save_button.button_style = "primary"
        self.save_run_button = button("save the Player's run", "flag", self.save_run,
                                      "write the run the Player shows (casts and outcome) as a solution")
        self.reload_button = button("reload", "refresh", self.reload_asked, "read the level file again from disk")
        self.undo_button = button("undo", "undo", self.undo, "undo the last edit (Ctrl+Z, Cmd+Z on macOS)")
        self.redo_button = button("redo", "repeat", self.redo, "redo (Ctrl+Shift+Z, Cmd+Shift+Z on macOS)")
        self.path_text = w.Combobox(placeholder="levels/my-level.toml", ensure_option=False,
                                    layout=w.Layout(width="280px"),
                                    tooltip="a level file, from the repository root: pick one or type a new one")
        self.path_text.add_class("zorglab-studio-path")
        self.open_button = button("open", "folder-open", lambda: self.open(self.path_text.value.strip()),
                                  "open this level file (paths are from the repository root)")
        self.new_button = button("new", "file", lambda: self.open_new(self.path_text.value.strip()),
                                 "an empty level, saved to this path by save")
        self.path_text.observe(lambda c: setattr(self.open_button, "tooltip", f"open {c['new'].strip()}"),
                               names="value")     # what a click opens: the typed path reached the kernel
        self.choice_editor = ChoicesEditor(self.choose)
        self._build_unsaved_widgets()
        self.maker_box = w.VBox()
        self.maker_box.add_class("zorglab-studio-maker")
        self.save_button.add_class("zorglab-studio-save")
        self.status.add_class("zorglab-studio-status")
        self.browser_box = w.VBox([button("show the levels of this folder", "list", self.show_browser,
                                          "every level of the folder by contract, with its verdict")])
        self.propose_box = w.VBox([button("show the proposer", "magic", self.show_proposer,
                                          "propose proved levels from a brief; open one here to edit")])
        painting = w.VBox([button("start from the tile picked in the palette", "paint-brush", self.paint_picked_tile,
                                  "copy the palette's tile into the painter"), self.painter.widget])
        # one screen (item 6): the rows being edited | the Maker | choices and verdict, side by side;
        # the tools used now and then in tabs below (a tab opens without closing the columns)
        self.tools_tabs = w.Tab(children=[self.palette.widget, painting, self.fields.widget, self.mirrors.widget,
                                          self.browser_box, self.propose_box])
        for index, title in enumerate(("add rooms", "tile painter", "level: id, title, notes", "mirror worlds",
                                       "levels", "propose")):
            self.tools_tabs.set_title(index, title)
        self.tools_tabs.add_class("zorglab-studio-tabs")
        unshrunk = w.Layout(flex="0 0 auto")           # inside a scrolled column: never squeezed to overlap
        editing = w.VBox([w.VBox([self.rooms.widget, self.heroes.widget, self.spells.widget, self.constraints.widget,
                                  self.bonuses.widget, self.variables.widget], layout=unshrunk)],
                         layout=w.Layout(flex="0 0 340px", width="340px", max_height="calc(100vh - 150px)",
                                         overflow="auto", margin="0 8px 0 0"))
        editing.add_class("zorglab-studio-rows")
        self.maker_box.layout = w.Layout(flex="1 1 420px", min_width="400px", overflow="auto", margin="0 8px 0 0")
        verdict = w.VBox([w.VBox([self.choice_editor.widget, self.panel.widget], layout=unshrunk)],
                         layout=w.Layout(flex="1 1 300px", min_width="280px", max_height="calc(100vh - 150px)",
                                         overflow="auto"))
        verdict.add_class("zorglab-studio-verdict")
        columns = w.HBox([editing, self.maker_box, verdict], layout=w.Layout(align_items="flex-start",
                                                                             flex_flow="row wrap"))
        columns.add_class("zorglab-studio-columns")
        tools = w.HBox([self.save_button, self.undo_button, self.redo_button, self.save_run_button,
                        self.reload_button, self.solution_picker, self.path_text, self.open_button, self.new_button,
                        self.restore_button], layout=w.Layout(flex_flow="row wrap"))
        self.undo_button.add_class("zorglab-studio-undo")
        self.redo_button.add_class("zorglab-studio-redo")
        self.widget = w.VBox([self.header, tools, self.question_box, self.status, columns, self.tools_tabs])
        self.widget.add_class("zorglab-studio")
        self.keys = guard(self.widget, lambda *a, **k: self._safely(lambda: self.key(*a, **k)), self.KEYS)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    # --- editing ----------------------------------------------------------------------------------

    def edit(self, change: Callable[[Draft], Any], what: str = "changed") -> bool:
        """Apply one edit to the draft (what every editor calls); False when refused or a no-op."""
        with self._lock:
            said = self.notice
            try:
                if self.check_disk():
                    return False
            except (OSError, ValueError) as error:       # the file cannot be looked at now: say so, edit on
                self.notice = f"cannot look at {self.draft.shown_path}: {error}"
            warning = "" if self.notice == said else f" — {self.notice}"      # the file on disk does not read
            state = self._snapshot(what)
            before = state.text
            try:
                change(self.draft)
            except (LevelError, KeyError, IndexError, ValueError) as error:
                self.notice = f"refused: {error}"
                self.draft.replace_text(before, self.draft.digest)
                self._refresh()
                return False
            if self.draft.text == before:
                return False
            self.history.record(state)
            self.notice = what + warning
            self._changed()
            return True

    # --- choices, undo and redo -------------------------------------------------------------------

    def choose(self, name: str, value: Any) -> None:
        """The player's choice for variable ``name`` (checked against its domain; one undoable step)."""
        with self._lock:
            level = self.draft.level
            if level is None:
                self.notice = "the level has problems: fix them to choose"
                self._refresh()
                return
            variable = next((v for v in level.variables if v.name == name), None)
            if variable is None:
                raise KeyError(f"no variable named {name!r} to choose")
            try:
                value = check_choice(variable, value)
            except _Refused as refused:
                raise ValueError(str(refused)) from None
            if self.choices.get(name) == value:
                return
            self.history.record(self._snapshot(f"choice {name}"))
            self.choices = {**self.choices, name: value}
            self._put_choices()
            self.notice = f"choice {name} = {format_value(value)}"
            self._analyse()
            self._refresh()

    def undo(self) -> None:
        """Undo the last edit of the page (rows, rooms, variables, tiles, fields, layout, choices)."""
        with self._lock:
            state = self.history.undo(self._snapshot())
            self._go_to(state, "undone", "nothing to undo")

    def redo(self) -> None:
        with self._lock:
            state = self.history.redo(self._snapshot())
            self._go_to(state, "redone", "nothing to redo")

    def key(self, key: str, shift: bool = False, ctrl: bool = False, meta: bool = False) -> None:
        """Ctrl+Z (Cmd+Z on macOS) undo; Ctrl+Shift+Z or Ctrl+Y redo: what the page's key guard sends."""
        if not (ctrl or meta):
            return
        if key.lower() == "z":
            self.redo() if shift else self.undo()
        elif key.lower() == "y":
            self.redo()

    def _snapshot(self, what: str = "") -> Snapshot:
        layout = self.maker.layout if self.maker is not None else Layout()
        return Snapshot(self.draft.text, layout, tuple(self.choices.items()), what)

    def _go_to(self, state: Snapshot | None, done: str, nothing: str) -> None:
        if state is None:
            self.notice = nothing
            self._refresh()
            return
        digest, loaded = self.draft.digest, self.draft.loaded_text
        self.draft.replace_text(state.text, digest)
        self.draft.loaded_text = loaded                  # the file on disk is what it was
        self.choices = state.choice_map
        self._restoring = True
        try:
            level = self.draft.level
            if level is None and self.maker is not None:     # the Maker keeps the last sound level
                labels = {room.label for room in self.maker.level.rooms}
                if all(label in labels for label in state.layout):
                    self.maker.layout = state.layout
                    self.maker.refresh()
            elif level is not None:
                if self.maker is None or board_of(self.maker.level) != board_of(level):
                    self._new_maker(level, state.layout, self.choices)
                else:
                    self._close_stale_player(level)
                    self.maker.level = level
                    self.maker.layout = state.layout
                    self.maker.selected = None
                    self._put_choices()
                    self.maker.refresh()
                self._layout_seen = self.maker.layout if self.maker is not None else None
        finally:
            self._restoring = False
        self.notice = f"{done}: {state.what}" if state.what else done
        self._analyse()
        self._refresh()

    def _put_choices(self) -> None:
        """The choices, made legal for the level, into the Maker (a Player of other choices closes)."""
        level = self.draft.level
        self.choices = legal_choices(level, self.choices)
        if self.maker is not None and self.maker.choices != self.choices:
            self.maker.choices = dict(self.choices)
            if self.maker.player is not None:
                self.maker.player, self.maker.players, self.maker.setup = None, {}, None
                self.maker.play_area.children = ()

    def relabel_room(self, index: int, label: str) -> None:
        """Give room ``index`` an explicit label (an empty label goes back to the automatic one)."""
        text = _LABELLED.sub("", self.draft.items(("rooms",))[index], count=1)
        self.edit(lambda d: d.set_item(("rooms",), index, f"{label} = {text}" if label else text),
                  f"room {index + 1} relabelled")

    def paint_picked_tile(self) -> None:
        """Copy the tile picked in the palette into the painter (saved under a new name, it is a new tile)."""
        name = self.palette.tile
        if name is None:
            self.notice = "pick a tile in the palette first"
        else:
            self.painter.load(f"{name}-copy" if name not in self.draft.own_tiles() else name,
                              self.palette.tiles[name].rows)
            self.notice = f"{name} is in the tile painter"
        self._refresh()

    def choose_solution(self, index: int | None) -> None:
        """Open the Maker on solution ``index``'s layout and choices (None: an empty layout)."""
        with self._lock:
            level = self.draft.level
            if level is None:
                self.notice = "the level has problems: fix them to lay it out"
            else:
                self.history.record(self._snapshot(f"layout of solution {index}"))
                self.solution = index
                layout, self.choices = solution_layout(level, index)
                self._new_maker(level, layout, self.choices)
                self._analyse()
            self._refresh()

    # --- analysis ---------------------------------------------------------------------------------

    def settle(self, timeout: float = 60.0) -> bool:
        """Wait for the pending analysis (tests and notebooks use it for a deterministic answer)."""
        return self.panel.settle(timeout)

    @property
    def summary(self) -> Any:
        return self.panel.summary

    def play_witness(self) -> Any:
        """Open the current layout's witness in the Player, under the Maker."""
        from zorglab.level.parse import parse_cast
        from zorglab.widgets.player import Player
        summary, level = self.panel.summary, self.draft.level
        if summary is None or not getattr(summary, "witness", None) or level is None or self.maker is None \
                or self.panel.layout is None or not self.panel.current:
            self.notice = "no witness for the current layout yet"
            self._refresh()
            return None
        casts = [parse_cast(text, level) for text in summary.witness]
        game = setup(level, self.panel.layout, self.maker.choices)
        self.maker.setup = game
        self.maker.player = Player(game, casts, file=self.maker.file)
        self.maker.play_area.children = (self.maker.player.widget,)
        self.notice = "the witness is in the Player below: step through it"
        self._refresh()
        return self.maker.player

    def show_browser(self) -> Any:
        """The level browser on this level's folder; a click on a level opens it here."""
        from zorglab.widgets.levels import LevelBrowser      # written by the "analysis" engineer
        folder = self.draft.path.parent if self.draft.path is not None else Path("levels")
        browser = LevelBrowser(folder, on_open=self.open)
        self.browser_box.children = (browser.widget,)
        return browser

    def show_proposer(self, **options: Any) -> Any:
        """The Propose panel (issue 17): a brief, proved candidates drawn with their figures; *Open*
        writes the candidate beside this level (a normal level file, its witness as a solution)
        and opens it here to edit."""
        from zorglab.widgets.propose import ProposePanel
        folder = self.draft.path.parent if self.draft.path is not None else Path("levels")
        panel = ProposePanel(folder=str(folder), **options)
        panel.on_open = lambda _level, _layout, candidate: self._open_candidate(panel, candidate)
        self.propose_box.children = (panel.widget,)
        return panel

    def _open_candidate(self, panel: Any, candidate: Any) -> None:
        rank = panel.proposal.offered.index(candidate) + 1
        path = panel.path_for(rank)
        written = path if path.exists() else panel.write(rank)   # opened before: open that file again
        if written is not None:                                  # else the panel says why not
            self.open(written)

    # --- internals --------------------------------------------------------------------------------

    def _shorten(self, line: str) -> str:
        """A panel line naming the level's file as the page does (from the repository root)."""
        path = self.draft.path
        return line if path is None else line.replace(str(path), shown(path, self.root))

    def _open_draft(self) -> None:
        level = self.draft.level
        self.solution = chosen_solution(level) if level is not None else None
        if level is not None:
            layout, self.choices = solution_layout(level, self.solution)
            self._new_maker(level, layout, self.choices)
        elif self.maker is None or self._maker_of != self.draft.path:
            self.maker = None
            self.maker_box.children = (w.HTML("<i>the Maker opens once the level loads without problems</i>"),)
        self._analyse()
        self._refresh()

    def _changed(self) -> None:
        self._sync_maker()
        self._analyse()
        self._refresh()

    def _sync_maker(self) -> None:
        """The Maker on the draft's level: kept while the rooms and tiles stand, else rebuilt on the
        same layout (rooms gone from the level leave it)."""
        level = self.draft.level
        if level is not None:
            if self.maker is None:
                self._new_maker(level, Layout(), {})
            elif board_of(self.maker.level) == board_of(level):
                self._close_stale_player(level)
                self.maker.level = level                 # same rooms and tiles: the board stands as drawn
                self._put_choices()                      # a variable added, changed or gone
            else:
                layout = self.maker.layout
                self._new_maker(level, layout, self.choices)

    def _close_stale_player(self, level: Level) -> None:
        if self.maker is not None and play_of(self.maker.level) != play_of(level) and self.maker.player is not None:
            self.maker.player, self.maker.players, self.maker.setup = None, {}, None
            self.maker.play_area.children = ()   # its run was of the level before: never shown stale
            self.notice += "; the Player closed (the level changed): start again"

    def _new_maker(self, level: Level, layout: Layout, choices: dict[str, Any]) -> None:
        labels = {room.label for room in level.rooms}
        for label in [label for label in layout if label not in labels]:
            layout = layout.remove(label)                # rooms gone from the level leave the layout
        if layout.main is not None and layout.main not in labels:
            layout = layout.with_main(None)
        self.choices = legal_choices(level, choices)     # every variable on a legal choice at once
        maker = Maker(level, layout=layout, path=self.draft.path, choices=self.choices)
        maker.file = DraftFile(self)                     # its Players' *save run* goes through the Studio
        maker.save_button.layout.display = "none"        # the Studio's save writes the whole level
        maker.solution_dropdown.layout.display = "none"  # the Studio's *layout of* picks the solution
        maker.undo_button.layout.display = maker.redo_button.layout.display = "none"
        maker.board_box.layout.flex_flow = "row wrap"    # its messages go under the board when narrow
        maker.undo = self.undo                           # type: ignore[method-assign]   # one history:
        maker.redo = self.redo                           # type: ignore[method-assign]   # its Ctrl+Z too
        shown_refresh = maker.refresh

        def refresh() -> None:                           # the Maker tells the Studio of every layout change
            shown_refresh()
            if self.maker is maker and maker.layout != self._layout_seen:
                if not self._restoring and self._layout_seen is not None:
                    self.history.record(Snapshot(self.draft.text, self._layout_seen, tuple(self.choices.items()),
                                                 "layout changed"))
                self._layout_seen = maker.layout
                self._analyse()
                self._refresh()
        maker.refresh = refresh                          # type: ignore[method-assign]
        self.maker = maker
        self._maker_of = self.draft.path                 # the file whose level the Maker shows
        self._layout_seen = maker.layout
        self.maker_box.children = (maker.widget,)

    def _analyse(self) -> None:
        level = self.draft.level
        layout = self.maker.layout if self.maker is not None and level is not None else None
        choices = self.choices if level is not None else {}
        self.panel.request(level if level is not None else self.draft.check,
                           layout if layout is not None and len(layout) else None, choices)

    def _solution_changed(self, change: dict) -> None:
        if self._refreshing:
            return
        self._safely(lambda: self.choose_solution(change["new"]))

    _refreshing = False

    def _safely(self, handler: Callable[[], Any]) -> None:
        """A button's action; a refusal is shown, not raised into the browser."""
        try:
            handler()
        except (ValueError, KeyError, OSError) as error:
            self.notice = f"refused: {error}"
            self._refresh()

    def _refresh(self) -> None:
        self._refreshing = True
        try:
            for editor in self.editors:
                editor.refresh(self.draft)
            level = self.draft.level
            count = len(level.solutions) if level is not None else 0
            options = [("an empty layout", None)] + [
                (f"solution {i}: {s.expect.value if s.expect else '?'}, {len(s.casts)} cast(s)", i)
                for i, s in enumerate(level.solutions if level is not None else ())]
            if list(self.solution_picker.options) != options:
                self.solution_picker.options = options
            self.solution_picker.value = self.solution if self.solution is not None and self.solution < count else None
            path = shown(self.draft.path, self.root)
            title = self.draft.field("title") or self.draft.field("id")
            if self.unsaved:
                state = "● unsaved edits" if self.draft.digest is not None else "● new, not saved yet"
                colour = "#c05000"
            else:
                state, colour = ("new, nothing typed yet" if self.draft.digest is None else "saved"), "#2a7a2a"
            self.header.value = (f"<b>Level Studio</b> — {html.escape(title)} <code>{html.escape(path)}</code> "
                                 f"<span class='zorglab-studio-state' style='color:{colour};font-weight:bold'>"
                                 f"({state})</span>")
            self.status.value = f"<span class='zorglab-studio-notice'>{html.escape(self.notice)}</span>"
            self.save_button.disabled = bool(self.draft.problems)
            self.undo_button.disabled = not self.history.back
            self.redo_button.disabled = not self.history.forth
            self.choice_editor.refresh(level, self.choices)
            self._show_unsaved(path)
        finally:
            self._refreshing = False

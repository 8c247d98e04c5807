"""The Level Studio (issues #14, #24): author a whole level on one page, with the verdict live on every change.

The level is a :class:`~zorglab.level.draft.Draft` (its TOML, edited field by field and re-read by
the loader after each edit); around it (:mod:`~zorglab.widgets.studio_layout`, one screen): editable
rows for every list of the level, the Maker on the chosen solution's layout (and the Player it
opens), the choice pickers and the live analysis panel (``zorglab.reports.live.summarise`` in a
worker thread), and in tabs the rooms palette, tile painter and the rest. Every behaviour is a method
tests call: ``edit`` (what every editor calls), ``open``, ``open_new``, ``reload_asked``,
``choose_solution``, ``play_witness``, ``settle``; ``choose``, ``undo``, ``redo``, ``key``
(:mod:`~zorglab.widgets.studio_edits`); ``answer``, ``restore_discarded``
(:mod:`~zorglab.widgets.studio_unsaved`); ``save``, ``save_run``, ``check_disk``, ``reload``
(:mod:`~zorglab.widgets.studio_file`).
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
from zorglab.errors import LevelError, OptionError
from zorglab.level import files
from zorglab.level.draft import Draft
from zorglab.core.model import Level
from zorglab.level.save import SavedSolution
from zorglab.widgets.keys import KeyGuard
from zorglab.widgets.maker import Maker
from zorglab.widgets.studio_choices import ChoicesEditor
from zorglab.widgets.studio_palette import RoomPalette, TilePainter
from zorglab.widgets.studio_rows import FieldsEditor, MirrorsEditor, RowsEditor, VariablesEditor
from zorglab.widgets.studio_choices import legal_choices
from zorglab.widgets.studio_edits import StudioEdits
from zorglab.widgets.studio_file import DraftFile, StudioFile
from zorglab.widgets.studio_history import History, Snapshot
from zorglab.widgets.studio_paths import level_files, project_root, resolve, shown
from zorglab.widgets.studio_unsaved import UnsavedWork
from zorglab.widgets.studio_level import board_of, chosen_solution, play_of, solution_layout
from zorglab.widgets.studio_panel import AnalysisPanel, Summarise

_LABELLED = re.compile(r"^\s*([A-Za-z][A-Za-z0-9_]*)\s*=\s*(?![=])")


class Studio(StudioEdits, UnsavedWork, StudioFile):
    """The Level Studio on the level file at ``path`` (``Studio.new(path)`` for a new level).

    ``summarise`` replaces the analysis back end (tests pass a fake one); ``debounce`` is the quiet
    time before an analysis starts; ``seconds`` a CPU-seconds safety stop for each analysis (None:
    none; its figures are counted in states); ``watch`` the seconds between looks at the file on disk (None:
    only when a handler runs). A relative ``path`` is read from the repository root ``root``
    (default: found from the working folder, :mod:`zorglab.widgets.studio_paths`), whatever folder
    the kernel runs in.
    """

    KEYS = ("z", "Z", "y", "Y")              # with Ctrl (Cmd on macOS): undo, redo

    # the page's widgets (zorglab.widgets.studio_layout.build makes them)
    fields: FieldsEditor
    rooms: RowsEditor
    heroes: RowsEditor
    spells: RowsEditor
    constraints: RowsEditor
    bonuses: RowsEditor
    variables: VariablesEditor
    mirrors: MirrorsEditor
    palette: RoomPalette
    painter: TilePainter
    choice_editor: ChoicesEditor
    editors: list[Any]
    header: w.HTML
    status: w.HTML
    solution_picker: w.Dropdown
    save_button: w.Button
    save_run_button: w.Button
    reload_button: w.Button
    undo_button: w.Button
    redo_button: w.Button
    open_button: w.Button
    new_button: w.Button
    path_text: w.Combobox
    maker_box: w.VBox
    browser_box: w.VBox
    propose_box: w.VBox
    tools_tabs: w.Tab
    keys: KeyGuard
    widget: w.VBox

    def __init__(self, path: str | Path, *, summarise: Summarise | None = None, debounce: float = 0.3,
                 seconds: float | None = None, watch: float | None = 2.0, root: str | Path | None = None,
                 _draft: Draft | None = None):
        self.root = Path(root).resolve() if root is not None else project_root()
        self.notice = ""
        self.draft = _draft if _draft is not None else self._first_draft(resolve(path, self.root))   # never raises: a notice
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
        root = options.get("root")
        target = resolve(path, Path(root).resolve() if root is not None else project_root())
        if files.exists(target):
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
            elif files.exists(target):
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
        listed = level_files(self.root, self.draft.path.parent if self.draft.path is not None else None)
        if list(self.path_text.options) != listed:
            self.path_text.options = listed
        self._open_draft()

    # --- widgets ----------------------------------------------------------------------------------

    def _build_widgets(self) -> None:
        from zorglab.widgets.studio_layout import build
        build(self)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The live page; where no live page can show (a notebook opened before its cells ran), a
        line saying what to run instead of the widget's raw ``VBox(children=...)`` repr."""
        bundle = self.widget._repr_mimebundle_(**kwargs)
        if isinstance(bundle, dict):
            bundle["text/plain"] = (f"Level Studio on {shown(self.draft.path, self.root)}: run this cell "
                                    "(Shift+Enter) to open it here")
        return bundle

    # --- editing ----------------------------------------------------------------------------------

    def edit(self, change: Callable[[Draft], Any], what: str = "changed",
             basis: tuple[int, int] | None = None) -> bool:
        """Apply one edit to the draft (what every editor calls); False when refused or a no-op. An edit
        computed against an older text (``basis``, by default the draft as this call began: a reload may
        land while it waits for the lock) is dropped with a word, never applied over the reloaded text."""
        basis = basis if basis is not None else self.draft.basis()
        with self._lock:
            if self.draft.basis() != basis:
                self.notice = (f"{what}: not applied — the level was reloaded while you typed it; "
                               "type it again on the text shown now")
                self._refresh()
                return False
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
        maker = Maker(level, layout=layout, path=self.draft.path, choices=self.choices, cell=18)   # one screen
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
                                                 "layout edit"))
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

    def _solution_changed(self, change: dict[str, Any]) -> None:
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

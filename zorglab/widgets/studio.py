"""The Level Studio (issues #14, #24): author a whole level on one page, with the verdict live on every change.

The level is a :class:`~zorglab.level.draft.Draft` (its TOML, edited field by field and re-read by
the loader after each edit); around it, on one screen (:mod:`~zorglab.widgets.studio_layout`), the
rows of every list, the Maker, the choice pickers and the live analysis panel, with tools in tabs.
The Studio owns one object per part, its collaborators named when it is made: ``file`` (save,
reload, the disk), ``unsaved_work`` (the question before unsaved edits go), ``edits`` (choices,
undo, redo), ``board`` (the Maker) and ``tools`` (level browser, proposer). Every behaviour is a
method tests call: ``edit`` (what every editor calls), ``open``, ``open_new``, ``reload_asked``,
``choose_solution``, ``play_witness``, ``choose``, ``undo``, ``save``, ``check_disk``...
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

import ipywidgets as w

from zorglab.core.model import Cast, Level, Outcome
from zorglab.engine.layout import Layout
from zorglab.errors import LevelError, OptionError
from zorglab.level import files
from zorglab.level.draft import Draft
from zorglab.level.save import SavedSolution
from zorglab.widgets.keys import KeyGuard
from zorglab.widgets.maker import Maker
from zorglab.widgets.studio_choices import ChoicesEditor
from zorglab.widgets.closing import close_tree
from zorglab.widgets.studio_edits import StudioEdits
from zorglab.widgets.studio_file import DraftFile, StudioFile, first_draft
from zorglab.widgets.studio_history import History
from zorglab.widgets.studio_layout import build, show
from zorglab.widgets.studio_level import chosen_solution, solution_layout
from zorglab.widgets.studio_maker import MakerSlot
from zorglab.widgets.studio_palette import RoomPalette, TilePainter
from zorglab.widgets.studio_panel import DEBOUNCE, AnalysisPanel, Summarise
from zorglab.level.folders import OutsideRootError, project_root
from zorglab.widgets.studio_paths import level_files, resolve, shown
from zorglab.widgets.studio_paths import target as path_target
from zorglab.widgets.studio_list import RowsEditor
from zorglab.widgets.studio_save_as import save_as
from zorglab.widgets.studio_rows import FieldsEditor, MirrorsEditor, VariablesEditor
from zorglab.widgets.studio_solutions import SolutionsEditor
from zorglab.widgets.studio_tools import StudioTools
from zorglab.widgets.studio_unsaved import UnsavedWork

_LABELLED = re.compile(r"^\s*([A-Za-z][A-Za-z0-9_]*)\s*=\s*(?![=])")


class Studio:
    """The Level Studio on the level file at ``path`` (``Studio.new(path)`` for a new level).

    ``summarise`` replaces the analysis back end (tests pass a fake one); ``debounce`` is the quiet
    time before an analysis starts; ``seconds`` a CPU-seconds safety stop for each analysis (None:
    none; its figures are counted in states); ``watch`` the seconds between looks at the file on disk (None:
    only when a handler runs). A relative ``path`` is read from the repository root ``root``
    (default: found from the working folder, :mod:`zorglab.widgets.studio_paths`), whatever folder
    the kernel runs in; with ``confine`` (the app) a file outside that root, symlinks followed, is
    neither opened nor saved. :meth:`close` frees its widgets.
    """

    KEYS = ("z", "Z", "y", "Y", "s", "S")    # with Ctrl (Cmd on macOS): undo, redo, save

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
    solutions: SolutionsEditor
    choice_editor: ChoicesEditor
    editors: list[Any]
    header: w.HTML
    status: w.HTML
    solution_picker: w.Dropdown
    save_button: w.Button
    save_run_button: w.Button
    save_as_button: w.Button
    reload_button: w.Button
    undo_button: w.Button
    redo_button: w.Button
    open_button: w.Button
    new_button: w.Button
    path_text: w.Combobox
    tools_tabs: w.Tab
    keys: KeyGuard
    widget: w.VBox

    def __init__(self, path: str | Path, *, summarise: Summarise | None = None, debounce: float = DEBOUNCE,
                 seconds: float | None = None, watch: float | None = 2.0, root: str | Path | None = None,
                 confine: bool = False, _draft: Draft | None = None):
        self.root = Path(root).resolve() if root is not None else project_root()
        self.confined = self.root if confine else None     # the app: files inside the repository only
        if _draft is not None:
            self.draft, self.notice, unreadable = _draft, "", None
        else:                                     # never raises: a notice
            self.draft, self.notice, unreadable = first_draft(resolve(path, self.root))
        self.history = History()
        self.choices: dict[str, Any] = {}        # the player's choices the Maker and the panel use
        self.solution: int | None = None
        self.saved: SavedSolution | None = None
        self._lock = threading.RLock()
        self.panel = AnalysisPanel(summarise, debounce=debounce, seconds=seconds)
        self.panel.play_button.on_click(lambda _b: self.safely(self.play_witness))
        self.panel.miss_button.on_click(lambda _b: self.safely(self.play_miss))
        self.panel.shorten = self._shorten                   # type: ignore[method-assign]
        self.unsaved_work = UnsavedWork(self)
        self.board = MakerSlot(self, self.history)
        self.file = StudioFile(self, self.unsaved_work, self.board, self.panel, self._lock, unreadable)
        self.board.file = DraftFile(self.file)           # the Maker's Players save through the Studio
        self.edits = StudioEdits(self, self.board, self.history, self._lock)
        self.tools = StudioTools(self.open, lambda: self.draft.path)
        build(self)
        self.reopened()
        self._watcher = self.file.watch(watch, self) if watch else None

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
            try:
                target = path_target(path, self.root, self.confined)
            except OutsideRootError as error:
                self.notice = f"not opened: {error}"
                self.refresh()
                return
            try:
                draft = Draft.open(target)
            except (LevelError, OSError) as error:       # not TOML, not there: said, the level shown stays
                self.notice = (f"cannot open {shown(target, self.root)}: {error}; mend it in a text editor "
                               "(zorglab validate says the same)")
                self.refresh()
                return
            self.unsaved_work.ask_first(f"open {shown(target, self.root)}",
                                        lambda: self.take_draft(draft, f"opened {shown(target, self.root)}"))

    def open_new(self, path: str | Path) -> None:
        """Put an empty level in the Studio that *save* will write to ``path`` (which must not exist
        yet), asking first when the page holds unsaved edits."""
        with self._lock:
            try:
                target = path_target(path, self.root, self.confined)
            except OutsideRootError as error:
                self.notice = f"not started: {error}"
                self.refresh()
                return
            if not str(path).strip() or target.is_dir():
                self.notice = "type the new level's file, e.g. levels/my-level.toml"
            elif files.exists(target):
                self.notice = f"{shown(target, self.root)} already exists: open it instead"
            else:
                self.unsaved_work.ask_first(f"start {shown(target, self.root)}", lambda: self.take_draft(
                    Draft.new(target), f"a new level, saved to {shown(target, self.root)} by save"))
                return
            self.refresh()

    def reload_asked(self) -> None:
        """*reload*: read the file again, asking first when the page holds unsaved edits."""
        with self._lock:
            self.unsaved_work.ask_first("reload the file from disk", lambda: self.file.reload())

    def take_draft(self, draft: Draft, notice: str) -> None:
        """Another level replaces the page: a new history, fresh palette and painter."""
        self.draft = draft
        self.painter.reset()
        self.palette.reset()
        kept = " (the edits set aside can be restored: see the button above)" if self.discarded else ""
        self.notice = notice + kept
        self.reopened()

    def reopened(self) -> None:
        """The draft was read anew (opened, started, reloaded): its history starts here, the Maker
        opens on its chosen solution."""
        self.unsaved_work.opened_text = self.draft.text
        self.choices = {}
        self.history.clear()
        self.path_text.value = shown(self.draft.path, self.root) if self.draft.path is not None else ""
        listed = level_files(self.root, self.draft.path.parent if self.draft.path is not None else None)
        if list(self.path_text.options) != listed:
            self.path_text.options = listed
        level = self.draft.level
        self.solution = chosen_solution(level) if level is not None else None
        if level is not None:
            layout, self.choices = solution_layout(level, self.solution)
            self.board.put(level, layout, self.choices)
        else:
            self.board.show_nothing()
        self.analyse()
        self.refresh()

    def close(self) -> None:
        """Close the page: its widgets are freed, the file no longer watched."""
        self._watcher = None
        self.file.stop()
        self.board.close()
        close_tree(self.widget)

    # --- widgets ----------------------------------------------------------------------------------

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
        land while it waits for the lock; or typed in a page that had not shown the reloaded text yet:
        :attr:`UnsavedWork.page_behind`) is dropped with a word, never applied over the reloaded text."""
        basis = basis if basis is not None else self.draft.basis()
        with self._lock:
            if self.draft.basis() != basis or self.unsaved_work.page_behind:
                self.notice = (f"{what}: not applied — the level was reloaded while you typed it; "
                               "type it again on the text shown now")
                self.refresh()
                return False
            said = self.notice
            try:
                if self.file.check_disk():
                    return False
            except (OSError, ValueError) as error:       # the file cannot be looked at now: say so, edit on
                self.notice = f"cannot look at {self.draft.shown_path}: {error}"
            warning = "" if self.notice == said else f" — {self.notice}"      # the file on disk does not read
            state = self.edits.snapshot(what)
            before = state.text
            try:
                change(self.draft)
            except (LevelError, KeyError, IndexError, ValueError) as error:
                self.notice = f"refused: {error}"
                self.draft.replace_text(before, self.draft.digest)
                self.refresh()
                return False
            if self.draft.text == before:
                return False
            self.history.record(state)
            if self.draft.renamed:                   # the solutions followed a rename (zorglab.level.renames)
                warning = "; the solutions follow: " + ", ".join(f"{a} → {b}" for a, b in self.draft.renamed.items()) \
                    + warning
            self.notice = what + warning
            if self.draft.renamed:
                self.board.follow(self.draft.renamed)
            self.board.sync()
            self.analyse()
            self.refresh()
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
        self.refresh()

    def choose_solution(self, index: int | None) -> None:
        """Open the Maker on solution ``index``'s layout and choices (None: an empty layout)."""
        with self._lock:
            level = self.draft.level
            if level is None:
                self.notice = "the level has problems: fix them to lay it out"
            else:
                self.history.record(self.edits.snapshot(f"layout of solution {index}"))
                self.solution = index
                layout, self.choices = solution_layout(level, index)
                self.board.put(level, layout, self.choices)
                self.analyse()
            self.refresh()

    # --- the parts the Studio owns, as tests and the page's buttons call them ---------------------

    @property
    def maker(self) -> Maker | None:
        """The Maker on the page (None until the level first loads)."""
        return self.board.maker

    @property
    def path(self) -> Path:
        return self.file.path

    @property
    def unsaved(self) -> bool:
        return self.unsaved_work.unsaved

    @property
    def discarded(self) -> str | None:
        return self.unsaved_work.discarded

    @property
    def question(self) -> tuple[str, Callable[[], Any]] | None:
        return self.unsaved_work.question

    def answer(self, choice: str) -> None:
        self.unsaved_work.answer(choice)

    def restore_discarded(self) -> None:
        self.unsaved_work.restore_discarded()

    def save(self) -> SavedSolution | None:
        return self.file.save()

    def save_run(self) -> SavedSolution | None:
        return self.file.save_run()

    def save_as(self, path: str | Path) -> Path | None:
        """The level as edited (solutions included) written to the new file ``path`` inside the
        repository, then edited there (:mod:`zorglab.widgets.studio_save_as`)."""
        with self._lock:
            return save_as(self, path)

    def save_solution_of(self, layout: Layout, casts: Iterable[str | Cast] = (), expect: Outcome | str | None = None,
                         choices: Mapping[str, Any] | None = None,
                         mirror_casts: Mapping[str, Iterable[str | Cast]] | None = None) -> SavedSolution:
        return self.file.save_solution_of(layout, casts, expect, choices, mirror_casts)

    def check_disk(self) -> bool:
        return self.file.check_disk()

    def reload(self, because: str = "reloaded") -> bool:
        return self.file.reload(because)

    def choose(self, name: str, value: Any) -> None:
        self.edits.choose(name, value)

    def undo(self) -> None:
        self.edits.undo()

    def redo(self) -> None:
        self.edits.redo()

    def key(self, key: str, shift: bool = False, ctrl: bool = False, meta: bool = False) -> None:
        self.edits.key(key, shift, ctrl, meta)

    # --- analysis ---------------------------------------------------------------------------------

    def settle(self, timeout: float = 60.0) -> bool:
        """Wait for the pending analysis (tests and notebooks use it for a deterministic answer)."""
        return self.panel.settle(timeout)

    @property
    def summary(self) -> Any:
        return self.panel.summary

    def analyse(self) -> None:
        """Ask the panel for the level (or its problems) on the Maker's layout and the choices."""
        level, maker = self.draft.level, self.board.maker
        layout = maker.layout if maker is not None and level is not None else None
        self.panel.request(level if level is not None else self.draft.check,
                           layout if layout is not None and len(layout) else None,
                           self.choices if level is not None else {})

    def play_witness(self) -> Any:
        """Open the current layout's witness in the Player, under the Maker."""
        player = self.board.play_witness(self.panel, self.draft.level)
        self.notice = ("the witness is in the Player below: step through it" if player is not None
                       else "no witness for the current layout yet")
        self.refresh()
        return player

    def play_solution(self, index: int) -> Any:
        """Solution ``index`` laid out in the Maker and its casts played in the Player under it."""
        self.choose_solution(index)
        level = self.draft.level
        if level is None or self.solution != index:
            return None
        player = self.board.play_casts(level, level.solutions[index].casts)
        self.notice = f"solution {index} is in the Player below: step through it"
        self.refresh()
        return player

    def play_miss(self) -> Any:
        """The closest miss of an unsolvable layout played in the Player (issue 39 item 2)."""
        summary, level = self.panel.summary, self.draft.level
        casts = getattr(summary, "miss_casts", ()) if self.panel.current else ()
        if level is None or summary is None or not self.panel.current or \
                getattr(summary, "layout_verdict", None) != "unsolvable" or getattr(summary, "miss_world", "") == "":
            self.notice = "no closest miss for the current layout (the analysis finds one for an unsolvable layout)"
            self.refresh()
            return None
        player = self.board.play_casts(level, casts)
        self.notice = "the closest miss is in the Player below: see where it falls short"
        self.refresh()
        return player

    def show_browser(self) -> Any:
        """The level browser on this level's folder; a click on a level opens it here."""
        return self.tools.show_browser()

    def show_proposer(self, **options: Any) -> Any:
        """The Propose panel (issue 17); *Open* writes a candidate beside this level and opens it here."""
        return self.tools.show_proposer(**options)

    # --- the page ---------------------------------------------------------------------------------

    def _shorten(self, line: str) -> str:
        """A panel line naming the level's file as the page does (from the repository root)."""
        path = self.draft.path
        return line if path is None else line.replace(str(path), shown(path, self.root))

    def solution_menu_changed(self, change: dict[str, Any]) -> None:
        if not self.refreshing:
            self.safely(lambda: self.choose_solution(change["new"]))

    refreshing = False                   # the page is being shown from the draft: its changes are not edits

    def safely(self, handler: Callable[[], Any]) -> None:
        """A button's action; a refusal is shown, not raised into the browser."""
        try:
            handler()
        except (ValueError, KeyError, OSError) as error:
            self.notice = f"refused: {error}"
            self.refresh()

    def refresh(self) -> None:
        """Every part of the page shown from the draft (each editor touches only what changed)."""
        self.refreshing = True
        try:
            show(self)
        finally:
            self.refreshing = False

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
from zorglab.level import files
from zorglab.level.draft import Draft
from zorglab.core.model import Level
from zorglab.level.save import SavedSolution
from zorglab.widgets.maker import Maker
from zorglab.widgets.studio_file import DraftFile, StudioFile
from zorglab.widgets.studio_level import board_of, chosen_solution, play_of, solution_layout
from zorglab.widgets.studio_palette import RoomPalette, TilePainter
from zorglab.widgets.studio_panel import AnalysisPanel, Summarise
from zorglab.widgets.studio_rows import FieldsEditor, MirrorsEditor, RowsEditor, VariablesEditor

_LABELLED = re.compile(r"^\s*([A-Za-z][A-Za-z0-9_]*)\s*=\s*(?![=])")


def _signatures(types: tuple[type, ...]) -> str:
    """The registry's types as a designer writes them: ``Warrior(x) · Elf(x, elems) · ...``."""
    return " · ".join(t.signature.describe() for t in types)     # type: ignore[attr-defined]


class Studio(StudioFile):
    """The Level Studio on the level file at ``path`` (``Studio.new(path)`` for a new level).

    ``summarise`` replaces the analysis back end (tests pass a fake one); ``debounce`` is the quiet
    time before an analysis starts; ``watch`` the seconds between looks at the file on disk (None:
    only when a handler runs).
    """

    def __init__(self, path: str | Path, *, summarise: Summarise | None = None, debounce: float = 0.3,
                 seconds: float = 0.8, watch: float | None = 2.0, _draft: Draft | None = None):
        self.notice = ""
        self.draft = _draft if _draft is not None else self._first_draft(path)   # never raises: a notice
        self.discarded: str | None = None        # unsaved edits set aside by a reload
        self.maker: Maker | None = None
        self.solution: int | None = None
        self.saved: SavedSolution | None = None
        self._lock = threading.RLock()
        self._layout_seen: Layout | None = None
        self._maker_of: Path | None = None
        self.panel = AnalysisPanel(summarise, debounce=debounce, seconds=seconds)
        self.panel.play_button.on_click(lambda _b: self._safely(self.play_witness))
        self._build_widgets()
        self._open_draft()
        self._watcher = self._watch(watch) if watch else None

    @classmethod
    def new(cls, path: str | Path, **options: Any) -> "Studio":
        """A Studio on an empty level that *save* will write to ``path`` (which must not exist yet)."""
        if files.exists(path):
            raise OptionError(f"{path} already exists: open it with Studio({str(path)!r})")
        return cls(path, _draft=Draft.new(path), **options)

    def open(self, path: str | Path) -> None:
        """Put another level file in the Studio (the level browser calls this)."""
        with self._lock:
            try:
                draft = Draft.open(path)
            except (LevelError, OSError) as error:       # not TOML, not there: said, the level shown stays
                self.notice = f"cannot open {path}: {error}; mend it in a text editor (zorglab validate says the same)"
                self._refresh()
                return
            self.discarded = self.draft.text if self.draft.dirty else None
            self.draft = draft
            kept = f" (the unsaved edits of the level before are in studio.discarded)" if self.discarded else ""
            self.notice = f"opened {path}{kept}"
            self._open_draft()

    def open_new(self, path: str | Path) -> None:
        """Put an empty level in the Studio that *save* will write to ``path`` (which must not exist yet)."""
        with self._lock:
            if files.exists(path):
                self.notice = f"{path} already exists: open it instead"
                self._refresh()
                return
            self.discarded = self.draft.text if self.draft.dirty else None
            self.draft = Draft.new(path)
            self.notice = f"a new level, saved to {path} by save" + (
                " (the unsaved edits of the level before are in studio.discarded)" if self.discarded else "")
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
        self.reload_button = button("reload", "refresh", self.reload, "read the level file again from disk")
        self.path_text = w.Text(placeholder="levels/my-level.toml", layout=w.Layout(width="240px"))
        self.open_button = button("open", "folder-open", lambda: self.open(self.path_text.value.strip()),
                                  "open this level file")
        self.new_button = button("new", "file", lambda: self.open_new(self.path_text.value.strip()),
                                 "an empty level, saved to this path")
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
        more = w.Accordion(children=[self.fields.widget, w.HBox([self.constraints.widget, self.bonuses.widget]),
                                     self.variables.widget, self.mirrors.widget, painting,
                                     self.browser_box, self.propose_box])
        for index, title in enumerate(("level: id, title, contract, notes", "constraints and bonuses",
                                       "variables", "mirror worlds", "tile painter", "levels", "propose")):
            more.set_title(index, title)
        more.selected_index = None
        editing = w.VBox([w.HBox([self.rooms.widget, self.palette.widget]),
                          w.HBox([self.heroes.widget, self.spells.widget]), more],
                         layout=w.Layout(flex="0 0 auto", margin="0 12px 0 0"))
        tools = w.HBox([self.save_button, self.save_run_button, self.reload_button, self.solution_picker,
                        self.path_text, self.open_button, self.new_button], layout=w.Layout(flex_flow="row wrap"))
        self.widget = w.VBox([self.header, tools, self.status, w.HBox([editing, self.panel.widget], layout=w.Layout(flex_flow="row wrap")),
                              self.maker_box])
        self.widget.add_class("zorglab-studio")

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

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
            before = self.draft.text
            try:
                change(self.draft)
            except (LevelError, KeyError, IndexError, ValueError) as error:
                self.notice = f"refused: {error}"
                self.draft.replace_text(before, self.draft.digest)
                self._refresh()
                return False
            if self.draft.text == before:
                return False
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
                self.solution = index
                self._new_maker(level, *solution_layout(level, index))
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

    def _open_draft(self) -> None:
        level = self.draft.level
        self.solution = chosen_solution(level) if level is not None else None
        if level is not None:
            self._new_maker(level, *solution_layout(level, self.solution))
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
                if play_of(self.maker.level) != play_of(level) and self.maker.player is not None:
                    self.maker.player, self.maker.players, self.maker.setup = None, {}, None
                    self.maker.play_area.children = ()   # its run was of the level before: never shown stale
                    self.notice += "; the Player closed (the level changed): start again"
                self.maker.level = level                 # same rooms and tiles: the board stands as drawn
            else:
                labels = {room.label for room in level.rooms}
                layout = self.maker.layout
                for label in [label for label in layout if label not in labels]:
                    layout = layout.remove(label)
                if layout.main is not None and layout.main not in labels:
                    layout = layout.with_main(None)
                self._new_maker(level, layout, self.maker.choices)

    def _new_maker(self, level: Level, layout: Layout, choices: dict[str, Any]) -> None:
        maker = Maker(level, layout=layout, path=self.draft.path, choices=choices)
        maker.file = DraftFile(self)                     # its Players' *save run* goes through the Studio
        maker.save_button.layout.display = "none"        # the Studio's save writes the whole level
        maker.solution_dropdown.layout.display = "none"  # the Studio's *layout of* picks the solution
        shown_refresh = maker.refresh

        def refresh() -> None:                           # the Maker tells the Studio of every layout change
            shown_refresh()
            if self.maker is maker and maker.layout != self._layout_seen:
                self._layout_seen = maker.layout
                self._analyse()
        maker.refresh = refresh                          # type: ignore[method-assign]
        self.maker = maker
        self._maker_of = self.draft.path                 # the file whose level the Maker shows
        self._layout_seen = maker.layout
        self.maker_box.children = (maker.widget,)

    def _analyse(self) -> None:
        level = self.draft.level
        layout = self.maker.layout if self.maker is not None and level is not None else None
        choices = self.maker.choices if self.maker is not None else {}
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
            path = self.draft.shown_path
            title = self.draft.field("title") or self.draft.field("id")
            state = "new, not saved yet" if self.draft.digest is None else (
                "unsaved edits" if self.draft.dirty else "saved")
            self.header.value = (f"<b>Level Studio</b> — {html.escape(title)} <code>{html.escape(path)}</code> "
                                 f"<span class='zorglab-studio-state'>({state})</span>")
            self.status.value = f"<span class='zorglab-studio-notice'>{html.escape(self.notice)}</span>"
            self.save_button.disabled = bool(self.draft.problems)
        finally:
            self._refreshing = False

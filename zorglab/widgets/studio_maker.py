"""The Maker on the Studio's page: built on the draft's level and the chosen solution's layout, kept
while the level's rooms and tiles stand (the board stays as drawn), rebuilt on the same layout when
they change (the Maker before it closed, its widgets freed). Its layout changes are steps of the
Studio's one history; a Player whose level or choices changed is closed, never left showing a run
of the level before; the panel's witness opens in a Player under it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

import ipywidgets as w

from zorglab.core.model import Level
from zorglab.engine.game import setup
from zorglab.engine.layout import Layout
from zorglab.level.draft import Draft
from zorglab.widgets.maker import Maker
from zorglab.widgets.saving import LevelFile
from zorglab.widgets.studio_choices import legal_choices
from zorglab.widgets.closing import close_tree
from zorglab.widgets.studio_history import History, Snapshot
from zorglab.widgets.studio_level import board_of, play_of
from zorglab.widgets.studio_panel import AnalysisPanel

PLAYER_WIDTH = 320     # px of the middle column at 1366 x 768 with JupyterLab's file browser open (336 measured)


class MakerPage(Protocol):
    """What the Maker's place needs of the Studio."""

    draft: Draft
    notice: str
    choices: dict[str, Any]

    def undo(self) -> None: ...

    def redo(self) -> None: ...

    def analyse(self) -> None: ...

    def refresh(self) -> None: ...


class MakerSlot:
    """The Maker the Studio shows in ``box`` (None while the level has never loaded); ``file`` is the
    level file its Players save through; every layout change is recorded in ``history``."""

    def __init__(self, page: MakerPage, history: History, file: LevelFile | None = None):
        self.page = page
        self.history = history
        self.file = file
        self.maker: Maker | None = None
        self.of: Path | None = None               # the file whose level the Maker shows
        self.layout_seen: Layout | None = None    # the layout last recorded in the history
        self.restoring = False                    # an undo puts a layout back: not a new step
        self.box = w.VBox()
        self.box.add_class("zorglab-studio-maker")

    def put(self, level: Level, layout: Layout, choices: dict[str, Any]) -> None:
        """A new Maker on ``level`` and ``layout`` (rooms gone from the level leave the layout); the
        Maker before it is closed."""
        labels = {room.label for room in level.rooms}
        for label in [label for label in layout if label not in labels]:
            layout = layout.remove(label)
        if layout.main is not None and layout.main not in labels:
            layout = layout.with_main(None)
        self.page.choices = legal_choices(level, choices)     # every variable on a legal choice at once
        maker = Maker(level, layout=layout, path=self.page.draft.path, choices=self.page.choices, cell=18)
        maker.file = self.file                           # its Players' *save run* goes through the Studio
        maker.on_start = self.fit_players                # its Players fit the Studio's middle column
        maker.save_button.layout.display = "none"        # the Studio's save writes the whole level
        maker.solution_dropdown.layout.display = "none"  # the Studio's *layout of* picks the solution
        maker.undo_button.layout.display = maker.redo_button.layout.display = "none"
        maker.board_box.layout.flex_flow = "row wrap"    # its messages go under the board when narrow
        maker.undo = self.page.undo                      # type: ignore[method-assign]   # one history:
        maker.redo = self.page.redo                      # type: ignore[method-assign]   # its Ctrl+Z too
        shown_refresh = maker.refresh

        def refresh() -> None:                           # the Maker tells the Studio of every layout change
            shown_refresh()
            if self.maker is maker and maker.layout != self.layout_seen:
                if not self.restoring and self.layout_seen is not None:
                    self.history.record(Snapshot(self.page.draft.text, self.layout_seen,
                                                 tuple(self.page.choices.items()), "layout edit"))
                self.layout_seen = maker.layout
                self.page.analyse()
                self.page.refresh()
        maker.refresh = refresh                          # type: ignore[method-assign]
        self.close()
        self.maker = maker
        self.of = self.page.draft.path
        self.layout_seen = maker.layout
        self.box.children = (maker.widget,)

    def sync(self) -> None:
        """The Maker on the draft's level: kept while the rooms and tiles stand, else rebuilt on the
        same layout."""
        level = self.page.draft.level
        if level is None:
            return
        if self.maker is None:
            self.put(level, Layout(), {})
        elif board_of(self.maker.level) == board_of(level):
            self.close_stale_player(level)
            self.maker.level = level                     # same rooms and tiles: the board stands as drawn
            self.put_choices()                           # a variable added, changed or gone
        else:
            self.put(level, self.maker.layout, self.page.choices)

    def follow(self, names: dict[str, str]) -> None:
        """Rooms renamed by an edit (``old -> new``): the Maker's layout keeps them, under their new
        labels, as the saved solutions do (issue 39)."""
        maker = self.maker
        if maker is None or not any(label in names for label in maker.layout) and maker.layout.main not in names:
            return
        layout = maker.layout
        main = layout.main
        maker.layout = Layout.of([(names.get(label, label), layout[label]) for label in layout],
                                 main=names.get(main, main) if main is not None else None)
        self.layout_seen = maker.layout

    def show_nothing(self) -> None:
        """No level loads yet on a file the Maker never showed: say so where the Maker goes."""
        if self.maker is None or self.of != self.page.draft.path:
            self.close()
            self.box.children = (w.HTML("<i>the Maker opens once the level loads without problems</i>"),)

    def close_stale_player(self, level: Level) -> None:
        """A Player of a level whose heroes, spells or conditions changed is closed."""
        if self.maker is not None and play_of(self.maker.level) != play_of(level) and self.maker.player is not None:
            self.close_player()
            self.page.notice += "; the Player closed (the level changed): start again"

    def put_choices(self) -> None:
        """The choices, made legal for the level, into the Maker (a Player of other choices closes)."""
        self.page.choices = legal_choices(self.page.draft.level, self.page.choices)
        if self.maker is not None and self.maker.choices != self.page.choices:
            self.maker.choices = dict(self.page.choices)
            if self.maker.player is not None:
                self.close_player()

    def close_player(self) -> None:
        """The Maker's Players closed: their run was of another level or other choices."""
        if self.maker is not None:
            players = [p for p in self.maker.players.values() if p is not None] + [self.maker.player]
            self.maker.player, self.maker.players, self.maker.setup = None, {}, None
            shown = self.maker.play_area.children
            self.maker.play_area.children = ()
            for widget in {id(x): x for x in [*shown, *(getattr(p, "widget", None) for p in players)]
                           if isinstance(x, w.Widget)}.values():
                close_tree(widget)

    def play_witness(self, panel: AnalysisPanel, level: Level | None) -> Any:
        """The witness the panel shows for the current layout in a Player under the Maker (None:
        no witness for it yet)."""
        from zorglab.level.parse import parse_cast
        summary = panel.summary
        if summary is None or not getattr(summary, "witness", None) or level is None or self.maker is None \
                or panel.layout is None or not panel.current:
            return None
        return self.play_casts(level, [parse_cast(text, level) for text in summary.witness])

    def play_casts(self, level: Level, casts: Any) -> Any:
        """The Maker's layout and choices played in a Player under it, with ``casts`` ready to step
        through (a witness, a saved solution, the closest miss)."""
        from zorglab.widgets.player import Player
        if self.maker is None:
            return None
        game = setup(level, self.maker.layout, self.maker.choices)
        self.close_player()
        self.maker.setup = game
        self.maker.player = Player(game, list(casts), file=self.maker.file)
        self.maker.player.fit(PLAYER_WIDTH)
        self.maker.play_area.children = (self.maker.player.widget,)
        return self.maker.player

    def fit_players(self, _setup: Any = None) -> None:
        """The Maker's Players (one per world) drawn within the Studio's middle column."""
        if self.maker is not None:
            for player in self.maker.players.values():
                if player is not None:
                    player.fit(PLAYER_WIDTH)

    def close(self) -> None:
        """Close the Maker shown (and its Players): another takes its place, or the Studio closes."""
        if self.maker is not None:
            self.close_player()
            close_tree(self.maker.widget)
            self.maker = None
        close_all_children(self.box)


def close_all_children(box: w.Box) -> None:
    shown, box.children = box.children, ()
    for widget in shown:
        close_tree(widget)

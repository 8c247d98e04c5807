"""The Studio's choices, undo and redo (issue #24 items 1 and 3), mixed into the Studio.

One history for every edit of the page: each step is a :class:`~zorglab.widgets.studio_history.Snapshot`
of the level's text, the Maker's layout and the choices; undo puts one back (the draft re-read, the
Maker rebuilt only when its rooms changed). Ctrl+Z / Ctrl+Shift+Z (Cmd on macOS) reach
:meth:`StudioEdits.key` through the Studio's key guard, and the Maker's own Ctrl+Z comes here too.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

from zorglab.core.printer import format_value
from zorglab.core.substitute import _Refused, check_choice
from zorglab.engine.layout import Layout
from zorglab.level.draft import Draft
from zorglab.widgets.studio_choices import legal_choices
from zorglab.widgets.studio_history import History, Snapshot
from zorglab.widgets.studio_level import board_of

if TYPE_CHECKING:
    from zorglab.core.model import Level
    from zorglab.widgets.maker import Maker


class StudioEdits:
    """The player's choices and the page's undo history (handlers tests call)."""

    draft: Draft
    maker: Maker | None
    notice: str
    choices: dict[str, Any]
    history: History
    _lock: threading.RLock
    _layout_seen: Layout | None
    _restoring: bool

    def _refresh(self) -> None:
        raise NotImplementedError

    def _analyse(self) -> None:
        raise NotImplementedError

    def _new_maker(self, level: Level, layout: Layout, choices: dict[str, Any]) -> None:
        raise NotImplementedError

    def _close_stale_player(self, level: Level) -> None:
        raise NotImplementedError

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


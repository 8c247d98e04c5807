"""The Studio's choices, undo and redo (issue #24 items 1 and 3): an object the Studio owns.

One history for every edit of the page: each step is a :class:`~zorglab.widgets.studio_history.Snapshot`
of the level's text, the Maker's layout and the choices; undo puts one back (the draft re-read, the
Maker rebuilt only when its rooms changed). Ctrl+Z / Ctrl+Shift+Z (Cmd on macOS) reach
:meth:`StudioEdits.key` through the Studio's key guard, and the Maker's own Ctrl+Z comes here too.
"""

from __future__ import annotations

import threading
from typing import Any, Protocol

from zorglab.core.printer import format_value
from zorglab.core.substitute import ChoiceRefused, check_choice
from zorglab.engine.layout import Layout
from zorglab.level.draft import Draft
from zorglab.widgets.studio_history import History, Snapshot
from zorglab.widgets.studio_level import board_of
from zorglab.widgets.studio_maker import MakerSlot


class EditsPage(Protocol):
    """What the choices and the history need of the Studio."""

    draft: Draft
    notice: str
    choices: dict[str, Any]

    def analyse(self) -> None: ...

    def refresh(self) -> None: ...

    def save(self) -> Any: ...


class StudioEdits:
    """The player's choices and the page's undo history (handlers tests call, through the Studio):
    ``board`` is the Maker's place, ``history`` the Studio's one history, ``lock`` its lock."""

    def __init__(self, page: EditsPage, board: MakerSlot, history: History, lock: threading.RLock):
        self.page = page
        self.board = board
        self.history = history
        self.lock = lock

    def choose(self, name: str, value: Any) -> None:
        """The player's choice for variable ``name`` (checked against its domain; one undoable step)."""
        page = self.page
        with self.lock:
            level = page.draft.level
            if level is None:
                page.notice = "the level has problems: fix them to choose"
                page.refresh()
                return
            variable = next((v for v in level.variables if v.name == name), None)
            if variable is None:
                raise KeyError(f"no variable named {name!r} to choose")
            try:
                value = check_choice(variable, value)
            except ChoiceRefused as refused:
                raise ValueError(str(refused)) from None
            if page.choices.get(name) == value:
                return
            self.history.record(self.snapshot(f"choice {name}"))
            page.choices = {**page.choices, name: value}
            self.board.put_choices()
            page.notice = f"choice {name} = {format_value(value)}"
            page.analyse()
            page.refresh()

    def undo(self) -> None:
        """Undo the last edit of the page (rows, rooms, variables, tiles, fields, layout, choices)."""
        with self.lock:
            state = self.history.undo(self.snapshot())
            self._go_to(state, "undone", "nothing to undo")

    def redo(self) -> None:
        with self.lock:
            state = self.history.redo(self.snapshot())
            self._go_to(state, "redone", "nothing to redo")

    def key(self, key: str, shift: bool = False, ctrl: bool = False, meta: bool = False) -> None:
        """Ctrl+Z (Cmd+Z on macOS) undo; Ctrl+Shift+Z or Ctrl+Y redo; Ctrl+S (Cmd+S) saves the level (issue
        39: never JupyterLab's save of the notebook): what the page's key guard sends."""
        if not (ctrl or meta):
            return
        if key.lower() == "s":
            self.page.save()
        elif key.lower() == "z":
            self.redo() if shift else self.undo()
        elif key.lower() == "y":
            self.redo()

    def snapshot(self, what: str = "") -> Snapshot:
        """The page now: the level's text, the Maker's layout and the choices (``what``: the edit made from it)."""
        maker = self.board.maker
        layout = maker.layout if maker is not None else Layout()
        return Snapshot(self.page.draft.text, layout, tuple(self.page.choices.items()), what)

    def _go_to(self, state: Snapshot | None, done: str, nothing: str) -> None:
        page, board = self.page, self.board
        if state is None:
            page.notice = nothing
            page.refresh()
            return
        digest, loaded = page.draft.digest, page.draft.loaded_text
        page.draft.replace_text(state.text, digest)
        page.draft.loaded_text = loaded                  # the file on disk is what it was
        page.choices = state.choice_map
        board.restoring = True
        try:
            level, maker = page.draft.level, board.maker
            if level is None and maker is not None:      # the Maker keeps the last sound level
                labels = {room.label for room in maker.level.rooms}
                if all(label in labels for label in state.layout):
                    maker.layout = state.layout
                    maker.refresh()
            elif level is not None:
                if maker is None or board_of(maker.level) != board_of(level):
                    board.put(level, state.layout, page.choices)
                else:
                    board.close_stale_player(level)
                    maker.level = level
                    maker.layout = state.layout
                    maker.selected = None
                    board.put_choices()
                    maker.refresh()
                board.layout_seen = board.maker.layout if board.maker is not None else None
        finally:
            board.restoring = False
        page.notice = f"{done}: {state.what}" if state.what else done
        page.analyse()
        page.refresh()

"""The Studio's undo and redo: one history for every edit of the page (rows, rooms, variables,
tiles, fields, the layout, the choices), each step the whole state before it.

A step is a :class:`Snapshot` — the level's text, the Maker's layout and the choices — so undoing
any edit is putting one snapshot back (the draft re-read by the loader, the Maker rebuilt only if
its rooms changed). Opening another level starts a new history.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from zorglab.engine.layout import Layout

LIMIT = 500          # steps kept: older ones are dropped (a level's text is a few kB)


@dataclass(frozen=True)
class Snapshot:
    text: str
    layout: Layout
    choices: tuple[tuple[str, Any], ...]
    what: str = ""                     # the edit made from this state (said when undone or redone)

    @property
    def choice_map(self) -> dict[str, Any]:
        return dict(self.choices)


class History:
    """Two stacks: ``back`` (states before the edits made) and ``forth`` (states undone)."""

    def __init__(self) -> None:
        self.back: list[Snapshot] = []
        self.forth: list[Snapshot] = []

    def record(self, before: Snapshot) -> None:
        """An edit was made from ``before``: it can be undone; what was undone can no longer be redone.
        Typing into one field is one step: an edit ``"... changed"`` right after the same one
        (nothing undone between) keeps the state from before the first keystroke."""
        typing = before.what.endswith(" changed") and before.what == self._last and not self.forth
        self._last = before.what
        if typing or (self.back and _same(self.back[-1], before) and not self.forth):
            return
        self.back.append(before)
        del self.back[:-LIMIT]
        self.forth.clear()

    def undo(self, now: Snapshot) -> Snapshot | None:
        """The state to go back to (``now`` becomes redoable), or None when nothing is left."""
        self._last = ""
        return _travel(self.back, self.forth, now)

    def redo(self, now: Snapshot) -> Snapshot | None:
        self._last = ""
        return _travel(self.forth, self.back, now)

    def clear(self) -> None:
        self._last = ""
        self.back.clear()
        self.forth.clear()

    _last = ""                         # the edit recorded last (typing in one field merges)


def _same(a: Snapshot, b: Snapshot) -> bool:
    return (a.text, a.layout, a.choices) == (b.text, b.layout, b.choices)


def _travel(source: list[Snapshot], target: list[Snapshot], now: Snapshot) -> Snapshot | None:
    if not source:
        return None
    state = source.pop()
    target.append(Snapshot(now.text, now.layout, now.choices, state.what))
    return state

"""The Maker's undo and redo: the layouts before each edit, and the ones undone since.

A step is a whole :class:`~zorglab.engine.layout.Layout` (immutable, a few rooms), so undoing is
putting one back. The Studio keeps its own history of the whole page (:mod:`zorglab.widgets.studio_history`).
"""

from __future__ import annotations

from zorglab.engine.layout import Layout


class LayoutHistory:
    """Two stacks: ``back`` (layouts before the edits made) and ``forth`` (layouts undone)."""

    def __init__(self) -> None:
        self.back: list[Layout] = []
        self.forth: list[Layout] = []

    def record(self, before: Layout) -> None:
        """An edit was made from ``before``: it can be undone; what was undone can no longer be redone."""
        self.back.append(before)
        self.forth.clear()

    def undo(self, now: Layout) -> Layout | None:
        """The layout to go back to (``now`` becomes redoable), or None when nothing is left."""
        return _travel(self.back, self.forth, now)

    def redo(self, now: Layout) -> Layout | None:
        """The layout undone last (``now`` becomes undoable again), or None when nothing was undone."""
        return _travel(self.forth, self.back, now)


def _travel(source: list[Layout], target: list[Layout], now: Layout) -> Layout | None:
    if not source:
        return None
    target.append(now)
    return source.pop()

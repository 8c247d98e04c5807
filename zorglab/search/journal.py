"""Memos that can take a question back (issue 41 item 4): the dealt proof's journals.

The dealt proof (``zorglab.search.dealt``) lets a question of the damage bound walk on past a
continuation another worker has not answered yet (taken as 0 for now), so that one pass asks every
continuation the walk reaches. Whatever the question filed meanwhile in the bound's memos rests on
a value below the truth and would be unsound to keep: each memo is made a :class:`Journal`, which
notes every key added and every value replaced while open and restores them on :meth:`Journal.close`
with ``undo``. The lone-state memo is a :class:`WalkJournal`, which keeps the lone states whose own
walk met no unanswered continuation (they are true whatever the answer) and takes back the others.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from zorglab.search.dealt import DealtBound


class Journal(dict):  # type: ignore[type-arg]
    """A memo that can take back what was filed since :meth:`open`: every key added and every
    value replaced is noted while open, and :meth:`close` with ``undo`` restores it as it was."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.on = False
        self.added: set[Any] = set()     # keys filed since open (a value they had before is in saved)
        self.saved: dict[Any, Any] = {}

    def __setitem__(self, key: Any, value: Any) -> None:
        if self.on:
            if key not in self:
                self.added.add(key)
            elif key not in self.saved and key not in self.added:
                self.saved[key] = dict.__getitem__(self, key)
        dict.__setitem__(self, key, value)

    def __delitem__(self, key: Any) -> None:
        if self.on and key not in self.saved and key not in self.added:
            self.saved[key] = dict.__getitem__(self, key)
        dict.__delitem__(self, key)

    def open(self) -> None:
        self.on = True

    def close(self, undo: bool) -> None:
        self.on = False
        if undo:
            for key in self.added:
                self.pop(key, None)
            for key, value in self.saved.items():
                dict.__setitem__(self, key, value)
        self.added.clear()
        self.saved.clear()


class WalkJournal(Journal):
    """The lone-state memo's journal: a lone state whose walk met no unanswered continuation (none
    counted between its two filings, the "being walked" mark and its value) is kept even when the
    question is taken back; one that met one is *tainted*, and so is every walk that reads it."""

    def __init__(self, bound: DealtBound) -> None:
        super().__init__()
        self.bound = bound
        self.started: dict[Any, int] = {}       # lone state being walked -> missing count at its start
        self.tainted: set[Any] = set()

    def __setitem__(self, key: Any, value: Any) -> None:
        if not self.on:
            dict.__setitem__(self, key, value)
            return
        start = self.started.pop(key, None)
        if start is None:                       # the "being walked" mark: the walk starts
            self.started[key] = self.bound.missing
            super().__setitem__(key, value)
        elif self.bound.missing == start:       # walked to the end on answers alone: kept
            self.added.discard(key)
            self.saved.pop(key, None)
            self.tainted.discard(key)
            dict.__setitem__(self, key, value)
        else:
            self.tainted.add(key)
            super().__setitem__(key, value)

    def __delitem__(self, key: Any) -> None:
        self.started.pop(key, None)
        super().__delitem__(key)

    def get(self, key: Any, default: Any = None) -> Any:
        found = dict.get(self, key, default)
        if self.on and key in self.tainted:
            self.bound.missing += 1     # read from a walk that met an unanswered continuation
        return found

    def close(self, undo: bool) -> None:
        self.started.clear()
        self.tainted.clear()
        super().close(undo)


def journaled(owner: Any, keep: frozenset[str] = frozenset()) -> list[Journal]:
    """Every dict attribute of ``owner`` (but those named in ``keep``) made a :class:`Journal` in
    place: what a question of the bound may file anywhere can be taken back."""
    found = []
    for name, value in list(vars(owner).items()):
        if name not in keep and type(value) is dict or isinstance(value, Journal):
            if not isinstance(value, Journal):
                value = Journal(value)
                setattr(owner, name, value)
            found.append(value)
    return found

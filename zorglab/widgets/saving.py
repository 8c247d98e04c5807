"""The level file the Maker and its Players save into (issue #13 items 2 and 3).

One :class:`LevelFile` per file a widget writes: it keeps the digest of the bytes last loaded or
written, so a save refuses a file someone changed meanwhile (``StaleFileError``), and the Maker and
the Players it starts share it, so one's save does not make the other's look stale. Writing is
:func:`zorglab.level.save.save_solution` (atomic, comments kept, an identical solution not added
twice); the words for the result are here, for every widget to show alike.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import ipywidgets as w

from zorglab.engine.layout import Layout
from zorglab.core.model import Cast, Level, Outcome, Solution
from zorglab.core.printer import format_cast
from zorglab.level.save import SavedSolution, save_solution
from zorglab.level.edit import file_digest


class LevelFile:
    """A level file and the digest of its content as this workbench last saw it."""

    def __init__(self, path: str | Path, digest: str | None = None):
        self.path = Path(path)
        self.digest = digest if digest is not None else (file_digest(self.path) if self.path.exists() else None)

    @classmethod
    def of(cls, level: Level, path: str | Path | None = None) -> "LevelFile | None":
        """The file ``level`` was loaded from (or ``path``), None when there is none."""
        if path is not None:
            same = level.path is not None and Path(level.path).resolve() == Path(path).resolve()
            return cls(path, level.digest if same else None)
        return None if not level.path else cls(level.path, level.digest)

    def save(self, layout: Layout, casts: Iterable[str | Cast] = (), expect: Outcome | str | None = None,
             choices: Mapping[str, Any] | None = None,
             mirror_casts: Mapping[str, Iterable[str | Cast]] | None = None) -> SavedSolution:
        """Append the solution (nothing is written when the file has it already)."""
        saved = save_solution(self.path, layout, casts, expect=expect, choices=choices or None,
                              mirror_casts=mirror_casts or None, expected_digest=self.digest)
        self.digest = saved.digest
        return saved

    def said(self, saved: SavedSolution, what: str) -> str:
        """The notice for a save: written, or already there (1-based, as a designer counts)."""
        if saved.added:
            return f"{what} saved as solution {saved.index} in {self.path.name}"
        return f"{what} is already solution {saved.index} in {self.path.name}: nothing written"


def solution_title(index: int, solution: Solution) -> str:
    """'solution 2: @12 Attack(2) → win' for the solution menu (numbered from 0, as everywhere:
    docs/workbench.md, "Counting solutions")."""
    casts = " ".join(format_cast(c) for c in solution.casts) or "no cast"
    expect = f" → {solution.expect}" if solution.expect is not None else ""
    return f"solution {index}: {casts}{expect}"


class SolutionMenu:
    """The Maker's *open* menu: "empty board" or a saved solution. A pick calls ``on_pick(index)``
    (None: empty); ``show`` and ``reload`` change what it shows without calling back.
    (ipywidgets shows a None value as a blank box, so "empty board" is -1 inside the dropdown.)"""

    def __init__(self, solutions: Sequence[Solution], opened: int | None, on_pick: Callable[[int | None], Any]):
        self.solutions = tuple(solutions)
        self.opened = opened
        self._quiet = False
        self.dropdown = w.Dropdown(options=self._options(), value=self._value(), description="open",
                                   layout=w.Layout(width="260px"),
                                   tooltip="lay the board out as a saved solution (undo goes back)")
        self.dropdown.observe(lambda change: self._picked(change["new"], on_pick), names="value")
        self._display()

    def show(self, opened: int | None) -> None:
        self.opened = opened
        self._sync()

    def reload(self, solutions: Sequence[Solution]) -> None:
        """The file's solutions as they are now (after a save)."""
        self.solutions = tuple(solutions)
        self._sync()

    def _sync(self) -> None:
        self._quiet = True
        try:
            self.dropdown.options = self._options()
            self.dropdown.value = self._value()
        finally:
            self._quiet = False
        self._display()

    def _options(self) -> list[tuple[str, int]]:
        return [("empty board", -1)] + [(solution_title(i, s), i) for i, s in enumerate(self.solutions)]

    def _value(self) -> int:
        return self.opened if self.opened is not None and self.opened < len(self.solutions) else -1

    def _display(self) -> None:
        self.dropdown.layout.display = "" if self.solutions else "none"

    def _picked(self, value: int, on_pick: Callable[[int | None], Any]) -> None:
        index = None if value == -1 else value
        if not self._quiet and index != self.opened:
            on_pick(index)

"""The level file the Maker and its Players save into (issue #13 items 2 and 3).

One :class:`LevelFile` per file a widget writes: it keeps the digest of the bytes last loaded or
written, so a save refuses a file someone changed meanwhile (``StaleFileError``), and the Maker and
the Players it starts share it, so one's save does not make the other's look stale. Writing is
:func:`zorglab.level.save.save_solution` (atomic, comments kept, an identical solution not added
twice); the words for the result are here, for every widget to show alike.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from zorglab.engine.layout import Layout
from zorglab.level.model import Cast, Level, Outcome, Solution
from zorglab.level.printer import format_cast
from zorglab.level.save import SavedSolution, file_digest, save_solution


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
            return f"{what} saved as solution {saved.index + 1} in {self.path.name}"
        return f"{what} is already solution {saved.index + 1} in {self.path.name}: nothing written"


def solution_title(index: int, solution: Solution) -> str:
    """'3: @12 Attack(2) → win' for the solution menu (1-based)."""
    casts = " ".join(format_cast(c) for c in solution.casts) or "no cast"
    expect = f" → {solution.expect}" if solution.expect is not None else ""
    return f"{index + 1}: {casts}{expect}"

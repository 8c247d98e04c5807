"""The Studio's writes to disk, through the save API of :mod:`zorglab.level.save` where it exists.

The save contract (``file_digest``, ``write_level_text``, ``save_solution(..., expected_digest=...)``
returning ``SavedSolution``, ``StaleFileError``) is being written in parallel; until it lands, the
small stand-ins below keep the same names and promises (atomic replace, stale check, an identical
solution not added twice). When :mod:`zorglab.level.save` provides them, these are not used; the
stand-ins can then be deleted.
"""

from __future__ import annotations

import os
import stat
import tempfile
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from zorglab.engine.layout import Layout
from zorglab.errors import LevelError
from zorglab.level import save as _save
from zorglab.level.draft import text_digest

try:
    from zorglab.errors import StaleFileError        # type: ignore[attr-defined]
except ImportError:                                   # stand-in until the save API lands
    class StaleFileError(LevelError):                 # type: ignore[no-redef]
        """The file changed on disk since it was loaded."""


@dataclass(frozen=True)
class SavedSolution:
    index: int
    added: bool
    digest: str


def file_digest(path: str | Path) -> str:
    found = getattr(_save, "file_digest", None)
    return found(path) if found is not None else text_digest(Path(path).read_bytes())


def _stale(path: Path, expected: str | None) -> None:
    if expected is not None and path.exists() and file_digest(path) != expected:
        raise StaleFileError(f"{path}: the file changed on disk since it was loaded; reload it before saving")


def write_level_text(path: str | Path, text: str, expected_digest: str | None = None) -> str:
    """Replace the level file by ``text`` at once (refused if it changed since ``expected_digest``)."""
    found = getattr(_save, "write_level_text", None)
    if found is not None:
        return found(path, text, expected_digest=expected_digest)
    path = Path(path)
    _stale(path, expected_digest)
    if expected_digest is None and path.exists():
        raise StaleFileError(f"{path}: a file is already there; open it instead of overwriting it")
    path.parent.mkdir(parents=True, exist_ok=True)
    mode = stat.S_IMODE(os.stat(path).st_mode) if path.exists() else 0o644
    descriptor, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8", newline="") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except FileNotFoundError:
            pass
        raise
    return file_digest(path)


def save_solution(path: str | Path, layout: Layout, casts: Iterable[str] = (), expect: str | None = None,
                  choices: Mapping[str, Any] | None = None, expected_digest: str | None = None) -> SavedSolution:
    """Add the layout, casts and outcome as a ``[[solutions]]`` entry unless an identical one is there."""
    path = Path(path)
    casts = [" ".join(c.split()) for c in casts]
    if "expected_digest" in _save.save_solution.__code__.co_varnames:
        saved = _save.save_solution(path, layout, casts, expect=expect, choices=choices or None,
                                    expected_digest=expected_digest)
        return SavedSolution(saved.index, saved.added, saved.digest)
    _stale(path, expected_digest)
    rows, rotation = layout.to_map()
    wanted = (rows, rotation, layout.main, casts, expect, dict(choices or {}))
    existing = tomllib.loads(path.read_text(encoding="utf-8")).get("solutions", [])
    for index, entry in enumerate(existing):
        if _normalised(entry) == wanted:
            return SavedSolution(index, False, file_digest(path))
    _save.save_solution(path, layout, casts, expect=expect, choices=choices or None)
    return SavedSolution(len(existing), True, file_digest(path))


def _normalised(entry: dict[str, Any]) -> tuple[Any, ...]:
    rows = tuple(tuple(None if t == "." else t for t in line.split())
                 for line in str(entry.get("map", "")).splitlines() if line.strip())
    casts = [" ".join(str(c).split()) for c in entry.get("casts", [])]
    return (rows, entry.get("rotation", 0), entry.get("main"), casts, entry.get("expect"),
            dict(entry.get("choices", {})))

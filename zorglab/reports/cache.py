"""Per-level report rows kept between runs, by what they are a function of (issue 23).

A difficulty row depends on the level file's bytes, its folder's tile library, the stage budgets
and the engine (every source file of the package: a changed rule, search or report changes the
key). A second ``zorglab report`` therefore recomputes only the levels that changed. The rows live
outside the repository, in ``$ZORGLAB_CACHE_DIR`` or the user's cache folder
(``$XDG_CACHE_HOME/zorglab`` or ``~/.cache/zorglab``); ``ZORGLAB_CACHE_DIR=off`` turns the cache off.
A row the safety stop cut short (``cut_short``) is never kept. Each row is written beside its
place and renamed in, so a killed run leaves no half-written row.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import time
from functools import cache
from pathlib import Path
from typing import Any, Callable

from zorglab.level.tileset import LIBRARY_NAME
from zorglab.reports.budget import StageBudgets

PACKAGE = Path(__file__).resolve().parent.parent
KIND = "difficulty-rows-1"      # bump when the row's shape changes without a source change


@cache
def engine_version() -> str:
    """A digest of every source file of the package: what the figures are computed by."""
    digest = hashlib.blake2b(digest_size=16)
    for path in sorted(PACKAGE.rglob("*")):
        if path.suffix in (".py", ".lark", ".toml") and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(PACKAGE)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def cache_folder() -> Path | None:
    """Where rows are kept; None when the cache is off."""
    chosen = os.environ.get("ZORGLAB_CACHE_DIR")
    if chosen is not None:
        return None if chosen.strip().lower() in ("", "off", "0", "none") else Path(chosen) / KIND
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "zorglab" / KIND


def row_key(path: str | Path, budget: StageBudgets) -> str | None:
    """The key of a level file's row; None when the file cannot be read (nothing is kept)."""
    file = Path(path)
    try:
        level = file.read_bytes()
    except OSError:
        return None
    library = file.parent / LIBRARY_NAME
    tiles = library.read_bytes() if library.is_file() else b""
    digest = hashlib.blake2b(digest_size=20)
    for part in (KIND.encode(), engine_version().encode(), str(path).encode(), level, tiles,
                 repr(budget.key()).encode()):
        digest.update(hashlib.blake2b(part, digest_size=20).digest())
    return digest.hexdigest()


def cached_row(path: str | Path, budget: StageBudgets, compute: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """The kept row of this level file, or ``compute()`` kept for next time (unless cut short)."""
    folder = cache_folder()
    key = None if folder is None else row_key(path, budget)
    if folder is None or key is None:
        return compute()
    place = folder / key[:2] / f"{key}.json"
    t0 = time.perf_counter()
    try:
        row = json.loads(place.read_text(encoding="utf-8"))
        row["seconds"] = round(time.perf_counter() - t0, 3)     # the wall clock of this run: reading
        return row
    except (OSError, ValueError):
        pass
    row = compute()
    if not row.get("cut_short"):
        _keep(place, row)
    return row


def _keep(place: Path, row: dict[str, Any]) -> None:
    try:
        place.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=".row-", suffix=".tmp", dir=place.parent)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                json.dump(row, out)
            os.replace(temporary, place)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
    except OSError:
        pass                    # a cache that cannot be written is no cache: the row is still right

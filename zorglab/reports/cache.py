"""Per-level report rows kept between runs, by what they are a function of (issues 23 and 37).

A difficulty row depends on the level file's path and bytes, every library the level reads -- the
pack root's ``tiles.toml``, the shared tile library (``levels/tiles.toml``, the package's
``core/tiles.toml``) and the pack's ``contracts.toml`` -- the stage budgets and the engine (every
source file of the package: a changed rule, search or report changes the key). A second
``zorglab report`` therefore recomputes only the levels that changed.

A kept row is never trusted as it is: it must be a JSON object with exactly the row's columns,
each of its type (:func:`row_fault`), and what the level file itself says (id, title, counts of
rooms, heroes, spells...) must match the file as loaded now. A row that fails is recomputed, with
a note on stderr naming the file and the fault -- never used, never a traceback. The rows live
outside the repository, in ``$ZORGLAB_CACHE_DIR`` or the user's cache folder
(``$XDG_CACHE_HOME/zorglab`` or ``~/.cache/zorglab``); ``ZORGLAB_CACHE_DIR=off`` turns the cache off.
A row the safety stop cut short (``cut_short``) is never kept. Each row is written beside its
place and renamed in, so a killed run leaves no half-written row.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import tempfile
import time
from functools import cache
from pathlib import Path
from typing import Any, Callable

from zorglab.core.tiles import default_library_path
from zorglab.level.contracts import find_contracts
from zorglab.level.tileset import find_library
from zorglab.reports.budget import StageBudgets
from zorglab.reports.difficulty import DIFFICULTY_COLUMNS

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


def _read(path: Path | None) -> bytes:
    """A library's bytes, named by its resolved path; nothing (but a mark) when there is none."""
    if path is None:
        return b"\0none"
    try:
        return os.path.realpath(path).encode() + b"\0" + Path(path).read_bytes()
    except (OSError, ValueError):
        return b"\0unreadable"


def inputs(path: str | Path) -> list[bytes]:
    """Every file a level's row depends on besides the engine: the level, its pack root's tile
    library, the shared tile library and its pack's contract list (each as path and bytes)."""
    file = Path(path)
    return [file.read_bytes(), _read(find_library(file)), _read(default_library_path()),
            _read(find_contracts(file))]


def row_key(path: str | Path, budget: StageBudgets) -> str | None:
    """The key of a level file's row; None when the file cannot be read (nothing is kept)."""
    try:
        parts = inputs(path)
    except (OSError, ValueError):
        return None
    digest = hashlib.blake2b(digest_size=20)
    for part in (KIND.encode(), engine_version().encode(), str(path).encode(), *parts, repr(budget.key()).encode()):
        digest.update(hashlib.blake2b(part, digest_size=20).digest())
    return digest.hexdigest()


# --- a kept row is checked before use --------------------------------------------------------------

TEXT = ("level", "title", "contract", "file", "verdict", "error")
FLAGS = ("cast_lists_capped", "explore_complete", "layouts_complete", "cut_short")
WORDS = ("room_types", "hero_types", "spell_types", "spell_list", "witness", "witness_spells", "necessary",
         "necessary_spells", "forced_ticks")
STATIC = ("level", "title", "contract", "file", "rooms", "room_types", "heroes", "hero_types", "spells",
          "spell_types", "spell_list", "worlds", "constraints", "bonuses")


def _fits(column: str, value: Any) -> bool:
    if value is None:
        return column not in ("level", "file", "verdict", "cut_short")
    if column in TEXT or column in WORDS:
        return isinstance(value, str)
    if column in FLAGS:
        return isinstance(value, bool)
    if column == "seconds":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def row_fault(row: Any, path: str | Path | None = None) -> str | None:
    """Why ``row`` is not a difficulty row (of the level file at ``path``, when given), or None.

    A row is an object with exactly :data:`~zorglab.reports.difficulty.DIFFICULTY_COLUMNS`, each of
    its type (text, whole number 0 or more, true/false, or empty where a figure may be missing);
    with ``path``, its ``file`` is that path and what the file says (id, title, counts) is what the
    file loaded now says -- a fabricated count is caught."""
    if not isinstance(row, dict):
        kind = {list: "an array", str: "a string", bool: "true/false", type(None): "null"}.get(type(row), "a number")
        return f"{kind}, not an object"
    keys = set(row)
    missing, extra = [c for c in DIFFICULTY_COLUMNS if c not in keys], sorted(keys - set(DIFFICULTY_COLUMNS))
    if missing or extra:
        parts = ([f"missing {', '.join(missing[:5])}"] if missing else []) + \
            ([f"unknown {', '.join(map(str, extra[:5]))}"] if extra else [])
        return ", ".join(parts)
    wrong = [c for c in DIFFICULTY_COLUMNS if not _fits(c, row[c])]
    if wrong:
        return f"{', '.join(wrong[:5])} of the wrong type"
    if path is not None:
        if row["file"] != str(path):
            return f"the row of {row['file']!r}"
        if row["verdict"] != "error" or row["rooms"] is not None:
            from zorglab.errors import LevelError
            from zorglab.level import load_level
            from zorglab.reports.difficulty import static_columns
            try:
                said = static_columns(load_level(path), str(path))
            except LevelError:
                return "the level no longer loads"
            differ = [c for c in STATIC if said[c] != row[c]]
            if differ:
                return f"{', '.join(differ[:5])} not what the file says"
    return None


def cached_row(path: str | Path, budget: StageBudgets, compute: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """The kept row of this level file, or ``compute()`` kept for next time (unless cut short)."""
    folder = cache_folder()
    key = None if folder is None else row_key(path, budget)
    if folder is None or key is None:
        return compute()
    place = folder / key[:2] / f"{key}.json"
    t0 = time.perf_counter()
    try:
        text = place.read_text(encoding="utf-8")
    except (OSError, ValueError):
        text = None                                      # not kept yet (or unreadable): computed below
    if text is not None:
        try:
            row = json.loads(text)
            fault = row_fault(row, path)
        except (ValueError, RecursionError) as error:
            fault = f"not JSON ({type(error).__name__})"
        if fault is None:
            row["seconds"] = round(time.perf_counter() - t0, 3)     # the wall clock of this run: reading
            return dict(row)
        print(f"report cache: the kept row of {path} ({place}) is not a valid row: {fault}; recomputed",
              file=sys.stderr)
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

"""The units of work of a sweep: plain functions of picklable arguments, each giving one row.

A worker process imports them by name, so they must stay module-level functions here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

from zorglab.reports.budget import Budget
from zorglab.seeding import Seed


def level_task(path: str, budget: Budget) -> dict[str, Any]:
    """The difficulty row of one level file; a file that does not load gives an error row. Rows
    are kept between runs by the file's bytes and the engine (:mod:`zorglab.reports.cache`)."""
    from zorglab.reports.cache import cached_row

    return cached_row(path, budget, lambda: _level_row(path, budget))


def _level_row(path: str, budget: Budget) -> dict[str, Any]:
    from zorglab.errors import LevelError
    from zorglab.level import load_level
    from zorglab.reports.difficulty import difficulty_row, error_row

    try:
        level = load_level(path)
    except LevelError as error:
        return error_row(declared_id(path), path, str(error))
    return difficulty_row(level, budget, file=path)


def declared_id(path: str) -> str:
    """The ``id`` a level file declares, read as plain TOML; its file stem when even that fails."""
    import tomllib

    try:
        found = tomllib.loads(Path(path).read_text(encoding="utf-8")).get("id")
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        found = None
    return found if isinstance(found, str) and found else Path(path).stem


def temple_task(seed: Seed, size: str, options: Mapping[str, Any] | None, lint: bool) -> dict[str, Any]:
    """The sweep row of one generated temple (with its failure reason, if any)."""
    from zorglab.reports.generator import temple_row

    return temple_row(seed, size, options, lint=lint)

"""Level files -> :class:`~zorglab.core.model.Level`, every fault as ``path:line:col: message``.

The file is read with ``tomllib`` (floats as exact decimals), its value positions indexed by
:mod:`zorglab.level.positions`, and every notation string parsed and checked where it stands.
Faults are collected, never raised one by one: :func:`check_level` returns them all, and
:func:`load_level` raises them together as one :class:`~zorglab.errors.LevelError`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Iterable

from zorglab.errors import LevelError, LevelSyntaxError, Problem
from zorglab.core.model import Level
from zorglab.level.files import decode_utf8, digest_of, read_bounded
from zorglab.level.positions import SourceText
from zorglab.level.reader import Library, LevelReader

_SURROGATE = re.compile("[\ud800-\udfff]")
NOT_LEVELS = frozenset({"tiles.toml", "contracts.toml"})


@dataclass(frozen=True)
class LevelCheck:
    """The result of reading one level file: the level when sound, and every problem found."""

    path: str
    level: Level | None
    problems: tuple[Problem, ...] = ()
    tile_library: str | None = None     # the tile library the level used (its folder's, or the built-in one)

    def is_valid(self) -> bool:
        return not self.problems

    def raise_if_invalid(self) -> Level:
        if self.problems or self.level is None:
            raise LevelError.from_problems(list(self.problems))
        return self.level


def check_level(path: str | Path, *, library: Library = None) -> LevelCheck:
    """Read one level file and report every fault (never raises for a fault in the file)."""
    shown = str(path)
    try:
        data = read_bounded(path, "level file")
        text = decode_utf8(data, shown)
    except LevelError as error:
        return LevelCheck(shown, None, tuple(error.problems))
    check = check_level_text(text, shown, level_path=Path(path), library=library)
    if check.level is None:
        return check
    return replace(check, level=replace(check.level, digest=digest_of(data)))


def check_level_text(text: str, path: str = "<string>", *, level_path: Path | None = None,
                     library: Library = None) -> LevelCheck:
    """Read a level from its TOML text; ``path`` is only used in the locations reported."""
    source = SourceText(path, text.removeprefix("\ufeff"))
    lone = _SURROGATE.search(source.text)
    if lone is not None:         # typed into an editor, never read from a file: no file can hold it
        return LevelCheck(path, None, (Problem(source.location(lone.start()), f"a lone surrogate "
                                               f"(\\u{ord(lone.group()):04x}) is not a character a file can hold; "
                                               "type this character again", LevelSyntaxError),))
    reader = LevelReader(source, level_path, library)
    level = reader.read()
    problems = _ordered(reader.problems, path)
    return LevelCheck(path, None if problems else level, tuple(problems), reader.library_shown)


def load_level(path: str | Path, *, library: Library = None) -> Level:
    """The level in ``path``; raises a :class:`LevelError` carrying every problem with its location."""
    return check_level(path, library=library).raise_if_invalid()


def load_level_text(text: str, path: str = "<string>", *, library: Library = None) -> Level:
    return check_level_text(text, path, library=library).raise_if_invalid()


def level_files(paths: Iterable[str | Path]) -> list[Path]:
    """Level files among ``paths``: files as given, directories searched for ``*.toml`` (libraries excepted)."""
    found: list[Path] = []
    for path in map(Path, paths):
        if path.is_dir():
            found.extend(sorted(p for p in path.rglob("*.toml") if p.name not in NOT_LEVELS and p.is_file()))
        else:
            found.append(path)
    return found


def load_levels(paths: Iterable[str | Path], *, library: Library = None) -> list[Level]:
    """Every level under ``paths``; raises one :class:`LevelError` listing the problems of every file."""
    checks = [check_level(p, library=library) for p in level_files(paths)]
    problems = [p for c in checks for p in c.problems]
    if problems:
        raise LevelError.from_problems(problems)
    return [c.level for c in checks if c.level is not None]


def _ordered(problems: list[Problem], path: str) -> list[Problem]:
    """File order (other files, such as a broken tile library, first), duplicates removed."""
    unique = list(dict.fromkeys(problems))
    def key(p: Problem) -> tuple[Any, ...]:
        loc = p.location
        return (loc is None or loc.path == path, loc.path if loc else "", loc.line if loc else 0, loc.col if loc else 0)
    return sorted(unique, key=key)

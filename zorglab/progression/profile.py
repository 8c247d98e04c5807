"""A player's profile (FR-4, ZR-21): the levels won and the bonuses met, kept in a small JSON file.

The file is ``{"zorglab_profile": 1, "levels": {"app-01": {"bonuses": [1, 2]}}}``: a level
listed is a level won; ``bonuses`` are the bonus numbers met in some recorded win (1-based,
the main world's bonuses first, then each mirror's in declared order). Bonuses met in
different wins add up, since a level's bonuses need not be met together (seed, §1). Writing is
atomic (a temp file, then ``os.replace``) so a crash never leaves half a profile, and
:func:`update_profile` holds the file's writers' lock from reading to writing, so two wins recorded
at once both land (:mod:`zorglab.level.files`). :func:`profile_problems_in` checks a profile
against the level pack: a level id or bonus number the pack does not have earns nothing.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, TypeVar

from zorglab.core.limits import MAX_DIGITS
from zorglab.errors import LevelError, LevelFileError, OptionError
from zorglab.level import files

T = TypeVar("T")

FORMAT_KEY = "zorglab_profile"
FORMAT_VERSION = 1


@dataclass(frozen=True)
class LevelProgress:
    """One won level and the bonuses met in its recorded wins."""

    level: str
    bonuses: frozenset[int] = frozenset()

    @property
    def points(self) -> int:
        """1 for the win, 1 more per bonus met (ZR-21)."""
        return 1 + len(self.bonuses)


@dataclass(frozen=True)
class Profile:
    """The levels a player has won, by level id."""

    levels: tuple[LevelProgress, ...] = ()
    _by_id: dict[str, LevelProgress] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        self._by_id.update({p.level: p for p in self.levels})

    @property
    def points(self) -> int:
        return sum(p.points for p in self.levels)

    def won(self, level_id: str) -> bool:
        return level_id in self._by_id

    def progress(self, level_id: str) -> LevelProgress | None:
        return self._by_id.get(level_id)

    def with_win(self, level_id: str, bonuses: frozenset[int] = frozenset()) -> "Profile":
        """This profile with one more win: the level's bonuses grow by those met now."""
        old = self._by_id.get(level_id)
        merged = LevelProgress(level_id, (old.bonuses if old else frozenset()) | frozenset(bonuses))
        kept = tuple(p for p in self.levels if p.level != level_id)
        return Profile(tuple(sorted(kept + (merged,), key=lambda p: p.level)))

    def to_json(self) -> dict[str, Any]:
        return {FORMAT_KEY: FORMAT_VERSION,
                "levels": {p.level: {"bonuses": sorted(p.bonuses)} for p in self.levels}}


def profile_problems(data: Any) -> list[str]:
    """Every way ``data`` fails to be a profile (an empty list when it is one)."""
    if not isinstance(data, Mapping):
        return ["a profile is a JSON object"]
    problems = []
    if type(data.get(FORMAT_KEY)) is not int or data.get(FORMAT_KEY) != FORMAT_VERSION:   # `true` is not 1
        problems.append(f"{FORMAT_KEY!r} must be {FORMAT_VERSION} (got {json.dumps(data.get(FORMAT_KEY))})")
    unknown = sorted(k for k in data if k not in (FORMAT_KEY, "levels"))
    if unknown:
        problems.append(f"unknown keys {', '.join(map(repr, unknown))} (known: {FORMAT_KEY!r}, 'levels')")
    levels = data.get("levels", {})
    if not isinstance(levels, Mapping):
        return problems + ["'levels' must be an object of level id -> {\"bonuses\": [...]}"]
    for level_id, entry in levels.items():
        if not isinstance(entry, Mapping) or set(entry) - {"bonuses"}:
            problems.append(f"levels.{level_id}: must be an object with only 'bonuses'")
            continue
        bonuses = entry.get("bonuses", [])
        if not isinstance(bonuses, list) or not all(
                isinstance(b, int) and not isinstance(b, bool) and b >= 1 for b in bonuses):
            problems.append(f"levels.{level_id}.bonuses: must be a list of bonus numbers 1, 2, ...")
    return problems


def profile_from_json(data: Any, origin: str = "<profile>") -> Profile:
    """A profile from parsed JSON, or :class:`OptionError` naming every fault."""
    problems = profile_problems(data)
    if problems:
        raise OptionError(f"{origin}: not a zorglab profile: " + "; ".join(problems))
    return Profile(tuple(LevelProgress(level_id, frozenset(entry.get("bonuses", [])))
                         for level_id, entry in sorted(data.get("levels", {}).items())))


def profile_problems_in(profile: Profile, bonus_counts: Mapping[str, int]) -> list[str]:
    """Every level id of ``profile`` that is not in the pack, and every bonus number beyond its level's
    bonuses (``bonus_counts``: level id -> number of bonuses); such entries would be points with no win."""
    problems = []
    for progress in profile.levels:
        if progress.level not in bonus_counts:
            problems.append(f"level id {progress.level!r} is not in the level pack")
            continue
        extra = sorted(b for b in progress.bonuses if b > bonus_counts[progress.level])
        if extra:
            count = bonus_counts[progress.level]
            problems.append(f"levels.{progress.level}.bonuses: {', '.join(map(str, extra))} "
                            f"{'is' if len(extra) == 1 else 'are'} not a bonus of the level "
                            f"(it has {count} bonus{'es' * (count != 1)})")
    return problems


class _TooLong(ValueError):
    def __init__(self, digits: int):
        super().__init__(digits)
        self.digits = digits


def _bounded_int(text: str) -> int:
    """A JSON integer, refused past the level format's digit limit (never Python's int-string error)."""
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise _TooLong(digits)
    return int(text)


def load_profile(path: str | Path) -> Profile:
    """The profile in ``path``; a missing file is a fresh player with no wins. Only a regular file
    of bounded size is read (a FIFO or a device is refused, never waited on)."""
    path = Path(path)
    try:
        if not path.exists():
            return Profile()
    except OSError as error:          # a name too long, a loop of symlinks
        raise OptionError(f"--profile {path}: cannot read it: {error.strerror or error}") from None
    try:
        text = files.read_bounded(path, "profile", limit=files.MAX_FILE_BYTES).decode("utf-8")
    except LevelFileError as error:
        raise OptionError(f"--profile {path}: {error.problems[0].message}") from None
    except UnicodeDecodeError:
        raise OptionError(f"--profile {path}: cannot read it (not UTF-8 text)") from None
    try:
        data = json.loads(text, parse_int=_bounded_int)
    except _TooLong as error:
        raise OptionError(f"--profile {path}: a number of {error.digits:,} digits; a profile holds bonus "
                          f"numbers of at most {MAX_DIGITS:,} digits (docs/levels.md, Limits)") from None
    except json.JSONDecodeError as error:
        raise OptionError(f"--profile {path}:{error.lineno}:{error.colno}: not valid JSON ({error.msg})") from None
    except RecursionError:
        raise OptionError(f"--profile {path}: nested too deeply to be a profile") from None
    return profile_from_json(data, f"--profile {path}")


def save_profile(profile: Profile, path: str | Path) -> None:
    """Write atomically: a temp file in the same directory, then ``os.replace``; a fault is an
    :class:`OptionError` naming the file (the old profile stands)."""
    _locked(path, "; nothing written", "", lambda target: _write(profile, target, Path(path)))


def update_profile(path: str | Path, change: Callable[[Profile], tuple[Profile, T]]) -> tuple[Profile, T]:
    """Read the profile, apply ``change`` and write the result, all under the file's writers' lock,
    so that two processes recording wins at once both land. A fault reading or writing is an
    :class:`OptionError` naming the file; then nothing is written."""
    def read_change_write(target: Path) -> tuple[Profile, T]:
        profile, result = change(load_profile(path))
        _write(profile, target, Path(path))
        return profile, result
    lost = ". The win is not recorded"
    return _locked(path, lost, lost, read_change_write)


def _locked(path: str | Path, no_folder: str, lost: str, action: Callable[[Path], T]) -> T:
    """Run ``action`` on the profile's real path under its writers' lock, its folder made first;
    every fault an :class:`OptionError` naming the file (a folder that cannot be made ends with
    ``no_folder``, a read or write fault with ``lost``)."""
    path = Path(path)
    target = Path(os.path.realpath(path))
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise OptionError(f"--profile {path}: cannot make its folder {target.parent} "
                          f"({error.strerror or error}){no_folder}") from None
    try:
        with files.locked(target, f"--profile {path}"):
            return action(target)
    except LevelError as error:
        raise OptionError(f"{error}{lost}") from None


def _write(profile: Profile, target: Path, shown: Path) -> None:
    text = json.dumps(profile.to_json(), indent=2) + "\n"
    mode = None
    if target.exists():
        mode = files.require_writable(target, f"--profile {shown}")
    files.write_atomic(target, text.encode("utf-8"), mode, f"--profile {shown}")

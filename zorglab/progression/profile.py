"""A player's profile (FR-4, ZR-21): the levels won and the bonuses met, kept in a small JSON file.

The file is ``{"zorglab_profile": 1, "levels": {"app-01": {"bonuses": [1, 2]}}}``: a level
listed is a level won; ``bonuses`` are the bonus numbers met in some recorded win (1-based,
the main world's bonuses first, then each mirror's in declared order). Bonuses met in
different wins add up, since a level's bonuses need not be met together (seed, §1). Writing is
atomic (a temp file, then ``os.replace``) so a crash never leaves half a profile.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from zorglab.errors import OptionError

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
    if data.get(FORMAT_KEY) != FORMAT_VERSION:
        problems.append(f"{FORMAT_KEY!r} must be {FORMAT_VERSION} (got {data.get(FORMAT_KEY)!r})")
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


def load_profile(path: str | Path) -> Profile:
    """The profile in ``path``; a missing file is a fresh player with no wins."""
    path = Path(path)
    if not path.exists():
        return Profile()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise OptionError(f"--profile {path}: cannot read it ({error})") from None
    except json.JSONDecodeError as error:
        raise OptionError(f"--profile {path}:{error.lineno}:{error.colno}: not valid JSON ({error.msg})") from None
    return profile_from_json(data, f"--profile {path}")


def save_profile(profile: Profile, path: str | Path) -> None:
    """Write atomically: a temp file in the same directory, then ``os.replace``."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump(profile.to_json(), out, indent=2)
            out.write("\n")
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise

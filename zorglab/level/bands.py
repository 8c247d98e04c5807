"""A contract's target band (``band = {...}`` in ``contracts.toml``, issue 42): the figures its levels
should fall within, typed by the designer, which the report judges each level against.

One inline table per contract, every key optional::

    band = { difficulty = [0, 2], states = [5, 150], layout_share = [0.2, 1.0] }

- ``difficulty`` -- ``[low, high]`` difficulty steps (fewest spells plus build steps; docs/reports.md,
  "Difficulty"), whole numbers, 0 or more;
- ``states`` -- ``[low, high]`` search states of the reference search, whole numbers, 0 or more;
- ``layout_share`` -- ``[low, high]`` share of the layouts tried that win, numbers from 0 to 1.

Each range has ``low <= high``. A fault is a :class:`~zorglab.errors.Problem` at the offending value's
file:line:col, never a traceback; a contract without a band is not judged.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from zorglab.errors import LevelStructureError, Problem
from zorglab.level.positions import Path, Positions

BAND_KEYS = ("difficulty", "states", "layout_share")
BAND_EXAMPLE = "band = { difficulty = [0, 2], states = [5, 150], layout_share = [0.2, 1.0] }"
_WORDS = {"difficulty": "two whole numbers of difficulty steps, 0 or more",
          "states": "two whole numbers of search states, 0 or more",
          "layout_share": "two shares of winning layouts, from 0 to 1"}


@dataclass(frozen=True)
class Band:
    """The ranges a contract's levels should fall within; ``None``: that measure is not judged."""

    difficulty: tuple[int, int] | None = None
    states: tuple[int, int] | None = None
    layout_share: tuple[float, float] | None = None

    def ranges(self) -> dict[str, tuple[float, float]]:
        """The measures this band judges, by name, in :data:`BAND_KEYS` order."""
        return {key: value for key in BAND_KEYS if (value := getattr(self, key)) is not None}

    def words(self, measure: str) -> str:
        """``0-2``, ``5-150``, ``20%-100%``: a range as the report writes it ("" when not judged)."""
        value = self.ranges().get(measure)
        if value is None:
            return ""
        if measure == "layout_share":
            return f"{value[0]:.0%}-{value[1]:.0%}"
        return f"{value[0]:g}-{value[1]:g}"


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _share(value: Any) -> bool:
    return (isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
            and 0 <= value <= 1)


def read_band(value: Any, where: Path, positions: Positions) -> tuple[Band | None, list[Problem]]:
    """The band at key path ``where`` (``("contracts", i, "band")``) and its faults, each located."""
    if not isinstance(value, dict):
        return None, [Problem(positions.location(where), f"band must be a table: {BAND_EXAMPLE}",
                              LevelStructureError)]
    problems: list[Problem] = []
    for key in value:
        if key not in BAND_KEYS:
            problems.append(Problem(positions.key_location(where + (key,)), f"unknown key {key!r} in a contract's "
                                    f"band (known: {', '.join(BAND_KEYS)})", LevelStructureError))
    if not value:
        problems.append(Problem(positions.location(where), "an empty band judges nothing: give one of "
                                f"{', '.join(BAND_KEYS)} ({BAND_EXAMPLE})", LevelStructureError))
    ranges: dict[str, tuple[Any, Any]] = {}
    for key in BAND_KEYS:
        if key not in value:
            continue
        fault = _range_fault(key, value[key], where + (key,), positions)
        if fault is not None:
            problems.append(fault)
        else:
            ranges[key] = (value[key][0], value[key][1])
    if problems:
        return None, problems
    return Band(**ranges), []


def _range_fault(key: str, value: Any, where: Path, positions: Positions) -> Problem | None:
    ok = _share if key == "layout_share" else _whole
    expected = f"band.{key} must be [low, high]: {_WORDS[key]}, low <= high"
    if not isinstance(value, list) or len(value) != 2:
        return Problem(positions.location(where), f"{expected} (got {_shown(value)})", LevelStructureError)
    for index, item in enumerate(value):
        if not ok(item):
            return Problem(positions.location(where + (index,)), f"{expected} (got {_shown(item)})",
                           LevelStructureError)
    if value[0] > value[1]:
        return Problem(positions.location(where), f"{expected} (got [{value[0]}, {value[1]}]: low above high)",
                       LevelStructureError)
    return None


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


__all__ = ["BAND_KEYS", "Band", "read_band"]

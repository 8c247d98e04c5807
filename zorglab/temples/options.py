"""The generator's options (contract §3): checked up front, every fault named with its value."""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Mapping
from typing import Any

from zorglab.errors import OptionError

SIZES = ("small", "medium", "large")
ELEMENTS = ("earth", "fire", "ice", "light", "moon", "shadow", "storm", "water", "wind")
DEFAULT_THEME = "Chores"
OPTION_NAMES = ("theme", "floors", "size", "locks", "element", "quests", "gate", "rooms",
                "monsters", "loot", "traps", "puzzles")
# Dressing shares (§3 step 6), in percent of the rooms left to dress; None: the contract's own
# (25-35 % monsters drawn per temple, 10 % loot, 5 % traps, 5 % puzzles). The tuner
# (:mod:`zorglab.temples.tune`) steers these toward the contract's targets over *all* rooms.
DRESSING = ("monsters", "loot", "traps", "puzzles")
DRESSING_RANGE = (0, 60)

# rows/cols range and default floor counts per size (R10: rows, cols in 4..9, floors in 1..3).
SIZE_SHAPES: dict[str, tuple[tuple[int, int], tuple[int, ...], tuple[int, ...]]] = {
    "small": ((5, 6), (1,), (1, 2)),
    "medium": ((6, 7), (1, 2), (2, 3)),
    "large": ((7, 9), (2, 3), (3,)),
}
# ``rooms`` asks for a room count instead of the size's shape (the size still sets the locks).
ROOMS_RANGE = (12, 120)
ROOMS_PER_FLOOR = (10, 40)


@dataclass(frozen=True)
class TempleOptions:
    """Options after checking; ``None`` means "the seed decides"."""

    theme: str = DEFAULT_THEME
    floors: int | None = None
    size: str = "medium"
    locks: int | None = None
    element: str | None = None
    quests: tuple[str, ...] = ()
    gate: bool = False
    rooms: int | None = None
    monsters: int | None = None
    loot: int | None = None
    traps: int | None = None
    puzzles: int | None = None

    def as_dict(self) -> dict[str, Any]:
        """The JSON form stored in a generated temple (R11 regenerates from it); ``rooms``
        and the dressing shares only when asked for, so temples made without them store what they
        always stored."""
        stored: dict[str, Any] = {
            "theme": self.theme,
            "floors": self.floors,
            "size": self.size,
            "locks": self.locks,
            "element": self.element,
            "quests": list(self.quests),
            "gate": self.gate,
        }
        for name in ("rooms", *DRESSING):
            if getattr(self, name) is not None:
                stored[name] = getattr(self, name)
        return stored


def _int_in(name: str, value: Any, low: int, high: int) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise OptionError(f"{name} must be a whole number from {low} to {high}, not {value!r}")
    if not low <= value <= high:
        raise OptionError(f"{name} must be from {low} to {high}, not {value!r}")
    return value


def check_options(options: Mapping[str, Any] | TempleOptions | None) -> TempleOptions:
    """A :class:`TempleOptions` from a mapping, or :class:`OptionError` naming the bad value."""
    if options is None:
        return TempleOptions()
    if isinstance(options, TempleOptions):
        options = options.as_dict()
    if not isinstance(options, Mapping):
        raise OptionError(f"options must be a mapping, not {options!r}")
    unknown = [k for k in options if k not in OPTION_NAMES]
    if unknown:
        raise OptionError(f"unknown option {unknown[0]!r} (known: {', '.join(OPTION_NAMES)})")
    theme = options.get("theme", DEFAULT_THEME)
    if theme is None:
        theme = DEFAULT_THEME
    if not isinstance(theme, str) or not theme.strip():
        raise OptionError(f"theme must be a non-empty name, not {theme!r}")
    size = options.get("size") or "medium"
    if size not in SIZES:
        raise OptionError(f"size must be one of {', '.join(SIZES)}, not {size!r}")
    element = options.get("element")
    if element is not None and element not in ELEMENTS:
        raise OptionError(f"element must be one of {', '.join(ELEMENTS)}, not {element!r}")
    quests = options.get("quests") or ()
    if isinstance(quests, str) or not isinstance(quests, (list, tuple)):
        raise OptionError(f"quests must be a list of quest names, not {quests!r}")
    for quest in quests:
        if not isinstance(quest, str) or not quest.strip():
            raise OptionError(f"each quest must be a non-empty name, not {quest!r}")
    gate = options.get("gate", False)
    if not isinstance(gate, bool):
        raise OptionError(f"gate must be true or false, not {gate!r}")
    floors = _int_in("floors", options.get("floors"), 1, 3)
    rooms = _int_in("rooms", options.get("rooms"), *ROOMS_RANGE)
    if rooms is not None and floors is not None:
        low, high = (floors * n for n in ROOMS_PER_FLOOR)
        if not low <= rooms <= high:
            raise OptionError(f"rooms must be from {low} to {high} on {floors} floor(s), not {rooms!r}")
    return TempleOptions(
        theme=theme,
        floors=floors,
        size=size,
        locks=_int_in("locks", options.get("locks"), 0, 3),
        element=element,
        quests=tuple(quests),
        gate=gate,
        rooms=rooms,
        **{name: _int_in(name, options.get(name), *DRESSING_RANGE) for name in DRESSING},
    )

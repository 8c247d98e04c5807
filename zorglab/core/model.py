"""The typed level model (FR-1..FR-3): frozen values, built only by the loader or by code.

Arguments are concrete values (:mod:`zorglab.core.values`) or :class:`VarRef` where a level
variable stands; :meth:`Level.with_choices` substitutes the player's choices everywhere.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace
from typing import Any

from zorglab.errors import Location
from zorglab.core.tiles import Tile


class Outcome(enum.Enum):
    """How a run ends (ZR-17)."""

    WIN = "win"
    LOSS = "loss"
    STALL = "stall"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class VarRef:
    """A level variable used as an argument; replaced by the chosen value at setup."""

    name: str

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True)
class RoomSpec:
    """One supplied room: ``label = TYPE(args) @ tile``."""

    label: str
    type: str
    args: tuple[Any, ...] = ()
    tile: str | None = None
    source: str = ""
    location: Location | None = field(default=None, compare=False)


@dataclass(frozen=True)
class HeroSpec:
    """One hero of the spawn list, in spawn order."""

    label: str
    type: str
    args: tuple[Any, ...] = ()
    source: str = ""
    location: Location | None = field(default=None, compare=False)


@dataclass(frozen=True)
class SpellSpec:
    """One single-use spell; ``label`` follows the room/hero rule (``Attack1``, alias ``Attack``)."""

    label: str
    type: str
    args: tuple[Any, ...] = ()
    source: str = ""
    location: Location | None = field(default=None, compare=False)


class DomainKind(enum.Enum):
    SET = "set"            # n distinct items
    LIST = "list"          # repeats allowed, order kept
    NATURALS = "N"
    REALS = "R"


@dataclass(frozen=True)
class Variable:
    """``name = choix(n, E)`` (FR-2); with ``n > 1`` the value is the tuple of picks in order (FR-3)."""

    name: str
    count: int
    domain: DomainKind
    items: tuple[Any, ...] = ()
    source: str = ""
    location: Location | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Condition:
    """A constraint or bonus: its parsed expression (an AST node) and the text as written."""

    expr: Any
    source: str
    location: Location | None = field(default=None, compare=False)


@dataclass(frozen=True)
class SpellCall:
    """A spell as named in a cast: its type and (substituted) arguments, and ``label`` when the
    cast names one spell of several alike (same type and arguments) by its label: then that spell
    is cast, not the first unused one (docs/levels.md "Casts"; see :func:`spell_call`)."""

    type: str
    args: tuple[Any, ...] = ()
    label: str | None = None


def spell_call(spell: Any, spells: Any) -> SpellCall:
    """The call a cast naming ``spell`` (a spec or a world's spell) by its label makes, among the
    level's ``spells``: the label is kept only when another spell could be the same type and
    arguments (a variable argument could be anything); otherwise type and arguments already name
    that one spell, and the cast reads, prints and compares as before."""
    alike = any(other.label != spell.label and other.type == spell.type and len(other.args) == len(spell.args)
                and all(a == b or isinstance(a, VarRef) or isinstance(b, VarRef)
                        for a, b in zip(other.args, spell.args))
                for other in spells)
    return SpellCall(spell.type, spell.args, spell.label if alike else None)


@dataclass(frozen=True)
class Cast:
    """``@TICK SPELL [TARGETS]`` (level-format "Casts"); ``inner`` is Selection's applied spell."""

    tick: int
    spell: SpellCall
    on: tuple[str, ...] = ()                  # Sleep/Wake/Banality/Selection targets (hero labels)
    to: tuple[tuple[int, int], ...] = ()      # Move destinations (col, row)
    with_room: str | None = None              # Swap partner / Selection-Swap extra room
    inner: "Cast | None" = None               # Selection's applied spell (its tick = the outer tick)
    source: str = ""
    location: Location | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Solution:
    """A known play: choices, layout, casts and the outcome it must replay to (NFR-5)."""

    choices: tuple[tuple[str, Any], ...] = ()
    rotation: int = 0
    map: tuple[tuple[str | None, ...], ...] = ()   # rows north first; None = empty slot
    main: str | None = None
    casts: tuple[Cast, ...] = ()
    expect: Outcome | None = None
    mirror_casts: tuple[tuple[str, tuple[Cast, ...]], ...] = ()   # (mirror name, its casts), declared order
    location: Location | None = field(default=None, compare=False)

    @property
    def slots(self) -> dict[str, tuple[int, int]]:
        """Room label -> (col, row) as drawn in ``map``."""
        return {label: (col, row) for row, line in enumerate(self.map)
                for col, label in enumerate(line) if label is not None}


@dataclass(frozen=True)
class Mirror:
    """A mirror world (FR-9, ZR-18): its own rooms (1:1 by declaration order), heroes, spells."""

    name: str
    rooms: tuple[RoomSpec, ...]
    heroes: tuple[HeroSpec, ...]
    spells: tuple[SpellSpec, ...] = ()
    constraints: tuple[Condition, ...] = ()
    bonuses: tuple[Condition, ...] = ()
    location: Location | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Level:
    """A whole level file, typed. ``tiles`` holds the level's own tiles and the library ones it uses."""

    id: str
    title: str = ""
    contract: str | None = None
    notes: str = ""
    rooms: tuple[RoomSpec, ...] = ()
    heroes: tuple[HeroSpec, ...] = ()
    spells: tuple[SpellSpec, ...] = ()
    constraints: tuple[Condition, ...] = ()
    bonuses: tuple[Condition, ...] = ()
    variables: tuple[Variable, ...] = ()
    tiles: tuple[tuple[str, Tile], ...] = ()   # tile name -> Tile, for every tile a room names
    solutions: tuple[Solution, ...] = ()
    mirrors: tuple[Mirror, ...] = ()
    path: str | None = field(default=None, compare=False)
    digest: str | None = field(default=None, compare=False)   # sha256 of the bytes loaded: a save's stale check
    max_actions: int | None = None    # ZR-27's action cap for this level (None: the engine's default)

    def room(self, label: str) -> RoomSpec:
        for room in self.rooms:
            if room.label == label:
                return room
        raise KeyError(label)

    def hero(self, label: str) -> HeroSpec:
        for hero in self.heroes:
            if hero.label == label:
                return hero
        raise KeyError(label)

    def tile_named(self, name: str) -> Tile:
        for tile_name, tile in self.tiles:
            if tile_name == name:
                return tile
        raise KeyError(name)

    def room_tile(self, label: str) -> Tile:
        """The upright tile of a room: its named tile, else its type's default."""
        room = self.room(label)
        return self.tile_named(room.tile if room.tile is not None else default_tile_name(room.type))

    def with_choices(self, choices: dict[str, Any]) -> "Level":
        """This level with every :class:`VarRef` replaced by the chosen value (FR-2)."""
        from zorglab.core.substitute import substitute_level  # substitute imports this module
        return substitute_level(self, choices)

    def replace(self, **changes: Any) -> "Level":
        return replace(self, **changes)

    def _repr_html_(self) -> str:
        from html import escape
        rows = [("id", self.id), ("title", self.title), ("contract", self.contract or ""),
                ("rooms", ", ".join(r.source or r.label for r in self.rooms)),
                ("heroes", ", ".join(h.source or h.label for h in self.heroes)),
                ("spells", ", ".join(s.source or s.label for s in self.spells) or "none"),
                ("constraints", "; ".join(c.source for c in self.constraints) or "none"),
                ("bonuses", "; ".join(c.source for c in self.bonuses) or "none"),
                ("mirrors", ", ".join(m.name for m in self.mirrors) or "none"),
                ("solutions", str(len(self.solutions)))]
        body = "".join(f"<tr><th style='text-align:left'>{k}</th><td style='text-align:left'>{escape(str(v))}</td></tr>"
                       for k, v in rows)
        return f"<table>{body}</table>"


MAIN_WORLD = "M"   # the main world's name (level-format "Mirrors")


def default_tile_name(room_type: str) -> str:
    """The library's default tile for a room type (ZR-2): ``default-<type>``."""
    return f"default-{room_type}"

"""The designer's brief (issue 17): what a proposed level must contain and the figures it must reach.

A brief pins rooms, heroes and spells (level notation, e.g. ``"P(1, [2])"``, ``"Elf(3, {ice})"``)
and tiles (library tile names a room must use), names the mechanics the generator may add on its
own, and sets targets as inclusive ranges (:class:`Span`): fewest spells needed, winning layouts,
winning cast lists, search states (the difficulty measure's second figure) and board size in rooms.
A target left ``None`` is not asked for. Everything is checked when the brief is made, so a wrong
name is one clear :class:`~zorglab.errors.OptionError`, not a failure deep in a search.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields, replace
from typing import Any, Mapping

from zorglab.errors import LevelError, OptionError

# What the generator knows how to draw arguments for; other types may still be pinned.
ROOM_TYPES = ("D", "E", "O", "T", "P")
HERO_TYPES = ("Warrior", "Elf")
SPELL_TYPES = ("Attack", "Sleep", "Wake", "Teleport", "Swap", "Move", "Banality", "Selection")
_SPAN = re.compile(r"^\s*(\d+)\s*(?:(-)\s*(\d+)?|(\+))?\s*$")


@dataclass(frozen=True)
class Span:
    """An inclusive range of whole numbers; ``hi=None`` means no upper bound."""

    lo: int = 0
    hi: int | None = None

    def __post_init__(self) -> None:
        if self.lo < 0 or (self.hi is not None and self.hi < self.lo):
            raise OptionError(f"range {self}: give 0 <= low <= high")

    @classmethod
    def of(cls, value: "Span | int | str | tuple[int, int | None] | list[Any] | None",
           what: str = "range") -> "Span | None":
        """``3`` (exactly), ``"2-4"``, ``"2+"``, ``(2, 4)``, ``(2, None)``, or None (not asked)."""
        if value is None or isinstance(value, Span):
            return value
        if isinstance(value, bool):
            raise OptionError(f"{what} {value!r}: give a number or a range such as 2-4")
        if isinstance(value, int):
            return cls(value, value)
        if isinstance(value, (tuple, list)) and len(value) == 2:
            return cls(int(value[0]), None if value[1] is None else int(value[1]))
        if isinstance(value, str):
            found = _SPAN.match(value)
            if found:
                lo = int(found.group(1))
                if found.group(4) or (found.group(2) and found.group(3) is None):
                    return cls(lo, None)
                return cls(lo, int(found.group(3)) if found.group(3) else lo)
        raise OptionError(f"{what} {value!r}: give a number (2), a range (2-4) or an open range (2+)")

    def __contains__(self, value: object) -> bool:
        return isinstance(value, int) and value >= self.lo and (self.hi is None or value <= self.hi)

    def gap(self, value: int) -> int:
        """How far ``value`` lies outside the range (0 inside)."""
        if value < self.lo:
            return self.lo - value
        if self.hi is not None and value > self.hi:
            return value - self.hi
        return 0

    def __str__(self) -> str:
        if self.hi == self.lo:
            return str(self.lo)
        return f"{self.lo}+" if self.hi is None else f"{self.lo}-{self.hi}"


TARGETS = ("fewest_spells", "winning_layouts", "cast_lists", "states")


@dataclass(frozen=True)
class Brief:
    """What to propose. Pins are level notation; types are the mechanics the generator may add."""

    rooms: tuple[str, ...] = ()
    heroes: tuple[str, ...] = ()
    spells: tuple[str, ...] = ()
    tiles: tuple[str, ...] = ()
    room_types: tuple[str, ...] = ("D",)
    hero_types: tuple[str, ...] = ("Warrior",)
    spell_types: tuple[str, ...] = ("Attack",)
    board: Span = Span(3, 5)                # rooms on the board, A and Z included
    hero_count: Span = Span(1, 3)
    spell_count: Span = Span(1, 2)
    hp: Span = Span(1, 6)                   # hit points of generated heroes
    fewest_spells: Span | None = None
    winning_layouts: Span | None = None
    cast_lists: Span | None = None          # winning cast lists on the proposed layout
    states: Span | None = None              # search states to the win (difficulty's second figure)
    name: str = "prop"                      # level ids are NAME-SEED-INDEX
    contract: str | None = None
    pins_matter: bool = True                # every pin matters and no spawn kill (zorglab.propose.interest)
    min_first_cast: int | None = None       # a fewest-spells win casts first after this many actions at least
    unique: bool = False                    # one winning cast list, up to commuting casts
    graph_states: Span | None = None        # size of the reachable state graph (a measure no search cut moves)
    types_matter: bool = False              # every drafted hero not a Warrior matters: a Warrior of its HP in its place changes the level
    timing: bool = False                    # a timing puzzle between heroes: every win has two living heroes on the board together

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name in ("rooms", "heroes", "spells", "tiles", "room_types", "hero_types", "spell_types"):
                if isinstance(value, str):
                    value = tuple(v.strip() for v in value.split(",") if v.strip())
                object.__setattr__(self, f.name, tuple(value))
            elif f.name in ("board", "hero_count", "spell_count", "hp", "graph_states") or f.name in TARGETS:
                span = Span.of(value, f.name.replace("_", "-"))
                if span is None and f.name not in TARGETS + ("graph_states",):
                    raise OptionError(f"{f.name}: a range is needed")
                object.__setattr__(self, f.name, span)
        self._check()

    def _check(self) -> None:
        from zorglab.core.tiles import library_tiles
        from zorglab.level.parse import parse_hero, parse_room, parse_spell

        for kind, known, given in (("room", ROOM_TYPES, self.room_types), ("hero", HERO_TYPES, self.hero_types),
                                   ("spell", SPELL_TYPES, self.spell_types)):
            for name in given:
                if name not in known:
                    raise OptionError(f"{kind} type {name!r}: the generator draws {', '.join(known)} "
                                      f"(pin other {kind}s as notation instead)")
        for kind, parse, texts in (("room", parse_room, self.rooms), ("hero", parse_hero, self.heroes),
                                   ("spell", parse_spell, self.spells)):
            for text in texts:
                try:
                    parse(text)
                except LevelError as error:
                    raise OptionError(f"pinned {kind} {text!r}: {str(error).splitlines()[0]}") from None
        library = library_tiles()
        for name in self.tiles:
            if name not in library:
                raise OptionError(f"pinned tile {name!r} is not in the tile library (levels/tiles.toml)")
        if self.board.lo < 2:
            raise OptionError(f"board {self.board}: a level needs at least two rooms (A and Z)")
        if self.hero_count.lo < 1:
            raise OptionError(f"hero-count {self.hero_count}: a level needs at least one hero")
        if self.hp.lo < 1:
            raise OptionError(f"hp {self.hp}: heroes have at least 1 hit point")
        if not all(isinstance(v, bool) for v in (self.pins_matter, self.unique, self.types_matter, self.timing)):
            raise OptionError(f"pins-matter {self.pins_matter!r}, unique {self.unique!r}, types-matter "
                              f"{self.types_matter!r}, timing {self.timing!r}: give true or false")
        if self.min_first_cast is not None and (isinstance(self.min_first_cast, bool)
                                                or not isinstance(self.min_first_cast, int) or self.min_first_cast < 0):
            raise OptionError(f"min-first-cast {self.min_first_cast!r}: give a whole number of actions, 0 or more")
        if not re.fullmatch(r"[a-z][a-z0-9]*", self.name):
            raise OptionError(f"name {self.name!r}: lower-case letters and digits, starting with a letter")

    @property
    def spells_needed(self) -> Span:
        """The fewest spells a candidate must need: ``fewest_spells`` when the brief sets it, else at
        least one (issue 42: a level won with no cast at all teaches no spell; ask ``fewest_spells=0``
        for one)."""
        return self.fewest_spells if self.fewest_spells is not None else Span(1, None)

    def pinned_room_types(self) -> tuple[str, ...]:
        from zorglab.level.parse import parse_room
        return tuple(parse_room(text).type for text in self.rooms)

    def impossible(self) -> str | None:
        """Why no level can meet this brief, when that is plain without searching; else None."""
        pinned_rooms = [t for t in self.pinned_room_types() if t not in ("A", "Z")]
        fixed = 2 + len(pinned_rooms) + len(self.tiles)
        if self.board.hi is not None and fixed > self.board.hi:
            return (f"the pins need {fixed} rooms (A, Z, {len(pinned_rooms)} pinned rooms, "
                    f"{len(self.tiles)} pinned tiles) but the board holds at most {self.board.hi}")
        if self.spell_count.hi is not None and len(self.spells) > self.spell_count.hi:
            return f"{len(self.spells)} spells are pinned but spell-count allows at most {self.spell_count.hi}"
        if self.hero_count.hi is not None and len(self.heroes) > self.hero_count.hi:
            return f"{len(self.heroes)} heroes are pinned but hero-count allows at most {self.hero_count.hi}"
        most = self.spell_count.hi
        if most is not None:
            most = max(most, len(self.spells))
            selections = any(s.startswith("Selection") for s in self.spells) or "Selection" in self.spell_types
            most_used = most * 2 if selections else most
            if self.fewest_spells is not None and self.fewest_spells.lo > most_used:
                return (f"fewest spells {self.fewest_spells} is asked, but a level here holds at most {most} "
                        f"spell{'s' * (most != 1)}")
        if not self.spell_types and not self.spells and self.fewest_spells is not None and self.fewest_spells.lo > 0:
            return f"fewest spells {self.fewest_spells} is asked, but no spell is pinned or allowed"
        if self.fewest_spells is None and not self.spells and not self.spell_types:
            return "no spell is pinned or allowed, so no level can need a cast (ask fewest spells 0 for one that needs none)"
        if self.min_first_cast is not None and self.fewest_spells is not None and self.fewest_spells.hi == 0:
            return f"min-first-cast {self.min_first_cast} is asked, but fewest spells {self.fewest_spells} casts nothing"
        if self.timing and self.hero_count.hi is not None and max(self.hero_count.hi, len(self.heroes)) < 2:
            return (f"timing between heroes is asked, but hero-count {self.hero_count} allows one hero: "
                    "two heroes at least must meet")
        if self.timing and self.fewest_spells is not None and self.fewest_spells.hi == 0:
            return (f"timing between heroes is asked, but fewest spells {self.fewest_spells} casts nothing: "
                    "heroes meet only when a cast holds one back")
        if self.winning_layouts is not None and self.winning_layouts.hi == 0:
            return "winning layouts 0 is asked, but a proposed level is always won on its own layout"
        if self.cast_lists is not None and self.cast_lists.hi == 0:
            return "winning cast lists 0 is asked, but a proposed level always has its witness"
        return None

    def describe(self) -> str:
        """One line for file comments and reports: the pins, the mechanics and the targets."""
        parts = []
        for label, values in (("rooms", self.rooms), ("heroes", self.heroes), ("spells", self.spells),
                              ("tiles", self.tiles)):
            if values:
                parts.append(f"pinned {label} {', '.join(values)}")
        parts.append("mechanics " + " ".join(self.room_types + self.hero_types + self.spell_types))
        parts.append(f"board {self.board}, heroes {self.hero_count}, spells {self.spell_count}, hp {self.hp}")
        for name in TARGETS:
            span = getattr(self, name)
            if span is not None:
                parts.append(f"{name.replace('_', ' ')} {span}")
        if self.graph_states is not None:
            parts.append(f"graph states {self.graph_states}")
        if self.fewest_spells is None:
            parts.append("at least one cast")
        if self.pins_matter:
            parts.append("pins matter, no spawn kill")
        if self.types_matter:
            parts.append("each hero type matters (a Warrior of the same HP in its place changes the level)")
        if self.timing:
            parts.append("timing between heroes (every win has two living heroes on the board together, "
                         "the run without casts never)")
        if self.min_first_cast is not None:
            parts.append(f"first cast after {self.min_first_cast}+ actions")
        if self.unique:
            parts.append("one winning cast list")
        return "; ".join(parts)

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = str(value) if isinstance(value, Span) else list(value) if isinstance(value, tuple) else value
        return out

    def replace(self, **changes: Any) -> "Brief":
        return replace(self, **changes)


def brief_from(data: Mapping[str, Any]) -> Brief:
    """A brief from a mapping (a TOML table, CLI options); an unknown key is an OptionError."""
    known = {f.name for f in fields(Brief)}
    unknown = sorted(set(data) - known)
    if unknown:
        raise OptionError(f"unknown brief key{'s' * (len(unknown) > 1)} {', '.join(unknown)} "
                          f"(known: {', '.join(sorted(known))})")
    return Brief(**{k: v for k, v in data.items() if v is not None})


# The plain stand-ins the interest figures compare a pin with (zorglab.propose.interest): a room with
# no effect (on its own tile with the typed cells made floor), and a hero of the same hit points.
PLAIN_ROOM = "D(0)"
PLAIN_HERO = "Warrior({hp})"
PLAIN_HERO_FOR_PLAIN = "Elf({hp}, {{}})"

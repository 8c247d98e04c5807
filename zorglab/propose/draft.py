"""Candidate generation: one seeded draft of a level for a brief (rooms and tiles, heroes, spells, layout).

A draft is a road from A to Z: a self-avoiding walk of slots, one room per slot, each room on a
library tile whose openings face exactly its neighbours on the road when the library has one
(a corridor, a corner, a dead end, a spawn tile), else on a tile with more openings. Pinned rooms
go on the road at random places; the rest are drawn from the brief's mechanics with random
arguments, and so are the heroes (hit points from ``brief.hp``) and the spells. Draft ``index``
of seed ``s`` depends on nothing but ``(brief, s, index)``: drafts can be made in any order, in
any process (:mod:`zorglab.propose.batch`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from zorglab.core.geometry import Direction, neighbour_slot
from zorglab.core.registry import find_hero_type, find_room_type, find_spell_type, room_types
from zorglab.core.tiles import Tile, library_tiles, tile_suits
from zorglab.level.parse import parse_hero, parse_room, parse_spell
from zorglab.propose.brief import Brief
from zorglab.seeding import Seed, normalise_seed

ELEMENTS = ("fire", "water", "ice", "poison")
WALK_TRIES = 20
HOLDING = ("pause", "board")  # bound roles that can hold a hero back: asleep, or its room set apart (stuck)
BIASED_HP = 0.6             # share of heroes whose hit points are drawn near what the road takes
Slot = tuple[int, int]


@dataclass(frozen=True)
class Draft:
    """A level before any search: notation for rooms (with tiles), heroes and spells, and a layout."""

    index: int
    rooms: tuple[str, ...]
    heroes: tuple[str, ...]
    spells: tuple[str, ...]
    slots: tuple[Slot, ...]          # one per room, in room order


def draft_rng(seed: Seed, index: int) -> random.Random:
    """The generator of draft ``index``: a function of the seed and the index only."""
    return random.Random(f"zorglab-propose:{normalise_seed(seed)}:{index}")


@lru_cache(maxsize=1)
def _library() -> tuple[tuple[str, Tile], ...]:
    return tuple(sorted(library_tiles().items()))


def tiles_for(room_type: str, sides: frozenset[Direction]) -> tuple[list[str], list[str]]:
    """Library tiles a room type may use with openings exactly on ``sides``, and those opening more."""
    exact, wider = [], []
    for name, tile in _library():
        if name.startswith("default-") and not name.endswith(f"-{room_type}"):
            continue
        if not tile_suits(tile, room_type) or any(len(tile.openings(d)) not in (0, 1) for d in Direction):
            continue
        if any(tile.openings(d) != (2,) for d in tile.open_sides):
            continue                            # off-centre openings match too few neighbours
        own = getattr(find_room_type(room_type), "own_cells", "")
        if own and not any(ch in own for row in tile.rows for ch in row):
            continue                            # an E room without green cells, a T room without tolls
        open_ = frozenset(tile.open_sides)
        if open_ == sides:
            exact.append(name)
        elif open_ > sides:
            wider.append(name)
    return exact, wider


def _walk(rng: random.Random, length: int) -> list[Slot] | None:
    """A self-avoiding walk of ``length`` slots from (0, 0), or None when it boxed itself in."""
    path = [(0, 0)]
    while len(path) < length:
        free = [neighbour_slot(path[-1], d) for d in Direction]
        free = [s for s in free if s not in path]
        if not free:
            return None
        path.append(rng.choice(free))
    return path


def _direction(a: Slot, b: Slot) -> Direction:
    return next(d for d in Direction if neighbour_slot(a, d) == b)


def _room_args(rng: random.Random, room_type: str) -> str:
    drafted = _room_type(room_type).draft(rng)
    if drafted is None:
        raise ValueError(f"no argument generator for room type {room_type!r}")
    return drafted


def _room_type(room_type: str):
    behaviour = find_room_type(room_type)
    if behaviour is None:
        raise ValueError(f"no argument generator for room type {room_type!r}")
    return behaviour


def road_damage(rooms: list[str]) -> int:
    """A rough count of the hit points the road takes from a hero walking it once: each room
    type's ``draft_damage`` (D rooms' damage, three per fire room). Only a bias for drawing hit
    points near the interesting range."""
    total = 0
    for text in rooms:
        spec = parse_room(text)
        behaviour = find_room_type(spec.type)
        if behaviour is not None:
            total += behaviour.draft_damage(spec.args, text)
    return total


def _hero(rng: random.Random, hero_type: str, brief: Brief, elements: list[str], road: int) -> str:
    hi = brief.hp.hi if brief.hp.hi is not None else brief.hp.lo + 5
    if rng.random() < BIASED_HP:
        hp = min(hi, max(brief.hp.lo, road + rng.choice((-1, 0, 1, 1, 2))))
    else:
        hp = rng.randint(brief.hp.lo, hi)
    behaviour = find_hero_type(hero_type)
    drafted = behaviour.draft(rng, hp, elements) if behaviour is not None else None
    if drafted is None:
        raise ValueError(f"no argument generator for hero type {hero_type!r}")
    return drafted


def _spell(rng: random.Random, spell_type: str) -> str:
    behaviour = find_spell_type(spell_type)
    return behaviour.draft(rng) if behaviour is not None else spell_type


def _holds_gold(text: str) -> bool:
    spec = parse_room(text)
    behaviour = find_room_type(spec.type)
    return behaviour is not None and behaviour.initial_gold(spec.args) > 0


def _gold_room(rng: random.Random, brief: Brief, fillers: list[tuple[str, str | None]]) -> list[tuple[str, None]]:
    """For a timing draft, one room holding gold (a type whose drafted rooms start with gold, such as O)
    when the brief's mechanics have one and no room yet holds gold: a hero who dies holding gold
    drops it where it dies (ZR-11), and a room holding gold spares the next hero its effect (ZR-8),
    so where the first hero falls changes the next one's road; timing a cast then matters."""
    if any(_holds_gold(text) for text, _ in fillers):
        return []
    rich = []
    for room_type in brief.room_types:
        drafted = _room_args(rng, room_type)
        if _holds_gold(drafted):
            rich.append(drafted)
    return [(rng.choice(rich), None)] if rich else []


def _role(spell_type: str) -> tuple[str | None, str | None]:
    """A spell type's part in a meeting of heroes, from what it declares: its ``bound_role``
    (:data:`HOLDING`: can hold a hero while the others act) and its ``target`` ("all": every hero on
    the board)."""
    behaviour = find_spell_type(spell_type)
    return (None, None) if behaviour is None else (behaviour.bound_role, behaviour.target)


def timing_spells(rng: random.Random, brief: Brief) -> list[str]:
    """The spells of a timing draft (issue 42): the pins, then one spell that can hold a hero back
    while the others act (a ``pause`` role, such as Sleep, or a ``board`` role, such as Move and
    Swap, which can set its room apart: stuck, it lets the next one spawn) and one that strikes
    every hero on the board at once (target ``all``, such as Attack) when the brief's mechanics have
    them and the pins do not, then random ones up to the drawn count: the makings of "hold the
    first, let the next catch up, strike both"."""
    spells = list(brief.spells)
    wanted = max(2, _count(rng, brief.spell_count, len(spells), spare=1))
    if brief.spell_count.hi is not None:
        wanted = min(wanted, max(brief.spell_count.hi, len(spells)))
    roles = [_role(parse_spell(text).type) for text in spells]
    for part, have in ((0, HOLDING), (1, ("all",))):
        choices = [t for t in brief.spell_types if _role(t)[part] in have]
        if choices and len(spells) < wanted and not any(r[part] in have for r in roles):
            spells.append(_spell(rng, rng.choice(choices)))
            roles.append(_role(parse_spell(spells[-1]).type))
    while len(spells) < wanted and brief.spell_types:
        spells.append(_spell(rng, rng.choice(brief.spell_types)))
    return spells


def _strike(spells: list[str]) -> int:
    """The HP one cast of the strongest spell striking every hero at once takes from each (0: none)."""
    most = 0
    for text in spells:
        spec = parse_spell(text)
        behaviour = find_spell_type(spec.type)
        if behaviour is not None and behaviour.target == "all":
            most = max(most, behaviour.damage_to_each(spec.args))
    return most


def _timing_hero(rng: random.Random, hero_type: str, brief: Brief, elements: list[str], road: int,
                 spells: list[str]) -> str:
    """A hero for a timing draft: hit points the road alone does not take (so it walks through to Z
    unless a cast stops it) that one strike after the road does, above one strike at the spawn where
    the brief's range allows; so one strike wins only when it finds two heroes together."""
    strike = _strike(spells)
    if not strike:
        return _hero(rng, hero_type, brief, elements, road)
    hi = brief.hp.hi if brief.hp.hi is not None else brief.hp.lo + 5
    lo = max(brief.hp.lo, road + 1)
    top = min(hi, road + strike)
    if lo > top:
        return _hero(rng, hero_type, brief, elements, road)
    hp = rng.randint(max(lo, min(top, strike + 1)), top)
    behaviour = find_hero_type(hero_type)
    drafted = behaviour.draft(rng, hp, elements) if behaviour is not None else None
    if drafted is None:
        raise ValueError(f"no argument generator for hero type {hero_type!r}")
    return drafted


def _count(rng: random.Random, span, pinned: int, spare: int = 3) -> int:
    lo = max(span.lo, pinned)
    hi = span.hi if span.hi is not None else lo + spare
    return rng.randint(lo, max(lo, hi))


def _end_type(flag: str) -> str:
    """The room type a road starts (``is_spawn``: A) or ends (``ends_level``: Z) with."""
    return next(cls.name for cls in room_types() if getattr(cls, flag))


def make_draft(brief: Brief, seed: Seed, index: int) -> Draft | None:
    """Draft ``index`` for ``brief`` and ``seed``, or None when no road could be laid for it."""
    rng = draft_rng(seed, index)
    pinned = [parse_room(text) for text in brief.rooms]
    spawn, zorg = _end_type("is_spawn"), _end_type("ends_level")
    middle_pins = [text for text, spec in zip(brief.rooms, pinned) if spec.type not in (spawn, zorg)]
    a_pin = next((t for t, s in zip(brief.rooms, pinned) if s.type == spawn), None)
    z_pin = next((t for t, s in zip(brief.rooms, pinned) if s.type == zorg), None)
    fixed = 2 + len(middle_pins) + len(brief.tiles)
    size = _count(rng, brief.board, fixed, spare=2)
    for _ in range(WALK_TRIES):
        path = _walk(rng, size)
        if path is not None:
            break
    else:
        return None
    fillers: list[tuple[str, str | None]] = [(text, None) for text in middle_pins]
    for wanted in brief.tiles:
        suited = [t for t in brief.room_types if tile_suits(dict(_library())[wanted], t)]
        if not suited:
            return None
        fillers.append((_room_args(rng, rng.choice(suited)), wanted))
    if brief.timing and len(fillers) < size - 2:
        fillers += _gold_room(rng, brief, fillers)
    while len(fillers) < size - 2:
        if not brief.room_types:
            return None
        fillers.append((_room_args(rng, rng.choice(brief.room_types)), None))
    rng.shuffle(fillers)
    texts = [(a_pin or spawn, None), *fillers, (z_pin or zorg, None)]
    rooms = []
    for i, ((text, tile), slot) in enumerate(zip(texts, path)):
        spec = parse_room(text)
        if spec.tile is None and tile is None:
            sides = frozenset(_direction(slot, path[j]) for j in (i - 1, i + 1) if 0 <= j < len(path))
            exact, wider = tiles_for(spec.type, sides)
            choices = exact or wider
            if not choices:
                return None
            tile = rng.choice(choices)
        rooms.append(text if tile is None else f"{text} @ {tile}")
    elements = sorted({e for text in rooms for e in ELEMENTS if e in text})
    heroes = list(brief.heroes)
    road = road_damage(rooms)
    if brief.timing:
        spells = timing_spells(rng, brief)
        for _ in range(max(2, _count(rng, brief.hero_count, len(heroes))) - len(heroes)):
            heroes.append(_timing_hero(rng, rng.choice(brief.hero_types), brief, elements, road, spells))
    else:
        for _ in range(_count(rng, brief.hero_count, len(heroes)) - len(heroes)):
            heroes.append(_hero(rng, rng.choice(brief.hero_types), brief, elements, road))
        spells = list(brief.spells)
        if brief.spell_types:
            for _ in range(_count(rng, brief.spell_count, len(spells), spare=1) - len(spells)):
                spells.append(_spell(rng, rng.choice(brief.spell_types)))
    for text in heroes:
        parse_hero(text)
    for text in spells:
        parse_spell(text)
    return Draft(index, tuple(rooms), tuple(heroes), tuple(spells), tuple(path))

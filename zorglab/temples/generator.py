"""``generate_temple(seed, options)``: a seeded, verified temple (contract §3, R10, R11).

A pure function of its arguments: the skeleton comes from ``rng(seed)``; locks, keys and
dressing from sub-seed ``"<seed>/locks/<n>"``. Step 7 runs the solver over the finished
temple (worst key order included); if it fails, steps 5-6 run again with the next sub-seed,
at most 8 times, then :class:`TempleGenerationError`. The seed and options are stored in
the temple so anyone can make it again.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Mapping

from zorglab.errors import OptionError
from zorglab.seeding import Seed, normalise_seed, rng
from zorglab.temples.errors import TempleGenerationError
from zorglab.temples.frozen import FrozenDict, freeze
from zorglab.temples.graph import RoomCells, RoomFacts, TempleGraph, compile_facts, floor_places, link_rooms
from zorglab.temples.model import Floor, Place, Room, Temple
from zorglab.temples.options import DRESSING, ELEMENTS, ROOMS_PER_FLOOR, SIZE_SHAPES, TempleOptions, check_options
from zorglab.temples.placement import Layout, add_loops, dress, place_locks, remove_loops
from zorglab.temples.skeleton import Skeleton, SkeletonError, build_tree, carve, plan_critical_path
from zorglab.temples.solver import Solution, solve

MAX_RETRIES = 8
MAX_SKELETONS = 32
ROOMS_FILL = 0.55  # share of a floor's cells a ``rooms`` temple carves at most

# kind -> (room type, base token, content)
KINDS: dict[str, tuple[str, str, dict[str, Any] | None]] = {
    "wall": ("wall", "_", None),
    "empty": ("empty", "0", None),
    "entrance": ("entrance", "E", None),
    "gate": ("gate", "G", None),
    "boss": ("boss", "B", {"lockOnEnter": True, "difficulty": "boss"}),
    "miniboss": ("miniboss", "b", {"lockOnEnter": True, "difficulty": "hard"}),
    "monster": ("monster", "s", {"difficulty": "easy"}),
    "monster2": ("monster", "S", {"difficulty": "normal"}),
    "key": ("loot", "k", {"chest": "dungeon", "dungeon": "key"}),
    "master": ("loot", "K", {"chest": "dungeon", "dungeon": "master-key"}),
    "pegasus": ("loot", "LPEG", {"chest": "dungeon", "dungeon": "Pegasus"}),
    "map": ("loot", "LMAP", {"chest": "dungeon", "dungeon": "map"}),
    "compass": ("loot", "LCOM", {"chest": "dungeon", "dungeon": "compass"}),
    "loot": ("loot", "O", {"chest": "consumable"}),
    "trap": ("trap", "T", {"damage": 5}),
    "puzzle": ("puzzle", "Z", None),
    "shop": ("shop", "P", None),
    "heal": ("health", "H", {"healthPoints": 15}),
    "camp": ("camp", "C", None),
    "save": ("savepoint", "V", None),
    "up": ("stairs_up", "U", None),
    "down": ("stairs_down", "D", None),
}
FIGHT_KINDS = ("monster", "monster2", "miniboss", "boss")
# What a room of a generated temple is: (kind, locked sides, quest, items).
Spec = tuple[str, tuple[str, ...], str | None, tuple[str, ...] | None]


@dataclass(frozen=True)
class GenerationReport:
    """How a temple came about: sub-seed retries and the solver's verdict on it."""

    temple: Temple
    retries: int
    solution: Solution
    critical_locks: int
    side_locks: int
    keys: int
    loops: int


def _shape(options: TempleOptions, r: random.Random) -> tuple[int, int, int, int]:
    """Rows, cols, floors and critical locks: the size's ranges, or with ``rooms`` the fewest
    floors holding that many (at most 40 a floor) on floors big enough to carve them."""
    (low, high), floor_choices, lock_choices = SIZE_SHAPES[options.size]
    if options.rooms is not None:
        floor_choices = (options.floors or -(-options.rooms // ROOMS_PER_FLOOR[1]),)
        per_floor = -(-options.rooms // floor_choices[0])
        low = min(9, max(4, math.ceil(math.sqrt(per_floor / ROOMS_FILL))))
        high = min(9, low + 1)
    rows = r.randint(low, high)
    cols = r.randint(low, high)
    floors = r.choice(floor_choices)
    locks = r.choice(lock_choices)
    if options.floors is not None:
        floors = options.floors
    if options.locks is not None:
        locks = options.locks
    return rows, cols, floors, locks


def _tree_targets(options: TempleOptions, floors: int, r: random.Random) -> tuple[int, ...] | None:
    """Rooms to carve per floor when ``rooms`` is asked for: the count less the Pegasus room,
    the gate and 10-20 % for the loops, which then fill up to the count (None: the size's
    52-62 % of each floor)."""
    if options.rooms is None:
        return None
    n = options.rooms
    tree = n - 1 - options.gate - (n - 1) * r.randint(10, 20) // 100
    return tuple(tree // floors + (k < tree % floors) for k in range(floors))


def _skeleton(options: TempleOptions, r: random.Random) -> tuple[Skeleton, int]:
    rows, cols, floors, locks = _shape(options, r)
    targets = _tree_targets(options, floors, r)
    for _ in range(MAX_SKELETONS):
        sk = carve(rows, cols, floors, r, targets)
        build_tree(sk)
        try:
            plan_critical_path(sk, locks, options.gate, r)
        except SkeletonError:
            continue
        return sk, locks
    raise TempleGenerationError(f"no skeleton fits {rows}x{cols}x{floors} with {locks} locks")


def _element(options: TempleOptions) -> str:
    """The option's element, else the theme's (the theme picks the element, contract §6)."""
    return options.element or ELEMENTS[normalise_seed(options.theme.lower()) % len(ELEMENTS)]


def _build(seed: Seed, options: TempleOptions, sk: Skeleton, layout: Layout) -> tuple[Temple, TempleGraph]:
    """The temple, and its graph for the proof: the rooms are indexed as their tokens are
    written (:class:`~zorglab.temples.graph.RoomCells`), so the graph is linked without reading
    the grids back; :func:`~zorglab.temples.graph.compile_temple` of the temple gives the same
    graph (tested)."""
    rows, cols, area, nfloors = sk.rows, sk.cols, sk.area, sk.floors
    element = _element(options)
    quests = options.quests
    kinds = layout.kinds
    quest_of: dict[int, str] = {}
    if quests:
        fights = 0
        for listed in range(nfloors):
            base = (nfloors - 1 - listed) * area
            for cell in range(base, base + area):
                if kinds.get(cell) in FIGHT_KINDS:
                    quest_of[cell] = quests[fights % len(quests)]
                    fights += 1
    specs: dict[Spec, str] = {}
    rooms: dict[str, Room] = {}
    fact_of: dict[str, RoomFacts] = {}  # token -> its room's compile_facts
    used: set[str] = set()
    counter = 0

    def token_for(spec: Spec) -> str:
        """The token of a spec not met before in this temple (the callers look first)."""
        nonlocal counter
        room_type, token, content = KINDS[spec[0]]
        if token in used:
            counter += 1
            token = f"{token[0]}{counter:03d}"
        used.add(token)
        specs[spec] = token
        rooms[token], fact_of[token] = _room(room_type, content, spec, element)
        return token

    carved, locked, extras = sk.carved, layout.locked, layout.extras
    plain: dict[str, str] = {}  # kind -> the token of its room with no lock, quest or item
    wall = ""
    cells = RoomCells()
    places, facts, rc_of, add_ids = cells.places, cells.facts, cells.rc_of, cells.flat_ids.append
    u = 0  # the next room's cell in the graph
    grids = []
    for listed in range(nfloors):
        base = (nfloors - 1 - listed) * area
        table = floor_places(listed, rows, cols)
        ids: list[int] = []
        grid = []
        for r in range(rows):
            line = []
            start = base + r * cols
            for cell in range(start, start + cols):
                if not carved[cell]:
                    wall = wall or token_for(("wall", (), None, None))
                    line.append(wall)
                    ids.append(-1)
                    continue
                kind = kinds[cell]
                if cell not in locked and cell not in quest_of and cell not in extras:
                    token = plain.get(kind)
                    if token is None:
                        token = plain[kind] = token_for((kind, (), None, None))
                else:
                    behind = locked.get(cell)
                    sides = tuple(sorted(_side_toward(cell, t, cols) for t in behind)) if behind else ()
                    spec = (kind, sides, quest_of.get(cell), extras.get(cell))
                    token = specs.get(spec) or token_for(spec)
                line.append(token)
                rc = cell - base
                ids.append(u)
                u += 1
                places.append(table[rc])
                facts.append(fact_of[token])
                rc_of.append(rc)
            grid.append(tuple(line))
        add_ids(ids)
        grids.append(Floor(f"{nfloors - listed}F", tuple(grid)))
    er, ec = divmod(sk.entrance % area, cols)
    norm = normalise_seed(seed)
    temple = Temple(
        id=f"temple-{norm & 0xFFFFFFFFFFFF:012x}",
        name=f"{element.title()} Temple of the {options.theme}",
        entrance=Place(nfloors - 1 - sk.floor_of(sk.entrance), er, ec),
        floors=tuple(grids),
        rooms=FrozenDict(rooms),
        seed=seed,
        theme=options.theme,
        element=element,
        options=_stored_options(options),
    )
    return temple, link_rooms(temple, cells)


@lru_cache(maxsize=64)
def _stored_options(options: TempleOptions) -> FrozenDict:
    """The options as the temple stores them (frozen, so one value serves every temple made so)."""
    return freeze(options.as_dict())


def _side_toward(cell: int, other: int, cols: int) -> str:
    step = other - cell
    return {-cols: "north", cols: "south", 1: "east", -1: "west"}[step]


_ROOMS: dict[tuple[Spec, str], tuple[Room, RoomFacts]] = {}


def _room(room_type: str, content: dict[str, Any] | None, spec: Spec, element: str) -> tuple[Room, RoomFacts]:
    """The room a spec stands for and its facts for the graph; rooms are values, so equal specs
    share one (memoised)."""
    key = (spec, element)
    entry = _ROOMS.get(key)
    if entry is None:
        if len(_ROOMS) > 50_000:
            _ROOMS.clear()
        room = _make_room(room_type, content, spec, element)
        entry = _ROOMS[key] = (room, compile_facts(room))
    return entry


def _make_room(room_type: str, content: dict[str, Any] | None, spec: Spec, element: str) -> Room:
    kind, sides, quest, extra = spec
    body = dict(content) if content else None
    if kind == "boss":
        body = {**(body or {}), "element": element}
    if quest is not None:
        body = {**(body or {}), "quest": quest}
    if extra:
        body = {**(body or {}), "items": list(extra)}
    locked: dict[str, bool] | None = {side: True for side in sides} or None
    if kind == "boss":
        locked = {**(locked or {}), "master": True}
    return Room(
        type=room_type,
        locked=freeze(locked) if locked else None,
        content=freeze(body) if body is not None else None,
    )


def generate_with_report(seed: Seed, options: Mapping[str, Any] | TempleOptions | None = None) -> GenerationReport:
    """:func:`generate_temple` plus how it went (retries, solver states, locks, keys)."""
    checked = check_options(options)
    try:
        norm = normalise_seed(seed)
    except TypeError as error:
        raise OptionError(f"seed: {error}") from None
    master = rng(norm)
    sk, locks = _skeleton(checked, master)
    tree_rooms = len(sk.order)
    for attempt in range(MAX_RETRIES):
        if attempt:
            remove_loops(sk, tree_rooms)
        sub = rng(f"{norm}/locks/{attempt}")
        layout = place_locks(sk, locks, checked.size, sub)
        loops = add_loops(sk, layout, sub, checked.rooms)
        dress(sk, layout, sub, {name: getattr(checked, name) for name in DRESSING})
        temple, graph = _build(seed, checked, sk, layout)
        solution = solve(graph)
        if solution.ok:
            return GenerationReport(
                temple, attempt, solution, len(layout.critical_locks), len(layout.side_locks),
                len(layout.keys) + len(layout.spares), loops,
            )
    raise TempleGenerationError(f"seed {seed!r}: no verified temple after {MAX_RETRIES} sub-seeds")


def generate_temple(seed: Seed, options: Mapping[str, Any] | TempleOptions | None = None) -> Temple:
    """A temple for ``seed`` and ``options`` (theme, floors, size, locks, element, quests, gate).

    Same seed and options, same temple, byte for byte. Bad options raise
    :class:`~zorglab.errors.OptionError` naming the value.
    """
    return generate_with_report(seed, options).temple

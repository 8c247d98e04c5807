"""A temple compiled for search: integer cells, per-cell move lists and bitmask conditions.

Every room cell gets an index (floor by floor, reading order). A move is ``(target, need)``:
``need`` packs the flags the hero must hold (:data:`MASTER`, :data:`BOMB`) with the bit of
the small-key door it crosses, shifted by :data:`FLAG_BITS`. With ``have = flags |
opened << FLAG_BITS`` a move is open exactly when ``need & ~have == 0``. Rooms that grant
something the search cares about (keys, master key, Bombs, Pegasus, the fights) each get
an event bit. Built once per temple; the search then allocates nothing but ints and tuples.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

from zorglab.temples.grants import Grants, room_grants
from zorglab.temples.model import (BOSS, GATE, IMPASSABLE, MINIBOSS, PIT, SIDES, STAIRS_DOWN, STAIRS_UP, STEP, TELEPORT, Place,
                                   Room, Temple)
from zorglab.temples.topology import (DoorSides, circles, door_between, door_sides, is_boss_door, pit_drop_of, stairs_lock, stairs_partner,
                                      teleport_target_for)

MASTER = 1
BOMB = 2
FLAG_BITS = 2
FLAG_MASK = (1 << FLAG_BITS) - 1



@dataclass(frozen=True)
class Link:
    """One way out of a cell, for people: a door, a flight of stairs, a circle or a pit."""

    source: int
    target: int
    via: str  # "door" | "stairs" | "teleport" | "pit"
    need: int


@dataclass(frozen=True, eq=False)
class TempleGraph:
    temple: Temple
    places: tuple[Place, ...]
    kinds: tuple[str, ...]  # room type per cell
    moves: tuple[tuple[tuple[int, int], ...], ...]
    rides: dict[int, str]  # the cells whose last move is no door: stairs, teleport or pit (a pit's only move)
    doors: tuple[tuple[int, int, str], ...]  # small-key locks by bit: (cell, cell, via)
    event_of: tuple[int, ...]
    event_cells: tuple[int, ...]
    key_mask: int
    extra_keys: tuple[tuple[int, int], ...]
    master_mask: int
    bomb_mask: int
    pegasus_mask: int
    boss_mask: int
    mini_mask: int
    entrance: int
    gate: int
    has_gate_room: bool
    symmetric: bool
    lone_circles: tuple[int, ...]

    @property
    def size(self) -> int:
        return len(self.places)

    @cached_property
    def index(self) -> dict[Place, int]:
        """The cell of every room's place."""
        return dict(zip(self.places, range(len(self.places))))

    @cached_property
    def gated(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """Per cell, its moves that need something, in order."""
        return tuple(tuple(move for move in out if move[1]) for out in self.moves)

    @cached_property
    def vias(self) -> tuple[tuple[str, ...], ...]:
        """Per cell, the kind of each move: door, stairs, teleport, pit."""
        rides = self.rides
        return tuple(
            ("door",) * (len(out) - 1) + (rides[u],) if u in rides else ("door",) * len(out)
            for u, out in enumerate(self.moves)
        )

    @cached_property
    def links(self) -> tuple[Link, ...]:
        """Every move as a :class:`Link`, cell by cell."""
        return tuple(
            Link(u, v, via, need)
            for u, (out, kinds) in enumerate(zip(self.moves, self.vias))
            for (v, need), via in zip(out, kinds)
        )

    def via(self, u: int, v: int) -> str:
        """How the move from ``u`` to ``v`` goes (the first such move)."""
        out = self.moves[u]
        for i, (target, _need) in enumerate(out):
            if target == v:
                return self.rides[u] if i == len(out) - 1 and u in self.rides else "door"
        raise KeyError((u, v))

    def keys_in(self, events: int) -> int:
        """Small keys granted by the events in ``events``."""
        total = (events & self.key_mask).bit_count()
        for bit, more in self.extra_keys:
            if events & bit:
                total += more
        return total

    def flags_of(self, events: int) -> int:
        return (MASTER if events & self.master_mask else 0) | (BOMB if events & self.bomb_mask else 0)


RoomFacts = tuple[Room, str, Grants, int, bool]
_FACTS: dict[int, RoomFacts] = {}
_SIDES_IDS: dict[DoorSides, int] = {}  # never cleared: few distinct sides exist, numbers stay valid
_SIDES_BY_NUMBER: list[DoorSides] = []
_DOORS: dict[tuple[int, int, int], tuple[int, bool]] = {}
_MEMO_LIMIT = 50_000
_WALL = -1


def compile_facts(room: Room) -> RoomFacts:
    """A room, its type, its grants, the number of its :class:`DoorSides` and whether it is an
    event (grants something the search counts, or is a fight the goal needs), memoised per room
    object (the entry holds the room, so no other object takes its id while it lives).
    Generated temples share their rooms (rooms are values), so this is mostly a lookup."""
    entry = _FACTS.get(id(room))
    if entry is None:
        if len(_FACTS) > _MEMO_LIMIT:
            _FACTS.clear()
        sides = door_sides(room)
        number = _SIDES_IDS.get(sides)
        if number is None:
            number = _SIDES_IDS[sides] = len(_SIDES_BY_NUMBER)
            _SIDES_BY_NUMBER.append(sides)
        grants = room_grants(room)
        eventful = bool(grants.small_keys or grants.master_key or grants.bombs or grants.pegasus
                        or room.type == BOSS or room.type == MINIBOSS)
        entry = _FACTS[id(room)] = (room, room.type, grants, number, eventful)
    return entry


def _door_need(here: int, there: int, side_no: int) -> tuple[int, bool]:
    """``(need, locked)`` of :func:`~zorglab.temples.topology.door_between` for two rooms by
    their DoorSides numbers (need ``-1``: a wall); memoised: few rooms differ in their sides."""
    door = door_between(_SIDES_BY_NUMBER[here], _SIDES_BY_NUMBER[there], side_no)
    if door is None:
        entry = (_WALL, False)
    else:
        entry = ((MASTER if door.boss else BOMB if door.bombable else 0), door.locked)
    if len(_DOORS) > _MEMO_LIMIT:
        _DOORS.clear()
    _DOORS[(here, there, side_no)] = entry
    return entry


@lru_cache(maxsize=128)
def _sided(rows: int, cols: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """For every ``r * cols + c``: its in-grid neighbours as (index, side number in SIDES)."""
    out = []
    for r in range(rows):
        for c in range(cols):
            out.append(tuple(
                ((r + dr) * cols + c + dc, k)
                for k, (dr, dc) in enumerate(STEP[side] for side in SIDES)
                if 0 <= r + dr < rows and 0 <= c + dc < cols
            ))
    return tuple(out)


@lru_cache(maxsize=128)
def floor_places(floor: int, rows: int, cols: int) -> tuple[Place, ...]:
    """``Place(floor, r, c)`` for every ``r * cols + c`` (built once per shape)."""
    return tuple(Place(floor, r, c) for r in range(rows) for c in range(cols))


def compile_temple(temple: Temple) -> TempleGraph:
    """Index the rooms and list every move with the condition that opens it.

    Doors come from :func:`~zorglab.temples.topology.door_between`, stairs, circles and pits
    from the topology's partner, target and drop rules; every way across the boss room's
    edge needs the master key (T8)."""
    by_token = {token: compile_facts(room) for token, room in temple.rooms.items()}
    cells = RoomCells()
    places, facts, rc_of = cells.places, cells.facts, cells.rc_of
    for f, floor in enumerate(temple.floors):
        ids = []
        table = floor_places(f, floor.rows, floor.cols)
        rc = 0
        for line in floor.grid:
            for token in line:
                fact = by_token[token]
                if fact[1] in IMPASSABLE:
                    ids.append(-1)
                else:
                    ids.append(len(places))
                    places.append(table[rc])
                    facts.append(fact)
                    rc_of.append(rc)
                rc += 1
        cells.flat_ids.append(ids)
    return link_rooms(temple, cells)


class RoomCells:
    """A temple's room cells as :func:`link_rooms` reads them: per room cell (graph index) its
    place, facts (:func:`compile_facts`) and ``row * cols + col``; per floor, every cell's graph
    index or -1 (wall, void). :func:`compile_temple` fills it by reading the token grids; the
    generator fills it while it writes them (``generator._build``), the same cells in the same
    order, so the proof of a new temple does not read the temple back (tests compare the two)."""

    __slots__ = ("places", "facts", "rc_of", "flat_ids")

    def __init__(self) -> None:
        self.places: list[Place] = []
        self.facts: list[RoomFacts] = []
        self.rc_of: list[int] = []
        self.flat_ids: list[list[int]] = []


def link_rooms(temple: Temple, cells: RoomCells) -> TempleGraph:
    """The graph of ``temple`` from its indexed room cells: every door by
    :func:`~zorglab.temples.topology.door_between`, then stairs, circles and pits, then the events."""
    places, facts, rc_of, flat_ids = cells.places, cells.facts, cells.rc_of, cells.flat_ids
    n = len(places)
    type_of = [fact[1] for fact in facts]
    sides_of = [fact[3] for fact in facts]
    sided = [_sided(floor.rows, floor.cols) for floor in temple.floors]
    known_doors = _DOORS.get

    door_bits: dict[tuple[int, int], int] = {}
    doors: list[tuple[int, int, str]] = []
    moves: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    rides: dict[int, str] = {}
    one_way_possible = False

    def cell_of(place: Place) -> int:
        """The cell of a place inside the maze, -1 on a wall or void."""
        return flat_ids[place[0]][place[1] * temple.floors[place[0]].cols + place[2]]

    def add(u: int, v: int, need: int, via: str) -> None:
        if is_boss_door(type_of[u], type_of[v]):
            need |= MASTER
        moves[u].append((v, need))
        rides[u] = via

    ring: tuple[Place, ...] | None = None
    lone: list[int] = []
    for u in range(n):
        kind = type_of[u]
        if kind == PIT:
            one_way_possible = True
            landing = pit_drop_of(temple, places[u])
            if landing is not None and cell_of(landing) >= 0:
                add(u, cell_of(landing), 0, "pit")
            continue
        f = places[u][0]
        ids = flat_ids[f]
        here = sides_of[u]
        out = moves[u]
        for nrc, side_no in sided[f][rc_of[u]]:
            v = ids[nrc]
            if v < 0:
                continue
            need, locked = known_doors((here, sides_of[v], side_no)) or _door_need(here, sides_of[v], side_no)
            if need == _WALL:
                continue
            if locked:
                edge = (u, v) if u < v else (v, u)
                bit = door_bits.get(edge)
                if bit is None:
                    bit = door_bits[edge] = 1 << len(doors)
                    doors.append((edge[0], edge[1], "door"))
                need |= bit << FLAG_BITS
            out.append((v, need))
        if kind == STAIRS_UP or kind == STAIRS_DOWN:
            partner = stairs_partner(temple, places[u])
            if partner is not None:
                v = cell_of(partner)
                lock = stairs_lock(facts[u][0])
                need = 0
                if lock == "master":
                    need = MASTER
                elif lock == "small":
                    need = (1 << len(doors)) << FLAG_BITS
                    doors.append((u, v, "stairs"))
                if lock:
                    one_way_possible = True
                add(u, v, need, "stairs")
        elif kind == TELEPORT:
            one_way_possible = True
            if ring is None:
                ring = circles(temple)
            target = teleport_target_for(temple, places[u], ring)
            if target is None:
                lone.append(u)
            elif target != places[u] and cell_of(target) >= 0:
                add(u, cell_of(target), 0, "teleport")

    event_of = [0] * n
    event_cells: list[int] = []
    key_mask = master_mask = bomb_mask = pegasus_mask = boss_mask = mini_mask = 0
    extra_keys: list[tuple[int, int]] = []
    for u in [u for u, fact in enumerate(facts) if fact[4]]:  # the event rooms
        _room, kind, grants, _sides, _eventful = facts[u]
        bit = 1 << len(event_cells)
        event_cells.append(u)
        event_of[u] = bit
        if grants.small_keys:
            key_mask |= bit
            if grants.small_keys > 1:
                extra_keys.append((bit, grants.small_keys - 1))
        if grants.master_key:
            master_mask |= bit
        if grants.bombs:
            bomb_mask |= bit
        if grants.pegasus:
            pegasus_mask |= bit
        if kind == BOSS:
            boss_mask |= bit
        elif kind == MINIBOSS:
            mini_mask |= bit

    frozen_moves = tuple(map(tuple, moves))
    symmetric = True
    if one_way_possible:
        pairs = {(u, v, need) for u, out in enumerate(frozen_moves) for v, need in out}
        symmetric = all((v, u, need) in pairs for u, v, need in pairs)
    gates = [u for u, kind in enumerate(type_of) if kind == GATE] if GATE in type_of else []
    entrance = cell_of(temple.entrance) if temple.inside(temple.entrance) else -1
    if entrance < 0:
        raise KeyError(temple.entrance)  # no room at the entrance (the loader refuses such a file)
    return TempleGraph(
        temple=temple,
        places=tuple(places),
        kinds=tuple(type_of),
        moves=frozen_moves,
        rides=rides,
        doors=tuple(doors),
        event_of=tuple(event_of),
        event_cells=tuple(event_cells),
        key_mask=key_mask,
        extra_keys=tuple(extra_keys),
        master_mask=master_mask,
        bomb_mask=bomb_mask,
        pegasus_mask=pegasus_mask,
        boss_mask=boss_mask,
        mini_mask=mini_mask,
        entrance=entrance,
        gate=gates[0] if gates else entrance,
        has_gate_room=bool(gates),
        symmetric=symmetric,
        lone_circles=tuple(lone),
    )

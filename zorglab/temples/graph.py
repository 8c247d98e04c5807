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

from zorglab.temples.grants import room_grants
from zorglab.temples.model import BOSS, GATE, IMPASSABLE, MINIBOSS, PIT, STAIRS_DOWN, STAIRS_UP, TELEPORT, Place, Room, Temple
from zorglab.temples.topology import circles, pit_drop_of, stairs_lock, stairs_partner, teleport_target_for

MASTER = 1
BOMB = 2
FLAG_BITS = 2
FLAG_MASK = (1 << FLAG_BITS) - 1

_SIDES = (("north", -1, 0, "south"), ("east", 0, 1, "west"), ("south", 1, 0, "north"), ("west", 0, -1, "east"))


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
    index: dict[Place, int]
    kinds: tuple[str, ...]  # room type per cell
    moves: tuple[tuple[tuple[int, int], ...], ...]
    vias: tuple[tuple[str, ...], ...]  # per cell, the kind of each move: door, stairs, teleport, pit
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
    def links(self) -> tuple[Link, ...]:
        """Every move as a :class:`Link`, cell by cell."""
        return tuple(
            Link(u, v, via, need)
            for u, (out, kinds) in enumerate(zip(self.moves, self.vias))
            for (v, need), via in zip(out, kinds)
        )

    def via(self, u: int, v: int) -> str:
        """How the move from ``u`` to ``v`` goes (the first such move)."""
        for (target, _need), via in zip(self.moves[u], self.vias[u]):
            if target == v:
                return via
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


_FACTS: dict[int, tuple[Room, tuple]] = {}


def _token_facts(room: Room) -> tuple:
    """What compiling needs of one room: type, locked sides, barriers, grants.

    Memoised per room object (the entry keeps the room alive, so its id is not reused).
    """
    entry = _FACTS.get(id(room))
    if entry is not None and entry[0] is room:
        return entry[1]
    locked = tuple(room.locked_side(side) for side, *_ in _SIDES) if room.locked else None
    barriers = tuple(room.barrier(side) for side, *_ in _SIDES) if room.barriers else None
    facts = (
        room.type,
        locked if locked and any(locked) else None,
        barriers if barriers and any(barriers) else None,
        room_grants(room),
    )
    if len(_FACTS) > 50_000:
        _FACTS.clear()
    _FACTS[id(room)] = (room, facts)
    return facts


@lru_cache(maxsize=128)
def _sided(rows: int, cols: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """For every ``r * cols + c``: its in-grid neighbours as (index, side number)."""
    out = []
    for r in range(rows):
        for c in range(cols):
            out.append(tuple(
                ((r + dr) * cols + c + dc, k)
                for k, (_side, dr, dc, _facing) in enumerate(_SIDES)
                if 0 <= r + dr < rows and 0 <= c + dc < cols
            ))
    return tuple(out)


def compile_temple(temple: Temple) -> TempleGraph:
    """Index the rooms and list every move with the condition that opens it."""
    facts = {token: _token_facts(room) for token, room in temple.rooms.items()}
    places: list[Place] = []
    flat_ids: list[list[int]] = []
    fact_of: list[tuple] = []
    rc_of: list[int] = []
    for f, floor in enumerate(temple.floors):
        ids = []
        cols = floor.cols
        for r, line in enumerate(floor.grid):
            for c, token in enumerate(line):
                fact = facts[token]
                if fact[0] in IMPASSABLE:
                    ids.append(-1)
                else:
                    ids.append(len(places))
                    places.append(Place(f, r, c))
                    fact_of.append(fact)
                    rc_of.append(r * cols + c)
        flat_ids.append(ids)
    n = len(places)
    index = {p: i for i, p in enumerate(places)}
    type_of = [fact[0] for fact in fact_of]
    is_boss = [t == BOSS for t in type_of]
    sided = [_sided(floor.rows, floor.cols) for floor in temple.floors]

    door_bits: dict[tuple[int, int], int] = {}
    doors: list[tuple[int, int, str]] = []
    moves: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    vias: list[list[str]] = [[] for _ in range(n)]
    one_way_possible = False

    def add(u: int, v: int, need: int, via: str) -> None:
        if is_boss[v] != is_boss[u]:
            need |= MASTER
        moves[u].append((v, need))
        vias[u].append(via)

    ring: tuple[Place, ...] | None = None
    lone: list[int] = []
    for u in range(n):
        kind, locked, barriers, _grants = fact_of[u]
        if kind == PIT:
            one_way_possible = True
            landing = pit_drop_of(temple, places[u])
            if landing is not None and landing in index:
                add(u, index[landing], 0, "pit")
            continue
        f = places[u][0]
        ids = flat_ids[f]
        boss_here = is_boss[u]
        out, kinds = moves[u], vias[u]
        for nrc, side_no in sided[f][rc_of[u]]:
            v = ids[nrc]
            if v < 0:
                continue
            _k, locked2, barriers2, _g = fact_of[v]
            if locked is None and barriers is None and locked2 is None and barriers2 is None:
                out.append((v, 0 if boss_here == is_boss[v] else MASTER))
                kinds.append("door")
                continue
            facing = (side_no + 2) % 4
            b1 = barriers[side_no] if barriers else None
            b2 = barriers2[facing] if barriers2 else None
            if b1 == "wall" or b2 == "wall":
                continue
            need = 0
            if boss_here == is_boss[v]:
                if b1 == "bombable" or b2 == "bombable":
                    need = BOMB
                if (locked and locked[side_no]) or (locked2 and locked2[facing]):
                    edge = (u, v) if u < v else (v, u)
                    bit = door_bits.get(edge)
                    if bit is None:
                        bit = door_bits[edge] = 1 << len(doors)
                        doors.append((edge[0], edge[1], "door"))
                    need |= bit << FLAG_BITS
            add(u, v, need, "door")
        if kind == STAIRS_UP or kind == STAIRS_DOWN:
            partner = stairs_partner(temple, places[u])
            if partner is not None:
                v = index[partner]
                lock = stairs_lock(temple.room_at(places[u]))
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
            elif target != places[u] and target in index:
                add(u, index[target], 0, "teleport")

    event_of = [0] * n
    event_cells: list[int] = []
    key_mask = master_mask = bomb_mask = pegasus_mask = boss_mask = mini_mask = 0
    extra_keys: list[tuple[int, int]] = []
    for u in range(n):
        kind, _l, _b, grants = fact_of[u]
        if not (grants.small_keys or grants.master_key or grants.bombs or grants.pegasus or kind == BOSS or kind == MINIBOSS):
            continue
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
    gates = [u for u in range(n) if type_of[u] == GATE]
    entrance = index[temple.entrance]
    return TempleGraph(
        temple=temple,
        places=tuple(places),
        index=index,
        kinds=tuple(type_of),
        moves=frozen_moves,
        vias=tuple(map(tuple, vias)),
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

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

from zorglab.temples.grants import room_grants
from zorglab.temples.model import BOSS, GATE, IMPASSABLE, MINIBOSS, PIT, STAIRS_DOWN, STAIRS_UP, TELEPORT, Place, Temple
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
    moves: tuple[tuple[tuple[int, int], ...], ...]
    back: tuple[tuple[tuple[int, int], ...], ...]
    links: tuple[Link, ...]
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

    def keys_in(self, events: int) -> int:
        """Small keys granted by the events in ``events``."""
        total = (events & self.key_mask).bit_count()
        for bit, more in self.extra_keys:
            if events & bit:
                total += more
        return total

    def flags_of(self, events: int) -> int:
        return (MASTER if events & self.master_mask else 0) | (BOMB if events & self.bomb_mask else 0)


def compile_temple(temple: Temple) -> TempleGraph:
    """Index the rooms and list every move with the condition that opens it."""
    rooms = temple.rooms
    floors = temple.floors
    places: list[Place] = []
    cell_of: list[list[list[int]]] = []
    for f, floor in enumerate(floors):
        grid_ids = []
        for r, line in enumerate(floor.grid):
            ids = []
            for c, token in enumerate(line):
                if rooms[token].type in IMPASSABLE:
                    ids.append(-1)
                else:
                    ids.append(len(places))
                    places.append(Place(f, r, c))
            grid_ids.append(ids)
        cell_of.append(grid_ids)
    n = len(places)
    index = {p: i for i, p in enumerate(places)}
    room_of = [rooms[floors[p[0]].grid[p[1]][p[2]]] for p in places]
    type_of = [room.type for room in room_of]

    door_bits: dict[tuple[int, int], int] = {}
    doors: list[tuple[int, int, str]] = []
    moves: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    links: list[Link] = []

    def add(u: int, v: int, need: int, via: str) -> None:
        if (type_of[v] == BOSS) != (type_of[u] == BOSS):
            need |= MASTER
        moves[u].append((v, need))
        links.append(Link(u, v, via, need))

    ring = circles(temple)
    lone: list[int] = []
    for u, place in enumerate(places):
        room = room_of[u]
        kind = type_of[u]
        f, r, c = place
        if kind == PIT:
            landing = pit_drop_of(temple, place)
            if landing is not None and landing in index:
                add(u, index[landing], 0, "pit")
            continue
        grid_ids = cell_of[f]
        rows = len(grid_ids)
        for side, dr, dc, facing in _SIDES:
            rr, cc = r + dr, c + dc
            if not (0 <= rr < rows and 0 <= cc < len(grid_ids[rr])):
                continue
            v = grid_ids[rr][cc]
            if v < 0:
                continue
            other = room_of[v]
            b1 = room.barriers.get(side) if room.barriers else None
            b2 = other.barriers.get(facing) if other.barriers else None
            if b1 == "wall" or b2 == "wall":
                continue
            need = 0
            if (kind == BOSS) == (type_of[v] == BOSS):
                if b1 == "bombable" or b2 == "bombable":
                    need |= BOMB
                if room.locked_side(side) or other.locked_side(facing):
                    edge = (u, v) if u < v else (v, u)
                    bit = door_bits.get(edge)
                    if bit is None:
                        bit = door_bits[edge] = 1 << len(doors)
                        doors.append((edge[0], edge[1], "door"))
                    need |= bit << FLAG_BITS
            add(u, v, need, "door")
        if kind == STAIRS_UP or kind == STAIRS_DOWN:
            partner = stairs_partner(temple, place)
            if partner is not None:
                v = index[partner]
                lock = stairs_lock(room)
                need = 0
                if lock == "master":
                    need = MASTER
                elif lock == "small":
                    need = (1 << len(doors)) << FLAG_BITS
                    doors.append((u, v, "stairs"))
                add(u, v, need, "stairs")
        elif kind == TELEPORT:
            target = teleport_target_for(temple, place, ring)
            if target is None:
                lone.append(u)
            elif target != place and target in index:
                add(u, index[target], 0, "teleport")

    event_of = [0] * n
    event_cells: list[int] = []
    key_mask = master_mask = bomb_mask = pegasus_mask = boss_mask = mini_mask = 0
    extra_keys: list[tuple[int, int]] = []
    for u in range(n):
        grants = room_grants(room_of[u])
        kind = type_of[u]
        if not (grants.small_keys or grants.master_key or grants.bombs or grants.pegasus or kind in (BOSS, MINIBOSS)):
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

    frozen_moves = tuple(tuple(m) for m in moves)
    pairs = {(u, v, need) for u, out in enumerate(frozen_moves) for v, need in out}
    symmetric = all((v, u, need) in pairs for u, v, need in pairs)
    back: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for u, v, need in sorted(pairs):
        back[v].append((u, need))
    gates = [u for u in range(n) if type_of[u] == GATE]
    entrance = index[temple.entrance]
    return TempleGraph(
        temple=temple,
        places=tuple(places),
        index=index,
        moves=frozen_moves,
        back=tuple(tuple(b) for b in back),
        links=tuple(links),
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

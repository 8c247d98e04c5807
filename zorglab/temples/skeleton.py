"""Generator steps 1-4 (contract §3): carve the maze, lay the critical path, place the master key.

Cells are integers ``k * rows * cols + r * cols + c`` with ``k`` counted from the lowest
floor. Each floor is carved as an *induced* tree (a cell joins only when exactly one of its
neighbours is already a room), so the doors between rooms, which the data shape leaves
implicit, form a tree: the maze look. Stairs join a leaf of one floor to the start of the
next. The boss is the farthest leaf, the Pegasus chest a new leaf beyond it, the mini-boss
sits at 55-75 % of the way, the master key in a room past the mini-boss.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Sequence

MAX_CARVES = 40


class SkeletonError(RuntimeError):
    """No layout with the asked-for locks fits this shape (the caller carves again)."""


@lru_cache(maxsize=64)
def grid_neighbours(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """In-floor neighbours of every ``r * cols + c`` (north, east, south, west)."""
    out = []
    for r in range(rows):
        for c in range(cols):
            near = []
            if r > 0:
                near.append((r - 1) * cols + c)
            if c < cols - 1:
                near.append(r * cols + c + 1)
            if r < rows - 1:
                near.append((r + 1) * cols + c)
            if c > 0:
                near.append(r * cols + c - 1)
            out.append(tuple(near))
    return tuple(out)


@lru_cache(maxsize=64)
def stack_neighbours(rows: int, cols: int, floors: int) -> tuple[tuple[int, ...], ...]:
    """In-floor neighbours of every cell of a stack of floors."""
    area = rows * cols
    flat = grid_neighbours(rows, cols)
    return tuple(tuple(k * area + n for n in flat[rc]) for k in range(floors) for rc in range(area))


@dataclass
class Skeleton:
    """The carved maze and its critical path; mutable only while the generator works."""

    rows: int
    cols: int
    floors: int
    carved: bytearray
    entrance: int
    stairs: list[tuple[int, int]]  # (up cell, down cell above)
    near: tuple[tuple[int, ...], ...] = ()  # in-floor neighbours of every cell (stack_neighbours)
    adj: list[list[int]] = field(default_factory=list)
    parent: list[int] = field(default_factory=list)
    depth: list[int] = field(default_factory=list)
    order: list[int] = field(default_factory=list)
    path: list[int] = field(default_factory=list)
    on_path: dict[int, int] = field(default_factory=dict)
    attach: dict[int, int] = field(default_factory=dict)
    boss: int = -1
    pegasus: int = -1
    gate: int = -1
    mini: int = -1
    mini_index: int = -1
    master: int = -1

    area: int = field(init=False)  # cells a floor: rows * cols

    def __post_init__(self) -> None:
        self.area = self.rows * self.cols

    def floor_of(self, cell: int) -> int:
        return cell // self.area

    @property
    def stairs_cells(self) -> set[int]:
        return {c for pair in self.stairs for c in pair}

    def rooms(self) -> list[int]:
        return [c for c in range(len(self.carved)) if self.carved[c]]


def shuffle(rng: random.Random, x: list[int]) -> None:
    """``rng.shuffle(x)``, draw for draw (CPython's own algorithm, so the same temples come
    out), without two Python calls per draw: shuffles are most of the generator's draws."""
    if type(rng) is not random.Random:
        rng.shuffle(x)
        return
    getrandbits = rng.getrandbits
    for i in range(len(x) - 1, 0, -1):
        k = (i + 1).bit_length()
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def _carve_floor(sk: Skeleton, start: int, target: int, rng: random.Random, counts: list[int], depth: list[int]) -> int:
    """Grow an induced tree from ``start`` up to ``target`` rooms; returns the rooms carved.

    ``counts[c]`` is how many rooms touch ``c``: a wall may join when it touches exactly one.
    ``depth[c]``: the doors from ``start`` to each room carved (a tree: one way to each)."""
    carved, near = sk.carved, sk.near
    getrandbits, randrange, choice = rng.getrandbits, rng.randrange, rng.choice
    carved[start] = 1
    depth[start] = 0
    for n in near[start]:
        counts[n] += 1
    size = 1
    stack = [start]
    while stack and size < target:
        at = len(stack) - 1 if getrandbits(2) else randrange(len(stack))
        grown = stack[at]
        options = []
        for n in near[grown]:
            if counts[n] == 1 and not carved[n]:
                options.append(n)
        if not options:
            stack.pop(at)
            continue
        cell = choice(options) if len(options) > 1 else options[0]
        carved[cell] = 1
        depth[cell] = depth[grown] + 1
        for n in near[cell]:
            counts[n] += 1
        stack.append(cell)
        size += 1
    return size


def carve(rows: int, cols: int, floors: int, rng: random.Random, targets: Sequence[int] | None = None) -> Skeleton:
    """Step 1: a spanning tree on every floor, floors joined by stairs from a far leaf;
    ``targets`` the rooms of each floor (default: 52-62 % of it, at least 8)."""
    for _ in range(MAX_CARVES):
        sk = Skeleton(rows, cols, floors, bytearray(rows * cols * floors), -1, [], stack_neighbours(rows, cols, floors))
        carved = sk.carved
        counts = [0] * (rows * cols * floors)
        depth = [-1] * (rows * cols * floors)
        start = (rows - 1) * cols + rng.randrange(1, cols - 1)
        sk.entrance = start
        ok = True
        for k in range(floors):
            target = max(8, sk.area * rng.randint(52, 62) // 100) if targets is None else targets[k]
            if _carve_floor(sk, start, target, rng, counts, depth) < 6:
                ok = False
                break
            if k == floors - 1:
                break
            # counts[c]: rooms beside c on its floor, so a leaf is a room with one beside it.
            base = k * sk.area
            leaves = [c for c in range(base, base + sk.area) if carved[c] and counts[c] == 1 and c != start]
            if not leaves:
                ok = False
                break
            leaves.sort(key=lambda c: (-depth[c], c))
            up = leaves[rng.randrange((len(leaves) + 1) // 2)]
            down = up + sk.area
            sk.stairs.append((up, down))
            start = down
        if ok:
            return sk
    raise SkeletonError("no floor plan carved")


def build_tree(sk: Skeleton) -> None:
    """Adjacency (doors, then stairs) and breadth-first parents and depths from the entrance,
    in one walk: every room is reached (each floor a tree from its start, joined by stairs),
    and a room's doors are found as the walk looks at its neighbours. A per-temple hot path:
    networkx's walk would cost more than the whole proof here, see docs/performance.md."""
    carved, near = sk.carved, sk.near
    n = len(carved)
    flight: dict[int, int] = {}  # a cell is one end of at most one flight
    for up, down in sk.stairs:
        flight[up], flight[down] = down, up
    adj: list[list[int]] = [[] for _ in range(n)]
    depth = [-1] * n
    parent = [-1] * n
    depth[sk.entrance] = 0
    order = [sk.entrance]
    reach = order.append
    for u in order:
        d = depth[u] + 1
        doors = adj[u]
        for v in near[u]:
            if carved[v]:
                doors.append(v)
                if depth[v] < 0:
                    depth[v] = d
                    parent[v] = u
                    reach(v)
        v = flight.get(u, -1)
        if v >= 0:
            doors.append(v)
            if depth[v] < 0:
                depth[v] = d
                parent[v] = u
                reach(v)
    sk.adj, sk.depth, sk.parent, sk.order = adj, depth, parent, order


def _isolated_wall(sk: Skeleton, cell: int, beside: int) -> int | None:
    """A wall neighbour of ``cell`` touching no room but ``cell`` (and not ``beside``)."""
    carved, near = sk.carved, sk.near
    for w in near[cell]:
        if carved[w] or w == beside:
            continue
        for x in near[w]:
            if carved[x] and x != cell:
                break
        else:
            return w
    return None


def _set_path(sk: Skeleton, boss: int) -> None:
    path = []
    at = boss
    while at >= 0:
        path.append(at)
        at = sk.parent[at]
    path.reverse()
    sk.path = path
    sk.on_path = {c: i for i, c in enumerate(path)}
    attach: dict[int, int] = {}
    on_path, parent = sk.on_path, sk.parent
    for c in sk.order:
        attach[c] = on_path[c] if c in on_path else attach[parent[c]]
    sk.attach = attach


def lock_plan(sk: Skeleton, mini_index: int, locks: int, reserved: set[int]) -> list[int] | None:
    """Leftmost lock edges (path indices j: edge path[j-1]-path[j]) with a free room before each."""
    free_by_index: dict[int, int] = {}
    for c, a in sk.attach.items():
        if c not in reserved and a < mini_index:
            free_by_index[a] = free_by_index.get(a, 0) + 1
    chosen: list[int] = []
    have = 0
    for j in range(1, mini_index + 1):
        if len(chosen) == locks:
            break
        have += free_by_index.get(j - 1, 0)
        if have and usable_lock_edge(sk, j):
            chosen.append(j)
            have = 0
    return chosen if len(chosen) == locks else None


def usable_lock_edge(sk: Skeleton, j: int) -> bool:
    """A door (not stairs) on the path, leaving a room that may carry a locked side."""
    path, area = sk.path, sk.area
    return path[j - 1] // area == path[j] // area  # one floor (floor_of, inline: a call for each path index)


def plan_critical_path(sk: Skeleton, locks: int, want_gate: bool, rng: random.Random) -> None:
    """Steps 2-4: boss, Pegasus (and gate), mini-boss, master key; SkeletonError if none fits."""
    stairs = sk.stairs_cells
    carved = sk.carved
    leaves = [
        c for c in sk.order
        if c != sk.entrance and c not in stairs and len(sk.adj[c]) == 1
    ]
    leaves.sort(key=lambda c: (-sk.depth[c], c))
    for leaf in leaves:
        boss = pegasus = -1
        wall = _isolated_wall(sk, leaf, -1)
        if wall is not None:
            boss, pegasus = leaf, wall
        else:
            up = sk.parent[leaf]
            if up != sk.entrance and up not in stairs and len(sk.adj[up]) == 2 and sk.floor_of(up) == sk.floor_of(leaf):
                boss, pegasus = up, leaf
        if boss < 0:
            continue
        gate = -1
        if want_gate:
            found = _isolated_wall(sk, pegasus, boss)
            if found is None:
                continue
            gate = found
        _set_path(sk, boss)
        b = len(sk.path) - 1
        reserved = {sk.entrance, boss, pegasus} | stairs
        lo, hi = (55 * b + 99) // 100, (75 * b) // 100
        tried: list[int] = []
        for window in ((lo, hi), (1, b - 1)):
            candidates = [i for i in range(max(1, window[0]), min(b - 1, window[1]) + 1) if i not in tried]
            shuffle(rng, candidates)
            for i in candidates:
                tried.append(i)
                mini = sk.path[i]
                if mini in reserved:
                    continue
                past = [c for c, a in sk.attach.items() if i <= a < b and c != mini and c not in reserved]
                if not past:
                    continue
                if lock_plan(sk, i, locks, reserved | {mini}) is None:
                    continue
                leaves_past = [c for c in past if c not in sk.on_path and len(sk.adj[c]) == 1]
                pool = leaves_past or past
                sk.boss, sk.pegasus, sk.gate, sk.mini, sk.mini_index = boss, pegasus, gate, mini, i
                sk.master = rng.choice(pool)
                _open(sk, pegasus, boss)
                if gate >= 0:
                    _open(sk, gate, pegasus)
                return
    raise SkeletonError("no boss, mini-boss and locks fit this maze")


def _open(sk: Skeleton, cell: int, parent: int) -> None:
    """Carve a new leaf ``cell`` hanging from ``parent`` (Pegasus room, gate)."""
    if sk.carved[cell]:
        return
    sk.carved[cell] = 1
    sk.adj[cell] = [parent]
    sk.adj[parent].append(cell)
    sk.parent[cell] = parent
    sk.depth[cell] = sk.depth[parent] + 1
    sk.order.append(cell)
    sk.attach[cell] = len(sk.path) - 1 if parent == sk.boss else sk.attach[parent]

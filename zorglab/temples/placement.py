"""Generator steps 5-6 (contract §3): locks and keys, optional side locks, loops, dressing.

Zones: the critical locks cut the path into zones; a key for lock i lies in the zone just
before it, a spare key for a side lock in the side lock's own zone, outside what it guards.
Loops (10-20 % extra doors) are carved only between rooms of one zone, never next to the
mini-boss, boss, Pegasus room, gate or stairs, so no loop ever bypasses a lock, the
mini-boss or the boss door (ruling: the contract adds loops before the locks; adding them
inside zones afterwards is the same as choosing lock edges that no loop goes around).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from bisect import bisect_right
from dataclasses import dataclass, field

from zorglab.temples.skeleton import Skeleton, lock_plan, shuffle, usable_lock_edge

SIDE_LOCKS = {"small": (0, 1), "medium": (0, 1), "large": (1, 2)}
LOOT_ITEMS = ("Potion", "Ether", "Arrows")


@dataclass
class Layout:
    """What each cell of the skeleton becomes: a kind, locked sides, extras (quest, item)."""

    kinds: dict[int, str] = field(default_factory=dict)
    locked: dict[int, set[int]] = field(default_factory=dict)  # cell -> neighbour cells behind locks
    extras: dict[int, tuple[str, ...]] = field(default_factory=dict)
    critical_locks: list[tuple[int, int]] = field(default_factory=list)
    side_locks: list[tuple[int, int]] = field(default_factory=list)
    keys: list[int] = field(default_factory=list)
    spares: list[int] = field(default_factory=list)


def _lock(layout: Layout, source: int, target: int) -> None:
    layout.locked.setdefault(source, set()).add(target)


def place_locks(sk: Skeleton, locks: int, size: str, rng: random.Random) -> Layout:
    """Step 5: critical locks between entrance and mini-boss, each key before its lock;
    side locks, each with one spare key in its own zone."""
    layout = Layout()
    m = sk.mini_index
    reserved = {sk.entrance, sk.boss, sk.pegasus, sk.gate, sk.mini, sk.master} | sk.stairs_cells
    usable = [j for j in range(1, m + 1) if usable_lock_edge(sk, j)]
    free_at: dict[int, list[int]] = {}
    for c in sk.order:
        if c not in reserved:
            free_at.setdefault(sk.attach[c], []).append(c)

    def zones_ok(js: list[int]) -> bool:
        prev = 0
        for j in js:
            if not any(free_at.get(a) for a in range(prev, j)):
                return False
            prev = j
        return True

    chosen: list[int] | None = None
    if locks and len(usable) >= locks:
        for _ in range(16):
            pick = sorted(rng.sample(usable, locks))
            if zones_ok(pick):
                chosen = pick
                break
    if chosen is None:
        chosen = lock_plan(sk, m, locks, reserved) or []
    js = chosen
    taken = set(reserved)
    prev = 0
    for j in js:
        a, b = sk.path[j - 1], sk.path[j]
        _lock(layout, a, b)
        layout.critical_locks.append((a, b))
        pool = [c for i in range(prev, j) for c in free_at.get(i, ()) if c not in taken]
        leaves = [c for c in pool if c not in sk.on_path and len(sk.adj[c]) == 1]
        pick_from = leaves or pool
        key = rng.choice(pick_from)
        layout.keys.append(key)
        taken.add(key)
        prev = j
    _place_side_locks(sk, layout, js, taken, rng, rng.randint(*SIDE_LOCKS[size]))
    return layout


def zone_of(js: list[int], attach: int) -> int:
    return bisect_right(js, attach)


def _place_side_locks(sk: Skeleton, layout: Layout, js: list[int], taken: set[int], rng: random.Random, count: int) -> None:
    if not count:
        return
    special = [0] * len(sk.carved)
    for c in reversed(sk.order):
        if c in taken:
            special[c] += 1
        p = sk.parent[c]
        if p >= 0:
            special[p] += special[c]
    blocked = {sk.mini, sk.boss, sk.pegasus, sk.gate} | sk.stairs_cells
    guarded: set[int] = set()
    area, parent, on_path = sk.area, sk.parent, sk.on_path
    candidates = [
        c for c in sk.order
        if c not in on_path and special[c] == 0 and parent[c] not in blocked and c // area == parent[c] // area
    ]
    shuffle(rng, candidates)
    b = len(sk.path) - 1
    for root in candidates:
        if len(layout.side_locks) == count:
            break
        if root in guarded or sk.parent[root] in guarded:
            continue
        subtree = {root}
        stack = [root]
        while stack:
            u = stack.pop()
            for v in sk.adj[u]:
                if sk.parent[v] == u and v not in subtree:
                    subtree.add(v)
                    stack.append(v)
        if subtree & guarded or subtree & taken:
            continue
        p = sk.parent[root]
        zone = zone_of(js, sk.attach[p])
        low = js[zone - 1] if zone else 0
        high = js[zone] - 1 if zone < len(js) else b - 1
        pool = [
            c for c in sk.order
            if low <= sk.attach[c] <= high and c not in taken and c not in guarded and c not in subtree
        ]
        if not pool:
            continue
        spare = rng.choice(pool)
        _lock(layout, p, root)
        layout.side_locks.append((p, root))
        layout.spares.append(spare)
        taken.add(spare)
        guarded |= subtree


def add_loops(sk: Skeleton, layout: Layout, rng: random.Random, fill_to: int | None = None) -> int:
    """Carve 10-20 % extra doors as rooms joining cells of one zone; returns doors added.

    ``fill_to`` (the ``rooms`` option): carve loops until the temple has that many rooms, then,
    if the walls run out, new leaves hanging from a room of a zone (a side room of that zone)."""
    js = [sk.on_path[b] for _a, b in layout.critical_locks]
    m = sk.mini_index
    label: dict[int, object] = {}
    for a, root in layout.side_locks:
        stack = [root]
        while stack:
            u = stack.pop()
            label[u] = ("side", root)
            stack.extend(v for v in sk.adj[u] if sk.parent[v] == u)
    banned = {sk.mini, sk.boss, sk.pegasus, sk.gate} | sk.stairs_cells
    bounds = [0, *js, len(sk.path)]  # zone z: the path indices from bounds[z] up to bounds[z + 1] (zone_of)
    marks = [(z, a >= m) for z in range(len(bounds) - 1) for a in range(bounds[z], bounds[z + 1])]  # by the path index a room hangs from
    attach = sk.attach
    for c in sk.order:
        if c in banned:
            label[c] = None
        elif c not in label:
            label[c] = marks[attach[c]]
    rooms = len(sk.order)
    target = max(1, (rooms - 1) * rng.randint(10, 20) // 100)
    carved = sk.carved
    walls = [c for c in range(len(carved)) if not carved[c]]
    shuffle(rng, walls)
    added = 0
    around = sk.near
    for fewest in (2,) if fill_to is None else (2, 1):
        for w in walls:
            if (added >= target) if fill_to is None else len(sk.order) >= fill_to:
                break
            if carved[w]:
                continue
            near = []
            for v in around[w]:
                if carved[v]:
                    near.append(v)
            if len(near) < fewest:
                continue
            mark = label[near[0]]
            if mark is None:
                continue
            for v in near:
                if label[v] != mark:  # rooms of two zones (or a side lock's and its zone's)
                    break
            else:
                _carve_loop(sk, w, near, mark, label)
                added += len(near) - 1
    return added


def _carve_loop(sk: Skeleton, w: int, near: list[int], mark: object, label: dict[int, object]) -> None:
    """Carve wall ``w`` as a room joining the rooms ``near`` it, all of one zone (``mark``)."""
    sk.carved[w] = 1
    label[w] = mark
    sk.adj[w] = near
    for v in near:
        sk.adj[v].append(w)
    sk.parent[w] = near[0]
    sk.depth[w] = sk.depth[near[0]] + 1
    sk.attach[w] = sk.attach[near[0]]
    sk.order.append(w)


def remove_loops(sk: Skeleton, rooms: int) -> None:
    """Undo :func:`add_loops`: the rooms it carved (``sk.order`` past the first ``rooms``) are
    walls again, so a retry starts from the skeleton as the critical path left it."""
    carved, adj = sk.carved, sk.adj
    for w in reversed(sk.order[rooms:]):
        carved[w] = 0
        for v in adj[w]:
            adj[v].pop()  # w was the last room joined to v (later ones are undone first)
        adj[w] = []
        sk.parent[w] = sk.depth[w] = -1
        del sk.attach[w]
    del sk.order[rooms:]


def _nearest(sk: Skeleton, start: int, wanted: set[int]) -> int | None:
    """The cell of ``wanted`` fewest doors and stairs from ``start`` (the smallest of those
    equally near), ``None`` when none is reached: a breadth-first walk that stops at the
    first distance holding one, where most dressing needs no more than a few rooms."""
    adj = sk.adj
    seen = bytearray(len(adj))
    seen[start] = 1
    level = [start]
    while level:
        best = -1
        for c in level:
            if c in wanted and (best < 0 or c < best):
                best = c
        if best >= 0:
            return best
        ahead = []
        for u in level:
            for v in adj[u]:
                if not seen[v]:
                    seen[v] = 1
                    ahead.append(v)
        level = ahead
    return None


def dress(sk: Skeleton, layout: Layout, rng: random.Random, shares: Mapping[str, int | None] | None = None) -> None:
    """Step 6: heal near the mini-boss, map and compass early, saves by the stairs, a shop,
    a reward behind each side lock, then 25-35 % monsters, 10 % loot, 5 % traps, 5 % puzzles
    of the rooms left (``shares``: percents asked instead, by name ``monsters``, ``loot``,
    ``traps``, ``puzzles``; None keeps the contract's)."""
    asked = dict(shares or {})
    kinds = layout.kinds
    kinds[sk.entrance] = "entrance"
    for up, down in sk.stairs:
        kinds[up], kinds[down] = "up", "down"
    kinds[sk.mini], kinds[sk.boss], kinds[sk.pegasus], kinds[sk.master] = "miniboss", "boss", "pegasus", "master"
    if sk.gate >= 0:
        kinds[sk.gate] = "gate"
    for key in layout.keys + layout.spares:
        kinds[key] = "key"
    guarded: set[int] = set()
    for _p, root in layout.side_locks:
        sub = [root]
        stack = [root]
        while stack:
            u = stack.pop()
            for v in sk.adj[u]:
                if sk.parent[v] == u and v not in sub:
                    sub.append(v)
                    stack.append(v)
        free = [c for c in sub if c not in kinds]
        if free:
            deepest = max(free, key=lambda c: (sk.depth[c], -c))
            kinds[deepest] = "loot"
            layout.extras[deepest] = (rng.choice(LOOT_ITEMS),)
        guarded.update(sub)
    open_free = [c for c in sk.order if c not in kinds and c not in guarded]

    def take(cell: int, kind: str) -> None:
        kinds[cell] = kind
        open_free.remove(cell)

    if open_free:
        heal = _nearest(sk, sk.mini, set(open_free))
        take(min(open_free) if heal is None else heal, "camp" if rng.randrange(3) == 0 else "heal")
    third = (len(sk.path) - 1) // 3
    attach = sk.attach
    early = [c for c in open_free if attach[c] <= third]  # the free rooms of the path's first third
    for item in ("map", "compass"):
        if early:
            cell = rng.choice(early)
            take(cell, item)
            early.remove(cell)
        elif open_free:
            take(min(open_free, key=lambda c: (attach[c], c)), item)
    saved: set[int] = set()
    area = sk.area
    for up, down in sk.stairs:
        for stair in (up, down):
            floor = sk.floor_of(stair)
            if floor in saved:
                continue
            save = _nearest(sk, stair, {c for c in open_free if c // area == floor})
            if save is not None:
                take(save, "save")
                saved.add(floor)
    if open_free:
        take(rng.choice(open_free), "shop")
    rest = open_free + [c for c in guarded if c not in kinds]
    rest.sort()
    shuffle(rng, rest)
    total = len(sk.order)
    cap = total * 40 // 100 - 2
    drawn = rng.randint(25, 35)          # drawn always, so asking for shares leaves the other draws alone
    percent = {"monsters": drawn, "loot": 10, "traps": 5, "puzzles": 5}
    percent.update({name: value for name, value in asked.items() if value is not None})
    monsters = min(len(rest) * percent["monsters"] // 100, max(0, cap))
    loot = len(rest) * percent["loot"] // 100
    traps = len(rest) * percent["traps"] // 100
    puzzles = len(rest) * percent["puzzles"] // 100
    plan = ["monster"] * monsters + ["loot"] * loot + ["trap"] * traps + ["puzzle"] * puzzles
    for cell, kind in zip(rest, plan):
        kinds[cell] = kind
        if kind == "monster" and rng.randrange(3) == 0:
            kinds[cell] = "monster2"
        elif kind == "loot":
            layout.extras[cell] = (rng.choice(LOOT_ITEMS),)
    for cell in rest[len(plan):]:
        kinds[cell] = "empty"

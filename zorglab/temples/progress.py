"""A hero's run through a temple, and the blood moon that resets it (contract §5).

:class:`TempleProgress` is what play remembers; :func:`play_moves` and :func:`take` step
it with the solver's own moves (so play and proof agree), and :func:`reset_temple` is the
blood moon: beasts return, keys and consumables refill, doors re-lock, key items and the
cleared badge stay.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from zorglab.temples.grants import Grants, is_consumable_chest, room_grants
from zorglab.temples.graph import TempleGraph
from zorglab.temples.model import FIGHT_TYPES, KEY, LOOT, SHOP, Place, Temple
from zorglab.temples.state import OPEN, Rules, spend_bits, start_of

Door = tuple[Place, Place]


@dataclass(frozen=True)
class TempleProgress:
    """One hero's state in one temple."""

    temple_id: str
    position: Place
    small_keys: int = 0
    master_key: bool = False
    bombs: bool = False
    cleared_rooms: frozenset[Place] = frozenset()
    opened_doors: frozenset[Door] = frozenset()
    opened_chests: frozenset[Place] = frozenset()
    key_items: frozenset[str] = frozenset()
    finished: bool = False
    times_cleared: int = 0
    cleared: bool = False


@dataclass(frozen=True)
class TempleMeta:
    """What the blood moon needs to know about a temple: where it starts, which chests refill."""

    temple_id: str
    name: str
    entrance: Place
    consumable_chests: frozenset[Place]


def temple_meta(temple: Temple) -> TempleMeta:
    chests = frozenset(
        p for p in temple.room_places() if temple.room_at(p).type in (LOOT, KEY) and is_consumable_chest(temple.room_at(p))
    )
    return TempleMeta(temple.id, temple.name, temple.entrance, chests)


def fresh_progress(temple: Temple) -> TempleProgress:
    """A hero at the entrance who has done nothing yet."""
    return TempleProgress(temple.id, temple.entrance)


def reset_temple(progress: TempleProgress, meta: TempleMeta) -> TempleProgress:
    """The blood moon: a fresh run, keeping key items, the badge and the clear count.

    Cleared rooms are emptied (beasts return), doors re-lock, small keys go to 0, the master
    key and any Bombs held are forgotten, and chests of consumables (small keys, the master
    key, consumable loot) close again. Chests of key items stay open, their items kept.
    The hero stands at the entrance.
    """
    return TempleProgress(
        temple_id=progress.temple_id,
        position=meta.entrance,
        opened_chests=frozenset(p for p in progress.opened_chests if p not in meta.consumable_chests),
        key_items=progress.key_items,
        times_cleared=progress.times_cleared,
        cleared=progress.cleared,
    )


def blood_moon_message(meta: TempleMeta) -> str:
    return f"The blood moon rises over the {meta.name}."


@dataclass(frozen=True)
class PlayMove:
    """A move the hero may make now: where to, by what way, and whether it spends a key."""

    target: Place
    via: str
    spends_key: bool
    door: Door | None


def play_moves(g: TempleGraph, progress: TempleProgress) -> list[PlayMove]:
    """Every move open to the hero now: the solver's moves (:meth:`Rules.successors`) from the
    progress taken as a state."""
    rules = Rules.of(g, progress)
    cell, events, opened = rules.start.cell, rules.start.events, rules.start.opened
    out = []
    for kind, i, (v, _events, after) in rules.successors(cell, events, opened):
        door = None
        if kind == OPEN:
            a, b, _via = g.doors[(after & ~opened).bit_length() - 1]
            door = (g.places[a], g.places[b])
        out.append(PlayMove(g.places[v], g.vias[cell][i], kind == OPEN, door))
    return out


def take(g: TempleGraph, progress: TempleProgress, move: PlayMove) -> TempleProgress:
    """The progress after ``move``: the hero enters the room, wins its fight, opens its chest."""
    temple = g.temple
    p = replace(progress, position=move.target)
    if move.spends_key and move.door is not None:
        p = replace(p, small_keys=p.small_keys - 1, opened_doors=p.opened_doors | {move.door})
    room = temple.room_at(move.target)
    here = move.target
    if room.type in FIGHT_TYPES and here not in p.cleared_rooms:
        p = _grant(replace(p, cleared_rooms=p.cleared_rooms | {here}), room_grants(room))
    elif room.type in (LOOT, KEY) and here not in p.opened_chests:
        p = _grant(replace(p, opened_chests=p.opened_chests | {here}), room_grants(room))
    elif room.type == SHOP:
        p = replace(p, bombs=True)
    if not p.finished and here == g.places[g.gate]:
        start = start_of(g, p)
        if Rules(g, start).is_goal(start.cell, start.events):
            p = replace(p, finished=True, cleared=True, times_cleared=p.times_cleared + 1)
    return p


def _grant(p: TempleProgress, grants: Grants) -> TempleProgress:
    if not grants.any:
        return p
    return replace(
        p,
        small_keys=p.small_keys + grants.small_keys,
        master_key=p.master_key or grants.master_key,
        bombs=p.bombs or grants.bombs,
        key_items=p.key_items | set(grants.key_items),
    )


@dataclass(frozen=True)
class DoorHint:
    """A locked door the hero can open right now, and whether opening it keeps the temple winnable."""

    door: Door
    safe: bool


def door_hints(g: TempleGraph, progress: TempleProgress) -> list[DoorHint]:
    """The compass hint (contract §4): locked doors within reach that a key opens now.

    A door is ``safe`` when the gate stays reachable from every state after opening it
    (the solver's worst-order proof from that point).
    """
    from zorglab.temples.solver import solve

    if progress.small_keys <= 0:
        return []
    rules = Rules.of(g, progress)
    start = rules.start
    have = rules.have(start.events, start.opened)
    seen = {start.cell}
    stack = [start.cell]
    found: dict[Door, Place] = {}
    while stack:
        u = stack.pop()
        for v, need in g.moves[u]:
            if not need & ~have:
                if v not in seen:
                    seen.add(v)
                    stack.append(v)
            elif bits := spend_bits(need, have):
                a, b, _via = g.doors[bits.bit_length() - 1]
                found.setdefault((g.places[a], g.places[b]), g.places[u])
    hints = []
    for door, side in sorted(found.items()):
        after = replace(progress, position=side, small_keys=progress.small_keys - 1, opened_doors=progress.opened_doors | {door})
        hints.append(DoorHint(door, solve(g, after).ok))
    return hints

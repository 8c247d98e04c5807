"""Weights and the pull (FR-25): the rooms a hero heads for.

Every hero has a default weight for every room: 1 for a Z room, 0 elsewhere (``{Z: 1}``); a
type's :meth:`~zorglab.engine.heroes.base.HeroBehaviour.room_weights` (the Princess's own dict)
override it room by room. A room's *perceived* weight for a hero is the
average of its default weight for that hero and the pull ``b`` of every other living hero
whose type pulls (:meth:`~zorglab.engine.heroes.base.HeroBehaviour.pull`, the Princess) standing in it, as an exact :class:`~fractions.Fraction` (ZR-20). A hero heads for the rooms of
the highest positive perceived weight that its own plan can reach (the same plan graphs it
walks by, ZR-13); a hero standing in such a room has arrived and waits there (FR-30) until the
weights change. Weight 0 or less attracts nobody. See docs/rules.md#heroes-priority-layers-fr-22fr-25.

Perceived weights are memoised per world by (hero type, arguments, the other princesses'
rooms and pulls), so a tick costs a lookup unless a princess moved.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from zorglab.engine.state import GameState
from zorglab.errors import LevelError

if TYPE_CHECKING:
    from zorglab.engine.world import World

Weights = tuple[Fraction, ...]            # per room index


def own_weights(world: World, hero_type: str, args: tuple[Any, ...]) -> Weights:
    """A hero's default weight for every room: ``{Z: 1}``, under its type's own weights."""
    weights = [Fraction(1 if room.behaviour.ends_level else 0) for room in world.rooms]
    for label, value in world.behaviour(hero_type).room_weights(args):
        index = world.room_index.get(label)
        if index is None:
            raise LevelError(f"a {hero_type} weighs room {label!r}, which this world does not have (FR-25)")
        weights[index] = Fraction(value)
    return tuple(weights)


def pullers(world: World, state: GameState, but: int | None = None) -> tuple[tuple[int, int, Fraction], ...]:
    """(hero, room, b) of every living hero that pulls, on the board, except hero ``but``, in spawn
    order: whose pull is where (*explain* names them)."""
    found = []
    for i, h in enumerate(state.heroes):
        if i != but and h.alive and h.pos is not None:
            behaviour = world.behaviour(h.type)
            b = behaviour.pull(h.args) if behaviour.pulls_heroes else None
            if b is not None:
                found.append((i, h.pos[0], b))
    return tuple(found)


def pulls(world: World, state: GameState, but: int | None = None) -> tuple[tuple[int, Fraction], ...]:
    """(room, b) of every living hero that pulls, on the board, except hero ``but``, in spawn order."""
    return tuple((room, b) for _, room, b in pullers(world, state, but))


def arrived(world: World, state: GameState, index: int) -> bool:
    """Is hero ``index`` at its goal: standing in a room of positive perceived weight that no
    reachable room outweighs (it waits there, FR-25), rather than stuck short of it?"""
    hero = state.heroes[index]
    if not hero.alive or hero.pos is None or world.behaviour(hero.type).targets(world, state, index):
        return False
    return perceived(world, state, index)[hero.pos[0]] > 0


def perceived(world: World, state: GameState, index: int) -> Weights:
    """Every room's perceived weight for hero ``index``: own weight and pulls averaged (FR-25)."""
    hero = state.heroes[index]
    others = pulls(world, state, but=index)
    memo = world.memo("weights")
    key = (hero.type, hero.args, others)
    found = memo.get(key)
    if found is None:
        own = own_weights(world, hero.type, hero.args)
        sums = list(own)
        counts = [1] * len(own)
        for room, b in others:
            sums[room] += b
            counts[room] += 1
        found = memo[key] = tuple(total / n for total, n in zip(sums, counts))
    return found


def target_rooms(world: World, state: GameState, index: int) -> frozenset[int]:
    """The reachable rooms of highest positive perceived weight; empty once the hero stands in one."""
    hero = state.heroes[index]
    if not world.behaviour(hero.type).weighs_rooms and not pulls(world, state):
        return world.z_rooms            # nobody pulls: Z alone weighs anything
    weights = perceived(world, state, index)
    levels = sorted({w for w in weights if w > 0}, reverse=True)
    here = hero.pos[0] if hero.pos is not None else None
    for i, level in enumerate(levels):
        if here is not None and weights[here] == level:
            return frozenset()          # arrived: nothing reachable weighs more
        rooms = frozenset(r for r, w in enumerate(weights) if w == level)
        if i == len(levels) - 1 or _reachable(world, state, index, rooms):
            return rooms
    return frozenset()


def _reachable(world: World, state: GameState, index: int, rooms: frozenset[int]) -> bool:
    """Does the hero's own plan (its type's rules, on today's map) reach one of ``rooms``?"""
    hero = state.heroes[index]
    planner = world.planner
    graph = planner.graph_for(state.slots, state.cleared, hero.type, hero.args, rooms)
    return graph.action(planner.plan_state(state, hero)) is not None

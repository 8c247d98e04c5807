"""Every cast a player could make at a casting point, tried on the engine's own rules.

Candidates are generated per spell type (targets, slots, rooms, Selection's subsets) and then
cast with :func:`~zorglab.engine.casting.cast_spell`; whatever the rules refuse is dropped, so
the search never re-states a legality rule. Identical spells (same type and arguments) are
tried once: the engine always takes the first unused one.
"""

from __future__ import annotations

from itertools import combinations, permutations
from typing import Any, Iterator

from zorglab.engine.casting import board_active, cast_spell
from zorglab.engine.events import Event
from zorglab.engine.geometry import Direction, neighbour_slot
from zorglab.engine.state import GameState
from zorglab.errors import CastError
from zorglab.level.model import Cast, SpellCall

# How far from the dungeon's rooms an isolated Move destination may be. Every slot farther off is
# equivalent for the rules (no side touches another room) except through dist(); levels whose
# constraints read dist() widen it by their largest constant (see ``move_margin``).
ISOLATED_MARGIN = 2
_UNKNOWN = object()         # "the caller did not say who the active hero is"


def _to_board(world: Any, slot: tuple[int, int]) -> tuple[int, int]:
    return slot if world.dungeon is None else world.dungeon.to_board(slot)


def move_slots(world: Any, state: GameState, moving: set[int], margin: int = ISOLATED_MARGIN) -> list[tuple[int, int]]:
    """Empty slots a room may be moved to: next to a room that stays, or isolated nearby."""
    staying = {slot for room, slot in enumerate(state.slots) if room not in moving}
    occupied = set(state.slots)
    cols = [c for c, _ in state.slots]
    rows = [r for _, r in state.slots]
    found = []
    for row in range(min(rows) - margin, max(rows) + margin + 1):
        for col in range(min(cols) - margin, max(cols) + margin + 1):
            slot = (col, row)
            if slot in occupied:
                continue
            touches = any(neighbour_slot(slot, d) in staying for d in Direction)
            if touches or margin:
                found.append(slot)
    return found


def _hero_targets(world: Any, state: GameState, spell_type: str, noops: bool) -> list[int]:
    out = []
    for i, h in enumerate(state.heroes):
        if h.pos is None or not h.alive:
            continue
        if not noops:
            if spell_type == "Sleep" and h.asleep:
                continue        # legal but changes nothing (ZR-24): dominated by not casting
            if spell_type == "Wake" and not h.asleep:
                continue
            if spell_type == "Banality" and h.type == "Warrior":
                continue
        out.append(i)
    return out


def candidates(world: Any, state: GameState, margin: int = ISOLATED_MARGIN, noops: bool = False,
               active: Any = _UNKNOWN) -> Iterator[Cast]:
    """Syntactic candidates for every unused spell; the engine decides which are legal.

    ``noops=False`` leaves out casts the rules allow but that change nothing but the spell
    count (Sleep on a sleeper, Wake on a waker, Banality on a Warrior, ZR-24): keeping a spell
    is never worse unless a constraint reads unused spells, and then callers pass ``noops=True``.
    """
    tick = state.tick
    tried: set[tuple] = set()
    active = board_active(world, state) if active is _UNKNOWN else active
    for spell in world.spells:
        if not state.spells_left[spell.index] or (spell.type, spell.args) in tried:
            continue
        tried.add((spell.type, spell.args))
        call = SpellCall(spell.type, spell.args)
        if spell.behaviour.cast_form == "select":
            yield from _selection_candidates(world, state, spell, margin)
            continue
        yield from _plain(world, state, spell, call, tick, active, margin, noops)


def _plain(world: Any, state: GameState, spell: Any, call: SpellCall, tick: int, active: int | None,
           margin: int, noops: bool) -> Iterator[Cast]:
    form = spell.behaviour.cast_form
    if form == "on":
        for i in _hero_targets(world, state, spell.type, noops):
            yield Cast(tick, call, on=(world.heroes[i].label,))
    elif form == "to":
        if active is not None:
            room = state.heroes[active].pos[0]
            for slot in move_slots(world, state, {room}, margin):
                yield Cast(tick, call, to=(_to_board(world, slot),))
    elif form == "with":
        if active is not None:
            room = state.heroes[active].pos[0]
            for other in world.rooms:
                if other.index != room:
                    yield Cast(tick, call, with_room=other.label)
    else:                                   # no target: Attack, Teleport, any such new type
        if spell.behaviour.target == "active" and active is None:
            return
        yield Cast(tick, call)


def _selection_candidates(world: Any, state: GameState, spell: Any, margin: int) -> Iterator[Cast]:
    tick = state.tick
    corpses = bool(spell.args[0])
    pool = [i for i, h in enumerate(state.heroes) if h.pos is not None and (h.alive or corpses)]
    inner_seen: set[tuple] = set()
    for inner in world.spells:
        if inner.behaviour.cast_form == "select" or not state.spells_left[inner.index] or (inner.type, inner.args) in inner_seen:
            continue
        inner_seen.add((inner.type, inner.args))
        call = SpellCall(inner.type, inner.args)
        for size in range(1, len(pool) + 1):
            for group in combinations(pool, size):
                labels = tuple(world.heroes[i].label for i in group)
                outer = SpellCall("Selection", spell.args)
                form = inner.behaviour.cast_form
                if form == "to":
                    rooms = {state.heroes[i].pos[0] for i in group}
                    if len(rooms) != len(group):
                        continue
                    slots = move_slots(world, state, rooms, margin)
                    for chosen in permutations(slots, len(group)):
                        to = tuple(_to_board(world, s) for s in chosen)
                        yield Cast(tick, outer, on=labels, inner=Cast(tick, call, to=to))
                elif form == "with":
                    rooms = [state.heroes[i].pos[0] for i in group]
                    for other in world.rooms:
                        if other.index not in rooms:
                            yield Cast(tick, outer, on=labels, inner=Cast(tick, call, with_room=other.label))
                else:
                    yield Cast(tick, outer, on=labels, inner=Cast(tick, call))


def legal_casts(world: Any, state: GameState, margin: int = ISOLATED_MARGIN, noops: bool = False,
                record: bool = False, active: Any = _UNKNOWN) -> list[tuple[Cast, GameState, list[Event]]]:
    """Each legal cast at this casting point with the state it leads to (``active``: ZR-14's
    active hero, when the caller already knows it)."""
    out = []
    if active is _UNKNOWN:
        active = board_active(world, state)
    for cast in candidates(world, state, margin, noops, active):
        try:
            new, events = cast_spell(world, state, cast, record=record, active=active)
        except CastError:
            continue
        out.append((cast, new, events))
    return out

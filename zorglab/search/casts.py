"""Every cast a player could make at a casting point, tried on the engine's own rules.

Candidates are generated per spell type (targets, slots, rooms, Selection's subsets) and then
cast with :func:`~zorglab.engine.casting.cast_spell`; whatever the rules refuse is dropped, so
the search never re-states a legality rule. Identical spells (same type and arguments) are
tried once: the engine always takes the first unused one.
"""

from __future__ import annotations

from itertools import combinations, permutations
from typing import TYPE_CHECKING, Any, Iterator

from zorglab.engine.casting import board_active, cast_spell
from zorglab.engine.events import Event
from zorglab.core.geometry import Direction, neighbour_slot
from zorglab.engine.state import GameState
from zorglab.errors import CastError
from zorglab.core.model import Cast, SpellCall

if TYPE_CHECKING:
    from zorglab.engine.world import World

# How far from the dungeon's rooms an isolated Move destination may be. Every slot farther off is
# equivalent for the rules (no side touches another room) except through dist(); levels whose
# constraints read dist() widen it by their largest constant (see ``move_margin``).
ISOLATED_MARGIN = 2
_UNKNOWN = object()         # "the caller did not say who the active hero is"


class CastBook:
    """What a search builds again and again, built once: the casts (by tick and content: the
    search meets the same cast at the same tick in many states, and building a frozen Cast costs
    more than looking one up) and which distinct spells a set of spells left offers."""

    def __init__(self) -> None:
        self._casts: dict[tuple, Cast] = {}
        self._calls: dict[tuple, SpellCall] = {}
        self._offered: dict[tuple[bool, ...], tuple[Any, ...]] = {}

    def call(self, spell_type: str, args: tuple) -> SpellCall:
        key = (spell_type, args)
        found = self._calls.get(key)
        if found is None:
            found = self._calls[key] = SpellCall(spell_type, args)
        return found

    def cast(self, tick: int, spell_type: str, args: tuple, on: tuple[str, ...] = (),
             to: tuple[tuple[int, int], ...] = (), with_room: str | None = None) -> Cast:
        key = (tick, spell_type, args, on, to, with_room)
        found = self._casts.get(key)
        if found is None:
            found = self._casts[key] = Cast(tick, self.call(spell_type, args), on=on, to=to, with_room=with_room)
        return found

    def offered(self, world: World, left: tuple[bool, ...]) -> tuple[Any, ...]:
        """The unused spells, one per distinct (type, arguments), in the level's order: the engine
        always casts the first unused one of identical spells, so the others add no cast."""
        found = self._offered.get(left)
        if found is None:
            seen: set[tuple] = set()
            spells = []
            for spell in world.spells:
                if left[spell.index] and (spell.type, spell.args) not in seen:
                    seen.add((spell.type, spell.args))
                    spells.append(spell)
            found = self._offered[left] = tuple(spells)
        return found


def _to_board(world: World, slot: tuple[int, int]) -> tuple[int, int]:
    return slot if world.dungeon is None else world.dungeon.to_board(slot)


def move_slots(world: World, state: GameState, moving: set[int], margin: int = ISOLATED_MARGIN) -> list[tuple[int, int]]:
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


def _room(state: GameState, hero: int) -> int:
    """The room a hero on the board stands in (only such heroes are chosen or active)."""
    pos = state.heroes[hero].pos
    assert pos is not None, "a hero in the waiting room has no room"
    return pos[0]


def _hero_targets(world: World, state: GameState, behaviour: Any, args: tuple[Any, ...],
                  noops: bool) -> list[int]:
    out = []
    for i, h in enumerate(state.heroes):
        if h.pos is None or not h.alive:
            continue
        if not noops and behaviour.changes_nothing(h, args):
            continue        # legal but changes nothing (ZR-24): dominated by not casting
        out.append(i)
    return out


def candidates(world: World, state: GameState, margin: int = ISOLATED_MARGIN, noops: bool = False,
               active: Any = _UNKNOWN, book: CastBook | None = None) -> list[Cast]:
    """Syntactic candidates for every unused spell; the engine decides which are legal.

    ``noops=False`` leaves out casts the rules allow but that change nothing but the spell
    count (a type's ``changes_nothing``: Sleep on a sleeper, Wake on a waker, Banality on a
    Warrior, ZR-24): keeping a spell
    is never worse unless a constraint reads unused spells, and then callers pass ``noops=True``.
    """
    active = board_active(world, state) if active is _UNKNOWN else active
    book = CastBook() if book is None else book
    found: list[Cast] = []
    for spell in book.offered(world, state.spells_left):
        if spell.behaviour.cast_form == "select":
            found += _selection_candidates(world, state, spell, margin)
        else:
            _plain(world, state, spell, book, active, margin, noops, found)
    return found


def _plain(world: World, state: GameState, spell: Any, book: CastBook, active: int | None,
           margin: int, noops: bool, found: list[Cast]) -> None:
    behaviour = spell.behaviour
    form = behaviour.cast_form
    tick, kind, args = state.tick, spell.type, spell.args
    if form is None:                        # no target: Attack, Teleport, any such new type
        if behaviour.target != "active" or active is not None:
            found.append(book.cast(tick, kind, args))
    elif form == "on":
        for i in _hero_targets(world, state, behaviour, args, noops):
            found.append(book.cast(tick, kind, args, on=(world.heroes[i].label,)))
    elif form == "to":
        if active is not None:
            room = _room(state, active)
            for slot in move_slots(world, state, {room}, margin):
                found.append(book.cast(tick, kind, args, to=(_to_board(world, slot),)))
    elif form == "with":
        if active is not None:
            room = _room(state, active)
            for other in world.rooms:
                if other.index != room:
                    found.append(book.cast(tick, kind, args, with_room=other.label))


def _selection_candidates(world: World, state: GameState, spell: Any, margin: int) -> Iterator[Cast]:
    tick = state.tick
    corpses = spell.behaviour.reads_corpses(spell.args)
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
                outer = SpellCall(spell.type, spell.args)
                form = inner.behaviour.cast_form
                if form == "to":
                    rooms = {_room(state, i) for i in group}
                    if len(rooms) != len(group):
                        continue
                    slots = move_slots(world, state, rooms, margin)
                    for chosen in permutations(slots, len(group)):
                        to = tuple(_to_board(world, s) for s in chosen)
                        yield Cast(tick, outer, on=labels, inner=Cast(tick, call, to=to))
                elif form == "with":
                    taken = [_room(state, i) for i in group]
                    for other in world.rooms:
                        if other.index not in taken:
                            yield Cast(tick, outer, on=labels, inner=Cast(tick, call, with_room=other.label))
                else:
                    yield Cast(tick, outer, on=labels, inner=Cast(tick, call))


def legal_casts(world: World, state: GameState, margin: int = ISOLATED_MARGIN, noops: bool = False,
                record: bool = False, active: Any = _UNKNOWN,
                book: CastBook | None = None) -> list[tuple[Cast, GameState, list[Event]]]:
    """Each legal cast at this casting point with the state it leads to (``active``: ZR-14's
    active hero, when the caller already knows it; ``book``: casts a search built before)."""
    out = []
    if active is _UNKNOWN:
        active = board_active(world, state)
    for cast in candidates(world, state, margin, noops, active, book):
        try:
            new, events = cast_spell(world, state, cast, record=record, active=active)
        except CastError:
            continue
        out.append((cast, new, events))
    return out

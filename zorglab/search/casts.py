"""Every cast a player could make at a casting point, tried on the engine's own rules.

Candidates are generated per spell type (targets, slots, rooms, Selection's subsets) and then
cast with :func:`~zorglab.engine.casting.cast_spell`; whatever the rules refuse is dropped, so
the search never re-states a legality rule. Identical spells (same type and arguments) are
tried once: a cast by type takes the first unused one. Where a constraint or bonus reads one of
them by its label (``unused(a)``), the spells it reads are told apart: each is tried, by its label,
beside the first unused of the others (a cast naming a label casts exactly that spell).
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
    more than looking one up) and which distinct spells a set of spells left offers.

    ``apart``: labels of spells told apart from the identical ones (a constraint or bonus reads
    them by label); ``None`` tells every spell apart."""

    def __init__(self, apart: frozenset[str] | None = frozenset(), isolated_once: bool = False) -> None:
        self.apart = apart
        self.isolated_once = isolated_once      # may a Move try one isolated slot for all? (:func:`isolated_alike`)
        self._casts: dict[tuple[int, SpellCall, tuple[str, ...], tuple[tuple[int, int], ...], str | None], Cast] = {}
        self._calls: dict[tuple[str, tuple[Any, ...], str | None], SpellCall] = {}
        self._offered: dict[tuple[bool, ...], tuple[tuple[Any, SpellCall], ...]] = {}

    def call(self, spell_type: str, args: tuple[Any, ...], label: str | None = None) -> SpellCall:
        key = (spell_type, args, label)
        found = self._calls.get(key)
        if found is None:
            found = self._calls[key] = SpellCall(spell_type, args, label)
        return found

    def cast(self, tick: int, call: SpellCall, on: tuple[str, ...] = (),
             to: tuple[tuple[int, int], ...] = (), with_room: str | None = None) -> Cast:
        key = (tick, call, on, to, with_room)
        found = self._casts.get(key)
        if found is None:
            found = self._casts[key] = Cast(tick, call, on=on, to=to, with_room=with_room)
        return found

    def offered(self, world: World, left: tuple[bool, ...]) -> tuple[tuple[Any, SpellCall], ...]:
        """The unused spells worth a cast, in the level's order, each with the call that casts it.

        Of identical spells a cast by type takes the first unused one, so the others add no cast;
        a spell told apart is offered on its own, named by its label, and so is the first unused
        of the rest of its kind (by its label too, since a cast by type might take a told-apart one)."""
        found = self._offered.get(left)
        if found is None:
            seen: set[tuple[object, ...]] = set()
            offers = []
            told = self.apart
            for spell in world.spells:
                if not left[spell.index]:
                    continue
                kind = (spell.type, spell.args)
                alike = world.spells_by_call[kind]
                apart = told is None or spell.label in told
                if len(alike) == 1 or not (apart or any(world.spells[i].label in (told or ()) for i in alike)):
                    if kind not in seen:        # the first unused of its kind: a cast by type takes it
                        seen.add(kind)
                        offers.append((spell, self.call(spell.type, spell.args)))
                elif apart:
                    offers.append((spell, self.call(spell.type, spell.args, spell.label)))
                elif (kind, None) not in seen:  # the first unused of the kind's spells not told apart
                    seen.add((kind, None))
                    offers.append((spell, self.call(spell.type, spell.args, spell.label)))
            found = self._offered[left] = tuple(offers)
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
               active: Any = _UNKNOWN, book: CastBook | None = None, skip: int = 0,
               only: dict[int, int] | None = None) -> list[Cast]:
    """Syntactic candidates for every unused spell; the engine decides which are legal.

    ``noops=False`` leaves out casts the rules allow but that change nothing but the spell
    count (a type's ``changes_nothing``: Sleep on a sleeper, Wake on a waker, Banality on a
    Warrior, ZR-24): keeping a spell
    is never worse unless a constraint reads unused spells, and then callers pass ``noops=True``.
    ``skip``: spells (bits by index) not to cast here (the search's damage bound ruled them out);
    ``only``: single-target spells (by index) to cast on one hero alone (index), the bound's walk cut.
    """
    active = board_active(world, state) if active is _UNKNOWN else active
    book = CastBook() if book is None else book
    found: list[Cast] = []
    for spell, call in book.offered(world, state.spells_left):
        if skip >> spell.index & 1:
            continue
        if spell.behaviour.cast_form == "select":
            found += _selection_candidates(world, state, spell, call, margin, book)
        else:
            _plain(world, state, spell, call, book, active, margin, noops, found,
                   None if only is None else only.get(spell.index))
    return found


def _plain(world: World, state: GameState, spell: Any, call: SpellCall, book: CastBook, active: int | None,
           margin: int, noops: bool, found: list[Cast], alone: int | None = None) -> None:
    """The casts of one spell not under Selection (``alone``: the one hero it may go to)."""
    behaviour = spell.behaviour
    form = behaviour.cast_form
    tick, args = state.tick, spell.args
    if form is None:                        # no target: Attack, Teleport, any such new type
        if behaviour.target != "active" or (active is not None and alone in (None, active)):
            found.append(book.cast(tick, call))
    elif form == "on":
        for i in _hero_targets(world, state, behaviour, args, noops):
            if alone is not None and i != alone:
                continue
            found.append(book.cast(tick, call, on=(world.heroes[i].label,)))
    elif form == "to":
        if active is not None:
            room = _room(state, active)
            once = book.isolated_once and margin <= ISOLATED_MARGIN and isolated_alike(world, state, spell)
            staying = {slot for other, slot in enumerate(state.slots) if other != room} if once else set()
            isolated = False
            for slot in move_slots(world, state, {room}, margin):
                if once and not any(neighbour_slot(slot, d) in staying for d in Direction):
                    if isolated:
                        continue            # one isolated slot stands for them all (ZR-30)
                    isolated = True
                found.append(book.cast(tick, call, to=(_to_board(world, slot),)))
    elif form == "with":
        if active is not None:
            room = _room(state, active)
            for other in world.rooms:
                if other.index != room:
                    found.append(book.cast(tick, call, with_room=other.label))


def isolated_alike(world: World, state: GameState, spell: Any) -> bool:
    """Can no rule tell apart the empty slots that touch no room, as destinations of this Move
    (issue 41, ZR-30)? Yes when its type reads a destination only as empty
    (``SearchFacts.alike_destinations``: Move) and, once it is cast, nothing can move a room to an
    empty slot again: every spell left but this one moves no room (``moves_rooms`` false) or only trades rooms among
    their slots (a board spell whose ``SearchFacts.keeps_slots``: Swap), and no hero type of the world (nor
    Warrior, what Banality makes) moves rooms (a Mechanic's shove reads the rooms' rectangle). The
    room it moves then stays alone wherever it went: the set of occupied slots only ever differs
    by where that lone slot is, and a map of slots that swaps it for another lone slot keeps every
    side of every room, so every rule (plans, steps, Swaps' borders, shells, history as rooms and
    cells) acts alike. A win that reads positions (``dist``) is the caller's to rule out: the
    search lets a Move try one lone slot only where every hero dead is the win."""
    if not spell.behaviour.facts.alike_destinations:    # a type may read where it goes (not Move)
        return False
    for other in world.spells:
        if other.index == spell.index or not state.spells_left[other.index]:
            continue
        behaviour = other.behaviour
        if behaviour.moves_rooms is not False and not (behaviour.bound_role == "board" and behaviour.facts.keeps_slots):
            return False
    return all(world.behaviour(t).moves_rooms is False for t in world.hero_types())


def _selection_candidates(world: World, state: GameState, spell: Any, outer: SpellCall, margin: int,
                          book: CastBook) -> Iterator[Cast]:
    tick = state.tick
    corpses = spell.behaviour.reads_corpses(spell.args)
    pool = [i for i, h in enumerate(state.heroes) if h.pos is not None and (h.alive or corpses)]
    for inner, call in book.offered(world, state.spells_left):
        if inner.behaviour.cast_form == "select":
            continue
        for size in range(1, len(pool) + 1):
            for group in combinations(pool, size):
                labels = tuple(world.heroes[i].label for i in group)
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
                book: CastBook | None = None, skip: int = 0,
                only: dict[int, int] | None = None) -> list[tuple[Cast, GameState, list[Event]]]:
    """Each legal cast at this casting point with the state it leads to (``active``: ZR-14's
    active hero, when the caller already knows it; ``book``: casts a search built before;
    ``skip``, ``only``: as :func:`candidates`)."""
    out = []
    if active is _UNKNOWN:
        active = board_active(world, state)
    for cast in candidates(world, state, margin, noops, active, book, skip, only):
        try:
            new, events = cast_spell(world, state, cast, record=record, active=active)
        except CastError:
            continue
        out.append((cast, new, events))
    return out

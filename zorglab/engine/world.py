"""The fixed part of a run: placed rooms with their cell codes, heroes, spells, plan cache.

A :class:`World` is built from a level (choices already substituted) and a layout in the
dungeon frame (ZR-3: every tile upright). Everything that changes lives in
:class:`~zorglab.engine.state.GameState`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Mapping

from zorglab.engine import cells, weights
from zorglab.core.geometry import Slot
import zorglab.engine.types  # noqa: F401  (the built-in types this world dispatches to)
from zorglab.core.registry import find_hero_type, find_room_type, find_spell_type
from zorglab.engine.state import OBSERVED, GameState, HeroState
from zorglab.core.tiles import Tile
from zorglab.errors import ArgumentTypeError, LevelError
from zorglab.core.model import HeroSpec, Level, RoomSpec, SpellSpec, VarRef
from zorglab.core.limits import MAX_HISTORY_REACH

if TYPE_CHECKING:
    from zorglab.engine.heroes.base import HeroBehaviour
    from zorglab.engine.rooms.base import RoomBehaviour
    from zorglab.engine.spells.base import SpellBehaviour

_ENTRIES = HeroState._fields.index("entries")

# Behaviour classes (the registries' types); named here because the info classes below have a
# field called ``type``, which would shadow the builtin in their own annotations.
RoomType = type["RoomBehaviour"]
SpellType = type["SpellBehaviour"]
HeroType = type["HeroBehaviour"]


@dataclass(frozen=True, slots=True)
class RoomInfo:
    index: int
    label: str
    type: str
    behaviour: RoomType
    args: tuple[Any, ...]
    tile: Tile
    codes: tuple[tuple[int, ...], ...]     # codes[y][x]
    spawn: tuple[int, int] | None
    toll: int


@dataclass(frozen=True, slots=True)
class HeroInfo:
    index: int
    label: str
    type: str
    args: tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class SpellInfo:
    index: int
    label: str
    type: str
    args: tuple[Any, ...]
    behaviour: SpellType


def _check_concrete(label: str, args: tuple[Any, ...]) -> None:
    for arg in args:
        if isinstance(arg, VarRef):
            raise LevelError(f"{label}: variable {arg.name!r} has no value; choose one first (FR-2)")


class World:
    """Rooms placed in the dungeon frame, the spawn list and the spell list of one world."""

    def __init__(self, level: Level, slots: Mapping[str, Slot], main: str | None = None,
                 rooms: tuple[RoomSpec, ...] | None = None, heroes: tuple[HeroSpec, ...] | None = None,
                 spells: tuple[SpellSpec, ...] | None = None, name: str = "main"):
        self.level = level
        self.name = name
        self.dungeon: Any = None      # the layout's Dungeon, for board <-> dungeon frame conversions
        room_specs = level.rooms if rooms is None else rooms
        hero_specs = level.heroes if heroes is None else heroes
        spell_specs = level.spells if spells is None else spells
        self.rooms: tuple[RoomInfo, ...] = tuple(
            self._room_info(i, spec, level.room_tile(level.rooms[i].label) if rooms is not None
                            else level.room_tile(spec.label))
            for i, spec in enumerate(room_specs))
        self.room_index = {room.label: room.index for room in self.rooms}
        if rooms is not None:   # a mirror world: rooms stand where the level's rooms stand (ZR-18)
            slots = {room_specs[i].label: slots[level.rooms[i].label] for i in range(len(room_specs))}
        self.initial_slots: tuple[Slot, ...] = tuple(slots[room.label] for room in self.rooms)
        self.heroes: tuple[HeroInfo, ...] = tuple(self._hero_info(i, spec) for i, spec in enumerate(hero_specs))
        self.hero_index = {hero.label: hero.index for hero in self.heroes}
        self.spells: tuple[SpellInfo, ...] = tuple(self._spell_info(i, spec) for i, spec in enumerate(spell_specs))
        self.spell_index = {spell.label: spell.index for spell in self.spells}
        self.spells_by_call: dict[tuple[str, tuple[Any, ...]], tuple[int, ...]] = {}     # (type, args) -> indices
        for spell in self.spells:
            key = (spell.type, spell.args)
            self.spells_by_call[key] = self.spells_by_call.get(key, ()) + (spell.index,)
        spawn_rooms = [room.index for room in self.rooms if room.behaviour.is_spawn]
        if not spawn_rooms:
            raise LevelError(f"{level.id}: a level needs an A room")
        main_label = main
        if main_label is None:
            self.initial_main = spawn_rooms[0]
        elif main_label in self.room_index and self.rooms[self.room_index[main_label]].behaviour.is_spawn:
            self.initial_main = self.room_index[main_label]
        else:
            raise LevelError(f"{level.id}: main = {main_label!r} is not an A room (ZR-22)")
        self.z_rooms = frozenset(room.index for room in self.rooms if room.behaviour.ends_level)
        self._behaviours: dict[str, HeroType] = {}
        self.water_cells = frozenset((room.index, (x, y)) for room in self.rooms
                                     for y, row in enumerate(room.codes) for x, code in enumerate(row)
                                     if code == cells.WATER)
        # Weights (FR-25) matter only if some hero type weighs rooms or pulls; no hero takes
        # such a type during a run (Banality makes Warriors).
        self.has_weights = any(self.behaviour(hero.type).weighs_rooms or self.behaviour(hero.type).pulls_heroes
                               for hero in self.heroes)
        self.history_reach = self._history_reach()
        # A portal whose f reads unboundedly deep (ZR-32: reach UNBOUNDED) makes a repetition
        # compare whole visit histories (ZR-27), which cannot falsely match.
        # No portal and no Teleport: no rule reads the visit history at all (ZR-27).
        readers = [room for room in self.rooms if room.behaviour.history_reach(room.args) is not None]
        reads_history = bool(readers) or any(
            spell.behaviour.history_reach(spell.args) is not None for spell in self.spells)
        self.recurrence_reach: int | None = 0 if not reads_history else self.history_reach if all(
            room.behaviour.history_bounded(room.args) for room in readers) else None
        caps = {room.index: room.behaviour.entry_cap(room.args) for room in self.rooms}
        self.portal_caps = {index: cap for index, cap in caps.items() if cap is not None}
        self.entry_reads = {index: self.rooms[index].behaviour.entry_read(self.rooms[index].args)
                            for index in self.portal_caps}
        self._slot_indexes: dict[tuple[Slot, ...], dict[Slot, int]] = {}
        self._last_slot_index: tuple[tuple[Slot, ...] | None, dict[Slot, int]] = (None, {})
        self.move_problems: dict[tuple[object, ...], str | None] = {}     # zorglab.engine.roommoves.move_problem
        self._immune: dict[tuple[str, tuple[Any, ...]], frozenset[int]] = {}
                # Memo tables that type modules keep for this world (Shell flights, Princess weights,
        # Mechanic shoves), by owner name: they live and die with the world.
        self.memos: dict[str, dict[tuple[object, ...], Any]] = {}
        # how much farther out a Move destination can change what the world's constraints read
        # through dist() (ZR-30; set by the setup that knows the constraints, engine.constraints.dist_reach)
        self.dist_reach = 0
        from zorglab.engine.planner import Planner
        self.planner = Planner(self)

    # -- construction -----------------------------------------------------------------------

    @staticmethod
    def _room_info(index: int, spec: RoomSpec, tile: Tile) -> RoomInfo:
        behaviour = find_room_type(spec.type)
        if behaviour is None:
            raise LevelError(f"{spec.label}: unknown room type {spec.type!r}")
        if behaviour.signature.undefined:
            raise LevelError(f"{spec.label}: {behaviour.signature.undefined}")
        _check_concrete(spec.label, spec.args)
        fault = behaviour.arg_fault(spec.args)
        if fault is not None:      # a choice made the arguments faulty (ZR-26)
            index, why = fault
            where = getattr(getattr(spec.args[index], "rule", None), "function", None)
            raise ArgumentTypeError(f"{spec.label}'s {behaviour.signature.params[index].name}: {why}",
                                    getattr(where, "loc", None) or spec.location)
        codes = tuple(tuple(behaviour.cell_code(spec.args, tile.kind(x, y)) for x in range(5)) for y in range(5))
        return RoomInfo(index, spec.label, spec.type, behaviour, spec.args, tile, codes, tile.spawn,
                        behaviour.toll(spec.args))

    @staticmethod
    def _hero_info(index: int, spec: HeroSpec) -> HeroInfo:
        behaviour = find_hero_type(spec.type)
        if behaviour is None:
            raise LevelError(f"{spec.label}: unknown hero type {spec.type!r}")
        _check_concrete(spec.label, spec.args)
        return HeroInfo(index, spec.label, spec.type, spec.args)

    @staticmethod
    def _spell_info(index: int, spec: SpellSpec) -> SpellInfo:
        behaviour = find_spell_type(spec.type)
        if behaviour is None:
            raise LevelError(f"{spec.label}: unknown spell type {spec.type!r}")
        _check_concrete(spec.label, spec.args)
        return SpellInfo(index, spec.label, spec.type, spec.args, behaviour)

    def _history_reach(self) -> int:
        """How deep into a visit history any rule can read (portals and Teleport)."""
        reaches = [room.behaviour.history_reach(room.args) for room in self.rooms]
        reaches += [spell.behaviour.history_reach(spell.args) for spell in self.spells]
        return max([1] + [reach for reach in reaches if reach is not None])

    # -- lookups ----------------------------------------------------------------------------

    def memo(self, owner: str) -> dict[tuple[object, ...], Any]:
        """The memo table ``owner`` keeps for this world (created empty on first use)."""
        table = self.memos.get(owner)
        if table is None:
            table = self.memos[owner] = {}
        return table

    def slot_index(self, slots: tuple[Slot, ...]) -> dict[Slot, int]:
        last = self._last_slot_index      # one attribute, read and written whole (threads share worlds)
        if slots is last[0]:                # states share their slots tuple until a room moves
            return last[1]
        index = self._slot_indexes.get(slots)
        if index is None:
            index = {slot: room for room, slot in enumerate(slots)}
            self._slot_indexes[slots] = index
        self._last_slot_index = (slots, index)
        return index

    def hero_types(self) -> set[str]:
        """Every hero type a hero of this world can have: the spawn list's, and what spells make."""
        types = {hero.type for hero in self.heroes}
        for spell in self.spells:
            types.update(spell.behaviour.makes_types(spell.args))
        return types

    def behaviour(self, hero_type: str) -> HeroType:
        behaviour = self._behaviours.get(hero_type)
        if behaviour is None:
            found = find_hero_type(hero_type)
            if found is None:
                raise LevelError(f"unknown hero type {hero_type!r}")
            behaviour = self._behaviours[hero_type] = found
        return behaviour

    def target_rooms(self, state: GameState, index: int) -> frozenset[int]:
        """The rooms a hero heads for: the reachable rooms it perceives heaviest (FR-25); Z unless
        a princess pulls (zorglab.engine.weights). No hero becomes a Princess during a run (Banality
        makes Warriors), so a world without one in its spawn list always heads for Z."""
        if not self.has_weights:
            return self.z_rooms
        return weights.target_rooms(self, state, index)

    def has_code(self, code: int, immune: frozenset[int] = frozenset()) -> bool:
        """Does any room have a cell acting as ``code`` for a hero with these immunities?"""
        return code not in immune and any(code in row for room in self.rooms for row in room.codes)

    def immune_codes(self, hero_type: str, args: tuple[Any, ...]) -> frozenset[int]:
        key = (hero_type, args)
        codes = self._immune.get(key)
        if codes is None:
            codes = cells.immune_codes(self.behaviour(hero_type).immune(args))
            self._immune[key] = codes
        return codes

    def recurrence_key(self, state: GameState, whole: bool = True) -> tuple[tuple[Any, ...], ...]:
        """What a rule can observe of ``state`` (ZR-27): the board, each hero's plan state (entry
        counts only for portals, only as far as they can tell entries apart; visit history only
        as deep as a portal or Teleport reads it) and the spells left. No tick, no time of death.

        Unlike :meth:`GameState.key` it leaves out entry counts no rule reads, which grow for ever
        in a world that never goes idle; two states with one key have the same future."""
        return (state.board(), tuple([self.recurrence_hero(h, whole) for h in state.heroes]), state.spells_left)

    def recurrence_hero(self, h: HeroState, whole: bool = True) -> tuple[tuple[Any, ...], ...]:
        """One hero's part of :meth:`recurrence_key`. Where the whole history counts
        (``recurrence_reach`` is None), ``whole=False`` gives a cheap stand-in to hash, equal
        whenever the whole parts are: the last 64 visits and the history's length."""
        reads = self.entry_reads
        reach = self.recurrence_reach
        entries: tuple[tuple[int, int], ...] = ()
        if reads:
            kept = []
            for r, n in h.entries:
                if r in reads:
                    cap = reads[r]
                    kept.append((r, n if cap is None else min(n, cap)))
            entries = tuple(kept)
        history: tuple[Any, ...] = () if reach == 0 else h.history[-reach:] if reach is not None else h.history if whole \
            else (len(h.history), h.history[-MAX_HISTORY_REACH:])
        return (h[:_ENTRIES], entries, h[_ENTRIES + 1:OBSERVED], history)

    def initial_state(self) -> GameState:
        heroes = tuple(HeroState(type=h.type, args=h.args, hp=self.behaviour(h.type).max_hp(h.args))
                       for h in self.heroes)
        gold = tuple(room.behaviour.initial_gold(room.args) for room in self.rooms)
        return GameState(tick=0, slots=self.initial_slots, gold=gold, main_a=self.initial_main,
                         heroes=heroes, spells_left=tuple(True for _ in self.spells))


class RecurrenceDigests:
    """Hashes of :meth:`World.recurrence_key` (ZR-27), cheap enough for every tick of a run: an
    action changes one hero and shares the rest, so each hero's hash (and the slot list's) is kept
    by identity, with the object itself so that its id cannot be reused. Equal keys, equal hashes."""

    def __init__(self, world: World):
        self.world = world
        self.heroes: dict[int, tuple[HeroState, int]] = {}
        self.slots: dict[int, tuple[tuple[Slot, ...], int]] = {}

    def hero(self, h: HeroState) -> int:
        found = self.heroes.get(id(h))
        if found is not None and found[0] is h:
            return found[1]
        value = hash(self.world.recurrence_hero(h, False))
        self.heroes[id(h)] = (h, value)
        return value

    def of(self, state: GameState) -> int:
        slots = state.slots
        found = self.slots.get(id(slots))
        if found is not None and found[0] is slots:
            slots_hash = found[1]
        else:
            slots_hash = hash(slots)
            self.slots[id(slots)] = (slots, slots_hash)
        heroes = tuple([self.hero(h) for h in state.heroes])
        return hash((slots_hash, state.gold, state.main_a, state[6:], heroes, state.spells_left))

"""The one routine that resolves entering cells and rooms (ZR-8..ZR-12).

Steps, slides, spawns, portal and spell teleports, shoves and casts all go through a
:class:`Resolution`: a mutable scratch copy of the parts of a state an action may change.
The simulation, every hero's planner and the solvability search use this same code; the
planner only sets ``planning=True`` (nobody dies, no events: ZR-12, ZR-13).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from zorglab.engine import events as ev
from zorglab.engine.cells import FIRE, FLOOR, ICE, LIGHT, POISON, WALL, WATER
from zorglab.core.geometry import ROOM_SIZE, Direction, Slot
from zorglab.engine.hero_scratch import HeroScratch
from zorglab.engine.marks import find_mark, kept_at_death
from zorglab.engine.state import GameState, Local, Position
from zorglab.errors import EndlessActionError

if TYPE_CHECKING:
    from zorglab.engine.world import World

_new_tuple = tuple.__new__      # builds a NamedTuple from a ready tuple without its Python __new__

# ZR-10 leaves chains of portal teleports unbounded and ZR-32 forbids a cap that changes where a
# hero goes: a chain is followed to its end. One that comes back to a state it was in never ends;
# this many teleports in one action is the safety stop for a chain that neither ends nor repeats
# (docs/rules.md, FR-15). Either stops the run with an EndlessActionError.
MAX_TELEPORTS_PER_ACTION = 10_000
CHAIN_WATCH_AFTER = 16      # teleports in one action before the chain's states are compared

# In ``cleared``, the "cell" (room, SLAIN) marks a room whose monster a Shell killed (FR-23): it lies
# outside the 5x5 tile, so cell lookups never match it, and the room's entry effect is gone.
SLAIN: Local = (-1, -1)


class Resolution:
    """Scratch state for one action or cast; ``freeze()`` gives the next :class:`GameState`.

    Room gold and deaths stay tuples, replaced when they change, so an untouched part is shared
    with the state it came from.
    """

    __slots__ = ("world", "state", "tick", "planning", "events", "slots", "slot_room", "gold", "main_a",
                 "cleared", "deaths", "lost_by", "lost_by_room", "heroes", "hp_lost", "teleports", "performed",
                 "_chain", "_next", "unseen")

    def __init__(self, world: World, state: GameState, *, tick: int, planning: bool = False,
                 record: bool = True):
        self.world = world
        self.state = state
        self.tick = tick
        self.planning = planning
        self.events: list[ev.Event] | None = [] if record else None
        self.slots = state.slots
        self.slot_room: dict[Slot, int] | None = None      # built on first use: most casts never cross a side
        self.gold = state.gold
        self.unseen = state.unseen      # the part of each room's gold the dead dropped (ZR-29)
        self.main_a = state.main_a
        self.cleared = state.cleared
        self.deaths = state.deaths
        self.lost_by = state.lost_by
        self.lost_by_room: int | None = None
        self.heroes: dict[int, HeroScratch] = {}
        self.hp_lost = 0            # damage taken by the moving hero (heals never offset: ZR-13)
        self.teleports = 0
        self._chain = False         # a teleport chain is being followed (teleport_to_visit)
        self._next: tuple[int, str] | None = None   # the chain's next teleport, set by an arrival's entry effect
        self.performed: Any = None  # the type-specific action a hero's perform carried out, for its plan costs

    @classmethod
    def for_plan(cls, world: World, slots: tuple[Slot, ...], slot_room: dict[Slot, int], gold: tuple[int, ...],
                 main_a: int, cleared: frozenset[Position], hero: HeroScratch) -> "Resolution":
        """A planning scratch: one hero alone on a fixed map, nobody dies, no events (ZR-13)."""
        res = cls(world, GameState(0, slots, gold, main_a, (), (), cleared), tick=0, planning=True, record=False)
        res.slot_room = slot_room
        res.heroes = {hero.index: hero}
        return res

    # -- access -----------------------------------------------------------------------------

    def hero(self, index: int) -> HeroScratch:
        h = self.heroes.get(index)
        if h is None:
            h = self.heroes[index] = HeroScratch(index, self.world.heroes[index].label, self.state.heroes[index])
        return h

    def add_gold(self, room: int, amount: int) -> None:
        """Change one room's gold; the tuple is replaced, never the state's own changed."""
        gold = list(self.gold)
        gold[room] += amount
        self.gold = tuple(gold)

    def add_unseen(self, room: int, amount: int) -> None:
        """Change the part of one room's gold that the dead dropped (ZR-29); () again once none is left."""
        unseen = list(self.unseen or (0,) * len(self.gold))
        unseen[room] += amount
        self.unseen = tuple(unseen) if any(unseen) else ()

    def emit(self, kind: type[ev.Event], *fields: Any) -> None:
        """Record an event of this resolution's tick; nothing is built when no one records."""
        if self.events is not None:
            self.events.append(kind(self.tick, *fields))

    def global_cell(self, pos: Position) -> tuple[int, int]:
        col, row = self.slots[pos[0]]
        return (ROOM_SIZE * col + pos[1][0], ROOM_SIZE * row + pos[1][1])

    def code(self, hero: HeroScratch, room: int, local: Local) -> int:
        """The cell's behaviour for this hero: cleared cells are floor, immunity too."""
        code = self.world.rooms[room].codes[local[1]][local[0]]
        if code > FLOOR:
            if (room, local) in self.cleared:
                return FLOOR
            immune = hero.immune
            if immune is None:
                immune = hero.immune = self.world.immune_codes(hero.type, hero.args)
            if code in immune:
                return FLOOR
        return code

    def neighbour(self, pos: Position, direction: Direction) -> Position | None:
        """The cell one step away, in this room or across a side into the next room."""
        room, (x, y) = pos
        nx, ny = x + direction.dx, y + direction.dy
        if 0 <= nx < ROOM_SIZE and 0 <= ny < ROOM_SIZE:
            return (room, (nx, ny))
        col, row = self.slots[room]
        if self.slot_room is None:
            self.slot_room = self.world.slot_index(self.slots)
        other = self.slot_room.get((col + direction.dx, row + direction.dy))
        if other is None:
            return None
        return (other, (nx % ROOM_SIZE, ny % ROOM_SIZE))

    def passable(self, hero: HeroScratch, pos: Position) -> bool:
        """ZR-9: walls and water block; a light cell needs the toll in hand."""
        code = self.code(hero, pos[0], pos[1])
        if code == WALL or code == WATER:
            return False
        if code == LIGHT:
            return hero.gold_total >= self.world.rooms[pos[0]].toll
        return True

    # -- actions ----------------------------------------------------------------------------

    def spawn(self, hero: HeroScratch) -> None:
        """The hero leaves the waiting room onto the main A's spawn cell (ZR-7)."""
        room = self.main_a
        local = self.world.rooms[room].spawn
        assert local is not None, "the main A is an A room, and an A tile has a spawn cell"
        if self.events is not None:
            self.emit(ev.Spawned, hero.label, self.world.rooms[room].label, self.global_cell((room, local)))
        self.teleports = 0
        self.enter_cell(hero, (room, local), None)

    def step(self, hero: HeroScratch, direction: Direction) -> bool:
        """One step, with the slide it may start; False (and nothing changed) if blocked."""
        target = self.neighbour(hero.pos, direction) if hero.pos is not None else None
        if target is None or not self.passable(hero, target):
            return False
        self.teleports = 0
        if self.events is not None:
            self.emit(ev.Stepped, hero.label, str(direction), self.global_cell(target))
        self.enter_cell(hero, target, direction)
        while hero.slide is not None and hero.alive and self.lost_by is None and hero.pos is not None:
            direction, hero.slide = hero.slide, None
            target = self.neighbour(hero.pos, direction)
            if target is None or not self.passable(hero, target):
                break
            if self.events is not None:
                self.emit(ev.Slid, hero.label, str(direction), self.global_cell(target))
            self.enter_cell(hero, target, direction)
        hero.slide = None
        return True

    # -- entering ---------------------------------------------------------------------------

    def enter_cell(self, hero: HeroScratch, pos: Position, direction: Direction | None) -> None:
        """Arrive on a cell: a room entry if the room differs (ZR-8), then the cell effect."""
        room, local = pos
        entering = hero.pos is None or hero.pos[0] != room
        hero.pos = cast("Position | None", pos)     # not narrowed: step 3 may move the hero on (a portal)
        if entering:
            self.enter_room(hero, room, local)
            if not hero.alive or self.lost_by is not None or hero.pos != pos or self._next is not None:
                return          # lost, died, or left (or is about to leave) the cell in step 3
        self.cell_effect(hero, room, local, direction)

    def enter_room(self, hero: HeroScratch, room: int, local: Local) -> None:
        """ZR-8 steps 1-3: history and entry count, Z, gold pickup or the room's own effect."""
        info = self.world.rooms[room]
        hero.history = hero.history + ((room, local),)
        count = hero.count_entry(room)
        self.emit(ev.EnteredRoom, hero.label, info.label, count)
        if info.behaviour.ends_level:
            self.lost_by = hero.index
            self.lost_by_room = room
            self.emit(ev.Lost, hero.label, info.label)
            return
        if self.gold[room] > 0:
            amount = self.gold[room]
            self.add_gold(room, -amount)
            if self.unseen and self.unseen[room]:
                self.add_unseen(room, -self.unseen[room])       # picked up as any gold is (ZR-29)
            hero.gold = hero.gold + ((room, amount),)
            self.emit(ev.GoldPicked, hero.label, info.label, amount)
            return
        if (room, SLAIN) in self.cleared:
            return              # a Shell killed this room's monster: no entry effect (FR-23)
        info.behaviour.on_enter(self, hero, room)

    def cell_effect(self, hero: HeroScratch, room: int, local: Local, direction: Direction | None) -> None:
        """ZR-9: what the cell does to the hero who just entered it."""
        code = self.code(hero, room, local)
        if code <= FLOOR or code == WATER:
            return              # water kills at the end of the resolution (settle)
        if code == FIRE:
            self.change_hp(hero, -1, "fire")
        elif code == ICE:
            if direction is not None:
                hero.slide = direction
        elif code == POISON:
            key = (room, local)
            if key in hero.poisoned:
                self.change_hp(hero, -3, "poison")
            else:
                hero.poisoned = hero.poisoned | {key}
                self.change_hp(hero, 1, "poison")
        elif code == LIGHT:
            self.pay_toll(hero, room)

    def pay_toll(self, hero: HeroScratch, room: int) -> None:
        """ZR-9 light cell: FIFO payment, each part refunded to its source; can't pay, dies."""
        toll = self.world.rooms[room].toll
        if hero.gold_total < toll:
            self.kill(hero, "toll")
            return
        due = toll
        if due:
            self.emit(ev.GoldPaid, hero.label, self.world.rooms[room].label, due)
        kept = []
        for source, amount in hero.gold:
            taken = min(amount, due)
            if taken:
                due -= taken
                self.add_gold(source, taken)
                self.emit(ev.GoldRefunded, hero.label, self.world.rooms[source].label, taken)
            if amount > taken:
                kept.append((source, amount - taken))
        hero.gold = tuple(kept)

    # -- hit points, death, teleports ----------------------------------------------------------

    def change_hp(self, hero: HeroScratch, delta: int, cause: str) -> None:
        """Any HP change (ZR-12): damage counts for planning; a real change of a living hero's HP is
        told to its marks (:meth:`Mark.on_hp_change <zorglab.engine.marks.Mark.on_hp_change>`: a
        sleeper wakes)."""
        if delta == 0 or not hero.alive:
            return
        hero.hp += delta
        if delta < 0:
            self.hp_lost -= delta
        if self.events is not None:
            self.emit(ev.Damaged if delta < 0 else ev.Healed, hero.label, abs(delta), hero.hp, cause)
        if hero.hp <= 0:
            self.kill(hero, cause)          # a sleeper killed by the hit simply dies
        elif hero.marks:
            for name, value in hero.marks:
                find_mark(name).on_hp_change(self, hero, value, delta)

    def kill(self, hero: HeroScratch, cause: str) -> None:
        """ZR-12: instant death; its gold drops into the room it dies in (ZR-11)."""
        if self.planning or not hero.alive:
            return
        hero.alive = False
        if hero.marks:
            hero.marks = kept_at_death(hero.marks)
        hero.slide = None
        hero.died_at = self.tick
        hero.gold_at_death = hero.gold_total
        self.deaths = self.deaths + (hero.index,)
        room_label = self.world.rooms[hero.pos[0]].label if hero.pos is not None else None
        if hero.gold and hero.pos is not None:
            self.add_gold(hero.pos[0], hero.gold_total)
            self.add_unseen(hero.pos[0], hero.gold_total)      # the living do not see it (ZR-29)
            self.emit(ev.GoldDropped, hero.label, room_label, hero.gold_total)
            hero.gold = ()
        if self.events is not None:
            self.emit(ev.Died, hero.label, room_label, self.global_cell(hero.pos) if hero.pos is not None else None,
                      cause)

    def teleport_to_visit(self, hero: HeroScratch, k: int, cause: str) -> None:
        """ZR-10: to the arrival cell of the k-th most recent visit, or the waiting room.

        A chain (an arrival whose entry effect teleports again) is followed in a loop, not by
        recursion, to its end however long (ZR-32); a chain that comes back to a state it was in
        never ends and raises :class:`~zorglab.errors.EndlessActionError`, as does the safety stop.
        """
        hero.slide = None
        if self._chain:                         # an arrival's entry effect: the chain's next link
            history = hero.history
            if 1 <= k <= len(history) and history[-k] == hero.pos:
                self.teleports += 1
                return                          # to the cell it stands on: nothing moves
            self._next = (k, cause)
            return
        self._chain = True
        seen: set[tuple[Any, ...]] = set()
        try:
            self._teleport_once(hero, k, cause)
            while self._next is not None:
                k, cause = self._next
                self._next = None
                if self.teleports >= CHAIN_WATCH_AFTER:
                    self._watch(hero, k, seen)
                self._teleport_once(hero, k, cause)
        finally:
            self._chain = False
            self._next = None

    def _watch(self, hero: HeroScratch, k: int, seen: set[tuple[Any, ...]]) -> None:
        """Stop an endless chain: one back in a state it was in (what a rule reads of the hero, as
        ZR-27 compares it), or one past the safety stop."""
        world = self.world
        if self.teleports > MAX_TELEPORTS_PER_ACTION:
            raise EndlessActionError(
                f"{hero.label}'s action goes on past {MAX_TELEPORTS_PER_ACTION:,} portal teleports without "
                "repeating itself: the run stops here (a safety stop, not a rule outcome; ZR-32)")
        reach = world.recurrence_reach
        if reach is None:
            return              # every visit is read: the history only grows, no state comes back
        reads = world.entry_reads
        entries = tuple((r, _told_apart(n, reads[r])) for r, n in hero.entries if r in reads)
        history = hero.history[-reach:] if reach else ()
        key = (hero.pos, k, entries, history, hero.gold, hero.hp, hero.poisoned, self.gold, self.main_a)
        if key in seen:
            raise EndlessActionError(
                f"{hero.label}'s action never ends: its chain of portal teleports comes back to where it was "
                f"after {self.teleports} teleports (ZR-10, ZR-32): the run stops here")
        seen.add(key)

    def _teleport_once(self, hero: HeroScratch, k: int, cause: str) -> None:
        hero.slide = None
        self.teleports += 1
        history = hero.history
        if not 1 <= k <= len(history):
            hero.pos = None
            self.emit(ev.Teleported, hero.label, None, None, cause)
            return
        room, local = history[-k]
        if hero.pos == (room, local):
            return              # already there: nothing moves, the cell effect is not repeated
        if not hero.alive:      # a corpse (Selection with corpses) is carried, nothing acts on it
            hero.pos = (room, local)
            self.emit(ev.Teleported, hero.label, self.world.rooms[room].label,
                                    self.global_cell((room, local)), cause)
            return
        self.emit(ev.Teleported, hero.label, self.world.rooms[room].label,
                                self.global_cell((room, local)), cause)
        if hero.pos is not None and hero.pos[0] == room:
            hero.pos = (room, local)
            self.cell_effect(hero, room, local, None)
        else:
            self.enter_cell(hero, (room, local), None)

    def set_main_a(self, room: int) -> None:
        self.main_a = room

    def move_rooms(self, moves: dict[int, tuple[int, int]], cause: str) -> None:
        """Put rooms on new slots at once; a room carries its heroes, corpses and gold (ZR-15)."""
        slots = list(self.slots)
        for room, slot in moves.items():
            slots[room] = slot
        self.slots = tuple(slots)
        self.slot_room = self.world.slot_index(self.slots)
        for room, slot in sorted(moves.items()):
            self.emit(ev.RoomMoved, self.world.rooms[room].label, slot, cause)

    def settle(self) -> None:
        """End of a resolution: a non-immune hero standing on water drowns (ZR-9).

        Only heroes this resolution touched can newly stand on water: others were settled before.
        """
        if self.planning:
            return
        water = self.world.water_cells      # only these can read as water (immunity and clearing make floor)
        for hero in self.heroes.values():
            pos = hero.pos
            if hero.alive and pos is not None and pos in water and self.code(hero, pos[0], pos[1]) == WATER:
                self.kill(hero, "water")

    # -- result -----------------------------------------------------------------------------

    def freeze(self, tick: int | None = None, spells_left: tuple[bool, ...] | None = None) -> GameState:
        heroes = self.state.heroes
        if self.heroes:
            changed = list(heroes)
            for index, hero in self.heroes.items():
                changed[index] = hero.freeze()
            heroes = tuple(changed)
        return _new_tuple(GameState, (self.state.tick if tick is None else tick, self.slots, self.gold, self.main_a,
                                      heroes, self.state.spells_left if spells_left is None else spells_left,
                                      self.cleared, self.deaths, self.lost_by, self.state.extra, self.unseen))


def _told_apart(count: int, read: int | None) -> int:
    """An entry count as far as its portal tells counts apart (ZR-27's ``entry_read``)."""
    return count if read is None else min(count, read)

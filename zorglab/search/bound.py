"""A hero nothing left can kill (FR-51): the damage bound that gives a branch up early.

A win needs every hero dead. A living hero dies only by losing HP (or by water or a toll, which
the bound treats as "it may die"). What it can still lose is bounded by

- the spells left that deal damage to each hero (Attack: ``x`` to everyone on the board), and
- the most HP the rooms can take from it on its own walk: the walk is the hero's, played alone on
  the engine's own transitions from where it stands, with every way the spells left could bend it
  tried (a Teleport or Banality on it at any casting point, a Swap of any two rooms at any casting
  point), and every way gold could lie in the rooms whose entry changes HP (a gold pickup
  pre-empts that effect) whenever the hero might be paused — at the start and after each Sleep
  left. HP gained is not counted, so the sum bounds every drop.

If some living hero holds more HP than both together, no cast sequence from this state kills it,
and the branch cannot win. Sound only where nothing else moves a hero's walk or HP: checked once
per world (``world_gate``) — no portal, no toll, one A room, no hero type reading gold, every room's
entry effect an HP change (or A's), and every spell type saying how it bears on the bound
(``SpellBehaviour.bound_role``); a spell without a role (Move, Selection, new types) turns the bound
off while it is left, and so does a mark some hero carries whose ``SearchFacts.bounded`` is false
(a tick effect dealing damage; a new mark by default), and a living hero that is not *quiet*
(FR-56, ``HeroBehaviour.quiet``: a Gunner with a shot left, a Mechanic, a Princess that pulls);
beside loud heroes that only move rooms (a Mechanic, FR-57) the walks they may interrupt are asked
with their moves at every pause (``zorglab.search.movers``).
The casts the bound gives up before they are made (the walk cut, the board cut) are in
``zorglab.search.cuts``; who an Attack can reach together, in ``zorglab.search.groups``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from zorglab.engine import cells
from zorglab.engine.marks import bounded
from zorglab.engine.rooms.base import RoomBehaviour
from zorglab.engine.state import GameState, HeroState
from zorglab.engine.turns import Place, turn_order
from zorglab.search import cuts
from zorglab.search.groups import Groups, stall_gate
from zorglab.search.lonewalk import UNBOUNDED, BoundSpent, LoneWalks
from zorglab.search.sharing import disjoint_choice, submasks

if TYPE_CHECKING:
    from zorglab.engine.world import World

CACHE_BOUND = 500_000    # per-hero answers kept before they are dropped (found again from the walks)


def world_gate(world: World) -> str | None:
    """Why the bound cannot be used in this world, or None when it can."""
    types = world.hero_types()
    for name in sorted(types):     # a hero that stirs others or pulls: the bound waits until it is quiet (FR-56)
        behaviour = world.behaviour(name)
        if behaviour.reads_gold:
            return f"hero type {name} plans by gold"
    if world.portal_caps or any(room.behaviour.history_reach(room.args) is not None for room in world.rooms):
        return "a portal moves heroes by their history"
    if world.has_code(cells.LIGHT):
        return "a toll room reads gold"
    if sum(1 for room in world.rooms if room.behaviour.is_spawn) != 1:
        return "more than one A room: the main A can change"
    for room in world.rooms:
        b = room.behaviour
        own = b.on_enter is not RoomBehaviour.on_enter
        if own and not (b.entry_changes_hp or b.is_spawn):
            return f"room {room.label}'s entry effect is not an HP change"
    return None


class DamageBound(LoneWalks):
    """The bound for one world's search; memo tables live as long as the search."""

    def __init__(self, world: World):
        super().__init__(world)
        spells = world.spells
        roles = [spell.behaviour.bound_role for spell in spells]
        self.unbounded = sum(1 << s.index for s, role in zip(spells, roles) if role is None)
        self.blind = tuple(sorted({s.type for s, role in zip(spells, roles) if role is None}))  # bound off while left
        self.damage = [(1 << s.index, max(0, s.behaviour.damage_to_each(s.args)))
                       for s, role in zip(spells, roles) if role == "damage"]
        self.pauses = [1 << s.index for s, role in zip(spells, roles) if role == "pause"]
        self.pruned = 0
        self._groups: Groups | None = None     # who Attacks reach together, once first asked (``groups``)
        self._gated = False
        self.spent = 0                      # questions left unanswered because the allowance ran out
        self._spells_left: dict[int, tuple[int, int, int]] = {}   # mask -> (damage, bends, pauses)
        self._grounds: dict[int, int] = {}          # the search's board number -> ground number
        self._ground_numbers: dict[tuple[Any, ...], int] = {}
        self._drops: dict[tuple[Any, ...], tuple[int, bool]] = {}     # walk -> (drop, exact)
        self._drops_after: dict[tuple[Any, ...], tuple[int, bool]] = {}     # walk after a board spell -> (drop, exact)
        self._heroes: dict[tuple[Any, ...], bool | list[int]] = {}
        self._after: dict[tuple[int, ...], bool | list[int]] = {}      # hero walks after a board spell now: hopeless?
        self._answers: dict[tuple[Any, ...], bool] = {}     # (ground, heroes' parts, mask) -> hopeless? (issue 41)
        self.hits = 0                       # questions the answers memo took
        self._order: tuple[GameState | None, tuple[Place, ...]] = (None, ())     # the last state's turn order
        # FR-56: the types whose heroes may not be quiet, and each such hero's answer by its part
        self._loud_types = frozenset(t for t in world.hero_types() if not world.behaviour(t).facts.walks_alone)
        self._quiet: dict[tuple[Any, ...], bool] = {}
        self._dears: dict[tuple[Any, ...], bool] = {}
        self._movers_on = False         # FR-57: the walks beside a loud mover asked (the search turns it on)
        self._dear_parts: dict[int, bool] = {}
        self._mover_types = frozenset(t for t in self._loud_types if world.behaviour(t).facts.moves_rooms_only)

    # -- the test ---------------------------------------------------------------------------

    def hopeless(self, state: GameState, mask: int, parts: tuple[int, ...]) -> bool:
        """Does some living hero hold more HP than every spell and room left can take? Or do two
        heroes each need the same single-target spell (a Teleport, a Banality) to die?
        ``parts``: the state's situation as the search numbers it (the board's, then each hero's)."""
        if mask & self.unbounded or unbounded_marks(state):
            return False
        left = self.left(mask)
        ground = self._grounds.get(parts[0])
        if ground is None:
            ground = self._grounds[parts[0]] = self._ground(state)
        key = (ground, parts[1:], mask)     # all the test reads: the ground, the heroes, the spells left
        found = self._answers.get(key)
        if found is not None:
            self.pruned += found
            self.hits += 1
            return found
        if self.full():
            for memo in self._answer_memos():      # caches of answers the lone walks give again
                memo.clear()
            if self._groups is not None:
                self._groups.clear()
        try:
            found = self._answers[key] = self._hopeless(state, mask, left, ground, parts)
        except BoundSpent:
            self.spent += 1
            return False        # no answer yet: the branch goes on (sound, only less cut)
        return found

    def _answer_memos(self) -> tuple[dict[Any, Any], ...]:
        """The memos of answers the lone walks give again: each is forgotten past ``CACHE_BOUND``."""
        return self._heroes, self._answers, self._drops, self._drops_after, self._after

    def full(self) -> bool:
        """Has one of the bound's memos, or the groups', passed its bound? :meth:`hopeless` then
        clears them all before its next question, so a long search does not grow (issue 41:
        ``_drops`` and ``_after`` were in no such test; 9 x 9 reached 723 MB at 60 CPU s)."""
        return any(len(memo) > CACHE_BOUND for memo in self._answer_memos()) \
            or self._groups is not None and self._groups.full()

    def loud(self, state: GameState) -> tuple[int, ...]:
        """The living heroes that are not quiet (FR-56, ``HeroBehaviour.quiet``): each may still
        change another hero's walk, goal or HP (a Gunner's shot, a Mechanic's shove, a Princess's
        pull). A dead hero does nothing. While one lives, the bound asks only the walks no one else
        interrupts (:meth:`_hopeless`), and its cuts and groups stand aside."""
        if not self._loud_types:
            return ()
        found = []
        for index, hero in enumerate(state.heroes):
            if hero.alive and hero.type in self._loud_types:
                key = (hero.type, hero.args, hero.extra)
                quiet = self._quiet.get(key)
                if quiet is None:
                    quiet = self._quiet[key] = self.world.behaviour(hero.type).quiet(self.world, hero.args, hero.extra)
                if not quiet:
                    found.append(index)
        return tuple(found)

    @property
    def movers_on(self) -> bool:
        """Are walks a loud mover may interrupt asked with its moves (FR-57)? Off until the
        search turns it on (``Search.bound_movers``); turned on, the answers given without them
        are forgotten (they cut less)."""
        return self._movers_on

    @movers_on.setter
    def movers_on(self, on: bool) -> None:
        if on != self._movers_on:
            self._movers_on = on
            self._answers.clear()

    def movers_of(self, state: GameState, loud: tuple[int, ...]) -> tuple[tuple[str, tuple[Any, ...]], ...]:
        """The loud heroes as (type, arguments) when every one of them only moves rooms
        (``SearchFacts.moves_rooms_only``, FR-57: a Mechanic), else (): then a walk one of them
        may interrupt is asked with their moves at each pause rather than left unasked."""
        found = []
        for index in loud:
            hero = state.heroes[index]
            if hero.type not in self._mover_types:
                return ()
            found.append((hero.type, hero.args))
        return tuple(dict.fromkeys(found))

    def _dear_part(self, hero: HeroState, part: int) -> bool:
        """:meth:`_dear` kept by the hero's part number (all a rule reads of it): its arguments hash slowly."""
        found = self._dear_parts.get(part)
        if found is None:
            if len(self._dear_parts) > CACHE_BOUND:
                self._dear_parts.clear()
            found = self._dear_parts[part] = self._dear(hero)
        return found

    def _dear(self, hero: HeroState) -> bool:
        """Is this hero's lone walk left unasked ("it may die"): a hero of a type that does not
        walk alone (FR-56: a Gunner, a Mechanic, a Princess, quiet or not) whose plans are searched
        from every state on (``PlanGraph.local``: its type plans forward, or it reads HP where
        poison it is not immune to lies), so every step of its walk is a search of its own? Such
        walks cost the mixed family more than their cuts saved (3 x 6: 2.5 -> 5.4 CPU s). Sound:
        a walk not asked cuts nothing. Worlds of walkers alone lose nothing: they had the bound."""
        key = (hero.type, hero.args, hero.extra)
        found = self._dears.get(key)
        if found is None:
            behaviour = self.world.behaviour(hero.type)
            plain = behaviour.walks_as(self.world, hero.args, hero.extra)
            name, args = plain if plain is not None else (hero.type, hero.args)
            walker = self.world.behaviour(name)
            found = self._dears[key] = not behaviour.facts.walks_alone and (walker.plans_forward or (
                walker.reads_hp and self.world.has_code(cells.POISON, self.world.immune_codes(name, args))))
        return found

    def order(self, state: GameState) -> tuple[Place, ...]:
        """The turn order of ``state`` (:func:`~zorglab.engine.turns.turn_order`, ZR-7: who may act
        before whom), kept for the last state asked: its test, its cuts and the groups read it in turn."""
        last, places = self._order
        if last is not state:
            places = tuple(turn_order(state))
            self._order = (state, places)
        return places

    @property
    def groups(self) -> Groups | None:
        """The groups' test (``zorglab.search.groups``), or None where a hero might be stuck; the
        world is looked at when first asked (a search the witness wins early never asks)."""
        if not self._gated:
            self._gated = True
            self._groups = Groups(self) if stall_gate(self.world) is None else None
        return self._groups

    @groups.setter
    def groups(self, groups: Groups | None) -> None:
        self._gated = True
        self._groups = groups
        self._answers.clear()       # answers given with other groups

    def left(self, mask: int) -> tuple[int, int, int]:
        """What the spells left read for the bound: (the HP their damage takes from each hero, the
        spells bending a walk, how often others may act between a hero's actions)."""
        left = self._spells_left.get(mask)
        if left is None:
            left = self._spells_left[mask] = (sum(x for bit, x in self.damage if mask & bit), mask & self.bending,
                                              self._pauses(mask, 0))
        return left

    def _ground(self, state: GameState) -> int:
        """The number of what a lone walk reads of the board: all the board but the gold and the
        deaths and who lost, which :meth:`walk_drop` sets aside (gold may lie anywhere while the
        hero is paused; the others are dead). Boards differing only there share their walks."""
        ground = (state.slots, state.main_a, state.cleared, state.extra)
        number = self._ground_numbers.get(ground)
        if number is None:
            number = self._ground_numbers[ground] = len(self._ground_numbers)
        return number

    def _hopeless(self, state: GameState, mask: int, left: tuple[int, int, int], ground: int,
                  parts: tuple[int, ...]) -> bool:
        spells, bends, pauses = left
        needs: list[list[int]] = []
        loud = self.loud(state)
        sleeps = any(mask & bit for bit in self.pauses) if loud else False
        movers: tuple[Any, ...] | None = None   # FR-57: the loud movers, looked up once a walk is interrupted
        for place in self.order(state):     # ZR-7: who may act before whom (the engine's own order)
            hero = place.hero
            if hero.hp > spells:
                index = place.at
                moved: tuple[Any, ...] = ()
                if loud and self._interrupted(index, loud, sleeps, pauses, place):
                    if index < loud[0] or index in loud or not self.movers_on \
                            or self._dear_part(hero, parts[index + 1]):
                        continue        # a loud hero may act while it walks: it may die (FR-56)
                    if movers is None:
                        movers = () if mask & self.board_bits else self.movers_of(state, loud)
                    if not movers:
                        continue
                    moved = movers      # ... behind loud heroes that only move rooms: their moves at each pause (FR-57)
                noisy = bool(loud)  # ... or if it is stuck: such a walk has no bound (LoneWalks.noisy)
                key: tuple[Any, ...] = (ground, parts[index + 1], bends, pauses + place.earlier, place.paused, spells,
                                        noisy)
                if moved:
                    key += (moved,)     # the walk with the movers' moves (cuts.walk_cut reads the others)
                verdict = self._heroes.get(key)
                if verdict is None:
                    self.noisy = noisy
                    self.movers = moved
                    try:
                        verdict = self._heroes[key] = self._hero_needs(state, index, ground, parts[index + 1], bends,
                                                                       hero.hp - spells, pauses + place.earlier,
                                                                       place.paused)
                    finally:
                        self.noisy = False
                        self.movers = ()
                if verdict is True:
                    self.pruned += 1
                    return True
                if verdict:
                    needs.append(verdict)
        if len(needs) > 1 and not disjoint_choice(needs, 0, 0):
            self.pruned += 1
            return True
        groups = self.groups
        # with no Attack left the groups still judge the one board spell's order (session 15)
        if groups is not None and (spells or mask & self.board_bits) and not loud \
                and groups.apart(state, mask, left, ground, parts):
            self.pruned += 1
            return True
        return False

    @staticmethod
    def _interrupted(index: int, loud: tuple[int, ...], sleeps: bool, pauses: int, place: Place) -> bool:
        """May a loud hero (``loud``: their indices, FR-56) act while hero ``index`` walks, so that
        its lone walk is no bound? A loud hero acts only as the active one: the first living hero
        in spawn order not passed over that is waiting or has a plan (ZR-7). One before it acts
        again only where this walk is paused (it wakes, or is unstuck: ``pauses``, ``place``); one
        after it only while this hero sleeps (now, or by a pause spell left: ``sleeps``) or is
        stuck, which the walk itself answers with no bound (``LoneWalks.noisy``). A loud hero's
        own walk is not asked (a Mechanic's plans over every map its shoves make are dear). Where
        every loud hero only moves rooms (FR-57) an interrupted walk is asked with their moves."""
        if index in loud:
            return True
        if loud[0] < index and (pauses + place.earlier or place.paused):
            return True
        return loud[-1] > index and (sleeps or place.passed)

    def _hero_needs(self, state: GameState, index: int, ground: int, part: int, bends: int, hp: int,
                    pauses: int, paused: bool) -> bool | list[int]:
        """True: the rooms cannot take ``hp`` from this hero whatever is cast. Else the least sets
        of single-target spells left (masks) it needs to die, or [] when it needs none of them.
        ``bends``: the spells left that bend its walk; ``pauses``: how often others may act."""
        return self._least_needs(lambda some: self.drop(state, index, ground, part, pauses, paused, hp, some),
                                 bends, hp)

    def _least_needs(self, drop: Callable[[int], int], bends: int, hp: int) -> bool | list[int]:
        """:meth:`_hero_needs` given the walk's ``drop`` with some of the spells ``bends`` left."""
        own = bends & self.walking
        if drop(bends) < hp:
            return True
        if not own:
            return []
        if drop(bends & ~own) >= hp:
            return []
        found: list[int] = []
        for sub in submasks(own):
            if any(sub & least == least for least in found):
                continue
            if drop((bends & ~own) | sub) >= hp:
                found.append(sub)
        return found

    def _pauses(self, mask: int, earlier: int) -> int:
        """How often others may act between two of a hero's actions (gold moves, rooms are swapped):
        another hero acts before it only when one before it in spawn order wakes (a sleeper now,
        or one a Sleep left makes — or it sleeps itself) or is unstuck by a board spell left."""
        rearrange = sum(1 for spell in self.board_spells if mask >> spell.index & 1)
        return sum(1 for bit in self.pauses if mask & bit) + earlier + rearrange

    def spell_damage(self, mask: int) -> list[tuple[int, int]]:
        """(spell index, HP it can take from each hero) of every damage spell left in ``mask``."""
        return [(bit.bit_length() - 1, x) for bit, x in self.damage if mask & bit]

    def figures(self, state: GameState, mask: int) -> list[tuple[int, int, int, int]]:
        """The figures :meth:`hopeless` compares, for each living hero: (index, HP, the most the
        damage spells left can take from it, the most the rooms of its own walk can take, bent
        every way the spells left allow). The walk's figure is exact when below what the hero
        would still need to lose; else it is at least that (the bound then says "it may die")."""
        if self.aside(state, mask):
            return []
        spells = sum(x for _, x in self.spell_damage(mask))
        found = []
        for place in self.order(state):
            need = max(0, place.hero.hp - spells)
            walk = self.walk_drop(state, place.at, mask & self.bending, self._pauses(mask, place.earlier), need,
                                  place.paused) if need else 0
            found.append((place.at, place.hero.hp, spells, walk))
        return found

    def drop(self, state: GameState, index: int, ground: int, part: int, pauses: int, paused: bool, need: int,
              bends: int) -> int:
        """The most HP hero ``index``'s lone walk can take with the spells ``bends`` (exactly when
        below ``need``, else at least ``need``), memoised by the search's part numbers."""
        if self._dear(state.heroes[index]):
            return UNBOUNDED
        key = (ground, part, bends, pauses, int(paused), int(self.noisy), self.movers)
        found = self._drops.get(key)
        if found is not None and (found[1] or found[0] >= need):
            return found[0]         # exact, or already known to reach this need
        drop = self.walk_drop(state, index, bends, pauses, need, paused)
        self._drops[key] = (drop, drop < need)      # below the need asked: exact (every way followed)
        return drop

    def known_need(self, hp: int, ground: int, part: int, bends: int, pauses: int, paused: bool) -> int:
        """The least Attack damage a hero of ``hp`` still needs whatever walk spells it gets, as far
        as the memo of :meth:`drop` knows it (no new walk): ``hp`` less its walk's drop with every
        spell in ``bends``, where that drop is known exactly; else 0 (it may need none)."""
        found = self._drops.get((ground, part, bends, pauses, int(paused), int(self.noisy), self.movers))
        return max(0, hp - found[0]) if found is not None and found[1] else 0

    # -- the casts given up before they are made (zorglab.search.cuts) -----------------------------

    def aside(self, state: GameState, mask: int) -> bool:
        """Does the bound stand aside in ``state`` with the spells ``mask`` left: a spell left
        without a role, a mark it cannot follow (:func:`unbounded_marks`), or a loud hero (FR-56)?"""
        return bool(mask & self.unbounded) or unbounded_marks(state) or bool(self.loud(state))

    def walk_cut(self, state: GameState, mask: int, parts: tuple[int, ...]) -> dict[int, int]:
        """The walk spells left that one hero cannot do without (spell index -> that hero):
        :func:`zorglab.search.cuts.walk_cut`."""
        return cuts.walk_cut(self, state, mask, parts)

    def board_cut(self, state: GameState, mask: int, parts: tuple[int, ...], active: int | None) -> int:
        """The board spells left whose every cast now leaves some hero nothing left can kill (a mask):
        :func:`zorglab.search.cuts.board_cut`."""
        return cuts.board_cut(self, state, mask, parts, active)

    def drop_after(self, state: GameState, index: int, ground: int, part: int, spell: Any, moves: dict[int, Any],
                   number: int, pauses: int, paused: bool, need: int, bends: int) -> int:
        """The most HP hero ``index`` can lose to rooms walking on alone once ``spell`` made ``moves``:
        :func:`zorglab.search.cuts.drop_after`."""
        return cuts.drop_after(self, state, index, ground, part, spell, moves, number, pauses, paused, need, bends)


def unbounded_marks(state: GameState) -> bool:
    """Does some hero carry a mark whose hooks the bound cannot follow (``SearchFacts.bounded``
    false: it may deal damage or pause a hero on its own, a tick effect)? The bound then stands aside."""
    for hero in state.heroes:
        if hero.marks and not bounded(hero.marks):
            return True
    return False

"""A hero's lone walk (FR-51): the most HP the rooms can take from one hero walking alone, the
damage bound's measure (``zorglab.search.bound``).

The walk is the hero's, played alone on the engine's own transitions from where it stands (the
others dead, no gold, its HP huge), with every way the spells left could bend it tried (a
Teleport or Banality on it at any casting point, any rearrangement a board spell could make while
others act), and every way gold could lie in the rooms whose entry changes HP whenever the hero
might be paused. Lone states are memoised for the whole search; a loop back to a state being
walked, or a walk too deep to follow, has no bound (``UNBOUNDED``: it may die).

Lone states that no rule the walk follows can tell apart are filed as one (issue 41, ``merge``):
a paused walk's gold (it lays every layout over the HP-changing rooms before going on, and a
rearrangement reads no gold) and the gold the hero carries (no toll, portal or gold-reading type
where the bound applies; a plan's state would keep it and explore its graph again per ledger).

Beside loud heroes that only move rooms (:attr:`LoneWalks.movers`, FR-57: a Mechanic) a walk goes
on at each pause from every arrangement their moves reach (``zorglab.search.movers``). Such walks
are asked only with no board spell left, so they never reach :meth:`LoneWalks._after_board`: the
walks a parallel proof deals out by board (``zorglab.search.dealt``) never carry movers.
"""

from __future__ import annotations

import sys
from itertools import combinations
from math import comb
from typing import TYPE_CHECKING, Any

from zorglab.core.budget import stop_if_machine_spent
from zorglab.engine.marks import without_pauses
from zorglab.engine.resolve import Resolution
from zorglab.engine.roommoves import apply_moves
from zorglab.engine.state import GameState, HeroState
from zorglab.engine.turns import act, next_action
from zorglab.errors import CastError
from zorglab.search.casts import CastBook, legal_casts
from zorglab.search.movers import MoverBoards

if TYPE_CHECKING:
    from zorglab.engine.world import World

BIG = 1 << 40            # the lone hero's HP: it never dies of damage while its walk is measured
UNBOUNDED = 1 << 50      # no bound: it may die (water, a toll), loop, or the walk is too long to follow
MAX_CONFIGS = 4096       # gold arrangements a paused walk follows; past it the walk gives no bound


def gold_configs(rooms: int, lumps: int, cap: int = MAX_CONFIGS) -> list[tuple[int, ...]] | None:
    """Every way at most ``lumps`` of ``rooms`` HP-changing rooms can hold gold, in the order
    ``itertools.product((0, 1), repeat=rooms)`` lists them; None when there are more than ``cap``
    (254 damage rooms would be 2^254: the bound then gives up on such walks rather than list them).

    >>> gold_configs(3, 1)
    [(0, 0, 0), (0, 0, 1), (0, 1, 0), (1, 0, 0)]
    >>> gold_configs(254, 254) is None
    True
    """
    if sum(comb(rooms, k) for k in range(min(lumps, rooms) + 1)) > cap:
        return None
    return sorted(tuple(1 if room in holding else 0 for room in range(rooms))
                  for k in range(min(lumps, rooms) + 1) for holding in combinations(range(rooms), k))


MAX_DEPTH = 150          # steps followed on one lone walk before giving up (UNBOUNDED); ~4 frames each
STACK_NEEDED = 4_000      # frames: a lone walk's MAX_DEPTH steps and the caller's, with room to spare
SOLO_BUDGET = 200_000    # lone states filed (about 60 MB) before the memo is forgotten (a journal: no new walks)


class BoundSpent(Exception):
    """The bound's work allowance ran out in the middle of a walk: no answer this time (the walks
    it finished stay in the memo, the unfinished path is forgotten), so asked again once the search
    has earned more allowance, it goes on where it was."""


class LoneWalks:
    """Lone walks on one world, memoised; ``work`` counts the lone states computed (the search
    charges it to its budget through ``allowance``: past it a walk raises :class:`BoundSpent`)."""

    def __init__(self, world: World):
        self.world = world
        # a lone walk recurses about four frames a step, MAX_DEPTH steps deep, under the search
        if sys.getrecursionlimit() < STACK_NEEDED:
            sys.setrecursionlimit(STACK_NEEDED)
        spells = world.spells
        roles = [spell.behaviour.bound_role for spell in spells]
        self.bending = sum(1 << s.index for s, role in zip(spells, roles) if role in ("walk", "board"))
        self.walking = sum(1 << s.index for s, role in zip(spells, roles) if role == "walk")
        self.board_spells = [s for s, role in zip(spells, roles) if role == "board"]
        self.board_bits = sum(1 << s.index for s in self.board_spells)
        self.hp_rooms = [room.index for room in world.rooms if room.behaviour.entry_changes_hp]
        # Gold moves in lumps: a pickup takes a room's all, a death leaves the carrier's all in one
        # room (no toll splits it here), so no more rooms hold gold than held it at the start.
        lumps = sum(1 for room in world.rooms if room.behaviour.initial_gold(room.args) > 0)
        self.configs = gold_configs(len(self.hp_rooms), lumps)
        self.history_spells = [s.index for s in spells if s.behaviour.history_reach(s.args) is not None]
        self.reach = world.history_reach
        self.work = 0                       # lone states computed: the bound's work, counted by the search
        self.allowance: int | None = None   # ``work`` may not pass it (None: no limit); see Search
        # plan graphs the world may hold before a walk stops as ``allowance`` stops it (None: no limit):
        # the static check's, whose first walks on each board a Swap makes would each explore one (issue 41)
        self.plans_allowed: int | None = None
        self._profiles: dict[tuple[Any, ...], tuple[Any, ...]] = {}
        self._moves_by_slots: dict[tuple[Any, ...], list[dict[int, Any]]] = {}
        self._solo: dict[tuple[Any, ...], tuple[int, bool]] = {}   # lone state -> (value, exact)
        self.forgotten_walks = 0            # times that memo was forgotten (``forget_walks``)
        self._dead: HeroState | None = None
        # FR-56: a hero that is not quiet lives besides the walker; asked only of walks no one
        # interrupts, so it acts only if the walker is stuck (then anything goes: no bound)
        self.noisy = False
        # FR-57: the loud heroes (type, arguments) whose actions only move rooms (a Mechanic's
        # shoves) and that may act while the walker is paused: at each pause every arrangement
        # their moves can reach is tried; () where none may (the walk as before)
        self.movers: tuple[tuple[str, tuple[Any, ...]], ...] = ()
        self.boards = MoverBoards(world)     # the arrangements they reach, by board
        self._aware: dict[str, bool] = {}
        self._left_reads: dict[tuple[bool, ...], tuple[bool, bool]] = {}
        self._golds: dict[tuple[int, ...], list[tuple[int, ...]]] = {}     # room gold -> with each config
        self._bares: dict[tuple[int, ...], tuple[int, ...]] = {}     # room gold -> none in the HP-changing rooms
        self._bare_lefts: dict[tuple[int, int, int], tuple[tuple[bool, ...], tuple[int, ...]]] = {}   # alone()'s
        self._book = CastBook()         # the casts on a lone hero, built once
        # issue 41: lone states that read alike filed as one (a paused walk's gold, what the hero
        # carries); False walks them apart, as before (the property tests' reference)
        self.merge = True

    # -- one hero alone ---------------------------------------------------------------------

    def walk_drop(self, state: GameState, index: int, bends: int, pauses: int, need: int = UNBOUNDED,
                  paused: bool = True) -> int:
        """The most HP hero ``index`` can lose to rooms from here, walking alone, the spells in
        ``bends`` bending its walk, others acting before it goes on (``paused``) and up to
        ``pauses`` times while it walks — or, once some walk reaches ``need``, at least ``need``
        (the answer is then only that it can)."""
        if len(self._solo) > SOLO_BUDGET and not self.forget_walks():
            return UNBOUNDED
        solo = self.alone(state, index, bends)
        try:
            return self._value(solo, index, pauses, paused, 0, need)
        except RecursionError:      # a walk deeper than the interpreter's stack: no bound, no crash
            return UNBOUNDED

    def forget_walks(self) -> bool:
        """Forget the lone-state memo past :data:`SOLO_BUDGET` states, before a new walk (issue 41,
        session 15: before, every later walk answered "no bound"). Sound: no walk is under way, and
        its answers are walked again. A journal (``search.dealt``) is kept: False, no new walk."""
        if type(self._solo) is not dict and not getattr(self._solo, "forgets", False):   # (search.memoshare's may)
            return False
        self._solo.clear()
        self.forgotten_walks += 1
        return True

    def alone(self, state: GameState, index: int, bends: int) -> GameState:
        """Hero ``index`` alone on this board (the others dead, no gold, its HP huge), the spells
        ``bends`` left: where its lone walks start."""
        if self._dead is None:
            self._dead = HeroState(self.world.heroes[0].type, (), 0, None, False)
        hero = state.heroes[index]
        plain = self.world.behaviour(hero.type).walks_as(self.world, hero.args, hero.extra)
        if plain is not None:       # FR-56: plans step for step as this plain type (a spent Gunner as an Elf)
            hero = hero._replace(type=plain[0], args=plain[1], extra=())
        dead = (self._dead,)
        heroes = dead * index + (hero._replace(hp=BIG, marks=without_pauses(hero.marks), gold=(), died_at=None),) \
            + dead * (len(state.heroes) - index - 1)
        key = (bends, len(state.spells_left), len(state.gold))
        found = self._bare_lefts.get(key)
        if found is None:
            found = self._bare_lefts[key] = (tuple(bool(bends >> i & 1) for i in range(key[1])), (0,) * key[2])
        return state._replace(heroes=heroes, spells_left=found[0], gold=found[1], deaths=(), lost_by=None, unseen=())

    def _profile(self, hero: HeroState) -> tuple[Any, ...]:
        """What the walk reads of the hero's type and arguments: its planning profile (a Warrior
        made by Banality carries its HP as an argument, which no walk reads)."""
        key = (hero.type, hero.args)
        found = self._profiles.get(key)
        if found is None:
            found = self._profiles[key] = self.world.behaviour(hero.type).profile(hero.args)
        return found

    def _hp_aware(self, hero: HeroState) -> bool:
        found = self._aware.get(hero.type)
        if found is None:
            found = self._aware[hero.type] = self.world.behaviour(hero.type).reads_hp and bool(self.hp_rooms)
        return found

    def _reads(self, left: tuple[bool, ...]) -> tuple[bool, bool]:
        """What the spells ``left`` make a walk read: (the hero's history, others' pauses with a
        board spell left), looked up once per set of spells left."""
        found = self._left_reads.get(left)
        if found is None:
            found = self._left_reads[left] = (any(left[j] for j in self.history_spells),
                                              any(left[spell.index] for spell in self.board_spells))
        return found

    def _value(self, s: GameState, i: int, pauses: int, paused: bool, depth: int, need: int) -> int:
        """The most the walk can still take, exactly when below ``need``, else some value >= need
        (the memo keeps which: an exact value, or a lower bound that a larger need looks past).
        ``paused``: others act before the hero goes on, so gold may lie anywhere and any rooms
        may be swapped first."""
        if need <= 0:
            return 0
        hero = s.heroes[i]
        # the per-type and per-spells-left answers looked up inline: most calls are memo hits
        aware = self._aware.get(hero.type)
        if aware is None:
            aware = self._hp_aware(hero)
        left = s.spells_left
        reads = self._left_reads.get(left)
        history, boards = reads if reads is not None else self._reads(left)
        if not aware:
            if any(s.gold):
                s = s._replace(gold=(0,) * len(s.gold), unseen=())    # gold only spares a walk that reads no HP
            if not boards and not self.movers:
                pauses, paused = 0, False       # others acting change nothing it reads
        elif paused and self.merge and self.configs is not None and any(s.gold[room] for room in self.hp_rooms):
            # paused, the walk lays each config over the HP-changing rooms before it goes on, and a
            # rearrangement reads no gold: whatever lies there now is never read (issue 41)
            s = s._replace(gold=self._bare(s.gold), unseen=())
        # the board as the walk reads it (the bound's ground: slots, main A, cells cleared, the
        # world's own state) -- a walk on a board whose room a Gunner's shot or a Shell cleared
        # takes less than on the board before; marks: a type's own state may change what rooms take
        profile = self._profiles.get((hero.type, hero.args))
        if profile is None:
            profile = self._profile(hero)
        key = (s.slots, s.main_a, s.cleared, s.extra, s.gold if aware else (), profile, hero.pos,
               hero.poisoned, hero.extra, hero.marks, hero.history[-self.reach:] if history else (), left, pauses,
               paused, self.noisy, self.movers)
        found = self._solo.get(key)
        if found is not None and (found[1] or found[0] >= need):
            return found[0]
        if depth > MAX_DEPTH:
            return UNBOUNDED
        if self.allowance is not None and (self.work >= self.allowance or self.plans_allowed is not None
                                           and len(self.world.planner.graphs) > self.plans_allowed):
            raise BoundSpent
        self.work += 1
        if not self.work & 1023:    # the search's safety stop looked at inside long questions (session 15)
            stop_if_machine_spent()
        self._solo[key] = (UNBOUNDED, True)         # a loop back here: no bound
        try:
            if s.lost:
                best = 0
            elif paused:
                best = self._paused(s, i, pauses, aware, depth, need)
            else:
                best = self._moves(s, i, pauses, aware, depth, need)
        except BaseException:       # Ctrl-C: leave no "no bound" mark behind, resuming stays alike
            del self._solo[key]
            raise
        self._solo[key] = (best, best < need)       # below need: every way was followed
        return best

    def _paused(self, s: GameState, i: int, pauses: int, aware: bool, depth: int, need: int) -> int:
        """Others act: any rooms may be swapped (each board spell once) or moved by the loud
        heroes beside it (:attr:`movers`, FR-57), then the hero goes on with gold lying anywhere an
        entry changes HP (if its plan reads HP)."""
        if aware and self.configs is None:
            return UNBOUNDED        # too many ways gold could lie to follow each: no bound (sound)
        if not self.movers:
            return self._resume(s, i, pauses, aware, depth, need)
        arrangements = self.moved(s.slots)
        if arrangements is None:
            return UNBOUNDED        # the movers reach too many arrangements to follow: no bound (sound)
        if not self._reads(s.spells_left)[1]:     # no board spell left: alike boards walked once
            hero = s.heroes[i]
            arrangements = self.boards.folded(arrangements, None if hero.pos is None else hero.pos[0])
        best = 0
        for slots in arrangements:
            best = max(best, self._resume(s if slots is s.slots else s._replace(slots=slots), i, pauses, aware,
                                          depth, need))
            if best >= need:
                break
        return best

    def moved(self, slots: tuple[Any, ...]) -> list[tuple[Any, ...]] | None:
        """Every arrangement the :attr:`movers` can make from ``slots`` (``zorglab.search.movers``)."""
        return self.boards.reached(self.movers, slots)

    def _resume(self, s: GameState, i: int, pauses: int, aware: bool, depth: int, need: int) -> int:
        """The rest of a pause on this board: any rooms may be swapped (each board spell once),
        then the hero goes on with gold lying anywhere an entry changes HP (if its plan reads HP)."""
        best = 0
        if aware and self.configs is not None:
            for gold in self._gold_configs(s.gold):
                # every lump seen: unseen gold (ZR-29) leaves the plan as without it and only spares
                # the entry it is picked up on, so the config without it bounds that walk
                best = max(best, self._value(s._replace(gold=gold, unseen=()), i, pauses, False, depth + 1, need))
                if best >= need:
                    return best
        else:
            best = self._value(s, i, pauses, False, depth + 1, need)
        return max(best, self._rearranged(s, i, pauses, depth, need, best))

    def _bare(self, gold: tuple[int, ...]) -> tuple[int, ...]:
        """The rooms' gold with none in the HP-changing rooms: a paused walk's gold as it reads it."""
        found = self._bares.get(gold)
        if found is None:
            laid = list(gold)
            for room in self.hp_rooms:
                laid[room] = 0
            found = self._bares[gold] = tuple(laid)
        return found

    def _gold_configs(self, gold: tuple[int, ...]) -> list[tuple[int, ...]]:
        """The rooms' gold with each of :attr:`configs` laid over the HP-changing rooms."""
        found = self._golds.get(gold)
        if found is None:
            assert self.configs is not None
            found = []
            for config in self.configs:
                laid = list(gold)
                for room, has in zip(self.hp_rooms, config):
                    laid[room] = has
                found.append(tuple(laid))
            self._golds[gold] = found
        return found

    def _moves(self, s: GameState, i: int, pauses: int, aware: bool, depth: int, need: int) -> int:
        """The hero is the active one: it acts, or a spell is cast on it, or it is paused."""
        world = self.world
        hp = s.heroes[i].hp
        best = 0
        found = next_action(world, s)
        if found is not None:
            nxt, _ = act(world, s, found, record=False)
            best = self._then(nxt, i, hp, pauses, False, depth, need)
        elif s.heroes[i].pos is not None:
            # stuck: others act meanwhile, over and over; under an HP-reading plan gold may move
            if self.noisy:
                return UNBOUNDED
            if not aware:
                return self._rearranged(s, i, pauses, depth, need, 0)
            if not self._always_plans(s.heroes[i]):
                return UNBOUNDED
            return self._stuck(s, i, hp, pauses, depth, need)
        if pauses and best < need and (aware or self.movers or self._board_left(s)):
            best = max(best, self._value(s, i, pauses - 1, True, depth + 1, need))    # others act a while
        if best < need and any(s.spells_left) and s.heroes[i].pos is not None:
            # every spell on it as the active hero (the engine's own casts: Swap with its room)
            for _, nxt, _ in legal_casts(world, s, active=i, book=self._book):
                best = max(best, self._then(nxt, i, hp, pauses, False, depth, need))
                if best >= need:
                    break
        return best

    def _always_plans(self, hero: HeroState) -> bool:
        """Does the hero's type have a plan wherever Z can be reached (``SearchFacts.always_plans``)?"""
        return self.world.behaviour(hero.type).facts.always_plans

    def _stuck(self, s: GameState, i: int, hp: int, pauses: int, depth: int, need: int) -> int:
        """A stuck hero whose plan reads HP but whose type always plans (issue 41): it is stuck
        only where Z cannot be reached, which no gold and no HP changes where the bound applies (no
        toll, no type planning by gold), so it stays put, taking nothing, until a board spell left
        changes the board (then it walks on, paused: every gold layout) or a spell is cast on it
        (a Banality: it walks on as another type; every cast on it as if it were the active hero,
        a superset). A Move cast on a board in pieces leaves Elves stuck with a Swap left: their
        walks had no bound, and the bound stood aside for every Elf there."""
        best = self._rearranged(s, i, pauses, depth, need, 0)
        if best < need and any(s.spells_left):
            for _, nxt, _ in legal_casts(self.world, s, active=i, book=self._book):
                best = max(best, self._then(nxt, i, hp, pauses, False, depth, need))
                if best >= need:
                    break
        return best

    def _board_left(self, s: GameState) -> bool:
        return self._reads(s.spells_left)[1]

    def _rearranged(self, s: GameState, i: int, pauses: int, depth: int, need: int, best: int) -> int:
        """Every rearrangement a board spell left could make while others act, whoever stands
        where (a superset); still paused after it."""
        hp = s.heroes[i].hp
        for spell in self.board_spells:
            if not s.spells_left[spell.index] or best >= need:
                continue
            left = list(s.spells_left)
            left[spell.index] = False
            kept = tuple(left)
            for moves in self.legal_moves(s, spell):
                res = Resolution(self.world, s, tick=s.tick, record=False)
                apply_moves(res, moves, spell.type)
                res.settle()
                best = max(best, self._after_board(res.freeze(spells_left=kept), i, hp, pauses, True, depth, need))
                if best >= need:
                    break
        return best

    def legal_moves(self, s: GameState, spell: Any) -> list[dict[int, Any]]:
        """The spell's relaxed moves the border rules allow from these slots (they depend on the
        slots alone, FR-38), found once per arrangement."""
        key = (s.slots, spell.type, spell.args)
        found = self._moves_by_slots.get(key)
        if found is None:
            found = []
            for moves in spell.behaviour.relaxed_moves(s.slots):
                try:
                    apply_moves(Resolution(self.world, s, tick=s.tick, record=False), moves, spell.type)
                except CastError:
                    continue
                found.append(moves)
            self._moves_by_slots[key] = found
        return found

    def _after_board(self, nxt: GameState, i: int, hp: int, pauses: int, paused: bool, depth: int, need: int) -> int:
        """:meth:`_then` on a board a board spell just made: the walks a parallel proof deals out
        by board (``zorglab.search.dealt``) go through here."""
        return self._then(nxt, i, hp, pauses, paused, depth, need)

    def _then(self, nxt: GameState, i: int, hp: int, pauses: int, paused: bool, depth: int, need: int) -> int:
        after = nxt.heroes[i]
        if not after.alive:
            return UNBOUNDED        # it died by no HP loss (water, a toll): it can die
        if after.gold and self.merge:
            # what it picked up: no rule the bound allows reads carried gold (no toll, no portal, no
            # type planning by gold; it never dies of HP here to drop it), but a plan's state keeps
            # it, so carrying it would explore every plan graph again per ledger (issue 41)
            heroes = list(nxt.heroes)
            heroes[i] = after._replace(gold=())
            nxt = nxt._replace(heroes=tuple(heroes))
        step = max(0, hp - after.hp)
        return step + self._value(nxt, i, pauses, paused, depth + 1, need - step)

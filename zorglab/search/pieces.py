"""The groups on a board in pieces (issue 41): who an Attack can reach together once a Move has
set a room apart.

On a connected board the groups (``zorglab.search.groups``) rest on heroes coming one by one: a
hero spawns only once every hero before it is dead or asleep. A Move can leave the rooms' slots in
pieces; a hero in a piece without a Z room has no plan (it is *stuck*: every type here plans
wherever Z can be reached, ``groups.stall_gate``) and the next hero spawns while it lives (ZR-7).
Once no spell left moves a room to an empty slot, the pieces (as sets of slots) stay as they are;
only a board spell that trades rooms (a Swap) changes which rooms, the Z room and the A room
among them, stand in which piece. So, with no Teleport left (it could carry a hero into a piece
apart), no pause spell left and at most one board spell left:

- a hero on the board in the piece with Z, or waiting while A is there, is never stuck until the
  board spell is cast (a *walker*): the walkers come one by one as on a connected board;
- any other living hero is stuck (or spawns stuck) until then: on the board with every group,
  taken as a sleeper (hit by every Attack).

The one board spell is credited to one point in time, as ``Groups._one_board_spell`` does on a
connected board, and every way is tried: never cast (or cast once every walker is dead: the
stuck heroes walk through it); cast while the walkers on the board now walk (they walk through
it, and as they may be stuck on the board it makes, they are with every later group); cast while
later walker ``k`` walks (those before it died without it, it walks through it and is with every
later group). The walkers after the cast spawn on the board it made (each of its arrangements):
one by one, or all stuck together (sleepers) when that board sets A apart from Z. If no way
leaves a sharing-out of the Attacks and walk spells (``sharing.feasible``) that kills every hero,
the branch is given up. Property-tested against brute force (``tests/search/test_pieces.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from zorglab.engine.state import GameState
from zorglab.search.sharing import Needs

if TYPE_CHECKING:
    from zorglab.search.groups import Groups

Slot = tuple[int, int]


def z_piece(slots: tuple[Slot, ...], z_rooms: frozenset[int]) -> frozenset[Slot]:
    """The slots connected (side by side) to a Z room's slot: where a hero has a plan.

    >>> sorted(z_piece(((0, 0), (1, 0), (3, 0)), frozenset({1})))
    [(0, 0), (1, 0)]
    """
    return frozenset(slots_reached(slots, [slots[room] for room in z_rooms]))


def slots_reached(slots: tuple[Slot, ...], starts: list[Slot]) -> set[Slot]:
    """The slots connected (side by side, through the rooms' slots) to one of ``starts``.

    >>> sorted(slots_reached(((0, 0), (1, 0), (3, 0)), [(3, 0)]))
    [(3, 0)]
    """
    taken = set(slots)
    todo = list(starts)
    reached = set(todo)
    while todo:
        col, row = todo.pop()
        for slot in ((col + 1, row), (col - 1, row), (col, row + 1), (col, row - 1)):
            if slot in taken and slot not in reached:
                reached.add(slot)
                todo.append(slot)
    return reached


class PieceGroups:
    """The pieces' test for one world's groups (which own it and its memos' bound)."""

    def __init__(self, groups: Groups):
        self.groups = groups
        bound = groups.bound
        world = bound.world
        self.z_rooms = world.z_rooms
        # a Teleport left may carry a hero to a visit in a piece apart (n: how far back); a pull changes targets
        self.reaches = [(1 << s.index, s.behaviour.history_reach(s.args) or 0) for s in world.spells
                        if s.index in bound.history_spells]
        self.usable = not world.has_weights and all(s.behaviour.facts.keeps_slots for s in bound.board_spells)
        self.pruned = 0
        self._reach: dict[tuple[Slot, ...], frozenset[Slot]] = {}
        self._answers: dict[Any, bool] = {}

    def clear(self) -> None:
        self._answers.clear()

    def size(self) -> int:
        return len(self._answers)

    def reach(self, slots: tuple[Slot, ...]) -> frozenset[Slot]:
        found = self._reach.get(slots)
        if found is None:
            if len(self._reach) > 100_000:
                self._reach.clear()
            found = self._reach[slots] = z_piece(slots, self.z_rooms)
        return found

    def apart(self, state: GameState, mask: int, left: tuple[int, int, int], ground: int,
              parts: tuple[int, ...], attacks: tuple[int, ...], own: int) -> bool:
        """Does every way of crediting the one board spell left (or none) leave no sharing-out of
        the spells ``mask`` left that kills every hero? ``left``, ``ground``, ``parts``: as
        ``DamageBound._hopeless`` has them."""
        found = self._apart(state, mask, left, ground, parts, attacks, own)
        self.pruned += found
        return found

    def _apart(self, state: GameState, mask: int, left: tuple[int, int, int], ground: int,
               parts: tuple[int, ...], attacks: tuple[int, ...], own: int) -> bool:
        groups = self.groups
        bound = groups.bound
        if not self.usable or any(mask & bit for bit in bound.pauses):
            return False
        boards = [spell for spell in bound.board_spells if mask >> spell.index & 1]
        if len(boards) > 1:
            return False
        _, bends, pauses = left
        # a walker's walk that never sees the board spell is paused only by sleepers before it a
        # spell left may stir (none unstuck: no board spell cast meanwhile): the pauses without it,
        # as the board cut asks the walks after it (their memo shared)
        rest = bound.left(mask & ~bound.board_bits)[2]
        reach = self.reach(state.slots)
        spawn_stuck = state.slots[state.main_a] not in reach
        back = max((n for bit, n in self.reaches if mask & bit), default=0)     # a Teleport's reach left
        spell = boards[0] if boards else None
        without = bends & ~(1 << spell.index) if spell is not None else bends
        stuck_with: list[Needs] = []        # asleep or stuck: with every group
        stuck_without: list[Needs] = []
        walkers: list[int] = []
        with_: list[Needs] = []
        without_: list[Needs] = []
        pause_of: list[tuple[int, bool]] = []
        first = 0
        first_living: int | None = None
        for place in bound.order(state):
            index, paused, hero = place.at, place.paused, place.hero
            if first_living is None:
                first_living = index
            part = parts[index + 1]
            w = groups.needs(state, index, ground, part, bends, pauses + place.earlier, paused)
            n = w if spell is None else groups.needs(state, index, ground, part, without, rest + place.earlier,
                                                     paused)
            if hero.pos is None:    # (one sent back to wait by a Teleport may carry visits apart)
                stuck = spawn_stuck or bool(back) and bool(hero.history)
            else:       # stuck now, or a Teleport left may carry it to a visit apart (or to wait for A apart)
                stuck = state.slots[hero.pos[0]] not in reach or bool(back) and (
                    any(state.slots[room] not in reach for room, _ in hero.history[-back:])
                    or spawn_stuck and len(hero.history) < back)
            if place.passed or stuck:
                stuck_with.append(w)
                stuck_without.append(n)
                continue
            walkers.append(index)
            with_.append(w)
            without_.append(n)
            pause_of.append((rest + place.earlier, paused))
            if hero.pos is not None:
                first = len(walkers)
        if first_living is None:
            return False
        first = max(first, 1)
        sets = groups.walk_sets(without & bound.walking)
        total = sum(attacks)
        if spell is None:       # the board stays as it is: the stuck stay stuck
            return not self._able(stuck_without, without_, first, attacks, sets, total)
        # never cast, or cast once every walker is dead (the stuck ones may walk through it): asked
        # first, as it needs no walk on the boards the spell makes
        if self._able(stuck_with, without_, first, attacks, sets, total):
            return False
        later = tuple((walkers[k], parts[walkers[k] + 1], pause_of[k]) for k in range(first, len(walkers)))
        key = (ground, spell.index, without, later, tuple(stuck_with), tuple(with_), tuple(without_), first, attacks,
               own)
        found = self._answers.get(key)
        if found is None:
            found = self._answers[key] = not self._possible(state, ground, spell, without, first_living, later,
                                                            stuck_with, with_, without_, first, attacks, sets, total)
        return found

    def _possible(self, state: GameState, ground: int, spell: Any, without: int, first_living: int,
                  later: tuple[tuple[int, int, tuple[int, bool]], ...], stuck_with: list[Needs], with_: list[Needs],
                  without_: list[Needs], first: int, attacks: tuple[int, ...], sets: tuple[int, ...],
                  total: int) -> bool:
        """Is some way of crediting the board spell to a point while a walker walks left with a
        sharing-out that kills every hero? The ``later`` walkers (index, part, pauses) spawn on the
        board it makes: each arrangement is walked only once the ones before it left no way, so a
        branch kept costs the walks up to its first way (issue 41: the walks on every board a Swap
        makes were most of this test's work)."""
        # each walker that spawns after the cast walks one board it made from its first step, where
        # its walk with the spell left could too: its needs there are no less than those. A way
        # that fails with those fails on every board, and is not tried again (no walk at all when
        # every way fails so: session 15, the walks on each board were most of this test's work)
        ways = [k for k in range(first - 1, len(with_))
                if self._able(stuck_with + ([with_[k]] if k >= first else with_[:first]) + with_[k + 1:],
                              without_[:k] if k >= first else [], first, attacks, sets, total)]
        if not ways:
            return False
        groups = self.groups
        bound = groups.bound
        alone = bound.alone(state, first_living, without)
        tried: set[tuple[bool, tuple[Needs, ...]]] = set()
        for number, moves in enumerate(bound.legal_moves(alone, spell)):
            slots = tuple(moves.get(room, slot) for room, slot in enumerate(state.slots))
            apart = slots[state.main_a] not in self.reach(slots)
            after = tuple(groups.needs_after(state, index, ground, part, without, *pause, spell, moves, number)
                          for index, part, pause in later)
            if (apart, after) in tried:
                continue
            tried.add((apart, after))
            for k in ways:
                # k = first - 1: cast while the walkers on the board now walk (they may be stuck on
                # the board it makes, so they are with every later group); else while later
                # walker k walks (those before it died without it, it is with every later group)
                walking, before, group = ([with_[k]], without_[:k], first) if k >= first else (with_[:first], [], 1)
                rest = list(after[k - first + 1:])
                if apart:       # the later walkers spawn stuck beside the others
                    if self._able(stuck_with + walking + rest, before, group, attacks, sets, total):
                        return True
                elif self._able(stuck_with + walking, before + rest, group, attacks, sets, total):
                    return True
        return False

    def _able(self, sleepers: list[Needs], awake: list[Needs], first: int, attacks: tuple[int, ...],
              sets: tuple[int, ...], total: int) -> bool:
        """:meth:`Groups.shared_out` (the first ``first`` awake heroes one group, each later one alone,
        the sleepers with every group), memoised by the groups; no awake hero is one that needs nothing."""
        if any(min(needs) > total for needs in awake) or any(min(needs) > total for needs in sleepers):
            return False
        if not awake:
            awake = [(0,) * len(sets)]
        first = min(first, len(awake))
        return self.groups.shared_out(sleepers, awake, first, attacks, sets)

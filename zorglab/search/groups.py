"""Who an Attack can reach together (FR-51, issue 27): the damage bound's groups.

The damage bound (``zorglab.search.bound``) lets every Attack left hit every hero. But an Attack
hits only the living heroes *on the board* when it is cast, and heroes come onto the board one
after another: a hero spawns only when every living hero before it in spawn order is passed over
(a sleeper) or stuck (ZR-7, ``engine.turns.turn_order``). Where nobody can ever be stuck (``stall_gate``, and
the state's rooms one connected piece: a Move cast may have set one apart) and no spell left but a
"pause" one (Sleep) gives another hero a turn (``BoundRole``), the living heroes fall into *groups* that are
never on the board together:

- the awake heroes up to the last awake one on the board (or the first living one when none is
  on the board): the group now on the board (a waiting one among them spawns before any later);
- each later awake hero alone: it spawns only once every hero before it is dead, and the next
  only once it is dead;
- a sleeper stays on the board with every group (taken to be hit by every Attack); and each pause
  spell left may make one more hero such a sleeper, whichever (every choice is tried).

So each Attack left reaches at most one group (and the sleepers). Each hero then needs, besides
what its own lone walk can take (with the walk spells given to it, each to one hero at most), the
damage of the Attacks given to its group. ``feasible`` (``zorglab.search.sharing``) says whether
some sharing-out of the Attacks over the groups and of the walk spells over the heroes meets every
hero's need; if none does, no cast sequence kills them all and the branch is given up.
Property-tested against brute force (``tests/search/test_groups.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from zorglab.engine import cells
from zorglab.engine.state import GameState
from zorglab.search.pieces import PieceGroups, slots_reached
from zorglab.search.sharing import Needs, feasible, submasks

if TYPE_CHECKING:
    from zorglab.engine.world import World
    from zorglab.search.bound import DamageBound

CACHE_BOUND = 500_000    # answers kept before they are dropped (the lone walks give them again)

class Groups:
    """The groups' test for one world's damage bound (which owns it): its lone walks give each
    hero's needs, memoised here as long as the bound's own answers."""

    def __init__(self, bound: DamageBound):
        self.bound = bound
        self.pruned = 0                 # branches given up by the groups alone
        self.ordered = 0                # ... of them, by the order one board spell imposes
        self._needs: dict[tuple[int, ...], Needs] = {}
        self._apart: dict[tuple[Any, ...], bool] = {}
        self._attacks: dict[int, tuple[int, ...]] = {}
        self._walk_sets: dict[int, tuple[int, ...]] = {}
        self._ordered: dict[Any, bool] = {}
        self._feasible: dict[Any, bool] = {}       # the cases' answers
        self._after: dict[Any, Needs] = {}
        self._connected: dict[tuple[tuple[int, int], ...], bool] = {}    # slots -> one connected piece?
        self.pieces = PieceGroups(self)     # the groups on a board in pieces (issue 41)

    def full(self) -> bool:
        return len(self._needs) + len(self._apart) + len(self._ordered) + len(self._feasible) + len(self._after) \
            + self.pieces.size() > CACHE_BOUND

    def clear(self) -> None:
        for memo in (self._needs, self._apart, self._ordered, self._feasible, self._after):
            memo.clear()
        self.pieces.clear()

    def shared_out(self, sleepers: list[Needs], heroes: list[Needs], first: int, attacks: tuple[int, ...],
                   sets: tuple[int, ...], pausing: int = 0, slept: list[Needs] | None = None) -> bool:
        """:func:`feasible` (``pausing`` heroes a pause spell may make sleepers, each then with its
        ``slept`` needs), memoised: the one table both this class's one-board-spell test and the
        pieces' (:class:`PieceGroups`) ask."""
        args = (tuple(sleepers), tuple(heroes), first, attacks, sets, pausing, tuple(slept or ()) if pausing else ())
        found = self._feasible.get(args)
        if found is None:
            found = self._feasible[args] = feasible(sleepers, heroes, first, attacks, sets, pausing, slept)
        return found

    def apart(self, state: GameState, mask: int, left: tuple[int, int, int], ground: int,
              parts: tuple[int, ...]) -> bool:
        """Do the heroes' groups leave no sharing-out of the spells ``mask`` left that kills them
        all (:func:`feasible`)? ``left``, ``ground``, ``parts``: as ``DamageBound._hopeless`` has
        them, and the same heroes, pauses and walks."""
        bound = self.bound
        connected = self._connected.get(state.slots)
        if connected is None:
            connected = self._connected[state.slots] = slots_connected(state.slots)
        own = left[1] & bound.walking
        attacks = self.attacks(mask)
        if not connected:
            # a Move cast left a room apart: a hero may be stuck there (issue 41, ``search.pieces``);
            # asked only with an Attack left (with none, its walks on each board a Swap makes cost
            # the 14-room 10 x 10 cell 0.4 CPU s more than it cut: session 15)
            found = bool(attacks) and self.pieces.apart(state, mask, left, ground, parts, attacks, own)
            self.pruned += found
            return found
        pausing = sum(1 for bit in bound.pauses if mask & bit)
        walk_sets = self.walk_sets(own)
        found = False
        for known in (True, False):
            # first with what the bound's own test already walked: each hero's walk with every walk
            # spell, where it is exact (else no need at all) stands for its needs with each walk
            # set, which are no lower; a sharing-out that fails then fails with the needs too, and
            # the walks of each walk set are taken only when it does not (issue 41)
            sides = self._sides(state, left, ground, parts, len(walk_sets) if known else 0)
            if sides is None:
                return False
            sleepers, awake, first = sides
            key = (tuple(sleepers), tuple(awake), first, attacks, own, pausing)
            known_cut = self._apart.get(key)
            if known_cut is None:
                known_cut = self._apart[key] = not feasible(sleepers, awake, first, attacks, walk_sets, pausing)
            found = known_cut
            if found:
                break
        if not found:
            found = self._one_board_spell(state, mask, left, ground, parts, first, attacks, own, pausing)
            self.ordered += found
        if found:
            self.pruned += 1
        return found

    def _sides(self, state: GameState, left: tuple[int, int, int], ground: int, parts: tuple[int, ...],
               known: int) -> tuple[list[Needs], list[Needs], int] | None:
        """The sleepers' and the awake heroes' needs (in turn order), and how many awake heroes
        make the group on the board now (at least one); None when no hero is awake. ``known``: when
        not 0, each hero's least need as far as the bound's memo knows it (``DamageBound.known_need``),
        that many times, instead of its needs."""
        bound = self.bound
        _, bends, pauses = left
        sleepers: list[Needs] = []
        awake: list[Needs] = []
        first = 0               # awake heroes up to the last one on the board: the group there now
        for place in bound.order(state):     # ZR-7: the engine's own order
            index = place.at
            if known:
                needs: Needs = (bound.known_need(place.hero.hp, ground, parts[index + 1], bends,
                                                 pauses + place.earlier, place.paused),) * known
            else:
                needs = self.needs(state, index, ground, parts[index + 1], bends, pauses + place.earlier,
                                   place.paused)
            if place.passed:
                sleepers.append(needs)
            else:
                awake.append(needs)
                if place.hero.pos is not None:
                    first = len(awake)
        if not awake:
            return None
        return sleepers, awake, max(first, 1)

    def _one_board_spell(self, state: GameState, mask: int, left: tuple[int, int, int], ground: int,
                         parts: tuple[int, ...], first: int, attacks: tuple[int, ...], own: int,
                         pausing: int = 0) -> bool:
        """With one board spell left (a Swap), the order it imposes: the heroes dead before it is
        cast walk without it, those on the board when it is cast may walk through it (each its own
        best, as the bound has it), and those spawning after it walk the one board it made.
        ``pausing``: how many awake heroes the pause spells left (Sleep) may make sleepers; such
        a hero is with every group and walks through the spell, its own best (issue 41, session 16)."""
        bound = self.bound
        boards = [spell for spell in bound.board_spells if mask >> spell.index & 1]
        if len(boards) != 1:
            return False
        spell = boards[0]
        bit = 1 << spell.index
        _, bends, pauses = left
        without = bends & ~bit
        sleepers_with: list[Needs] = []
        sleepers_without: list[Needs] = []
        awake: list[int] = []
        with_: list[Needs] = []
        without_: list[Needs] = []
        pause_of: list[tuple[int, bool]] = []
        first_living: int | None = None
        for place in bound.order(state):
            index, paused = place.at, place.paused
            if first_living is None:
                first_living = index
            w = self.needs(state, index, ground, parts[index + 1], bends, pauses + place.earlier, paused)
            n = self.needs(state, index, ground, parts[index + 1], without, pauses + place.earlier, paused)
            if place.passed:
                sleepers_with.append(w)
                sleepers_without.append(n)
            else:
                awake.append(index)
                with_.append(w)
                without_.append(n)
                pause_of.append((pauses + place.earlier, paused))
        later = list(range(first, len(awake)))
        if not later or first_living is None:
            return False
        sets = self.walk_sets(without & bound.walking)
        # the later heroes' needs on each board the spell could make read only the ground, each
        # later hero's part and pauses, and the spells left without it (issue 41)
        after_key = (ground, spell.index, without, tuple((parts[awake[k] + 1], pause_of[k]) for k in later))
        key = (tuple(sleepers_with), tuple(sleepers_without), tuple(with_), tuple(without_), first, attacks,
               after_key, own, pausing)
        found = self._ordered.get(key)
        if found is not None:
            return found
        total = sum(attacks)

        def able(sleepers: list[Needs], heroes: list[Needs], slept: list[Needs] = with_) -> bool:
            # each hero must at least be killable with every Attack (asleep, if a pause spell may
            # make it a sleeper): cheap, and most cases fail it
            beyond = [k for k, needs in enumerate(heroes) if min(needs) > total]
            if len(beyond) > pausing or any(min(slept[k]) > total for k in beyond) \
                    or any(min(needs) > total for needs in sleepers):
                return False
            return self.shared_out(sleepers, heroes, first, attacks, sets, pausing, slept)

        possible = able(sleepers_without, without_, without_)        # never cast
        # a later hero walks the board the spell made from its first step, where its walk with the
        # spell left could too: its needs there are no less than those. A way that fails with those
        # fails on every board (session 15: no walk on the boards when every way fails so)
        ways = [] if possible else [k for k in range(first - 1, len(awake)) if able(
            sleepers_with, (with_[:first] if k < first else without_[:k] + [with_[k]]) + with_[k + 1:])]
        if ways:
            # each board the spell could make, walked only once the ones before it left no way
            # (session 15: a branch kept costs the walks up to its first way)
            alone = bound.alone(state, first_living, without)
            tried: set[tuple[Needs, ...]] = set()
            for number, moves in enumerate(bound.legal_moves(alone, spell)):
                after = tuple(self.needs_after(state, awake[k], ground, parts[awake[k] + 1], without, *pause_of[k],
                                                spell, moves, number) for k in later)
                if after in tried:
                    continue
                tried.add(after)
                # k = first - 1: cast while the group on the board now walks, every later hero walks the
                # board it made; else cast while later hero k walks: those before it never see it
                if any(able(sleepers_with, (with_[:first] if k < first else without_[:k] + [with_[k]])
                            + list(after[k - first + 1:])) for k in ways):
                    possible = True
                    break
        self._ordered[key] = not possible
        return not possible

    def needs_after(self, state: GameState, index: int, ground: int, part: int, bends: int, pauses: int,
                     paused: bool, spell: Any, moves: dict[int, Any], number: int) -> Needs:
        """:meth:`needs` of a hero that walks only once ``spell`` made ``moves`` (its ``number``-th
        arrangement) and never sees it again: its lone walk starts on that board."""
        key = (ground, part, bends, pauses, paused, number)
        found = self._after.get(key)
        if found is None:
            hp = state.heroes[index].hp
            found = self._after[key] = self._by_walk_sets(hp, bends, lambda some: self.bound.drop_after(
                state, index, ground, part, spell, moves, number, pauses, paused, hp, some))
        return found

    def needs(self, state: GameState, index: int, ground: int, part: int, bends: int, pauses: int,
              paused: bool) -> Needs:
        """The Attack damage hero ``index`` still needs with each subset of its walk spells left."""
        key = (ground, part, bends, pauses, paused)
        found = self._needs.get(key)
        if found is None:
            hp = state.heroes[index].hp
            found = self._needs[key] = self._by_walk_sets(hp, bends, lambda some: self.bound.drop(
                state, index, ground, part, pauses, paused, hp, some))
        return found

    def _by_walk_sets(self, hp: int, bends: int, drop: Callable[[int], int]) -> Needs:
        """The Attack damage still needed with each subset of the walk spells in ``bends`` (the
        other spells in ``bends`` always left), given the walk's ``drop`` with some spells left."""
        own = bends & self.bound.walking
        return tuple(max(0, hp - drop((bends & ~own) | sub)) for sub in self.walk_sets(own))

    def walk_sets(self, own: int) -> tuple[int, ...]:
        """The sets of the walk spells ``own`` the needs are indexed by: the empty set, then
        :func:`submasks` (found once per set)."""
        found = self._walk_sets.get(own)
        if found is None:
            found = self._walk_sets[own] = (0, *submasks(own))
        return found

    def attacks(self, mask: int) -> tuple[int, ...]:
        """The damage of each Attack left, most first."""
        found = self._attacks.get(mask)
        if found is None:
            found = self._attacks[mask] = tuple(sorted((x for bit, x in self.bound.damage if mask & bit and x > 0),
                                                       reverse=True))
        return found


def stall_gate(world: World) -> str | None:
    """Why a hero of this world might be stuck (no plan, so heroes after it spawn while it lives),
    or None when none ever can: every hero type plans wherever Z can be reached
    (``SearchFacts.always_plans``; or each of its heroes is quiet from the start and no spell
    makes the type: a quiet hero is a plain walker to Z, FR-56), no cell stops or slides a hero
    (no water, no ice), every room's openings are the same on opposite sides and in every room,
    every floor cell of a room reaches its openings, the rooms' slots are connected, and every
    board spell only trades rooms among the slots they hold (so any arrangement is connected the
    same way). A hero type that moves rooms (the Mechanic) is no reason: the bound asks the groups
    only while every living hero is quiet (FR-56), and the groups look at the slots each state has
    (:func:`slots_connected`)."""
    made = {t for spell in world.spells for t in spell.behaviour.makes_types(spell.args)}
    for name in sorted(world.hero_types()):
        behaviour = world.behaviour(name)
        if behaviour.facts.always_plans:
            continue
        if name in made or not all(behaviour.quiet(world, hero.args, hero.extra)
                                   for hero in world.initial_state().heroes if hero.type == name):
            return f"hero type {name} may have no plan where Z can be reached"
    for code in (cells.WATER, cells.ICE):
        if world.has_code(code):
            return f"a {cells.CODE_NAMES[code]} cell can stop a hero"
    sides = None
    for room in world.rooms:
        found = _openings(room.codes)
        if found is None:
            return f"room {room.label}'s floor is not all connected to its openings"
        if sides is None:
            sides = found
        elif found != sides:
            return f"room {room.label}'s openings differ from another room's"
    for spell in world.spells:
        if spell.behaviour.bound_role == "board" and not spell.behaviour.facts.keeps_slots:
            return f"spell type {spell.type} may move a room to an empty slot"
    if not slots_connected(world.initial_state().slots):
        return "the rooms are not all connected"
    return None


def slots_connected(slots: tuple[tuple[int, int], ...]) -> bool:
    """Are the rooms' slots one connected piece (side by side)? With every room's openings alike
    (:func:`stall_gate`) a hero then reaches every room, Z among them.

    >>> slots_connected(((0, 0), (1, 0), (1, 1))), slots_connected(((0, 0), (2, 0)))
    (True, False)
    """
    return slots_reached(slots, [slots[0]]) == set(slots)


def _openings(codes: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """A room's openings, (columns open at the top and bottom, rows open at the left and right),
    when each side matches its opposite, neither is empty, and every floor cell is connected;
    else None."""
    wall = cells.WALL
    top = tuple(x for x in range(5) if codes[0][x] != wall)
    bottom = tuple(x for x in range(5) if codes[4][x] != wall)
    left = tuple(y for y in range(5) if codes[y][0] != wall)
    right = tuple(y for y in range(5) if codes[y][4] != wall)
    if top != bottom or left != right or not top or not left:
        return None
    floor = {(x, y) for y in range(5) for x in range(5) if codes[y][x] != wall}
    start = (top[0], 0)
    reached = {start}
    todo = [start]
    while todo:
        x, y = todo.pop()
        for cell in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if cell in floor and cell not in reached:
                reached.add(cell)
                todo.append(cell)
    return (top, left) if reached == floor else None

"""The proof's half of :class:`~zorglab.search.solver.Search` (FR-46): states filed in the
transposition table by situation and spells left, explored in order of spells spent (a bucket
queue), so the first win found uses the fewest spells; and the damage bound (FR-51) asked lazily,
within the work the search has earned. A mixin, as :mod:`zorglab.search.witness` is: the fields
live on ``Search``."""

from __future__ import annotations

from collections import deque
from typing import Any

from zorglab.core.model import Cast
from zorglab.engine.state import GameState
from zorglab.engine.turns import act, next_action
from zorglab.search.bound import DamageBound, unbounded_marks
from zorglab.search.casts import legal_casts
from zorglab.search.lonewalk import BoundSpent
from zorglab.search.witness import SearchNode

# new plan graphs each hero's walk may build in the static check's first half: the graph of its
# own type on the first board. Every family cell the half decides needs no more; a walk over the
# boards a Swap makes or the type a Banality makes took 4 x 6 three (22 ms) and decided nothing
FIRST_HALF_PLANS = 1


class ProofSearch:
    """The proof search's and the bound's methods of :class:`~zorglab.search.solver.Search`."""

    _found: SearchNode | None        # the winning node either search found (a field of Search)
    _static_spent: tuple[int, int | None]    # the static check's first half: lone states, graphs before it

    def _offer(self: Any, state: GameState, parent: SearchNode | None, cast: Cast | None, mask: int, cost: int) -> None:
        """Queue a state with spells left ``mask``, reached by a move costing ``cost`` spells,
        unless it adds nothing new."""
        if self._hopeless(state, mask):
            self.pruned += 1
            return
        spent = cost if parent is None else parent.spent + cost
        situation = self._parts(state, parent)
        entry = self._table.get(situation)
        masks = None
        if entry is not None:
            masks = entry if type(entry) is dict else {entry[0]: entry[1]}
            best = masks.get(mask)
            if best is not None and best <= spent:
                self.pruned += 1
                return
            if self._dominate:
                for other in masks:
                    if other & mask == mask and other != mask:
                        self.pruned += 1
                        return
        if self._bound is not None and self._beyond_bound(state, mask, situation):
            self.pruned += 1        # not filed: the bound's own memo answers it again cheaply
            return
        if masks is None:
            self._table[situation] = (mask, spent)
        else:
            masks[mask] = spent
            self._table[situation] = masks if len(masks) > 1 else (mask, spent)
        self._push(SearchNode(state, spent, parent, cast, mask, situation), cost)

    def _beyond_bound(self: Any, state: GameState, mask: int, parts: tuple[int, ...]) -> bool:
        """The damage bound's verdict (FR-51), lazily: the bound computes a hero's walks only when a
        branch first asks, and only as far as the work the search has earned allows (``bound_first``
        lone states, then ``bound_share`` per state expanded); past it the bound answers no (the
        branch goes on, as without the bound) and goes on from its memo when asked again."""
        bound = self._bound
        assert bound is not None
        return self._allow(bound) and bound.hopeless(state, mask, parts)

    def _board_cut(self: Any, state: GameState, mask: int, parts: tuple[int, ...], active: int | None) -> int:
        """The board spells (bits) not worth casting here: every cast of one leads to a branch the
        damage bound gives up (``DamageBound.board_cut``), so the casts are not even made."""
        bound = self._bound
        if bound is None or not mask & bound.board_bits or not self._allow(bound):
            return 0
        return bound.board_cut(state, mask, parts, active)

    def _walk_cut(self: Any, state: GameState, mask: int, parts: tuple[int, ...]) -> dict[int, int] | None:
        """Single-target walk spells to cast on one hero alone (``DamageBound.walk_cut``): on any
        other, some hero is left that nothing can kill. Read from the bound's memo: no new work."""
        bound = self._bound
        if bound is None or not mask & bound.walking:
            return None
        return bound.walk_cut(state, mask, parts) or None

    def _first_check(self: Any, start: GameState) -> bool:
        """The static check where it comes before any state is searched: whole for the proof alone
        (``fewest``), without a probe, or with a bound whose walks are dealt out (``search.dealt``:
        asked once before any state, with walks still owed it gives no answer, as before); else its
        first half (:meth:`_outright`), the rest waiting for the witness search's ``probe`` states
        (:meth:`_probed`)."""
        if self.fewest or self.probe <= 0 or getattr(self._bound, "dealing", False):
            return self._static(start)      # a bound dealt out by board (``search.dealt``) as before: asked once
        if self._outright(start):
            return True
        self._static_due = True
        return False

    def _probed(self: Any) -> bool:
        """The static check's second half, once the witness search has expanded ``probe`` states:
        is the first state hopeless? Asked once (interrupted by Ctrl-C, again: its walks are kept)."""
        if self.states < self.probe:
            return False
        hopeless = self._static(self.world.initial_state() if self.start is None else self.start)
        self._static_due = False
        return bool(hopeless)

    def _outright(self: Any, start: GameState) -> bool:
        """The static check's first half (issue 41, session 12): is some hero, alone, beyond every
        spell and room left from the first state — the first test the bound makes of each hero
        (``DamageBound._hero_needs``: its walk with every walk spell left takes less than the damage
        spells leave it), asked before the witness search's probe, the hero with the most HP
        first (the family's heroes grow in HP). The least sets of walk spells each hero needs, the
        disjoint choice and the groups (dear on cells they do not decide) wait for the probe. Within
        the static check's lone states and plan graphs, and each hero's walk within
        :data:`FIRST_HALF_PLANS` new plan graphs (session 13): a walk that needs more gives this half
        no answer. Sound as the bound is: any order, any subset of its heroes, answers only where
        the bound would, and a walk cut short answers nothing."""
        bound = self._bound
        if bound is None or self.bound_static <= 0 or start.lost:
            return False
        mask = self._mask(start.spells_left)
        if mask & bound.unbounded or unbounded_marks(start) or bound.loud(start):
            return False
        spells, bends, pauses = bound.left(mask)
        parts = self._parts(start, None)
        ground = bound._grounds.get(parts[0])
        if ground is None:
            ground = bound._grounds[parts[0]] = bound._ground(start)
        planner = self.world.planner
        work, graphs = bound.work, len(planner.graphs)
        most = graphs + self.bound_static_plans

        def ask() -> bool:
            for place in sorted(bound.order(start), key=lambda place: -place.hero.hp):
                need = place.hero.hp - spells
                # each hero's walk on the first board: its own plan graph, no board a spell makes
                bound.plans_allowed = min(len(planner.graphs) + FIRST_HALF_PLANS, most)
                if need > 0 and bound.drop(start, place.at, ground, parts[place.at + 1], pauses + place.earlier,
                                           place.paused, need, bends) < need:
                    bound.pruned += 1
                    return True
            return False

        # a bound whose walks may stand in for answers not yet in (``search.dealt``) asks it as one of
        # its questions, answered only once every part of it is: a stand-in is below the truth
        question = getattr(bound, "_question", None)
        bound.allowance = work + self.bound_static
        bound.plans_allowed = most
        try:
            return bool(ask() if question is None else question(ask, False))
        except BoundSpent:
            return False        # no answer within the check's work: the search decides
        finally:
            bound.plans_allowed = None
            self._static_work = bound.work
            self._static_spent = (bound.work - work, graphs)

    def _static(self: Any, start: GameState) -> bool:
        """The cheap static check (issue 41): the damage bound asked about the first state alone,
        within ``bound_static`` lone states and ``bound_static_plans`` new plan graphs (walks on the boards a
        Swap makes explore a graph each: the check is cheap only while they stay few), before any state
        is searched. Its walks stay in the
        bound's memo; its work is not charged against what the search earns later (``ProofSearch._allow``
        counts from it), so a check interrupted and asked again leaves the search as it would be."""
        bound = self._bound
        if bound is None or self.bound_static <= 0 or start.lost:
            return False
        work, graphs = self._static_spent     # what its first half (``_outright``) spent, the graphs it found
        bound.allowance = bound.work + max(0, self.bound_static - work)
        bound.plans_allowed = (len(self.world.planner.graphs) if graphs is None else graphs) + self.bound_static_plans
        try:
            hopeless = bound.hopeless(start, self._mask(start.spells_left), self._parts(start, None))
        finally:
            bound.plans_allowed = None
        self._static_work = bound.work
        return hopeless

    def _allow(self: Any, bound: DamageBound) -> bool:
        """Set the bound's allowance from the work the search has earned; False when it has done
        no work yet and may do none (then it has nothing to answer from, at no cost)."""
        n = self.states
        if not bound.movers_on and self.bound_movers is not None and n >= self.bound_movers:
            bound.movers_on = True
        late = max(0, n - self.bound_delay)     # the ramp waits: a witness often comes first (issue 27)
        earned = self._static_work + self.bound_first + int(n * self.bound_share) \
            + (late * late // self.bound_ramp if self.bound_ramp else 0)     # the static check's work is free
        # new walks only with a quantum of work in hand, so that resuming an unfinished walk (its
        # path is walked again) is a small part of the work; else the memo alone answers
        if earned - bound.work >= self.bound_quantum:
            bound.allowance = earned
        elif bound.work <= self._static_work:
            return False        # nothing walked since the static check: asking costs, answers little
        else:
            bound.allowance = bound.work
        return True

    def _best(self: Any, node: SearchNode) -> int:
        """The fewest spells any state filed with this node's situation and mask was reached with."""
        entry = self._table[node.parts]
        return entry[1] if type(entry) is tuple else entry[node.mask]

    def _push(self: Any, node: SearchNode, cost: int) -> None:
        if cost:
            while len(self._later) < cost:
                self._later.append(deque())
            self._later[cost - 1].append(node)
        else:
            self._queue.appendleft(node)

    def _pop(self: Any) -> SearchNode | None:
        """The next node with the fewest spells spent (bucket queue over spells used)."""
        while not self._queue:
            if not self._later:
                return None
            self._queue = self._later.pop(0)
        return self._queue.popleft()

    def _expand(self: Any, node: SearchNode) -> None:
        state = node.state
        self.states += 1
        if node.spent > self._best(node):
            return                  # reached again more cheaply since it was queued
        if state.lost:
            return
        found = next_action(self.world, state)
        if found is None and self._wins(state):
            self._found = node
            return
        if found is not None:
            nxt, _ = act(self.world, state, found, record=False)
            self.generated += 1
            self._offer(nxt, node, None, node.mask, 0)
        if node.mask:
            left = node.mask.bit_count()
            active = found[0] if found is not None and state.heroes[found[0]].pos is not None else None
            skip = self._board_cut(state, node.mask, node.parts, active)
            only = self._walk_cut(state, node.mask, node.parts)
            for cast, nxt, _ in legal_casts(self.world, state, self.margin, noops=self.reads_unused or not self.prune,
                                            active=active, book=self._book, skip=skip, only=only):
                mask = self._mask(nxt.spells_left)
                self.generated += 1
                self._offer(nxt, node, cast, mask, left - mask.bit_count())


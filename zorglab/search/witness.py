"""The witness search beside the proof (FR-48): depth-first, heroes acting before casts, so it
meets deep cast lists early, and of the casts those leaving the fewest loud heroes first (issue
41, :mod:`zorglab.search.orders`), and before them those leaving the damage bound the fewest spells
it cannot follow (a Move: :mod:`zorglab.search.unblind`); it shares the proof's part numbering and cuts and files what it
expanded in a table of its own (``Search._seen``). A mixin of :class:`~zorglab.search.solver.Search`."""

from __future__ import annotations

from itertools import islice
from operator import attrgetter
from typing import Any

from zorglab.core.model import Cast
from zorglab.engine.state import GameState
from zorglab.engine.turns import act, next_action
from zorglab.search.casts import legal_casts
from zorglab.search.orders import damage_last, quiet_first, waits_behind_mover
from zorglab.search.unblind import blind_left, unblind_first


class SearchNode:
    """A state waiting in the queue: the spells it cost, how it was reached, and where the table
    files it (its situation's part numbers and its spells-left mask)."""

    __slots__ = ("state", "spent", "parent", "cast", "mask", "parts")

    def __init__(self, state: GameState, spent: int, parent: "SearchNode | None", cast: Cast | None, mask: int,
                 parts: tuple[int, ...]):
        self.state = state
        self.spent = spent
        self.parent = parent
        self.cast = cast
        self.mask = mask
        self.parts = parts      # the situation as numbers: the board's, then each hero's


_MASK = attrgetter("mask")


class WitnessSearch:
    """The witness search's half of :class:`~zorglab.search.solver.Search` (its fields live there)."""

    _found: SearchNode | None        # the winning node either search found (a field of Search)

    # -- the witness search -----------------------------------------------------------------

    def _diving(self: Any) -> bool:
        """Is it the witness search's turn? Every other expansion, once the proof had its head start."""
        if self.fewest or self.states < self.witness_after:
            return False
        if not self._dived:
            self._dived = True
            types = self.world.hero_types()
            self._loud_types = frozenset(t for t in types if not self.world.behaviour(t).facts.walks_alone)
            self._may_be_loud = bool(self._loud_types)
            self._loud_parts: dict[int, bool] = {}      # a hero's part number -> loud? (FR-56)
            self._damage_types = frozenset(s.type for s in self.world.spells if s.behaviour.bound_role == "damage")
            # FR-57: the types that only move rooms, and the heroes that may wait behind one of them
            self._mover_types = frozenset(t for t in self._loud_types if self.world.behaviour(t).facts.moves_rooms_only)
            spawn = [h.type for h in self.world.level.heroes]
            first = next((i for i, t in enumerate(spawn) if t in self._mover_types), len(spawn))
            self._behind = tuple(range(first + 1, len(spawn)))
            self._asked_last: tuple[Any, bool] = (None, False)
            # a quiet hero stays quiet (FR-56) unless a spell makes a type that may be loud
            self._made_loud = any(t in self._loud_types for spell in self.world.spells
                                  for t in spell.behaviour.makes_types(spell.args))
            start = self.world.initial_state() if self.start is None else self.start
            self._stack.append(SearchNode(start, -1, None, None, self._mask(start.spells_left), ()))
        return self.witness_states * self.witness_every <= self.states

    def _dive(self: Any, node: SearchNode) -> None:
        """Expand one witness-search node: file it (unless an equal or richer one was filed), then
        push its casts and, on top, the free action, so heroes act first and casts come late.
        Nodes have ``spent == -1``: the witness search does not count spells."""
        parent = node.parent
        mask = node.mask
        if self._hopeless(node.state, mask):
            self.pruned += 1
            return
        parts = self._parts(node.state, parent)
        entry = self._seen.get(parts)
        if entry is not None:
            for other in (entry,) if type(entry) is int else entry:
                if other == mask or (self._dominate and other & mask == mask):
                    self.pruned += 1
                    return
        state = node.state
        if self._bound is not None and not state.lost and self._beyond_bound(state, mask, parts):
            self.pruned += 1
            self._file(parts, mask, entry)
            return
        found = None if state.lost else next_action(self.world, state)
        if state.lost or (found is None and self._wins(state)):
            self.states += 1
            self.witness_states += 1
            if not state.lost:
                self._found = node
            self._file(parts, mask, entry)
            return
        children: list[SearchNode] = []
        if mask:
            active = found[0] if found is not None and state.heroes[found[0]].pos is not None else None
            skip = self._board_cut(state, mask, parts, active)
            only = self._walk_cut(state, mask, parts)
            casts = legal_casts(self.world, state, self.margin, noops=self.reads_unused or not self.prune,
                                active=active, book=self._book, skip=skip, only=only)
            if self._may_be_loud:
                casts = self._quietest_first(state, parts, casts)    # the cuts judge quiet branches (issue 41)
            for cast, nxt, _ in casts:
                self.generated += 1
                children.append(SearchNode(nxt, -1, node, cast, self._mask(nxt.spells_left), ()))
            blind = blind_left(self._bound, mask)
            if blind:       # the bound is blind while these are left: the casts that spend them first (issue 41)
                children = unblind_first(children, _MASK, blind)
            children.reverse()          # popped in the order the casts were generated
        if found is not None:
            nxt, _ = act(self.world, state, found, record=False)
            self.generated += 1
            children.append(SearchNode(nxt, -1, node, None, mask, ()))
        node.parts = parts
        self.states += 1        # counted, filed and pushed only now: Ctrl-C before this loses nothing
        self.witness_states += 1
        self._file(parts, mask, entry)
        self._stack.extend(children)

    def _quietest_first(self: Any, state: GameState, parts: tuple[int, ...], casts: list[Any]) -> list[Any]:
        """The casts in the order the witness search tries them (:func:`~zorglab.search.orders.quiet_first`).
        Only the heroes loud now are looked at again, and only where a cast made them anew: a quiet
        hero stays quiet (FR-56) where no spell makes a type that may be loud, so the counts differ
        from :meth:`_loud_count`'s by the same number for every cast, and the order is the same.
        Whether a hero is loud now is kept by its part number (``parts``: all a rule reads of it)."""
        if self._made_loud:
            return quiet_first(casts, self._loud_count)
        heroes = state.heroes
        memo = self._loud_parts
        loud = []
        for i, number in enumerate(parts[1:]):
            found = memo.get(number)
            if found is None:
                hero = heroes[i]
                found = memo[number] = hero.alive and hero.type in self._loud_types and not self._quiet_hero(hero)
            if found:
                loud.append(i)
        if not loud:
            return casts

        quiet = self._quiet_hero

        def count(after: GameState) -> int:
            n = 0
            now = after.heroes
            for i in loud:
                hero = now[i]
                if hero is heroes[i] or hero.alive and not quiet(hero):
                    n += 1
            return n
        for j in self._behind:      # FR-57: a hero waiting behind a loud Mechanic keeps the damage casts
            hero = heroes[j]
            if hero.pos is None and hero.alive:
                if self._bound is not None and waits_behind_mover(
                        heroes, lambda: self._first_mover(heroes, loud), self._behind, self._asked):
                    return damage_last(casts, count, self._damages)
                break
        return quiet_first(casts, count)

    def _first_mover(self: Any, heroes: tuple[Any, ...], loud: list[int]) -> int | None:
        """The first of the ``loud`` heroes whose type only moves rooms (FR-57), or None."""
        return next((i for i in loud if heroes[i].type in self._mover_types), None)

    def _asked(self: Any, hero: Any) -> bool:
        """Does the bound ask this hero's lone walk (``DamageBound._dear``)? The last answer kept:
        a hero waiting to spawn is the same object from state to state."""
        last = self._asked_last
        if last[0] is not hero:
            last = self._asked_last = (hero, not self._bound._dear(hero))
        return bool(last[1])

    def _damages(self: Any, cast: Cast) -> bool:
        """Does ``cast`` deal damage (its spell type's ``bound_role``: an Attack)?"""
        return cast.spell.type in self._damage_types

    def _loud_count(self: Any, state: GameState) -> int:
        """How many living heroes are loud (FR-56): the cuts stand aside while one is."""
        return sum(1 for hero in state.heroes if hero.alive and not self._quiet_hero(hero))

    def _forget_oldest(self: Any) -> None:
        """Forget the older half of the witness search's table (issue 41: a bounded table that
        forgets rather than stops). Sound: a situation is skipped only where one it dominates was
        expanded, and each expansion pushed every move; a forgotten one is expanded again if met,
        which costs time, never a verdict (an empty stack still means every state was expanded)."""
        seen = self._seen
        drop = len(seen) // 2
        for key in list(islice(seen, drop)):
            del seen[key]
        self.forgotten += drop

    def _file(self: Any, parts: tuple[int, ...], mask: int, entry: Any) -> None:
        """Note in the witness search's table that this situation was expanded with this mask."""
        if entry is None:
            self._seen[parts] = mask
        else:
            masks = [entry] if type(entry) is int else entry
            if self._dominate:
                masks = [other for other in masks if other | mask != mask]
            masks.append(mask)
            self._seen[parts] = masks[0] if len(masks) == 1 else masks

"""The boards a loud mover may leave at a pause of a lone walk (FR-57): every arrangement of the
rooms the moves of the loud heroes that only move rooms (a Mechanic's shoves,
``HeroBehaviour.board_moves``) reach from one board, for the damage bound's walks
(``zorglab.search.lonewalk``).

While a Mechanic lives, a hero it may interrupt walks on whatever board its shoves left; the walk
takes every one of them at each pause (a superset of what the Mechanic's plans do: any listed room,
any number of shoves, wherever it stands), so its drop stays a bound. Where each move is undone by
a move back, the arrangements reached are one *class*: the same from every member, so a walk
paused again on any of them meets the same ones. Within a class, arrangements that differ only in
where rooms stand that touch no other room (no slot beside them held) and do not hold the walker
are filed as one while no board spell is left: no rule the walk follows reads where such a room
stands (no hero can enter it; the walker never stands in it), and the next pause meets the same
class (``MoverBoards.folded``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from zorglab.engine.world import World

MAX_MOVED = 256          # arrangements the loud movers' moves reach from one board; past it no bound
Movers = tuple[tuple[str, tuple[Any, ...]], ...]    # the loud movers as (type, arguments)
Slots = tuple[Any, ...]
SIDES = ((1, 0), (-1, 0), (0, 1), (0, -1))


class MoverBoards:
    """The arrangements the movers reach, by (movers, board), kept for one search (bounded)."""

    def __init__(self, world: World):
        self.world = world
        self.fold = True        # False: every arrangement walked apart (the tests' reference)
        self._reached: dict[tuple[Movers, Slots], list[Slots] | None] = {}
        self._classes: set[int] = set()         # the lists of ``_reached`` that are classes (by id)
        self._folds: dict[tuple[int, int | None], list[Slots]] = {}

    def reached(self, movers: Movers, slots: Slots) -> list[Slots] | None:
        """Every arrangement ``movers`` can make from ``slots`` by any number of their moves,
        ``slots`` first; None past :data:`MAX_MOVED` (then the walk has no bound)."""
        key = (movers, slots)
        if key in self._reached:
            return self._reached[key]
        behaviours = [(self.world.behaviour(name), args) for name, args in movers]
        found: list[Slots] | None = [slots]
        seen = {slots}
        at = 0
        while found is not None and at < len(found):
            for behaviour, args in behaviours:
                for moved in behaviour.board_moves(self.world, args, found[at]):
                    if moved not in seen:
                        seen.add(moved)
                        found.append(moved)
            at += 1
            if len(found) > MAX_MOVED:
                found = None
        if len(self._reached) > MAX_MOVED * 1000:
            self._reached.clear()       # with what is filed by the ids of its lists
            self._classes.clear()
            self._folds.clear()
        self._reached[key] = found
        if found is not None and self._undone(behaviours, found):
            self._classes.add(id(found))
            for member in found[1:]:
                self._reached[(movers, member)] = found     # the same class from every member
        return found

    def _undone(self, behaviours: list[tuple[Any, Any]], found: list[Slots]) -> bool:
        """Is every move among ``found`` undone by a move back (``found`` is then a class)?"""
        for slots in found:
            for behaviour, args in behaviours:
                for moved in behaviour.board_moves(self.world, args, slots):
                    if not any(slots in back.board_moves(self.world, a, moved) for back, a in behaviours):
                        return False
        return True

    def folded(self, arrangements: list[Slots], room: int | None) -> list[Slots]:
        """``arrangements`` (a list :meth:`reached` gave) with those differing only in where rooms
        stand that touch no other room and are not room ``room`` (the walker's; None: it waits)
        filed as one, the first met kept. Only for a class, and only while no board spell is left
        (the caller's part: a Swap would read where such a room stands)."""
        if not self.fold or id(arrangements) not in self._classes:
            return arrangements
        key = (id(arrangements), room)
        found = self._folds.get(key)
        if found is None:
            kept: dict[tuple[Any, ...], Slots] = {}
            for slots in arrangements:
                held = set(slots)
                shape = tuple(None if r != room and not any((c + dc, w + dw) in held for dc, dw in SIDES) else (c, w)
                              for r, (c, w) in enumerate(slots))
                kept.setdefault(shape, slots)
            found = self._folds[key] = list(kept.values())
        return found

"""A state's situation as the search's table files it: the board and each hero numbered once each
(:class:`~zorglab.search.solver.Search`'s ``_boards`` and ``_heroes``), the spells left as a bit
mask. A move changes one or two parts, and the parts it leaves alone keep the number they had, so
a state is hashed once as a few small integers. Where the dead are forgotten (FR-47) every dead
hero is filed as one and the same part and the order of deaths is left out. A mixin, as
:mod:`zorglab.search.proof` is: the fields live on ``Search``."""

from __future__ import annotations

from typing import Any

from zorglab.engine.state import GameState, HeroState, hero_key
from zorglab.search.witness import SearchNode

DEAD: tuple[str, ...] = ("dead",)     # the part every dead hero is filed as when the dead are forgotten
BOARD_DEATHS = 4            # where GameState.board() holds the order of deaths


class SituationNumbers:
    """The part numbering of :class:`~zorglab.search.solver.Search` (its fields live there)."""

    def _mask(self: Any, left: tuple[bool, ...]) -> int:
        """The spells left as a bit mask (spell ``i`` is bit ``i``), looked up once per tuple."""
        mask = self._masks.get(left)
        if mask is None:
            mask = self._masks[left] = sum(1 << i for i, has in enumerate(left) if has)
        return mask

    def _parts(self: Any, state: GameState, parent: SearchNode | None) -> tuple[int, ...]:
        """The state's situation as part numbers (the board's, then each hero's): equal numbers
        exactly when the parts are equal. A part the move left alone keeps its parent's number."""
        if parent is None:
            return (self._board_number(state), *[self._hero_number(hero) for hero in state.heroes])
        before = parent.state
        numbers = [parent.parts[0] if state.same_board(before) else self._board_number(state)]
        for hero, old, kept in zip(state.heroes, before.heroes, parent.parts[1:]):
            numbers.append(kept if hero is old else self._hero_number(hero))
        return tuple(numbers)

    def _board_number(self: Any, state: GameState) -> int:
        """The board's number (``GameState.board``; the order of deaths left out where the dead are forgotten)."""
        board = state.board()
        if self._forget:
            board = board[:BOARD_DEATHS] + board[BOARD_DEATHS + 1:]
        number = self._boards.get(board)
        if number is None:
            number = self._boards[board] = len(self._boards)
        return number

    def _hero_number(self: Any, hero: HeroState) -> int:
        """The hero's number (``hero_key``; every dead hero one and the same where the dead are forgotten)."""
        if self._forget and not hero.alive:
            key = DEAD
        else:       # no portal: no rule reads entry counts (ZR-22, ZR-27), so they are left out
            key = hero_key(hero, self.reach, self._entries)
        number = self._heroes.get(key)
        if number is None:
            number = self._heroes[key] = len(self._heroes)
        return number

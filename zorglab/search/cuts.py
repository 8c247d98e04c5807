"""The casts the damage bound gives up before they are made (FR-51, issue 27): the walk cut and the board cut.

The damage bound (:mod:`zorglab.search.bound`) gives up a *state* where some hero nothing left can
kill. These two cuts give up *casts* at a casting point, so the search does not even make them:

- *the walk cut* (:func:`walk_cut`): a single-target walk spell (Teleport, Banality) that one hero
  cannot die without is cast on that hero alone; read from the bound's memo, no new walk;
- *the board cut* (:func:`board_cut`): a board spell (Swap) whose every rearrangement now leaves
  some hero nothing left can kill is not cast at all; each hero's lone walk goes on from each
  rearrangement (:func:`drop_after`, which the groups' one-Swap order asks too).

Both rest on the bound's own test and memos, so they are functions of the bound, taking it first;
``DamageBound.walk_cut``, ``board_cut`` and ``drop_after`` call them (the search asks the bound).
Kept apart from the state test so that the bound's module holds one idea. Property-tested against
brute force (``tests/search/test_bound.py``: every cast cut has no win after it).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from zorglab.engine.resolve import Resolution
from zorglab.engine.roommoves import apply_moves
from zorglab.engine.state import GameState
from zorglab.search.lonewalk import SOLO_BUDGET, UNBOUNDED, BoundSpent
from zorglab.search.sharing import disjoint_choice

if TYPE_CHECKING:
    from zorglab.search.bound import DamageBound


def walk_cut(bound: DamageBound, state: GameState, mask: int, parts: tuple[int, ...]) -> dict[int, int]:
    """Single-target walk spells left (spell index -> the one hero it may still go to): a hero
    whose every least set of walk spells (:meth:`DamageBound._hero_needs`, as this state's own test found
    them) holds that spell cannot die once it is cast on anyone else, so those casts are not
    made. Read from the memo alone (a hero not yet answered cuts nothing): the child's walk for
    that hero is the one its own test would ask for with the spell gone, and this test already
    found it short (a walk spell on another hero leaves this one's board, walk and pauses as
    they are: what :meth:`DamageBound.hopeless` itself rests on)."""
    if not mask & bound.walking or bound.aside(state, mask):
        return {}
    spells, bends, pauses = bound.left(mask)
    ground = bound._grounds.get(parts[0])
    if ground is None:
        return {}
    only: dict[int, int] = {}
    for place in bound.order(state):
        index = place.at
        if place.hero.hp > spells:
            verdict = bound._heroes.get((ground, parts[index + 1], bends, pauses + place.earlier, place.paused,
                                        spells, False))     # asked only where every hero is quiet
            if isinstance(verdict, list) and verdict:
                common = mask & bound.walking
                for least in verdict:
                    common &= least
                for bit in _bits(common):
                    if only.get(bit, index) != index:
                        return {}       # two heroes need it: the state's own test gives it up
                    only[bit] = index
    return only



def board_cut(bound: DamageBound, state: GameState, mask: int, parts: tuple[int, ...], active: int | None) -> int:
    """The board spells left (a mask of spell bits) whose every cast now leaves some hero that
    nothing left can kill: the search need not make those casts at all (they are what it gives
    up most: Swap's children on the family). Each rearrangement the spell could make
    (``relaxed_moves``, a superset of its legal casts; of a spell cast "with" a room, those
    moving the ``active`` hero's room) is tried on each hero's lone walk, which then goes on
    paused (a superset of going on as the active hero) with the spells left after the cast:
    sound as :meth:`DamageBound.hopeless` is."""
    if bound.aside(state, mask):
        return 0
    ground = bound._grounds.get(parts[0])
    if ground is None:
        ground = bound._grounds[parts[0]] = bound._ground(state)
    cut = 0
    try:
        for spell in bound.board_spells:
            bit = 1 << spell.index
            if not mask & bit:
                continue
            hero = state.heroes[active] if active is not None else None
            moved = hero.pos[0] if hero is not None and hero.pos is not None \
                and spell.behaviour.cast_form == "with" else None
            if _hopeless_after(bound, state, mask & ~bit, ground, parts, spell, moved):
                cut |= bit
    except BoundSpent:
        bound.spent += 1
    return cut


def _hopeless_after(bound: DamageBound, state: GameState, rest: int, ground: int, parts: tuple[int, ...], spell: Any,
                    moved: int | None) -> bool:
    """Does every rearrangement ``spell`` could make now (moving room ``moved``, when given)
    leave some hero that the spells ``rest`` and its walk cannot kill?"""
    spells, bends, pauses = bound.left(rest)
    living = bound.order(state)    # as in _hopeless: a cast moves rooms, it stirs and kills no one
    if not any(place.hero.hp > spells for place in living):
        return False
    arrangements = bound.legal_moves(bound.alone(state, living[0].at, bends), spell)
    for number, moves in enumerate(arrangements):
        if moved is not None and moved not in moves:
            continue
        needs: list[list[int]] = []
        for place in living:
            index, hp = place.at, place.hero.hp
            if hp > spells:
                key = (ground, parts[index + 1], bends, pauses + place.earlier, int(place.paused), spells,
                       spell.index, number)
                verdict = bound._after.get(key)
                if verdict is None:
                    verdict = bound._after[key] = bound._least_needs(
                        partial(drop_after, bound, state, index, ground, parts[index + 1], spell, moves, number,
                                pauses + place.earlier, place.paused, hp - spells), bends, hp - spells)
                if verdict is True:
                    break           # this rearrangement leaves a hero nothing can kill
                if verdict:
                    needs.append(verdict)
        else:
            if len(needs) < 2 or disjoint_choice(needs, 0, 0):
                return False        # after this one every hero may still die
    return True


def drop_after(bound: DamageBound, state: GameState, index: int, ground: int, part: int, spell: Any, moves: dict[int, Any],
               number: int, pauses: int, paused: bool, need: int, bends: int) -> int:
    """The most HP hero ``index`` can lose to rooms once ``spell`` made ``moves`` (its ``number``-th
    arrangement of this ground) now, walking alone on from there with the spells ``bends``
    (``paused``: others act before it goes on); exactly when below ``need``, else at least
    ``need``, memoised as :meth:`DamageBound.drop` is (the board after the moves is the ground's and theirs)."""
    key = (ground, part, spell.index, number, bends, pauses, paused, bound.noisy)
    found = bound._drops_after.get(key)
    if found is not None and (found[1] or found[0] >= need):
        return found[0]
    if len(bound._solo) > SOLO_BUDGET and not bound.forget_walks() or bound._dear(state.heroes[index]):
        return UNBOUNDED
    solo = bound.alone(state, index, bends)
    hp = solo.heroes[index].hp
    try:
        res = Resolution(bound.world, solo, tick=solo.tick, record=False)
        apply_moves(res, moves, spell.type)
        res.settle()
        drop = bound._after_board(res.freeze(), index, hp, pauses, paused, 0, need)
    except RecursionError:      # a walk deeper than the interpreter's stack: no bound, no crash
        return UNBOUNDED
    bound._drops_after[key] = (drop, drop < need)
    return drop


def _bits(mask: int) -> list[int]:
    """The indices of the bits set in ``mask``."""
    return [i for i in range(mask.bit_length()) if mask >> i & 1]

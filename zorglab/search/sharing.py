"""Sharing the spells left out among the heroes (FR-51): can every hero still get what it needs?

The damage bound and its groups (``zorglab.search.bound``, ``zorglab.search.groups``) reduce each
living hero to its *needs*: the Attack damage it still needs with each set of the single-target
walk spells left (Teleport, Banality) given to it, once its lone walk takes what it can. A branch is
hopeless when no sharing-out of the spells left meets every need: a walk spell goes to one hero at
most (:func:`disjoint_choice`), and an Attack reaches one group of heroes on the board together,
and every sleeper (:func:`feasible`). These are pure functions of the needs, apart from the walks
that give them, so they are tested against plain enumeration (``tests/search/test_groups.py``,
``tests/search/test_bound.py``).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable

Needs = tuple[int, ...]
"""A hero's needs: the Attack damage it still needs with each subset of the walk spells left (the
empty set first, then :func:`submasks` order), once its lone walk takes what it can."""


def disjoint_choice(needs: list[list[int]], at: int, used: int) -> bool:
    """Can each hero from ``at`` on get one of its spell sets (masks of walk spells), no spell
    given twice?

    >>> disjoint_choice([[0b01], [0b01, 0b10]], 0, 0), disjoint_choice([[0b01], [0b01]], 0, 0)
    (True, False)
    """
    if at == len(needs):
        return True
    return any(not sub & used and disjoint_choice(needs, at + 1, used | sub) for sub in needs[at])


def feasible(sleepers: list[Needs], awake: list[Needs], first: int, attacks: tuple[int, ...],
             walk_sets: tuple[int, ...], pauses: int = 0, slept: list[Needs] | None = None) -> bool:
    """Can the walk spells go to heroes (``walk_sets``: the subsets the needs are indexed by, the
    empty set first; no spell to two heroes) and the ``attacks`` (damage each) to groups (the first
    ``first`` awake heroes one group, each later awake hero its own, every sleeper in all of them)
    so that every hero's need is met? ``pauses``: how many awake heroes a pause spell left may
    still make sleepers; ``slept`` (beside ``awake``): each awake hero's needs once it is made one
    (as awake, unless given: a sleeper of one board spell's order walks through it, issue 41).

    >>> feasible([], [(3,), (3,)], 1, (3,), (0,))       # two heroes apart, one Attack(3)
    False
    >>> feasible([], [(3,), (3,)], 2, (3,), (0,))       # ... or on the board together
    True
    >>> feasible([], [(3,), (3,)], 1, (3,), (0,), pauses=1)     # one may sleep while the other comes
    True
    >>> feasible([], [(3,), (4,)], 1, (3,), (0,), pauses=1, slept=[(3,), (4,)])
    False
    >>> feasible([], [(3,), (4,)], 1, (3,), (0,), pauses=1, slept=[(3,), (0,)])  # asleep, it needs less
    True
    """
    if pauses:
        slept = awake if slept is None else slept
        for k in range(len(awake)):
            if feasible(sleepers + [slept[k]], awake[:k] + awake[k + 1:], first - (k < first), attacks, walk_sets,
                        pauses - 1, slept[:k] + slept[k + 1:]):
                return True
        return feasible(sleepers, awake, first, attacks, walk_sets, 0)
    groups = [list(range(first))] + [[i] for i in range(first, len(awake))]
    # issue 41, the same answer sooner: a group needs at least its members' least needs (whatever
    # walk set each gets) and each Attack goes to one group, so a split leaving a group, or the
    # groups after it, less damage than that is never tried (it could not be covered); and each
    # (group, Attacks still to give, walk spells used) is asked once, however many ways lead to it
    least = [max((min(awake[i]) for i in members), default=0) for members in groups]
    later = [sum(least[g + 1:]) for g in range(len(groups))]
    if sum(least) > sum(attacks) or sum(1 for x in least if x) > len(attacks):
        return False
    given: dict[tuple[int, tuple[int, ...], int], bool] = {}

    def give(g: int, rest: tuple[int, ...], used: int) -> bool:
        if g == len(groups):
            return True
        key = (g, rest, used)
        found = given.get(key)
        if found is None:
            options = ((rest, ()),) if g == len(groups) - 1 else _splits(rest)
            found = given[key] = any(
                _cover(groups[g], awake, walk_sets, sum(mine), 0, used, lambda u: give(g + 1, others, u))
                for mine, others in options if sum(mine) >= least[g] and sum(others) >= later[g])
        return found

    return _cover(list(range(len(sleepers))), sleepers, walk_sets, sum(attacks), 0, 0,
                  lambda used: give(0, attacks, used))


def _cover(members: list[int], needs: list[Needs], walk_sets: tuple[int, ...], damage: int, at: int, used: int,
           then: Callable[[int], bool]) -> bool:
    """Give each member from ``at`` on a walk set not yet ``used`` with which ``damage`` meets its
    need, then ask ``then`` with the walk spells used."""
    if at == len(members):
        return then(used)
    for need, walk in zip(needs[members[at]], walk_sets):
        if need <= damage and not walk & used:
            if _cover(members, needs, walk_sets, damage, at + 1, used | walk, then):
                return True
            if not walk:
                return False        # it needs no walk spell: giving it one leaves the others less
    return False


@lru_cache(maxsize=256)
def _splits(attacks: tuple[int, ...]) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """Every way to split the attacks in two (the first part to one group), equal parts once."""
    found: dict[tuple[int, ...], tuple[int, ...]] = {}
    for pick in range(1 << len(attacks)):
        mine = tuple(x for j, x in enumerate(attacks) if pick >> j & 1)
        if mine not in found:
            found[mine] = tuple(x for j, x in enumerate(attacks) if not pick >> j & 1)
    return tuple(found.items())


def submasks(mask: int) -> list[int]:
    """The non-empty sub-masks of ``mask``, fewest bits first.

    >>> submasks(0b101)
    [1, 4, 5]
    """
    bits = [1 << i for i in range(mask.bit_length()) if mask >> i & 1]
    subs = [sum(b for j, b in enumerate(bits) if pick >> j & 1) for pick in range(1, 1 << len(bits))]
    return sorted(subs, key=int.bit_count)

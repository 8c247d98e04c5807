"""The witness search's order where the bound is blind: casts that leave it seeing first (issue 41).

The damage bound (FR-51, ``zorglab.search.bound``) stands aside while a spell without a bound role
is left (``SpellBehaviour.bound_role`` None: Move, Selection; ``DamageBound.unbounded``): no lone
walk, no board or walk cut, no groups, in every state before that spell is cast. A depth-first
search that lets heroes act before it casts, and tries such a spell after the others, meets it at
the deepest casting points last, so nearly everything it walks is walked blind. Which cast it
tries first decides how soon it meets a win, never whether (a depth-first search over every move
is exact in any order; the proof is the same tree), so it may as well try first the casts that
leave the bound fewest such spells: below them every cut judges again.

Measured on the Warrior/Elf family (docs/performance.md, "Spells nine and ten, session 13"):
8 × 9 (Move the ninth spell) is solvable, and its witness casts the Move at the first casting
point, setting the first hero's room apart; the order meets it in 5,430 states (0.8 CPU s) where
the order as made had not in 30 CPU s (327,232 states). Casts leaving as many blind spells keep the
order they came in (a stable sort): deterministic.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence, TypeVar

Item = TypeVar("Item")


def unblind_first(casts: Sequence[Item], mask: Callable[[Item], int], blind: int) -> list[Item]:
    """``casts`` in the order the witness search tries them: those whose spells-left mask
    (``mask(cast)``) keeps the fewest of the ``blind`` spells (bits by index) first, ties as
    they came. Unchanged where no cast uses a blind spell."""
    if len(casts) < 2:
        return list(casts)
    counts = [bin(mask(cast) & blind).count("1") for cast in casts]
    if min(counts) == max(counts):
        return list(casts)
    order = sorted(range(len(casts)), key=counts.__getitem__)
    return [casts[i] for i in order]


def blind_left(bound: Any, mask: int) -> int:
    """The spells left in ``mask`` the bound cannot follow (0 where there is no bound)."""
    return 0 if bound is None else mask & bound.unbounded

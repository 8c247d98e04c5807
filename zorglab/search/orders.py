"""The depth-first witness search's move order at a casting point (FR-48, issue 41).

The witness search lets the active hero act before it casts; which cast it tries first at a
casting point decides how soon it meets a win, never whether (a depth-first search over every
move is exact in any order). It tries first the casts that leave the fewest *loud* heroes living
(FR-56, ``HeroBehaviour.quiet``): the damage bound's cuts, its groups and the hopeless-sleeper
cut stand aside while a hero is loud, so a branch where a Banality made a Gunner a Warrior, or
where the Gunner's one shot is spent, is a branch the cuts can judge. Casts that leave as many
keep the order they were made in (a stable sort): deterministic.

Measured on the mixed family (docs/performance.md, "Mixed types, session 12"): 5 × 6 meets its
witness in 16,653 states rather than 24,662. Other orders were tried and are not kept: putting
every damage cast after the others finds 6 × 6's witness in 120,808 states rather than 347,311,
but 5 × 6's in 120,780; two orders taking turns over one table lose what each gained.

Where a hero whose lone walk the damage bound asks waits to spawn behind a loud Mechanic (FR-57),
the damage casts go after the others (:func:`damage_last`): an Attack cast now does not reach the
waiting hero, which needs it, and the bound asks that hero's walk beside the Mechanic, so a branch
that spent the Attacks too early is given up. Mixed 6 × 6 meets its witness in 24,180 states
(315,885 before); 5 × 6 and smaller have no such hero and are searched as before (session 13).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from zorglab.core.model import Cast
    from zorglab.engine.state import GameState, HeroState


def damage_last(casts: list[tuple[Cast, GameState, Any]], loud: Callable[[GameState], int],
                damage: Callable[[Cast], bool]) -> list[tuple[Cast, GameState, Any]]:
    """``casts`` as :func:`quiet_first` orders them, and among those leaving as many loud heroes
    the damage casts (``damage``: an Attack) after the others; ties as they were made."""
    if len(casts) < 2:
        return casts
    return sorted(casts, key=lambda cast: (loud(cast[1]), damage(cast[0])))


def waits_behind_mover(heroes: tuple[HeroState, ...], first: Callable[[], int | None], behind: tuple[int, ...],
                       asked: Callable[[HeroState], bool]) -> bool:
    """Does a living hero wait to spawn behind a loud mover (``first()``: the first loud one's
    index in spawn order, None if none is loud; ``behind``: the heroes that may stand after one),
    one whose lone walk the bound asks (``asked``)? No Attack cast now reaches it, and the bound
    judges it beside the mover (FR-57): then the damage casts go last."""
    waiting = [index for index in behind if heroes[index].pos is None and heroes[index].alive
               and asked(heroes[index])]
    if not waiting:
        return False
    mover = first()
    return mover is not None and waiting[-1] > mover


def quiet_first(casts: list[tuple[Cast, GameState, Any]],
                loud: Callable[[GameState], int]) -> list[tuple[Cast, GameState, Any]]:
    """``casts`` (each with the state it leads to) in the order the witness search tries them:
    fewest loud heroes after the cast first (``loud`` counts them); ties as they were made."""
    if len(casts) < 2:
        return casts
    return sorted(casts, key=lambda cast: loud(cast[1]))

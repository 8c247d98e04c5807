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
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from zorglab.core.model import Cast
    from zorglab.engine.state import GameState


def quiet_first(casts: list[tuple[Cast, GameState, Any]],
                loud: Callable[[GameState], int]) -> list[tuple[Cast, GameState, Any]]:
    """``casts`` (each with the state it leads to) in the order the witness search tries them:
    fewest loud heroes after the cast first (``loud`` counts them); ties as they were made."""
    if len(casts) < 2:
        return casts
    return sorted(casts, key=lambda cast: loud(cast[1]))

"""The search's decider for ``solvable(world)`` constraints (FR-46), passed to the engine's setup.

The engine does not call the search: a setup decides ``solvable(...)`` with the
:class:`~zorglab.engine.game.Decider` it was given, and this is the one the workbench gives it.
The solver is imported when a constraint first asks, so passing the decider costs nothing.
"""

from __future__ import annotations

from typing import Callable

from zorglab.core.budget import active
from zorglab.engine.game import Setup
from zorglab.engine.state import GameState
from zorglab.engine.world import World
from zorglab.errors import ExpressionError

# Budget for a solvable(world) constraint decided during play (ZR-19: never a guess).
SOLVABLE_BUDGET = 200_000


def decide_solvable(world: World, wins: Callable[[GameState], bool], *, reads_unused: bool) -> bool:
    """Whether some cast list wins ``world`` by ``wins``, proved by the exact search within
    :data:`SOLVABLE_BUDGET` states; an unknown verdict is an :class:`ExpressionError` (ZR-19).

    Asked during a search, it shares that search's safety stop and cancel event (its states are
    its own: the outer search's figures do not depend on when a constraint was first asked)."""
    from zorglab.search.solver import SOLVABLE, UNKNOWN, solve_world

    outer = active()
    budget = None if outer is None else outer.child(None, counts=False)
    verdict = solve_world(world, wins=wins, reads_unused=reads_unused, max_states=SOLVABLE_BUDGET, budget=budget)
    if verdict.verdict == UNKNOWN:
        raise ExpressionError(f"solvable({world.name}) is unknown: {verdict.reason}")
    return verdict.verdict == SOLVABLE


def deciding(game: Setup) -> Setup:
    """``game`` itself, or, when it was set up without a decider, ``game`` deciding by the search."""
    return game if game.decide is not None else game.with_decider(decide_solvable)

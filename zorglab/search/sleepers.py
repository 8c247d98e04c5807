"""Hopeless sleepers (FR-49): a living sleeper that no spell left, no hero's action and no mark in
the state can wake, hurt or kill never dies, so a branch holding one cannot win and is given up.
The types' and the marks' ``SearchFacts.stirs_sleepers`` say who can; a hero of a stirring type
stirs nothing once quiet or dead (FR-56). A mixin of :class:`~zorglab.search.solver.Search` (its
fields ``_stirring``, ``_stirrers`` and ``_quiet`` live there)."""

from __future__ import annotations

from typing import Any

from zorglab.engine.marks import passed_over, stir_sleepers
from zorglab.engine.state import GameState, HeroState


class SleeperCut:
    """The hopeless sleepers' test of :class:`~zorglab.search.solver.Search`."""

    def _hopeless(self: Any, state: GameState, mask: int) -> bool:
        """A living sleeper that nothing left can wake, hurt or kill — no spell left, no hero's
        action, and no mark any hero carries (``SearchFacts.stirs_sleepers``): this branch cannot win."""
        if self._stirring < 0 or mask & self._stirring:
            return False
        sleeper = False
        for hero in state.heroes:
            if hero.type in self._stirrers and hero.alive and not self._quiet_hero(hero):
                return False            # a living hero that may still stir it (a Gunner's shot)
            marks = hero.marks
            if marks:
                if stir_sleepers(marks):
                    return False        # a mark's own hooks may stir it (a tick effect)
                if hero.alive and passed_over(marks):
                    sleeper = True
        return sleeper

    def _quiet_hero(self: Any, hero: HeroState) -> bool:
        """``HeroBehaviour.quiet`` of this hero (FR-56), memoised by type, arguments and extra."""
        key = (hero.type, hero.args, hero.extra)
        found = self._quiet.get(key)
        if found is None:
            found = self._quiet[key] = self.world.behaviour(hero.type).quiet(self.world, hero.args, hero.extra)
        return found

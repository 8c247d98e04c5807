"""Thief(x), a designer's hero whose goal changes, written outside the zorglab package (issue 40).

*A thief*: while it has stolen nothing it heads for the rooms that still hold gold; once it carries
some, for Zorg's room like any hero. It tells *explain* its goal in its own words
(``HeroBehaviour.goal_words``) and names its one priority layer (``layer_words``), so the Player
never says "Zorg's room" of a goal that is not.
"""

from __future__ import annotations

from types import MappingProxyType

from zorglab import HeroBehaviour, Param, ParamKind, hero_type
from zorglab.engine.state import GameState
from zorglab.engine.world import World


@hero_type("Thief", Param("x", ParamKind.INT, minimum=1, said="HP"))
class Thief(HeroBehaviour):
    """Thief(x): the gold first (fewest actions), then Z."""

    reads_gold = True           # its goal reads the rooms' gold: plans track it
    layer_words = MappingProxyType({"actions": ("quickest getaway", "moves")})

    @staticmethod
    def _loot(world: World, state: GameState, index: int) -> frozenset[int]:
        """The rooms it still means to rob: those holding gold while it carries none."""
        if state.heroes[index].gold:
            return frozenset()
        return frozenset(room for room, gold in enumerate(state.gold) if gold > 0)

    @classmethod
    def targets(cls, world: World, state: GameState, index: int) -> frozenset[int]:
        return cls._loot(world, state, index) or world.z_rooms

    @classmethod
    def goal_words(cls, world: World, state: GameState, index: int) -> str:
        loot = cls._loot(world, state, index)
        if loot:
            rooms = ", ".join(f"{world.rooms[r].label} ({state.gold[r]} gold)" for r in sorted(loot))
            return f"{rooms}: the gold it has not stolen yet"
        stolen = state.heroes[index].gold_total
        return f"{', '.join(world.rooms[r].label for r in sorted(world.z_rooms))}, away with {stolen} gold stolen"

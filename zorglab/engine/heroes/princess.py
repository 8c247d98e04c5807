"""Princess(x, dict, b): heads for the heaviest room; pulls every hero (FR-25).

Her goal is the set of reachable rooms she perceives heaviest (:mod:`zorglab.engine.weights`:
her own ``dict`` over the default ``{Z: 1}``, averaged with other princesses' pulls); among
those equal targets she takes the HP-preserving shortest path, cost = (HP lost, actions) like
the Elf's; ties right, up, left, down. Standing in a room, she pulls every other hero with ``b``.
Perceived weights are exact fractions (ZR-20).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any, cast

from zorglab.engine.facts import SearchFacts
from zorglab.engine.heroes.base import HeroBehaviour
from zorglab.engine.weights import own_weights
from zorglab.core.registry import Param, ParamKind, hero_type

if TYPE_CHECKING:
    from zorglab.engine.resolve import Resolution
    from zorglab.engine.world import World


@hero_type(
    "Princess",
    Param("x", ParamKind.INT, minimum=1, said="HP"),
    Param("dict", ParamKind.ROOM_NUMBER_MAP),
    Param("b", ParamKind.NUMBER),
)
class Princess(HeroBehaviour):
    """Cost = (HP lost, actions), heals never offsetting damage (as the Elf's, ZR-13)."""

    cost_names = ("hp_lost", "actions")
    reads_hp = True
    # its steps touch no other hero's HP (a pull changes plans, never HP); pulling with 0 and weighing
    # Z's rooms alone she is a plain walker to Z (FR-56)
    facts = SearchFacts(stirs_sleepers=False, quiet_when_spent=True)
    moves_rooms = False
    weighs_rooms = True
    pulls_heroes = True

    @classmethod
    def room_weights(cls, args: tuple[Any, ...]) -> tuple[tuple[str, Any], ...]:
        return cast("tuple[tuple[str, Any], ...]", cls.signature.arg(args, "dict").items)

    @classmethod
    def spent(cls, world: World, args: tuple[Any, ...], extra: tuple[Any, ...]) -> bool:
        """Her pull is 0 and her own weights put every Z room above 0 and every other room at 0
        or below (FR-56). A pull of 0 in a room not Z (a hero standing in Z has ended the level)
        leaves that room's perceived weight at or below 0 for any hero weighing it so, and Z's
        rooms as they are: her goal and every quiet hero's stay Z's rooms, whatever she pulls."""
        memo = world.memo("princess.spent")
        found = memo.get(args)
        if found is None:
            weights = own_weights(world, cls.name, args)
            found = memo[args] = cls.pull(args) == 0 and all(
                (w > 0) if room.behaviour.ends_level else (w <= 0) for room, w in zip(world.rooms, weights))
        return bool(found)

    @classmethod
    def pull(cls, args: tuple[Any, ...]) -> Fraction | None:
        return Fraction(cls.signature.arg(args, "b"))

    @staticmethod
    def step_cost(res: Resolution) -> tuple[int, ...]:
        return (res.hp_lost, 1)

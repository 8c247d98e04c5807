"""Swap(): the active hero's room swaps slots with another room (FR-37, FR-38, ZR-15)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from zorglab.core.registry import spell_type
from zorglab.engine.facts import SearchFacts
from zorglab.engine.roommoves import apply_moves
from zorglab.engine.spells.base import RoomSpell, chosen_rooms
from zorglab.errors import CastError

if TYPE_CHECKING:
    from zorglab.core.geometry import Slot
    from zorglab.core.model import Cast
    from zorglab.engine.spells.base import CastContext


@spell_type("Swap")
class SwapSpell(RoomSpell):
    """Under Selection: the chosen heroes' rooms plus one extra room rotate in the order given,
    each taking the next one's slot, the last taking the first's."""

    cast_form = "with"
    bound_role = "board"      # any two rooms may trade places, whoever stands in them (FR-51)
    # a moved room carries its sleepers without an entry; rooms trade slots, none goes to an empty one
    facts = SearchFacts(stirs_sleepers=False, keeps_slots=True)

    @staticmethod
    def relaxed_moves(slots: tuple[Slot, ...]) -> list[dict[int, Slot]]:
        return [{a: slots[b], b: slots[a]} for a in range(len(slots)) for b in range(a + 1, len(slots))]

    @classmethod
    def apply_selected(cls, ctx: CastContext, heroes: tuple[int, ...], cast: Cast) -> None:
        rooms = chosen_rooms(ctx, heroes, "Swap")
        world = ctx.res.world
        if cast.with_room is None or cast.with_room not in world.room_index:
            raise CastError(f"Swap needs another room: 'Swap() with ROOM' (got {cast.with_room!r})")
        extra = world.room_index[cast.with_room]
        if extra in rooms:
            raise CastError(f"Swap with {cast.with_room}: that is the room being swapped (FR-37)")
        cycle = list(rooms) + [extra]
        slots = ctx.res.slots
        moves = {room: slots[cycle[(i + 1) % len(cycle)]] for i, room in enumerate(cycle)}
        apply_moves(ctx.res, moves, "Swap")

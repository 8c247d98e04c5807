"""Move(): the active hero's room moves to an empty slot (FR-36, FR-38, ZR-15)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from zorglab.core.registry import spell_type
from zorglab.engine.facts import SearchFacts
from zorglab.engine.roommoves import apply_moves, board_to_dungeon
from zorglab.engine.spells.base import RoomSpell, chosen_rooms
from zorglab.errors import CastError

if TYPE_CHECKING:
    from zorglab.core.model import Cast
    from zorglab.engine.spells.base import CastContext


@spell_type("Move")
class MoveSpell(RoomSpell):
    """Under Selection, the chosen heroes' distinct rooms go to distinct empty slots at once."""

    cast_form = "to"
    # a moved room carries its sleepers without an entry (ZR-8, ZR-15); a destination is read
    # only as empty, so empty slots no rule tells apart are alike (issue 41)
    facts = SearchFacts(stirs_sleepers=False, alike_destinations=True)

    @classmethod
    def apply_selected(cls, ctx: CastContext, heroes: tuple[int, ...], cast: Cast) -> None:
        rooms = chosen_rooms(ctx, heroes, "Move")
        if len(cast.to) != len(rooms):
            raise CastError(f"Move needs one destination per room moved: {len(rooms)} room(s), "
                            f"{len(cast.to)} slot(s) given ('to (col, row), ...')")
        slots = [board_to_dungeon(ctx.res, slot) for slot in cast.to]
        occupied = set(ctx.res.slots)
        for slot, given in zip(slots, cast.to):
            if slot in occupied:
                raise CastError(f"Move to {tuple(given)}: that slot is not empty (FR-36)")
        if len(set(slots)) != len(slots):
            raise CastError("Move: each room needs its own empty slot (FR-36)")
        apply_moves(ctx.res, dict(zip(rooms, slots)), "Move")

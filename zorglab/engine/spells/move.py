"""Move(): the active hero's room moves to an empty slot (FR-36, FR-38, ZR-15)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from zorglab.core.geometry import Direction, neighbour_slot
from zorglab.core.registry import spell_type
from zorglab.engine.facts import SearchFacts
from zorglab.engine.roommoves import apply_moves, board_to_dungeon
from zorglab.engine.spells.base import RoomSpell, chosen_rooms
from zorglab.errors import CastError

if TYPE_CHECKING:
    from zorglab.core.geometry import Slot
    from zorglab.core.model import Cast
    from zorglab.engine.spells.base import CastContext


@spell_type("Move")
class MoveSpell(RoomSpell):
    """Under Selection, the chosen heroes' distinct rooms go to distinct empty slots at once."""

    cast_form = "to"
    # a moved room carries its sleepers without an entry (ZR-8, ZR-15); a destination is read
    # only as empty, so empty slots no rule tells apart are alike (issue 41)
    facts = SearchFacts(stirs_sleepers=False, alike_destinations=True)
    # the damage bound tries its moves on a lone walk (FR-51, FR-57): whichever hero is active, its
    # room goes next to a room that stays, or to one slot touching no room standing for all such
    # (ZR-30) -- a superset of the casts only while nothing can move a room to an empty slot after
    # it (``search.casts.isolated_alike``), which the bound checks before it takes this role
    bound_role = "board"

    @staticmethod
    def relaxed_moves(slots: tuple[Slot, ...]) -> list[dict[int, Slot]]:
        """Each room to each empty slot beside another room, and to one slot touching no room
        (two columns right of every room: no rule but ``dist`` tells it from any other such)."""
        occupied = set(slots)
        cols = [c for c, _ in slots]
        rows = [r for _, r in slots]
        lone = (max(cols) + 2, min(rows))
        found: list[dict[int, Slot]] = []
        for room, here in enumerate(slots):
            staying = occupied - {here}
            beside = sorted({near for slot in staying for d in Direction
                             if (near := neighbour_slot(slot, d)) not in occupied})
            found += [{room: slot} for slot in beside if slot != here]
            found.append({room: lone})
        return found

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

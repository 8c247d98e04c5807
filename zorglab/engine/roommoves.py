"""Moving rooms during the extermination (ZR-15, FR-38): legality, then one atomic move.

Move, Swap, their Selection variants and the Mechanic's shove all come here, so the border
re-check is written once and uses the layout validator's own side matching.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from zorglab.core.geometry import Direction, Slot, neighbour_slot
from zorglab.engine.layout_rules import border_violations
from zorglab.errors import CastError

if TYPE_CHECKING:
    from zorglab.engine.resolve import Resolution


def board_to_dungeon(res: "Resolution", slot: Slot) -> Slot:
    """A slot named by the player (board frame) in the dungeon frame the engine runs in."""
    dungeon = res.world.dungeon
    named: Slot = (slot[0], slot[1])       # a list when it comes from the browser
    return named if dungeon is None else dungeon.from_board(named)


def move_problem(res: "Resolution", moves: dict[int, Slot]) -> str | None:
    """Why these simultaneous room moves are illegal, or None (every border still matches).

    The answer depends only on where the rooms end up and which of them moved, so the world
    keeps it: a search tries the same Swap from many states.
    """
    slots = list(res.slots)
    for room, slot in moves.items():
        slots[room] = slot
    key = (tuple(slots), tuple(sorted(moves)))
    known = res.world.move_problems
    if key not in known:
        known[key] = _problem(res.world, slots, moves)
    return known[key]


def _problem(world: Any, slots: list[Slot], moves: dict[int, Slot]) -> str | None:
    seen: dict[Slot, int] = {}
    for room, slot in enumerate(slots):
        if slot in seen:
            return (f"{world.rooms[room].label} and {world.rooms[seen[slot]].label} would share slot "
                    f"{slot}: one room per slot (ZR-15)")
        seen[slot] = room
    # Only the moved rooms' sides can break: check them with the rooms now beside them.
    near = {neighbour_slot(slots[room], d) for room in moves for d in Direction}
    involved = [room for room, slot in enumerate(slots) if room in moves or slot in near]
    tiles = {world.rooms[room].label: world.rooms[room].tile for room in involved}
    # every pair checked here touches a moved room: the first mismatch is the refusal
    for violation in border_violations(tiles, {world.rooms[room].label: slots[room] for room in involved},
                                       first_only=True):
        return f"after the move {violation.message} (FR-38: borders must still match)"
    return None


def apply_moves(res: "Resolution", moves: dict[int, Slot], cause: str) -> None:
    """Check then move; raises CastError naming the rule when refused (nothing changes)."""
    problem = move_problem(res, moves)
    if problem:
        raise CastError(f"{cause}: {problem}")
    res.move_rooms(moves, cause)

"""Z: Zorg's room (FR-12)."""

from zorglab.engine.rooms.base import RoomBehaviour
from zorglab.core.registry import room_type


@room_type("Z")
class ZorgRoom(RoomBehaviour):
    """A hero entering Z loses the level at once."""

    ends_level = True

"""Z: Zorg's room (FR-12)."""

from zorglab.engine.registry import room_type


@room_type("Z")
class ZorgRoom:
    """A hero entering Z loses the level at once."""

"""O(x): a gold room; the first hero to enter takes it all (FR-16, ZR-11)."""

from zorglab.engine.registry import Param, ParamKind, room_type


@room_type("O", Param("x", ParamKind.INT, minimum=0))
class GoldRoom:
    """Starts holding ``x`` gold."""

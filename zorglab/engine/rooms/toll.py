"""T(x, elem): dark cells act by element, light cells charge x gold (FR-17, ZR-9)."""

from zorglab.engine.registry import Param, ParamKind, room_type


@room_type("T", Param("x", ParamKind.INT, minimum=0), Param("elem", ParamKind.ELEMENT))
class TollRoom:
    """Light cells cost ``x`` gold per entry, paid FIFO and refunded to its sources."""

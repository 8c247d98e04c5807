"""D(x): damage (or, negative, healing) on every entry (FR-13)."""

from zorglab.engine.registry import Param, ParamKind, room_type


@room_type("D", Param("x", ParamKind.INT))
class DamageRoom:
    """Every entry costs ``x`` HP; a negative ``x`` heals."""

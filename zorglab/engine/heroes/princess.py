"""Princess(x, dict, b): heads for the heaviest room; pulls every hero (FR-25)."""

from zorglab.engine.registry import Param, ParamKind, hero_type


@hero_type(
    "Princess",
    Param("x", ParamKind.INT, minimum=1),
    Param("dict", ParamKind.ROOM_NUMBER_MAP),
    Param("b", ParamKind.NUMBER),
)
class Princess:
    """Perceived weights are exact fractions (ZR-20)."""

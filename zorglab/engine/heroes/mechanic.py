"""Mechanic(x, dict): shoves listed rooms (FR-24)."""

from zorglab.engine.registry import Param, ParamKind, hero_type


@hero_type("Mechanic", Param("x", ParamKind.INT, minimum=1), Param("dict", ParamKind.ROOM_INT_MAP))
class Mechanic:
    """From a listed room it can shove that room into an adjacent empty slot."""

"""E(elem): green cells act by element (FR-14, ZR-9)."""

from zorglab.engine.registry import Param, ParamKind, room_type


@room_type("E", Param("elem", ParamKind.ELEMENT))
class ElementalRoom:
    """Green cells are fire, water, ice or poison cells."""

"""Elf(x, elems): the HP-preserving shortest path; immune to its elements (FR-21)."""

from zorglab.engine.registry import Param, ParamKind, hero_type


@hero_type("Elf", Param("x", ParamKind.INT, minimum=1), Param("elems", ParamKind.ELEMENT_SET))
class Elf:
    """Cost = (HP lost, actions)."""

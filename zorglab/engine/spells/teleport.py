"""Teleport: The active hero goes to its n-th most recent visit (FR-35)."""

from zorglab.engine.registry import Param, ParamKind, spell_type


@spell_type("Teleport", Param("n", ParamKind.INT))
class TeleportSpell:
    """The active hero goes to its n-th most recent visit (FR-35)."""

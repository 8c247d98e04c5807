"""Move: The active hero's room moves to an empty slot (FR-36)."""

from zorglab.engine.registry import spell_type


@spell_type("Move")
class MoveSpell:
    """The active hero's room moves to an empty slot (FR-36)."""

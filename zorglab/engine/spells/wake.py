"""Wake: A chosen sleeping hero wakes (FR-41)."""

from zorglab.engine.registry import spell_type


@spell_type("Wake")
class WakeSpell:
    """A chosen sleeping hero wakes (FR-41)."""

"""Banality: A chosen hero becomes a Warrior, keeping its HP (FR-42)."""

from zorglab.engine.registry import spell_type


@spell_type("Banality")
class BanalitySpell:
    """A chosen hero becomes a Warrior, keeping its HP (FR-42)."""

"""Swap: The active hero's room swaps slots with another room (FR-37)."""

from zorglab.engine.registry import spell_type


@spell_type("Swap")
class SwapSpell:
    """The active hero's room swaps slots with another room (FR-37)."""

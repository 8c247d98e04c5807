"""Sleep: A chosen awake hero cannot act until woken or its HP changes (FR-40)."""

from zorglab.engine.registry import spell_type


@spell_type("Sleep")
class SleepSpell:
    """A chosen awake hero cannot act until woken or its HP changes (FR-40)."""

"""Attack: x damage to every living hero on the board (FR-34)."""

from zorglab.engine.registry import Param, ParamKind, spell_type


@spell_type("Attack", Param("x", ParamKind.INT))
class AttackSpell:
    """x damage to every living hero on the board (FR-34)."""

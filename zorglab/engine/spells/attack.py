"""Attack: x damage to every living hero on the board (FR-34)."""

from zorglab.engine.spells.base import SpellBehaviour
from zorglab.core.registry import Param, ParamKind, spell_type


@spell_type("Attack", Param("x", ParamKind.INT))
class AttackSpell(SpellBehaviour):
    """x damage to every living hero on the board (FR-34)."""

    cast_form = None

    target = "all"

    @staticmethod
    def affect(res, hero, args):
        res.change_hp(hero, -args[0], "Attack")

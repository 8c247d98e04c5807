"""Attack: x damage to every living hero on the board (FR-34)."""

from zorglab.engine.spells.base import SpellBehaviour
from zorglab.core.registry import Param, ParamKind, spell_type


@spell_type("Attack", Param("x", ParamKind.INT))
class AttackSpell(SpellBehaviour):
    """x damage to every living hero on the board (FR-34)."""

    cast_form = None

    target = "all"
    bound_role = "damage"
    moves_rooms = False

    @classmethod
    def damage_to_each(cls, args):
        return cls.signature.arg(args, "x")

    @classmethod
    def draft(cls, rng):
        return f"{cls.name}({rng.randint(1, 3)})"

    @classmethod
    def affect(cls, res, hero, args):
        res.change_hp(hero, -cls.signature.arg(args, "x"), "Attack")

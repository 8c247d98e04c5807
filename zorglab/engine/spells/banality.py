"""Banality: A chosen hero becomes a Warrior, keeping its HP (FR-42)."""

from zorglab.engine import events as ev
from zorglab.engine.spells.base import SpellBehaviour
from zorglab.core.registry import spell_type


@spell_type("Banality")
class BanalitySpell(SpellBehaviour):
    """A chosen hero becomes a Warrior, keeping its HP (FR-42)."""

    @staticmethod
    def affect(res, hero, args):
        if hero.type != "Warrior":
            res.emit(ev.TypeChanged, hero.label, hero.type, "Warrior")
            hero.type = "Warrior"
            hero.args = (hero.hp,)
            hero.immune = frozenset()
            hero.extra = ()

"""Banality: A chosen hero becomes a Warrior, keeping its HP (FR-42)."""

from zorglab.engine import events as ev
from zorglab.engine.spells.base import SpellBehaviour
from zorglab.core.registry import spell_type

BECOMES = "Warrior"     # the type every hero a Banality touches takes


@spell_type("Banality")
class BanalitySpell(SpellBehaviour):
    """A chosen hero becomes a Warrior, keeping its HP (FR-42)."""

    bound_role = "walk"       # it walks on as a Warrior (FR-51)
    moves_rooms = False

    @staticmethod
    def makes_types(args):
        return (BECOMES,)

    @staticmethod
    def changes_nothing(hero, args):
        return hero.type == BECOMES      # Banality on a Warrior (ZR-24)

    @staticmethod
    def affect(res, hero, args):
        if hero.type != BECOMES:
            res.emit(ev.TypeChanged, hero.label, hero.type, BECOMES)
            hero.type = BECOMES
            hero.args = (hero.hp,)
            hero.immune = frozenset()
            hero.extra = ()

"""Sleep: A chosen awake hero cannot act until woken or its HP changes (FR-40)."""

from zorglab.engine import events as ev
from zorglab.engine.spells.base import SpellBehaviour
from zorglab.core.registry import spell_type


@spell_type("Sleep")
class SleepSpell(SpellBehaviour):
    """A chosen awake hero cannot act until woken or its HP changes (FR-40)."""

    bound_role = "pause"      # the walk resumes where it stopped, as it was (FR-51)
    moves_rooms = False

    @staticmethod
    def stirs_sleepers(args):
        return False        # Sleep on a sleeper changes nothing (ZR-24)

    @staticmethod
    def changes_nothing(hero, args):
        return hero.asleep          # Sleep on a sleeper (ZR-24)

    @staticmethod
    def affect(res, hero, args):
        if not hero.asleep:
            hero.asleep = True
            res.emit(ev.Slept, hero.label)

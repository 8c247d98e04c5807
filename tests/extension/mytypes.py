"""A designer's own types, written outside the zorglab package: one room, one hero, one spell.

This is the whole of what a designer writes to extend the game (docs/levels.md, "Adding a type"):
a class on the behaviour base, registered under its notation name with its parameters. The
module registers its types when imported — by ``import mytypes``, or by an entry point in the
group ``zorglab.types`` of the designer's installed distribution (then no import is needed).
"""

from zorglab import HeroBehaviour, Param, ParamKind, RoomBehaviour, SpellBehaviour, hero_type, room_type, spell_type
from zorglab.core.geometry import Direction
from zorglab.engine.facts import SearchFacts


@room_type("Q", Param("x", ParamKind.INT, minimum=1))
class QuicksandRoom(RoomBehaviour):
    """Q(x): every entry costs twice ``x`` HP (quicksand drags the hero down)."""

    @staticmethod
    def on_enter(res, hero, room):
        res.change_hp(hero, -2 * res.world.rooms[room].args[0], "room " + res.world.rooms[room].label)


@hero_type("Knight", Param("x", ParamKind.INT, minimum=1))
class Knight(HeroBehaviour):
    """Knight(x): like the Warrior, goal Z at least actions, but ties go down, left, up, right."""

    directions = (Direction.DOWN, Direction.LEFT, Direction.UP, Direction.RIGHT)
    facts = SearchFacts(stirs_sleepers=False)   # its steps touch no other hero


@spell_type("Smite", Param("x", ParamKind.INT, minimum=1))
class SmiteSpell(SpellBehaviour):
    """Smite(x): ``x`` damage to the active hero only (ZR-14's active hero; no target named)."""

    cast_form = None
    target = "active"

    @staticmethod
    def affect(res, hero, args):
        res.change_hp(hero, -args[0], "Smite")

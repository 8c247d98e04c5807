"""D(x): damage (or, negative, healing) on every entry (FR-13)."""

from zorglab.engine.rooms.base import RoomBehaviour
from zorglab.core.registry import Param, ParamKind, room_type


@room_type("D", Param("x", ParamKind.INT))
class DamageRoom(RoomBehaviour):
    """Every entry costs ``x`` HP; a negative ``x`` heals."""

    @staticmethod
    def on_enter(res, hero, room):
        res.change_hp(hero, -res.world.rooms[room].args[0], "room " + res.world.rooms[room].label)

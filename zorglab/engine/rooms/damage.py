"""D(x): damage (or, negative, healing) on every entry (FR-13)."""

from zorglab.engine.rooms.base import RoomBehaviour
from zorglab.engine.registry import Param, ParamKind, room_type


@room_type("D", Param("x", ParamKind.INT))
class DamageRoom(RoomBehaviour):
    """Every entry costs ``x`` HP; a negative ``x`` heals."""

    entry_changes_hp = True

    @classmethod
    def has_monster(cls, args):
        return cls.signature.arg(args, "x") != 0       # D(0) has no monster to slay (FR-23)

    @classmethod
    def on_enter(cls, res, hero, room):
        info = res.world.rooms[room]
        res.change_hp(hero, -cls.signature.arg(info.args, "x"), "room " + info.label)

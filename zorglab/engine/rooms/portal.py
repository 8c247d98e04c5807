"""P(n, f): teleport on the hero's i-th entry, i <= n (FR-15, ZR-10)."""

from zorglab.engine.rooms.base import RoomBehaviour
from zorglab.engine.registry import Param, ParamKind, room_type


@room_type("P", Param("n", ParamKind.INT_OR_INF), Param("f", ParamKind.INDEX_FUNCTION))
class PortalRoom(RoomBehaviour):
    """On entry number ``i <= n`` the hero goes to its ``f(i)``-th most recent visit."""

    @staticmethod
    def on_enter(res, hero, room):
        n, f = res.world.rooms[room].args
        i = hero.entry_count(room)
        if i <= n:
            res.teleport_to_visit(hero, f(i), "portal")

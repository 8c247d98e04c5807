"""P(n, f): teleport on the hero's i-th entry, i <= n (FR-15, ZR-10); f gives whole numbers (ZR-26)."""

from typing import Any

from zorglab.engine.rooms.base import RoomBehaviour
from zorglab.core.registry import Param, ParamKind, room_type
from zorglab.core.model import VarRef
from zorglab.core.portals import portal_fault


@room_type("P", Param("n", ParamKind.INT_OR_INF), Param("f", ParamKind.INDEX_FUNCTION))
class PortalRoom(RoomBehaviour):
    """On entry number ``i <= n`` the hero goes to its ``f(i)``-th most recent visit."""

    @staticmethod
    def arg_fault(args: tuple[Any, ...]) -> tuple[int, str] | None:
        """(index of the faulty argument, why) when some entry ``i <= n`` gets no whole ``f(i)``
        (ZR-26); None when sound or when a variable still stands for ``n`` or ``f``."""
        n, f = args
        if isinstance(n, VarRef) or isinstance(f, VarRef):
            return None
        fault = portal_fault(n, f)
        return None if fault is None else (1, fault[1])

    @staticmethod
    def on_enter(res, hero, room):
        n, f = res.world.rooms[room].args
        i = hero.entry_count(room)
        if i <= n:
            res.teleport_to_visit(hero, f(i), "portal")

"""C(...): named by the seed's Artillery contract but never defined (FR-18, ZR-21)."""

from zorglab.engine.rooms.base import RoomBehaviour
from zorglab.core.registry import Param, ParamKind, room_type


@room_type(
    "C",
    Param("a", ParamKind.INT_OR_INF, optional=True),
    Param("b", ParamKind.INT_OR_INF, optional=True),
    undefined="room type C is not defined by the rules (open question ZR-21, FR-18)",
    variadic_max=2,
)
class UndefinedRoom(RoomBehaviour):
    """Accepted by the parser, refused by the loader: no behaviour is invented."""

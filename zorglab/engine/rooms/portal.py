"""P(n, f): teleport on the hero's i-th entry, i <= n (FR-15, ZR-10)."""

from zorglab.engine.registry import Param, ParamKind, room_type


@room_type("P", Param("n", ParamKind.INT_OR_INF), Param("f", ParamKind.INDEX_FUNCTION))
class PortalRoom:
    """On entry number ``i <= n`` the hero goes to its ``f(i)``-th most recent visit."""

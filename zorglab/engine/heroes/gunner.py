"""Gunner(x, c[, dur]): fires Shells (FR-22, FR-23)."""

from zorglab.engine.registry import Param, ParamKind, hero_type
from zorglab.level.values import INF


@hero_type(
    "Gunner",
    Param("x", ParamKind.INT, minimum=1),
    Param("c", ParamKind.INT_OR_INF),
    Param("dur", ParamKind.INT_OR_INF, optional=True, default=INF),
)
class Gunner:
    """Up to ``c`` shots; ``dur`` is the shot duration (ruled in docs/rules.md)."""

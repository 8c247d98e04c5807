"""Fitting a concrete value to a parameter's declared kind (``Param.kind``, ``Param.minimum``).

Used when a variable's domain is checked against the arguments it stands for, and again when the
player's choice replaces it (:mod:`zorglab.core.substitute`). A variable choosing several values
holds the tuple of picks (FR-3): a tuple of elements fits a set of elements, a tuple of whole
numbers fits a portal's ``f`` as its list form.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from zorglab.core.registry import Param, ParamKind
from zorglab.core.printer import format_value
from zorglab.core.values import INF, Element, FrozenMap, IndexFunction


class Misfit(Exception):
    """A value that does not fit a parameter; the message says why, for a person."""


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def is_number(value: Any) -> bool:
    return is_int(value) or isinstance(value, Fraction)


def coerce(value: Any, param: Param, what: str) -> Any:
    """``value`` as the parameter wants it, or :class:`Misfit` naming ``what`` (e.g. "D1's x")."""
    kind = param.kind
    result = _coerce(value, kind, what)
    if param.minimum is not None and is_number(result) and result < param.minimum:
        raise Misfit(f"{what} must be at least {param.minimum}, not {_show(result)}")
    return result


def _coerce(value: Any, kind: ParamKind, what: str) -> Any:
    if kind is ParamKind.INT and is_int(value):
        return value
    if kind is ParamKind.INT_OR_INF and (is_int(value) or value is INF):
        return value
    if kind is ParamKind.NUMBER and is_number(value):
        return value
    if kind is ParamKind.BOOL and isinstance(value, bool):
        return value
    if kind is ParamKind.ELEMENT and isinstance(value, Element):
        return value
    if kind is ParamKind.ELEMENT_SET:
        if isinstance(value, Element):
            return frozenset({value})
        if isinstance(value, (frozenset, tuple)) and all(isinstance(v, Element) for v in value):
            return frozenset(value)
    if kind is ParamKind.INDEX_FUNCTION:
        if isinstance(value, IndexFunction):
            return value
        if isinstance(value, tuple) and all(is_int(v) for v in value):
            return IndexFunction(format_value(value), table=value)
    if kind in (ParamKind.ROOM_INT_MAP, ParamKind.ROOM_NUMBER_MAP):
        if isinstance(value, frozenset) and not value:
            return FrozenMap()
        check = is_int if kind is ParamKind.ROOM_INT_MAP else is_number
        if isinstance(value, FrozenMap) and all(isinstance(k, str) and check(v) for k, v in value.items):
            return value
    raise Misfit(f"{what} must be {kind.value}, not {_show(value)}")


def _show(value: Any) -> str:
    return format_value(value)

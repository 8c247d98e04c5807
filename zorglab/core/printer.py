"""Model values back to level notation: ``parse(print(x)) == x`` for every value the parser builds.

The editor's save path and the reports use these, so a printed level reads the way a designer
writes one: labels only where they differ from the automatic ones, optional arguments left out when
they hold their default, the fewest parentheses that keep an expression's meaning.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Iterable, Sequence

from zorglab.core.registry import Signature, find_hero_type, find_room_type, find_spell_type
from zorglab.core import ast
from zorglab.core.model import Cast, HeroSpec, RoomSpec, SpellCall, SpellSpec, Variable, DomainKind, VarRef
from zorglab.core.values import INF, Element, FrozenMap, IndexFunction

_PRECEDENCE = {"or": 1, "and": 2, "not": 3, "compare": 4, "+": 5, "-": 5, "*": 6, "/": 6, "neg": 7, "atom": 8}


def format_value(value: Any) -> str:
    """A value in level notation: ``inf``, ``3/2``, ``{fire, ice}``, ``[1, 2]``, ``{D1: 2}``, ``i -> i + 1``."""
    if value is INF:
        return "inf"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Fraction):
        return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    if isinstance(value, Element):
        return value.value
    if isinstance(value, frozenset):
        return "{" + ", ".join(sorted(format_value(v) for v in value)) + "}"
    if isinstance(value, tuple):
        return "[" + ", ".join(format_value(v) for v in value) + "]"
    if isinstance(value, FrozenMap):
        return "{" + ", ".join(f"{format_value(k)}: {format_value(v)}" for k, v in value.items) + "}"
    if isinstance(value, IndexFunction):
        return value.text
    if isinstance(value, VarRef):
        return value.name
    if isinstance(value, ast.Lambda):
        return format_lambda(value)
    return str(value)


def format_lambda(function: ast.Lambda) -> str:
    return f"{function.param} -> {format_expr(function.body)}"


def format_domain(variable: Variable) -> str:
    """A variable's domain: ``N``, ``R``, ``{..}`` (items in written order) or ``[..]``."""
    if variable.domain is DomainKind.NATURALS:
        return "N"
    if variable.domain is DomainKind.REALS:
        return "R"
    items = ", ".join(format_value(v) for v in variable.items)
    return f"[{items}]" if variable.domain is DomainKind.LIST else f"{{{items}}}"


def format_variable(variable: Variable) -> str:
    """``choix(n, E)`` as written in ``[variables]``."""
    return f"choix({variable.count}, {format_domain(variable)})"


# --- rooms, heroes, spells -------------------------------------------------------------------------

def _call(type_name: str, args: Sequence[Any], signature: Signature | None, bare: bool) -> str:
    args = list(args)
    if signature is not None:
        params = signature.params
        while args and len(args) <= len(params) and params[len(args) - 1].optional \
                and args[-1] == params[len(args) - 1].default:
            args.pop()
    if not args and bare:
        return type_name
    return f"{type_name}({', '.join(format_value(a) for a in args)})"


def _labelled(label: str, body: str, auto_label: str | None) -> str:
    return body if label == auto_label else f"{label} = {body}"


def format_room(room: RoomSpec, auto_label: str | None = None) -> str:
    """``[label = ]TYPE[(args)][ @ tile]``; the label is left out when it equals ``auto_label``
    (default: the label a lone room of this type gets, ``TYPE1``)."""
    cls = find_room_type(room.type)
    body = _call(room.type, room.args, getattr(cls, "signature", None), bare=True)
    if room.tile is not None:
        body += f" @ {room.tile}"
    return _labelled(room.label, body, auto_label if auto_label is not None else f"{room.type}1")


def format_hero(hero: HeroSpec, auto_label: str | None = None) -> str:
    cls = find_hero_type(hero.type)
    body = _call(hero.type, hero.args, getattr(cls, "signature", None), bare=False)
    return _labelled(hero.label, body, auto_label if auto_label is not None else f"{hero.type}1")


def format_spell(spell: SpellSpec, auto_label: str | None = None) -> str:
    cls = find_spell_type(spell.type)
    body = _call(spell.type, spell.args, getattr(cls, "signature", None), bare=False)
    return _labelled(spell.label, body, auto_label if auto_label is not None else f"{spell.type}1")


def auto_labels(types: Iterable[str]) -> list[str]:
    """The automatic label of each entry: its type and 1-based index among entries of that type."""
    seen: dict[str, int] = {}
    labels = []
    for type_name in types:
        seen[type_name] = seen.get(type_name, 0) + 1
        labels.append(f"{type_name}{seen[type_name]}")
    return labels


def format_rooms(rooms: Sequence[RoomSpec]) -> list[str]:
    """A room list as written in a level file: explicit labels only where they are needed."""
    return [format_room(r, a) for r, a in zip(rooms, auto_labels(r.type for r in rooms))]


def format_heroes(heroes: Sequence[HeroSpec]) -> list[str]:
    return [format_hero(h, a) for h, a in zip(heroes, auto_labels(h.type for h in heroes))]


def format_spells(spells: Sequence[SpellSpec]) -> list[str]:
    return [format_spell(s, a) for s, a in zip(spells, auto_labels(s.type for s in spells))]


# --- casts -------------------------------------------------------------------------------------

def format_spell_call(call: SpellCall) -> str:
    if call.label is not None:
        return call.label       # one spell of several alike, named by its label (it reads back the same)
    cls = find_spell_type(call.type)
    return _call(call.type, call.args, getattr(cls, "signature", None), bare=False)


def _targets(cast: Cast) -> str:
    text = ""
    if cast.to:
        text += " to " + ", ".join(f"({c}, {r})" for c, r in cast.to)
    if cast.with_room is not None:
        text += f" with {cast.with_room}"
    if cast.on:
        text += " on " + ", ".join(cast.on)
    if cast.inner is not None:
        text += f" : {format_spell_call(cast.inner.spell)}{_targets(cast.inner)}"
    return text


def format_cast(cast: Cast) -> str:
    """``@TICK SPELL [TARGETS]``, e.g. ``@4 Selection(true) on Warrior1, Elf1 : Move() to (1, 2), (3, 0)``."""
    return f"@{cast.tick} {format_spell_call(cast.spell)}{_targets(cast)}"


# --- expressions -------------------------------------------------------------------------------

def format_expr(expr: ast.Expr) -> str:
    """An expression with the fewest parentheses that parse back to the same tree."""
    return _expr(expr)[0]


def _const(value: Any) -> tuple[str, int]:
    if isinstance(value, Fraction) and value.denominator != 1:
        return f"({value.numerator}/{value.denominator})", _PRECEDENCE["atom"]
    if isinstance(value, (int, Fraction)) and not isinstance(value, bool) and value < 0:
        return format_value(value), _PRECEDENCE["neg"]
    return format_value(value), _PRECEDENCE["atom"]


def _wrap(expr: ast.Expr, minimum: int) -> str:
    text, precedence = _expr(expr)
    return f"({text})" if precedence < minimum else text


def _expr(expr: ast.Expr) -> tuple[str, int]:
    if isinstance(expr, ast.Const):
        return _const(expr.value)
    if isinstance(expr, ast.Name):
        return expr.name, _PRECEDENCE["atom"]
    if isinstance(expr, ast.Call):
        return f"{expr.function}({', '.join(format_expr(a) for a in expr.args)})", _PRECEDENCE["atom"]
    if isinstance(expr, ast.Index):
        return f"{_wrap(expr.target, _PRECEDENCE['atom'])}[{format_expr(expr.index)}]", _PRECEDENCE["atom"]
    if isinstance(expr, ast.Unary):
        if expr.op == "not":
            return f"not {_wrap(expr.operand, _PRECEDENCE['not'])}", _PRECEDENCE["not"]
        return f"-{_wrap(expr.operand, _PRECEDENCE['neg'] + 1)}", _PRECEDENCE["neg"]
    if isinstance(expr, ast.Compare):
        level = _PRECEDENCE["compare"]
        return f"{_wrap(expr.left, level + 1)} {expr.op} {_wrap(expr.right, level + 1)}", level
    if isinstance(expr, ast.Binary):
        level = _PRECEDENCE[expr.op]
        return f"{_wrap(expr.left, level)} {expr.op} {_wrap(expr.right, level + 1)}", level
    raise TypeError(f"not an expression node: {expr!r}")

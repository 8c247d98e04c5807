"""Syntax trees of the level notation: expressions, value syntax, entities and casts.

Every node carries the :class:`~zorglab.errors.Location` of its first character (or, for an
operator, of the operator) in the file it came from; locations never take part in equality, so
``parse(print(x)) == x`` compares meaning, not layout.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, Union

from zorglab.errors import Location


@dataclass(frozen=True)
class Node:
    loc: Location | None = field(default=None, compare=False, kw_only=True, repr=False)


# --- expressions (constraints, bonuses, the body of a portal's ``i -> expr``) ----------------------

@dataclass(frozen=True)
class Const(Node):
    """A literal: an int, an exact Fraction, ``INF``, a bool, or a substituted value."""

    value: Any


@dataclass(frozen=True)
class Name(Node):
    """An identifier. ``kind`` is filled by the loader (room, hero, spell, world, var, element, param)."""

    name: str
    kind: str | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Unary(Node):
    op: str          # "-" or "not"
    operand: "Expr"


@dataclass(frozen=True)
class Binary(Node):
    op: str          # "+", "-", "*", "/", "and", "or"
    left: "Expr"
    right: "Expr"


@dataclass(frozen=True)
class Compare(Node):
    op: str          # "<", "<=", ">", ">=", "==", "!="
    left: "Expr"
    right: "Expr"


@dataclass(frozen=True)
class Call(Node):
    function: str
    args: tuple["Expr", ...] = ()


@dataclass(frozen=True)
class Index(Node):
    """``x[k]``: the k-th pick (1-based) of a variable choosing several values (FR-3)."""

    target: "Expr"
    index: "Expr"


Expr = Union[Const, Name, Unary, Binary, Compare, Call, Index]


@dataclass(frozen=True)
class Lambda(Node):
    """``param -> body``: a portal's index function (ZR-10)."""

    param: str
    body: Expr


# --- value syntax (arguments, domains, choices) before it is typed ---------------------------------

@dataclass(frozen=True)
class Lit(Node):
    """A number, ``inf`` or a boolean as written."""

    value: Any


@dataclass(frozen=True)
class Ident(Node):
    """A bare name: a label, alias, variable, element, or ``N``/``R`` in a domain."""

    name: str


@dataclass(frozen=True)
class ListLit(Node):
    items: tuple["ValueNode", ...] = ()


@dataclass(frozen=True)
class SetLit(Node):
    items: tuple["ValueNode", ...] = ()


@dataclass(frozen=True)
class MapLit(Node):
    pairs: tuple[tuple["ValueNode", "ValueNode"], ...] = ()


@dataclass(frozen=True)
class ChoixLit(Node):
    count: "ValueNode"
    domain: "ValueNode"


@dataclass(frozen=True)
class Hole(Node):
    """A placeholder written where a value belongs (``_``, ``?``, ``...``): always an error."""

    text: str


ValueNode = Union[Lit, Ident, ListLit, SetLit, MapLit, ChoixLit, Lambda, Hole]


# --- rooms, heroes, spells and casts -----------------------------------------------------------

@dataclass(frozen=True)
class EntityNode(Node):
    """``[label =] TYPE[(args)] [@ tile]``; ``args`` is None when no parentheses were written."""

    label: Ident | None
    type: Ident
    args: tuple[ValueNode, ...] | None
    tile: Ident | None
    args_loc: Location | None = field(default=None, compare=False)


@dataclass(frozen=True)
class SpellRef(Node):
    """A spell as a cast names it: ``Attack(1)``, ``Move()``, ``Banality``, or a label."""

    name: Ident
    args: tuple[ValueNode, ...] | None


@dataclass(frozen=True)
class CastNode(Node):
    """``@TICK SPELL [TARGETS]``; ``target`` is the word written before the targets (None: none written)."""

    tick: int
    spell: SpellRef
    target: Literal["on", "to", "with"] | None = None
    slots: tuple[tuple[int, int], ...] = ()
    with_room: Ident | None = None
    on: tuple[Ident, ...] = ()
    inner: "CastNode | None" = None


def children(node: Any) -> list[Any]:
    """The nodes directly inside ``node`` (expression, value or entity syntax), in order."""
    found: list[Any] = []
    for name in getattr(node, "__dataclass_fields__", ()):
        if name == "loc":
            continue
        value = getattr(node, name)
        if isinstance(value, Node):
            found.append(value)
        elif isinstance(value, tuple):
            for item in value:
                if isinstance(item, Node):
                    found.append(item)
                elif isinstance(item, tuple):
                    found.extend(part for part in item if isinstance(part, Node))
    return found


def walk(node: Any) -> list[Any]:
    """Every node of a tree, ``node`` first; iterative, so a deep tree cannot exhaust the stack."""
    out: list[Any] = []
    stack = [node]
    while stack:
        current = stack.pop()
        out.append(current)
        stack.extend(reversed(children(current)))
    return out

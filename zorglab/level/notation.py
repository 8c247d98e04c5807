"""The notation parser: text -> syntax trees (:mod:`zorglab.core.ast`), never ``eval``.

One LALR(1) parser, built once, serves every start symbol: ``entity`` (rooms, heroes, spells),
``cast``, ``value`` and ``expr``. Faults become :class:`~zorglab.errors.LevelSyntaxError` at the
offending character; unbalanced brackets are found before parsing so the message names the bracket
left open. Meaning (types, labels, arity) is checked later, by :mod:`zorglab.level.build`.
"""

from __future__ import annotations

import functools
from dataclasses import replace
from decimal import Decimal
from fractions import Fraction
from typing import Any

from lark import Lark, Token, Transformer_NonRecursive, Tree
from lark.exceptions import LarkError, UnexpectedCharacters, UnexpectedInput, UnexpectedToken, VisitError

from zorglab.errors import LevelSyntaxError, Problem
from zorglab.core import ast
from zorglab.core.limits import MAX_DIGITS, MAX_EXPRESSION_DEPTH, MAX_NESTING, MAX_NOTATION_LENGTH
from zorglab.level.notation_tables import START_SYMBOLS, parser as _stored_or_built_parser
from zorglab.level.positions import Origin
from zorglab.core.values import INF

_OPEN = {"(": ")", "[": "]", "{": "}"}
_CLOSE = {v: k for k, v in _OPEN.items()}
_COMPARISONS = {"=": "==", "≤": "<=", "≥": ">=", "≠": "!="}
_COMPARISON_TOKENS = {"<", "<=", ">", ">=", "==", "!=", "=", "≤", "≥", "≠"}
_MAX_DIGITS = MAX_DIGITS
_DESCRIPTIONS = {
    "NAME": "a name", "TILE": "a tile name", "INT": "a whole number", "DECIMAL": "a number",
    "PLACEHOLDER": "'_'", "$END": "the end of the text", "INF": "'inf'",
}


@functools.cache
def _parser() -> Lark:
    """One parser a process: loaded from the shipped tables (:mod:`zorglab.level.notation_tables`)."""
    return _stored_or_built_parser()


class NotationFault(Exception):
    """Raised inside the transformer: a fault at an offset of the text (turned into a LevelError)."""

    def __init__(self, offset: int, message: str):
        self.offset = offset
        self.message = message
        super().__init__(message)


def parse_syntax(text: str, start: str, origin: Origin | None = None) -> Any:
    """Parse ``text`` from the ``start`` symbol; raise a located :class:`LevelSyntaxError`."""
    origin = origin or Origin.of_text(text)
    fault = None
    if len(text) > MAX_NOTATION_LENGTH:
        fault = NotationFault(0, f"this notation is {len(text):,} characters long; at most "
                                                   f"{MAX_NOTATION_LENGTH:,} (docs/levels.md, Limits)")
    if fault is None:
        fault = bracket_fault(text)
    if fault is None and not text.strip():
        fault = NotationFault(0, "empty text where notation was expected")
    if fault is None:
        try:
            tree, fault = _tree(text, start) if len(text) <= CACHED_LENGTH else _parse_tree(text, start)
            if fault is None:
                return _Builder(origin).transform(tree)
        except VisitError as error:
            if isinstance(error.orig_exc, NotationFault):
                fault = error.orig_exc
            else:
                raise
        except UnexpectedInput as error:
            fault = _describe(error, text, start)
        except LarkError as error:  # any other refusal of the grammar
            fault = NotationFault(0, f"cannot read this notation ({error.__class__.__name__})")
    raise LevelSyntaxError([Problem(origin.locate(fault.offset), fault.message, LevelSyntaxError)])


CACHED_LENGTH = 1_000      # notation texts up to this long are parsed once per process (bounded memory)


def _parse_tree(text: str, start: str) -> tuple[Tree[Token], NotationFault | None]:
    """The grammar's tree of ``text`` and its depth fault."""
    tree = _parser().parse(text, start=start)
    return tree, depth_fault(tree)


@functools.lru_cache(maxsize=8192)
def _tree(text: str, start: str) -> tuple[Tree[Token], NotationFault | None]:
    """:func:`_parse_tree`, kept per text: an edit in the Studio reads the whole level again, and every
    entry but the edited one parses as before (issue 30 item 4). Trees are never changed once built."""
    return _parse_tree(text, start)


def bracket_fault(text: str) -> NotationFault | None:
    """The first unbalanced bracket: a closer without opener, a mismatch, or an opener never closed."""
    stack: list[tuple[str, int]] = []
    for offset, ch in enumerate(text):
        if ch in _OPEN:
            stack.append((ch, offset))
            if len(stack) > MAX_NESTING:
                return NotationFault(offset, f"brackets nested more than {MAX_NESTING} deep "
                                             f"(docs/levels.md, Limits)")
        elif ch in _CLOSE:
            if not stack:
                return NotationFault(offset, f"unbalanced brackets: '{ch}' closes nothing")
            opener, where = stack.pop()
            if _OPEN[opener] != ch:
                return NotationFault(offset, f"unbalanced brackets: '{ch}' cannot close '{opener}'")
    if stack:
        opener, where = stack[-1]
        return NotationFault(where, f"unbalanced brackets: this '{opener}' is never closed "
                                    f"(expected '{_OPEN[opener]}')")
    return None


def depth_fault(tree: Tree[Token]) -> NotationFault | None:
    """The first place where operators nest deeper than MAX_EXPRESSION_DEPTH (found iteratively:
    every later step walks the tree recursively, so a deeper one would exhaust the stack)."""
    stack: list[tuple[Any, int]] = [(tree, 0)]
    while stack:
        node, depth = stack.pop()
        if not isinstance(node, Tree):
            continue
        if depth > MAX_EXPRESSION_DEPTH:
            return NotationFault(_first_offset(node), f"this expression nests more than {MAX_EXPRESSION_DEPTH} "
                                 f"operations deep (a sum of n terms is n deep; docs/levels.md, Limits)")
        stack.extend((child, depth + 1) for child in node.children)
    return None


def _first_offset(node: Any) -> int:
    while isinstance(node, Tree):
        children = [c for c in node.children if c is not None]
        if not children:
            return 0
        node = children[0]
    return (node.start_pos or 0) if isinstance(node, Token) else 0


def _describe(error: UnexpectedInput, text: str, start: str) -> NotationFault:
    if isinstance(error, UnexpectedCharacters):
        pos = error.pos_in_stream or 0      # lark sets it for unexpected characters
        ch = text[pos] if pos < len(text) else ""
        return NotationFault(pos, f"unexpected character {ch!r}")
    if isinstance(error, UnexpectedToken):
        token = error.token
        names = set(error.accepts or error.expected)
        if {"NAME", "INT"} <= names:
            wanted = "an expression" if start == "expr" or "NOT" in names else "a value"
        else:
            wanted = " or ".join(sorted({_describe_terminal(name) for name in names}))
        if token.type == "$END":
            return NotationFault(len(text.rstrip()), f"the text ends too early; expected {wanted}")
        if token.value in _COMPARISON_TOKENS and start == "expr":
            return NotationFault(token.start_pos or 0, f"comparisons do not chain: join them with 'and' "
                                                      f"(unexpected {token.value!r})")
        return NotationFault(token.start_pos or 0, f"unexpected {token.value!r}; expected {wanted}")
    offset = getattr(error, "pos_in_stream", 0) or 0
    return NotationFault(offset, "cannot read this notation")


def _describe_terminal(name: str) -> str:
    if name in _DESCRIPTIONS:
        return _DESCRIPTIONS[name]
    try:
        pattern = _parser().get_terminal(name).pattern
    except KeyError:
        return name.lower()
    if pattern.type == "str":
        return f"'{pattern.value}'"
    return name.lower()


def _int(token: Token) -> int:
    if len(token) > _MAX_DIGITS:
        raise NotationFault(token.start_pos or 0, f"a number of {len(token)} digits is too long")
    return int(token)


def _decimal(token: Token) -> Token:
    if len(token) > _MAX_DIGITS:
        raise NotationFault(token.start_pos or 0, f"a number of {len(token) - 1} digits is too long "
                                                  f"(at most {_MAX_DIGITS}; docs/levels.md, Limits)")
    return token


def exact(value: int | Fraction) -> int | Fraction:
    """A whole Fraction as an int, so ``4/2`` and ``2`` are the same value."""
    if isinstance(value, Fraction) and value.denominator == 1:
        return int(value.numerator)
    return value


_BRACKETS = frozenset({"LPAR", "LSQB", "LBRACE", "AT", "CHOIX", "TO", "WITH", "ON"})


def _items(children: list[Any]) -> list[Any]:
    """Children without placeholders for absent optional parts and without kept punctuation."""
    return [c for c in children if c is not None and not (isinstance(c, Token) and c.type in _BRACKETS)]


class _Builder(Transformer_NonRecursive[Token, Any]):     # Any: the node the start symbol builds
    """Parse tree -> :mod:`zorglab.core.ast` nodes, with file locations (from each rule's first token)."""

    def __init__(self, origin: Origin):
        super().__init__()
        self.origin = origin

    def at(self, item: Any) -> Any:
        if isinstance(item, Token):
            return self.origin.locate(item.start_pos or 0)
        return item.loc

    def _ident(self, token: Token) -> ast.Ident:
        return ast.Ident(str(token), loc=self.at(token))

    def ident(self, children: list[Any]) -> ast.Ident:
        return self._ident(children[0])

    # --- entities and casts -------------------------------------------------------------------

    def entity(self, children: list[Any]) -> ast.EntityNode:
        label, type_, args, _, tile = children
        first = label if label is not None else type_
        return ast.EntityNode(
            self._ident(label) if label is not None else None, self._ident(type_),
            args[0] if args is not None else None, self._ident(tile) if tile is not None else None,
            args_loc=args[1] if args is not None else None, loc=self.at(first))

    def args(self, children: list[Any]) -> tuple[tuple[Any, ...], Any]:
        return tuple(_items(children)), self.at(children[0])

    def cast(self, children: list[Any]) -> ast.CastNode:
        at, tick, spell, target = children
        return self._with_target(ast.CastNode(_int(tick), spell, loc=self.at(at)), target)

    @staticmethod
    def _with_target(node: ast.CastNode, target: Any) -> ast.CastNode:
        if target is None:
            return node
        kind, values = target
        if kind == "to":
            return replace(node, target="to", slots=values)
        if kind == "with":
            return replace(node, target="with", with_room=values)
        heroes, inner = values
        return replace(node, target="on", on=heroes, inner=inner)

    def spell_ref(self, children: list[Any]) -> ast.SpellRef:
        name, args = children
        return ast.SpellRef(self._ident(name), args[0] if args is not None else None, loc=self.at(name))

    def to_target(self, children: list[Any]) -> tuple[str, Any]:
        return "to", tuple(_items(children))

    def with_target(self, children: list[Any]) -> tuple[str, Any]:
        return "with", self._ident(children[1])

    def on_target(self, children: list[Any]) -> tuple[str, Any]:
        names = tuple(self._ident(c) for c in children if isinstance(c, Token) and c.type == "NAME")
        spell, target = children[-2], children[-1]
        inner = None
        if spell is not None:
            inner = self._with_target(ast.CastNode(-1, spell, loc=spell.loc), target)
        return "on", (names, inner)

    def slot(self, children: list[Any]) -> tuple[int, int]:
        column, row = _items(children)
        return column, row

    def signed_int(self, children: list[Any]) -> int:
        minus, digits = children
        return -_int(digits) if minus is not None else _int(digits)

    # --- values -------------------------------------------------------------------------------

    def number(self, children: list[Any]) -> ast.Lit:
        first = next(c for c in children if c is not None)
        if len(children) == 4:
            minus, digits, slash, denominator = children
            value: int | Fraction = _int(digits)
            if denominator is not None:
                if _int(denominator) == 0:
                    raise NotationFault(slash.start_pos, "division by zero")
                value = exact(Fraction(value, _int(denominator)))
        else:
            minus, digits = children
            value = exact(Fraction(Decimal(str(_decimal(digits)))))
        return ast.Lit(-value if minus is not None else value, loc=self.at(first))

    def inf(self, children: list[Any]) -> Any:
        return ast.Lit(INF, loc=self.at(children[0]))

    def true(self, children: list[Any]) -> ast.Lit:
        return ast.Lit(True, loc=self.at(children[0]))

    def false(self, children: list[Any]) -> ast.Lit:
        return ast.Lit(False, loc=self.at(children[0]))

    def hole(self, children: list[Any]) -> ast.Hole:
        return ast.Hole(str(children[0]), loc=self.at(children[0]))

    def lambda_(self, children: list[Any]) -> ast.Lambda:
        param, body = children
        return ast.Lambda(str(param), body, loc=self.at(param))

    def list_(self, children: list[Any]) -> ast.ListLit:
        return ast.ListLit(tuple(_items(children)), loc=self.at(children[0]))

    def set_(self, children: list[Any]) -> ast.SetLit:
        return ast.SetLit(tuple(_items(children)), loc=self.at(children[0]))

    def map_(self, children: list[Any]) -> ast.MapLit:
        return ast.MapLit(tuple(_items(children)), loc=self.at(children[0]))

    def pair(self, children: list[Any]) -> tuple[Any, Any]:
        return children[0], children[1]

    def choix(self, children: list[Any]) -> ast.ChoixLit:
        count, domain = _items(children)
        return ast.ChoixLit(count, domain, loc=self.at(children[0]))

    # --- expressions --------------------------------------------------------------------------

    def const_inf(self, children: list[Any]) -> ast.Const:
        return ast.Const(INF, loc=self.at(children[0]))

    def const_true(self, children: list[Any]) -> ast.Const:
        return ast.Const(True, loc=self.at(children[0]))

    def const_false(self, children: list[Any]) -> ast.Const:
        return ast.Const(False, loc=self.at(children[0]))

    def integer(self, children: list[Any]) -> ast.Const:
        return ast.Const(_int(children[0]), loc=self.at(children[0]))

    def decimal(self, children: list[Any]) -> ast.Const:
        return ast.Const(exact(Fraction(Decimal(str(_decimal(children[0]))))), loc=self.at(children[0]))

    def name(self, children: list[Any]) -> ast.Name:
        return ast.Name(str(children[0]), loc=self.at(children[0]))

    def group(self, children: list[Any]) -> Any:
        return children[1]

    def call(self, children: list[Any]) -> ast.Call:
        name = children[0]
        return ast.Call(str(name), tuple(_items(children[1:])), loc=self.at(name))

    def index(self, children: list[Any]) -> ast.Index:
        target, _, index = children
        return ast.Index(target, index, loc=target.loc)

    def unary(self, children: list[Any]) -> Any:
        op, operand = children
        if op.type == "MINUS" and isinstance(operand, ast.Const) and _is_number(operand.value):
            return ast.Const(-operand.value, loc=self.at(op))
        return ast.Unary(str(op), operand, loc=self.at(op))

    def binary(self, children: list[Any]) -> Any:
        left, op, right = children
        if (op.type == "SLASH" and isinstance(left, ast.Const) and isinstance(right, ast.Const)
                and _is_int(left.value) and _is_int(right.value) and right.value != 0):
            return ast.Const(exact(Fraction(left.value, right.value)), loc=left.loc)
        return ast.Binary(str(op), left, right, loc=self.at(op))

    def compare(self, children: list[Any]) -> ast.Compare:
        left, op, right = children
        token = op.children[0]
        return ast.Compare(_COMPARISONS.get(str(token), str(token)), left, right, loc=self.at(token))


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return _is_int(value) or isinstance(value, Fraction)

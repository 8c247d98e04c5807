"""Hypothesis strategies for valid level notation: model values the parser builds, in canonical form."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from hypothesis import strategies as st

from zorglab.core.registry import Param, ParamKind, hero_types, room_types, spell_types
from zorglab.core import ast
from zorglab.core.expr import FUNCTIONS, LambdaRule
from zorglab.level.labels import KEYWORDS
from zorglab.core.model import Cast, HeroSpec, RoomSpec, SpellCall, SpellSpec
from zorglab.core.portals import portal_fault
from zorglab.core.printer import format_lambda, format_value
from zorglab.level.solutions import target_form
from zorglab.core.values import INF, Element, FrozenMap, IndexFunction

RESERVED = KEYWORDS | {e.value for e in Element} | {"N", "R", "M"} | {
    cls.name for cls in (*room_types(), *hero_types(), *spell_types())}

names = st.from_regex(r"[A-Za-z][A-Za-z0-9_]{0,6}", fullmatch=True).filter(lambda n: n not in RESERVED)
tiles = st.from_regex(r"[A-Za-z0-9_][A-Za-z0-9_\-]{0,8}", fullmatch=True)
ints = st.integers(min_value=-50, max_value=50)
fractions = st.builds(Fraction, st.integers(-30, 30), st.integers(2, 9)).filter(lambda f: f.denominator != 1)
numbers = st.one_of(ints, fractions)
elements = st.sampled_from(list(Element))


# --- values ------------------------------------------------------------------------------------

def _scalars() -> st.SearchStrategy[Any]:
    return st.one_of(ints, fractions, st.just(INF), st.booleans(), elements, names)


values = st.recursive(
    _scalars(),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4).map(tuple),
        st.lists(inner, max_size=4, unique_by=format_value).map(frozenset).filter(lambda s: len(s) == len(set(s))),
        st.lists(st.tuples(inner, inner), min_size=1, max_size=3, unique_by=lambda kv: format_value(kv[0]))
          .map(lambda kvs: FrozenMap(tuple(kvs))),
    ),
    max_leaves=8,
)


# --- expressions (canonical: what the parser builds, so parse(print(e)) == e) --------------------

def _leaf() -> st.SearchStrategy[ast.Expr]:
    return st.one_of(
        st.builds(ast.Const, st.one_of(ints, fractions, st.just(INF), st.booleans())),
        st.builds(ast.Name, names),
    )


def _is_number_const(e: ast.Expr) -> bool:
    return isinstance(e, ast.Const) and isinstance(e.value, (int, Fraction)) and not isinstance(e.value, bool)


def _binary(inner: st.SearchStrategy[ast.Expr]) -> st.SearchStrategy[ast.Expr]:
    def ok(node: ast.Binary) -> bool:
        if node.op != "/":
            return True
        folds = (_is_number_const(node.left) and isinstance(node.left.value, int)
                 and _is_number_const(node.right) and isinstance(node.right.value, int))
        return not folds
    return st.builds(ast.Binary, st.sampled_from(["+", "-", "*", "/", "and", "or"]), inner, inner).filter(ok)


expressions = st.recursive(
    _leaf(),
    lambda inner: st.one_of(
        _binary(inner),
        st.builds(ast.Compare, st.sampled_from(["<", "<=", ">", ">=", "==", "!="]), inner, inner),
        st.builds(ast.Unary, st.just("-"), inner).filter(lambda u: not _is_number_const(u.operand)),
        st.builds(ast.Unary, st.just("not"), inner),
        st.builds(ast.Call, st.sampled_from(sorted(FUNCTIONS) + ["f"]), st.lists(inner, max_size=3).map(tuple)),
        st.builds(ast.Index, st.builds(ast.Name, names), inner),
    ),
    max_leaves=10,
)


def _arith(inner: st.SearchStrategy[ast.Expr]) -> st.SearchStrategy[ast.Expr]:
    return st.one_of(
        st.builds(ast.Binary, st.sampled_from(["+", "-", "*"]), inner, inner),
        st.builds(ast.Unary, st.just("-"), inner).filter(lambda u: not _is_number_const(u.operand)),
    )


lambda_bodies = st.recursive(
    st.one_of(st.builds(ast.Const, ints), st.just(ast.Name("i"))), _arith, max_leaves=6)


def index_functions() -> st.SearchStrategy[IndexFunction]:
    table = st.lists(ints, max_size=5).map(tuple).map(lambda t: IndexFunction(format_value(t), table=t))
    rule = lambda_bodies.map(lambda body: ast.Lambda("i", body)).map(
        lambda fn: IndexFunction(format_lambda(fn), rule=LambdaRule(fn)))
    # a level holds only an f that ZR-26 and the history limit accept (for every n); else a list
    rule = rule.map(lambda f: f if portal_fault(INF, f) is None else IndexFunction(format_value((1,)), table=(1,)))
    return st.one_of(table, rule)


# --- rooms, heroes, spells -----------------------------------------------------------------------

def argument(param: Param) -> st.SearchStrategy[Any]:
    low = param.minimum
    kind = param.kind
    whole = st.integers(min_value=low if low is not None else -50, max_value=60)
    if kind is ParamKind.INT:
        return whole
    if kind is ParamKind.INT_OR_INF:
        return st.one_of(whole, st.just(INF))
    if kind is ParamKind.NUMBER:
        return st.one_of(whole, fractions)
    if kind is ParamKind.BOOL:
        return st.booleans()
    if kind is ParamKind.ELEMENT:
        return elements
    if kind is ParamKind.ELEMENT_SET:
        return st.frozensets(elements)
    if kind is ParamKind.INDEX_FUNCTION:
        return index_functions()
    value = ints if kind is ParamKind.ROOM_INT_MAP else numbers
    return st.lists(st.tuples(names, value), max_size=3, unique_by=lambda kv: kv[0]).map(
        lambda kvs: FrozenMap(tuple(kvs)))


@st.composite
def _arguments(draw: Any, cls: type) -> tuple[Any, ...]:
    params = cls.signature.params  # type: ignore[attr-defined]
    args = [draw(argument(p)) for p in params if not p.optional]
    optional = [p for p in params if p.optional]
    extra = draw(st.integers(0, len(optional)))
    args += [draw(argument(p)) for p in optional[:extra]]
    args += [p.default for p in optional[extra:]]
    return tuple(args)


@st.composite
def specs(draw: Any, category: str) -> Any:
    types = {"room": [c for c in room_types() if c.name != "C"], "hero": list(hero_types()),
             "spell": list(spell_types())}[category]
    cls = draw(st.sampled_from(types))
    label = draw(st.one_of(st.just(f"{cls.name}1"), names))
    args = draw(_arguments(cls))
    if category == "room":
        return RoomSpec(label, cls.name, args, draw(st.one_of(st.none(), tiles)))
    return (HeroSpec if category == "hero" else SpellSpec)(label, cls.name, args)


# --- casts ------------------------------------------------------------------------------------------

slots = st.tuples(st.integers(-5, 9), st.integers(-5, 9))


@st.composite
def _call(draw: Any, allowed: list[type]) -> SpellCall:
    cls = draw(st.sampled_from(allowed))
    return SpellCall(cls.name, draw(_arguments(cls)))


@st.composite
def casts(draw: Any) -> Cast:
    tick = draw(st.integers(0, 200))
    call = draw(_call(list(spell_types())))
    form = target_form(call.type)
    if form == "to":
        return Cast(tick, call, to=(draw(slots),))
    if form == "with":
        return Cast(tick, call, with_room=draw(names))
    if form == "on":
        return Cast(tick, call, on=(draw(names),))
    if form is None:
        return Cast(tick, call)
    heroes = tuple(draw(st.lists(names, min_size=1, max_size=3, unique=True)))
    inner_call = draw(_call([c for c in spell_types() if c.name != "Selection"]))
    inner_form = target_form(inner_call.type)
    if inner_form == "to":
        inner = Cast(tick, inner_call, to=tuple(draw(slots) for _ in heroes))
    elif inner_form == "with":
        inner = Cast(tick, inner_call, with_room=draw(names))
    else:
        inner = Cast(tick, inner_call)
    return Cast(tick, call, on=heroes, inner=inner)

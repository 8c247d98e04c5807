"""Expressions: the function registry, the load-time check, and exact evaluation.

Constraints, bonuses and a portal's ``i -> expr`` are :mod:`zorglab.core.ast` trees. At load
time :func:`check` resolves every name against the level's scope (labels and aliases become
canonical labels) and checks kinds, arities and constant divisions by zero. At run time the engine
calls :func:`evaluate` with an :class:`Environment` that supplies variable values and the
registry's function implementations (the engine owns the run record they read).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Callable, Mapping, Protocol

from zorglab.errors import ArgumentTypeError, ArityError, ExpressionError, Location, Problem, UnknownNameError
from zorglab.core import ast
from zorglab.core.values import INF, Element


class Kind(enum.Enum):
    """What an expression or argument denotes."""

    NUMBER = "a number"
    BOOL = "true or false"
    ROOM = "a room"
    HERO = "a hero"
    SPELL = "a spell"
    WORLD = "a world"
    ELEMENT = "an element"
    PICKS = "several picks"
    ANY = "a value"


@dataclass(frozen=True)
class Function:
    """One function of the expression language: name, parameters, result and meaning."""

    name: str
    params: tuple[tuple[str, Kind], ...]
    result: Kind
    doc: str

    @property
    def arity(self) -> int:
        return len(self.params)

    def describe(self) -> str:
        return f"{self.name}({', '.join(name for name, _ in self.params)})"


FUNCTIONS: dict[str, Function] = {}


def register_function(function: Function) -> Function:
    """Add a function to the registry (NFR-3); the engine must then provide its implementation."""
    if function.name in FUNCTIONS and FUNCTIONS[function.name] != function:
        raise ValueError(f"function {function.name!r} is registered twice")
    FUNCTIONS[function.name] = function
    return function


for _function in (
    Function("dist", (("r", Kind.ROOM), ("s", Kind.ROOM)), Kind.NUMBER,
             "Manhattan distance |dcol| + |drow| between the slots of rooms r and s (ZR-5, FR-10)."),
    Function("died_before", (("h", Kind.HERO), ("k", Kind.HERO)), Kind.BOOL,
             "Hero h died, and died before hero k did (in the order deaths happened); "
             "true as well when k never died."),
    Function("hp_at_death", (("h", Kind.HERO),), Kind.NUMBER,
             "Hero h's HP when it died (0 or less, not clamped, ZR-25); an error if h did not die."),
    Function("gold_at_death", (("h", Kind.HERO),), Kind.NUMBER,
             "The gold hero h held when it died (before it dropped); an error if h did not die."),
    Function("unused", (("s", Kind.SPELL),), Kind.BOOL,
             "Spell s was never cast (neither directly nor under Selection)."),
    Function("solvable", (("w", Kind.WORLD),), Kind.BOOL,
             "World w (the level's own world M, or a mirror by name) is solvable (ZR-19, FR-46)."),
):
    register_function(_function)


@dataclass(frozen=True)
class Binding:
    """What a name means in a level: its kind, canonical name, and for variables the pick count."""

    kind: Kind
    name: str
    category: str            # room, hero, spell, world, var, element, param
    picks: int = 0           # > 1: a variable holding a tuple of picks (FR-3)


class Scope(Protocol):
    def lookup(self, name: str) -> Binding | None: ...

    def names(self) -> list[str]: ...


# --- load-time check ---------------------------------------------------------------------------

_NOUNS = {Kind.ROOM: "room label", Kind.HERO: "hero label", Kind.SPELL: "spell label", Kind.WORLD: "world"}
_LOGIC = {"and", "or"}
_ORDER = {"<", "<=", ">", ">="}


@dataclass
class Checker:
    """Resolves and checks one expression, collecting every problem found."""

    scope: Scope
    problems: list[Problem]
    params: dict[str, Binding] = field(default_factory=dict)
    allow_calls: bool = True

    def problem(self, loc: Location | None, message: str, kind: type) -> None:
        self.problems.append(Problem(loc, message, kind))

    def check(self, node: ast.Expr, want: Kind | None = None) -> tuple[ast.Expr, Kind]:
        node, kind = self._check(node)
        if want is not None and not _fits(kind, want):
            self.problem(node.loc, f"expected {want.value} here, found {kind.value}", ArgumentTypeError)
        return node, kind

    def _check(self, node: ast.Expr, hint: Kind | None = None) -> tuple[ast.Expr, Kind]:
        if isinstance(node, ast.Const):
            return node, kind_of_value(node.value)
        if isinstance(node, ast.Name):
            return self._name(node, hint)
        if isinstance(node, ast.Unary):
            want = Kind.BOOL if node.op == "not" else Kind.NUMBER
            operand, _ = self.check(node.operand, want)
            return replace(node, operand=operand), want
        if isinstance(node, ast.Binary):
            want = Kind.BOOL if node.op in _LOGIC else Kind.NUMBER
            left, _ = self.check(node.left, want)
            right, _ = self.check(node.right, want)
            if node.op == "/" and isinstance(right, ast.Const) and right.value == 0 and right.value is not False:
                self.problem(node.loc, "division by zero", ExpressionError)
            return replace(node, left=left, right=right), want
        if isinstance(node, ast.Compare):
            return self._compare(node)
        if isinstance(node, ast.Call):
            return self._call(node)
        if isinstance(node, ast.Index):
            return self._index(node)
        raise TypeError(f"not an expression node: {node!r}")

    def _name(self, node: ast.Name, hint: Kind | None = None) -> tuple[ast.Expr, Kind]:
        binding = self.params.get(node.name) or self.scope.lookup(node.name)
        if binding is None:
            noun = _NOUNS.get(hint, "name") if hint is not None else "name"
            known = [n for n in self.scope.names() + list(self.params)
                     if hint not in _NOUNS or (self.scope.lookup(n) or Binding(Kind.ANY, n, "")).kind is hint]
            self.problem(node.loc, unknown_name_message(node.name, known, noun), UnknownNameError)
            return node, Kind.ANY
        kind = Kind.PICKS if binding.picks > 1 else binding.kind
        return ast.Name(binding.name, binding.category, loc=node.loc), kind

    def _compare(self, node: ast.Compare) -> tuple[ast.Expr, Kind]:
        if node.op in _ORDER:
            left, _ = self.check(node.left, Kind.NUMBER)
            right, _ = self.check(node.right, Kind.NUMBER)
        else:
            left, left_kind = self.check(node.left)
            right, right_kind = self.check(node.right)
            if not (_fits(left_kind, right_kind) or _fits(right_kind, left_kind)):
                self.problem(node.loc, f"cannot compare {left_kind.value} with {right_kind.value}",
                             ArgumentTypeError)
        return replace(node, left=left, right=right), Kind.BOOL

    def _call(self, node: ast.Call) -> tuple[ast.Expr, Kind]:
        function = FUNCTIONS.get(node.function)
        if function is None:
            known = ", ".join(sorted(FUNCTIONS))
            self.problem(node.loc, f"unknown function {node.function!r} (known: {known})", UnknownNameError)
            return replace(node, args=tuple(self.check(arg)[0] for arg in node.args)), Kind.ANY
        if not self.allow_calls:
            self.problem(node.loc, f"{node.function}() reads a finished run; it cannot appear here",
                         ArgumentTypeError)
        if len(node.args) != function.arity:
            self.problem(node.loc, f"{function.describe()} takes {_count(function.arity, 'argument')}, "
                                   f"got {len(node.args)}", ArityError)
            return replace(node, args=tuple(self.check(arg)[0] for arg in node.args)), function.result
        args: list[ast.Expr] = []
        for position, (arg, (param, want)) in enumerate(zip(node.args, function.params), start=1):
            checked, kind = self._check(arg, want)
            if not _fits(kind, want):
                what = f" ({checked.name} is {kind.value})" if isinstance(checked, ast.Name) else ""
                self.problem(arg.loc, f"{function.name}'s argument {param} must be {want.value}{what}",
                             ArgumentTypeError)
            args.append(checked)
        return replace(node, args=tuple(args)), function.result

    def _index(self, node: ast.Index) -> tuple[ast.Expr, Kind]:
        target, kind = self._check(node.target)
        index, _ = self.check(node.index, Kind.NUMBER)
        item = Kind.ANY
        if kind is not Kind.PICKS and kind is not Kind.ANY:
            self.problem(node.loc, "only a variable choosing several values can be indexed", ArgumentTypeError)
        elif isinstance(target, ast.Name):
            binding = self.scope.lookup(target.name)
            if binding is not None and binding.picks > 1:
                item = binding.kind
                if isinstance(index, ast.Const) and index.value not in range(1, binding.picks + 1):
                    self.problem(index.loc, f"{target.name} holds {binding.picks} picks; "
                                            f"index {index.value} is outside 1..{binding.picks}", ArgumentTypeError)
        return replace(node, target=target, index=index), item


def _fits(kind: Kind, want: Kind) -> bool:
    return kind is want or kind is Kind.ANY or want is Kind.ANY


def kind_of_value(value: Any) -> Kind:
    if isinstance(value, bool):
        return Kind.BOOL
    if value is INF or isinstance(value, (int, Fraction)):
        return Kind.NUMBER
    if isinstance(value, Element):
        return Kind.ELEMENT
    if isinstance(value, tuple):
        return Kind.PICKS
    return Kind.ANY


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")


def unknown_name_message(name: str, known: list[str], noun: str = "name") -> str:
    import difflib      # a misspelt name only: loading a sound level never pays for it
    close = difflib.get_close_matches(name, sorted(set(known)), n=1)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    return f"unknown {noun} {name!r}{hint}"


# --- evaluation ---------------------------------------------------------------------------------

class Environment(Protocol):
    """What :func:`evaluate` reads: variable (and lambda parameter) values and function implementations.

    ``value`` and ``function`` raise ``KeyError`` for a name they do not provide.
    """

    def value(self, name: str) -> Any: ...

    def function(self, name: str) -> Callable[..., Any]: ...


@dataclass(frozen=True)
class SimpleEnv:
    """An :class:`Environment` from two mappings."""

    values: Mapping[str, Any] = field(default_factory=dict)
    functions: Mapping[str, Callable[..., Any]] = field(default_factory=dict)

    def value(self, name: str) -> Any:
        return self.values[name]

    def function(self, name: str) -> Callable[..., Any]:
        return self.functions[name]


_LABEL_CATEGORIES = {"room", "hero", "spell", "world"}


def evaluate(expr: ast.Expr, env: Environment) -> Any:
    """The value of ``expr``: exact numbers (int/Fraction/INF), bools, labels; never a float."""
    if isinstance(expr, ast.Const):
        return expr.value
    if isinstance(expr, ast.Name):
        return _name_value(expr, env)
    if isinstance(expr, ast.Unary):
        operand = evaluate(expr.operand, env)
        if expr.op == "not":
            return not _bool(operand, expr)
        return -_finite(operand, expr)
    if isinstance(expr, ast.Binary):
        return _binary(expr, env)
    if isinstance(expr, ast.Compare):
        return _compare(expr, evaluate(expr.left, env), evaluate(expr.right, env))
    if isinstance(expr, ast.Call):
        args = tuple(evaluate(arg, env) for arg in expr.args)
        try:
            implementation = env.function(expr.function)
        except KeyError:
            raise ExpressionError(f"function {expr.function}() is not available here", expr.loc) from None
        return implementation(*args)
    if isinstance(expr, ast.Index):
        picks = evaluate(expr.target, env)
        index = evaluate(expr.index, env)
        if not isinstance(picks, tuple) or not isinstance(index, int) or not 1 <= index <= len(picks):
            raise ExpressionError(f"cannot take pick {index} of {picks!r}", expr.loc)
        return picks[index - 1]
    raise TypeError(f"not an expression node: {expr!r}")


def _name_value(expr: ast.Name, env: Environment) -> Any:
    if expr.kind in _LABEL_CATEGORIES:
        return expr.name
    if expr.kind == "element":
        return Element(expr.name)
    try:
        return env.value(expr.name)
    except KeyError:
        if expr.kind in ("var", "param"):
            raise ExpressionError(f"no value for {expr.name!r}", expr.loc) from None
        return expr.name


def _binary(expr: ast.Binary, env: Environment) -> Any:
    left = evaluate(expr.left, env)
    if expr.op == "and":
        return _bool(left, expr) and _bool(evaluate(expr.right, env), expr)
    if expr.op == "or":
        return _bool(left, expr) or _bool(evaluate(expr.right, env), expr)
    a = _finite(left, expr)
    b = _finite(evaluate(expr.right, env), expr)
    if expr.op == "+":
        return a + b
    if expr.op == "-":
        return a - b
    if expr.op == "*":
        return a * b
    if b == 0:
        raise ExpressionError("division by zero", expr.loc)
    result = Fraction(a, b)
    return int(result) if result.denominator == 1 else result


def _compare(expr: ast.Compare, left: Any, right: Any) -> bool:
    if expr.op == "==":
        return bool(left == right)
    if expr.op == "!=":
        return bool(left != right)
    for value in (left, right):
        if not (value is INF or (isinstance(value, (int, Fraction)) and not isinstance(value, bool))):
            raise ExpressionError(f"cannot order {value!r}", expr.loc)
    if expr.op == "<":
        return bool(left < right)
    if expr.op == "<=":
        return bool(left <= right)
    if expr.op == ">":
        return bool(left > right)
    return bool(left >= right)


def _bool(value: Any, expr: ast.Node) -> bool:
    if not isinstance(value, bool):
        raise ExpressionError(f"expected true or false, got {value!r}", expr.loc)
    return value


def _finite(value: Any, expr: ast.Node) -> int | Fraction:
    if value is INF:
        raise ExpressionError("inf can be compared but takes no part in arithmetic", expr.loc)
    if isinstance(value, bool) or not isinstance(value, (int, Fraction)):
        raise ExpressionError(f"expected a number, got {value!r}", expr.loc)
    return value


@dataclass(frozen=True)
class LambdaRule:
    """A portal's ``i -> expr`` as a callable on whole numbers (used by ``IndexFunction.rule``)."""

    function: ast.Lambda

    def __call__(self, i: int) -> int:
        result = evaluate(self.function.body, SimpleEnv({self.function.param: i}))
        if isinstance(result, Fraction) and result.denominator == 1:
            result = int(result)
        if isinstance(result, bool) or not isinstance(result, int):
            raise ExpressionError(f"f({i}) = {result} is not a whole number; a portal's f must give whole "
                                  f"numbers (ZR-26)", self.function.loc)
        return result

    def reads_param(self) -> bool:
        """Does the body read its parameter (else every entry gets the same value)?"""
        param = self.function.param
        return any(isinstance(node, ast.Name) and node.name == param for node in ast.walk(self.function.body))

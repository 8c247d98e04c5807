"""The player's setup choices replace a level's variables everywhere (FR-2, FR-3).

:func:`resolve_choices` checks each choice against its variable's domain (a value of a set or a
list; with ``n > 1`` a tuple of picks in the order taken: distinct for a set, N or R, and from a list
no value more often than the list holds it). :func:`substitute_level` then rewrites rooms, heroes,
spells, constraints, bonuses and mirrors, fitting each value to the parameter it fills.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from decimal import Decimal
from fractions import Fraction
from typing import Any, Callable, Mapping, Sequence

from zorglab.core.registry import Param, ParamKind, find_hero_type, find_room_type, find_spell_type
from zorglab.errors import ChoiceError, LevelError, Location, Problem
from zorglab.core import ast
from zorglab.core.expr import LambdaRule
from zorglab.core.kinds import Misfit, coerce, is_int, is_number
from zorglab.core.limits import decimal_fault
from zorglab.core.model import Condition, DomainKind, Level, Mirror, Variable, VarRef
from zorglab.core.printer import format_domain, format_lambda, format_value, format_variable
from zorglab.core.values import Element, FrozenMap, IndexFunction


class ChoiceRefused(Exception):
    """A choice that is not one of its variable's values (the message names the value)."""


def normalise_choice(value: Any) -> Any:
    """A caller's value in model form: lists become tuples, whole fractions ints; floats are refused."""
    if isinstance(value, float):
        raise ChoiceRefused(f"{value!r} is a float; write an exact number (an int, a Fraction or a Decimal)")
    if isinstance(value, Decimal):
        fault = decimal_fault(value)
        if fault is not None:
            raise ChoiceRefused(fault)
        value = Fraction(value)
    if isinstance(value, Fraction) and value.denominator == 1:
        return int(value.numerator)
    if isinstance(value, list):
        return tuple(normalise_choice(v) for v in value)
    if isinstance(value, tuple):
        return tuple(normalise_choice(v) for v in value)
    return value


def _in_domain(variable: Variable, value: Any) -> bool:
    if variable.domain is DomainKind.NATURALS:
        return is_int(value) and value >= 0
    if variable.domain is DomainKind.REALS:
        return is_number(value)
    return any(item == value and type(item) is type(value) for item in variable.items)


def check_choice(variable: Variable, value: Any) -> Any:
    """The choice in model form, or :class:`ChoiceRefused` with a message naming the value."""
    name = variable.name
    try:
        value = normalise_choice(value)
    except ChoiceRefused as refused:
        raise ChoiceRefused(f"choice {name} = {refused}") from None
    domain = format_domain(variable)
    if variable.count == 1:
        if not _in_domain(variable, value):
            raise ChoiceRefused(f"choice {name} = {format_value(value)} is not in {domain}")
        return value
    if not isinstance(value, tuple) or len(value) != variable.count:
        raise ChoiceRefused(f"choice {name} must be a list of {variable.count} picks in the order taken, "
                       f"not {format_value(value)}")
    for pick in value:
        if not _in_domain(variable, pick):
            raise ChoiceRefused(f"choice {name}: the pick {format_value(pick)} is not in {domain}")
    counts = Counter(value)
    for pick, times in counts.items():
        allowed = sum(1 for item in variable.items if item == pick) if variable.domain is DomainKind.LIST else 1
        if times > allowed:
            raise ChoiceRefused(f"choice {name} picks {format_value(pick)} {_times(times)}, but "
                           f"{domain} holds it {_times(allowed)}")
    return value


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def resolve_choices(variables: Sequence[Variable], choices: Mapping[str, Any],
                    where: Callable[[str], Location | None] = lambda name: None,
                    missing_at: Location | None = None) -> tuple[dict[str, Any], list[Problem]]:
    """Every variable's checked value, and every problem: unknown names, missing or bad choices."""
    problems: list[Problem] = []
    values: dict[str, Any] = {}
    by_name = {v.name: v for v in variables}
    for name in choices:
        if name not in by_name:
            known = ", ".join(by_name) or "none"
            problems.append(Problem(where(name), f"no variable named {name!r} to choose (variables: {known})",
                                    ChoiceError))
    for variable in variables:
        if variable.name not in choices:
            problems.append(Problem(missing_at or variable.location, f"no choice for variable {variable.name} "
                                    f"({format_variable(variable)})", ChoiceError))
            continue
        try:
            values[variable.name] = check_choice(variable, choices[variable.name])
        except ChoiceRefused as refused:
            problems.append(Problem(where(variable.name) or variable.location, str(refused), ChoiceError))
    return values, problems


def substitute_level(level: Level, choices: Mapping[str, Any]) -> Level:
    """``level`` with every :class:`VarRef` replaced by the chosen value; raises :class:`ChoiceError`."""
    values, problems = resolve_choices(level.variables, choices)
    if problems:
        raise LevelError.from_problems(problems)
    return apply_choices(level, values)


def apply_choices(level: Level, values: Mapping[str, Any]) -> Level:
    """Substitute already checked values (see :func:`resolve_choices`)."""
    if not level.variables:
        return level
    problems: list[Problem] = []
    world = Substitution(values, problems, _categories(level.rooms, level.heroes, level.spells, level))
    rooms = tuple(world.spec(r, find_room_type) for r in level.rooms)
    heroes = tuple(world.spec(h, find_hero_type) for h in level.heroes)
    spells = tuple(world.spec(s, find_spell_type) for s in level.spells)
    mirrors = []
    for mirror in level.mirrors:
        inner = Substitution(values, problems, _categories(mirror.rooms, mirror.heroes, mirror.spells, level))
        mirrors.append(Mirror(mirror.name, tuple(inner.spec(r, find_room_type) for r in mirror.rooms),
                              tuple(inner.spec(h, find_hero_type) for h in mirror.heroes),
                              tuple(inner.spec(s, find_spell_type) for s in mirror.spells),
                              tuple(inner.condition(c) for c in mirror.constraints),
                              tuple(inner.condition(c) for c in mirror.bonuses), mirror.location))
    if problems:
        raise LevelError.from_problems(problems)
    return replace(level, rooms=rooms, heroes=heroes, spells=spells, variables=(), mirrors=tuple(mirrors),
                   constraints=tuple(world.condition(c) for c in level.constraints),
                   bonuses=tuple(world.condition(c) for c in level.bonuses))


def _categories(rooms: Sequence[Any], heroes: Sequence[Any], spells: Sequence[Any], level: Level) -> dict[str, str]:
    categories = {m.name: "world" for m in level.mirrors}
    categories["M"] = "world"
    categories.update({s.label: "spell" for s in spells})
    categories.update({h.label: "hero" for h in heroes})
    categories.update({r.label: "room" for r in rooms})
    return categories


class Substitution:
    """Replaces variables in one world's specs and expressions with checked values."""

    def __init__(self, values: Mapping[str, Any], problems: list[Problem], categories: dict[str, str]):
        self.values = values
        self.problems = problems
        self.categories = categories

    def spec(self, spec: Any, finder: Callable[[str], type | None]) -> Any:
        cls = finder(spec.type)
        params = cls.signature.params if cls is not None else ()  # type: ignore[attr-defined]
        args = []
        for index, arg in enumerate(spec.args):
            param = params[index] if index < len(params) else Param("arg", ParamKind.NUMBER)
            args.append(self.arg(arg, param, param.words(spec.label), spec.location))
        return replace(spec, args=tuple(args))

    def arg(self, value: Any, param: Param, what: str, loc: Location | None) -> Any:
        if isinstance(value, VarRef):
            chosen = self.values[value.name]
            try:
                return coerce(chosen, param, what)
            except Misfit as misfit:
                self.problems.append(Problem(loc, f"choice {value.name} = {format_value(chosen)}: {misfit}",
                                             ChoiceError))
                return value
        if isinstance(value, FrozenMap):
            kind = ParamKind.INT if param.kind is ParamKind.ROOM_INT_MAP else ParamKind.NUMBER
            return FrozenMap(tuple((k, self.arg(v, Param(param.name, kind), f"{what}[{k}]", loc))
                                   for k, v in value.items))
        if isinstance(value, IndexFunction) and isinstance(value.rule, LambdaRule):
            function = value.rule.function
            body = self.expr(function.body)
            lam = ast.Lambda(function.param, body, loc=function.loc)
            return IndexFunction(format_lambda(lam), rule=LambdaRule(lam))
        return value

    def condition(self, condition: Condition) -> Condition:
        return replace(condition, expr=self.expr(condition.expr))

    def expr(self, node: ast.Expr) -> ast.Expr:
        if isinstance(node, ast.Name):
            if node.kind == "var" and node.name in self.values:
                return self.constant(self.values[node.name], node.loc)
            return node
        if isinstance(node, ast.Unary):
            return replace(node, operand=self.expr(node.operand))
        if isinstance(node, (ast.Binary, ast.Compare)):
            return replace(node, left=self.expr(node.left), right=self.expr(node.right))
        if isinstance(node, ast.Call):
            return replace(node, args=tuple(self.expr(a) for a in node.args))
        if isinstance(node, ast.Index):
            target, index = self.expr(node.target), self.expr(node.index)
            if isinstance(target, ast.Const) and isinstance(target.value, tuple) and isinstance(index, ast.Const) \
                    and is_int(index.value) and 1 <= index.value <= len(target.value):
                return self.constant(target.value[index.value - 1], node.loc)
            return replace(node, target=target, index=index)
        return node

    def constant(self, value: Any, loc: Location | None) -> ast.Expr:
        if isinstance(value, Element):
            return ast.Name(value.value, "element", loc=loc)
        if isinstance(value, str):
            return ast.Name(value, self.categories.get(value), loc=loc)
        return ast.Const(value, loc=loc)

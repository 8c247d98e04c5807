"""Notation outside a level file: one room, hero, spell, value, expression, variable or cast.

For the editor, notebooks and tests. Names are taken as written (there is no level to resolve
labels or aliases against); types, arities, argument kinds and function names are checked as in a
level. Every function raises :class:`~zorglab.errors.LevelError` with the column of each fault.
"""

from __future__ import annotations

from typing import Any

from zorglab.errors import LevelError, Problem
from zorglab.level import ast
from zorglab.level.build import MISSING, Builder, parse_node
from zorglab.level.expr import Binding, Checker, Kind
from zorglab.level.labels import Entry, WorldScope, base_scope
from zorglab.level.model import Cast, HeroSpec, RoomSpec, SpellSpec, Variable
from zorglab.level.positions import Origin


class OpenScope(WorldScope):
    """Every name is accepted as written: a label, alias or variable of some level not at hand."""

    def lookup(self, name: str) -> Binding | None:
        return self.bindings.get(name) or Binding(Kind.ANY, name, "open")

    def resolve(self, ident: ast.Ident, categories: tuple[str, ...], role: str,
                problems: list[Problem]) -> str | None:
        binding = self.bindings.get(ident.name)
        if binding is not None:
            return super().resolve(ident, categories, role, problems)
        return ident.name


def _open_scope() -> OpenScope:
    scope = OpenScope()
    scope.__dict__.update(base_scope([], []).__dict__)
    return scope


def _raise(problems: list[Problem]) -> None:
    if problems:
        raise LevelError.from_problems(problems)


def _entity(text: str, category: str, path: str) -> Any:
    problems: list[Problem] = []
    origin = Origin.of_text(text, path)
    node = parse_node(text, "entity", origin, problems)
    _raise(problems)
    assert isinstance(node, ast.EntityNode)
    label = node.label.name if node.label is not None else f"{node.type.name}1"
    spec = Builder(_open_scope(), problems).entity(node, Entry(category, node.type.name, node.label, node.loc),
                                                    label, text)
    _raise(problems)
    return spec


def parse_room(text: str, *, path: str = "<string>") -> RoomSpec:
    """``[label =] TYPE[(args)] [@ tile]``; without a label the room is ``TYPE1``."""
    return _entity(text, "room", path)


def parse_hero(text: str, *, path: str = "<string>") -> HeroSpec:
    return _entity(text, "hero", path)


def parse_spell(text: str, *, path: str = "<string>") -> SpellSpec:
    return _entity(text, "spell", path)


def parse_value(text: str, *, path: str = "<string>") -> Any:
    """A value: numbers (exact), ``inf``, elements, names, lists (tuples), sets, maps, ``i -> expr``."""
    problems: list[Problem] = []
    node = parse_node(text, "value", Origin.of_text(text, path), problems)
    _raise(problems)
    value = Builder(_open_scope(), problems).value(node)
    _raise(problems)
    assert value is not MISSING
    return value


def parse_expr(text: str, *, path: str = "<string>") -> ast.Expr:
    """An expression; functions must be registered and called with their arity."""
    problems: list[Problem] = []
    node = parse_node(text, "expr", Origin.of_text(text, path), problems)
    _raise(problems)
    expr, _ = Checker(_open_scope(), problems).check(node)
    _raise(problems)
    return expr


def parse_variable(name: str, text: str, *, path: str = "<string>") -> Variable:
    """``choix(n, E)`` with ``E`` a set, a list, ``N`` or ``R``."""
    problems: list[Problem] = []
    origin = Origin.of_text(text, path)
    node = parse_node(text, "value", origin, problems)
    _raise(problems)
    variable = Builder(_open_scope(), problems).variable(name, node, text, origin.locate(0))
    _raise(problems)
    assert variable is not None
    return variable


def parse_cast(text: str, *, path: str = "<string>") -> Cast:
    """``@TICK SPELL [TARGETS]``; the spell is checked against its type, not against a level's spells."""
    from zorglab.level.solutions import CastReader, World
    problems: list[Problem] = []
    node = parse_node(text, "cast", Origin.of_text(text, path), problems)
    _raise(problems)
    scope = _open_scope()
    cast = CastReader(World("any level", scope, Builder(scope, problems), None), problems).cast(node, text)
    _raise(problems)
    assert cast is not None
    return cast

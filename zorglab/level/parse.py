"""Notation outside a level file: one room, hero, spell, value, expression, variable or cast.

For the editor, notebooks and tests. Names are taken as written (there is no level to resolve
labels or aliases against); types, arities, argument kinds and function names are checked as in a
level. Every function raises :class:`~zorglab.errors.LevelError` with the column of each fault.
"""

from __future__ import annotations

from typing import Any, Mapping

from zorglab.errors import LevelError, Problem
from zorglab.core import ast
from zorglab.level.build import MISSING, Builder, parse_node, variable_binding
from zorglab.core.expr import Binding, Checker, Kind
from zorglab.level.labels import Entry, WorldScope, base_scope, bind_entries
from zorglab.core.model import MAIN_WORLD
from zorglab.core.model import Cast, HeroSpec, Level, RoomSpec, SpellSpec, Variable
from zorglab.core.substitute import substitute_level
from zorglab.level.positions import Origin
from zorglab.level.solutions import CastReader, World


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


def parse_room(text: str, *, origin: str = "<string>") -> RoomSpec:
    """``[label =] TYPE[(args)] [@ tile]``; without a label the room is ``TYPE1``."""
    return _entity(text, "room", origin)


def parse_hero(text: str, *, origin: str = "<string>") -> HeroSpec:
    return _entity(text, "hero", origin)


def parse_spell(text: str, *, origin: str = "<string>") -> SpellSpec:
    return _entity(text, "spell", origin)


def parse_value(text: str, *, origin: str = "<string>") -> Any:
    """A value: numbers (exact), ``inf``, elements, names, lists (tuples), sets, maps, ``i -> expr``."""
    problems: list[Problem] = []
    node = parse_node(text, "value", Origin.of_text(text, origin), problems)
    _raise(problems)
    value = Builder(_open_scope(), problems).value(node)
    _raise(problems)
    assert value is not MISSING
    return value


def parse_expr(text: str, *, origin: str = "<string>") -> ast.Expr:
    """An expression; functions must be registered and called with their arity."""
    problems: list[Problem] = []
    node = parse_node(text, "expr", Origin.of_text(text, origin), problems)
    _raise(problems)
    expr, _ = Checker(_open_scope(), problems).check(node)
    _raise(problems)
    return expr


def parse_variable(name: str, text: str, *, origin: str = "<string>") -> Variable:
    """``choix(n, E)`` with ``E`` a set, a list, ``N`` or ``R``."""
    problems: list[Problem] = []
    where = Origin.of_text(text, origin)
    node = parse_node(text, "value", where, problems)
    _raise(problems)
    variable = Builder(_open_scope(), problems).variable(name, node, text, where.locate(0))
    _raise(problems)
    assert variable is not None
    return variable


def parse_cast(text: str, level: Level | None = None, *, origin: str = "<string>",
               choices: Mapping[str, Any] | None = None) -> Cast:
    """``@TICK SPELL [TARGETS]``.

    Without a level, names are kept as written and the spell is checked against its type only.
    With one, labels and aliases resolve to canonical labels and the spell must be one of the
    level's (its variables replaced by ``choices`` when given; else any value of them matches).
    """
    problems: list[Problem] = []
    node = parse_node(text, "cast", Origin.of_text(text, origin), problems)
    _raise(problems)
    if level is None:
        scope: WorldScope = _open_scope()
        world = World("any level", scope, Builder(scope, problems), None)
    else:
        scope = level_scope(level)
        spells = level.spells
        if choices is not None:
            spells = substitute_level(level, choices).spells
        world = World(f"level {level.id}", scope, Builder(scope, problems), spells)
    cast = CastReader(world, problems).cast(node, text)
    _raise(problems)
    assert cast is not None
    return cast


def level_scope(level: Level) -> WorldScope:
    """The names of a loaded level's own world: labels, aliases, variables, worlds, elements."""
    problems: list[Problem] = []
    worlds = [(MAIN_WORLD, None)] + [(m.name, m.location) for m in level.mirrors]
    scope = base_scope(worlds, problems)
    for variable in level.variables:
        if "." not in variable.name:
            scope.bind(variable.name, Binding(Kind.ANY, variable.name, "var"), f"variable {variable.name}",
                       variable.location, problems)
    entries: list[Entry] = []
    labels: list[str] = []
    for category, specs in (("room", level.rooms), ("hero", level.heroes), ("spell", level.spells)):
        for spec in specs:
            entries.append(Entry(category, spec.type, ast.Ident(spec.label), spec.location))
            labels.append(spec.label)
    bind_entries(scope, entries, labels, problems)
    for variable in level.variables:
        if variable.name in scope.bindings:
            scope.bindings[variable.name] = variable_binding(variable, scope)
    return scope

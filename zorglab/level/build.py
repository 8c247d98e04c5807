"""Syntax trees -> typed model values, checked against the type registry and the level's names.

Each argument is checked against its parameter (``Param.kind``, ``Param.minimum``); a level variable
becomes a :class:`~zorglab.core.model.VarRef` whose whole domain must fit. Every fault is appended
to ``problems`` with the location of the offending text; nothing stops at the first.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Callable

from zorglab.core.registry import (Param, ParamKind, Signature, find_hero_type, find_room_type,
                                     find_spell_type, hero_types, room_types, spell_types)
from zorglab.errors import (ArgumentTypeError, ArityError, LevelError, LevelSyntaxError, Location, Problem,
                            UndefinedRuleError, UnknownNameError)
from zorglab.core import ast
from zorglab.core.expr import Binding, Checker, Kind, LambdaRule, kind_of_value
from zorglab.core.kinds import Misfit, coerce, is_int
from zorglab.level.labels import Entry, WorldScope
from zorglab.core.limits import MAX_DOMAIN, MAX_PICKS
from zorglab.core.model import Condition, DomainKind, HeroSpec, RoomSpec, SpellSpec, Variable, VarRef
from zorglab.level.notation import parse_syntax
from zorglab.level.positions import Origin
from zorglab.core.printer import format_lambda, format_value, format_variable
from zorglab.core.values import Element, FrozenMap, IndexFunction

MISSING: Any = object()
ELEMENT_NAMES = ", ".join(e.value for e in Element)
FINDERS: dict[str, Callable[[str], type[Any] | None]] = {
    "room": find_room_type, "hero": find_hero_type, "spell": find_spell_type}
LISTERS: dict[str, Callable[[], tuple[type, ...]]] = {
    "room": room_types, "hero": hero_types, "spell": spell_types}
SPECS = {"room": RoomSpec, "hero": HeroSpec, "spell": SpellSpec}


def parse_node(text: str, start: str, origin: Origin, problems: list[Problem]) -> Any:
    """Parse ``text``; on a syntax fault record it and return None."""
    try:
        return parse_syntax(text, start, origin)
    except LevelError as error:
        problems.extend(error.problems)
        return None


def describe(node: Any) -> str:
    if isinstance(node, ast.Lit):
        return format_value(node.value)
    if isinstance(node, ast.Ident):
        return repr(node.name)
    return {ast.ListLit: "a list", ast.SetLit: "a set", ast.MapLit: "a map", ast.Lambda: "a function",
            ast.ChoixLit: "choix(...)", ast.Hole: "a placeholder"}.get(type(node), "this")


@dataclass
class Builder:
    """Builds the model values of one world (the level, or one mirror) in its scope."""

    scope: WorldScope
    problems: list[Problem]
    variables: dict[str, Variable] = field(default_factory=dict)
    inline_variables: list[Variable] = field(default_factory=list)
    prefix: str = ""          # names inline choix variables: PREFIX + LABEL.param

    def fail(self, loc: Location | None, message: str, kind: type[LevelError]) -> Any:
        self.problems.append(Problem(loc, message, kind))
        return MISSING

    # --- rooms, heroes, spells ---------------------------------------------------------------

    def entity(self, node: ast.EntityNode, entry: Entry, label: str, source: str) -> Any:
        """A RoomSpec, HeroSpec or SpellSpec, or None when its type is unknown or an argument is wrong."""
        category = entry.category
        cls = FINDERS[category](node.type.name)
        if cls is None:
            self.fail(node.type.loc, self._unknown_type(category, node.type.name), UnknownNameError)
            return None
        signature: Signature = cls.signature  # type: ignore[attr-defined]
        if node.tile is not None and category != "room":
            self.fail(node.tile.loc, f"only rooms take a tile ('@ name'); {label} is a {category}",
                      LevelSyntaxError)
        nodes = node.args or ()
        args = self.call_args(nodes, signature, label, node.args_loc or node.type.loc)
        if signature.undefined:
            self.fail(node.type.loc, f"{signature.undefined}; a level using it cannot be loaded", UndefinedRuleError)
            return None
        if args is None:
            return None
        fault = cls.arg_fault(args)
        if fault is not None:
            index, why = fault
            where = nodes[index].loc if index < len(nodes) else node.loc
            self.fail(where, f"{signature.params[index].words(label)}: {why}", ArgumentTypeError)
            return None
        extra = {"tile": node.tile.name if node.tile else None} if category == "room" else {}
        return SPECS[category](label=label, type=signature.name, args=args, source=source, location=node.loc,
                               **extra)

    def _unknown_type(self, category: str, name: str) -> str:
        for other, finder in FINDERS.items():
            if other != category and finder(name) is not None:
                return f"{name!r} is a {other} type, not a {category} type"
        known = ", ".join(cls.name for cls in LISTERS[category]()           # type: ignore[attr-defined]
                          if cls.signature.undefined is None)              # type: ignore[attr-defined]   # not C (ZR-21)
        return f"unknown {category} type {name!r} ({category} types: {known})"

    def call_args(self, nodes: tuple[Any, ...], signature: Signature, label: str,
                  where: Location | None) -> tuple[Any, ...] | None:
        """Arguments checked for placeholders, arity and kinds; optional ones filled with defaults."""
        params = signature.params
        holes = [n for n in nodes if isinstance(n, ast.Hole)]
        for index, hole in enumerate(nodes):
            if isinstance(hole, ast.Hole):
                belongs = (f"where {params[index].words(label)} belongs ({params[index].kind.value})"
                           if index < len(params) else f"beyond the arguments of {signature.describe()}")
                self.fail(hole.loc, f"placeholder {hole.text!r} {belongs}; write a real value", ArgumentTypeError)
        if holes:
            return None
        if not signature.min_arity <= len(nodes) <= signature.max_arity:
            low, high = signature.min_arity, signature.max_arity
            if high == 0:
                takes = f"{signature.name} takes no arguments"
            else:
                wanted = f"{low}" if low == high else f"{low} to {high}"
                takes = f"{signature.describe()} takes {wanted} argument{'' if high == 1 else 's'}"
            self.fail(where, f"{takes}, got {len(nodes)}", ArityError)
            return None
        values = []
        for arg_node, param in zip(nodes, params):
            what = param.words(label)
            if isinstance(arg_node, ast.ChoixLit):
                variable = self.variable(f"{self.prefix}{label}.{param.name}", arg_node, "", arg_node.loc)
                if variable is None:
                    values.append(MISSING)
                    continue
                variable = replace(variable, source=format_variable(variable))
                self.inline_variables.append(variable)
                self.variables[variable.name] = variable
                values.append(self.var_ref(ast.Ident(variable.name, loc=arg_node.loc), param, what))
            else:
                values.append(self.arg(arg_node, param, what))
        values.extend(p.default for p in params[len(nodes):])
        return None if any(v is MISSING for v in values) else tuple(values)

    # --- arguments ---------------------------------------------------------------------------

    def arg(self, node: Any, param: Param, what: str) -> Any:
        """One argument as its parameter wants it (or MISSING after recording why not)."""
        if isinstance(node, ast.Hole):
            return self.fail(node.loc, f"placeholder {node.text!r} where {what} belongs ({param.kind.value}); "
                                       "write a real value", ArgumentTypeError)
        if isinstance(node, ast.ChoixLit):
            return self.fail(node.loc, "choix(...) can only be a whole argument or a [variables] entry",
                             ArgumentTypeError)
        if isinstance(node, ast.Ident) and node.name in self.variables:
            return self.var_ref(node, param, what)
        binding = self.scope.lookup(node.name) if isinstance(node, ast.Ident) else None
        if binding is not None and binding.category == "var":
            return MISSING      # a variable whose own definition is faulty (reported there)
        kind = param.kind
        try:
            if isinstance(node, ast.Lit) and kind in (ParamKind.INT, ParamKind.INT_OR_INF, ParamKind.NUMBER,
                                                      ParamKind.BOOL):
                return coerce(node.value, param, what)
            if kind is ParamKind.ELEMENT and isinstance(node, ast.Ident):
                return self.element(node, what)
            if kind is ParamKind.ELEMENT_SET and isinstance(node, ast.SetLit):
                return self.element_set(node, what)
            if kind is ParamKind.INDEX_FUNCTION and isinstance(node, ast.Lambda):
                return self.index_function(node)
            if kind is ParamKind.INDEX_FUNCTION and isinstance(node, ast.ListLit):
                return self.index_table(node, what)
            if kind in (ParamKind.ROOM_INT_MAP, ParamKind.ROOM_NUMBER_MAP) and (
                    isinstance(node, ast.MapLit) or (isinstance(node, ast.SetLit) and not node.items)):
                return self.room_map(node, param, what)
        except Misfit as misfit:
            return self.fail(node.loc, str(misfit), ArgumentTypeError)
        if isinstance(node, ast.Ident) and self.scope.lookup(node.name) is None:
            return self.fail(node.loc, f"{what} must be {kind.value}; {node.name!r} is not a name of this level",
                             UnknownNameError)
        return self.fail(node.loc, f"{what} must be {kind.value}, not {describe(node)}", ArgumentTypeError)

    def element(self, node: Any, what: str) -> Any:
        if isinstance(node, ast.Ident):
            try:
                return Element(node.name)
            except ValueError:
                pass
            if self.scope.lookup(node.name) is None:
                return self.fail(node.loc, f"unknown element {node.name!r} (elements: {ELEMENT_NAMES})",
                                 UnknownNameError)
        return self.fail(node.loc, f"{what} must be an element ({ELEMENT_NAMES}), not {describe(node)}",
                         ArgumentTypeError)

    def element_set(self, node: ast.SetLit, what: str) -> Any:
        items = [self.element(item, what) for item in node.items]
        if MISSING in items:
            return MISSING
        return self._distinct(node, items, frozenset)

    def _distinct(self, node: Any, items: list[Any], make: Callable[[list[Any]], Any]) -> Any:
        seen: set[Any] = set()          # hashing: a domain of thousands is checked at once
        for item, item_node in zip(items, node.items):
            if item in seen:
                return self.fail(item_node.loc, f"{format_value(item)} appears twice in this set", ArgumentTypeError)
            seen.add(item)
        return make(items)

    def index_function(self, node: ast.Lambda) -> Any:
        checker = Checker(self.scope, self.problems, {node.param: Binding(Kind.NUMBER, node.param, "param")},
                          allow_calls=False)
        before = len(self.problems)
        body, _ = checker.check(node.body, Kind.NUMBER)
        if len(self.problems) > before:
            return MISSING
        function = ast.Lambda(node.param, body, loc=node.loc)
        return IndexFunction(format_lambda(function), rule=LambdaRule(function))

    def index_table(self, node: ast.ListLit, what: str) -> Any:
        table = []
        for i, item in enumerate(node.items, 1):
            if not (isinstance(item, ast.Lit) and is_int(item.value)):
                return self.fail(item.loc, f"{what}: a portal's list holds whole numbers, not {describe(item)} "
                                           f"(f({i}), ZR-26)", ArgumentTypeError)
            table.append(item.value)
        return IndexFunction(format_value(tuple(table)), table=tuple(table))

    def room_map(self, node: Any, param: Param, what: str) -> Any:
        pairs = node.pairs if isinstance(node, ast.MapLit) else ()
        number = ParamKind.INT if param.kind is ParamKind.ROOM_INT_MAP else ParamKind.NUMBER
        items: list[tuple[str, Any]] = []
        ok = True
        for key_node, value_node in pairs:
            if not isinstance(key_node, ast.Ident):
                self.fail(key_node.loc, f"{what}: map keys are room labels, not {describe(key_node)}",
                          ArgumentTypeError)
                ok = False
                continue
            key = self.scope.resolve(key_node, ("room",), f"{what}", self.problems)
            value = self.arg(value_node, Param(param.name, number), f"{what}[{key_node.name}]")
            if key is None or value is MISSING:
                ok = False
                continue
            if any(k == key for k, _ in items):
                self.fail(key_node.loc, f"{what}: room {key} appears twice in this map", ArgumentTypeError)
                ok = False
                continue
            items.append((key, value))
        return FrozenMap(tuple(items)) if ok else MISSING

    def var_ref(self, node: ast.Ident, param: Param, what: str) -> Any:
        variable = self.variables[node.name]
        misfit = variable_misfit(variable, param, what)
        if misfit:
            return self.fail(node.loc, misfit, ArgumentTypeError)
        return VarRef(variable.name)

    # --- plain values (variable domains) -------------------------------------------------------

    def value(self, node: Any) -> Any:
        """A value with no parameter to guide it: a domain item or a setup choice."""
        if isinstance(node, ast.Lit):
            return node.value
        if isinstance(node, ast.Ident):
            binding = self.scope.lookup(node.name)
            if binding is None:
                return self.fail(node.loc, f"unknown name {node.name!r}", UnknownNameError)
            if binding.category == "element":
                return Element(binding.name)
            if binding.category == "var":
                return self.fail(node.loc, f"variable {node.name!r} cannot stand inside a domain or a choice",
                                 ArgumentTypeError)
            return binding.name
        if isinstance(node, ast.ListLit):
            items = [self.value(i) for i in node.items]
            return MISSING if MISSING in items else tuple(items)
        if isinstance(node, ast.SetLit):
            items = [self.value(i) for i in node.items]
            return MISSING if MISSING in items else self._distinct(node, items, frozenset)
        if isinstance(node, ast.MapLit):
            pairs = [(self.value(k), self.value(v)) for k, v in node.pairs]
            if any(MISSING in pair for pair in pairs):
                return MISSING
            return FrozenMap(tuple(pairs))
        if isinstance(node, ast.Lambda):
            return self.index_function(node)
        if isinstance(node, ast.Hole):
            return self.fail(node.loc, f"placeholder {node.text!r} where a value belongs; write a real value",
                             ArgumentTypeError)
        return self.fail(node.loc, "choix(...) can only be a whole argument or a [variables] entry",
                         ArgumentTypeError)

    def variable(self, name: str, node: Any, source: str, loc: Location | None) -> Variable | None:
        """``choix(n, E)`` with ``E`` a set, a list, ``N`` or ``R`` (FR-2)."""
        if not isinstance(node, ast.ChoixLit):
            self.fail(node.loc, f"variable {name} must be written choix(n, E)", ArgumentTypeError)
            return None
        count_node, domain_node = node.count, node.domain
        if not (isinstance(count_node, ast.Lit) and is_int(count_node.value) and count_node.value >= 1):
            self.fail(count_node.loc, f"choix's n must be a whole number of at least 1, not {describe(count_node)}",
                      ArgumentTypeError)
            return None
        count = count_node.value
        if count > MAX_PICKS:
            self.fail(count_node.loc, f"choix picks at most {MAX_PICKS} values, not {count} "
                                      f"(docs/levels.md, Limits)", ArgumentTypeError)
            return None
        if isinstance(domain_node, (ast.SetLit, ast.ListLit)) and len(domain_node.items) > MAX_DOMAIN:
            self.fail(domain_node.loc, f"a choix domain holds at most {MAX_DOMAIN:,} values, not "
                                       f"{len(domain_node.items):,} (docs/levels.md, Limits)", ArgumentTypeError)
            return None
        if isinstance(domain_node, ast.Ident) and domain_node.name in ("N", "R"):
            kind = DomainKind.NATURALS if domain_node.name == "N" else DomainKind.REALS
            return Variable(name, count, kind, (), source, loc)
        if not isinstance(domain_node, (ast.SetLit, ast.ListLit)):
            self.fail(domain_node.loc, f"choix's domain must be a set {{..}}, a list [..], N or R, "
                                       f"not {describe(domain_node)}", ArgumentTypeError)
            return None
        items = [self.value(item) for item in domain_node.items]
        if MISSING in items:
            return None
        if isinstance(domain_node, ast.SetLit) and self._distinct(domain_node, items, tuple) is MISSING:
            return None
        kind = DomainKind.SET if isinstance(domain_node, ast.SetLit) else DomainKind.LIST
        if count > len(items):
            what = "distinct values from a set" if kind is DomainKind.SET else "items from a list"
            self.fail(count_node.loc, f"cannot pick {count} {what} of {len(items)}", ArgumentTypeError)
            return None
        return Variable(name, count, kind, tuple(items), source, loc)

    # --- constraints and bonuses ----------------------------------------------------------------

    def condition(self, text: str, origin: Origin, role: str = "a constraint") -> Condition | None:
        """A constraint or bonus: an expression that is true or false."""
        node = parse_node(text, "expr", origin, self.problems)
        if node is None:
            return None
        before = len(self.problems)
        expr, kind = Checker(self.scope, self.problems).check(node)
        start = origin.locate(len(text) - len(text.lstrip()))
        if kind not in (Kind.BOOL, Kind.ANY):
            self.fail(start, f"{role} must be true or false; this one is {kind.value}", ArgumentTypeError)
        if len(self.problems) > before:
            return None
        return Condition(expr, text, start)


def variable_misfit(variable: Variable, param: Param, what: str) -> str | None:
    """Why ``variable`` cannot stand for ``param``, or None when every value it can take fits."""
    loose = Param(param.name, param.kind)
    name = variable.name
    if variable.count == 1:
        if variable.domain in (DomainKind.SET, DomainKind.LIST):
            for item in variable.items:
                try:
                    coerce(item, param, what)
                except Misfit as misfit:
                    return f"variable {name} can be {format_value(item)}, but {misfit}"
            return None
        sample = 1 if variable.domain is DomainKind.NATURALS else Fraction(1, 2)
        try:
            coerce(sample, loose, what)
        except Misfit:
            return f"variable {name} ranges over {variable.domain.value}, but {what} must be {param.kind.value}"
        return None
    if variable.domain in (DomainKind.SET, DomainKind.LIST):
        sample_picks: tuple[Any, ...] = tuple(variable.items[:variable.count])
    elif variable.domain is DomainKind.NATURALS:
        sample_picks = tuple(range(variable.count))
    else:
        sample_picks = (Fraction(1, 2),) * variable.count
    try:
        coerce(sample_picks, loose, what)
    except Misfit:
        return f"variable {name} picks {variable.count} values, but {what} must be {param.kind.value}"
    return None


def variable_binding(variable: Variable, scope: WorldScope) -> Binding:
    """How a variable reads in expressions: the kind shared by its possible values."""
    kinds = set()
    if variable.domain in (DomainKind.NATURALS, DomainKind.REALS):
        kinds.add(Kind.NUMBER)
    for item in variable.items:
        if isinstance(item, str):
            binding = scope.lookup(item)
            kinds.add(binding.kind if binding is not None else Kind.ANY)
        else:
            kinds.add(kind_of_value(item))
    kind = kinds.pop() if len(kinds) == 1 else Kind.ANY
    return Binding(kind, variable.name, "var", variable.count)

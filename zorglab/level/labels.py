"""Labels, aliases and the names a level (or one mirror world) can use (level-format "Labels").

A room, hero or spell is labelled by its explicit ``label =`` or else by its type and 1-based index
among all entries of that type (labelled ones included); where a type occurs once its bare name is
an alias. One namespace per world holds labels, aliases, variables, world names and element names,
so every name means exactly one thing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterable

import zorglab.engine.types  # noqa: F401  (registers the built-in types the names come from)
from zorglab.core.registry import registered_type_names
from zorglab.errors import LabelError, Location, Problem, UnknownNameError
from zorglab.core import ast
from zorglab.core.expr import Binding, Kind, unknown_name_message
from zorglab.core.model import MAIN_WORLD
from zorglab.core.values import Element


KEYWORDS = frozenset({"inf", "true", "false", "and", "or", "not", "choix", "to", "with", "on"})
DOMAIN_NAMES = frozenset({"N", "R"})
ELEMENT_NAMES = frozenset(e.value for e in Element)
CATEGORY_KIND = {"room": Kind.ROOM, "hero": Kind.HERO, "spell": Kind.SPELL, "world": Kind.WORLD}


@dataclass(frozen=True)
class Entry:
    """One room, hero or spell as declared: enough to label it even when its arguments are wrong."""

    category: str
    type: str
    explicit: ast.Ident | None
    loc: Location | None
    index: int = 0          # 1-based position in its list
    text: str = ""          # the notation as written

    def describe(self, label: str) -> str:
        return f"{self.category} {self.index} ({self.text})" if self.index else f"{self.category} {label}"


def automatic_labels(entries: Iterable[Entry]) -> list[str]:
    """Each entry's label: explicit, else TYPE + index among all entries of that type."""
    counts: dict[str, int] = {}
    labels = []
    for entry in entries:
        counts[entry.type] = counts.get(entry.type, 0) + 1
        labels.append(entry.explicit.name if entry.explicit else f"{entry.type}{counts[entry.type]}")
    return labels


def type_names() -> set[str]:
    """Type names a label may not take: the registered types (no entry-point scan on this path)."""
    return registered_type_names()


@dataclass
class WorldScope:
    """The names of one world: implements :class:`zorglab.core.expr.Scope`."""

    bindings: dict[str, Binding] = field(default_factory=dict)
    described: dict[str, str] = field(default_factory=dict)
    where: dict[str, Location | None] = field(default_factory=dict)
    room_types: dict[str, str] = field(default_factory=dict)     # room label -> type

    def lookup(self, name: str) -> Binding | None:
        return self.bindings.get(name)

    def names(self) -> list[str]:
        return list(self.bindings)

    def bind(self, name: str, binding: Binding, what: str, loc: Location | None,
             problems: list[Problem]) -> bool:
        if name in self.bindings:
            problems.append(Problem(loc, f"the name {name!r} of {what} is already taken by "
                                         f"{self.described[name]}; names are unique within a level",
                                    LabelError))
            return False
        self.bindings[name] = binding
        self.described[name] = what
        self.where[name] = loc
        return True

    def resolve(self, ident: ast.Ident, categories: tuple[str, ...], role: str,
                problems: list[Problem]) -> str | None:
        """The canonical label ``ident`` names, if it names one of ``categories``; else a problem."""
        binding = self.bindings.get(ident.name)
        if binding is None:
            known = [n for n, b in self.bindings.items() if b.category in categories]
            noun = " or ".join(f"{c} label" for c in categories)
            problems.append(Problem(ident.loc, f"{role}: {unknown_name_message(ident.name, known, noun)}",
                                    UnknownNameError))
            return None
        if binding.category not in categories:
            wanted = " or ".join(categories)
            problems.append(Problem(ident.loc, f"{role}: {ident.name!r} is {self.described[ident.name]}, "
                                               f"not a {wanted}", LabelError))
            return None
        return binding.name


def base_scope(world_names: Iterable[tuple[str, Location | None]], problems: list[Problem]) -> WorldScope:
    """Element names and world names: bound before any label."""
    scope = WorldScope()
    for element in Element:
        scope.bind(element.value, Binding(Kind.ELEMENT, element.value, "element"), f"the element {element.value}",
                   None, problems)
    for name, loc in world_names:
        scope.bind(name, Binding(Kind.WORLD, name, "world"), f"the world {name}", loc, problems)
    return scope


def bind_entries(scope: WorldScope, entries: list[Entry], labels: list[str], problems: list[Problem]) -> None:
    """Bind labels (then aliases) of every entry; report reserved names and collisions."""
    types = type_names()
    for entry, label in zip(entries, labels):
        what = entry.describe(label)
        loc = entry.explicit.loc if entry.explicit else entry.loc
        if entry.explicit is not None:
            reason = _reserved(label, types)
            if reason:
                problems.append(Problem(loc, f"the label {label!r} cannot be used: it is {reason}", LabelError))
                continue
        if label in scope.bindings:
            problems.append(Problem(loc, f"the label {label!r} of {what} is already taken by "
                                         f"{scope.described[label]}; labels are unique within a level", LabelError))
            continue
        scope.bind(label, Binding(CATEGORY_KIND[entry.category], label, entry.category), what, loc, problems)
        if entry.category == "room":
            scope.room_types.setdefault(label, entry.type)
    counts: dict[tuple[str, str], int] = {}
    for entry in entries:
        counts[(entry.category, entry.type)] = counts.get((entry.category, entry.type), 0) + 1
    for entry, label in zip(entries, labels):
        if counts[(entry.category, entry.type)] != 1 or label not in scope.bindings:
            continue
        alias = entry.type
        if alias in scope.bindings:
            problems.append(Problem(scope.where.get(alias), f"the name {alias!r} of {scope.described[alias]} is "
                                    f"also the alias of {entry.category} {label}; choose another name", LabelError))
            continue
        scope.bindings[alias] = scope.bindings[label]
        scope.described[alias] = f"{entry.category} {label}"
        scope.where[alias] = scope.where.get(label)


def check_name(name: str, what: str, loc: Location | None, problems: list[Problem]) -> bool:
    """A variable or world name must be a plain name that is not reserved."""
    if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", name):
        problems.append(Problem(loc, f"{what} {name!r} is not a name (letters, digits and _, starting "
                                     f"with a letter)", LabelError))
        return False
    reason = _reserved(name, type_names())
    if reason:
        problems.append(Problem(loc, f"{what} {name!r} cannot be used: it is {reason}", LabelError))
        return False
    return True


def _reserved(name: str, types: set[str]) -> str | None:
    if name in ELEMENT_NAMES:
        return "an element name"
    if name in KEYWORDS:
        return "a keyword"
    if name in DOMAIN_NAMES:
        return "a domain name (N or R)"
    if name == MAIN_WORLD:
        return "the name of the level's own world"
    if name in types:
        return "a type name"
    return None

"""Known plays (``[[solutions]]``): choices, rotation, map, main A, casts and the expected outcome.

The loader checks names only: every label in a map is a room of the level, every cast names a
spell the world has, heroes and rooms that exist, and the target form its spell takes. Whether the
layout is valid (each room placed once, walls matching) is the layout checker's job.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any

from zorglab.core.registry import find_spell_type, is_spawn_room, spell_types
from zorglab.errors import (ArgumentTypeError, ArityError, LevelStructureError, Location, Problem, UnknownNameError,
                            value_text)
from zorglab.core import ast
from zorglab.level.build import MISSING, Builder, parse_node
from zorglab.core.expr import unknown_name_message
from zorglab.level.labels import WorldScope
from zorglab.core.limits import decimal_fault, exact_decimal
from zorglab.core.model import Cast, Outcome, SpellCall, SpellSpec, Solution, Variable, VarRef, spell_call
from zorglab.level.positions import Positions
from zorglab.core.printer import format_spell_call
from zorglab.core.substitute import Substitution, resolve_choices
from zorglab.engine.spells.base import CastForm

SOLUTION_KEYS = ("choices", "rotation", "map", "main", "casts", "expect", "mirror_casts")
# The target each spell takes in a cast; a spell type not listed takes none.


def target_form(spell_type: str) -> CastForm | None:
    """The target a cast of this spell type names, as its registered behaviour declares it."""
    behaviour = find_spell_type(spell_type)
    return None if behaviour is None else behaviour.cast_form
_FORM_HINTS: dict[CastForm | None, str] = {"to": "'to (col, row)'", "with": "'with ROOM'", "on": "'on HERO'",
               "select": "'on HERO, HERO : SPELL'", None: "no target"}


@dataclass
class World:
    """What a cast may name in one world: its scope, builder and concrete spells."""

    name: str
    scope: WorldScope
    builder: Builder
    spells: tuple[SpellSpec, ...] | None      # None: any spell of a known type (no level at hand)


def unknown_keys(table: dict[str, Any], allowed: tuple[str, ...], path: tuple[Any, ...], where: str,
                 positions: Positions, problems: list[Problem]) -> None:
    for key in table:
        if key not in allowed:
            import difflib      # a misspelt name only: loading a sound level never pays for it
            close = difflib.get_close_matches(key, allowed, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else f" (known: {', '.join(allowed)})"
            problems.append(Problem(positions.key_location(path + (key,)), f"unknown key {key!r} in {where}{hint}",
                                    LevelStructureError))


class SolutionReader:
    """Reads ``[[solutions]]`` against a built level world and its mirrors."""

    def __init__(self, positions: Positions, problems: list[Problem], main: World, mirrors: dict[str, World],
                 variables: tuple[Variable, ...]):
        self.positions = positions
        self.problems = problems
        self.main = main
        self.mirrors = mirrors
        self.variables = variables

    def fail(self, loc: Location | None, message: str, kind: type) -> None:
        self.problems.append(Problem(loc, message, kind))

    def read(self, index: int, table: Any) -> Solution | None:
        path: tuple[Any, ...] = ("solutions", index)
        header = self.positions.key_location(path)
        if not isinstance(table, dict):
            self.fail(header, "each [[solutions]] entry must be a table", LevelStructureError)
            return None
        unknown_keys(table, SOLUTION_KEYS, path, "a solution", self.positions, self.problems)
        before = len(self.problems)
        choices, values = self.choices(table.get("choices", {}), path + ("choices",), header)
        rotation = table.get("rotation", 0)
        if not (isinstance(rotation, int) and not isinstance(rotation, bool) and 0 <= rotation <= 3):
            self.fail(self.positions.location(path + ("rotation",)),
                      f"rotation must be 0, 1, 2 or 3 quarter turns, not {value_text(rotation)}", ArgumentTypeError)
        layout = self.map(table.get("map"), path + ("map",), header)
        main = self.main_room(table.get("main"), path + ("main",))
        worlds = [(self.main, table.get("casts", []), path + ("casts",))]
        names: list[str] = []
        mirror_casts = table.get("mirror_casts", {})
        if not isinstance(mirror_casts, dict):
            self.fail(self.positions.location(path + ("mirror_casts",)),
                      "mirror_casts must be a table { MIRROR = [casts] }", LevelStructureError)
            mirror_casts = {}
        for name, casts in mirror_casts.items():
            if name not in self.mirrors:
                known = ", ".join(self.mirrors) or "none"
                self.fail(self.positions.key_location(path + ("mirror_casts", name)),
                          f"mirror_casts names {name!r}, which is not a mirror of this level (mirrors: {known})",
                          UnknownNameError)
                continue
            worlds.append((self.mirrors[name], casts, path + ("mirror_casts", name)))
            names.append(name)
        cast_lists = [self.casts(world, casts, where, values) for world, casts, where in worlds]
        expect = self.expect(table.get("expect"), path + ("expect",))
        if len(self.problems) > before:
            return None
        mirror_lists = tuple(zip(names, cast_lists[1:]))
        return Solution(choices=choices, rotation=rotation, map=layout, main=main, casts=cast_lists[0],
                        expect=expect, mirror_casts=mirror_lists, location=header)

    # --- parts -----------------------------------------------------------------------------

    def choices(self, table: Any, path: tuple[Any, ...], header: Location) -> tuple[tuple[tuple[str, Any], ...], Any]:
        if not isinstance(table, dict):
            self.fail(self.positions.location(path), "choices must be a table { name = value }", LevelStructureError)
            return (), None
        raw: dict[str, Any] = {}
        paths: dict[str, tuple[Any, ...]] = {}
        for name, value, where in _flatten(table, path):
            converted = self.choice_value(value, where)
            if converted is not MISSING:
                raw[name] = converted
                paths[name] = where
        if len(raw) != sum(1 for _ in _flatten(table, path)):
            return (), None
        values, problems = resolve_choices(self.variables, raw, lambda n: self.positions.location(paths[n])
                                           if n in paths else None, missing_at=header)
        self.problems.extend(problems)
        if problems:
            return (), None
        return tuple((v.name, values[v.name]) for v in self.variables), values

    def choice_value(self, value: Any, path: tuple[Any, ...]) -> Any:
        if isinstance(value, bool) or isinstance(value, int):
            return value
        if isinstance(value, Decimal):
            fault = decimal_fault(value)
            if fault is not None:
                self.fail(self.positions.location(path), f"a choice: {fault}", ArgumentTypeError)
                return MISSING
            return exact_decimal(value)
        if isinstance(value, str):
            node = parse_node(value, "value", self.positions.origin(path), self.problems)
            return MISSING if node is None else self.main.builder.value(node)
        if isinstance(value, list):
            items = [self.choice_value(item, path + (i,)) for i, item in enumerate(value)]
            return MISSING if MISSING in items else tuple(items)
        self.fail(self.positions.location(path), f"a choice is a number, a string of notation or a list of picks, "
                                                 f"not {type(value).__name__}", ArgumentTypeError)
        return MISSING

    def map(self, text: Any, path: tuple[Any, ...], header: Location) -> tuple[tuple[str | None, ...], ...]:
        if text is None:
            self.fail(header, "a solution needs a map (rows of room labels, north first; '.' is an empty slot)",
                      LevelStructureError)
            return ()
        if not isinstance(text, str):
            self.fail(self.positions.location(path), "map must be a string of rows", ArgumentTypeError)
            return ()
        origin = self.positions.origin(path)
        rows: list[tuple[str | None, ...]] = []
        offset = 0
        for line in text.split("\n"):
            row: list[str | None] = []
            for match in re.finditer(r"\S+", line):
                token = match.group()
                if token == ".":
                    row.append(None)
                    continue
                ident = ast.Ident(token, loc=origin.locate(offset + match.start()))
                row.append(self.main.scope.resolve(ident, ("room",), "the map", self.problems))
            rows.append(tuple(row))
            offset += len(line) + 1
        while rows and not rows[0]:
            rows.pop(0)
        while rows and not rows[-1]:
            rows.pop()
        return tuple(rows)

    def main_room(self, value: Any, path: tuple[Any, ...]) -> str | None:
        if value is None:
            return None
        loc = self.positions.location(path)
        if not isinstance(value, str):
            self.fail(loc, "main must be the label of an A room", ArgumentTypeError)
            return None
        origin = self.positions.origin(path)
        label = self.main.scope.resolve(ast.Ident(value.strip(), loc=origin.locate(len(value) - len(value.lstrip()))),
                                        ("room",), "main", self.problems)
        if label is not None and not is_spawn_room(self.main.scope.room_types.get(label, "")):
            self.fail(loc, f"main must name an A room; {label} is a {self.main.scope.room_types.get(label)} room",
                      ArgumentTypeError)
            return None
        return label

    def expect(self, value: Any, path: tuple[Any, ...]) -> Outcome | None:
        if value is None:
            return None
        try:
            return Outcome(value)
        except ValueError:
            self.fail(self.positions.location(path), f"expect must be win, loss or stall, not {value_text(value)}",
                      ArgumentTypeError)
            return None

    def casts(self, world: World, casts: Any, path: tuple[Any, ...], values: Any) -> tuple[Cast, ...]:
        if not isinstance(casts, list) or not all(isinstance(c, str) for c in casts):
            self.fail(self.positions.location(path), "casts must be a list of strings \"@TICK SPELL [TARGETS]\"",
                      ArgumentTypeError)
            return ()
        spells = world.spells or ()
        if values is not None:
            substitution = Substitution(values, [], {})
            spells = tuple(substitution.spec(s, find_spell_type) for s in spells)
        reader = CastReader(World(world.name, world.scope, world.builder, spells), self.problems)
        built = []
        for index, text in enumerate(casts):
            origin = self.positions.origin(path + (index,))
            node = parse_node(text, "cast", origin, self.problems)
            if node is not None:
                cast = reader.cast(node, text)
                if cast is not None:
                    built.append(cast)
        return tuple(built)


def _matches(call: SpellCall, spell: SpellSpec) -> bool:
    """The cast's spell is this one (a variable still in the level's spell matches any value)."""
    return spell.type == call.type and len(spell.args) == len(call.args) and all(
        a == b or isinstance(b, VarRef) for a, b in zip(call.args, spell.args))


def _flatten(table: dict[str, Any], path: tuple[Any, ...], prefix: str = ""):
    """``{ x = 1, D1.x = 2 }`` as ("x", 1), ("D1.x", 2): inline choix variables are named LABEL.param."""
    for key, value in table.items():
        if isinstance(value, dict):
            yield from _flatten(value, path + (key,), f"{prefix}{key}.")
        else:
            yield f"{prefix}{key}", value, path + (key,)


class CastReader:
    """``@TICK SPELL [TARGETS]`` -> :class:`Cast`, checked against one world."""

    def __init__(self, world: World, problems: list[Problem]):
        self.world = world
        self.problems = problems

    def fail(self, loc: Location | None, message: str, kind: type) -> None:
        self.problems.append(Problem(loc, message, kind))

    def cast(self, node: ast.CastNode, text: str) -> Cast | None:
        before = len(self.problems)
        call = self.spell(node.spell)
        if call is None:
            return None
        form = target_form(call.type)
        heroes = tuple(self.hero(h) for h in node.on)
        inner = None
        if form == "select":
            if node.target != "on" or node.inner is None:
                self.fail(node.spell.loc, f"Selection needs heroes and the spell it applies: "
                                    f"'@{node.tick} {format_spell_call(call)} on HERO, HERO : SPELL'", ArityError)
                return None
            inner = self.inner(node.inner, len(node.on), node.tick)
            self.distinct(node.on)
        else:
            self.check_form(node, call)
        with_room = self.room(node.with_room) if node.with_room is not None else None
        if len(self.problems) > before:
            return None
        return Cast(node.tick, call, on=tuple(h for h in heroes if h), to=node.slots, with_room=with_room,
                    inner=inner, source=text, location=node.loc)

    def check_form(self, node: ast.CastNode, call: SpellCall, selected: int = 0) -> None:
        """The target written must be the one the spell takes (under Selection: 'to' or 'with' only)."""
        form = target_form(call.type)
        name = format_spell_call(call)
        if selected and form == "select":
            self.fail(node.spell.loc, "Selection cannot apply Selection", ArgumentTypeError)
            return
        expected = form if not selected or form in ("to", "with") else None
        given = "select" if node.inner is not None else node.target
        if given != expected:
            if selected and expected is None:
                message = f"under Selection, {name} takes no target of its own (it acts on the selected heroes)"
            elif selected:
                message = f"under Selection, {name} takes {_FORM_HINTS[expected]}"
            else:
                message = f"{name} takes {_FORM_HINTS[expected]}"
            self.fail(node.spell.loc, message, ArgumentTypeError)
            return
        wanted = selected or 1
        if expected == "to" and len(node.slots) != wanted:
            per = "one per selected hero" if selected else "one slot"
            self.fail(node.spell.loc, f"{name} needs {wanted} destination{'s' if wanted > 1 else ''} ({per}), "
                                      f"got {len(node.slots)}", ArityError)
        if expected == "on" and len(node.on) != 1:
            self.fail(node.spell.loc, f"{name} acts on one hero, got {len(node.on)}", ArityError)

    def inner(self, node: ast.CastNode, selected: int, tick: int) -> Cast | None:
        call = self.spell(node.spell)
        if call is None:
            return None
        self.check_form(node, call, selected)
        with_room = self.room(node.with_room) if node.with_room is not None else None
        return Cast(tick, call, to=node.slots, with_room=with_room, location=node.loc)

    def distinct(self, heroes: tuple[ast.Ident, ...]) -> None:
        seen: set[str] = set()
        for hero in heroes:
            binding = self.world.scope.lookup(hero.name)
            label = binding.name if binding else hero.name
            if label in seen:
                self.fail(hero.loc, f"hero {label} is selected twice", ArgumentTypeError)
            seen.add(label)

    def hero(self, ident: ast.Ident) -> str | None:
        return self.world.scope.resolve(ident, ("hero",), "the cast's target", self.problems)

    def room(self, ident: ast.Ident) -> str | None:
        return self.world.scope.resolve(ident, ("room",), "the cast's room", self.problems)

    def spell(self, ref: ast.SpellRef) -> SpellCall | None:
        name = ref.name.name
        binding = self.world.scope.lookup(name)
        if ref.args is None and binding is not None and binding.category == "spell" and self.world.spells:
            spec = next((s for s in self.world.spells if s.label == binding.name), None)
            if spec is None:
                return None     # the spell itself is faulty: reported where it is declared
            return spell_call(spec, self.world.spells)     # that very spell, where others are alike
        cls = find_spell_type(name)
        if cls is None:
            if binding is not None and name in self.world.scope.described:
                self.fail(ref.name.loc, f"{name!r} is {self.world.scope.described[name]}, not a spell",
                          UnknownNameError)
            else:
                types = [c.name for c in spell_types()]  # type: ignore[attr-defined]
                known = types + [n for n, b in self.world.scope.bindings.items() if b.category == "spell"]
                self.fail(ref.name.loc, unknown_name_message(name, known, "spell"), UnknownNameError)
            return None
        signature = cls.signature  # type: ignore[attr-defined]
        args = self.world.builder.call_args(ref.args or (), signature, signature.name, ref.loc)
        if args is None:
            return None
        call = SpellCall(signature.name, args)
        if self.world.spells is not None and not any(_matches(call, s) for s in self.world.spells):
            have = ", ".join(format_spell_call(SpellCall(s.type, s.args)) for s in self.world.spells) or "none"
            self.fail(ref.loc, f"the cast names {format_spell_call(call)}, which is not among the spells of "
                               f"{self.world.name} ({have})", UnknownNameError)
            return None
        return call

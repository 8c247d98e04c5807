"""The level reader: one level's TOML document, section by section (worlds, mirrors, variables,
conditions, tiles, solutions), into a :class:`~zorglab.core.model.Level` and the problems found
where they stand. :mod:`zorglab.level.loader` is its front door (files, checks, errors raised).
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any, Mapping

from zorglab.core.tiles import Tile
from zorglab.errors import (ArgumentTypeError, ExpressionError, LevelError, LevelStructureError, LevelSyntaxError,
                            Location, Problem)
from zorglab.core import ast
from zorglab.level.ids import id_fault
from zorglab.level.build import FINDERS, LISTERS, Builder, parse_node, variable_binding
from zorglab.core.expr import Binding, Kind
from zorglab.engine.constraints import solvable_cycle
from zorglab.level.labels import Entry, WorldScope, automatic_labels, base_scope, bind_entries, check_name
from zorglab.core.limits import MAX_ROOMS, toml_fault
from zorglab.core.model import MAIN_WORLD, Condition, Level, Mirror, Variable
from zorglab.level.positions import Origin, Positions, SourceText, index_positions
from zorglab.level.solutions import SolutionReader, World, unknown_keys
from zorglab.level.tileset import (RoomUse, attach_tiles, find_library, libraries_shown, library_shown,
                                   mirror_wall_problems,
                                   read_library, read_own_tiles)

LEVEL_KEYS = ("id", "title", "contract", "notes", "rooms", "heroes", "spells", "constraints", "bonuses",
              "variables", "tiles", "solutions", "mirrors", "max_actions")
# The largest action cap a level may set (ZR-27; docs/levels.md, "Limits").
MAX_ACTIONS_LIMIT = 10_000_000
MIRROR_KEYS = ("name", "rooms", "heroes", "spells", "constraints", "bonuses")
CATEGORIES = (("rooms", "room"), ("heroes", "hero"), ("spells", "spell"))
_SALVAGE = re.compile(r"\s*(?:([A-Za-z][A-Za-z0-9_]*)\s*=\s*)?([A-Za-z][A-Za-z0-9_]*)")
_TOML_POSITION = re.compile(r"\s*\((?:at line (\d+), column (\d+)|at end of document)\)\s*$")

_EXAMPLES = {"rooms": "D(2)", "heroes": "Warrior(3)", "spells": "Attack(1)", "constraints": "dist(A, Z) >= 2",
             "bonuses": "unused(Teleport)"}
_CHOIX = re.compile(r"\s*choix\s*\(")
_TOML_REASONS = {"illegal character '\\n'": "a string is not closed on its line"}

Library = Path | str | Mapping[str, Tile] | None


def toml_error_location(error: tomllib.TOMLDecodeError, source: SourceText) -> tuple[Location, str]:
    """Where tomllib says the syntax fault is, and its reason without the position suffix."""
    message = str(error)
    found = _TOML_POSITION.search(message)
    if found and found.group(1):
        loc = Location(source.path, int(found.group(1)), int(found.group(2)))
    else:
        loc = source.location(len(source.text))
    reason = message[:found.start()] if found else message
    reason = reason[:1].lower() + reason[1:]
    return loc, _TOML_REASONS.get(reason, reason)


@dataclass
class _WorldParts:
    """One world as read: entries and labels per category, built specs, conditions, scope, builder."""

    scope: WorldScope
    builder: Builder
    entries: dict[str, list[Entry | None]] = field(default_factory=dict)
    labels: dict[str, list[str | None]] = field(default_factory=dict)
    specs: dict[str, list[Any]] = field(default_factory=dict)
    nodes: dict[str, list[Any]] = field(default_factory=dict)
    items: dict[str, list[tuple[str, Origin] | None]] = field(default_factory=dict)
    constraints: list[Condition] = field(default_factory=list)
    bonuses: list[Condition] = field(default_factory=list)
    has_rooms: bool = True
    rooms_listed: bool = True

    def uses(self) -> list[RoomUse]:
        uses = []
        for spec, node in zip(self.specs["rooms"], self.nodes["rooms"]):
            if spec is not None:
                where = node.tile.loc if node.tile is not None else node.loc
                uses.append(RoomUse(spec, where))
        return uses

    def built(self, key: str) -> tuple[Any, ...]:
        return tuple(s for s in self.specs[key] if s is not None)


class LevelReader:
    """Reads one level's TOML text into a :class:`~zorglab.core.model.Level`, collecting every fault
    in :attr:`problems` instead of raising (the loader orders and reports them)."""

    def __init__(self, source: SourceText, level_path: Path | None, library: Library):
        self.source = source
        self.level_path = level_path
        self.library = library
        self.library_shown: str | None = None       # the tile library the level was read with (issue 32)
        self.problems: list[Problem] = []
        self.positions = Positions(source)

    def fail(self, loc: Location | None, message: str, kind: type[LevelError]) -> None:
        self.problems.append(Problem(loc, message, kind))

    # --- the file ----------------------------------------------------------------------------

    def toml(self) -> dict[str, Any] | None:
        fault = toml_fault(self.source.text)
        if fault is not None:
            self.fail(self.source.location(fault[0]), f"not a level TOML can hold: {fault[1]}", LevelSyntaxError)
            return None
        try:
            doc = tomllib.loads(self.source.text, parse_float=Decimal)
        except tomllib.TOMLDecodeError as error:
            loc, reason = toml_error_location(error, self.source)
            self.fail(loc, f"not valid TOML: {reason}", LevelSyntaxError)
            return None
        except (ValueError, RecursionError, MemoryError) as error:   # tomllib's own limits
            self.fail(self.source.location(0), f"not a level TOML can hold: {error.__class__.__name__}",
                      LevelSyntaxError)
            return None
        self.positions = index_positions(self.source)
        return doc

    def read(self) -> Level | None:
        doc = self.toml()
        if doc is None:
            return None
        unknown_keys(doc, LEVEL_KEYS, (), "a level", self.positions, self.problems)
        if self.too_many_rooms(doc):
            return None
        stem = self.level_path.stem if self.level_path is not None else "level"
        level_id = self.text(doc, ("id",), stem)
        title = self.text(doc, ("title",), "")
        contract = self.text(doc, ("contract",), None)
        self.check_ids(doc, level_id, contract)
        notes = self.text(doc, ("notes",), "")
        max_actions = self.action_cap(doc)
        mirror_tables = self.mirror_tables(doc.get("mirrors"))
        worlds: list[tuple[str, Location | None]] = [(MAIN_WORLD, None)]
        worlds += [(name, loc) for name, loc, _ in mirror_tables]
        variable_table = self.variable_table(doc.get("variables"))
        main = self.world(doc, (), worlds, variable_table, None)
        variables = list(main.builder.variables.values())
        mirrors, mirror_parts = [], []
        for index, (name, loc, table) in enumerate(mirror_tables):
            parts = self.world(table, ("mirrors", index), worlds, None, (name, main))
            mirror_parts.append((name, parts))
            variables.extend(parts.builder.inline_variables)
            mirrors.append(Mirror(name, parts.built("rooms"), parts.built("heroes"), parts.built("spells"),
                                  tuple(parts.constraints), tuple(parts.bonuses), loc))
        self.solvable_cycles([(MAIN_WORLD, tuple(main.constraints) + tuple(main.bonuses))] + [
            (m.name, m.constraints + m.bonuses) for m in mirrors])
        tiles = self.tiles(doc.get("tiles"), main, mirror_parts)
        solutions = self.solutions(doc.get("solutions"), main, mirror_parts, tuple(variables))
        if self.problems:
            return None
        return Level(id=level_id, title=title, contract=contract, notes=notes, rooms=main.built("rooms"),
                     heroes=main.built("heroes"), spells=main.built("spells"), constraints=tuple(main.constraints),
                     bonuses=tuple(main.bonuses), variables=tuple(variables), tiles=tuple(tiles.items()),
                     solutions=solutions, mirrors=tuple(mirrors), path=self.source.path, max_actions=max_actions)

    def check_ids(self, doc: dict[str, Any], level_id: Any, contract: Any) -> None:
        """The id and the contract name follow the id grammar (docs/levels.md, "Ids"); an id taken from
        the file name is refused at the file's start, naming the file."""
        if isinstance(level_id, str):
            fault = id_fault(level_id, "a level id" if "id" in doc else f"the id {level_id[:80]!r} taken from the "
                             "file name (write id = \"...\")")
            if fault is not None:
                where = self.positions.location(("id",)) if "id" in doc else self.source.location(0)
                self.fail(where, fault, LevelStructureError)
        if isinstance(contract, str) and (fault := id_fault(contract, "a contract name")) is not None:
            self.fail(self.positions.location(("contract",)), fault, LevelStructureError)

    def solvable_cycles(self, worlds: list[tuple[str, tuple[Condition, ...]]]) -> None:
        """ZR-28: ``solvable(...)`` calls that go round two or more worlds are refused, at the call
        that closes the cycle (a world reading its own ``solvable`` is allowed)."""
        found = solvable_cycle(worlds)
        if found is not None:
            call, cycle = found
            around = ", ".join(f"{a} reads solvable({b})" for a, b in zip(cycle, cycle[1:] + cycle[:1]))
            self.fail(call.loc, f"solvable({cycle[0]}) closes a cycle of worlds judging each other ({around}): "
                      "no world's solvability could be decided (ZR-28)", ExpressionError)

    def too_many_rooms(self, doc: dict[str, Any]) -> bool:
        """A world of more than MAX_ROOMS rooms is refused before anything is built (docs/levels.md)."""
        mirrors = doc.get("mirrors")
        tables = [((), doc)] + ([(("mirrors", i), m) for i, m in enumerate(mirrors) if isinstance(m, dict)]
                                if isinstance(mirrors, list) else [])
        for path, table in tables:
            rooms = table.get("rooms")
            if isinstance(rooms, list) and len(rooms) > MAX_ROOMS:
                self.fail(self.positions.location(path + ("rooms", MAX_ROOMS)), f"a world holds at most "
                          f"{MAX_ROOMS} rooms, not {len(rooms):,} (docs/levels.md, Limits)", LevelStructureError)
                return True
        return False

    def action_cap(self, doc: dict[str, Any]) -> int | None:
        """``max_actions = N``: after N actions a run that has not ended is a stall (ZR-27)."""
        value = doc.get("max_actions")
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_ACTIONS_LIMIT:
            shown = value if isinstance(value, int) and value.bit_length() < 64 else "this value"
            self.fail(self.positions.location(("max_actions",)), f"max_actions must be a whole number from 1 "
                      f"to {MAX_ACTIONS_LIMIT:,}, not {shown}", ArgumentTypeError)
            return None
        return value

    def text(self, table: dict[str, Any], path: tuple[Any, ...], default: Any) -> Any:
        value = table.get(path[-1], default)
        if value is not default and not isinstance(value, str):
            self.fail(self.positions.location(path), f"{path[-1]} must be a string", ArgumentTypeError)
            return default
        return value

    def strings(self, table: dict[str, Any], key: str, path: tuple[Any, ...]) -> list[tuple[str, Origin] | None]:
        value = table.get(key, [])
        if not isinstance(value, list):
            self.fail(self.positions.location(path + (key,)), f"{key} must be a list of strings", ArgumentTypeError)
            return []
        items: list[tuple[str, Origin] | None] = []
        for index, item in enumerate(value):
            if isinstance(item, str):
                items.append((item, self.positions.origin(path + (key, index))))
            else:
                self.fail(self.positions.location(path + (key, index)), f"{key} holds strings of notation "
                          f"(like \"{_EXAMPLES.get(key, 'D(2)')}\"), not {type(item).__name__} values",
                          ArgumentTypeError)
                items.append(None)
        return items

    # --- worlds ------------------------------------------------------------------------------

    def mirror_tables(self, value: Any) -> list[tuple[str, Location, dict[str, Any]]]:
        if value is None:
            return []
        if not isinstance(value, list):
            self.fail(self.positions.location(("mirrors",)), "mirrors are written as [[mirrors]] tables",
                      LevelStructureError)
            return []
        tables = []
        seen: set[str] = set()
        for index, table in enumerate(value):
            path = ("mirrors", index)
            header = self.positions.key_location(path)
            if not isinstance(table, dict):
                self.fail(header, "each [[mirrors]] entry must be a table", LevelStructureError)
                continue
            unknown_keys(table, MIRROR_KEYS, path, "a mirror", self.positions, self.problems)
            name = table.get("name")
            if not isinstance(name, str):
                self.fail(header, "a mirror needs name = \"...\"", LevelStructureError)
                continue
            loc = self.positions.location(path + ("name",))
            if name in seen:
                self.fail(loc, f"two mirrors are named {name!r}", LevelStructureError)
                continue
            if check_name(name, "mirror name", loc, self.problems):
                seen.add(name)
                tables.append((name, header, table))
        return tables

    def variable_table(self, value: Any) -> dict[str, Any]:
        if value is None:
            return {}
        if not isinstance(value, dict):
            self.fail(self.positions.location(("variables",)), "[variables] must be a table of name = \"choix(n, E)\"",
                      LevelStructureError)
            return {}
        return value

    def world(self, table: dict[str, Any], path: tuple[Any, ...], worlds: list[tuple[str, Location | None]],
              variable_table: dict[str, Any] | None, mirror_of: tuple[str, _WorldParts] | None) -> _WorldParts:
        """Labels, variables, rooms, heroes, spells and conditions of the level or of one mirror."""
        scope = base_scope(worlds, self.problems if mirror_of is None else [])
        builder = Builder(scope, self.problems, prefix="" if mirror_of is None else f"{mirror_of[0]}.")
        parts = _WorldParts(scope, builder, has_rooms="rooms" in table,
                            rooms_listed=isinstance(table.get("rooms", []), list))
        if mirror_of is not None:
            level_scope = mirror_of[1].scope
            for name, variable in mirror_of[1].builder.variables.items():
                if name in level_scope.bindings:
                    scope.bind(name, level_scope.bindings[name], f"variable {name}", variable.location, [])
                    builder.variables[name] = variable
        for name in variable_table or {}:
            loc = self.positions.key_location(("variables", name))
            if check_name(name, "variable", loc, self.problems):
                scope.bind(name, Binding(Kind.ANY, name, "var"), f"variable {name}", loc, self.problems)
        all_entries: list[Entry] = []
        all_labels: list[str] = []
        for key, category in CATEGORIES:
            strings = self.strings(table, key, path)
            nodes = [parse_node(s[0], "entity", s[1], self.problems) if s else None for s in strings]
            entries = [self.entry(category, node, s, i) for i, (node, s) in enumerate(zip(nodes, strings), 1)]
            labelled = [e for e in entries if e is not None]
            labels = iter(automatic_labels(labelled))
            parts.labels[key] = [next(labels) if e is not None else None for e in entries]
            parts.entries[key], parts.nodes[key], parts.items[key] = entries, nodes, strings
            for entry, label in zip(entries, parts.labels[key]):
                if entry is not None and label is not None and FINDERS[category](entry.type) is not None:
                    all_entries.append(entry)
                    all_labels.append(label)
        bind_entries(scope, all_entries, all_labels, self.problems)
        for name, text in (variable_table or {}).items():
            self.variable(builder, name, text)
        for key, _ in CATEGORIES:
            parts.specs[key] = [
                builder.entity(node, entry, label, item[0]) if node is not None and entry and label and item else None
                for node, entry, label, item in zip(parts.nodes[key], parts.entries[key], parts.labels[key],
                                                    parts.items[key])]
        self.structure(parts, path, mirror_of)
        parts.constraints = self.conditions(table, "constraints", path, builder, "a constraint")
        parts.bonuses = self.conditions(table, "bonuses", path, builder, "a bonus")
        return parts

    def entry(self, category: str, node: Any, item: tuple[str, Origin] | None, index: int) -> Entry | None:
        """Enough of a room, hero or spell to label it; salvaged from the text when it does not parse."""
        if item is None:
            return None
        text = " ".join(item[0].split())
        if isinstance(node, ast.EntityNode):
            return Entry(category, node.type.name, node.label, node.loc, index, text)
        found = _SALVAGE.match(item[0])
        if not found:
            return None
        explicit = ast.Ident(found.group(1), loc=item[1].locate(found.start(1))) if found.group(1) else None
        return Entry(category, found.group(2), explicit, item[1].locate(found.start(2)), index, text)

    def variable(self, builder: Builder, name: str, text: Any) -> None:
        path = ("variables", name)
        if name not in builder.scope.bindings or builder.scope.bindings[name].category != "var":
            return
        if not isinstance(text, str):
            self.fail(self.positions.location(path), f"variable {name} must be a string \"choix(n, E)\"",
                      ArgumentTypeError)
            return
        origin = self.positions.origin(path)
        if not _CHOIX.match(text):
            self.fail(origin.locate(len(text) - len(text.lstrip())), f"variable {name} must be written choix(n, E)",
                      ArgumentTypeError)
            return
        node = parse_node(text, "value", origin, self.problems)
        if node is None:
            return
        variable = builder.variable(name, node, text, origin.locate(0))
        if variable is not None:
            builder.variables[name] = variable
            builder.scope.bindings[name] = variable_binding(variable, builder.scope)

    def structure(self, parts: _WorldParts, path: tuple[Any, ...], mirror_of: tuple[str, _WorldParts] | None) -> None:
        """Every world needs an A and a Z room; a mirror replaces the level's rooms one for one."""
        whose = "a level" if mirror_of is None else f"mirror {mirror_of[0]}"
        where = self.positions.location(path + ("rooms",)) if parts.has_rooms else (
            self.positions.key_location(path) if path else self.source.start())
        if not parts.has_rooms:
            self.fail(where, f"{whose} needs rooms = [...] (the supplied rooms)", LevelStructureError)
            return
        if not parts.rooms_listed:
            return
        types = {e.type for e in parts.entries["rooms"] if e is not None}
        for flag, role in (("is_spawn", "spawn"), ("ends_level", "Zorg's")):
            if any(getattr(FINDERS["room"](t), flag, False) for t in types):
                continue        # found among the level's own types: every type need not be listed (start-up)
            needed = [cls.name for cls in LISTERS["room"]() if getattr(cls, flag)]  # type: ignore[attr-defined]
            if not types.intersection(needed):
                self.fail(where, f"{whose} needs at least one {' or '.join(needed)} room ({role} room)",
                          LevelStructureError)
        if mirror_of is not None:
            ours, theirs = len(parts.entries["rooms"]), len(mirror_of[1].entries["rooms"])
            if ours != theirs:
                self.fail(where, f"mirror {mirror_of[0]} has {ours} rooms; it must replace the level's {theirs} "
                                 "rooms one for one", LevelStructureError)

    def conditions(self, table: dict[str, Any], key: str, path: tuple[Any, ...], builder: Builder,
                   role: str) -> list[Condition]:
        built = []
        for item in self.strings(table, key, path):
            if item is not None:
                condition = builder.condition(item[0], item[1], role)
                if condition is not None:
                    built.append(condition)
        return built

    # --- tiles and solutions -----------------------------------------------------------------

    def tiles(self, table: Any, main: _WorldParts, mirrors: list[tuple[str, _WorldParts]]) -> dict[str, Tile]:
        own = read_own_tiles(table, self.positions, self.problems)
        if isinstance(self.library, Mapping):
            library, shown = dict(self.library), "the tile library"
        else:
            library_path = Path(self.library) if self.library is not None else find_library(self.level_path)
            library, library_problems = read_library(library_path)
            self.problems.extend(library_problems)
            shown = library_shown(library_path)
        self.library_shown = shown
        if not isinstance(self.library, Mapping):
            shown = libraries_shown(library_path)
        uses = main.uses()
        for _, parts in mirrors:
            uses.extend(parts.uses())
        tiles = attach_tiles(uses, own, library, shown, self.problems)
        level_rooms = [s for s in main.specs["rooms"]]
        for name, parts in mirrors:
            mirror_uses = [RoomUse(s, n.tile.loc if n.tile is not None else n.loc) if s is not None else None
                           for s, n in zip(parts.specs["rooms"], parts.nodes["rooms"])]
            pairs = [(r, u) for r, u in zip(level_rooms, mirror_uses) if r is not None and u is not None]
            self.problems.extend(mirror_wall_problems(name, [r for r, _ in pairs], [u for _, u in pairs], tiles))
        return tiles

    def solutions(self, value: Any, main: _WorldParts, mirrors: list[tuple[str, _WorldParts]],
                  variables: tuple[Variable, ...]) -> tuple[Any, ...]:
        if value is None:
            return ()
        if not isinstance(value, list):
            self.fail(self.positions.location(("solutions",)), "solutions are written as [[solutions]] tables",
                      LevelStructureError)
            return ()
        reader = SolutionReader(
            self.positions, self.problems, World("the level", main.scope, main.builder, main.built("spells")),
            {name: World(f"mirror {name}", p.scope, p.builder, p.built("spells")) for name, p in mirrors}, variables)
        solutions = [reader.read(index, table) for index, table in enumerate(value)]
        return tuple(s for s in solutions if s is not None)

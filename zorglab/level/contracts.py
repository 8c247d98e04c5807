"""The contract list (``levels/contracts.toml``, FR-4), read for validation and summaries.

Format: ``[[contracts]]`` tables with ``name``, ``title``, ``cost`` (points, >= 0), ``order`` and
``levels`` (level ids; empty for a contract not written yet, ZR-21), and an optional target ``band``
(:mod:`zorglab.level.bands`: the figures the report judges its levels by, issue 42). Every fault is
reported with its location; a missing file is not a fault (the pack may not be grouped yet).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, replace
from pathlib import Path

from zorglab.core.limits import toml_fault
from zorglab.errors import LevelError, LevelStructureError, LevelSyntaxError, Location, Problem
from zorglab.level.bands import Band, read_band
from zorglab.level.ids import id_fault, is_id
from zorglab.level.files import decode_utf8, read_bounded
from zorglab.level.positions import Positions, SourceText, index_positions

CONTRACTS_NAME = "contracts.toml"
CONTRACT_KEYS = ("name", "title", "cost", "order", "levels", "band")


@dataclass(frozen=True)
class ContractEntry:
    name: str
    title: str
    cost: int
    order: int
    levels: tuple[str, ...]
    location: Location | None = None
    band: Band | None = None            # the target band the report judges the levels by (None: none typed)

    @property
    def unwritten(self) -> bool:
        return not self.levels


@dataclass(frozen=True)
class ContractFile:
    path: str
    contracts: tuple[ContractEntry, ...]
    positions: Positions | None

    def level_location(self, contract: int, index: int) -> Location | None:
        return self.positions.location(("contracts", contract, "levels", index)) if self.positions else None


def find_contracts(level_path: Path) -> Path | None:
    """The contract list of the level at ``level_path``: ``contracts.toml`` of its pack root (the level's
    folder or the one just above it; :func:`zorglab.level.tileset.pack_library`), never higher up."""
    from zorglab.level.tileset import pack_library
    return pack_library(level_path, CONTRACTS_NAME)


def read_contracts(path: Path, shown: str | None = None) -> tuple[ContractFile, list[Problem]]:
    """The contract list at ``path`` and its faults, read like a level file: a regular file of bounded
    size, UTF-8, within the nesting and digit limits -- every fault located, never a traceback."""
    shown = shown or str(path)
    problems: list[Problem] = []
    try:
        source = SourceText(shown, decode_utf8(read_bounded(path, "contract list"), shown).removeprefix("\ufeff"))
    except LevelError as error:
        return ContractFile(shown, (), None), [replace(p, location=Location(shown, p.location.line, p.location.col))
                                               if p.location is not None else p for p in error.problems]
    fault = toml_fault(source.text)
    if fault is not None:
        return ContractFile(shown, (), None), [Problem(source.location(fault[0]), "not a contract list TOML can "
                                                       f"hold: {fault[1]}", LevelSyntaxError)]
    try:
        data = tomllib.loads(source.text)
    except tomllib.TOMLDecodeError as error:
        from zorglab.level.reader import toml_error_location   # the reader (and its types) only for a broken file
        loc, reason = toml_error_location(error, source)
        return ContractFile(shown, (), None), [Problem(loc, f"not valid TOML: {reason}", LevelSyntaxError)]
    except (ValueError, RecursionError, MemoryError) as error:
        return ContractFile(shown, (), None), [Problem(source.location(0), "not a contract list TOML can hold: "
                                                       f"{error.__class__.__name__}", LevelSyntaxError)]
    positions = index_positions(source)
    for key in data:
        if key != "contracts":
            problems.append(Problem(positions.key_location((key,)), f"unknown key {key!r} in the contract list "
                                    "(only [[contracts]] tables)", LevelStructureError))
    tables = data.get("contracts", [])
    if not isinstance(tables, list):
        problems.append(Problem(positions.location(("contracts",)), "contracts are [[contracts]] tables",
                                LevelStructureError))
        tables = []
    contracts = []
    names: set[str] = set()
    listed: dict[str, str] = {}
    for index, table in enumerate(tables):
        path_ = ("contracts", index)
        header = positions.key_location(path_)
        before = len(problems)
        for key in table:
            if key not in CONTRACT_KEYS:
                problems.append(Problem(positions.key_location(path_ + (key,)), f"unknown key {key!r} in a contract "
                                        f"(known: {', '.join(CONTRACT_KEYS)})", LevelStructureError))
        name, title = table.get("name"), table.get("title", "")
        cost, order, levels = table.get("cost"), table.get("order", index + 1), table.get("levels", [])
        checks = [
            ("name", isinstance(name, str) and bool(name), "a contract needs name = \"...\""),
            ("name", not isinstance(name, str) or not name or is_id(name),
             (id_fault(name, "a contract name") or "") if isinstance(name, str) else ""),
            ("title", isinstance(title, str), "title must be a string"),
            ("cost", isinstance(cost, int) and not isinstance(cost, bool) and cost >= 0,
             "cost must be a whole number of points, 0 or more"),
            ("order", isinstance(order, int) and not isinstance(order, bool), "order must be a whole number"),
            ("levels", isinstance(levels, list) and all(isinstance(x, str) for x in levels),
             "levels must be a list of level ids"),
        ]
        for key, ok, message in checks:
            if not ok:
                where = positions.location(path_ + (key,)) if key in table else header
                problems.append(Problem(where, message, LevelStructureError))
        band = None
        if "band" in table:
            band, faults = read_band(table["band"], path_ + ("band",), positions)
            problems += faults
        if isinstance(name, str) and name in names:
            problems.append(Problem(positions.location(path_ + ("name",)), f"two contracts are named {name!r}",
                                    LevelStructureError))
        if isinstance(levels, list):        # a level belongs to one contract, listed once (its points once)
            for l_index, level_id in enumerate(levels):
                if isinstance(level_id, str) and level_id in listed:
                    problems.append(Problem(positions.location(path_ + ("levels", l_index)), f"level {level_id!r} is "
                                            f"listed twice (already by contract {listed[level_id]!r}); a level "
                                            "belongs to one contract", LevelStructureError))
                elif isinstance(level_id, str):
                    listed[level_id] = name if isinstance(name, str) else "?"
        if isinstance(name, str) and name and name not in names:
            names.add(name)
            sound = len(problems) == before
            contracts.append(ContractEntry(
                name, title if isinstance(title, str) else "", cost if sound else 0, order if sound else index + 1,
                tuple(x for x in levels if isinstance(x, str)) if isinstance(levels, list) else (), header,
                band if sound else None))
    return ContractFile(shown, tuple(contracts), positions), problems

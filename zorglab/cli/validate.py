"""``zorglab validate PATH...``: check level files, print every problem as ``path:line:col: message``.

Directories are searched for ``*.toml`` (the tile library ``tiles.toml`` and the contract list
``contracts.toml`` excepted: they are checked as what they are). Exit status 0 when everything is
sound, with one summary line on stdout; 1 when every file loads but some solution no longer ends as
its ``expect`` says (``--replay``: a solution that no longer wins); 2 when a file does not load or is
not valid. Every problem goes to stderr.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from zorglab.cli.solution_checks import solution_problems
from zorglab.errors import LevelError, LevelStructureError, Location, Problem, ReplayError
from zorglab.level.contracts import CONTRACTS_NAME, ContractFile, find_contracts, read_contracts
from zorglab.level.loader import LevelCheck, check_level, level_files
from zorglab.level.positions import SourceText, index_positions
from zorglab.level.tileset import LIBRARY_NAME, library_shown, read_library


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "validate", help="check level files; report every problem as path:line:col: message",
        description="Load every level under PATH... and report every problem, one per line.")
    parser.add_argument("paths", nargs="+", metavar="PATH", help="level files or directories of levels")
    parser.add_argument("--replay", action="store_true",
                        help="also play every solution and report each that does not end as its expect says")
    parser.add_argument("--json", action="store_true", help="print one JSON object: ok, errors, warnings, summary")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    report = validate(args.paths, replay=args.replay)
    if getattr(args, "json", False):
        import json
        json.dump({"ok": report.ok, "errors": report.errors, "warnings": report.warnings,
                   "summary": report.summary}, sys.stdout, indent=1)
        print()
        return report.code
    for line in report.errors:
        print(line, file=sys.stderr)
    for line in report.warnings:          # legal but surely not meant: said, never a failure
        print(line, file=sys.stderr)
    print(report.summary)
    return report.code


class Report:
    def __init__(self) -> None:
        self.errors: list[str] = []
        self.warnings: list[str] = []
        self.summary = ""
        self.ok = False
        self.replays_only = False      # every problem is a solution that no longer ends as its expect says

    @property
    def code(self) -> int:
        """The exit status: 0 sound, 1 only replays that end otherwise (the files load), 2 anything else."""
        return 0 if self.ok else 1 if self.replays_only else 2


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def validate(paths: list[str], *, replay: bool = False) -> Report:
    """Check every path; the report holds the problem lines and the summary line. Every solution's
    layout is checked too (at its map), and with ``replay`` every solution is played against its expect."""
    report = Report()
    problems: list[Problem] = []
    levels: list[Path] = []
    special: list[Path] = []
    for raw in paths:
        path = Path(raw)
        missing = _missing(path)
        if missing:
            report.errors.append(f"{raw}: {missing}")
        elif path.is_file() and path.name in (LIBRARY_NAME, CONTRACTS_NAME):
            special.append(path)
        else:
            found = level_files([path])
            if not found:
                report.errors.append(f"{raw}: no level files (*.toml) here")
            levels.extend(found)
    distinct: dict[str, Path] = {}
    for level_path in levels:                       # `validate F F`: F is checked once, not against itself
        distinct.setdefault(os.path.realpath(level_path), level_path)
    levels = list(distinct.values())
    checks = [check_level(p) for p in levels]
    for check in checks:
        problems.extend(check.problems)
        if check.level is not None:
            try:
                problems.extend(solution_problems(check.path, check.level, replay=replay))
            except LevelError as error:          # a map no layout can be made of: this file's problems, the others go on
                problems.extend(error.problems or [Problem(Location(check.path, 1, 1), str(error))])
    for path in special:
        problems.extend(_special(path))
    contract_files, contract_problems = _contracts(levels, special)
    problems.extend(contract_problems)
    problems.extend(_cross_checks(checks, contract_files, paths))
    unique = sorted(dict.fromkeys(problems), key=_file_order)
    report.warnings.extend(_warnings(checks))
    report.errors.extend(str(p) for p in unique)
    if report.errors:
        report.replays_only = bool(unique) and len(unique) == len(report.errors) and all(
            p.kind is ReplayError for p in unique)
        bad = len({p.location.path for p in unique if p.location})
        report.summary = f"{_plural(len(unique), 'problem')} in {_plural(bad, 'file')}" if unique else \
            "nothing checked"
        if report.replays_only:
            report.summary += ": every file loads, but these solutions no longer end as their expect says"
        return report
    sound = [c.level for c in checks if c.level is not None]
    solutions = sum(len(level.solutions) for level in sound)
    report.summary = f"{_plural(len(sound), 'level')} OK ({_plural(solutions, 'solution')}" + \
        (", each replayed to its expect)" if replay else ")")
    contracts = [c for f in contract_files.values() for c in f.contracts]
    if contracts:
        unwritten = sum(1 for c in contracts if c.unwritten)
        report.summary += f" in {_plural(len(contracts), 'contract')}"
        if unwritten:
            report.summary += f" ({unwritten} unwritten)"
    libraries = sorted({_shown(Path(c.tile_library)) for c in checks
                        if c.tile_library is not None and not _built_in(c.tile_library)})
    if libraries:                      # a level's tiles from its pack's own library: say which (issue 32)
        report.summary += f"; tiles from {', '.join(libraries)}"
    if report.warnings:
        report.summary += f"; {_plural(len(report.warnings), 'warning')}"
    report.ok = True
    return report


def _warnings(checks: list[LevelCheck]) -> list[str]:
    """Every sound level's warnings (zorglab.level.warnings), as ``path:line:col: warning: ...``."""
    from zorglab.level.warnings import level_warnings
    lines = []
    for check in checks:
        if check.level is not None:
            lines += [f"{w.location or check.path}: warning: {w.message}" + (f" — {w.advice}" if w.advice else "")
                      for w in level_warnings(check.level)]
    return lines


def _missing(path: Path) -> str:
    """Why ``path`` cannot be checked at all ("" when it exists)."""
    try:
        return "" if path.exists() else "no such file or directory"
    except OSError as error:          # a name too long, a loop of symlinks
        return f"cannot read it: {error.strerror or error}"


def _built_in(library: str) -> bool:
    """Whether ``library`` is the built-in tile library (the repository's ``levels/tiles.toml``)."""
    from zorglab.core.tiles import LIBRARY_PATH
    return library == library_shown(None) or os.path.realpath(library) == str(LIBRARY_PATH)


def _file_order(problem: Problem) -> tuple[str, int, int]:
    loc = problem.location
    return (loc.path, loc.line, loc.col) if loc else ("", 0, 0)


def _special(path: Path) -> list[Problem]:
    if path.name == LIBRARY_NAME:
        return read_library(path)[1]
    return read_contracts(path, str(path))[1]


def _contracts(levels: list[Path], special: list[Path]) -> tuple[dict[Path, ContractFile], list[Problem]]:
    files: dict[Path, ContractFile] = {}
    problems: list[Problem] = []
    wanted = {find_contracts(p) for p in levels} | {p for p in special if p.name == CONTRACTS_NAME}
    for path in sorted(p for p in wanted if p is not None):
        contract_file, found = read_contracts(path, _shown(path))
        files[path.resolve()] = contract_file
        problems.extend(found)
    return files, problems


def _shown(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def _value_location(path: str, key: str) -> Location:
    source = SourceText(path, Path(path).read_text(encoding="utf-8"))
    return index_positions(source).location((key,))


def _cross_checks(checks: list[LevelCheck], contract_files: dict[Path, ContractFile],
                  paths: list[str]) -> list[Problem]:
    """Level ids unique; each level's contract known; each contract's level ids present."""
    problems: list[Problem] = []
    owners: dict[str, str] = {}
    contracts_said: dict[str, str] = {}
    for check in checks:
        level = check.level
        if level is None:
            continue
        if level.id in owners:
            problems.append(Problem(_value_location(check.path, "id"), f"level id {level.id!r} is already used by "
                                    f"{owners[level.id]}", LevelStructureError))
        owners.setdefault(level.id, check.path)
        if level.contract is not None:
            contracts_said.setdefault(level.id, level.contract)
        contract_path = find_contracts(Path(check.path))
        contract_file = contract_files.get(contract_path.resolve()) if contract_path else None
        if level.contract is not None and contract_file is not None and contract_file.positions is not None:
            named = {c.name: c for c in contract_file.contracts}
            if level.contract not in named:
                import difflib      # only for a contract misnamed: a sound level never pays for it

                close = difflib.get_close_matches(level.contract, list(named), n=1)
                hint = f"; did you mean {close[0]!r}?" if close else f" (contracts: {', '.join(named) or 'none'})"
                problems.append(Problem(_value_location(check.path, "contract"), f"contract {level.contract!r} is "
                                        f"not in {contract_file.path}{hint}", LevelStructureError))
    roots = [Path(p).resolve() for p in paths if not _missing(Path(p)) and Path(p).is_dir()]
    for path, contract_file in contract_files.items():
        if not any(root == path.parent or root in path.parent.parents for root in roots):
            continue
        for c_index, contract in enumerate(contract_file.contracts):
            for l_index, level_id in enumerate(contract.levels):
                said = contracts_said.get(level_id)       # (a name not in the list is the level's own fault)
                if said is not None and said != contract.name and said in {c.name for c in contract_file.contracts}:
                    problems.append(Problem(contract_file.level_location(c_index, l_index),
                                            f"contract {contract.name!r} lists level {level_id!r}, whose file says "
                                            f"contract = {said!r}", LevelStructureError))
                if level_id not in owners:
                    problems.append(Problem(contract_file.level_location(c_index, l_index),
                                            f"contract {contract.name!r} lists level {level_id!r}, which no level "
                                            "file defines", LevelStructureError))
    return problems

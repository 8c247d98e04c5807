"""The campaign: the level pack by id and its contracts (``contracts.toml``), read once.

A level file that fails to load does not hide the others: it is kept in ``broken`` with its
message, so a report or a progress listing can still show the rest (and say what is broken).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from zorglab.errors import LevelError, OptionError
from zorglab.level.contracts import CONTRACTS_NAME, ContractEntry, read_contracts
from zorglab.core.model import Level


@dataclass(frozen=True)
class Campaign:
    """Levels by id (with their files), contracts in campaign order, and the files that failed."""

    levels: dict[str, Level] = field(default_factory=dict)
    paths: dict[str, Path] = field(default_factory=dict)
    contracts: tuple[ContractEntry, ...] = ()
    broken: tuple[tuple[str, str], ...] = ()          # (file, error message)

    def level(self, level_id: str) -> Level:
        """The level with this id, or :class:`OptionError` naming the id and where it was looked for."""
        if level_id in self.levels:
            return self.levels[level_id]
        near = [i for i in sorted(self.levels) if i.startswith(level_id.split("-")[0])][:8]
        hint = f" (ids like it: {', '.join(near)})" if near else ""
        raise OptionError(f"unknown level id {level_id!r}: no level in the pack has it{hint}")

    def position(self, level_id: str) -> tuple[int, int] | None:
        """(contract order, index in the contract) of a listed level, for sorting in campaign order."""
        for contract in self.contracts:
            if level_id in contract.levels:
                return contract.order, contract.levels.index(level_id)
        return None


def load_campaign(paths: Iterable[str | Path]) -> Campaign:
    """Every level under ``paths`` and the first ``contracts.toml`` found in a directory given.

    A malformed contract list raises :class:`LevelError` with every fault; two files with one id
    raise :class:`OptionError` naming both.
    """
    from zorglab.level import level_files, load_level

    given = [Path(p) for p in paths]
    for path in given:
        if not path.exists():
            raise OptionError(f"--levels {path}: no such file or directory")
    levels: dict[str, Level] = {}
    files: dict[str, Path] = {}
    broken: list[tuple[str, str]] = []
    for file in level_files(given):
        try:
            level = load_level(file)
        except LevelError as error:
            broken.append((str(file), str(error)))
            continue
        if level.id in levels:
            raise OptionError(f"level id {level.id!r} is used by both {files[level.id]} and {file}")
        levels[level.id], files[level.id] = level, file
    contracts: tuple[ContractEntry, ...] = ()
    for path in given:
        candidate = path / CONTRACTS_NAME
        if path.is_dir() and candidate.is_file():
            listed, problems = read_contracts(candidate)
            if problems:
                raise LevelError.from_problems(problems)
            contracts = tuple(sorted(listed.contracts, key=lambda c: (c.order, c.name)))
            break
    return Campaign(levels, files, contracts, tuple(broken))

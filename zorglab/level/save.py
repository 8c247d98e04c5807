"""Write a layout and its casts back into a level file as a ``[[solutions]]`` entry (level-format "Layout map").

The save API the Maker and the Studio use (docs/levels.md "Saving"):

- :func:`save_solution` appends an entry, or replaces one in place; a solution already in the file
  (compared as the loader reads it: labels resolved, blank casts ignored) is not written twice, and a
  save that changes nothing leaves the bytes as they were;
- the general primitives live in :mod:`zorglab.level.edit`: :func:`~zorglab.level.edit.edit_level_file`
  (lock, stale check, edit the tomlkit document, atomic replace), :func:`~zorglab.level.edit.write_level_text`
  (a whole level text) and :func:`~zorglab.level.edit.file_digest` (the digest a loaded
  :attr:`Level.digest` is compared with).

A save into a level that validates must leave it valid: otherwise it is refused, nothing written.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import tomlkit
from tomlkit.items import AoT, Comment, InlineTable, String, StringType, Table, Trivia, Whitespace

from zorglab.engine.layout import Layout
from zorglab.core.registry import is_spawn_room
from zorglab.errors import LevelError, OptionError, Problem
from zorglab.level.edit import parse_document, rewrite_level_file, save_target
from zorglab.core.model import Cast, Outcome, Solution
from zorglab.core.printer import format_cast
from zorglab.core.values import INF
from zorglab.level.loader import check_level_text

__all__ = ["SavedSolution", "format_map", "save_solution", "toml_value", "with_solution"]

_OUTCOMES = tuple(outcome.value for outcome in Outcome)
_FIELDS = ("choices", "rotation", "map", "main", "casts", "mirror_casts", "expect")


@dataclass(frozen=True)
class SavedSolution:
    """Where a saved solution stands: its 0-based index, whether the file gained it, the file's digest now."""

    index: int
    added: bool
    digest: str


def format_map(rows: Iterable[Iterable[str | None]]) -> str:
    """Map rows as the level format writes them: one line per row, ``.`` for an empty slot,
    every token padded to the widest so columns line up."""
    tokens = [[label if label is not None else "." for label in row] for row in rows]
    width = max((len(token) for row in tokens for token in row), default=1)
    return "".join(" ".join(token.ljust(width) for token in row).rstrip() + "\n" for row in tokens)


# --- solutions ------------------------------------------------------------------------------------

def save_solution(path: str | Path, layout: Layout, casts: Iterable[str | Cast] = (),
                  expect: Outcome | str | None = None,
                  choices: Mapping[str, Any] | Iterable[tuple[str, Any]] | None = None,
                  mirror_casts: Mapping[str, Iterable[str | Cast]] | None = None,
                  replace_index: int | None = None, expected_digest: str | None = None) -> SavedSolution:
    """Append ``layout`` (with casts, mirror casts, outcome and choices) to the level file at ``path``
    as a ``[[solutions]]`` entry, or replace entry ``replace_index`` (0-based) in place, keeping the
    keys and comments of that entry that do not change.

    When the same solution is already in the file nothing is written and its index is returned with
    ``added=False``. With ``expected_digest`` (the loaded ``Level.digest``) a file changed on disk
    since is refused with :class:`StaleFileError`. The layout must have one shared rotation and no
    overlap (:meth:`Layout.to_map`); whether it is valid is the caller's job
    (:func:`zorglab.engine.layout_rules.require_valid`).
    """
    wanted = _wanted(layout, casts, expect, choices, mirror_casts)
    target = save_target(path)
    placed: list[tuple[int, bool]] = []

    def change(text: str, shown: str) -> str:
        index, added, new = _place(text, shown, target, wanted, replace_index)
        placed.append((index, added))
        return new
    digest = rewrite_level_file(path, change, expected_digest)
    index, added = placed[-1]
    return SavedSolution(index, added, digest)


def with_solution(text: str, path: str | Path, layout: Layout, casts: Iterable[str | Cast] = (),
                  expect: Outcome | str | None = None,
                  choices: Mapping[str, Any] | Iterable[tuple[str, Any]] | None = None,
                  mirror_casts: Mapping[str, Iterable[str | Cast]] | None = None) -> str:
    """The level ``text`` with the solution appended as :func:`save_solution` would write it into the
    file at ``path`` (its libraries apply), written nowhere: for a file built in memory, then written
    once with :func:`zorglab.level.files.write_atomic` (nothing half-written, no temporary left)."""
    return _place(text, str(path), Path(os.path.abspath(path)), _wanted(layout, casts, expect, choices, mirror_casts),
                  None)[2]


def _wanted(layout: Layout, casts: Iterable[str | Cast], expect: Outcome | str | None,
            choices: Mapping[str, Any] | Iterable[tuple[str, Any]] | None,
            mirror_casts: Mapping[str, Iterable[str | Cast]] | None) -> "_Wanted":
    rows, rotation = layout.to_map()
    return _Wanted(rows, rotation, layout.main, [_cast_text(cast) for cast in casts],
                   _mirror_texts(mirror_casts), _outcome_text(expect), _choice_pairs(choices))


@dataclass(frozen=True)
class _Wanted:
    """The entry a save writes, as texts and values ready for TOML."""

    rows: tuple[tuple[str | None, ...], ...]
    rotation: int
    main: str | None
    casts: list[str]
    mirror_casts: list[tuple[str, list[str]]]
    expect: str | None
    choices: list[tuple[str, Any]]

    def entry(self) -> Table:
        return _entry(self.rows, self.rotation, self.main, self.casts, self.mirror_casts, self.expect, self.choices)


def _place(text: str, shown: str, target: Path, wanted: _Wanted, replace_index: int | None) -> tuple[int, bool, str]:
    """(index, added, new text) of saving ``wanted`` into the level ``text``."""
    document = parse_document(text, shown)
    solutions = document.get("solutions")
    if solutions is not None and not isinstance(solutions, AoT):
        raise LevelError(f"{shown}: 'solutions' must be written as [[solutions]] tables to save into it")
    count = 0 if solutions is None else len(solutions)
    if replace_index is not None and (isinstance(replace_index, bool) or not isinstance(replace_index, int)
                                      or not 0 <= replace_index < count):
        raise OptionError(f"replace_index={replace_index!r}: {shown} has {count} solution"
                          f"{'' if count == 1 else 's'} (indexes 0..{count - 1})" if count else
                          f"replace_index={replace_index!r}: {shown} has no solutions to replace")
    probe = parse_document(text, shown)
    _append(probe, probe.get("solutions"), wanted.entry())
    probe_text = tomlkit.dumps(probe)
    before = check_level_text(text, shown, level_path=target)
    if before.level is not None:
        after = check_level_text(probe_text, shown, level_path=target)
        if after.level is None:
            raise LevelError.from_problems([Problem(None, f"{shown}: this solution cannot be saved, nothing "
                                                    f"written: {problem.message}", problem.kind)
                                            for problem in after.problems])
        main_a = _first_a(before.level)
        keys = [_solution_key(solution, main_a) for solution in before.level.solutions]
        key = _solution_key(after.level.solutions[-1], main_a)
    else:
        keys = [_raw_key(entry) for entry in tomllib.loads(text).get("solutions", [])]
        key = _raw_key(tomllib.loads(probe_text)["solutions"][-1])
    order = ([replace_index] if replace_index is not None else []) + list(range(count))
    for index in order:
        if keys[index] == key:
            return index, False, text
    same: set[str] = set()
    if replace_index is None:
        _append(document, solutions, wanted.entry())
        index = count
    else:
        index = replace_index
        assert solutions is not None            # replace_index was checked against its count
        same = {name for name in _FIELDS if keys[index][name] == key[name]}
        _replace_fields(solutions[index], wanted.entry(), same)
    new = tomlkit.dumps(document)
    _check_written(new, shown, index, wanted, same)
    if before.level is not None:
        final = check_level_text(new, shown, level_path=target)
        if final.level is None or _solution_key(final.level.solutions[index], _first_a(final.level)) != key:
            raise LevelError(f"{shown}: the saved entry would not read back as written; nothing written")
    return index, True, new


def _first_a(level: Any) -> str | None:
    return next((room.label for room in level.rooms if is_spawn_room(room.type)), None)


def _plain(cast: Cast) -> Cast:
    """A cast without its source text: two spellings of one cast compare equal."""
    from dataclasses import replace
    return replace(cast, source="", inner=None if cast.inner is None else _plain(cast.inner))


def _solution_key(solution: Solution, main_a: str | None) -> dict[str, Any]:
    """A solution as the loader read it, normalised: what makes two entries the same play."""
    rows = Layout.from_solution(solution).to_map()[0] if solution.map else ()
    return {"choices": tuple(sorted(solution.choices, key=lambda pair: pair[0])),
            "rotation": solution.rotation, "map": rows,
            "main": None if solution.main == main_a else solution.main,
            "casts": tuple(_plain(cast) for cast in solution.casts),
            "mirror_casts": tuple(sorted((name, tuple(_plain(c) for c in casts))
                                         for name, casts in solution.mirror_casts if casts)),
            "expect": solution.expect}


def _raw_key(entry: Any) -> dict[str, Any]:
    """An entry of a level that does not validate, normalised as far as TOML alone allows."""
    if not isinstance(entry, dict):
        return {"entry": entry}

    def texts(values: Any) -> Any:
        return tuple(" ".join(v.split()) if isinstance(v, str) else v for v in values) \
            if isinstance(values, list) else values
    text = entry.get("map")
    rows: Any = text
    if isinstance(text, str):
        grid = [line.split() for line in text.splitlines() if line.strip()]
        slots = {(col, row): token for row, line in enumerate(grid) for col, token in enumerate(line) if token != "."}
        rows = Layout.from_slots({label: slot for slot, label in slots.items()}).to_map()[0] \
            if len(set(slots.values())) == len(slots) else tuple(map(tuple, grid))
    mirrors = entry.get("mirror_casts", {})
    return {"choices": entry.get("choices", {}), "rotation": entry.get("rotation", 0), "map": rows,
            "main": entry.get("main"), "casts": texts(entry.get("casts", [])),
            "mirror_casts": {name: texts(casts) for name, casts in mirrors.items() if casts}
            if isinstance(mirrors, dict) else mirrors,
            "expect": entry.get("expect")}


def _cast_text(cast: str | Cast) -> str:
    if isinstance(cast, str):
        return cast.strip()
    if isinstance(cast, Cast):
        return format_cast(cast)
    raise TypeError(f"a cast is a string in level notation or a Cast, not {type(cast).__name__}")


def _mirror_texts(mirror_casts: Mapping[str, Iterable[str | Cast]] | None) -> list[tuple[str, list[str]]]:
    if mirror_casts is None:
        return []
    if not isinstance(mirror_casts, Mapping):
        raise TypeError("mirror_casts is a mapping: mirror name -> its casts")
    return [(str(name), [_cast_text(cast) for cast in casts]) for name, casts in mirror_casts.items()]


def _outcome_text(expect: Outcome | str | None) -> str | None:
    if expect is None:
        return None
    text = expect.value if isinstance(expect, Outcome) else str(expect)
    if text not in _OUTCOMES:
        raise OptionError(f"expect={expect!r}: an outcome is one of {', '.join(_OUTCOMES)}")
    return text


def _choice_pairs(choices: Mapping[str, Any] | Iterable[tuple[str, Any]] | None) -> list[tuple[str, Any]]:
    if choices is None:
        return []
    pairs = choices.items() if isinstance(choices, Mapping) else choices
    return [(str(name), toml_value(value)) for name, value in pairs]


def toml_value(value: Any) -> Any:
    """A choice as TOML holds it: integers and strings as they are, exact fractions as ``"p/q"``
    strings, ``inf`` as ``"inf"``, picks in order as arrays; anything else by its notation text."""
    if isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, Fraction):
        return value.numerator if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    if value is INF:
        return "inf"
    if isinstance(value, (tuple, list)):
        return [toml_value(item) for item in value]
    return str(value)


def _map_item(rows: tuple[tuple[str | None, ...], ...]) -> String:
    text = format_map(rows)
    raw = text.replace("\\", "\\\\").replace('"', '\\"')
    return String(StringType.MLB, text, "\n" + raw, Trivia())   # the newline after """ is trimmed on reading


def _cast_array(casts: list[str]) -> Any:
    array = tomlkit.array()
    for cast in casts:
        array.add_line(cast, indent="  ")
    array.add_line(indent="")
    return array


def _entry(rows: tuple[tuple[str | None, ...], ...], rotation: int, main: str | None, casts: list[str],
           mirror_casts: list[tuple[str, list[str]]], expect: str | None, choices: list[tuple[str, Any]]) -> Table:
    entry = tomlkit.table()
    if choices:
        inline = tomlkit.inline_table()
        inline.update(dict(choices))
        entry.add("choices", inline)
    entry.add("rotation", rotation)
    entry.add("map", _map_item(rows))
    if main is not None:
        entry.add("main", main)
    if casts:
        entry.add("casts", _cast_array(casts))
    if mirror_casts:
        mirrors: InlineTable = tomlkit.inline_table()
        for name, texts in mirror_casts:
            mirrors[name] = texts
        entry.add("mirror_casts", mirrors)
    if expect is not None:
        entry.add("expect", expect)
    return entry


def _trailing(table: Table) -> list[Comment | Whitespace]:
    """Remove and return the comments and blank lines ending a table: they introduce what follows it."""
    body = table.value.body
    moved: list[Comment | Whitespace] = []
    while body and body[-1][0] is None and isinstance(last := body[-1][1], (Comment, Whitespace)):
        body.pop()
        moved.insert(0, last)
    return moved


def _append(document: tomlkit.TOMLDocument, solutions: AoT | None, entry: Table) -> None:
    if solutions is None:
        before = tomlkit.dumps(document)
        if before and not before.endswith("\n\n"):
            entry.trivia.indent = "\n" if before.endswith("\n") else "\n\n"
        document.append("solutions", tomlkit.aot())
        document["solutions"].append(entry)
        return
    last = solutions[-1]
    moved = _trailing(last)
    last.value.append(None, Whitespace("\n"))
    for item in moved:
        entry.value.append(None, item)
    solutions.append(entry)


def _replace_fields(old: Table, entry: Table, same: set[str]) -> None:
    """Rewrite in place only the keys of ``old`` whose meaning changes: the others keep their bytes,
    and every comment line of the entry stays where it was."""
    moved = _trailing(old)
    for name in _FIELDS:
        if name in same:
            continue
        if name in entry:
            if name in old:
                old[name] = entry[name]
            else:
                old.add(name, entry[name])
        elif name in old:
            del old[name]
    for item in moved:
        old.value.append(None, item)


def _check_written(text: str, shown: str, index: int, wanted: _Wanted, kept: set[str]) -> None:
    """Refuse to write anything that would not read back as the entry meant (``kept``: keys left as
    they were because they already meant what is saved)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise LevelError(f"{shown}: saving would produce invalid TOML ({error}); nothing written") from None
    written = data["solutions"][index]
    drawn = tuple(tuple(None if token == "." else token for token in line.split())
                  for line in written["map"].splitlines() if line.strip())
    mirrors = {name: casts for name, casts in written.get("mirror_casts", {}).items() if casts}
    wrong = {"map": drawn != wanted.rows, "rotation": written.get("rotation", 0) != wanted.rotation,
             "casts": [" ".join(c.split()) for c in written.get("casts", [])]
             != [" ".join(c.split()) for c in wanted.casts],
             "mirror_casts": mirrors != {name: casts for name, casts in wanted.mirror_casts if casts}}
    if any(bad for name, bad in wrong.items() if name not in kept):
        raise LevelError(f"{shown}: the saved entry would not read back as written; nothing written")

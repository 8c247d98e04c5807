"""Write a layout and its casts back into a level file as a ``[[solutions]]`` entry (level-format "Layout map").

The file is edited with tomlkit, so every comment and every byte outside the entry written stays
as it was, and it is replaced atomically: a temporary file in the same directory, flushed to disk,
then ``os.replace``. On any error the original file is untouched and no temporary file remains.
"""

from __future__ import annotations

import os
import stat
import tempfile
import tomllib
from collections.abc import Iterable, Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any

import tomlkit
from tomlkit.items import AoT, Comment, String, StringType, Table, Trivia, Whitespace

from zorglab.engine.layout import Layout
from zorglab.errors import LevelError, OptionError
from zorglab.level.model import Cast, Outcome
from zorglab.level.values import INF

_OUTCOMES = tuple(outcome.value for outcome in Outcome)


def format_map(rows: Iterable[Iterable[str | None]]) -> str:
    """Map rows as the level format writes them: one line per row, ``.`` for an empty slot,
    every token padded to the widest so columns line up."""
    tokens = [[label if label is not None else "." for label in row] for row in rows]
    width = max((len(token) for row in tokens for token in row), default=1)
    return "".join(" ".join(token.ljust(width) for token in row).rstrip() + "\n" for row in tokens)


def save_solution(path: str | Path, layout: Layout, casts: Iterable[str | Cast] = (),
                  expect: Outcome | str | None = None, choices: Mapping[str, Any] | Iterable[tuple[str, Any]] | None = None,
                  replace_index: int | None = None) -> None:
    """Append ``layout`` (with casts, outcome and choices) to the level file at ``path`` as a new
    ``[[solutions]]`` entry, or replace entry ``replace_index`` (0-based) in place.

    The layout must have one shared rotation and no overlap (:meth:`Layout.to_map`); checking it
    against the level's rules is the caller's job (:func:`zorglab.engine.layout.require_valid`).
    """
    path = Path(path)
    rows, rotation = layout.to_map()
    cast_texts = [_cast_text(cast) for cast in casts]
    outcome = _outcome_text(expect)
    choice_pairs = _choice_pairs(choices)
    with open(path, encoding="utf-8", newline="") as file:
        original = file.read()
    document = tomlkit.parse(original)
    entry = _entry(rows, rotation, layout.main, cast_texts, outcome, choice_pairs)
    solutions = document.get("solutions")
    if solutions is not None and not isinstance(solutions, AoT):
        raise LevelError(f"{path}: 'solutions' must be written as [[solutions]] tables to save into it")
    if replace_index is None:
        _append(document, solutions, entry)
    else:
        count = 0 if solutions is None else len(solutions)
        if isinstance(replace_index, bool) or not 0 <= replace_index < count:
            raise OptionError(f"replace_index={replace_index!r}: {path} has {count} solution"
                              f"{'' if count == 1 else 's'} (indexes 0..{count - 1})" if count else
                              f"replace_index={replace_index!r}: {path} has no solutions to replace")
        old = solutions[replace_index]
        for item in _trailing(old):
            entry.value.append(None, item)
        del solutions[replace_index]
        solutions.insert(replace_index, entry)
    text = tomlkit.dumps(document)
    if "\r\n" in original:
        text = text.replace("\r\n", "\n").replace("\n", "\r\n")
    _check_written(text, path, replace_index, rows, rotation, cast_texts)
    _write_atomic(path, text)


def _cast_text(cast: str | Cast) -> str:
    if isinstance(cast, str):
        return cast.strip()
    if isinstance(cast, Cast):
        from zorglab.level.printer import format_cast   # the notation printer's, loaded only when needed
        return format_cast(cast)
    raise TypeError(f"a cast is a string in level notation or a Cast, not {type(cast).__name__}")


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
    return [(str(name), _toml_value(value)) for name, value in pairs]


def _toml_value(value: Any) -> Any:
    """A choice as TOML holds it: integers and strings as they are, exact fractions as ``"p/q"``
    strings, ``inf`` as ``"inf"``, picks in order as arrays; anything else by its notation text."""
    if isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, Fraction):
        return value.numerator if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    if value is INF:
        return "inf"
    if isinstance(value, (tuple, list)):
        return [_toml_value(item) for item in value]
    return str(value)


def _map_item(rows: tuple[tuple[str | None, ...], ...]) -> String:
    text = format_map(rows)
    raw = text.replace("\\", "\\\\").replace('"', '\\"')
    return String(StringType.MLB, text, "\n" + raw, Trivia())   # the newline after """ is trimmed on reading


def _entry(rows: tuple[tuple[str | None, ...], ...], rotation: int, main: str | None, casts: list[str],
           expect: str | None, choices: list[tuple[str, Any]]) -> Table:
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
        array = tomlkit.array()
        for cast in casts:
            array.add_line(cast, indent="  ")
        array.add_line(indent="")
        entry.add("casts", array)
    if expect is not None:
        entry.add("expect", expect)
    return entry


def _trailing(table: Table) -> list[Comment | Whitespace]:
    """Remove and return the comments and blank lines ending a table: they introduce what follows it."""
    body = table.value.body
    moved: list[Comment | Whitespace] = []
    while body and body[-1][0] is None and isinstance(body[-1][1], (Comment, Whitespace)):
        moved.insert(0, body.pop()[1])
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


def _check_written(text: str, path: Path, replace_index: int | None, rows: tuple[tuple[str | None, ...], ...],
                   rotation: int, casts: list[str]) -> None:
    """Refuse to write anything that would not read back as the entry meant."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise LevelError(f"{path}: saving would produce invalid TOML ({error}); nothing written") from None
    written = data["solutions"][-1 if replace_index is None else replace_index]
    drawn = tuple(tuple(None if token == "." else token for token in line.split())
                  for line in written["map"].splitlines() if line.strip())
    if drawn != rows or written["rotation"] != rotation or written.get("casts", []) != casts:
        raise LevelError(f"{path}: the saved entry would not read back as written; nothing written")


def _write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` by ``text`` all at once, keeping its permissions; never leave a half-written file."""
    mode = stat.S_IMODE(os.stat(path).st_mode)
    descriptor, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8", newline="") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        try:
            os.unlink(temporary)
        except FileNotFoundError:
            pass
        raise
    _sync_directory(path.parent)


def _sync_directory(directory: Path) -> None:
    """Make the rename itself durable where the platform allows it."""
    try:
        descriptor = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)

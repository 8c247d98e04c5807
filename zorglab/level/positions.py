"""Where each value of a TOML file is written, so faults point at ``path:line:col``.

``tomllib`` gives values without positions. :func:`index_positions` scans the same text (already
known to be valid TOML) and maps every key path -- ``("rooms", 2)``, ``("tiles", "rink", "cells")``,
``("solutions", 0, "choices", "x")`` -- to the :class:`Span` of its value. A string's span also
records, for every decoded character, the file offset it came from (escapes, the trimmed first
newline of ``\"\"\"`` strings and line-ending backslashes included), so a fault found inside notation
text maps back to its exact column. :class:`Origin` turns offsets inside one string into locations.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field

from zorglab.errors import Location

Path = tuple[str | int, ...]

_BARE_KEY = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
_ESCAPES = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", '"': '"', "\\": "\\", "e": "\x1b"}


class SourceText:
    """A file's text with its line starts: offset <-> 1-based line and column (in characters)."""

    def __init__(self, path: str, text: str):
        self.path = path
        self.text = text
        self._starts = [0] + [i + 1 for i, ch in enumerate(text) if ch == "\n"]

    def location(self, offset: int) -> Location:
        offset = max(0, min(offset, len(self.text)))
        line = bisect.bisect_right(self._starts, offset) - 1
        return Location(self.path, line + 1, offset - self._starts[line] + 1)

    def offset(self, location: Location) -> int:
        return self._starts[location.line - 1] + location.col - 1

    def start(self) -> Location:
        return Location(self.path, 1, 1)


@dataclass(frozen=True)
class Span:
    """A value's text: ``start``/``end`` offsets; for strings, ``chars`` maps decoded index -> offset."""

    start: int
    end: int
    chars: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Origin:
    """Maps an offset inside one piece of notation text to its location in the file."""

    source: SourceText
    chars: tuple[int, ...] | None = None    # file offset per character, plus one past the end
    base: int = 0

    @classmethod
    def of_text(cls, text: str, path: str = "<string>") -> "Origin":
        """Locations inside a standalone string (line 1, column = offset + 1 for one-line text)."""
        return cls(SourceText(path, text))

    def locate(self, index: int) -> Location:
        if self.chars is None:
            return self.source.location(self.base + index)
        if not self.chars:
            return self.source.location(self.base)
        index = max(0, min(index, len(self.chars) - 1))
        return self.source.location(self.chars[index])


@dataclass
class Positions:
    """Value spans by key path, plus the location of each key and each table header."""

    source: SourceText
    values: dict[Path, Span] = field(default_factory=dict)
    keys: dict[Path, int] = field(default_factory=dict)

    def span(self, path: Path) -> Span | None:
        return self.values.get(tuple(path))

    def location(self, path: Path) -> Location:
        """Where the value at ``path`` starts; else its key; else the nearest enclosing value."""
        path = tuple(path)
        while path:
            if path in self.values:
                return self.source.location(self.values[path].start)
            if path in self.keys:
                return self.source.location(self.keys[path])
            path = path[:-1]
        return self.source.start()

    def key_location(self, path: Path) -> Location:
        path = tuple(path)
        if path in self.keys:
            return self.source.location(self.keys[path])
        return self.location(path)

    def origin(self, path: Path) -> Origin:
        """An :class:`Origin` for the string at ``path`` (falls back to the value's start)."""
        span = self.span(path)
        if span is not None and span.chars is not None:
            return Origin(self.source, span.chars)
        if span is not None:
            return Origin(self.source, None, span.start)
        return Origin(self.source, None, self.source.offset(self.location(path)))


def index_positions(source: SourceText) -> Positions:
    """Index a valid TOML text; a text the scanner cannot follow yields what it found so far."""
    scanner = _Scanner(source)
    try:
        scanner.document()
    except (IndexError, ValueError):
        pass
    return scanner.positions


class _Scanner:
    def __init__(self, source: SourceText):
        self.text = source.text
        self.pos = 0
        self.positions = Positions(source)
        self.table: Path = ()
        self.array_tables: dict[Path, int] = {}

    # --- document structure ------------------------------------------------------------------

    def document(self) -> None:
        while True:
            self.skip_blank()
            if self.pos >= len(self.text):
                return
            if self.text.startswith("[[", self.pos):
                start = self.pos
                self.pos += 2
                keys = self.key_path("]")
                self.pos += 2
                parent = self.resolve(keys[:-1])
                table = parent + (keys[-1],)
                index = self.array_tables.get(table, 0)
                self.array_tables[table] = index + 1
                self.table = table + (index,)
                self.positions.keys.setdefault(table, start)
                self.positions.keys[self.table] = start
            elif self.text[self.pos] == "[":
                start = self.pos
                self.pos += 1
                keys = self.key_path("]")
                self.pos += 1
                self.table = self.resolve(keys)
                self.positions.keys.setdefault(self.table, start)
            else:
                self.key_value(self.table)
            self.skip_line_end()

    def resolve(self, keys: tuple[str, ...]) -> Path:
        """Insert the current index after every prefix that names an array of tables."""
        path: Path = ()
        for key in keys:
            path = path + (key,)
            if path in self.array_tables:
                path = path + (self.array_tables[path] - 1,)
        return path

    def key_value(self, table: Path) -> None:
        start = self.pos
        keys = self.key_path("=")
        self.pos += 1
        path = table + keys
        for depth in range(len(table) + 1, len(path) + 1):
            self.positions.keys.setdefault(path[:depth], start)
        self.skip_spaces()
        self.value(path)

    def key_path(self, stop: str) -> tuple[str, ...]:
        keys: list[str] = []
        while True:
            self.skip_spaces()
            keys.append(self.key())
            self.skip_spaces()
            if self.text[self.pos] == ".":
                self.pos += 1
                continue
            if self.text[self.pos] != stop:
                raise ValueError("unexpected character in key")
            return tuple(keys)

    def key(self) -> str:
        ch = self.text[self.pos]
        if ch == '"':
            return "".join(self.basic_string()[0])
        if ch == "'":
            return "".join(self.literal_string()[0])
        start = self.pos
        while self.pos < len(self.text) and self.text[self.pos] in _BARE_KEY:
            self.pos += 1
        if self.pos == start:
            raise ValueError("empty key")
        return self.text[start:self.pos]

    # --- values ------------------------------------------------------------------------------

    def value(self, path: Path) -> None:
        start = self.pos
        text = self.text
        chars: tuple[int, ...] | None = None
        if text.startswith('"""', start):
            chars = self.multiline_string('"')
        elif text.startswith("'''", start):
            chars = self.multiline_string("'")
        elif text[start] == '"':
            chars = self.basic_string()[1]
        elif text[start] == "'":
            chars = self.literal_string()[1]
        elif text[start] == "[":
            self.array(path)
        elif text[start] == "{":
            self.inline_table(path)
        else:
            while self.pos < len(text) and text[self.pos] not in ",]}\n#":
                self.pos += 1
            while self.pos > start and text[self.pos - 1] in " \t\r":
                self.pos -= 1
        self.positions.values[path] = Span(start, self.pos, chars)

    def array(self, path: Path) -> None:
        self.pos += 1
        index = 0
        while True:
            self.skip_blank()
            if self.text[self.pos] == "]":
                self.pos += 1
                return
            self.value(path + (index,))
            index += 1
            self.skip_blank()
            if self.text[self.pos] == ",":
                self.pos += 1

    def inline_table(self, path: Path) -> None:
        self.pos += 1
        while True:
            self.skip_spaces()
            if self.text[self.pos] == "}":
                self.pos += 1
                return
            self.key_value(path)
            self.skip_spaces()
            if self.text[self.pos] == ",":
                self.pos += 1

    def basic_string(self) -> tuple[list[str], tuple[int, ...]]:
        self.pos += 1
        out: list[str] = []
        offsets: list[int] = []
        while self.text[self.pos] != '"':
            self.escaped_char(out, offsets, multiline=False)
        offsets.append(self.pos)
        self.pos += 1
        return out, tuple(offsets)

    def literal_string(self) -> tuple[list[str], tuple[int, ...]]:
        self.pos += 1
        end = self.text.index("'", self.pos)
        out = list(self.text[self.pos:end])
        offsets = tuple(range(self.pos, end + 1))
        self.pos = end + 1
        return out, offsets

    def multiline_string(self, quote: str) -> tuple[int, ...]:
        self.pos += 3
        if self.text.startswith("\r\n", self.pos):
            self.pos += 2
        elif self.text.startswith("\n", self.pos):
            self.pos += 1
        out: list[str] = []
        offsets: list[int] = []
        delimiter = quote * 3
        while True:
            if self.text.startswith(delimiter, self.pos):
                run = 3
                while run < 5 and self.pos + run < len(self.text) and self.text[self.pos + run] == quote:
                    run += 1
                for extra in range(run - 3):
                    offsets.append(self.pos + extra)
                offsets.append(self.pos + run - 3)
                self.pos += run
                return tuple(offsets)
            if self.text.startswith("\r\n", self.pos):     # tomllib reads CRLF in a string as one newline
                offsets.append(self.pos)
                out.append("\n")
                self.pos += 2
            elif quote == '"':
                self.escaped_char(out, offsets, multiline=True)
            else:
                offsets.append(self.pos)
                out.append(self.text[self.pos])
                self.pos += 1

    def escaped_char(self, out: list[str], offsets: list[int], multiline: bool) -> None:
        text = self.text
        ch = text[self.pos]
        if ch != "\\":
            out.append(ch)
            offsets.append(self.pos)
            self.pos += 1
            return
        start = self.pos
        code = text[self.pos + 1]
        if code in _ESCAPES:
            out.append(_ESCAPES[code])
            offsets.append(start)
            self.pos += 2
        elif code in "uU":
            width = 4 if code == "u" else 8
            out.append(chr(int(text[self.pos + 2:self.pos + 2 + width], 16)))
            offsets.append(start)
            self.pos += 2 + width
        elif code == "x":
            out.append(chr(int(text[self.pos + 2:self.pos + 4], 16)))
            offsets.append(start)
            self.pos += 4
        elif multiline:
            self.pos += 1
            while text[self.pos] in " \t\r\n":
                self.pos += 1
        else:
            raise ValueError("bad escape")

    # --- whitespace ------------------------------------------------------------------------

    def skip_spaces(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos] in " \t":
            self.pos += 1

    def skip_blank(self) -> None:
        """Spaces, newlines and comments."""
        text = self.text
        while self.pos < len(text):
            ch = text[self.pos]
            if ch in " \t\r\n":
                self.pos += 1
            elif ch == "#":
                end = text.find("\n", self.pos)
                self.pos = len(text) if end < 0 else end
            else:
                return

    def skip_line_end(self) -> None:
        self.skip_spaces()
        if self.pos < len(self.text) and self.text[self.pos] == "#":
            end = self.text.find("\n", self.pos)
            self.pos = len(self.text) if end < 0 else end

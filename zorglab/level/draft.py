"""A level being authored: its TOML held as a tomlkit document, edited field by field.

Every edit changes the document in place (comments and the bytes around the edited value stay as
they were) and the whole text is read again by the loader (:func:`check_level_text`), so a fault
shows the loader's own ``path:line:col: message`` — the text ``zorglab validate`` prints. Each
fault is also traced back to the field or list entry it stands in (:meth:`Draft.faults`), so an
editor can show it next to the input that caused it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tomlkit
import tomlkit.exceptions
from tomlkit.items import AoT, Array, String, StringType, Table, Trivia

from zorglab.errors import LevelError, Problem
from zorglab.level import renames
from zorglab.level.files import read_bounded
from zorglab.level.loader import LevelCheck, check_level, check_level_text
from zorglab.core.model import Level
from zorglab.level.positions import Positions, SourceText, index_positions
from zorglab.level.soundness import text_problems

Where = tuple[Any, ...]          # ("heroes",) or ("mirrors", 0, "spells"): the list an entry is in
LISTS = ("rooms", "heroes", "spells", "constraints", "bonuses")
TEXTS = ("id", "title", "contract", "notes")
TILE_CELLS = "#.Sgdl"            # wall, floor, spawn, green, dark, light (levels/tiles.toml)


def text_digest(data: bytes) -> str:
    """sha256 hex digest of a file's exact bytes (the same figure as ``Level.digest``)."""
    return hashlib.sha256(data).hexdigest()


@dataclass(frozen=True)
class Fault:
    """One loader problem, with the document path of the value it stands in (None: the level as a whole)."""

    problem: Problem
    where: Where | None

    def __str__(self) -> str:
        return str(self.problem)


class Draft:
    """One level's text, editable field by field and re-checked by the loader after every edit.

    ``path`` is where the level lives (or will be saved); ``digest`` is the digest of the bytes read
    from it (None for a level not yet on disk), so a save can tell whether the file changed meanwhile.
    """

    def __init__(self, text: str, path: str | Path | None = None, digest: str | None = None):
        self.path = Path(path) if path is not None else None
        self.digest = digest
        self.crlf = "\r\n" in text
        self.document = tomlkit.parse(text.removeprefix("\ufeff").replace("\r\n", "\n"))
        self._text: str | None = None
        self.loaded_text = self.text if digest is not None else None     # as last read from or written to disk
        self.check: LevelCheck = self._check()
        self._faults: list[Fault] | None = None
        self.renamed: dict[str, str] = {}    # what the last edit renamed in the solutions (old -> new)
        self._unread: dict[tuple[str, int], str] = {}   # an entry typed into an unreadable state: its last name
        self.generation = 0          # how many times a new text was taken wholesale (a reload, a save)
        self.based_on: str | None = None   # edits restored onto a newer file: the digest they were made on

    def basis(self) -> tuple[int, int]:
        """What an edit is computed against: this draft and the text it last took from disk. An edit
        computed against another basis (before a reload) must not be applied to this text."""
        return id(self), self.generation

    @classmethod
    def open(cls, path: str | Path) -> "Draft":
        """The level file at ``path``; one that is not UTF-8 TOML (it cannot be edited field by field)
        is a :class:`LevelError` with the loader's own located message."""
        data = read_bounded(path, "level file")     # the CLI's checks: size, regular file, a located refusal
        try:
            return cls(data.decode("utf-8"), path, text_digest(data))
        except (UnicodeDecodeError, tomlkit.exceptions.ParseError):
            problems = list(check_level(path).problems) or [Problem(None, f"{path}: not valid TOML")]
            raise LevelError.from_problems(problems) from None

    @classmethod
    def new(cls, path: str | Path, level_id: str | None = None, title: str = "") -> "Draft":
        """An empty level (no rooms yet: the loader says what is missing) that will live at ``path``."""
        document = tomlkit.document()
        document.add("id", level_id or Path(path).stem)
        document.add("title", title)
        for key in ("rooms", "heroes", "spells"):
            document.add(key, _array([]))
        return cls(tomlkit.dumps(document), path, None)

    # --- reading ---------------------------------------------------------------------------------

    @property
    def text(self) -> str:
        """The level's text now (worked out once per edit: every edit goes through ``_changed``)."""
        if self._text is None:
            text = tomlkit.dumps(self.document)
            self._text = text.replace("\n", "\r\n") if self.crlf else text
        return self._text

    @property
    def stale(self) -> bool:
        """Whether the text holds edits made on an older version of the file than the one read
        (edits set aside by a reload, then restored): saving it would undo what changed since."""
        return self.based_on is not None and self.based_on != self.digest

    @property
    def dirty(self) -> bool:
        """Whether the draft holds edits not on disk (a level never saved is always dirty)."""
        return self.loaded_text is None or self.text != self.loaded_text

    @property
    def shown_path(self) -> str:
        return str(self.path) if self.path is not None else "<new level>"

    @property
    def level(self) -> Level | None:
        """The level as the loader builds it, or None while any problem stands."""
        return self.check.level

    @property
    def problems(self) -> tuple[str, ...]:
        return tuple(str(p) for p in self.check.problems)

    def items(self, where: Where) -> list[str]:
        """The strings of one list (``("rooms",)``, ``("mirrors", 0, "heroes")``...)."""
        value = self._get(where)
        return [str(v) for v in value] if isinstance(value, list) else []

    def field(self, key: str) -> str:
        value = self.document.get(key)
        return "" if value is None else str(value)

    def variables(self) -> list[tuple[str, str]]:
        table = self.document.get("variables")
        return [(str(k), str(v)) for k, v in table.items()] if isinstance(table, dict) else []

    def own_tiles(self) -> dict[str, tuple[str, ...]]:
        """The level's own ``[tiles.NAME]``: name -> its five rows."""
        table = self.document.get("tiles")
        if not isinstance(table, dict):
            return {}
        return {str(name): tuple(line.strip() for line in str(body.get("cells", "")).splitlines() if line.strip())
                for name, body in table.items() if isinstance(body, dict)}

    def mirror_names(self) -> list[str]:
        mirrors = self.document.get("mirrors")
        return [str(m.get("name", "")) for m in mirrors] if isinstance(mirrors, list) else []

    def text_to_save(self) -> str:
        """The text a save writes, checked right before as ``zorglab validate`` checks a file
        (:func:`zorglab.level.soundness.text_problems`): a text that would not load (the library
        changed meanwhile, a character no file can hold), a saved solution whose board lacks a room
        added since, a contract its pack does not list -- each refused with its located problem,
        nothing written: the Studio never writes what ``validate`` refuses."""
        text = self.text
        problems = text_problems(text, self.shown_path, self.path)
        if problems:
            raise LevelError.from_problems([Problem(p.location, f"{p.message}; not saved", p.kind)
                                            for p in problems])
        return text

    # --- editing (each edit re-checks the level) -------------------------------------------------

    def set_field(self, key: str, value: str) -> None:
        """id, title, contract or notes; an empty contract or notes is removed."""
        if key not in TEXTS:
            raise KeyError(f"{key!r} is not one of the level's text fields ({', '.join(TEXTS)})")
        if not value and key in ("contract", "notes"):
            self.document.pop(key, None)
        else:
            self.document[key] = value
        self._changed()

    def set_item(self, where: Where, index: int, text: str) -> None:
        """Entry ``index`` becomes ``text``; a room, hero or spell renamed so is renamed in every
        solution (:mod:`zorglab.level.renames`), even through the unreadable texts typed on the way."""
        array = self._array(where)
        if str(array[index]) != text:
            before = self.items(where)
            array[index] = text
            self._follow(where, before, {i: i for i in range(len(before))}, typed=index)
            self._changed()

    def add_item(self, where: Where, text: str) -> int:
        """Append ``text`` to the list; returns its index."""
        array = self._array(where)
        before = self.items(where)
        array.append(text)
        self._follow(where, before, {i: i for i in range(len(before))})
        self._changed()
        return len(array) - 1

    def remove_item(self, where: Where, index: int) -> str:
        array = self._array(where)
        before = self.items(where)
        removed = str(array[index])
        del array[index]
        self._follow(where, before, {i: i - (i > index) for i in range(len(before)) if i != index})
        self._changed()
        return removed

    def move_item(self, where: Where, index: int, offset: int) -> int:
        """Move entry ``index`` by ``offset`` places (declaration order is room order, FR-1); the
        solutions keep naming the same rooms (an automatic label follows its room)."""
        items = self.items(where)
        target = max(0, min(len(items) - 1, index + offset))
        if target != index:
            before = list(items)
            order = list(range(len(items)))
            order.insert(target, order.pop(index))
            items.insert(target, items.pop(index))
            array = self._array(where)
            for position, text in enumerate(items):
                array[position] = text
            self._follow(where, before, {old: new for new, old in enumerate(order)})
            self._changed()
        return target

    def set_items(self, where: Where, texts: Iterable[str]) -> None:
        before = self.items(where)
        self._set(where, _array(list(texts)))
        self._follow(where, before, {i: i for i in range(len(before))})
        self._changed()

    def edit_solutions(self, change: renames.SolutionEdit, *args: Any) -> Any:
        """One edit of the ``[[solutions]]`` entries (``renames.duplicate_solution``, ``remove_solution``,
        ``move_solution``, ``set_cast``, ``remove_cast``, ``set_expect``), then the level re-read."""
        result = change(self.document, *args)
        self._changed()
        return result

    def set_variable(self, name: str, text: str, old_name: str | None = None) -> None:
        """Add or change ``name = "choix(...)"`` (renaming ``old_name`` keeps its place)."""
        table = self.document.get("variables")
        if not isinstance(table, dict):
            table = tomlkit.table()
            self._spaced()
            self.document["variables"] = table
        if old_name is not None and old_name != name and old_name in table:
            pairs = [(name if k == old_name else k, text if k == old_name else v) for k, v in table.items()]
            for key in list(table):
                del table[key]
            for key, value in pairs:
                table[key] = value
        else:
            table[name] = text
        self._changed()

    def remove_variable(self, name: str) -> None:
        table = self.document.get("variables")
        if isinstance(table, dict) and name in table:
            del table[name]
            if not table:
                del self.document["variables"]
        self._changed()

    def set_tile(self, name: str, rows: Iterable[str]) -> None:
        """Write ``[tiles.NAME]`` with these rows (replacing a tile of that name)."""
        cells = "".join(f"{row}\n" for row in rows)
        tiles = self.document.get("tiles")
        if not isinstance(tiles, Table):
            tiles = tomlkit.table(is_super_table=True)
            self._spaced()
            self.document["tiles"] = tiles
        body = tomlkit.table()
        body.add("cells", String(StringType.MLB, cells, "\n" + cells, Trivia()))
        tiles[name] = body
        self._changed()

    def remove_tile(self, name: str) -> None:
        tiles = self.document.get("tiles")
        if isinstance(tiles, dict) and name in tiles:
            del tiles[name]
            if not tiles:
                del self.document["tiles"]
        self._changed()

    def add_mirror(self, name: str) -> int:
        """A new mirror world replacing the level's rooms one for one (same rooms to start with)."""
        mirrors = self.document.get("mirrors")
        if not isinstance(mirrors, AoT):
            mirrors = tomlkit.aot()
            self._spaced()
            self.document["mirrors"] = mirrors
        table = tomlkit.table()
        table.add("name", name)
        table.add("rooms", _array([_bare(r) for r in self.items(("rooms",))]))
        table.add("heroes", _array(self.items(("heroes",))))
        table.add("spells", _array(self.items(("spells",))))
        mirrors.append(table)
        self._changed()
        return len(mirrors) - 1

    def set_mirror_name(self, index: int, name: str) -> None:
        self.document["mirrors"][index]["name"] = name
        self._changed()

    def remove_mirror(self, index: int) -> None:
        mirrors = self.document["mirrors"]
        del mirrors[index]
        if not len(mirrors):
            del self.document["mirrors"]
        self._changed()

    def replace_text(self, text: str, digest: str | None) -> None:
        """Take a new text wholesale (the file as it is now on disk, after a reload or a save); a text
        other than the one held starts a new :meth:`basis` for edits."""
        before = self.text
        self.crlf = "\r\n" in text
        self.document = tomlkit.parse(text.removeprefix("\ufeff").replace("\r\n", "\n"))
        self._text = None
        self.digest = digest
        self.loaded_text = self.text if digest is not None else None
        if self.text != before:
            self.generation += 1
        self._changed()

    def edited(self) -> None:
        """The caller changed :attr:`document` in place: the level is read again by the loader."""
        self._changed()

    # --- faults by place -------------------------------------------------------------------------

    def faults(self) -> list[Fault]:
        """Every problem, with the innermost value of this file it stands in (worked out once per check)."""
        if self._faults is None:
            self._faults = self._find_faults()
        return self._faults

    def _find_faults(self) -> list[Fault]:
        if not self.check.problems:
            return []
        source = SourceText(self.shown_path, self.text.removeprefix("\ufeff"))
        try:
            positions = index_positions(source)
        except Exception:          # the text itself does not read as TOML: no value to point at
            return [Fault(p, None) for p in self.check.problems]
        return [Fault(p, _innermost(p, positions, source)) for p in self.check.problems]

    def faults_at(self, where: Where) -> list[str]:
        """The messages of the problems standing inside the value at ``where`` (an entry, a field)."""
        size = len(where)
        return [str(f) for f in self.faults() if f.where is not None and f.where[:size] == tuple(where)]

    # --- internals -------------------------------------------------------------------------------

    def _spaced(self) -> None:
        """A blank line before a new table, as a person would write it."""
        if not tomlkit.dumps(self.document).endswith("\n\n"):
            self.document.add(tomlkit.nl())

    def _check(self) -> LevelCheck:
        return check_level_text(self.text, self.shown_path, level_path=self.path)

    def _follow(self, where: Where, before: list[str], kept: dict[int, int], typed: int | None = None) -> None:
        """The solutions follow what the edit of a top-level room, hero or spell list renamed."""
        self.renamed = {}
        if len(where) != 1 or where[0] not in renames.LISTS:
            return
        key = where[0]
        if typed is None:
            self._unread = {k: v for k, v in self._unread.items() if k[0] != key}
        elif (key, typed) in self._unread:          # typed on from an unreadable text: from its last name
            before = list(before)
            before[typed] = self._unread[(key, typed)]
        after = self.items(where)
        if typed is not None:
            if renames.entry_names([after[typed]])[0][0] is None:
                if renames.entry_names([before[typed]])[0][0] is not None:
                    self._unread[(key, typed)] = before[typed]
                return
            self._unread.pop((key, typed), None)
        self.renamed = renames.follow(self.document, key, before, after, kept)

    def _changed(self) -> None:
        self._text = None
        self.check = self._check()
        self._faults = None

    def _get(self, where: Where) -> Any:
        value: Any = self.document
        for key in where:
            try:
                value = value[key]
            except (KeyError, IndexError, TypeError):
                return None
        return value

    def _set(self, where: Where, value: Any) -> None:
        parent = self._get(where[:-1]) if len(where) > 1 else self.document
        if parent is None:
            raise KeyError(f"no {'.'.join(map(str, where[:-1]))} in this level")
        parent[where[-1]] = value

    def _array(self, where: Where) -> Array:
        value = self._get(where)
        if isinstance(value, Array):
            return value
        if value is not None and not isinstance(value, list):
            raise LevelError(f"{self.shown_path}: {'.'.join(map(str, where))} is not a list; fix it in the file")
        self._set(where, _array([]))
        return self._get(where)


def _array(items: list[str]) -> Array:
    array = tomlkit.array()
    array.extend(items)
    array.multiline(True)
    return array


def _bare(room: str) -> str:
    """A room's notation without its explicit label (a mirror room takes the level room's place)."""
    head, sep, rest = room.partition("=")
    return rest.strip() if sep and head.strip().isidentifier() and "(" not in head else room


def _innermost(problem: Problem, positions: Positions, source: SourceText) -> Where | None:
    loc = problem.location
    if loc is None or loc.path != source.path:
        return None
    offset = source.offset(loc)
    best: tuple[int, Where] | None = None
    for path, span in positions.values.items():
        if span.start <= offset <= span.end and (best is None or span.end - span.start < best[0]):
            best = (span.end - span.start, tuple(path))
    if best is not None:
        return best[1]
    for path, start in positions.keys.items():      # a key's own location (unknown key, missing value)
        if start == offset:
            return tuple(path)
    return None

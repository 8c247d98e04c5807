"""Editing level files safely: the primitives under every save (docs/levels.md "Saving").

:func:`edit_level_file` (a tomlkit edit) and :func:`write_level_text` (a whole text) lock the file
against other writers, refuse a stale file (``expected_digest``) or a read-only one, follow a
symlink, keep the byte-order mark and CRLF line ends, and replace the file atomically, or not at
all when nothing changed (:mod:`zorglab.level.files`). They check the result is TOML, not that
it is a valid level: :func:`zorglab.level.save.save_solution` does that for solutions.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import tomlkit
from tomlkit.exceptions import ParseError

from zorglab.errors import LevelFileError, LevelSyntaxError, Location, Problem, StaleFileError
from zorglab.level import files
from zorglab.level.reader import toml_error_location
from zorglab.level.positions import SourceText


def file_digest(path: str | Path) -> str:
    """The sha256 hex digest of the file's bytes now (what the loader stores in ``Level.digest``)."""
    return files.digest_of(files.read_bounded(path, "level file"))


def edit_level_file(path: str | Path, edit: Callable[[tomlkit.TOMLDocument], Any],
                    expected_digest: str | None = None) -> str:
    """Apply ``edit`` (which mutates the parsed tomlkit document) to the level file and return its new
    digest. Writers are serialised; with ``expected_digest`` a file changed since then is refused
    (:class:`StaleFileError`); a read-only file is refused; a symlink is followed; the byte-order mark
    and CRLF line ends are kept; the file is replaced atomically, and not at all when nothing changed."""
    def change(text: str, shown: str) -> str:
        document = parse_document(text, shown)
        edit(document)
        return _require_toml(tomlkit.dumps(document), shown)
    return rewrite_level_file(path, change, expected_digest)


def write_level_text(path: str | Path, text: str, expected_digest: str | None = None) -> str:
    """Write the whole level ``text`` (a new file, or a whole-level edit of an existing one) and return
    its digest, with the same guarantees as :func:`edit_level_file`. An existing file keeps its
    byte-order mark and line ends; ``expected_digest`` for a file that does not exist is stale."""
    shown = str(path)
    target = save_target(path)
    files.encode_utf8(text, shown)
    _require_toml(text, shown)
    if files.exists(target) or expected_digest is not None:
        return rewrite_level_file(path, lambda old, _: files.TextForm.split(text)[1], expected_digest)
    with files.locked(target, shown):
        if files.exists(target):
            raise StaleFileError(f"{shown}: the file appeared on disk while saving it as a new file; "
                                 "nothing written. Reload it and save again")
        data = files.encode_utf8(text, shown)
        files.write_atomic(target, data, None, shown, expected=files.ABSENT)
        return files.digest_of(data)


def save_target(path: str | Path) -> Path:
    """The file a save writes: a symlink's final target, so the link stays a link."""
    try:
        return Path(os.path.realpath(path))
    except OSError as error:   # a symlink loop
        raise LevelFileError(f"{path}: cannot follow this path: {error.strerror or error}") from None
    except ValueError:         # a NUL byte
        raise LevelFileError(f"{path!r}: a file name cannot hold a NUL byte; nothing written") from None


def rewrite_level_file(path: str | Path, change: Callable[[str, str], str], expected_digest: str | None) -> str:
    """Lock, read, check, ``change(text, shown)`` the LF text without byte-order mark, write if changed."""
    shown = str(path)
    target = save_target(path)
    with files.locked(target, shown):
        data = files.read_bounded(target, "level file") if files.exists(target) else _missing(shown)
        digest = files.digest_of(data)
        if expected_digest is not None and digest != expected_digest:
            raise StaleFileError(f"{shown} changed on disk since it was loaded; nothing written. "
                                 "Reload it and save again")
        form, text = files.TextForm.split(files.decode_utf8(data, shown))
        new = files.encode_utf8(form.join(change(text, shown)), shown)
        if new == data:
            return digest
        mode = files.require_writable(target, shown)
        files.write_atomic(target, new, mode, shown, expected=digest)     # checked again right before the rename
        return files.digest_of(new)


def _missing(shown: str) -> bytes:
    raise LevelFileError(f"{shown}: no such level file; nothing written")


def _require_toml(text: str, shown: str) -> str:
    """``text`` when it is TOML; else a located :class:`LevelSyntaxError`, nothing written."""
    try:
        tomllib.loads(text.removeprefix("\ufeff"))
    except tomllib.TOMLDecodeError as error:
        where, reason = toml_error_location(error, SourceText(shown, text))
        raise LevelSyntaxError([Problem(where, f"not valid TOML ({reason}); nothing written",
                                        LevelSyntaxError)]) from None
    except RecursionError:
        raise LevelSyntaxError(f"{shown}: nested too deeply to be a level; nothing written") from None
    return text


def parse_document(text: str, shown: str) -> tomlkit.TOMLDocument:
    try:
        return tomlkit.parse(text)
    except ParseError as error:
        where = Location(shown, getattr(error, "line", 1) or 1, getattr(error, "col", 1) or 1)
        message = str(error).split(" at line ")[0]
        raise LevelSyntaxError([Problem(where, f"not valid TOML ({message}); nothing written",
                                        LevelSyntaxError)]) from None
    except RecursionError:
        raise LevelSyntaxError(f"{shown}: nested too deeply to edit; nothing written") from None

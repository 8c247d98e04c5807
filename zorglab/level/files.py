"""Reading and replacing the workbench's own files safely: level files, temple files, the player profile.

One place for what every file the workbench writes must get right:

- reading is bounded: only a regular file is read (a FIFO, ``/dev/zero`` or a folder is refused
  at once instead of hanging or filling memory), and at most :data:`MAX_FILE_BYTES` of it;
- faults are :class:`~zorglab.errors.LevelFileError` s naming the file, never a raw ``OSError``;
- a file keeps its form: a UTF-8 byte-order mark and CRLF line ends are taken off for editing and
  put back on writing (:class:`TextForm`);
- writers are serialised by a lock file kept in this user's private lock folder (:func:`lock_folder`),
  keyed by the file's resolved path (nothing is ever created beside the file but the temporary copy below);
- a write is atomic: the new bytes go to ``.NAME.zorglab.tmp`` in the file's folder, are flushed to
  disk, then renamed over the file. The temporary name is fixed, so a save killed midway leaves at
  most one such file, which the next save reuses; ``.gitignore`` covers it.
"""

from __future__ import annotations

import errno
import hashlib
import os
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from zorglab.errors import LevelFileError, LevelSyntaxError, Location, Problem, StaleFileError

MAX_FILE_BYTES = 16 * 1024 * 1024     # far above any level, temple or profile; bounds reading /dev/urandom
LOCK_SECONDS = 30.0                   # how long a writer waits for another writer of the same file
TEMPORARY_SUFFIX = ".zorglab.tmp"


def digest_of(data: bytes) -> str:
    """The sha256 hex digest of ``data``: the identity of a file's exact bytes."""
    return hashlib.sha256(data).hexdigest()


def _reason(error: OSError) -> str:
    return error.strerror or str(error)


def read_bounded(path: str | Path, what: str = "file", limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of the regular file at ``path`` (symlinks followed), refusing anything else: the one
    reader every file entering the workbench goes through (the CLI, the Studio, libraries, profiles).
    A missing file, a folder, a FIFO or device, a symlink loop, a NUL byte or a name too long, a file
    over ``limit`` bytes: each a :class:`LevelFileError` naming the file, never a raw ``OSError``."""
    shown = str(path)
    where = Location(shown, 1, 1)
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise LevelFileError(f"no such {what}", where) from None
    except OSError as error:
        raise LevelFileError(f"cannot read this {what}: {_reason(error)}", where) from None
    except ValueError:                # a NUL byte in the name: no file can have it
        raise LevelFileError(f"no such {what}: a file name cannot hold a NUL byte", where) from None
    try:
        info = os.fstat(descriptor)
        if stat.S_ISDIR(info.st_mode):
            raise LevelFileError(f"this is a folder, not a {what}", where)
        if not stat.S_ISREG(info.st_mode):
            raise LevelFileError(f"not a regular file (a device, pipe or socket), so not read as a {what}", where)
        if info.st_size > limit:
            raise LevelFileError(f"this {what} is {info.st_size:,} bytes; the limit is {limit:,}", where)
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(descriptor, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise LevelFileError(f"this {what} is over the limit of {limit:,} bytes", where)
        return b"".join(chunks)
    except OSError as error:
        raise LevelFileError(f"cannot read this {what}: {_reason(error)}", where) from None
    finally:
        os.close(descriptor)


def exists(path: str | Path) -> bool:
    """Whether something is at ``path``; a name no file can have (too long, a NUL byte) is not there."""
    return os.path.exists(path)          # False, never raising, for those


def decode_utf8(data: bytes, shown: str) -> str:
    """``data`` as text; a byte that is not UTF-8 is a :class:`LevelSyntaxError` at its line and column."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        before = data[:error.start].decode("utf-8", "replace")
        line = before.count("\n") + 1
        col = len(before) - (before.rfind("\n") + 1) + 1
        raise LevelSyntaxError([Problem(Location(shown, line, col), "this file is not valid UTF-8",
                                        LevelSyntaxError)]) from None


def encode_utf8(text: str, shown: str) -> bytes:
    """``text`` as UTF-8 bytes; a character no file can hold (a lone surrogate typed into an editor)
    is a :class:`LevelSyntaxError` at its line and column, never a ``UnicodeEncodeError``."""
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError as error:
        before = text[:error.start]
        line = before.count("\n") + 1
        col = error.start - (before.rfind("\n") + 1) + 1
        raise LevelSyntaxError([Problem(Location(shown, line, col), f"a lone surrogate (\\u{ord(text[error.start]):04x}) "
                                        "is not a character a file can hold; nothing written", LevelSyntaxError)]) from None


@dataclass(frozen=True)
class TextForm:
    """How a file writes its text: with a byte-order mark or not, CRLF or LF line ends."""

    bom: bool = False
    crlf: bool = False

    @classmethod
    def split(cls, text: str) -> tuple["TextForm", str]:
        """The file's form and its text as edited: no byte-order mark, LF line ends. Line ends are
        only converted when every line ends in CRLF, so a mixed file keeps its bytes."""
        bom = text.startswith("\ufeff")
        body = text[1:] if bom else text
        crlf = "\r\n" in body and body.count("\n") == body.count("\r\n")
        return cls(bom, crlf), body.replace("\r\n", "\n") if crlf else body

    def join(self, body: str) -> str:
        if self.crlf:
            body = body.replace("\r\n", "\n").replace("\n", "\r\n")
        return ("\ufeff" if self.bom and not body.startswith("\ufeff") else "") + body


def lock_folder() -> Path:
    """This user's folder of writers' locks: ``$XDG_RUNTIME_DIR/zorglab-locks`` when that is set, else
    ``zorglab-locks-UID`` in the temporary folder -- made private (0700) whatever the umask, so no other
    user can block or spoof it; never in the repository (issue 32 item 7)."""
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    uid = os.getuid() if hasattr(os, "getuid") else 0
    folder = Path(runtime) / "zorglab-locks" if runtime and os.path.isdir(runtime) \
        else Path(tempfile.gettempdir()) / f"zorglab-locks-{uid}"
    try:
        folder.mkdir(mode=0o700, exist_ok=True)
        info = os.lstat(folder)
    except OSError as error:
        raise LevelFileError(f"cannot make the writers' lock folder {folder}: {_reason(error)}; nothing written. "
                             "Set TMPDIR to a folder you can write") from None
    if not stat.S_ISDIR(info.st_mode) or (hasattr(os, "getuid") and info.st_uid != uid):
        raise LevelFileError(f"the writers' lock folder {folder} is not a folder of yours; nothing written. "
                             "Remove it, or set TMPDIR to a folder you can write")
    if stat.S_IMODE(info.st_mode) & 0o077:
        try:
            os.chmod(folder, 0o700)
        except OSError:
            pass
    return folder


def lock_path(target: Path) -> Path:
    """The lock file for ``target`` (a resolved path): in this user's lock folder, never in the repository."""
    return lock_folder() / (digest_of(os.fsencode(target))[:32] + ".lock")


@contextmanager
def locked(target: Path, shown: str, timeout: float = LOCK_SECONDS) -> Iterator[None]:
    """Hold the writers' lock of ``target``; another writer waiting longer than ``timeout`` is refused.
    A lock that cannot be made (no permission, a full disk) is a :class:`LevelFileError` saying so."""
    import filelock     # only writers need it: reading a level does not pay for its import

    lock = filelock.FileLock(lock_path(target), timeout=timeout, mode=0o600)
    try:
        lock.acquire()
    except filelock.Timeout:
        raise LevelFileError(f"{shown}: another program has been saving into this file for over "
                             f"{timeout:g} s; nothing written, try again") from None
    except OSError as error:
        raise LevelFileError(f"{shown}: cannot take the writers' lock {lock.lock_file}: {_reason(error)}; "
                             "nothing written") from None
    try:
        yield
    finally:
        lock.release()


def require_writable(target: Path, shown: str) -> int:
    """The mode of the existing file ``target``; refuse a read-only file (even where root could write it)."""
    mode = stat.S_IMODE(os.stat(target).st_mode)
    if not mode & 0o222 or not os.access(target, os.W_OK):
        raise LevelFileError(f"{shown} is read-only (mode {mode:04o}); nothing written. Make it writable "
                             "to save into it")
    return mode


def temporary_path(target: Path) -> Path:
    return target.with_name(f".{target.name}{TEMPORARY_SUFFIX}")


ABSENT = "absent"      # ``expected`` of write_atomic for a file that must not exist yet


def write_atomic(target: Path, data: bytes, mode: int | None, shown: str, expected: str | None = None) -> None:
    """Replace (or create) ``target`` by ``data`` all at once; on any fault the old file stands and
    no temporary file remains. ``mode`` None: a new file's mode from the umask.

    The one atomic writer: every output of the workbench goes through it. With ``expected`` (the
    digest of the bytes the caller read, or :data:`ABSENT`) the file is checked again right before
    the rename, under the caller's lock: a write by a program that takes no lock (a text editor)
    landing meanwhile is never written over -- a :class:`StaleFileError`, nothing written."""
    temporary = temporary_path(target)
    if len(os.fsencode(temporary.name)) > 255:
        temporary = target.with_name(f".{digest_of(os.fsencode(target.name))[:40]}{TEMPORARY_SUFFIX}")
    try:
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_CLOEXEC", 0),
                             0o666 if mode is None else 0o600)
    except OSError as error:
        raise LevelFileError(f"cannot save into {shown}: {_folder_reason(error, target)}; nothing written") from None
    try:
        with os.fdopen(descriptor, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        if mode is not None:
            os.chmod(temporary, mode)
        if expected == ABSENT:
            _create_new(temporary, target, shown)
        else:
            if expected is not None:
                _require_unchanged(target, expected, shown)
            os.replace(temporary, target)
    except BaseException as error:
        try:
            os.unlink(temporary)
        except OSError:
            pass
        if isinstance(error, OSError):
            raise LevelFileError(f"cannot save into {shown}: {_reason(error)}; the file is unchanged") from None
        raise
    sync_folder(target.parent)


def _require_unchanged(target: Path, expected: str, shown: str) -> None:
    """Refuse when ``target`` no longer holds the bytes whose digest is ``expected``."""
    try:
        now = digest_of(read_bounded(target, "level file"))
    except LevelFileError:
        now = None
    if now != expected:
        raise StaleFileError(f"{shown} was changed on disk by another program while saving; nothing written. "
                             "Reload it and save again")


def _create_new(temporary: Path, target: Path, shown: str) -> None:
    """Put ``temporary`` at ``target`` only if nothing is there (a hard link cannot clobber a file)."""
    try:
        os.link(temporary, target)
    except FileExistsError:
        raise StaleFileError(f"{shown}: the file appeared on disk while saving it as a new file; nothing "
                             "written. Reload it and save again") from None
    except OSError:                       # a file system without hard links: check, then rename
        if os.path.lexists(target):
            raise StaleFileError(f"{shown}: the file appeared on disk while saving it as a new file; nothing "
                                 "written. Reload it and save again") from None
        os.replace(temporary, target)
        return
    os.unlink(temporary)


def _folder_reason(error: OSError, target: Path) -> str:
    if error.errno == errno.ENOENT:
        return f"the folder {target.parent} does not exist"
    if error.errno == errno.ENOTDIR:
        return f"{target.parent} is not a folder"
    if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return f"the folder {target.parent} is not writable"
    return _reason(error)


def sync_folder(directory: Path) -> None:
    """Make a rename durable where the platform allows it."""
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

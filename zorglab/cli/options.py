"""Option checks every command shares, so a bad option is refused at once with one clear sentence.

- :func:`seconds` — an ``argparse`` type for a time budget: a finite positive number (``nan``,
  ``inf``, ``0`` and ``-1`` are refused); :func:`megabytes` and :func:`add_memory` the same for
  ``--memory MB``, the memory budget;
- :func:`check_out_file` / :func:`check_out_folder` — an ``--out`` that cannot be written (a missing
  folder, a path under a regular file, a name too long) is refused *before* a long run, not after;
- :func:`os_error_message` — any other ``OSError`` as ``PATH: reason`` for the command's last resort.
"""

from __future__ import annotations

import argparse
import errno
import math
import os
from pathlib import Path

from zorglab.errors import OptionError


def seconds(text: str) -> float:
    """A time budget in seconds: a finite number above 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"{text}: give a finite number of seconds above 0")
    return value


def _name_too_long(path: Path) -> bool:
    limit = 255
    try:
        limit = os.pathconf(path.parent if path.parent.is_dir() else ".", "PC_NAME_MAX")
    except (OSError, ValueError):
        pass
    return any(len(os.fsencode(part)) > limit for part in path.parts)


_started = [0.0]


def mark_start() -> None:
    """Note the CPU clock as the command starts (:func:`zorglab.cli.main.main` does)."""
    import time
    _started[0] = time.process_time()


def command_started() -> float:
    """The CPU clock's reading when the command started: a ``--seconds`` safety stop runs from here, so
    loading the level and building the worlds count too."""
    return _started[0]


def megabytes(text: str) -> float:
    """A memory budget in megabytes: a finite number above 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of megabytes") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"{text}: give a finite number of megabytes above 0")
    return value


def add_memory(p: argparse.ArgumentParser) -> None:
    """``--memory MB``: the memory budget of the command's searches (zorglab.core.budget.limit_memory)."""
    p.add_argument("--memory", type=megabytes, default=None, metavar="MB",
                   help="memory budget: a search stops 'not finished' once the command has grown by MB "
                        "megabytes (default 1024)")


def check_out_file(path: str, option: str = "--out") -> Path:
    """``path`` as a file a command may write: its folder exists (and is a folder), its name fits."""
    out = Path(path)
    if _name_too_long(out):
        raise OptionError(f"{option} {path}: a file name there is longer than the file system allows")
    folder = out.parent
    try:
        if out.is_dir():
            raise OptionError(f"{option} {path}: this is a folder; give a file name")
        if not folder.exists():
            blocker = next((p for p in [folder, *folder.parents] if p.exists()), None)
            if blocker is not None and not blocker.is_dir():
                raise OptionError(f"{option} {path}: {blocker} is a file, not a folder")
            raise OptionError(f"{option} {path}: the folder {folder} does not exist")
        if not folder.is_dir():
            raise OptionError(f"{option} {path}: {folder} is a file, not a folder")
    except OSError as error:
        raise OptionError(f"{option} {path}: {error.strerror or error}") from None
    return out


def check_out_folder(path: str, option: str = "--out") -> Path:
    """``path`` as a folder a command writes into (made if missing): never under a regular file."""
    out = Path(path)
    if _name_too_long(out):
        raise OptionError(f"{option} {path}: a name there is longer than the file system allows")
    try:
        blocker = next((p for p in [out, *out.parents] if p.exists()), None)
        if blocker is not None and not blocker.is_dir():
            raise OptionError(f"{option} {path}: {blocker} is a file, not a folder")
    except OSError as error:
        raise OptionError(f"{option} {path}: {error.strerror or error}") from None
    return out


def os_error_message(error: OSError) -> str:
    """``PATH: reason`` for an ``OSError`` a command did not expect (a disk fault, a vanished folder)."""
    reason = error.strerror or str(error)
    if error.errno == errno.ENOSPC:
        reason = "no space left on the device"
    where = error.filename if error.filename is not None else None
    return f"{where}: {reason}" if where is not None else f"cannot go on: {reason}"


def add_quiet(p: argparse.ArgumentParser) -> None:
    """``--quiet`` (no progress bar, no notes) and ``--progress`` (a bar even off a terminal).

    By default a command that takes more than a moment shows a tqdm bar on standard error when
    standard error is a terminal, and nothing when it is a file or a pipe."""
    shown = p.add_mutually_exclusive_group()
    shown.add_argument("--quiet", "-q", action="store_true", help="no progress bar and no notes on standard error")
    shown.add_argument("--progress", action="store_true", help="a progress bar even when not on a terminal")


def progress_of(args: argparse.Namespace) -> bool | None:
    """The progress setting for tqdm: False with ``--quiet``, True with ``--progress``, else None
    (shown on a terminal only)."""
    if getattr(args, "quiet", False):
        return False
    return True if getattr(args, "progress", False) else None


def shows_progress(args: argparse.Namespace) -> bool:
    """:func:`progress_of` settled for code that takes a plain yes or no: None means "standard error is
    a terminal"."""
    import sys

    shown = progress_of(args)
    return sys.stderr.isatty() if shown is None else shown


def say(args: argparse.Namespace, text: str) -> None:
    """A note on standard error (where the work runs, what was written), unless ``--quiet``."""
    if not getattr(args, "quiet", False):
        import sys
        print(text, file=sys.stderr)

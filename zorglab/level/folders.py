"""Where the workbench's files are: the repository root, and paths kept inside it.

:func:`project_root` is the nearest folder at or above a start (default the working directory)
holding ``pyproject.toml`` and ``levels/`` -- the folder the Studio's paths are read from.
:func:`inside_root` keeps a path inside a folder with symlinks followed: the Studio app opens and
saves files inside the repository only (issue 37 item 2), so a path typed in its path box, or a
symlink planted in ``levels/``, never reaches a file elsewhere.
"""

from __future__ import annotations

import os
from pathlib import Path

from zorglab.errors import LevelFileError


class OutsideRootError(LevelFileError):
    """A path that leads outside the folder it must stay in (symlinks followed)."""


def project_root(start: Path | None = None) -> Path:
    """The repository root at or above ``start`` (else ``start`` itself, resolved)."""
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if (folder / "pyproject.toml").is_file() and (folder / "levels").is_dir():
            return folder
    return here


def inside_root(path: str | Path, root: Path) -> Path:
    """``path`` with every symlink followed, when that is inside ``root``; else an
    :class:`OutsideRootError` naming both (a path that cannot be followed, a loop or a NUL byte,
    is refused the same way)."""
    base = Path(os.path.realpath(root))
    try:
        real = Path(os.path.realpath(path))
    except (OSError, ValueError):
        real = None
    if real is None or not real.is_relative_to(base):
        where = "" if real is None or real == Path(os.path.abspath(path)) else f" (it leads to {real})"
        raise OutsideRootError(f"{path}{where} is outside the repository {base}: the Level Studio app opens "
                               "and saves files inside it only")
    return real

"""Where the Studio's paths are from: the repository root, whatever folder the kernel runs in.

``make lab`` runs the kernel in ``workspace/``; a path typed as ``levels/app-01-first-blood.toml``
(as the README and the notebook write it) means the level pack's file.
:func:`~zorglab.level.folders.project_root` is the nearest folder at or above the working directory
holding ``pyproject.toml`` and ``levels/`` (else the working directory); relative paths are read
from there, and paths inside it are shown relative to it, others whole. :func:`level_files` lists
the level files the file picker offers. :func:`target` is a path the Studio opens or saves: in the
app (``confined`` to the root) one leading outside the repository, symlinks followed, is refused.
"""

from __future__ import annotations

from pathlib import Path

from zorglab.level.folders import inside_root, project_root

NOT_LEVELS = frozenset({"tiles.toml", "contracts.toml"})


def resolve(path: str | Path, root: Path | None = None) -> Path:
    """``path`` as the file it names: absolute as given, relative from the repository root."""
    given = Path(path).expanduser()
    return given if given.is_absolute() else (root or project_root()) / given


def target(path: str | Path, root: Path, confined: Path | None = None) -> Path:
    """``path`` from ``root`` (:func:`resolve`); with ``confined``, refused
    (:class:`~zorglab.level.folders.OutsideRootError`) when it leads outside that folder."""
    found = resolve(path, root)
    if confined is not None:
        inside_root(found, confined)
    return found


def shown(path: Path | None, root: Path | None = None) -> str:
    """A path as the Studio shows it: relative to the repository root when inside it, else whole."""
    if path is None:
        return "<new level>"
    base = root or project_root()
    try:
        return path.resolve().relative_to(base).as_posix()
    except (ValueError, OSError, RuntimeError):     # outside the root, or a path that cannot be resolved (a loop)
        return str(path)


def _is_file(path: Path) -> bool:
    """A regular file that can be looked at (a symlink loop or a dangling link is not offered)."""
    try:
        return path.is_file()
    except OSError:
        return False


def level_files(root: Path | None = None, also: Path | None = None) -> list[str]:
    """Every ``*.toml`` level file of the level folders (``levels/`` and its subfolders, and the
    folder of ``also``), shown relative to the root: what the file picker offers."""
    base = root or project_root()
    folders = [base / "levels"] + ([also] if also is not None else [])
    found: dict[str, None] = {}
    for folder in folders:
        try:
            if not folder.is_dir():
                continue
            listed = sorted(folder.rglob("*.toml"))
        except OSError:                 # a folder that cannot be listed offers nothing
            continue
        for file in listed:
            if file.name not in NOT_LEVELS and not any(p.startswith(".") for p in file.parts) and _is_file(file):
                found[shown(file, base)] = None
    return list(found)

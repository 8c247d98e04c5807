"""Links and file names the report builds from data, checked before use (issue 37 item 1).

The loader already refuses an id outside the id grammar (:mod:`zorglab.level.ids`); this is the
second wall, for rows that did not come through the loader (a cached row, a table built in code):

- a link is only ever a relative link to a file of the report, of the form
  ``[../][levels/]NAME.(html|csv|png)[#ANCHOR]`` with ``NAME`` and ``ANCHOR`` of the id form --
  never ``javascript:``, never a scheme, a host, an absolute path or ``..`` beyond the one step
  back from a level page (:func:`safe_href`, also a Jinja test in the templates);
- a file name is written only when it resolves inside the report folder (:func:`inside`).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from zorglab.level.ids import ID_MAX, is_id

FOLDER = "levels"
_NAME = r"[A-Za-z0-9_-]{1,%d}" % (ID_MAX + 24)       # an id and a suffix: -<world>-tick000
_HREF = re.compile(rf"(?:\.\./)?(?:{FOLDER}/)?{_NAME}\.(?:html|csv|png|css|js)(?:#{_NAME})?|#{_NAME}")


def safe_href(value: Any) -> bool:
    """True when ``value`` is a relative link to a file (or an anchor) of the report."""
    return isinstance(value, str) and _HREF.fullmatch(value) is not None


def level_href(level: Any, root: str = "", folder: str = f"{FOLDER}/") -> str | None:
    """The link to a level's page (``{root}levels/<id>.html``; ``folder=""`` from a level page), or
    None when ``level`` is not of the id form: such a level has no page."""
    if not is_id(level):
        return None
    href = f"{root}{folder}{level}.html"
    return href if safe_href(href) else None


def inside(folder: Path, name: str) -> Path | None:
    """``folder / name`` when it resolves (symlinks followed) inside ``folder``; None otherwise."""
    base = folder.resolve()
    if not name or Path(name).is_absolute() or "\0" in name:
        return None
    target = (base / name).resolve()
    return target if target != base and target.is_relative_to(base) else None


__all__ = ["FOLDER", "inside", "level_href", "safe_href"]

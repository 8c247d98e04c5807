"""The one grammar of ids: a level's ``id``, a contract's ``name`` and a level's ``contract``.

An id is 1 to :data:`ID_MAX` characters, each an ASCII letter, a digit, ``-`` or ``_``
(docs/levels.md, "Ids"). Ids become file names and links of the report (``levels/<id>.html``), so
nothing else is allowed: no quote, no ``/`` or ``.``, no ``:``, no space, no control or bidi
character. The loader refuses any other value where it stands; the report checks again before
it builds a file name or a link (:mod:`zorglab.reports.safe`).
"""

from __future__ import annotations

import re

ID_MAX = 64
ID_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,%d}" % ID_MAX)


def is_id(value: object) -> bool:
    """True when ``value`` is a string of the id grammar."""
    return isinstance(value, str) and ID_PATTERN.fullmatch(value) is not None


def id_fault(value: str, what: str = "an id") -> str | None:
    """Why ``value`` is not an id, in words (None when it is one)."""
    if is_id(value):
        return None
    if not value:
        return f"{what} cannot be empty (docs/levels.md, Ids)"
    if len(value) > ID_MAX:
        return f"{what} is at most {ID_MAX} characters, not {len(value):,} (docs/levels.md, Ids)"
    bad = next(c for c in value if not (c.isascii() and (c.isalnum() or c in "-_")))
    shown = repr(bad) if bad.isprintable() else f"U+{ord(bad):04X}"
    return (f"{what} holds {shown}: only letters, digits, '-' and '_' are allowed (docs/levels.md, Ids)")


__all__ = ["ID_MAX", "ID_PATTERN", "id_fault", "is_id"]

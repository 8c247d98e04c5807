"""The solutions follow their level (issue 39 item 1): a renamed room, hero or spell is renamed in
every ``[[solutions]]`` entry, and the solutions themselves are edited as parts of the level.

A room, hero or spell is named by its label (explicit, else its type and index among its type) and,
where its type occurs once, by the bare type name (level-format "Labels"). When an edit changes the
entries of a list, :func:`renamed` says which names now point to another entry (or to none) and
what the entry they meant is called now; :func:`follow` rewrites the ``map``, ``main``, ``casts``
and ``mirror_casts`` of every solution (and the rooms and heroes named in the level's heroes,
constraints and bonuses) in one simultaneous substitution, so a swap of two names stays a swap.
A spell whose arguments change (``Attack(3)`` to ``Attack(4)``, its type kept) carries the casts
that named the old call along; a spell removed or changed to another type is not guessed: the
loader says which casts no longer hold, at their line, and the Studio offers to fix or drop them.

Everything here edits a tomlkit document in place; the caller re-reads the text with the loader.
"""

from __future__ import annotations

import copy
import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import tomlkit
from tomlkit.items import AoT, Array, String, StringType, Trivia

from zorglab.errors import LevelError

_ENTRY = re.compile(r"\s*(?:([A-Za-z][A-Za-z0-9_]*)\s*=(?!=)\s*)?([A-Za-z][A-Za-z0-9_]*)")
_NAME = re.compile(r"(?<![\w.])([A-Za-z][A-Za-z0-9_]*)(?![\w.])(?!\s*\()")
_TOKEN = re.compile(r"\w+|\S")
LISTS = {"rooms": "room", "heroes": "hero", "spells": "spell"}


def _typed(text: str) -> re.Match[str] | None:
    """``[label =] TYPE`` of an entry whose type the rules know (None: unreadable, or typed half-way)."""
    from zorglab.level.labels import type_names
    match = _ENTRY.match(text)
    return match if match is not None and match.group(2) in type_names() else None


def entry_names(texts: Sequence[str]) -> list[tuple[str | None, frozenset[str]]]:
    """Each entry's label and every name it answers to (label, and its type where the type occurs once);
    ``(None, {})`` for an entry that does not read as ``[label =] TYPE...`` of a type the rules know."""
    found = [_typed(text) for text in texts]
    counts = Counter(match.group(2) for match in found if match)
    seen: Counter[str] = Counter()
    names: list[tuple[str | None, frozenset[str]]] = []
    for match in found:
        if match is None:
            names.append((None, frozenset()))
            continue
        kind = match.group(2)
        seen[kind] += 1
        label = match.group(1) or f"{kind}{seen[kind]}"
        names.append((label, frozenset({label, kind} if counts[kind] == 1 else {label})))
    return names


def renamed(before: Sequence[str], after: Sequence[str], kept: Mapping[int, int],
            same_type: bool = False) -> dict[str, str]:
    """``old name -> new label`` for every name of an entry that stays (``kept``: its index before ->
    its index after) but no longer points to it; names of entries gone, or that still point right,
    are left out. With ``same_type`` (heroes, spells) an entry given another type is another thing:
    its old names are not carried to it (what named it is said faulty instead)."""
    old, new = entry_names(before), entry_names(after)
    kinds_before = [_kind(text) for text in before]
    kinds_after = [_kind(text) for text in after]
    owner: dict[str, int] = {}
    for index, (_label, names) in enumerate(new):
        for name in names:
            owner.setdefault(name, index)
    mapping: dict[str, str] = {}
    for i, j in kept.items():
        label = new[j][0] if 0 <= j < len(new) else None
        if label is None or not 0 <= i < len(old) or owner.get(label) != j:
            continue            # unreadable now, or its label taken by another (the loader says so)
        if same_type and kinds_before[i] != kinds_after[j]:
            continue
        for name in old[i][1]:
            if owner.get(name) != j:
                mapping[name] = label
    return mapping


def _kind(text: str) -> str | None:
    match = _ENTRY.match(text)
    return match.group(2) if match else None


def _body(text: str) -> str:
    """A spell's notation without its label, spaces dropped: ``boom = Attack( 3 )`` -> ``Attack(3)``."""
    match = _ENTRY.match(text)
    rest = text[match.start(2):] if match else text
    return "".join(rest.split())


def changed_calls(before: Sequence[str], after: Sequence[str], kept: Mapping[int, int]) -> dict[str, str]:
    """``old call -> new call`` for a spell whose arguments changed and whose type stayed, when no other
    spell before had that call (a cast naming it meant this spell)."""
    bodies = Counter(_body(text) for text in before)
    calls: dict[str, str] = {}
    for i, j in kept.items():
        if not (0 <= i < len(before) and 0 <= j < len(after)):
            continue
        old, new = _body(before[i]), _body(after[j])
        same_type = old.split("(")[0] == new.split("(")[0]
        if old != new and same_type and "(" in old and bodies[old] == 1 and new not in bodies:
            calls[old] = new
    return calls


def rename_text(text: str, names: Mapping[str, str], calls: Mapping[str, str] | None = None) -> str:
    """``text`` (a cast, a constraint, a hero's notation) with every name of ``names`` that stands as a
    name (not a call, not part of a dotted or longer name) and every call of ``calls`` replaced, all at
    once."""
    for old, new in (calls or {}).items():
        pattern = r"(?<![\w.])" + r"\s*".join(re.escape(token) for token in _TOKEN.findall(old))
        text = re.sub(pattern, new.replace("\\", "\\\\"), text)
    if not names:
        return text
    return _NAME.sub(lambda m: names.get(m.group(1), m.group(1)), text)


def _map_string(text: str) -> String:
    from zorglab.level.save import format_map            # the format's own layout of a map
    rows = [line.split() for line in text.splitlines() if line.strip()]
    body = format_map([[None if token == "." else token for token in row] for row in rows])
    raw = body.replace("\\", "\\\\").replace('"', '\\"')
    return String(StringType.MLB, body, "\n" + raw, Trivia())


def _rename_array(array: Any, names: Mapping[str, str], calls: Mapping[str, str] | None) -> None:
    if not isinstance(array, list):
        return
    for index, text in enumerate(list(array)):
        if isinstance(text, str):
            new = rename_text(text, names, calls)
            if new != text:
                array[index] = new


def follow(document: Any, key: str, before: Sequence[str], after: Sequence[str],
           kept: Mapping[int, int]) -> dict[str, str]:
    """Rename, across ``document``, what the edit of list ``key`` (``rooms``, ``heroes`` or ``spells``)
    renamed; returns the names changed (``old -> new``, calls included)."""
    if key not in LISTS:
        return {}
    names = renamed(before, after, kept, same_type=key != "rooms")
    calls = changed_calls(before, after, kept) if key == "spells" else {}
    if not names and not calls:
        return {}
    solutions = document.get("solutions")
    for table in solutions if isinstance(solutions, list) else ():
        if not isinstance(table, dict):
            continue
        if key == "rooms":
            plan = table.get("map")
            if isinstance(plan, str) and any(token in names for token in plan.split()):
                table["map"] = _map_string("\n".join(" ".join(names.get(t, t) for t in line.split())
                                                     for line in plan.splitlines()))
            main = table.get("main")
            if isinstance(main, str) and main in names:
                table["main"] = names[main]
            mirrors = table.get("mirror_casts")
            for world in (mirrors.values() if isinstance(mirrors, dict) else ()):
                _rename_array(world, names, None)
        _rename_array(table.get("casts"), names, calls)
    if key in ("rooms", "heroes"):          # a room or hero named in the level's own conditions
        for other in ("constraints", "bonuses") + (("heroes",) if key == "rooms" else ()):
            _rename_array(document.get(other), names, None)
    return {**names, **calls}


# --- the solutions as parts of the level -----------------------------------------------------------

def _solutions(document: Any) -> AoT:
    solutions = document.get("solutions")
    if not isinstance(solutions, AoT):
        raise LevelError("this level has no [[solutions]] entries")
    return solutions


def _entry(document: Any, index: int) -> Any:
    solutions = _solutions(document)
    if not 0 <= index < len(solutions):
        raise LevelError(f"there is no solution {index} (solutions are numbered from 0; this level has "
                         f"{len(solutions)})")
    return solutions[index]


def duplicate_solution(document: Any, index: int) -> int:
    """A copy of solution ``index`` right after it; returns the copy's index."""
    solutions = _solutions(document)
    _entry(document, index)
    solutions.insert(index + 1, copy.deepcopy(solutions[index]))
    return index + 1


def remove_solution(document: Any, index: int) -> None:
    """Solution ``index`` dropped (the last one takes the ``[[solutions]]`` key with it)."""
    solutions = _solutions(document)
    _entry(document, index)
    del solutions[index]
    if not len(solutions):
        del document["solutions"]


def move_solution(document: Any, index: int, offset: int) -> int:
    """Solution ``index`` moved by ``offset`` places (kept inside the list); returns where it went."""
    solutions = _solutions(document)
    _entry(document, index)
    target = max(0, min(len(solutions) - 1, index + offset))
    if target != index:
        table = solutions[index]
        del solutions[index]
        solutions.insert(target, table)
    return target


def set_cast(document: Any, index: int, cast: int, text: str) -> None:
    """Cast ``cast`` of solution ``index`` becomes ``text`` (one past the last appends it)."""
    entry = _entry(document, index)
    casts = entry.get("casts")
    if not isinstance(casts, Array):
        casts = tomlkit.array()
        entry["casts"] = casts
    if cast == len(casts):
        casts.append(text)
    else:
        casts[cast] = text


def remove_cast(document: Any, index: int, cast: int) -> str:
    """Cast ``cast`` of solution ``index`` dropped; returns its text."""
    casts = _entry(document, index).get("casts")
    if not isinstance(casts, list) or not 0 <= cast < len(casts):
        raise LevelError(f"solution {index} has no cast {cast}")
    removed = str(casts[cast])
    del casts[cast]
    return removed


def set_expect(document: Any, index: int, outcome: str) -> None:
    """What solution ``index`` is expected to give (``win``, ``loss`` or ``stall``)."""
    _entry(document, index)["expect"] = outcome


SolutionEdit = Callable[..., Any]

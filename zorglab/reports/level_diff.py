"""What changed in a level, in the designer's words: the edits ``zorglab compare`` shows beside the
figures' changes (issue 42), so a removed spell that moves no figure is still seen, and an HP edit
reads ``Warrior2 HP 2 → 3``.

:func:`level_edits` compares two loaded levels part by part, each part by its label (rooms, heroes,
spells), its text (constraints, bonuses, variables) or its index (solutions); :func:`pack_levels`
loads a pack folder's levels by id (a file that does not load is left out: the sweep reports it).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable, Sequence

from zorglab.core.model import HeroSpec, Level, RoomSpec, Solution, SpellSpec
from zorglab.core.printer import format_cast

ARROW = "→"


def _room(room: RoomSpec) -> str:
    text = (room.source or room.type).split(" @ ")[0].strip()
    return f"{text} @ {room.tile}" if room.tile else text


def _text(spec: HeroSpec | SpellSpec) -> str:
    return (spec.source or spec.type).strip()


def _hp(hero: HeroSpec) -> Any:
    """A hero's hit points (the first argument of every built-in hero type), or None."""
    return hero.args[0] if hero.args and isinstance(hero.args[0], int) else None


def _by_label(a: Sequence[Any], b: Sequence[Any], kind: str, words: Any, hp: bool = False) -> list[str]:
    out = []
    before = {x.label: x for x in a}
    after = {x.label: x for x in b}
    for label in [x.label for x in a] + [x.label for x in b if x.label not in before]:
        old, new = before.get(label), after.get(label)
        if new is None:
            out.append(f"{kind} {label} removed ({words(old)})")
        elif old is None:
            out.append(f"{kind} {label} added ({words(new)})")
        elif words(old) != words(new):
            if hp and old.type == new.type and old.args[1:] == new.args[1:] and _hp(old) != _hp(new):
                out.append(f"{label} HP {_hp(old)} {ARROW} {_hp(new)}")
            else:
                out.append(f"{kind} {label}: {words(old)} {ARROW} {words(new)}")
    return out


def _by_text(a: Iterable[Any], b: Iterable[Any], kind: str) -> list[str]:
    old = [x.source for x in a]
    new = [x.source for x in b]
    return ([f"{kind} removed: {text}" for text in old if text not in new]
            + [f"{kind} added: {text}" for text in new if text not in old])


def _casts(solution: Solution) -> str:
    return " ".join(format_cast(c) for c in solution.casts) or "(no cast)"


def _solutions(a: Sequence[Solution], b: Sequence[Solution]) -> list[str]:
    out = []
    for index in range(max(len(a), len(b))):
        if index >= len(b):
            out.append(f"solution {index} removed")
            continue
        if index >= len(a):
            out.append(f"solution {index} added ({_casts(b[index])})")
            continue
        old, new = a[index], b[index]
        if old.map != new.map or old.rotation != new.rotation or old.choices != new.choices:
            out.append(f"solution {index}: layout changed")
        if _casts(old) != _casts(new):
            out.append(f"solution {index} casts: {_casts(old)} {ARROW} {_casts(new)}")
        if old.expect != new.expect:
            out.append(f"solution {index} expect: {_value(old.expect)} {ARROW} {_value(new.expect)}")
    return out


def _value(outcome: Any) -> str:
    return "-" if outcome is None else str(getattr(outcome, "value", outcome))


def level_edits(a: Level | None, b: Level | None) -> list[str]:
    """Every edit from ``a`` to ``b``, one phrase each, in the file's order: title, rooms (and their
    tiles), heroes (an HP edit as ``Warrior2 HP 2 → 3``), spells, constraints, bonuses, variables,
    mirrors, solutions. A missing side: ``["level added"]`` / ``["level removed"]``."""
    if a is None:
        return [] if b is None else ["level added"]
    if b is None:
        return ["level removed"]
    out = []
    if a.title != b.title:
        out.append(f"title: {a.title} {ARROW} {b.title}")
    out += _by_label(a.rooms, b.rooms, "room", _room)
    out += _by_label(a.heroes, b.heroes, "hero", _text, hp=True)
    out += _by_label(a.spells, b.spells, "spell", _text)
    out += _by_text(a.constraints, b.constraints, "constraint")
    out += _by_text(a.bonuses, b.bonuses, "bonus")
    out += _by_text(a.variables, b.variables, "variable")
    names_a = {m.name: m for m in a.mirrors}
    names_b = {m.name: m for m in b.mirrors}
    for name in sorted(set(names_a) | set(names_b)):
        if name not in names_b:
            out.append(f"mirror {name} removed")
        elif name not in names_a:
            out.append(f"mirror {name} added")
        elif names_a[name] != names_b[name]:
            out.append(f"mirror {name} changed")
    out += _solutions(a.solutions, b.solutions)
    return out


def pack_levels(folder: str | Path) -> dict[str, Level]:
    """The levels of a pack folder by id (files that do not load are left out)."""
    from zorglab.errors import LevelError
    from zorglab.level import level_files, load_level

    levels: dict[str, Level] = {}
    for path in level_files([folder]):
        try:
            level = load_level(path)
        except (LevelError, OSError):
            continue
        levels.setdefault(level.id, level)
    return levels


def pack_edits(a: dict[str, Level], b: dict[str, Level]) -> dict[str, list[str]]:
    """:func:`level_edits` for every level id of either pack."""
    return {level: level_edits(a.get(level), b.get(level)) for level in sorted(set(a) | set(b))}


__all__ = ["level_edits", "pack_edits", "pack_levels"]

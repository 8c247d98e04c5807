"""What a pack level teaches (issue 26): the contract's idea proved on the level, its title and notes.

A proposed contract names the room and spell types it teaches (:class:`~zorglab.propose.pack.PackBrief`).
:func:`lesson` measures a level's interest (:mod:`zorglab.propose.interest`) with those rooms and
spells as its pins; :func:`teaching_problems` says what keeps it from teaching (no taught room
matters, no taught spell is necessary, a spawn kill, a state graph outside the contract's band);
:func:`lesson_title` and :func:`lesson_notes` say in words what the level teaches, from the same
figures, for the level file a reviewer then reads.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Protocol

from zorglab.core.model import Level
from zorglab.engine.layout import Layout
from zorglab.propose.brief import Span
from zorglab.propose.interest import Interest, Pin, interest, level_interest


class Teaches(Protocol):
    """What a contract teaches: room, spell and hero types of which one must matter, a graph band."""

    @property
    def teaches_rooms(self) -> tuple[str, ...]: ...
    @property
    def teaches_spells(self) -> tuple[str, ...]: ...
    @property
    def teaches_heroes(self) -> tuple[str, ...]: ...
    @property
    def graph(self) -> Span: ...


@dataclass(frozen=True)
class Teaching:
    """What a hand-written contract teaches (levels/contracts.toml), held to the same checks as a
    proposed one: a room of a type in ``teaches_rooms`` matters, a spell of a type in
    ``teaches_spells`` is necessary, a hero of a type in ``teaches_heroes`` matters (each when the
    level holds one), and no level is a spawn kill."""

    contract: str
    idea: str
    teaches_rooms: tuple[str, ...] = ()
    teaches_spells: tuple[str, ...] = ()
    teaches_heroes: tuple[str, ...] = ()
    graph: Span = Span(1, None)

_NUMERALS = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII")


def lesson(level: Level, pack_brief: Teaches, layout: Layout | None = None, *,
           max_states: int = 20_000) -> Interest:
    """The level's interest with the rooms, spells and heroes of its contract's taught types as pins,
    on ``layout`` (default: its last winning solution's layout)."""
    rooms = [r.label for r in level.rooms if r.type in pack_brief.teaches_rooms]
    spells = [s.label for s in level.spells if s.type in pack_brief.teaches_spells]
    heroes = [h.label for h in level.heroes if h.type in pack_brief.teaches_heroes]
    if layout is None:
        found = level_interest(level, rooms=rooms, spells=spells, heroes=heroes, max_states=max_states,
                               lists=False)
    else:
        found = interest(level, layout, rooms=rooms, spells=spells, heroes=heroes, max_states=max_states,
                         lists=False)
    return replace(found, pin_word="taught")


def teaching_problems(level: Level, pack_brief: Teaches, layout: Layout | None = None, *,
                      max_states: int = 20_000) -> list[str]:
    """What keeps a pack level from teaching its contract's idea, each proved by the exact search:
    none of its rooms of a taught type matters, none of its spells of a taught type is necessary
    (when a spell is needed), none of its heroes of a taught type matters, it is a spawn kill, or its
    state graph lies outside the contract's band."""
    found = lesson(level, pack_brief, layout, max_states=max_states)
    problems = []
    rooms = [p for p in found.pins if p.kind == "room"]
    if rooms and not any(p.matters for p in rooms):
        problems.append(f"{level.id}: none of its rooms {', '.join(p.text for p in rooms)} matters "
                        f"({'; '.join(p.why for p in rooms)})")
    spells = [p for p in found.pins if p.kind == "spell"]
    if found.fewest and spells and not any(p.matters for p in spells):
        problems.append(f"{level.id}: none of its spells {', '.join(p.text for p in spells)} is necessary")
    heroes = [p for p in found.pins if p.kind == "hero"]
    if heroes and not any(p.matters for p in heroes):
        problems.append(f"{level.id}: none of its heroes {', '.join(p.text for p in heroes)} matters "
                        f"({'; '.join(p.why for p in heroes)})")
    if found.spawn_kill is not False:
        problems.append(f"{level.id}: a spawn kill ({' '.join(found.spawn_kill_casts) or 'unknown'})")
    if not found.complete or found.graph_states not in pack_brief.graph:
        problems.append(f"{level.id}: {found.graph_states} graph states, outside {pack_brief.graph}")
    return problems


def _room_word(pin: Pin) -> str:
    from zorglab.propose.pack import LESSON_ROOMS
    text = pin.text.replace(" ", "")
    for key, word in LESSON_ROOMS.items():
        if text.startswith(key + ("" if "(" in key else "(")) or text == key:
            return word
    return pin.text


def lesson_key(found: Interest) -> str:
    """The lesson's theme (:data:`zorglab.propose.pack.LESSON_ROOMS`, ``LESSON_SPELLS``): the first
    taught room that matters, else the first necessary spell."""
    from zorglab.propose.pack import LESSON_SPELLS, PLAIN_LESSON
    rooms = [p for p in found.pins if p.kind == "room" and p.matters]
    spells = [p for p in found.pins if p.kind == "spell" and p.matters]
    if rooms:
        return _room_word(rooms[0])
    if spells:
        return LESSON_SPELLS.get(spells[0].text.split("(")[0], spells[0].text)
    return PLAIN_LESSON


_COUNTS = ("", "One", "Two", "Three", "Four", "Five")


def heroes_phrase(level: Level) -> str:
    """The heroes in words, by type in spawn order: ``Two Elves and a Warrior``."""
    counts: dict[str, int] = {}
    for hero in level.heroes:
        counts[hero.type] = counts.get(hero.type, 0) + 1
    parts = []
    for index, (name, n) in enumerate(counts.items()):
        if n == 1:
            article = "an" if name[0] in "AEIOU" else "a"
            parts.append(f"{article if index else article.title()} {name}")
        else:
            plural = name[:-1] + "ves" if name.endswith("f") else name + "s"
            parts.append(f"{_COUNTS[n] if n < len(_COUNTS) else n} {plural}")
    return " and ".join(parts)


_ORDINALS = ("First", "Second", "Third", "Fourth", "Fifth", "Sixth")


def target_phrase(level: Level, layout: Layout, witness: tuple[str, ...]) -> str:
    """Whom the witness's first cast is for, in words: the hero that spawned last before it
    (``for the Second Elf``, ``for the Warrior``); the heroes' phrase when no cast is needed. What the
    player must notice in most drills: which hero the spell is saved for."""
    from zorglab.engine.events import Spawned
    from zorglab.engine.game import play, setup
    from zorglab.level.parse import parse_cast
    from zorglab.search.decide import decide_solvable

    if not witness:
        return heroes_phrase(level)
    casts = [parse_cast(text, level) for text in witness]
    first = min(cast.tick for cast in casts)
    run = play(setup(level, layout, decide=decide_solvable), casts)
    spawned = [e.hero for e in run.main.events if isinstance(e, Spawned) and e.tick <= first]
    if not spawned:
        return heroes_phrase(level)
    hero = level.hero(spawned[-1])
    same = [h.label for h in level.heroes if h.type == hero.type]
    if len(same) == 1:
        return f"for the {hero.type}"
    index = same.index(hero.label)
    return f"for the {_ORDINALS[index] if index < len(_ORDINALS) else index + 1} {hero.type}"


def lesson_titles(keys: list[str], taken: set[str] | frozenset[str] = frozenset(),
                  phrases: list[str] | None = None) -> list[str]:
    """One title per level: its theme and a phrase (``Hot Coals for the Second Elf``; a phrase not
    starting with ``for`` follows a colon: ``Thin Ice: Two Elves``), numbered in play order where a
    title still repeats (``... II``): a draft for the reviewer, who names what the player must notice."""
    seen: dict[str, int] = {}
    out = []
    for index, key in enumerate(keys):
        phrase = phrases[index] if phrases else ""
        base = (f"{key} {phrase}" if phrase.startswith("for ") else f"{key}: {phrase}") if phrase else key
        while True:
            seen[base] = seen.get(base, 0) + 1
            n = seen[base]
            title = base if n == 1 else f"{base} {_NUMERALS[n - 1] if n <= len(_NUMERALS) else n}"
            if title not in taken:
                break
        out.append(title)
    return out


def lesson_notes(found: Interest, witness: tuple[str, ...], fewest: int, loss: str) -> str:
    """What the level teaches, in words, from its figures: what matters and why, when to act."""
    parts = []
    for pin in found.pins:
        if pin.matters:
            parts.append(f"the {pin.text} {'room' if pin.kind == 'room' else 'spell'} matters ({pin.why})")
    watch = (f"the first cast of a {fewest}-spell win comes after {found.first_cast} actions at the earliest, "
             f"so the player watches the road before acting" if found.first_cast else "")
    return (f"Lesson: {'; '.join(parts) or 'the road itself'}. "
            + (f"Timing: {watch}. " if watch else "")
            + f"No spawn kill: no win casts everything before a hero steps. The no-cast run {loss}; "
              f"the witness casts {' '.join(witness)}.")

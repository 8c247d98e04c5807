"""Temples in the designer's words: what a room is, where a cell lies, and the legend of a text map.

The model speaks in tokens and ``Place(floor index, row, col)`` counted from 0; a designer reads
"1F, row 3, column 4: small key chest". The viewer, ``temples generate`` and the text map all
take their words from here, so they cannot drift apart.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from zorglab.temples.model import Place, Room, Temple

TYPE_WORDS: dict[str, str] = {
    "wall": "wall (no room)", "void": "void (outside the temple)", "empty": "empty room",
    "entrance": "entrance", "gate": "exit gate", "boss": "boss room", "miniboss": "mini-boss room",
    "monster": "monster room", "loot": "chest", "key": "key room", "door": "door room", "shop": "shop",
    "health": "health fountain", "mana": "mana fountain", "camp": "camp", "savepoint": "save point",
    "save": "save point", "stairs_up": "stairs up", "stairs_down": "stairs down", "teleport": "teleport circle",
    "pit": "pit", "trap": "trap", "puzzle": "puzzle room",
}
DUNGEON_ITEMS: dict[str, str] = {"key": "small key", "master-key": "master key",
                                 "Pegasus": "Pegasus", "map": "map", "compass": "compass"}
TEXT_MAP_MARKS = (("@", "the entrance"), ("*", "on the critical path"), (".", "wall or void (no room)"),
                  ("(f,r,c)", "floor, row, column from 0"))


def type_words(kind: str) -> str:
    """A room type in words (unknown types as written)."""
    return TYPE_WORDS.get(kind, kind.replace("_", " "))


def room_words(room: Room) -> str:
    """What a room is: ``"small key chest"``, ``"monster room (normal)"``, ``"health fountain (+15 HP)"``."""
    if room.type == "loot":
        if room.get("chest") == "dungeon":
            item = room.get("dungeon")
            return f"{DUNGEON_ITEMS.get(item, item)} chest" if item else "chest"
        items = room.get("items")
        return "chest" + (f" ({', '.join(map(str, items))})" if items else " (consumables)")
    words = type_words(room.type)
    notes = []
    if room.get("difficulty") is not None and room.get("difficulty") != room.type:
        notes.append(str(room.get("difficulty")))
    if room.get("healthPoints") is not None:
        notes.append(f"+{room.get('healthPoints')} HP")
    if room.get("damage") is not None:
        notes.append(f"{room.get('damage')} damage")
    return words + (f" ({', '.join(notes)})" if notes else "")


def room_facts(room: Room) -> list[str]:
    """What else a designer should know of a room, in words (doors that lock, elements)."""
    facts = []
    if room.get("lockOnEnter"):
        facts.append("its doors lock until the fight is won")
    if room.get("element"):
        facts.append(f"element {room.get('element')}")
    return facts


def place_words(temple: Temple, place: Sequence[int]) -> str:
    """``"1F, row 3, column 4"``: the floor's label, rows and columns counted from 1."""
    floor, row, col = place
    return f"{temple.floors[floor].label}, row {row + 1}, column {col + 1}"


def places_in_words(temple: Temple, text: str) -> str:
    """``text`` with every ``(floor,row,col)`` written as :func:`place_words` (milestones name places so)."""
    def spoken(match: re.Match[str]) -> str:
        floor, row, col = (int(g) for g in match.groups())
        place = Place(floor, row, col)
        return place_words(temple, place) if temple.inside(place) else match.group(0)
    return _PLACE.sub(spoken, text)


_PLACE = re.compile(r"\((\d+),(\d+),(\d+)\)")


def legend_entries(temple: Temple) -> list[tuple[str, str]]:
    """(tokens, words) for every room of the temple, tokens sharing words together, in first-seen order."""
    grouped: dict[str, list[str]] = {}
    seen: set[str] = set()
    for floor in temple.floors:
        for line in floor.grid:
            for token in line:
                room = temple.rooms[token]
                if token in seen or not room.passable:
                    continue
                seen.add(token)
                grouped.setdefault(room_words(room), []).append(token)
    return [(" ".join(tokens), words) for words, tokens in grouped.items()]


def text_legend(temple: Temple, width: int = 100) -> list[str]:
    """The legend of :func:`~zorglab.temples.render.temple_text`: its marks, then every token in words."""
    entries = [f"{mark} {words}" for mark, words in TEXT_MAP_MARKS]
    entries += [f"{tokens} {words}" for tokens, words in legend_entries(temple)]
    lines: list[list[str]] = [[]]
    for entry in entries:
        if lines[-1] and len("legend: " + " · ".join(lines[-1] + [entry])) > width:
            lines.append([])
        lines[-1].append(entry)
    return [("legend: " if i == 0 else "        ") + " · ".join(part) for i, part in enumerate(lines)]


def describe(temple: Temple, cell: Any) -> str:
    """One cell of :func:`~zorglab.temples.temple_cells` in words, for the viewer's click."""
    room = temple.room_at(cell.place)
    facts = [f"{place_words(temple, cell.place)}: {room_words(room)}"]
    if cell.entrance and room.type != "entrance":
        facts.append("the entrance")
    if cell.critical is not None:
        facts.append(f"critical step {cell.critical}")
    if cell.locked:
        facts.append("locked door on the " + " and ".join(cell.locked) + " side")
    if cell.boss_door:
        facts.append("boss door on the " + " and ".join(cell.boss_door) + " side")
    if cell.stairs_lock:
        facts.append(f"the stairs need the {'small key' if cell.stairs_lock == 'small' else 'master key'}")
    for target, verb in ((cell.teleport_to, "teleports to"), (cell.pit_to, "drops to")):
        if target is not None:
            facts.append(f"{verb} {place_words(temple, target)}")
    facts += room_facts(room)
    return "; ".join(facts)

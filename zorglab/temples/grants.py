"""What play hands out in a room (the original ``roomGrants.ts``), shared by solver, lint and reset.

Only what play grants counts (R4): a key written into a room that grants none is not a key.
Chests exist in loot rooms only; a Dungeon Item chest (``chest: "dungeon"``) hands out its
``dungeon`` item, any chest hands out its ``items``; a key room hands out its key; a fight room
hands out its ``drops``; a shop sells Bombs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from zorglab.temples.model import FIGHT_TYPES, KEY, LOOT, SHOP, Room

SMALL_KEY = "key"
MASTER_KEY = "master-key"
MAP, COMPASS = "map", "compass"
BOMB_NAMES = frozenset({"bomb", "bombs"})
KEY_ITEMS_ALWAYS = frozenset({MAP, COMPASS})


@dataclass(frozen=True)
class Grants:
    """What entering a room once hands the hero."""

    small_keys: int = 0
    master_key: bool = False
    bombs: bool = False
    pegasus: bool = False
    key_items: tuple[str, ...] = ()
    consumables: tuple[str, ...] = ()

    @property
    def any(self) -> bool:
        return bool(
            self.small_keys or self.master_key or self.bombs or self.pegasus or self.key_items or self.consumables
        )


NOTHING = Grants()


def is_pegasus(item: str) -> bool:
    return "pegasus" in item.lower()


def _add(item: object, acc: dict[str, Any], kept: bool) -> None:
    """Count one item; ``kept`` for a Dungeon Item chest's item (a key item, kept at reset)."""
    if not isinstance(item, str):
        return
    low = item.lower()
    if low == SMALL_KEY:
        acc["small_keys"] += 1
    elif low == MASTER_KEY:
        acc["master_key"] = True
    else:
        if low in BOMB_NAMES:
            acc["bombs"] = True
        if is_pegasus(item):
            acc["pegasus"] = True
        acc["key_items" if kept else "consumables"].append(item)


_GIVERS = frozenset({LOOT, KEY, SHOP}) | FIGHT_TYPES


def room_grants(room: Room) -> Grants:
    """Everything ``room`` hands out when the hero first enters it."""
    if room.type not in _GIVERS:
        return NOTHING
    acc: dict[str, Any] = {
        "small_keys": 0,
        "master_key": False,
        "bombs": False,
        "pegasus": False,
        "key_items": [],
        "consumables": [],
    }
    kind = room.type
    if kind == LOOT:
        if room.get("chest") == "dungeon":
            _add(room.get("dungeon"), acc, True)
        items = room.get("items")
        if isinstance(items, tuple):
            for item in items:
                _add(item, acc, False)
    elif kind == KEY:
        if room.get("keyId") == "master":
            acc["master_key"] = True
        else:
            acc["small_keys"] += 1
    elif kind == SHOP:
        acc["bombs"] = True
    elif kind in FIGHT_TYPES:
        drops = room.get("drops")
        if isinstance(drops, tuple):
            for item in drops:
                _add(item, acc, False)
    grants = Grants(acc["small_keys"], acc["master_key"], acc["bombs"], acc["pegasus"],
                    tuple(acc["key_items"]), tuple(acc["consumables"]))
    return grants if grants.any else NOTHING


def holds_bombs(key_items: frozenset[str] | tuple[str, ...]) -> bool:
    """Bombs kept as a key item (the temple's tool) count as a Bomb source."""
    return any(item.lower() in BOMB_NAMES for item in key_items)


def mentions_master_key(room: Room) -> bool:
    """The room's fields name the master key, whether or not play hands it out."""
    if not room.content:
        return False
    items = room.get("items") if isinstance(room.get("items"), tuple) else ()
    drops = room.get("drops") if isinstance(room.get("drops"), tuple) else ()
    return (
        room.get("dungeon") == MASTER_KEY
        or room.get("keyId") == "master"
        or MASTER_KEY in items
        or MASTER_KEY in drops
    )


def is_consumable_chest(room: Room) -> bool:
    """A chest the blood moon refills: keys (small or master) and consumables, not key items."""
    if room.type == KEY:
        return True
    if room.type != LOOT:
        return False
    grants = room_grants(room)
    if grants.small_keys or grants.master_key:
        return True
    if room.get("chest") == "dungeon":
        return False
    return True

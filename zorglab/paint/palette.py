"""Colours of the board pictures, in one place so both back ends and the docs' legend agree."""

from __future__ import annotations

from typing import Any

from zorglab.core.registry import find_room_type
from zorglab.core.tiles import CellKind
from zorglab.core.values import Element

BACKGROUND = "#ffffff"
MIN_TEXT = 11            # every label of a board at least 11 px (issue 39 item 3: read at 1366 x 768)
GRID = "#d9d6cc"
EMPTY_SLOT = "#f6f4ee"
WALL = "#3d3d4a"
FLOOR = "#ece6d6"
SPAWN = "#f2c14e"
GREEN = "#6ab04c"           # a green cell whose element is not known yet (a variable)
DARK = "#4b6043"            # a dark cell whose element is not known yet
LIGHT = "#f7e08c"           # a T room's light (toll) cell
COIN = "#d4a017"
CLEARED = "#b8b2a2"         # a cell a Shell turned into plain floor
TEXT = "#1e1e24"
PILL = "#ffffff"
PILL_EDGE = "#8a8678"

HATCH = "#ffb000"           # NFR-6: the striped band on the side a tile's top edge faces
HATCH_DARK = "#231a10"

VIOLATION = "#e0001b"       # FR-6 mismatched side
ORIENTATION = "#ff2d95"     # FR-7 misoriented room
DISCONNECTED = "#8e44ad"    # FR-6 cut-off rooms
OVERLAP = "#e0001b"
SELECTED = "#1f6feb"
TARGET = "#00a884"          # a cast's chosen target (hero or slot)
ACTIVE = "#ffd400"          # ring around the active hero

ELEMENT = {
    Element.FIRE: "#e4572e",
    Element.WATER: "#2e86de",
    Element.ICE: "#a8e6f5",
    Element.POISON: "#8bc34a",
}
ELEMENT_DARK = {
    Element.FIRE: "#9c2c12",
    Element.WATER: "#1b4f8a",
    Element.ICE: "#5aa9bf",
    Element.POISON: "#4e7a24",
}

ZORG_TINT = "#f3c6c6"       # the floor of Zorg's room (a type that ends the level)
SPAWN_TINT = "#fff1c4"      # the floor of spawn rooms

# Hero discs by spawn number (repeats after ten).
HEROES = ("#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e",
          "#17becf", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22")
CORPSE = "#6f6a60"


def hero_colour(index: int) -> str:
    return HEROES[index % len(HEROES)]


def _element_arg(room_type: str, args: tuple[Any, ...]) -> Element | None:
    """The element the type's green or dark cells act as (its ``cell_element``), if known yet."""
    behaviour = find_room_type(room_type)
    value = behaviour.cell_element(args) if behaviour is not None else None
    return value if isinstance(value, Element) else None


def cell_colour(room_type: str, args: tuple[Any, ...], kind: CellKind) -> str:
    """How a tile cell looks in a room of this type: green cells by element, T cells dark/light."""
    if kind is CellKind.WALL:
        return WALL
    if kind is CellKind.GREEN:
        element = _element_arg(room_type, args)
        return GREEN if element is None else ELEMENT[element]
    if kind is CellKind.DARK:
        element = _element_arg(room_type, args)
        return DARK if element is None else ELEMENT_DARK[element]
    if kind is CellKind.LIGHT:
        return LIGHT
    behaviour = find_room_type(room_type)
    if behaviour is not None and behaviour.ends_level:
        return ZORG_TINT
    return SPAWN_TINT if behaviour is not None and behaviour.is_spawn else FLOOR

# The plan on the board (zorglab.paint.plan, issue 25)
PLAN = "#0b7285"            # the active hero's planned path
WHY_NOT = "#e8590c"         # another first step's own plan ("why not that way?")
GOAL = "#2b8a3e"            # the rooms a hero heads for; the flag of a hero waiting at its goal
PULL = "#d6336c"            # a princess's pull on the room she stands in

"""What a cell does once its room is placed: a small code per cell, fixed per room and tile.

Tiles say ``g``/``d``/``l`` (ZR-2); the room type turns those into behaviour (ZR-9). An immune
hero reads its elements' codes as plain floor.
"""

from __future__ import annotations

from zorglab.core.values import Element

WALL = 0
FLOOR = 1
FIRE = 2
WATER = 3
ICE = 4
POISON = 5
LIGHT = 6   # a T room's toll cell

ELEMENT_CODE: dict[Element, int] = {
    Element.FIRE: FIRE,
    Element.WATER: WATER,
    Element.ICE: ICE,
    Element.POISON: POISON,
}
CODE_ELEMENT: dict[int, Element] = {code: element for element, code in ELEMENT_CODE.items()}
CODE_NAMES = {WALL: "wall", FLOOR: "floor", FIRE: "fire", WATER: "water", ICE: "ice",
              POISON: "poison", LIGHT: "light"}


def immune_codes(elements: frozenset[Element]) -> frozenset[int]:
    """The cell codes an immune hero treats as plain floor."""
    return frozenset(ELEMENT_CODE[e] for e in elements)

"""Worlds built in code for benchmarks (no level file needed): a 10-room, 5-hero dungeon."""

from __future__ import annotations

from zorglab.core.tiles import Tile
from zorglab.engine.world import World
from zorglab.core.model import HeroSpec, Level, RoomSpec
from zorglab.core.values import Element

CROSS = ("##.##", "#...#", ".....", "#...#", "##.##")
SPAWN = ("##.##", "#...#", "..S..", "#...#", "##.##")
GREEN = ("##.##", "#ggg#", ".ggg.", "#ggg#", "##.##")

#   A  D1 E1 D2 D3
#   .  E2 D4 E3 Z          10 rooms, a 5x2 block with one hole
BENCH_MAP = {
    "A": (0, 0), "D1": (1, 0), "E1": (2, 0), "D2": (3, 0), "D3": (4, 0),
    "E2": (1, 1), "D4": (2, 1), "E3": (3, 1), "Z": (4, 1), "D5": (0, 1),
}


def bench_level() -> Level:
    rooms = (
        RoomSpec("A", "A", (), "spawn"), RoomSpec("D1", "D", (1,)), RoomSpec("E1", "E", (Element.FIRE,), "green"),
        RoomSpec("D2", "D", (3,)), RoomSpec("D3", "D", (4,)), RoomSpec("E2", "E", (Element.POISON,), "green"),
        RoomSpec("D4", "D", (2,)), RoomSpec("E3", "E", (Element.ICE,), "green"), RoomSpec("Z", "Z"),
        RoomSpec("D5", "D", (-1,)),
    )
    heroes = (
        HeroSpec("Warrior1", "Warrior", (6,)), HeroSpec("Elf1", "Elf", (7, frozenset({Element.ICE}))),
        HeroSpec("Warrior2", "Warrior", (7,)), HeroSpec("Elf2", "Elf", (8, frozenset())),
        HeroSpec("Warrior3", "Warrior", (9,)),
    )
    tiles = (("spawn", Tile("spawn", SPAWN)), ("green", Tile("green", GREEN)), ("default-D", Tile("default-D", CROSS)),
             ("default-Z", Tile("default-Z", CROSS)))
    return Level(id="bench-10x5", rooms=rooms, heroes=heroes, tiles=tiles)


def bench_world() -> World:
    return World(bench_level(), BENCH_MAP)

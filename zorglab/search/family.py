"""A generated family of levels for scaling measurements: heroes 1..6 x spells 1..6.

One fixed 8-room dungeon (a spawn, damage and element rooms, a portal, a gold room, Z) with
``heroes`` alternating Warriors and Elves and the first ``spells`` of a fixed spell list.
Deterministic: the same (heroes, spells) always gives the same level.
"""

from __future__ import annotations

from zorglab.engine.tiles import library_tiles
from zorglab.engine.world import World
from zorglab.level.model import HeroSpec, Level, RoomSpec, SpellSpec
from zorglab.level.values import Element

ROOMS = (
    RoomSpec("A", "A", (), "default-A"), RoomSpec("D1", "D", (1,)), RoomSpec("E1", "E", (Element.FIRE,)),
    RoomSpec("D2", "D", (2,)), RoomSpec("O1", "O", (3,)), RoomSpec("D3", "D", (1,)),
    RoomSpec("E2", "E", (Element.POISON,)), RoomSpec("Z", "Z"),
)
#  A  D1 E1 D2
#  O1 D3 E2 Z
SLOTS = {"A": (0, 0), "D1": (1, 0), "E1": (2, 0), "D2": (3, 0), "O1": (0, 1), "D3": (1, 1), "E2": (2, 1), "Z": (3, 1)}
SPELLS = (("Attack", (1,)), ("Sleep", ()), ("Teleport", (2,)), ("Attack", (2,)), ("Swap", ()), ("Banality", ()))


def family_level(heroes: int, spells: int) -> Level:
    library = library_tiles()
    tile_names = {room.tile or f"default-{room.type}" for room in ROOMS}
    hero_specs = tuple(
        HeroSpec(f"Warrior{i + 1}", "Warrior", (4 + i,)) if i % 2 == 0
        else HeroSpec(f"Elf{i + 1}", "Elf", (4 + i, frozenset({Element.POISON})))
        for i in range(heroes))
    spell_specs = tuple(SpellSpec(f"{t}{i + 1}", t, a) for i, (t, a) in enumerate(SPELLS[:spells]))
    return Level(id=f"family-h{heroes}-s{spells}", rooms=ROOMS, heroes=hero_specs, spells=spell_specs,
                 tiles=tuple((name, library[name]) for name in sorted(tile_names)))


def family_world(heroes: int, spells: int) -> World:
    return World(family_level(heroes, spells), SLOTS)


def scaling_rows(max_heroes: int = 6, max_spells: int = 6, *, max_states: int = 200_000,
                 max_seconds: float = 20.0, prune: bool = True) -> list[dict]:
    """One row per (heroes, spells): verdict, states expanded and generated, seconds, and both
    per second (an expanded state had every move tried; a generated one is each state a move
    computed and looked up in the table, kept or pruned)."""
    import time

    from zorglab.search.solver import solve_world

    rows = []
    for heroes in range(1, max_heroes + 1):
        for spells in range(1, max_spells + 1):
            world = family_world(heroes, spells)
            t0 = time.perf_counter()
            verdict = solve_world(world, max_states=max_states, max_seconds=max_seconds, prune=prune)
            seconds = time.perf_counter() - t0
            rows.append({"heroes": heroes, "spells": spells, "verdict": verdict.verdict,
                         "states": verdict.states, "generated": verdict.generated, "pruned": verdict.pruned,
                         "seconds": round(seconds, 4),
                         "states_per_second": round(verdict.states / seconds) if seconds else None,
                         "generated_per_second": round(verdict.generated / seconds) if seconds else None,
                         "witness": " ".join(verdict.cast_texts())})
    return rows

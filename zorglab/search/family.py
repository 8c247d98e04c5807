"""A generated family of levels for scaling measurements: heroes 1..10 x spells 1..10.

One fixed 8-room dungeon (a spawn, damage and element rooms, a portal, a gold room, Z) with
``heroes`` alternating Warriors and Elves (HP 4, 5, 6, ...) and the first ``spells`` of a fixed
spell list: Attack(1), Sleep, Teleport(2), Attack(2), Swap, Banality, then (issue 27) Wake — the
one spell that stirs a sleeper without hurting it, so Sleep's cut has something to undo — and
Attack(3), the largest single blow; then (issue 41) Move, the ninth, and a second Teleport(2), the
tenth (identical to the third: the search tries a cast of either once).

Two more axes (issue 41): ``kind="mixed"`` cycles the hero types Warrior, Elf, Gunner, Mechanic,
Princess (every type present from 5 heroes; a Gunner with one shot, a Mechanic that may shove the
damage room D3, a Princess drawn to Z a little more and pulling no one), and ``rooms`` 11 or 14
adds a third and a fourth row of damage and element rooms below the 8 (the "bigger grids").
Deterministic: the same arguments always give the same level; anything outside 1..10 heroes x
0..10 spells, another kind or another grid is refused (``FamilyError``), never quietly cut short.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable

from zorglab.core.tiles import library_tiles
from zorglab.engine.world import World
from zorglab.core.model import HeroSpec, Level, RoomSpec, SpellSpec
from zorglab.core.values import Element, FrozenMap
from zorglab.errors import OptionError

ROOMS = (
    RoomSpec("A", "A", (), "default-A"), RoomSpec("D1", "D", (1,)), RoomSpec("E1", "E", (Element.FIRE,)),
    RoomSpec("D2", "D", (2,)), RoomSpec("O1", "O", (3,)), RoomSpec("D3", "D", (1,)),
    RoomSpec("E2", "E", (Element.POISON,)), RoomSpec("Z", "Z"),
)
#  A  D1 E1 D2
#  O1 D3 E2 Z
#  D4 E3 D5        (11 rooms)
#  D6 E4 D7        (14 rooms)
SLOTS = {"A": (0, 0), "D1": (1, 0), "E1": (2, 0), "D2": (3, 0), "O1": (0, 1), "D3": (1, 1), "E2": (2, 1), "Z": (3, 1)}
MORE_ROOMS = (
    (RoomSpec("D4", "D", (2,)), (0, 2)), (RoomSpec("E3", "E", (Element.FIRE,)), (1, 2)),
    (RoomSpec("D5", "D", (1,)), (2, 2)),
    (RoomSpec("D6", "D", (1,)), (0, 3)), (RoomSpec("E4", "E", (Element.POISON,)), (1, 3)),
    (RoomSpec("D7", "D", (2,)), (2, 3)),
)
GRIDS = (8, 11, 14)
SPELLS = (("Attack", (1,)), ("Sleep", ()), ("Teleport", (2,)), ("Attack", (2,)), ("Swap", ()), ("Banality", ()),
          ("Wake", ()), ("Attack", (3,)), ("Move", ()), ("Teleport", (2,)))
MAX_HEROES = 10
KINDS = ("we", "mixed")
MIXED = ("Warrior", "Elf", "Gunner", "Mechanic", "Princess")


class FamilyError(OptionError):
    """A family cell the family does not hold (its size is named, with the sizes it has)."""


def _hero(i: int, kind: str) -> HeroSpec:
    """The family's ``i``-th hero (from 0): HP 4 + i, its type by ``kind``."""
    hp = 4 + i
    name = (MIXED if kind == "mixed" else MIXED[:2])[i % (5 if kind == "mixed" else 2)]
    args: tuple[Any, ...]
    if name == "Warrior":
        args = (hp,)
    elif name == "Elf":
        args = (hp, frozenset({Element.POISON}))
    elif name == "Gunner":
        args = (hp, 1)
    elif name == "Mechanic":
        args = (hp, FrozenMap((("D3", 1),)))
    else:
        args = (hp, FrozenMap((("Z", Fraction(2)),)), Fraction(0))
    return HeroSpec(f"{name}{i + 1}", name, args)


def family_level(heroes: int, spells: int, kind: str = "we", rooms: int = 8) -> Level:
    """Cell (heroes, spells) of the family; refused when outside 1..10 heroes x 0..10 spells, or
    of a ``kind`` other than "we" (Warriors and Elves) and "mixed", or a grid other than 8, 11, 14."""
    if not 1 <= heroes <= MAX_HEROES:
        raise FamilyError(f"the family has 1..{MAX_HEROES} heroes, not {heroes}")
    if not 0 <= spells <= len(SPELLS):
        raise FamilyError(f"the family has 0..{len(SPELLS)} spells, not {spells}")
    if kind not in KINDS:
        raise FamilyError(f"the family's kinds are {', '.join(KINDS)}, not {kind!r}")
    if rooms not in GRIDS:
        raise FamilyError(f"the family's grids have {', '.join(map(str, GRIDS))} rooms, not {rooms}")
    room_specs = ROOMS + tuple(room for room, _ in MORE_ROOMS[:rooms - len(ROOMS)])
    library = library_tiles()
    tile_names = {room.tile or f"default-{room.type}" for room in room_specs}
    hero_specs = tuple(_hero(i, kind) for i in range(heroes))
    spell_specs = tuple(SpellSpec(f"{t}{i + 1}", t, a) for i, (t, a) in enumerate(SPELLS[:spells]))
    suffix = ("" if kind == "we" else f"-{kind}") + ("" if rooms == 8 else f"-r{rooms}")
    return Level(id=f"family-h{heroes}-s{spells}{suffix}", rooms=room_specs, heroes=hero_specs,
                 spells=spell_specs, tiles=tuple((name, library[name]) for name in sorted(tile_names)))


def family_slots(rooms: int = 8) -> dict[str, tuple[int, int]]:
    """Where the family's rooms stand on a grid of ``rooms`` rooms."""
    return {**SLOTS, **{room.label: slot for room, slot in MORE_ROOMS[:rooms - len(ROOMS)]}}


def family_world(heroes: int, spells: int, kind: str = "we", rooms: int = 8) -> World:
    return World(family_level(heroes, spells, kind, rooms), family_slots(rooms))


# The reductions of issue 16, added one at a time (each row of the table reports every stage):
# none at all; the search as it was (table and spell dominance); + the dead forgotten (FR-47);
# + hopeless sleepers given up (FR-49); + entry counts left out where no portal reads them;
# + the damage bound (FR-51), the proof alone; the final search adds the witness search beside
# the proof (FR-48).
STAGES: tuple[tuple[str, dict[str, bool]], ...] = (
    ("plain", dict(prune=False)),
    ("before", dict(forget_dead=False, cut_sleepers=False, reference=True)),
    ("dead", dict(cut_sleepers=False, reference=True)),
    ("sleepers", dict(reference=True)),
    ("entries", dict(bound_damage=False)),
    ("bound", dict()),
)
FINAL = dict(fewest=False)


def decide_cell(heroes: int, spells: int, max_states: int | None, max_seconds: float | None,
                options: dict[str, Any], kind: str = "we", rooms: int = 8) -> dict[str, Any]:
    """Search one cell with these Search options: verdict, states, seconds (wall and CPU), the
    process's peak resident memory, the witness and whether it replays to a win."""
    import time

    from zorglab.core.budget import Budget
    from zorglab.engine.run import run_world
    from zorglab.search.solver import SOLVABLE, Search

    t0, c0 = time.perf_counter(), time.process_time()
    budget = Budget(max_states, seconds=max_seconds)     # CPU seconds from here: the world and its bound count
    search = Search(family_world(heroes, spells, kind, rooms), **options)
    verdict = search.run(budget=budget)
    seconds, cpu = time.perf_counter() - t0, time.process_time() - c0
    replays = None
    if verdict.verdict == SOLVABLE:
        replays = run_world(family_world(heroes, spells, kind, rooms), verdict.casts, strict=True).outcome.value == "win"
    return {"verdict": verdict.verdict, "states": verdict.states, "generated": verdict.generated,
            "pruned": verdict.pruned, "seconds": round(seconds, 3), "cpu_seconds": round(cpu, 3),
            "peak_mb": _peak_mb(),
            "witness_states": search.witness_states,
            "witness": " ".join(verdict.cast_texts()), "replays": replays, "reason": verdict.reason}


def _peak_mb() -> int:
    """This process's peak resident memory (VmHWM: unlike ru_maxrss, not inherited from the parent)."""
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return round(int(line.split()[1]) / 1024)
    import resource
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)


def _isolated(function: Any, *args: Any) -> dict[str, Any]:
    """``function(*args)`` in a fresh process, so that its peak memory is the cell's own."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn")) as pool:
        return pool.submit(function, *args).result()


def scaling_rows(max_heroes: int = 6, max_spells: int = 6, *, max_states: int = 2_000_000,
                 max_seconds: float = 10.0, stage_states: int = 200_000, stage_seconds: float = 5.0,
                 isolate: bool = True, stages: bool = True, reference: Callable[..., dict[str, Any]] | None = None,
                 reference_seconds: float = 60.0, min_heroes: int = 1, min_spells: int = 1, kind: str = "we",
                 rooms: int = 8, cells: list[tuple[int, int]] | None = None) -> list[dict[str, Any]]:
    """One row per (heroes, spells): the final search's verdict, states expanded and generated,
    seconds, CPU seconds (the budgets are CPU seconds) and peak memory (each cell in a fresh process
    when ``isolate``), its
    witness, and the states each earlier stage of the reductions expanded (within
    ``stage_states`` / ``stage_seconds``; its verdict says whether it decided) when ``stages``.
    ``reference(heroes, spells, seconds)`` (the plain depth-first search of the bench) adds its
    verdict and CPU seconds, in a fresh process too, and the ratio of the search's CPU to it.
    ``kind`` and ``rooms``: which family (:func:`family_level`); ``cells``: these (heroes, spells)
    cells only, in this order, rather than the whole rectangle."""
    rows = []
    if cells is None:
        cells = [(h, s) for h in range(min_heroes, max_heroes + 1) for s in range(min_spells, max_spells + 1)]
    for heroes, spells in cells:
        args = (heroes, spells, max_states, max_seconds, FINAL, kind, rooms)
        final = _isolated(decide_cell, *args) if isolate else decide_cell(*args)
        row: dict[str, Any] = {"kind": kind, "rooms": rooms, "heroes": heroes, "spells": spells,
                               "verdict": final["verdict"], "states": final["states"],
                               "generated": final["generated"], "pruned": final["pruned"],
                               "seconds": final["seconds"], "cpu_seconds": final["cpu_seconds"],
                               "peak_mb": final["peak_mb"], "witness_states": final["witness_states"],
                               "states_per_second": round(final["states"] / final["cpu_seconds"])
                               if final["cpu_seconds"] else None}
        if reference is not None:
            plain = _isolated(reference, heroes, spells, reference_seconds, kind, rooms) if isolate \
                else reference(heroes, spells, reference_seconds, kind, rooms)
            row["dfs_verdict"] = plain["verdict"]
            row["dfs_states"] = plain["states"]
            row["dfs_cpu_seconds"] = plain["cpu_seconds"]
            row["ratio_to_dfs"] = round(final["cpu_seconds"] / max(plain["cpu_seconds"], 0.001), 2)
        if stages:
            for name, options in STAGES:
                stage = decide_cell(heroes, spells, stage_states, stage_seconds, options, kind, rooms)
                row[f"{name}_verdict"] = stage["verdict"]
                row[f"{name}_states"] = stage["states"]
        row["witness"] = final["witness"]
        row["replays"] = final["replays"]
        rows.append(row)
    return rows

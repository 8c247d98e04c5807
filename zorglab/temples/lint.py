"""The lint: R1..R12 of the Temple Generation Contract as separate named checks.

Each check returns every violation it finds, each with its rule, a reason code
(``R4.before-mini-boss``), the cell it concerns ``(floor, row, col)`` and a sentence for
people. Temple-wide faults are located at the entrance. ``lint_temple`` runs them all.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from zorglab.temples.grants import mentions_master_key
from zorglab.temples.graph import FLAG_BITS, TempleGraph
from zorglab.temples.lint_context import Context, Violation
from zorglab.temples.model import (
    BOSS,
    FIGHT_TYPES,
    HEAL_TYPES,
    MINIBOSS,
    PIT,
    SAVE_TYPES,
    SHOP,
    STAIRS_DOWN,
    STAIRS_UP,
    TELEPORT,
    Place,
    Temple,
)
from zorglab.temples.solver import Solution
from zorglab.temples.topology import STAIRS_LOCKS, named_place, names_target, pit_drop_of, stairs_partner

SIZE_RANGE = range(4, 10)
FLOOR_RANGE = range(1, 4)
MIN_ROOMS_PER_FLOOR = 6
MAX_COMBAT_PERCENT = 40


def check_r1(ctx: Context) -> list[Violation]:
    """R1 Connected: every room is reachable from the entrance when all doors are open."""
    return [
        Violation("R1", ctx.place(u), "R1.unreachable",
                  f"room {ctx.token(u)!r} ({ctx.types[u]}) cannot be reached from the entrance even with every door open")
        for u in range(ctx.graph.size)
        if u not in ctx.all_open
    ]


def check_r2(ctx: Context) -> list[Violation]:
    """R2 Keys before locks: the solver finds a way to the gate."""
    sol = ctx.solution
    if sol.solvable:
        return []
    g = ctx.graph
    gate = g.places[g.gate]
    reasons = []
    if gate not in sol.reached:
        reasons.append(f"the gate {gate} is never reached")
    for u in ctx.bosses:
        if g.places[u] not in sol.reached:
            reasons.append(f"the boss room {g.places[u]} is never entered")
    shut = [f"{a}->{b} needs {what}" for a, b, what in sol.blocked]
    if shut:
        reasons.append("shut: " + "; ".join(shut[:4]) + (" ..." if len(shut) > 4 else ""))
    why = "no way from the entrance to the gate: " + ("; ".join(reasons) or "the goal is never met")
    return [Violation("R2", gate, "R2.unsolvable", why)]


def _locks_on_open_path(ctx: Context) -> int:
    """Small-key doors on the shortest ways, every door open, from the entrance to the master
    key, the boss, the Pegasus chest and the gate in turn (each door counted once); the
    breadth-first paths networkx finds, first move first, as the solver lists them."""
    import networkx as nx

    g = ctx.graph
    stops = [u for mask in (g.master_mask, g.boss_mask, g.pegasus_mask) for u in g.event_cells if g.event_of[u] & mask][:3]
    doors = 0
    at = g.entrance
    for goal in [*stops, g.gate]:
        walk = nx.single_source_shortest_path(ctx.ways, at).get(goal)
        if walk is None:
            continue
        for u, v in zip(walk, walk[1:]):
            doors |= ctx.ways.edges[u, v]["need"] >> FLAG_BITS
        at = goal
    return doors.bit_count()


def check_r3(ctx: Context) -> list[Violation]:
    """R3 Key count: keys placed cover the critical locks, and no key order soft-locks."""
    g = ctx.graph
    out = []
    placed = sum(grants.small_keys for grants in ctx.grants)
    sol = ctx.solution
    critical = sol.locks_opened if sol.solvable else _locks_on_open_path(ctx)
    if placed < critical:
        out.append(Violation("R3", g.places[g.entrance], "R3.key-count",
                             f"{placed} small key(s) placed for {critical} locked door(s) on the critical path"))
    if sol.soft_lock is not None:
        out.append(Violation("R3", sol.soft_lock.at, "R3.soft-lock", f"worst key order: {sol.soft_lock}"))
    return out


def check_r4(ctx: Context) -> list[Violation]:
    """R4 Boss key placement: handed out by play, past the mini-boss, never behind the boss door."""
    g, temple = ctx.graph, ctx.temple
    entrance = g.places[g.entrance]
    out = []
    masters = ctx.cells_of(lambda u: ctx.grants[u].master_key)
    minis = ctx.cells_of(lambda u: ctx.types[u] == MINIBOSS)
    for u in range(g.size):
        room = temple.room_at(g.places[u])
        if room.content and not ctx.grants[u].master_key and mentions_master_key(room):
            out.append(Violation("R4", g.places[u], "R4.not-granted",
                                 f"room {ctx.token(u)!r} ({room.type}) names the master key but play never hands it out"))
    if not masters:
        out.append(Violation("R4", entrance, "R4.no-master-key", "no room hands out the master key"))
    if not minis:
        out.append(Violation("R4", entrance, "R4.no-mini-boss", "no mini-boss room, so no master key can lie past one"))
    before_mini = ctx.reach(minis) if minis else set()
    for u in masters:
        if u not in ctx.before_boss:
            out.append(Violation("R4", g.places[u], "R4.behind-boss-door", "the master key lies behind the boss door"))
        if minis and u in before_mini:
            out.append(Violation("R4", g.places[u], "R4.before-mini-boss",
                                 "the master key can be reached without passing the mini-boss room"))
    return out


def check_r5(ctx: Context) -> list[Violation]:
    """R5 Auto-fights: mini-boss and boss rooms start their fight on entry."""
    out = []
    for u in ctx.cells_of(lambda u: ctx.types[u] in (MINIBOSS, BOSS)):
        room = ctx.temple.room_at(ctx.place(u))
        if room.get("lockOnEnter") is not True:
            out.append(Violation("R5", ctx.place(u), "R5.no-lock-on-enter",
                                 f"{room.type} room {ctx.token(u)!r} does not seal and fight on entry (content.lockOnEnter is not true)"))
    return out


def check_r6(ctx: Context) -> list[Violation]:
    """R6 Boss door: one boss room, one door into it from the rest, the gate beyond it."""
    g = ctx.graph
    entrance = g.places[g.entrance]
    bosses = ctx.bosses
    if len(bosses) != 1:
        at = g.places[bosses[1]] if len(bosses) > 1 else entrance
        return [Violation("R6", at, "R6.boss-count", f"{len(bosses)} boss rooms; a temple has exactly one")]
    boss = bosses[0]
    rest = ctx.before_boss
    ways = sorted({(link.source, link.via) for link in g.links if link.target == boss and link.source in rest})
    out = []
    if len(ways) != 1:
        listed = ", ".join(f"{link_via} from {g.places[u]}" for u, link_via in ways) or "none"
        out.append(Violation("R6", g.places[boss], "R6.boss-doors",
                             f"{len(ways)} ways into the boss room from the rest of the temple ({listed}); exactly one is allowed"))
    if g.has_gate_room and g.gate in rest:
        out.append(Violation("R6", g.places[g.gate], "R6.gate-before-boss",
                             "the gate can be reached without passing the boss room"))
    return out


def check_r7(ctx: Context) -> list[Violation]:
    """R7 Pegasus: exactly one Pegasus chest, after the boss."""
    g = ctx.graph
    cells = ctx.cells_of(lambda u: ctx.grants[u].pegasus)
    out = []
    if len(cells) != 1:
        at = g.places[cells[1]] if len(cells) > 1 else g.places[g.entrance]
        out.append(Violation("R7", at, "R7.pegasus-count", f"{len(cells)} Pegasus chests; a temple has exactly one"))
    for u in cells:
        if u in ctx.before_boss:
            out.append(Violation("R7", g.places[u], "R7.before-boss",
                                 "the Pegasus chest can be reached without passing the boss room"))
    return out


def check_r8(ctx: Context) -> list[Violation]:
    """R8 Floors: stairs in pairs, every circle leads somewhere, every pit lands on a room."""
    g, temple = ctx.graph, ctx.temple
    out = []
    for u in range(g.size):
        place, kind = g.places[u], ctx.types[u]
        room = temple.room_at(place)
        if kind in (STAIRS_UP, STAIRS_DOWN):
            if stairs_partner(temple, place) is None:
                want = "stairs down on the floor above" if kind == STAIRS_UP else "stairs up on the floor below"
                out.append(Violation("R8", place, "R8.stairs-unpaired", f"{kind} without {want} at the same row/col"))
            lock = room.get("locked")
            if lock is not None and lock not in STAIRS_LOCKS:
                out.append(Violation("R8", place, "R8.stairs-lock", f"stairs lock {lock!r} is neither 'small' nor 'master'"))
        elif kind == TELEPORT:
            if names_target(room):
                named = named_place(temple, room, place.floor)
                if named is None or not temple.room_at(named).passable:
                    out.append(Violation("R8", place, "R8.teleport-target", "the circle's target names no room"))
            if u in g.lone_circles:
                out.append(Violation("R8", place, "R8.teleport-nowhere",
                                     "the only teleport circle in the temple leads nowhere"))
        elif kind == PIT:
            landing = pit_drop_of(temple, place)
            if landing is None:
                out.append(Violation("R8", place, "R8.pit-nowhere", "the pit has no floor below to drop to"))
            elif not temple.room_at(landing).passable:
                out.append(Violation("R8", place, "R8.pit-landing", f"the pit drops onto a wall at {landing}"))
    return out


def check_r9(ctx: Context) -> list[Violation]:
    """R9 No dead keys: every small key is reachable before the boss door."""
    g = ctx.graph
    return [
        Violation("R9", g.places[u], "R9.key-behind-boss", "a small key lies behind the boss door")
        for u in range(g.size)
        if ctx.grants[u].small_keys and u in ctx.all_open and u not in ctx.before_boss
    ]


def check_r10(ctx: Context) -> list[Violation]:
    """R10 Size: floors, floor sizes, rooms per floor, combat share, shops, saves, heal."""
    g, temple = ctx.graph, ctx.temple
    entrance = g.places[g.entrance]
    out = []
    if len(temple.floors) not in FLOOR_RANGE:
        out.append(Violation("R10", entrance, "R10.floors", f"{len(temple.floors)} floors; a temple has 1 to 3"))
    per_floor = [0] * len(temple.floors)
    saves: dict[int, list[int]] = {}
    for u in range(g.size):
        per_floor[g.places[u].floor] += 1
        if ctx.types[u] in SAVE_TYPES:
            saves.setdefault(g.places[u].floor, []).append(u)
    for f, floor in enumerate(temple.floors):
        if floor.rows not in SIZE_RANGE or floor.cols not in SIZE_RANGE:
            out.append(Violation("R10", Place(f, 0, 0), "R10.floor-size",
                                 f"floor {floor.label} is {floor.rows}x{floor.cols}; rows and cols must lie in 4..9"))
        if per_floor[f] < MIN_ROOMS_PER_FLOOR:
            out.append(Violation("R10", Place(f, 0, 0), "R10.room-count",
                                 f"floor {floor.label} has {per_floor[f]} rooms; at least {MIN_ROOMS_PER_FLOOR}"))
        if len(saves.get(f, ())) > 1:
            out.append(Violation("R10", g.places[saves[f][1]], "R10.saves",
                                 f"floor {floor.label} has {len(saves[f])} save rooms; at most one"))
    fights = sum(1 for t in ctx.types if t in FIGHT_TYPES)
    if fights * 100 > MAX_COMBAT_PERCENT * g.size:
        out.append(Violation("R10", entrance, "R10.combat-share",
                             f"{fights} of {g.size} rooms are fights; at most {MAX_COMBAT_PERCENT}%"))
    shops = ctx.cells_of(lambda u: ctx.types[u] == SHOP)
    if len(shops) > 1:
        out.append(Violation("R10", g.places[shops[1]], "R10.shops", f"{len(shops)} shops; at most one"))
    if not any(t in HEAL_TYPES for t in ctx.types):
        out.append(Violation("R10", entrance, "R10.no-heal", "no heal or camp room"))
    return out


def check_r11(ctx: Context) -> list[Violation]:
    """R11 Determinism: a generated temple is what its seed and options make again."""
    temple = ctx.temple
    if temple.seed is None:
        return []
    entrance = temple.entrance
    if temple.options is None:
        return [Violation("R11", entrance, "R11.no-options", "a seed without the options it was generated with")]
    from zorglab.errors import OptionError
    from zorglab.temples.generator import generate_temple
    from zorglab.temples.frozen import thaw

    try:
        again = generate_temple(temple.seed, thaw(temple.options))
    except OptionError as error:
        return [Violation("R11", entrance, "R11.bad-options", f"the stored options are refused: {error}")]
    if again != temple or tuple(again.rooms) != tuple(temple.rooms):
        return [Violation("R11", entrance, "R11.not-reproducible",
                          "generating again from the stored seed and options gives a different temple")]
    return []


RULES: dict[str, Callable[[Context], list[Violation]]] = {
    "R1": check_r1,
    "R2": check_r2,
    "R3": check_r3,
    "R4": check_r4,
    "R5": check_r5,
    "R6": check_r6,
    "R7": check_r7,
    "R8": check_r8,
    "R9": check_r9,
    "R10": check_r10,
    "R11": check_r11,
}


def check_r12(ctx: Context, found: list[Violation]) -> list[Violation]:
    """R12 Hand-authored temples pass: an authored temple failing any rule is a layout bug."""
    if ctx.temple.generated or not found:
        return []
    rules = sorted({v.rule for v in found}, key=lambda r: int(r[1:]))
    return [Violation("R12", ctx.temple.entrance, "R12.authored-fails",
                      f"hand-authored temple fails {', '.join(rules)}")]


@dataclass(frozen=True)
class LintReport:
    """Every violation of one temple, in rule order."""

    temple: Temple
    violations: tuple[Violation, ...]
    solution: Solution = field(repr=False, compare=False)

    def is_valid(self) -> bool:
        return not self.violations

    @property
    def rules_failed(self) -> tuple[str, ...]:
        seen: list[str] = []
        for v in self.violations:
            if v.rule not in seen:
                seen.append(v.rule)
        return tuple(seen)


def lint_temple(temple: Temple, *, graph: TempleGraph | None = None, solution: Solution | None = None) -> LintReport:
    """Run R1..R12 over ``temple``."""
    ctx = Context(temple, graph, solution)
    found: list[Violation] = []
    for check in RULES.values():
        found.extend(check(ctx))
    found.extend(check_r12(ctx, found))
    return LintReport(temple, tuple(found), ctx.solution)

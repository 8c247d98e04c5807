"""Layout search (issue 5): every valid construction up to translation, every finite choice.

Constructions are grown from the first room at slot (0, 0) by adding a room on an empty slot
that one of the placed rooms opens onto, with every border matching (ZR-4). Each partial
construction is expanded once, so every connected layout is found exactly once. All rooms
stand upright: a layout turned by a common rotation normalises to one of these (ZR-3).
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field
from typing import Any, Iterator

from zorglab.core.budget import CHECK_EVERY, WORK, Budget, BudgetSpent, budget_of
from zorglab.engine.game import setup
from zorglab.core.geometry import Direction, Slot, neighbour_slot
from zorglab.engine.layout import Layout
from zorglab.engine.layout_rules import is_valid
from zorglab.core.registry import is_spawn_room
from zorglab.core.tiles import Tile
from zorglab.core.model import DomainKind, Level
from zorglab.core.tiles import Tile
from zorglab.search.level import LevelVerdict, solve_setup
from zorglab.search.solver import SOLVABLE, UNKNOWN

MAX_LAYOUTS = 5_000


def constructions(level: Level, limit: int = MAX_LAYOUTS, budget: Budget | None = None) -> Iterator[Layout]:
    """Every valid upright layout with the first room at (0, 0), each once (up to ``limit``).

    Each partial construction grown is one unit of ``budget``'s work, looked at every
    :data:`~zorglab.core.budget.CHECK_EVERY`, since a level with few or no valid layouts can grow
    partial ones for a long time before yielding any: a spent budget raises
    :class:`~zorglab.core.budget.BudgetSpent` (with the budget's reason). A partial layout's
    extensions are made one at a time (a 256-room level has tens of thousands of them, each a
    copy of the layout: listed at once they took gigabytes before the first budget look), and
    the safety stop and cancel event are also looked at every :data:`TRIES_PER_LOOK` rooms tried
    on a slot, so that no expansion runs past them (issue 30).
    """
    labels = [room.label for room in level.rooms]
    tiles = {label: level.room_tile(label) for label in labels}
    first = labels[0]
    seen: set[frozenset[tuple[str, tuple[int, int]]]] = set()
    # depth first, last extension first (the order the figures were counted in when the stack held lists)
    stack: list[Iterator[dict[str, tuple[int, int]]]] = [iter([{first: (0, 0)}])]
    found = popped = 0
    tried = [0]
    while stack:
        placed = next(stack[-1], None)
        if placed is None:
            stack.pop()
            continue
        popped += 1
        if budget is not None and popped % CHECK_EVERY == 0:
            budget.charge(CHECK_EVERY)
            budget.stop_if_spent()
        key = frozenset(placed.items())
        if key in seen:
            continue
        seen.add(key)
        if len(placed) == len(labels):
            layout = Layout.from_slots(placed)
            if is_valid(level, layout):
                yield layout
                found += 1
                if found >= limit:
                    return
            continue
        stack.append(_extensions(placed, labels, tiles, budget, tried))


TRIES_PER_LOOK = 4_096      # rooms tried on a slot between two looks at the safety stop and cancel event


def _extensions(placed: dict[str, tuple[int, int]], labels: list[str], tiles: dict[str, Tile], budget: Budget | None,
                tried: list[int]) -> Iterator[dict[str, tuple[int, int]]]:
    """``placed`` with one more room on a slot a placed room opens onto, every border matching,
    lazily and last first. Trying rooms on slots is no work of the figures (a partial layout is),
    so only the budget's seconds and cancel event are looked at here: they decide no figure."""
    by_slot = {slot: label for label, slot in placed.items()}
    for label, slot in reversed(list(placed.items())):
        for direction in reversed(list(Direction)):
            target = neighbour_slot(slot, direction)
            if target in by_slot or not tiles[label].openings(direction):
                continue
            for room in reversed(labels):
                tried[0] += 1
                if budget is not None and tried[0] % TRIES_PER_LOOK == 0 and budget.check() not in ("", WORK):
                    raise BudgetSpent(budget)
                if room in placed or not _fits(room, target, by_slot, tiles):
                    continue
                yield {**placed, room: target}


def _fits(room: str, slot: tuple[int, int], by_slot: dict[tuple[int, int], str], tiles: dict[str, Tile]) -> bool:
    for direction in Direction:
        other = by_slot.get(neighbour_slot(slot, direction))
        if other is not None and tiles[room].signature(direction) != tiles[other].signature(direction.opposite):
            return False
    return True


def _values(variable: Any) -> Iterator[Any]:
    """A finite variable's values, lazily: ordered picks of distinct positions (a set gives
    distinct values, a list as many repeats as it holds: docs/rules.md, FR-2), equal picks once."""
    seen: set[Any] = set()
    for pick in itertools.permutations(variable.items, variable.count):
        value = pick[0] if variable.count == 1 else tuple(pick)
        if value not in seen:
            seen.add(value)
            yield value


def choice_combos(level: Level) -> tuple[Iterator[dict[str, Any]], list[str]]:
    """Every combination of finite choices (FR-2, FR-3), lazily (a level may hold absurdly many:
    the search's budget bounds how many are tried), and the variables left open (N, R)."""
    finite = [v for v in level.variables if v.domain not in (DomainKind.NATURALS, DomainKind.REALS)]
    open_ = [v.name for v in level.variables if v.domain in (DomainKind.NATURALS, DomainKind.REALS)]

    def combos(at: int) -> Iterator[dict[str, Any]]:
        if at == len(finite):
            yield {}
            return
        for value in _values(finite[at]):
            for rest in combos(at + 1):
                yield {finite[at].name: value, **rest}
    return combos(0), open_


def choice_sets(level: Level) -> tuple[list[dict[str, Any]], list[str]]:
    """Every combination of finite choices (FR-2, FR-3) as a list, and the variables left open."""
    combos, open_ = choice_combos(level)
    return list(combos), open_


@dataclass
class LayoutSummary:
    level: Level
    tried: int = 0
    winning: list[tuple[Layout, dict[str, Any], LevelVerdict]] = field(default_factory=list)
    unknown: int = 0
    open_variables: list[str] = field(default_factory=list)
    truncated: bool = False
    seconds: float = 0.0
    stopped: str = ""           # why the search stopped before trying every setup, in words
    cut_short: bool = False     # stopped by the safety stop or a cancel (not by its work): not finished
    unknown_reason: str = ""    # why the first setup left unknown was (its world's reason), for the words

    def to_json(self) -> dict[str, Any]:
        return {
            "level": self.level.id, "verdict": SOLVABLE if self.winning else (UNKNOWN if self.unknown or self.truncated
                                                                              else "unsolvable"),
            "layouts_tried": self.tried, "winning_layouts": len(self.winning), "unknown": self.unknown,
            "open_variables": self.open_variables, "truncated": self.truncated, "stopped": self.stopped,
            "cut_short": self.cut_short, "seconds": round(self.seconds, 3),
            "winners": [{"map": [" ".join(label or "." for label in row) for row in layout.to_map()[0]],
                         "main": layout.main, "choices": {k: str(v) for k, v in choices.items()},
                         "casts": verdict.to_json()["casts"]} for layout, choices, verdict in self.winning[:20]],
        }

    def describe(self) -> str:
        data = self.to_json()
        verdict = data["verdict"] + (": budget spent" if data["verdict"] == UNKNOWN and self.truncated else "")
        lines = [f"{self.level.id}: {verdict} — {len(self.winning)} winning of {self.tried} setups "
                 f"({self.seconds:.2f} s)"]
        if self.open_variables:
            lines.append(f"  variables over N or R were not enumerated: {', '.join(self.open_variables)}")
        if self.unknown and self.unknown_reason:
            lines.append(f"  ({self.unknown} setup{'s' * (self.unknown != 1)} unknown; the first: {self.unknown_reason})")
        if self.truncated:
            lines.append(f"  (stopped early: {self.stopped or 'budget spent'})")
        for winner in data["winners"][:5]:
            lines.append("  " + " / ".join(winner["map"]) + f"  casts: {' '.join(winner['casts']) or 'none'}")
        return "\n".join(lines)


def solve_layouts(level: Level, *, max_states: int = 200_000, max_seconds: float | None = None,
                  limit: int = MAX_LAYOUTS, budget: Budget | None = None,
                  max_work: int | None = None) -> LayoutSummary:
    """Solve every construction × finite choice × main A; report which win and how many.

    ``max_states`` bounds each setup's search; ``max_work`` both the states searched over all
    setups and the partial layouts grown (each on its own, so the Studio's resumable survey counts
    alike); ``budget`` (and ``max_seconds``, a CPU safety stop) adds its stops and cancel event.
    Stops when a budget is spent (``truncated``, ``stopped`` names it; ``cut_short`` when it was
    the safety stop or a cancel), also while constructions are grown, and when a choice
    combination yields ``limit`` layouts (``truncated`` too): never a silent cut. A setup whose
    search the whole's budget cut is not counted.
    """
    t0 = time.perf_counter()
    whole = budget_of(None, max_seconds, budget)
    grow = whole.child(max_work, unit="partial layouts", counts=False)
    searched = whole.child(max_work, counts=False)
    combos, open_ = choice_combos(level)
    summary = LayoutSummary(level, open_variables=open_)
    fixed = dict(level.solutions[0].choices) if open_ and level.solutions else {}
    spawns = [room.label for room in level.rooms if is_spawn_room(room.type)]
    try:
        for choices in combos:
            chosen = {**{k: v for k, v in fixed.items() if k in open_}, **choices}
            concrete = level.with_choices(chosen) if level.variables else level
            count = 0
            for layout in constructions(concrete, limit, grow):
                count += 1
                for main in (spawns if len(spawns) > 1 else [None]):
                    searched.stop_if_spent()
                    game = setup(level, layout.with_main(main), chosen)
                    verdict = solve_setup(game, max_states=max_states, budget=searched)
                    searched.stop_if_spent()
                    summary.tried += 1
                    if verdict.verdict == SOLVABLE:
                        summary.winning.append((layout.with_main(main), chosen, verdict))
                    elif verdict.verdict == UNKNOWN:
                        summary.unknown += 1
                        summary.unknown_reason = summary.unknown_reason or "; ".join(
                            f"{name}: {world.reason}" for name, world in verdict.worlds if world.verdict == UNKNOWN)
            if count >= limit:
                summary.truncated = True
                summary.stopped = summary.stopped or f"limit of {limit} layouts per choice set reached"
    except BudgetSpent as spent:
        summary.truncated = True
        summary.stopped = spent.budget.describe()
        summary.cut_short = spent.budget.cut_short
    summary.seconds = time.perf_counter() - t0
    return summary

"""A plan state's steps shared by every map that agrees on the sides they cross (ZR-13).

A hero's plan step reads the map in one place only: where it crosses a room's side, which room
lies beyond it (:meth:`Resolution.neighbour <zorglab.engine.resolve.Resolution.neighbour>`; a
room's entry effect, a cell's, a portal's teleport read the room, the hero and the plan state,
never a slot). So the steps out of one plan state, worked out on one map, are the steps out of it
on any map (with the same cleared cells) where each side they crossed, or found closed, has the
same room beyond it. Boards a Swap or a Move makes differ in a few sides; every plan state whose
steps cross none of those is worked out once for all of them. The steps are the engine's own,
replayed from where they were first worked out, with the same order (the type's direction
order): the graph built from them is the graph built afresh, state for state.

Room gold likewise (issue 41): a step reads a room's gold only where it enters the room (ZR-8's
pickup) and changes it only there or where a toll refunds it (ZR-9), so plan states that differ
only in the gold of rooms their steps neither entered nor refunded to share those steps, each next
plan state's gold laid as it lies in the state asked about. A lone walk lays every way gold could
lie over the damage rooms (``zorglab.search.lonewalk``): an Elf's steps are worked out once for
the four layouts of the family but where they enter the room holding the lump.

Only a type whose plan steps are the plain ones qualifies (:func:`shares_steps`): its own actions,
plan map, plan key, plan extra or plan end might read more of the map.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from zorglab.core.geometry import Direction, Slot
from zorglab.engine.resolve import Resolution
from zorglab.engine.state import Local, Position

if TYPE_CHECKING:
    from zorglab.engine.hero_scratch import HeroScratch
    from zorglab.engine.plangraph import Behaviour, PlanGraph, PlanState

STEPS_BOUND = 200_000       # plan states whose steps the world keeps before it drops them all
Side = tuple[int, "Direction | None", "int | None"]    # (room, the side's direction, the room beyond it or None);
                                                        # (room, None, None): the step read or changed that room's gold
Edges = list[tuple[Any, tuple[int, ...], Any]]  # (action, cost, next plan state or GOAL), in action order

# The hooks through which a type could read more of the map than the sides its steps cross.
_HOOKS = ("perform", "plan_actions", "plan_map", "plan_key", "plan_extra")


def shares_steps(behaviour: Behaviour) -> bool:
    """Does this type plan by the plain steps, which read the map only at the sides they cross?"""
    from zorglab.engine.heroes.base import HeroBehaviour     # here: the hero types import the planner

    if behaviour.plan_goal is not None:
        return False
    for cls in behaviour.__mro__:
        if cls is HeroBehaviour:
            return True
        if any(hook in vars(cls) for hook in _HOOKS):
            return False
    return False


class SideReads(Resolution):
    """A planning resolution that notes every side a step crosses or finds closed, and every room
    whose gold it reads (a room entered: ZR-8's pickup) or changes (a toll's refund)."""

    __slots__ = ("sides",)
    sides: list[Side]

    def neighbour(self, pos: Position, direction: Direction) -> Position | None:
        target = Resolution.neighbour(self, pos, direction)
        if target is None or target[0] != pos[0]:
            self.sides.append((pos[0], direction, None if target is None else target[0]))
        return target

    def enter_room(self, hero: HeroScratch, room: int, local: Local) -> None:
        self.sides.append((room, None, None))
        Resolution.enter_room(self, hero, room, local)

    def add_gold(self, room: int, amount: int) -> None:
        self.sides.append((room, None, None))
        Resolution.add_gold(self, room, amount)


def _agrees(sides: tuple[tuple[int, Direction, int | None], ...], slots: tuple[Slot, ...],
            slot_room: dict[Slot, int]) -> bool:
    """Does this map have the same room (or none) beyond each of these sides?"""
    for room, direction, beyond in sides:
        col, row = slots[room]
        if slot_room.get((col + direction.dx, row + direction.dy)) != beyond:
            return False
    return True


def _regilded(steps: Edges, gold: tuple[int, ...], read: tuple[int, ...]) -> Edges:
    """Steps worked out with other gold in rooms they never read or changed, given this ``gold``:
    each next plan state as it was but for those rooms, which hold what they hold here."""
    out: Edges = []
    for action, cost, nxt in steps:
        if not isinstance(nxt, tuple):      # GOAL: it carries no gold
            out.append((action, cost, nxt))
            continue
        laid = list(gold)
        after = nxt[2]
        for room in read:
            laid[room] = after[room]
        out.append((action, cost, nxt[:2] + (tuple(laid),) + nxt[3:]))
    return out


def plan_steps(graph: PlanGraph, s: PlanState) -> Edges:
    """The steps out of plan state ``s`` on ``graph``'s map: a map agreeing on the sides they read,
    with the same gold in the rooms they read, gave them before (the gold elsewhere laid as it lies
    here), or they are worked out here and kept for the next such map."""
    memo = graph.world.memo("plansteps")
    gold = s[2]
    key = (graph.profile, graph.targets, graph.cleared, s[:2] + s[3:])     # the room gold compared below
    known: list[tuple[tuple[tuple[int, Direction, int | None], ...], tuple[int, ...], tuple[int, ...], Edges]] \
        | None = memo.get(key)
    if known is not None:
        for sides, read, was, steps in known:
            if _agrees(sides, graph.slots, graph.slot_room):
                if was == gold:
                    return steps
                if all(was[room] == gold[room] for room in read):
                    return _regilded(steps, gold, read)
    reads: list[Side] = []
    out: Edges = []
    for action in graph.actions(s):
        result = graph.transition(s, action, reads)
        if result is not None:
            out.append((action, result[0], result[1]))
    if known is None:
        if len(memo) >= STEPS_BOUND:
            memo.clear()
        known = memo[key] = []
    noted = set(reads)
    crossed = tuple((room, direction, beyond) for room, direction, beyond in noted if direction is not None)
    golds = tuple(sorted({room for room, direction, _ in noted if direction is None}))
    known.append((crossed, golds, gold, out))
    return out

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

Only a type whose plan steps are the plain ones qualifies (:func:`shares_steps`): its own actions,
plan map, plan key, plan extra or plan end might read more of the map.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from zorglab.core.geometry import Direction, Slot
from zorglab.engine.resolve import Resolution
from zorglab.engine.state import Position

if TYPE_CHECKING:
    from zorglab.engine.plangraph import Behaviour, PlanGraph, PlanState

STEPS_BOUND = 200_000       # plan states whose steps the world keeps before it drops them all
Side = tuple[int, Direction, "int | None"]     # (room, the side's direction, the room beyond it or None)
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
    """A planning resolution that notes every side a step crosses or finds closed."""

    __slots__ = ("sides",)
    sides: list[Side]

    def neighbour(self, pos: Position, direction: Direction) -> Position | None:
        target = Resolution.neighbour(self, pos, direction)
        if target is None or target[0] != pos[0]:
            self.sides.append((pos[0], direction, None if target is None else target[0]))
        return target


def _agrees(sides: tuple[Side, ...], slots: tuple[Slot, ...], slot_room: dict[Slot, int]) -> bool:
    """Does this map have the same room (or none) beyond each of these sides?"""
    for room, direction, beyond in sides:
        col, row = slots[room]
        if slot_room.get((col + direction.dx, row + direction.dy)) != beyond:
            return False
    return True


def plan_steps(graph: PlanGraph, s: PlanState) -> Edges:
    """The steps out of plan state ``s`` on ``graph``'s map: a map agreeing on the sides they read
    gave them before, or they are worked out here and kept for the next such map."""
    memo = graph.world.memo("plansteps")
    key = (graph.profile, graph.targets, graph.cleared, s)
    known: list[tuple[tuple[Side, ...], Edges]] | None = memo.get(key)
    if known is not None:
        for sides, steps in known:
            if _agrees(sides, graph.slots, graph.slot_room):
                return steps
    read: list[Side] = []
    out: Edges = []
    for action in graph.actions(s):
        result = graph.transition(s, action, read)
        if result is not None:
            out.append((action, result[0], result[1]))
    if known is None:
        if len(memo) >= STEPS_BOUND:
            memo.clear()
        known = memo[key] = []
    known.append((tuple(set(read)), out))
    return out

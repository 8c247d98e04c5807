"""A hero's plan as a path (ZR-13, for *explain* and the board): the steps its policy takes from
a plan state to the goal, and each first step's own best plan (one that goes that way without a
U-turn). Read off a :class:`~zorglab.engine.plangraph.PlanGraph`'s policy and transitions.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from itertools import count
from typing import TYPE_CHECKING, Any

from zorglab.core.geometry import Direction

from zorglab.engine.plangraph import GOAL

if TYPE_CHECKING:
    from zorglab.engine.plangraph import Action, PlanGraph, PlanState


@dataclass(frozen=True)
class PlanStep:
    """One action of a plan and where it leaves the hero (``goal``: it reaches the plan's goal)."""

    action: Action
    cost: tuple[int, ...]
    pos: tuple[int, tuple[int, int]] | None
    goal: bool = False


def _direction(action: Action) -> Direction | None:
    """The step an action takes, if it is a step (a plan mode's wrapped step too, the Gunner's)."""
    inner = getattr(action, "action", action)
    return inner if isinstance(inner, Direction) else None


def _add(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b))


def plan_path(graph: PlanGraph, s: PlanState, limit: int = 400) -> list[PlanStep] | None:
    """The plan the policy follows from ``s`` to the goal, action by action; None: no plan."""
    steps: list[PlanStep] = []
    for _ in range(limit):
        action = graph.action(s)
        if action is None:
            return None
        step = graph.transition(s, action)
        if step is None:
            return None
        cost, nxt = step
        steps.append(PlanStep(action, cost, graph.landing(s, action) if nxt is GOAL else nxt[0], nxt is GOAL))
        if nxt is GOAL:
            return steps
        s = nxt
    return steps


def own_plan(graph: PlanGraph, s: PlanState, first: Action) -> tuple[tuple[int, ...], list[PlanStep]] | None:
    """The best plan that *goes* ``first``'s way: it starts with ``first`` and takes no step
    back the opposite way while still in the room it starts from (a U-turn would make it
    another way's plan); after leaving that room it follows the policy. (cost, its steps), or
    None when every plan starting so turns back."""
    start = graph.transition(s, first)
    if start is None:
        return None
    back = _direction(first)
    back = None if back is None else back.opposite
    room = s[0][0] if s[0] is not None else None
    tie = count()
    heap: list[tuple[tuple[int, ...], int, Any, list[PlanStep]]] = [(start[0], next(tie), start[1],
                   [PlanStep(first, start[0], graph.landing(s, first) if start[1] is GOAL else start[1][0], start[1] is GOAL)])]
    settled: set[PlanState] = set()
    best: tuple[tuple[int, ...], list[PlanStep]] | None = None
    while heap:
        cost, _, state, steps = heapq.heappop(heap)
        if best is not None and cost >= best[0]:
            break
        if state is GOAL or state[0] is None or state[0][0] != room:
            rest = [] if state is GOAL else plan_path(graph, state)
            if rest is not None:
                total = cost if state is GOAL else _add(cost, sum_costs(rest, len(cost)))
                if best is None or total < best[0]:
                    best = (total, steps + rest)
            continue
        if state in settled:
            continue
        settled.add(state)
        for action in graph.actions(state):
            if back is not None and _direction(action) == back:
                continue
            step = graph.transition(state, action)
            if step is None:
                continue
            nxt = step[1]
            land = graph.landing(state, action) if nxt is GOAL else nxt[0]
            heapq.heappush(heap, (_add(cost, step[0]), next(tie), nxt, steps + [PlanStep(action, step[0], land, nxt is GOAL)]))
    return best


def sum_costs(steps: list[PlanStep], width: int) -> tuple[int, ...]:
    """The cost vector of a plan: its steps' costs added up."""
    total = tuple(0 for _ in range(width))
    for step in steps:
        total = _add(total, step.cost)
    return total

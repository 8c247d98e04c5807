"""The critical path: the shortest walk, room by room, from the entrance to the gate.

This is the contract's search taken literally (one state per cell, keys and doors in the
state) and stopped at the first arrival; it names the rooms ``show`` marks and the order
of the critical rooms (keys, locks, mini-boss, master key, boss door, boss, Pegasus, gate).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING

from zorglab.temples.graph import TempleGraph
from zorglab.temples.model import BOSS, Place
from zorglab.temples.state import Rules, State

if TYPE_CHECKING:
    from zorglab.temples.progress import TempleProgress


@dataclass(frozen=True)
class Route:
    """A walk from the start to the gate and what happens on it, in order."""

    cells: tuple[Place, ...]
    milestones: tuple[tuple[Place, str], ...]

    def __len__(self) -> int:
        return len(self.cells)


def _what(g: TempleGraph, bit: int) -> str:
    parts = []
    if bit & g.key_mask:
        parts.append("small key")
    if bit & g.master_mask:
        parts.append("master key")
    if bit & g.mini_mask:
        parts.append("mini-boss")
    if bit & g.boss_mask:
        parts.append("boss")
    if bit & g.bomb_mask:
        parts.append("Bombs")
    if bit & g.pegasus_mask:
        parts.append("Pegasus")
    return ", ".join(parts)


def critical_route(g: TempleGraph, progress: "TempleProgress | None" = None, budget: int = 500_000) -> Route | None:
    """The shortest winning walk, or ``None`` when there is none within ``budget`` states."""
    rules = Rules.of(g, progress)
    is_goal, successors = rules.is_goal, rules.successors
    first = rules.first_state()
    parent: dict[State, State | None] = {first: None}
    queue = deque([first])
    end = first if is_goal(first[0], first[1]) else None
    while queue and end is None:
        state = queue.popleft()
        for _kind, _i, nxt in successors(*state):
            if nxt in parent:
                continue
            parent[nxt] = state
            if is_goal(nxt[0], nxt[1]):
                end = nxt
                break
            queue.append(nxt)
        if len(parent) > budget:
            return None
    if end is None:
        return None
    chain = []
    at: State | None = end
    while at is not None:
        chain.append(at)
        at = parent[at]
    chain.reverse()
    cells = tuple(g.places[c] for c, _, _ in chain)
    milestones: list[tuple[Place, str]] = [(cells[0], "start")]
    types = g.kinds
    for (c0, e0, o0), (c1, e1, o1) in zip(chain, chain[1:]):
        here = g.places[c1]
        if o1 != o0:
            milestones.append((here, f"open locked {'stairs' if g.doors[(o1 & ~o0).bit_length() - 1][2] == 'stairs' else 'door'} from {g.places[c0]}"))
        if types[c1] == BOSS and types[c0] != BOSS and not any(m[1] == "boss door" for m in milestones):
            milestones.append((here, "boss door"))
        new = e1 & ~e0
        if new:
            milestones.append((here, _what(g, new)))
    milestones.append((cells[-1], "gate"))
    return Route(cells, tuple(milestones))

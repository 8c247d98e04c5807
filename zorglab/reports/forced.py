"""Forced casting points: where waiting one more action would lose the last chance to win.

Read on a complete state graph (:func:`zorglab.search.analysis.explore`). A casting point is
*forced* when the world can still be won from it, but not from the state the next action leads
to (or no action is left and the heroes are not all dead): the player must cast now or never.

A count needs a play to count along, so we take the *lazy play*: from the start, let the
heroes act while the world stays winnable; at a forced point cast the first winning move in
the search's own cast order (:func:`zorglab.search.casts.legal_casts`), and go on. The forced
points of that play, by tick, say how many times the player must act at a precise moment. A
play that could wait for ever (the free actions loop while still winnable) casts at the point
where the loop closes, which is not counted as forced.
"""

from __future__ import annotations

from dataclasses import dataclass

from zorglab.search.analysis import StateGraph


@dataclass(frozen=True)
class ForcedPoints:
    """Ticks of the lazy play's forced casting points; ``winnable`` is False when none exists."""

    ticks: tuple[int, ...]
    winnable: bool = True

    @property
    def count(self) -> int:
        return len(self.ticks)

    @property
    def last_chance(self) -> int | None:
        """The tick of the first forced point: the latest tick at which the first cast can wait."""
        return self.ticks[0] if self.ticks else None


def forced_points(graph: StateGraph) -> ForcedPoints | None:
    """The lazy play's forced points, or None when the graph is incomplete (budget spent)."""
    if not graph.complete:
        return None
    winnable = graph.winnable()
    key = graph.start
    if key not in winnable:
        return ForcedPoints((), winnable=False)
    ticks: list[int] = []
    tick, seen = 0, {key}
    while key not in graph.wins:
        moves = graph.moves[key]
        free = next((nxt for cast, nxt in moves if cast is None), None)
        if free is not None and free in winnable and free not in seen:
            key, tick = free, tick + 1
            seen.add(key)
            continue
        saving = [nxt for cast, nxt in moves if cast is not None and nxt in winnable]
        if not saving:      # cannot happen on a winnable key; kept so a bad graph cannot loop
            break
        if (free is None or free not in winnable) and (not ticks or ticks[-1] != tick):
            ticks.append(tick)
        key = saving[0]
        seen.add(key)
    return ForcedPoints(tuple(ticks))

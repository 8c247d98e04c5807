"""The plain depth-first reference solver (issue 27): what the search must never be much slower than.

Engine transitions only (``next_action``/``act``, ``legal_casts`` with every no-op cast), no
reduction but a set of the exact states already expanded (``GameState.key``: everything a rule can
observe, spells left included), so it is exhaustive and exact: a win found is a witness, an
exhausted stack a proof. The active hero acts before any cast is tried (deep cast lists early).
"""

from __future__ import annotations

import time
from typing import Callable

from zorglab.engine.state import GameState
from zorglab.engine.turns import act, next_action
from zorglab.engine.world import World
from zorglab.search.casts import legal_casts


def plain_dfs(world: World, wins: Callable[[GameState], bool] | None = None, max_states: int = 2_000_000,
              max_seconds: float | None = None) -> dict:
    """``{"verdict", "states", "casts", "cpu_seconds"}``: solvable / unsolvable / unknown (a budget)."""
    wins = wins or (lambda s: all(not h.alive for h in s.heroes))
    reach = world.history_reach
    c0 = time.process_time()
    start = world.initial_state()
    stack: list[tuple[GameState, tuple]] = [(start, ())]
    seen: set = set()
    states = 0
    verdict, witness = "unsolvable", ()
    while stack:
        if states >= max_states or (max_seconds is not None and time.process_time() - c0 > max_seconds):
            verdict = "unknown"
            break
        state, casts = stack.pop()
        key = state.key(reach)
        if key in seen:
            continue
        seen.add(key)
        states += 1
        if state.lost:
            continue
        found = next_action(world, state)
        if found is None and wins(state):
            verdict, witness = "solvable", casts
            break
        children = [(nxt, casts + (cast,)) for cast, nxt, _ in legal_casts(world, state, noops=True)]
        children.reverse()
        if found is not None:
            children.append((act(world, state, found, record=False)[0], casts))     # popped first
        stack.extend(children)
    return {"verdict": verdict, "states": states, "casts": witness,
            "cpu_seconds": round(time.process_time() - c0, 3)}


def plain_cell(heroes: int, spells: int, max_seconds: float, kind: str = "we", rooms: int = 8) -> dict:
    """The reference on one family cell, its world built inside the CPU time as the search's is."""
    from zorglab.search.family import family_world

    c0 = time.process_time()
    found = plain_dfs(family_world(heroes, spells, kind, rooms), max_seconds=max_seconds)
    found["cpu_seconds"] = round(time.process_time() - c0, 3)
    return found

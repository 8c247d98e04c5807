"""What the whole state graph says of a level's winning runs (issue 26), for :mod:`zorglab.propose.interest`.

Read off :func:`zorglab.search.analysis.explore`'s graph (engine transitions only): the fewest spells
still to spend from each state, the first casting point of a fewest-spells win, whether some win is
a spawn kill (every cast made before any hero's first step), the winning cast lists up to commuting
casts, and whether a winning run enters a room.
"""

from __future__ import annotations

import heapq
from typing import Any

from zorglab.core.model import Cast
from zorglab.core.printer import format_cast
from zorglab.engine.game import Setup
from zorglab.engine.plangraph import SPAWN
from zorglab.engine.state import FIELDS as HERO_FIELDS
from zorglab.engine.state import GameState
from zorglab.engine.turns import act, next_action
from zorglab.search.analysis import StateGraph
from zorglab.search.casts import legal_casts

LIST_CAP = 50                   # distinct winning cast lists counted up to this
WALK_LIMIT = 200_000            # nodes the cast-list walk visits at most
_KEY_HEROES, _KEY_SPELLS = 3, 4          # positions in GameState.key()
_HERO_ENTRIES = HERO_FIELDS.index("entries")   # a hero's key starts with its fields in declared order
_HERO_POS, _HERO_ALIVE = HERO_FIELDS.index("pos"), HERO_FIELDS.index("alive")
Key = tuple[Any, ...]                    # a state's transposition key (GameState.key)


def _spell_count(key: Key) -> int:
    return sum(key[_KEY_SPELLS])


def cost_to_win(graph: StateGraph) -> dict[Key, int]:
    """Fewest spells still to spend from each state to a win (Dijkstra backwards over the graph;
    a move's cost is the spells it consumes, so a Selection and its spell count two)."""
    back: dict[Key, list[tuple[Key, int]]] = {}
    for key, out in graph.moves.items():
        for _, nxt in out:
            back.setdefault(nxt, []).append((key, _spell_count(key) - _spell_count(nxt)))
    cost = {key: 0 for key in graph.wins}
    heap = [(0, i, key) for i, key in enumerate(sorted(graph.wins, key=repr))]
    counter = len(heap)
    while heap:
        c, _, key = heapq.heappop(heap)
        if cost.get(key, c) < c:
            continue
        for prev, w in back.get(key, ()):
            if prev not in cost or c + w < cost[prev]:
                cost[prev] = c + w
                counter += 1
                heapq.heappush(heap, (c + w, counter, prev))
    return cost


def first_cast(graph: StateGraph, cost: dict[Key, int]) -> int | None:
    """The casting point at which a fewest-spells win casts first, at the earliest (None: no spell
    is needed or the level is not won). Walks the no-cast run; at casting point ``t`` a cast that
    keeps the fewest-spells total is a first cast after ``t`` actions."""
    best = cost.get(graph.start)
    if not best:
        return None
    key, tick, seen = graph.start, 0, set()
    while key not in seen:
        seen.add(key)
        action = None
        for cast, nxt in graph.moves.get(key, ()):
            if cast is None:
                action = nxt
            elif nxt in cost and _spell_count(key) - _spell_count(nxt) + cost[nxt] == best:
                return tick
        if action is None:
            return None
        key, tick = action, tick + 1
    return None


def _no_cast_wins(graph: StateGraph, key: Key) -> bool:
    seen = set()
    while key not in seen:
        seen.add(key)
        action = next((nxt for cast, nxt in graph.moves.get(key, ()) if cast is None), None)
        if action is None:
            return key in graph.wins
        key = action
    return False


def spawn_kill(game: Setup, graph: StateGraph) -> tuple[bool, tuple[str, ...]]:
    """Is some win made of casts (one or more) all cast before any hero's first step? Explores the states reached
    by spawns and casts only (a step ends the exploration); from each, the no-cast run is read off
    the state graph. Returns the answer and one such cast list."""
    world = game.world()
    reach = world.history_reach
    start = world.initial_state()
    if _no_cast_wins(graph, start.key(reach)):
        return False, ()            # the road wins on its own: no spell is needed, none kills at spawn
    queue: list[tuple[GameState, tuple[Cast, ...]]] = [(start, ())]
    seen = {start.key(reach)}
    while queue:
        state, casts = queue.pop(0)
        if casts and _no_cast_wins(graph, state.key(reach)):
            return True, tuple(format_cast(c) for c in casts)
        if state.lost:
            continue
        children: list[tuple[GameState, tuple[Cast, ...]]] = []
        found = next_action(world, state)
        if found is not None and found[1] == SPAWN:
            children.append((act(world, state, found, record=False)[0], casts))
        if any(state.spells_left):
            children += [(nxt, casts + (cast,)) for cast, nxt, _ in legal_casts(world, state, noops=True)]
        for nxt, made in children:
            nkey = nxt.key(reach)
            if nkey not in seen:
                seen.add(nkey)
                queue.append((nxt, made))
    return False, ()


def distinct_cast_lists(game: Setup, graph: StateGraph, cap: int = LIST_CAP,
                        limit: int = WALK_LIMIT) -> tuple[int | None, bool]:
    """Winning cast lists up to commuting casts (the same casts at the same casting points), counted
    up to ``cap``; ``None`` when the walk's node limit was reached first."""
    world = game.world()
    reach = world.history_reach
    winnable = graph.winnable()
    found: set[Key] = set()
    visited = 0

    def walk(state: GameState, made: tuple[tuple[int, str], ...]) -> bool:
        nonlocal visited
        visited += 1
        if visited > limit:
            raise _Overrun
        key = state.key(reach)
        if key not in winnable:
            return False
        action = next_action(world, state)
        if key in graph.wins and action is None:
            found.add(tuple(sorted(made)))
            if len(found) >= cap:
                return True
        for cast, nxt, _ in legal_casts(world, state, noops=True):
            if walk(nxt, made + ((state.tick, format_cast(cast)),)):
                return True
        if action is not None:
            return walk(act(world, state, action, record=False)[0], made)
        return False

    try:
        capped = walk(world.initial_state(), ())
    except _Overrun:
        return None, False
    return len(found), capped


class _Overrun(Exception):
    pass


def together(key: Key) -> bool:
    """Do two or more living heroes stand on the board at this casting point (neither dead nor in
    the waiting room)? Read off the state's key, as the engine left it."""
    on_board = 0
    for hero in key[_KEY_HEROES]:
        if hero[_HERO_ALIVE] and hero[_HERO_POS] is not None:
            on_board += 1
            if on_board > 1:
                return True
    return False


def won_apart(graph: StateGraph) -> bool:
    """Is some win reached through casting points where never two living heroes stand on the
    board together (the heroes taken one after the other)? Forward reachability over the graph's
    moves, casts and actions alike, through such casting points only."""
    if together(graph.start):
        return graph.start in graph.wins
    seen, frontier = {graph.start}, [graph.start]
    while frontier:
        key = frontier.pop()
        if key in graph.wins:
            return True
        for _, nxt in graph.moves.get(key, ()):
            if nxt not in seen and not together(nxt):
                seen.add(nxt)
                frontier.append(nxt)
    return False


def meet_without_casts(graph: StateGraph) -> bool:
    """Does the run without casts (ZR-7's order untouched) ever put two living heroes on the board
    together, say a first hero stuck while the next one spawns?"""
    key, seen = graph.start, set()
    while key not in seen:
        if together(key):
            return True
        seen.add(key)
        action = next((nxt for cast, nxt in graph.moves.get(key, ()) if cast is None), None)
        if action is None:
            return False
        key = action
    return False


def entered(graph: StateGraph, room: int) -> bool:
    """Does some winning run have a hero enter ``room`` (a winnable state with an entry there)?"""
    for key in graph.winnable():
        for hero in key[_KEY_HEROES]:
            if any(r == room and n > 0 for r, n in hero[_HERO_ENTRIES]):
                return True
    return False

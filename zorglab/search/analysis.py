"""What a designer asks of a level beyond yes/no (issue 5): how many spells, which ones, how
many ways, and until when a run can still be saved.

``explore`` walks every state reachable from the start (transposition table only, no
dominance, so each state's answer is its own) and keeps the graph; winnability is then read
backwards from the winning states. Every answer is exact within the budget, or says it is not.
"""

from __future__ import annotations

import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Iterable

from zorglab.core.budget import CHECK_EVERY, Budget, budget_of
from zorglab.engine.game import Setup
from zorglab.errors import PlanningLimitError
from zorglab.engine.run import run_world
from zorglab.engine.state import GameState
from zorglab.engine.turns import act, next_action
from zorglab.core.model import MAIN_WORLD
from zorglab.core.model import Cast
from zorglab.core.printer import format_cast
from zorglab.search.casts import legal_casts
from zorglab.search.level import cast_book, world_search
from zorglab.search.solver import SOLVABLE, UNKNOWN, UNSOLVABLE, Solvability, Verdict, gc_paused

EXPLORE_BUDGET = 300_000


@dataclass
class StateGraph:
    """Every reachable casting-point state of one world, by key, with its moves."""

    start: tuple[Any, ...]               # GameState.key()
    moves: dict[tuple[Any, ...], list[tuple[Cast | None, tuple[Any, ...]]]] = field(default_factory=dict)
    wins: set[tuple[Any, ...]] = field(default_factory=set)
    complete: bool = True
    seconds: float = 0.0
    stopped: str = ""               # why not complete, in words (the budget that was spent)
    cut_short: bool = False         # stopped by a safety stop or a cancel, not by its work
    _winnable: set[tuple[Any, ...]] | None = None

    @property
    def states(self) -> int:
        return len(self.moves)

    def winnable(self) -> set[tuple[Any, ...]]:
        """Keys from which some cast sequence still wins (backward reachability)."""
        if self._winnable is None:
            back: dict[tuple[Any, ...], list[tuple[Any, ...]]] = {}
            for key, out in self.moves.items():
                for _, nxt in out:
                    back.setdefault(nxt, []).append(key)
            seen, frontier = set(self.wins), list(self.wins)
            while frontier:
                for prev in back.get(frontier.pop(), ()):
                    if prev not in seen:
                        seen.add(prev)
                        frontier.append(prev)
            self._winnable = seen
        return self._winnable


@gc_paused()
def explore(game: Setup, name: str = MAIN_WORLD, start: GameState | None = None,
            budget: int | Budget = EXPLORE_BUDGET) -> StateGraph:
    """The state graph of a world, each state filed once, within ``budget`` states (a number, or
    a :class:`~zorglab.core.budget.Budget` whose safety stop and cancel are looked at too)."""
    whole = budget if isinstance(budget, Budget) else Budget(budget)
    limit = whole.left()
    world = game.world(name)
    reach = world.history_reach
    state = world.initial_state() if start is None else start
    t0 = time.perf_counter()
    graph = StateGraph(state.key(reach))
    book = cast_book(game, name)       # spells a condition reads by label are cast apart (#31)
    queue = deque([state])
    seen = {graph.start}
    while queue:
        done = len(graph.moves)
        if (limit is not None and done >= limit) or (done % CHECK_EVERY == 0 and whole.spent):
            whole.charge(done)
            whole.check()
            graph.complete = False
            graph.stopped, graph.cut_short = whole.describe(), whole.cut_short
            break
        state = queue.popleft()
        key = state.key(reach)
        out: list[tuple[Cast | None, tuple[Any, ...]]] = []
        graph.moves[key] = out
        if state.lost:
            continue
        found = next_action(world, state)
        if found is None and game.wins(name, state):
            graph.wins.add(key)
        children: list[tuple[Cast | None, GameState]] = []
        if found is not None:
            children.append((None, act(world, state, found, record=False)[0]))
        if any(state.spells_left):
            children += [(cast, nxt) for cast, nxt, _ in legal_casts(world, state, noops=True, book=book)]
        for cast, nxt in children:
            nkey = nxt.key(reach)
            out.append((cast, nkey))
            if nkey not in seen:
                seen.add(nkey)
                queue.append(nxt)
    else:
        whole.charge(len(graph.moves))
    graph.seconds = time.perf_counter() - t0
    return graph


@dataclass(frozen=True)
class Analysis:
    """A world's difficulty as a designer reads it."""

    verdict: Solvability
    fewest_spells: int | None
    witness: tuple[str, ...]
    necessary: tuple[str, ...]          # spells without which the world is unsolvable
    winning_cast_lists: int             # distinct winning cast lists, up to ``cap``
    cap_reached: bool
    states: int
    seconds: float
    complete: bool
    stopped: str = ""                   # the budget that left something unknown, in words

    def to_json(self) -> dict[str, Any]:
        return {"verdict": self.verdict, "fewest_spells": self.fewest_spells, "witness": list(self.witness),
                "necessary": list(self.necessary), "winning_cast_lists": self.winning_cast_lists,
                "cap_reached": self.cap_reached, "states": self.states, "seconds": round(self.seconds, 4),
                "complete": self.complete, "stopped": self.stopped}


def necessary_spells(game: Setup, name: str = MAIN_WORLD, max_states: int | None = EXPLORE_BUDGET,
                     budget: Budget | None = None) -> tuple[str, ...]:
    """Spell labels whose removal makes the world unsolvable (each proved by the search within
    ``max_states``; ``budget`` bounds them all)."""
    world = game.world(name)
    out = []
    for spell in world.spells:
        start = world.initial_state()
        left = list(start.spells_left)
        left[spell.index] = False
        search = world_search(game, name, start=start.replace(spells_left=tuple(left)))
        verdict = search.run(budget=budget_of(max_states, None, budget))
        if verdict.verdict == UNSOLVABLE:
            out.append(spell.label)
    return tuple(out)


def count_winning_cast_lists(game: Setup, graph: StateGraph, name: str = MAIN_WORLD, cap: int = 100,
                             max_ticks: int = 500) -> tuple[int, bool]:
    """Distinct cast lists (ticks included) that win, counted up to ``cap``."""
    world = game.world(name)
    reach = world.history_reach
    winnable = graph.winnable()
    book = cast_book(game, name)
    count = 0

    def walk(state: GameState) -> bool:
        nonlocal count
        key = state.key(reach)
        if key not in winnable or state.tick > max_ticks:
            return False
        found = next_action(world, state)
        if key in graph.wins and found is None:
            count += 1
            if count >= cap:
                return True
        for cast, nxt, _ in legal_casts(world, state, noops=True, book=book):
            if walk(nxt):
                return True
        if found is not None:
            return walk(act(world, state, found, record=False)[0])
        return False

    capped = walk(world.initial_state())
    return count, capped


def analyse(game: Setup, name: str = MAIN_WORLD, *, cap: int = 100, budget: int | Budget = EXPLORE_BUDGET,
            max_seconds: float | None = None, within: Budget | None = None) -> Analysis:
    """Fewest spells, a witness, the necessary spells, and the number of winning cast lists.

    ``budget`` states bound each of the searches (the proof, the state graph — never more than
    :data:`EXPLORE_BUDGET`, since it keeps every state —, each necessary spell's); a :class:`~zorglab.core.budget.Budget` there (or ``within``, or ``max_seconds``, a
    CPU safety stop) bounds them all together: once spent, what is left is not known, and
    ``complete`` is False."""
    t0 = time.perf_counter()
    whole = budget_of(None, max_seconds, budget if isinstance(budget, Budget) else within)
    each = None if isinstance(budget, Budget) else budget
    verdict: Verdict = world_search(game, name).run(budget=whole.child(each))
    if verdict.verdict != SOLVABLE:
        return Analysis(verdict.verdict, None, (), (), 0, False, verdict.states, time.perf_counter() - t0,
                        verdict.verdict == UNSOLVABLE, "" if verdict.verdict == UNSOLVABLE else verdict.reason)
    # the state graph keeps every state it meets: at most EXPLORE_BUDGET of them (the memory bound)
    graph = explore(game, name, budget=whole.child(EXPLORE_BUDGET if each is None else min(each, EXPLORE_BUDGET)))
    count, capped = count_winning_cast_lists(game, graph, name, cap) if graph.complete else (0, False)
    necessary = necessary_spells(game, name, each, whole) if not whole.spent else ()
    stopped = whole.describe() or graph.stopped
    return Analysis(SOLVABLE, verdict.spells_used, tuple(verdict.cast_texts()), necessary, count, capped,
                    graph.states + verdict.states, time.perf_counter() - t0, graph.complete and not whole.spent,
                    stopped)


@dataclass(frozen=True)
class WindowPoint:
    tick: int
    winnable: bool | None      # None: unknown (budget)
    casts: tuple[str, ...]     # casts made at this casting point in the run


class Window(list[WindowPoint]):
    """The casting points of a run, each with whether the world can still be won from there.
    ``stopped`` names the budget that ended the run before its end (its later points are not
    listed), ``cut_short`` when that was the machine's safety stop or a cancel (not finished)."""

    stopped: str = ""
    cut_short: bool = False


def win_window(game: Setup, casts: Iterable[Cast] = (), name: str = MAIN_WORLD,
               budget: int | Budget = EXPLORE_BUDGET) -> Window:
    """For each casting point of the run with these casts: can the world still be won from there?

    ``budget`` (states, or a :class:`~zorglab.core.budget.Budget`) bounds the state graph; the run
    itself counts its actions in a child of it (at most that many actions, its safety stop and
    cancel event heeded), so a portal loop of millions of actions stops there and says so; a hero's
    plan too large for the planner's bound (ZR-32) stops the run or the graph, ``stopped`` saying so."""
    casts = list(casts)
    world = game.world(name)
    whole = budget if isinstance(budget, Budget) else Budget(budget)
    run = run_world(world, casts, keep_states=True, record=False,
                    budget=whole.child(whole.left(), unit="actions", counts=False))
    planless = ""
    try:
        graph = explore(game, name, budget=whole)
    except PlanningLimitError as error:     # a plan too large for the planner's bound (ZR-32):
        planless = error.stop_reason()      # no state is known winnable or not, and it says why
        graph = StateGraph(world.initial_state().key(world.history_reach), complete=False, stopped=planless)
    winnable = graph.winnable()
    out = Window()
    out.stopped, out.cut_short = run.stopped or planless, run.cut_short
    for state in run.states:
        key = state.key(world.history_reach)
        known = key in graph.moves
        answer = (key in winnable) if known and graph.complete else (True if key in winnable else None)
        out.append(WindowPoint(state.tick, answer, tuple(format_cast(c) for c in casts if c.tick == state.tick)))
    return out

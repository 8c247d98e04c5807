"""A parallel proof (issue 27): a world's first casting points split across a dask cluster.

The moves from the start (the active hero's action and every legal cast, breadth first, on the
engine's transitions) are unfolded until there are at least ``parts`` states; each is then decided
by its own exact search (:class:`~zorglab.search.solver.Search` from that state) on a worker. Every
cast list from the start passes through exactly one of them, so the world is solvable when one
part is (its witness: the casts that reach the part, then the part's own), unsolvable when every
part is, and unknown otherwise. The answer is read in the parts' order, never in the order workers
finish, so a cluster gives the same verdict and witness as ``client=None`` (the parts one after
another in this process).

The parts are built on the workers from a picklable *source* (:class:`FamilySource`,
:class:`LevelSource`): a world holds caches that are no business of a message.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import partial
from typing import Any, Callable

from zorglab.core.model import Cast
from zorglab.engine.state import GameState
from zorglab.engine.turns import act, next_action
from zorglab.engine.world import World
from zorglab.search.casts import CastBook, legal_casts
from zorglab.search.solver import SOLVABLE, UNKNOWN, UNSOLVABLE, Search, Solvability, Verdict, all_dead

Wins = Callable[[GameState], bool]


@dataclass(frozen=True)
class FamilySource:
    """Cell (heroes, spells) of the scaling family (of ``kind``, on ``rooms`` rooms), won when every
    hero is dead."""

    heroes: int
    spells: int
    kind: str = "we"
    rooms: int = 8

    def __call__(self) -> tuple[World, Wins | None, frozenset[str] | None, bool]:
        from zorglab.search.family import family_world
        return family_world(self.heroes, self.spells, self.kind, self.rooms), None, frozenset(), False

    def options(self) -> dict[str, Any]:
        """The :class:`~zorglab.search.solver.Search` arguments for this world (its world and win test)."""
        world, wins, apart, reads_unused = self()
        return {"world": world, "wins": wins, "told_apart": apart, "reads_unused": reads_unused}


@dataclass(frozen=True)
class LevelSource:
    """One world of a level file on a solution's layout, won as its constraints say."""

    path: str
    solution: int = 0
    world: str = "M"

    def __call__(self) -> tuple[World, Wins | None, frozenset[str] | None, bool]:
        from zorglab.engine.game import setup_solution
        from zorglab.level import load_level
        from zorglab.search.level import world_search

        game = setup_solution(load_level(self.path), self.solution)
        search = world_search(game, self.world)
        return search.world, search.wins, search.told_apart, search.reads_unused

    def options(self) -> dict[str, Any]:
        """The :class:`~zorglab.search.solver.Search` arguments its constraints set (``world_search``'s):
        with ``reads_dead`` too, which ``__call__`` leaves out — a constraint reading the order of deaths
        (``died_before``) must keep the dead apart, or a state filed first hides one that wins."""
        from zorglab.engine.game import setup_solution
        from zorglab.level import load_level
        from zorglab.search.level import world_search

        search = world_search(setup_solution(load_level(self.path), self.solution), self.world)
        return {"world": search.world, "wins": search.wins, "told_apart": search.told_apart,
                "reads_unused": search.reads_unused, "reads_dead": search.reads_dead}


def search_options(source: Callable[[], tuple[World, Wins | None, frozenset[str] | None, bool]]) -> dict[str, Any]:
    """The Search arguments of a source: its ``options()``, or those its tuple gives."""
    options = getattr(source, "options", None)
    if options is not None:
        return dict(options())
    world, wins, apart, reads_unused = source()
    return {"world": world, "wins": wins, "told_apart": apart, "reads_unused": reads_unused}


@dataclass(frozen=True)
class Part:
    """A state the split reached, and the casts that reached it from the start."""

    casts: tuple[Cast, ...]
    state: GameState


def split(world: World, wins: Wins, parts: int, book: CastBook | None = None) -> tuple[list[Part], Part | None]:
    """The first casting points unfolded breadth first until at least ``parts`` states wait (or
    none is left): ``(parts, None)``, or ``([], part)`` when a state met on the way is already won."""
    book = CastBook() if book is None else book
    waiting: deque[Part] = deque([Part((), world.initial_state())])
    while waiting and len(waiting) < parts:
        part = waiting.popleft()
        state = part.state
        if state.lost:
            continue
        found = next_action(world, state)
        if found is None and wins(state):
            return [], part
        if found is not None:
            waiting.append(Part(part.casts, act(world, state, found, record=False)[0]))
        if any(state.spells_left):
            for cast, nxt, _ in legal_casts(world, state, noops=True, book=book):
                waiting.append(Part(part.casts + (cast,), nxt))
    return list(waiting), None


def decide_part(source: Callable[[], tuple[World, Wins | None, frozenset[str] | None, bool]], state: GameState,
                max_states: int | None, max_seconds: float | None) -> tuple[Solvability, tuple[Cast, ...], int, str]:
    """One part's exact search, on a worker: (verdict, its own witness, states, reason)."""
    import time

    search = Search(**search_options(source), start=state, fewest=False, clock=time.process_time)
    verdict = search.run(max_states=max_states, max_seconds=max_seconds)
    return verdict.verdict, verdict.casts, verdict.states, verdict.reason


def parallel_solve(source: Callable[[], tuple[World, Wins | None, frozenset[str] | None, bool]], *, parts: int = 8,
                   client: Any = None, max_states: int | None = None, max_seconds: float | None = None) -> Verdict:
    """Decide the source's world with its first casting points split into ``parts`` searches, on
    ``client`` (a dask ``distributed.Client``) or, with None, one after another here. The budgets
    are each part's."""
    options = search_options(source)
    world, wins = options["world"], options["wins"]
    book = CastBook(options["told_apart"])
    waiting, won = split(world, wins or partial(all_dead, world), parts, book)
    if won is not None:
        return Verdict(SOLVABLE, won.casts, 0, 0.0, "won while splitting the first casting points")
    items = [(source, part.state, max_states, max_seconds) for part in waiting]
    if client is None:
        answers = [decide_part(*item) for item in items]
    else:
        futures = client.map(decide_part, *zip(*items), pure=False) if items else []
        answers = client.gather(futures)
    states = sum(answer[2] for answer in answers)
    for number, (part, (verdict, casts, _, _)) in enumerate(zip(waiting, answers), 1):
        if verdict == SOLVABLE:         # the first part in order, whichever worker finished first
            return Verdict(SOLVABLE, part.casts + tuple(casts), states, 0.0,
                           f"witness found in part {number} of {len(waiting)}")
    unknown = [reason for verdict, _, _, reason in answers if verdict == UNKNOWN]
    if unknown:
        return Verdict(UNKNOWN, (), states, 0.0, f"{len(unknown)} of {len(waiting)} parts unknown: {unknown[0]}")
    return Verdict(UNSOLVABLE, (), states, 0.0, f"every one of {len(waiting)} parts explored")

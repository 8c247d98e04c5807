"""From a level and a layout to worlds that run: setup (FR-2, FR-8), then the extermination.

This is the engine's front door: ``setup`` checks the construction (FR-8 refuses an invalid
layout), substitutes the player's choices (FR-2) and turns the layout into the dungeon frame
(ZR-3); ``play`` runs the level's worlds in order (ZR-18), checks each world's constraints and
bonuses (FR-43, FR-44) and reports the level's outcome.

The engine calls nothing above it. A ``solvable(world)`` constraint (FR-46) is decided by a
:class:`Decider` that whoever sets the level up passes in (the search supplies one:
:func:`zorglab.search.decide.decide_solvable`); pictures are attached by :mod:`zorglab.paint`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Protocol, cast

from zorglab.core.budget import Budget
from zorglab.engine.constraints import (ConditionResult, RunRecord, check_conditions, dist_reach, judged_worlds,
                                        reads_solvable, reads_solvable_of, reads_unused)
from zorglab.engine.layout import Layout
from zorglab.engine.dungeon import Dungeon, normalise
from zorglab.engine.layout_rules import require_valid
from zorglab.engine.run import RunResult, run_world
from zorglab.engine.state import GameState
from zorglab.engine.world import World
from zorglab.errors import ExpressionError
from zorglab.core.model import MAIN_WORLD, Cast, Condition, Level, Mirror, Outcome, Solution


class Decider(Protocol):
    """Decides ``solvable(world)`` (FR-46): is there a cast list after which ``wins`` holds?

    Returns True or False, proved; raises :class:`~zorglab.errors.ExpressionError` when it cannot
    decide (ZR-19: never a guess). ``reads_unused`` says whether the world's constraints read which
    spells were cast (a search may then not treat an uncast spell as dominated)."""

    def __call__(self, world: World, wins: Callable[[GameState], bool], *, reads_unused: bool) -> bool: ...


class NoDeciderError(RuntimeError):
    """A ``solvable(...)`` constraint met a setup made without a decider: a caller's mistake, so
    it is raised, never turned into a constraint that silently fails."""


@dataclass(frozen=True)
class Setup:
    """A level with its choices applied and a valid layout, in the dungeon frame."""

    level: Level
    layout: Layout
    dungeon: Dungeon
    choices: tuple[tuple[str, Any], ...] = ()
    decide: Decider | None = field(default=None, compare=False, repr=False)
    _cache: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)

    def _slots(self) -> dict[str, tuple[int, int]]:
        return {label: self.dungeon.slot_of(label) for label in self.dungeon.labels}

    def world(self, name: str = MAIN_WORLD) -> World:
        """One world: the level's own (``M``) or a mirror by name, sharing the layout (ZR-18)."""
        if name in self._cache:
            return cast(World, self._cache[name])
        if name == MAIN_WORLD:
            world = World(self.level, self._slots(), main=self.layout.main, name=MAIN_WORLD)
        else:
            mirror = self.mirror(name)
            main = None
            if self.layout.main is not None:
                index = [r.label for r in self.level.rooms].index(self.layout.main)
                main = mirror.rooms[index].label
            world = World(self.level, self._slots(), main=main, rooms=mirror.rooms, heroes=mirror.heroes,
                          spells=mirror.spells, name=name)
        world.dungeon = self.dungeon
        world.dist_reach = dist_reach(self.conditions(name)[0])
        self._cache[name] = world
        return world

    def mirror(self, name: str) -> Mirror:
        for mirror in self.level.mirrors:
            if mirror.name == name:
                return mirror
        raise ExpressionError(f"there is no world {name!r} (worlds: {', '.join(self.world_names)})")

    @property
    def world_names(self) -> tuple[str, ...]:
        return (MAIN_WORLD,) + tuple(m.name for m in self.level.mirrors)

    @property
    def judged_worlds(self) -> tuple[str, ...]:
        """The mirrors named in any ``solvable(...)`` -- another world's constraints or bonuses, or
        their own: judged by exact search, not played (ZR-28). In declared order."""
        named: frozenset[str] = frozenset()
        for name in self.world_names:
            constraints, bonuses = self.conditions(name)
            named |= judged_worlds(constraints + bonuses)
        return tuple(name for name in self.world_names if name != MAIN_WORLD and name in named)

    @property
    def played_worlds(self) -> tuple[str, ...]:
        """The worlds the player plays: every world but the judged ones (ZR-28)."""
        judged = self.judged_worlds
        return tuple(name for name in self.world_names if name not in judged)

    def conditions(self, name: str) -> tuple[tuple[Condition, ...], tuple[Condition, ...]]:
        """(constraints, bonuses) of one world."""
        if name == MAIN_WORLD:
            return self.level.constraints, self.level.bonuses
        mirror = self.mirror(name)
        return mirror.constraints, mirror.bonuses

    def record(self, name: str, state: GameState, deciding: frozenset[str] = frozenset()) -> RunRecord:
        # a world reading its own solvable(...) is no cycle: that answer leaves such reads out (ZR-28)
        return RunRecord(self.world(name), state, dict(self.choices),
                         solvable=lambda w: self.solvable(w, deciding if w == name else deciding | {name}))

    def wins(self, name: str, state: GameState, deciding: frozenset[str] = frozenset(),
             leave_out: str | None = None) -> bool:
        """Every hero dead and every constraint of this world holding (ZR-17); ``leave_out``: but
        the constraints that read ``solvable(leave_out)`` (ZR-28)."""
        if state.lost or any(h.alive for h in state.heroes):
            return False
        constraints, _ = self.conditions(name)
        if leave_out is not None:
            constraints = tuple(c for c in constraints if not reads_solvable_of(c, leave_out))
        return all(r.holds for r in check_conditions(constraints, self.record(name, state, deciding)))

    def solvable(self, name: str, deciding: frozenset[str] = frozenset()) -> bool:
        """``solvable(world)`` (FR-46, ZR-28) by this setup's decider: a winning cast list under the
        world's rules and constraints, those reading ``solvable(name)`` itself left out. A cycle through
        several worlds is refused at load; one built in code is refused here."""
        if name in deciding:
            raise ExpressionError(f"solvable({name}) depends on itself through another world (ZR-28)")
        key = ("solvable", name)
        if key not in self._cache:
            if self.decide is None:
                raise NoDeciderError(f"solvable({name}) needs a decider: set the level up with "
                                     "decide=zorglab.search.decide.decide_solvable")
            constraints, _ = self.conditions(name)
            kept = tuple(c for c in constraints if not reads_solvable_of(c, name))
            self._cache[key] = bool(self.decide(self.world(name),
                                                lambda s: self.wins(name, s, deciding | {name}, leave_out=name),
                                                reads_unused=reads_unused(kept)))
        return bool(self._cache[key])

    def judged_conditions(self) -> tuple[tuple[str, Condition], ...]:
        """The level constraints a judged world adds (ZR-28): its own constraints that read
        ``solvable(...)``, with the world they belong to."""
        return tuple((name, c) for name in self.judged_worlds for c in self.conditions(name)[0]
                     if reads_solvable(c))

    def check_judged(self) -> tuple[ConditionResult, ...]:
        """The judged worlds' ``solvable``-reading constraints, each judged once on its world as it
        starts (ZR-28); they must hold for the level to be won."""
        results: list[ConditionResult] = []
        for name, condition in self.judged_conditions():
            world = self.world(name)
            record = RunRecord(world, world.initial_state(), dict(self.choices),
                               solvable=lambda w: self.solvable(w))
            results.extend(check_conditions((condition,), record))
        return tuple(results)

    def with_decider(self, decide: Decider | None) -> "Setup":
        """This setup deciding ``solvable(...)`` with ``decide`` (worlds already built are shared)."""
        if decide is self.decide:
            return self
        kept = {k: v for k, v in self._cache.items() if not (isinstance(k, tuple) and k[0] == "solvable")}
        return Setup(self.level, self.layout, self.dungeon, self.choices, decide, kept)


def setup(level: Level, layout: Layout, choices: Mapping[str, Any] | None = None, *,
          decide: Decider | None = None) -> Setup:
    """Apply the choices, refuse an invalid layout (FR-8), normalise to the dungeon frame;
    ``decide`` decides the level's ``solvable(...)`` constraints (see :class:`Decider`)."""
    chosen = dict(choices or {})
    if level.variables or chosen:
        level = level.with_choices(chosen)
    require_valid(level, layout)
    return Setup(level, layout, normalise(level, layout), tuple(sorted(chosen.items())), decide)


def setup_solution(level: Level, solution: Solution | int, *, decide: Decider | None = None) -> Setup:
    """The setup a level's known solution describes (choices, rotation, map, main A)."""
    if isinstance(solution, int):
        solution = level.solutions[solution]
    return setup(level, Layout.from_solution(solution), dict(solution.choices), decide=decide)


@dataclass(frozen=True)
class WorldRun:
    """One world played: its run, its outcome with constraints, and each condition's result."""

    world: World
    result: RunResult
    outcome: Outcome
    constraints: tuple[ConditionResult, ...] = ()
    bonuses: tuple[ConditionResult, ...] = ()


@dataclass(frozen=True)
class LevelRun:
    """A whole level played: the outcome and each world's run, in order (ZR-17, ZR-18)."""

    level: Level
    outcome: Outcome
    worlds: tuple[WorldRun, ...]
    judged: tuple[ConditionResult, ...] = ()     # the judged worlds' solvable(...) constraints (ZR-28)

    @property
    def main(self) -> RunResult:
        return self.worlds[0].result

    @property
    def main_world(self) -> World:
        return self.worlds[0].world

    @property
    def stopped(self) -> str:
        """The budget that stopped the play before its end, in words ("" when it ended): then
        ``outcome`` is no outcome of the rules."""
        return next((run.result.stopped for run in self.worlds if run.result.stopped), "")

    @property
    def cut_short(self) -> bool:
        """Stopped by the CPU safety stop or a cancel: "not finished", a figure of the machine."""
        return any(run.result.cut_short for run in self.worlds)


def play_world(game: Setup, name: str, casts: Iterable[Cast] = (), *, record: bool = True,
               strict: bool = False, budget: Budget | None = None) -> WorldRun:
    world = game.world(name)
    result = run_world(world, casts, record=record, strict=strict, budget=budget)
    outcome = result.outcome
    constraints_, bonuses_ = game.conditions(name)
    constraints: tuple[ConditionResult, ...] = ()
    bonuses: tuple[ConditionResult, ...] = ()
    if outcome is Outcome.WIN:
        rec = game.record(name, result.state)
        constraints = tuple(check_conditions(constraints_, rec))
        bonuses = tuple(check_conditions(bonuses_, rec))
        if not all(c.holds for c in constraints):
            outcome = Outcome.STALL      # every hero died but a constraint fails: not a win (FR-43)
    return WorldRun(world, result, outcome, constraints, bonuses)


def play(game: Setup, casts: Iterable[Cast] = (), mirror_casts: Mapping[str, Iterable[Cast]] | None = None,
         *, record: bool = True, strict: bool = False, budget: Budget | None = None) -> LevelRun:
    """Run the worlds in declared order; a Z entry in any world loses at once (ZR-17, ZR-18).

    ``budget`` bounds the whole play (every world's actions, counted as its work; its CPU safety
    stop and cancel event); a world stopped by it ends the play with no outcome."""
    mirror_casts = dict(mirror_casts or {})
    runs = []
    for name in game.played_worlds:
        run = play_world(game, name, casts if name == MAIN_WORLD else mirror_casts.get(name, ()),
                         record=record, strict=strict, budget=budget)
        runs.append(run)
        if run.outcome is Outcome.LOSS or run.result.stopped:
            break
    judged: tuple[ConditionResult, ...] = ()
    if any(r.outcome is Outcome.LOSS for r in runs):
        outcome = Outcome.LOSS
    elif all(r.outcome is Outcome.WIN for r in runs):
        judged = game.check_judged()
        # a judged world's solvable(...) constraint that fails: not a win (ZR-28, FR-43)
        outcome = Outcome.WIN if all(c.holds for c in judged) else Outcome.STALL
    else:
        outcome = Outcome.STALL
    return LevelRun(game.level, outcome, tuple(runs), judged)


def play_solution(level: Level, index: int = 0, *, record: bool = True, strict: bool = False,
                  decide: Decider | None = None) -> LevelRun:
    """Replay a level's known solution exactly as written (NFR-5)."""
    solution = level.solutions[index]
    return play(setup_solution(level, solution, decide=decide), solution.casts, dict(solution.mirror_casts),
                record=record, strict=strict)

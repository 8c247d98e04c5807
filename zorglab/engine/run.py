"""Running a world to its end (ZR-6, ZR-17): casting points, actions, outcome."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any, Iterable

from zorglab.core.budget import CHECK_EVERY, Budget
from zorglab.engine import events as ev
from zorglab.engine.casting import cast_spell
from zorglab.engine.state import GameState
from zorglab.engine.turns import act, can_act, next_action
from zorglab.engine.world import RecurrenceDigests
from zorglab.errors import CastError, PlanningLimitError
from zorglab.core.model import Cast, Outcome

# ZR-27's last guard: a run ends as a stall after this many actions unless the level sets its own
# ``max_actions`` (docs/levels.md, "Limits"). A repeating state is found long before (every tick).
MAX_ACTIONS = 100_000


@dataclass(frozen=True)
class Repetition:
    """ZR-27: the state at tick ``found_at`` is the one of tick ``since``; it recurs every ``period``."""

    found_at: int
    since: int

    @property
    def period(self) -> int:
        return self.found_at - self.since

    def describe(self) -> str:
        return (f"the world repeats: the state at tick {self.found_at} is the one of tick {self.since} "
                f"(period {self.period}), so it never goes idle (ZR-27)")


@dataclass(frozen=True)
class Refusal:
    """A cast the rules refused (it consumed nothing), or one whose tick was never reached."""

    cast: Cast
    reason: str


@dataclass(frozen=True)
class RunResult:
    outcome: Outcome
    state: GameState
    events: tuple[ev.Event, ...]
    refused: tuple[Refusal, ...] = ()
    unreached: tuple[Cast, ...] = ()
    looped: bool = False                  # ended as a stall by ZR-27: a repetition or the action cap
    states: tuple[GameState, ...] = field(default=(), repr=False)   # one per casting point, if kept
    repetition: Repetition | None = None  # when and with what period the state recurred (ZR-27)
    cap: int | None = None                # the action cap, when the run ended by hitting it (ZR-27)
    stopped: str = ""                     # the budget that stopped the run before it ended, in words
    cut_short: bool = False               # stopped by the CPU safety stop or a cancel: not finished

    def stall_reason(self) -> str | None:
        """Why a run that could go on was stopped (ZR-27), for people; None if it went idle."""
        if self.repetition is not None:
            return self.repetition.describe()
        if self.cap is not None:
            return (f"the action cap of {self.cap} actions was hit (ZR-27; a level sets its own "
                    f"with max_actions = N)")
        if self.stopped:
            return (f"stopped at tick {self.state.tick} before the run ended ({self.stopped}): a guard, "
                    f"not a rule outcome")
        return None

    @property
    def ticks(self) -> int:
        return self.state.tick


def outcome_of(state: GameState) -> Outcome:
    """Loss on a Z entry; win when every hero is dead; otherwise a stall (ZR-17)."""
    if state.lost:
        return Outcome.LOSS
    if all(not h.alive for h in state.heroes):
        return Outcome.WIN
    return Outcome.STALL


def run_world(world: Any, casts: Iterable[Cast] = (), *, record: bool = True, keep_states: bool = False,
              strict: bool = False, max_actions: int | None = None,
              state: GameState | None = None, budget: Budget | None = None) -> RunResult:
    """Play a world from its start (or ``state``) with the casts given, to its end.

    A refused cast is skipped (``strict=True`` raises instead). A world that returns to a state
    it was already in (:meth:`World.recurrence_key`), with no cast still to come, can never end:
    it is a stall, found at the first repetition (FR-45, ZR-27). ``max_actions`` (default: the
    level's ``max_actions``, else :data:`MAX_ACTIONS`) is the last guard. ``budget`` counts each
    action as a unit of work and is looked at every :data:`~zorglab.core.budget.CHECK_EVERY`
    actions: a spent budget (its work, its CPU safety stop or its cancel event) stops the run with
    no rule outcome, ``stopped`` naming it (``cut_short`` when it was the machine's seconds). A
    budgeted run whose hero's plan is too large for the planner's bound
    (:class:`~zorglab.errors.PlanningLimitError`, ZR-32) stops there too, ``stopped`` saying so;
    without a budget the error is raised.
    """
    if max_actions is None:
        max_actions = getattr(world.level, "max_actions", None) or MAX_ACTIONS
    by_tick: dict[int, list[Cast]] = defaultdict(list)
    for c in casts:
        by_tick[c.tick].append(c)
    state = world.initial_state() if state is None else state
    log: list[ev.Event] = []
    refused: list[Refusal] = []
    states: list[GameState] = []
    seen: dict[int, tuple[int, GameState]] = {}     # hash of a recurrence key -> (tick, state)
    digests = RecurrenceDigests(world)
    last_cast_tick = max(by_tick, default=-1)
    looped = False
    repetition: Repetition | None = None
    cap: int | None = None
    stopped = ""
    acted = charged = look = 0          # actions done, those charged to the budget, when to look next
    stuck: set[int] = set()
    try:
        while True:
            if keep_states:
                states.append(state)
            if state.lost:
                break               # the loss is instant: no casting point follows it (ZR-17, ZR-25)
            for c in by_tick.pop(state.tick, ()):
                try:
                    state, events = cast_spell(world, state, c, record=record)
                    log.extend(events)
                except CastError as error:
                    if strict:
                        raise
                    refused.append(Refusal(c, error.reason))
                if state.lost:
                    break
            if state.lost:
                break
            found = next_action(world, state)
            index = None if found is None else found[0]
            if record:
                now_stuck = {i for i, h in enumerate(state.heroes) if can_act(h) and h.pos is not None
                             and (index is None or i < index) and world.planner.action(state, i) is None}
                log.extend(ev.Stuck(state.tick, world.heroes[i].label) for i in sorted(now_stuck - stuck))
                stuck = now_stuck
            if found is None:
                break
            if state.tick > last_cast_tick:
                digest = digests.of(state)
                before = seen.get(digest)
                if before is not None and world.recurrence_key(before[1]) == world.recurrence_key(state):
                    looped, repetition = True, Repetition(state.tick, before[0])
                    break
                seen[digest] = (state.tick, state)
            if state.tick >= max_actions:
                looped, cap = True, max_actions
                break
            if budget is not None and acted >= look:
                budget.charge(acted - charged)
                charged = acted
                if budget.check():
                    stopped = budget.describe()
                    break
                left = budget.left()        # look again after CHECK_EVERY actions, or as the work runs out
                look = acted + (CHECK_EVERY if left is None else max(1, min(CHECK_EVERY, left)))
            state, events = act(world, state, found, record=record)
            acted += 1
            log.extend(events)
    except PlanningLimitError as error:    # a plan too large for the planner's bound (ZR-32)
        if budget is None:
            raise
        stopped = error.stop_reason()       # a budgeted run stops there and says so: no rule outcome
    outcome = outcome_of(state)
    if record:
        if outcome is Outcome.WIN:
            log.append(ev.Won(state.tick))
        elif outcome is Outcome.STALL and not stopped:    # stopped by a budget: no rule outcome
            log.append(ev.Stalled(state.tick, tuple(world.heroes[i].label for i, h in enumerate(state.heroes)
                                                    if h.alive)))
    unreached = tuple(c for tick in sorted(by_tick) for c in by_tick[tick])
    if budget is not None:
        budget.charge(acted - charged)
    return RunResult(outcome, state, tuple(log), tuple(refused), unreached, looped, tuple(states), repetition, cap,
                     stopped, bool(stopped) and budget is not None and budget.cut_short)

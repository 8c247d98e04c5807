"""Running a world to its end (ZR-6, ZR-17): casting points, actions, outcome."""

from __future__ import annotations

import time
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any, Iterable

from zorglab.engine import events as ev
from zorglab.engine.casting import cast_spell
from zorglab.engine.state import GameState
from zorglab.engine.turns import act, can_act, next_action
from zorglab.engine.world import RecurrenceDigests
from zorglab.errors import CastError
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
    timed_out: float | None = None        # the time bound in seconds, when the run was stopped by it

    def stall_reason(self) -> str | None:
        """Why a run that could go on was stopped (ZR-27), for people; None if it went idle."""
        if self.repetition is not None:
            return self.repetition.describe()
        if self.cap is not None:
            return (f"the action cap of {self.cap} actions was hit (ZR-27; a level sets its own "
                    f"with max_actions = N)")
        if self.timed_out is not None:
            return (f"the time bound of {self.timed_out:g} s was hit at tick {self.state.tick}, before the "
                    f"run ended: a guard, not a rule outcome")
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
              state: GameState | None = None, max_seconds: float | None = None) -> RunResult:
    """Play a world from its start (or ``state``) with the casts given, to its end.

    A refused cast is skipped (``strict=True`` raises instead). A world that returns to a state
    it was already in (:meth:`World.recurrence_key`), with no cast still to come, can never end:
    it is a stall, found at the first repetition (FR-45, ZR-27). ``max_actions`` (default: the
    level's ``max_actions``, else :data:`MAX_ACTIONS`) is the last guard; ``max_seconds`` bounds
    the wall time as well (checked between actions), for commands that must answer in time.
    """
    deadline = None if max_seconds is None else time.monotonic() + max_seconds
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
    timed_out: float | None = None
    stuck: set[int] = set()
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
        if deadline is not None and state.tick % 32 == 0 and time.monotonic() > deadline:
            timed_out = max_seconds
            break
        state, events = act(world, state, found, record=record)
        log.extend(events)
    outcome = outcome_of(state)
    if record:
        if outcome is Outcome.WIN:
            log.append(ev.Won(state.tick))
        elif outcome is Outcome.STALL and timed_out is None:    # stopped by the clock: no rule outcome
            log.append(ev.Stalled(state.tick, tuple(world.heroes[i].label for i, h in enumerate(state.heroes)
                                                    if h.alive)))
    unreached = tuple(c for tick in sorted(by_tick) for c in by_tick[tick])
    return RunResult(outcome, state, tuple(log), tuple(refused), unreached, looped, tuple(states), repetition, cap,
                     timed_out)

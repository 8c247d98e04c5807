"""A run kept frame by frame, for stepping forward and back, casting, and branching.

A :class:`Timeline` asks the engine for every frame: :func:`act` for a hero's action,
:func:`cast_spell` for a cast. Frames of kind ``start``/``action`` are the casting points
:func:`run_world` passes through (ZR-6); a cast adds a frame at the same tick. Stepping back
only moves the cursor; casting from an earlier frame drops the frames after it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from zorglab.engine import events as ev
from zorglab.engine.casting import cast_spell
from zorglab.engine.plangraph import SPAWN
from zorglab.engine.run import RunResult, outcome_of, run_world
from zorglab.engine.state import GameState
from zorglab.engine.turns import act, next_action
from zorglab.errors import CastError
from zorglab.core.model import Cast, Outcome
from zorglab.core.printer import format_cast


def cast_text(cast: Cast) -> str:
    """A cast in level notation (the notation printer's), without the leading ``@tick``."""
    try:
        return format_cast(cast).split(" ", 1)[1]
    except (IndexError, AttributeError):
        return f"{cast.spell.type}({', '.join(map(str, cast.spell.args))})"


@dataclass(frozen=True)
class Frame:
    """One picture of the run: the state, the events that led to it and why it happened."""

    state: GameState
    events: tuple[ev.Event, ...]
    kind: str                       # "start", "action" or "cast"
    text: str
    applied: frozenset[int] = frozenset()   # scheduled casts already made (or refused) on this line
    cast: Cast | None = None


class Timeline:
    """Frames of one world's run; ``casts`` are scheduled like :func:`run_world`'s."""

    def __init__(self, world: Any, casts: Iterable[Cast] = (), *, start: GameState | None = None,
                 name: str = "main"):
        self.world = world
        self.name = name
        self.scheduled: tuple[Cast, ...] = tuple(casts)
        state = world.initial_state() if start is None else start
        self.frames: list[Frame] = [Frame(state, (), "start", f"tick {state.tick}")]
        self.position = 0
        self.refusals: list[tuple[Cast, str]] = []

    # --- reading ----------------------------------------------------------------------------------

    @property
    def frame(self) -> Frame:
        return self.frames[self.position]

    @property
    def state(self) -> GameState:
        return self.frame.state

    @property
    def at_end(self) -> bool:
        """No frame can follow the newest one: lost, or idle with no scheduled cast due."""
        last = self.frames[-1]
        return self.position == len(self.frames) - 1 and not self._due(last) and (
            last.state.lost or next_action(self.world, last.state) is None)

    @property
    def outcome(self) -> Outcome | None:
        """The outcome once the run has ended at the cursor (ZR-17), else None."""
        return outcome_of(self.state) if self.at_end else None

    def casting_points(self) -> list[GameState]:
        """The state at every casting point up to the cursor, before that tick's casts (as
        ``run_world(keep_states=True).states``)."""
        return [f.state for f in self.frames[:self.position + 1] if f.kind != "cast"]

    def events_so_far(self) -> list[ev.Event]:
        return [e for f in self.frames[1:self.position + 1] for e in f.events]

    def casts_made(self) -> tuple[Cast, ...]:
        """The casts made on this line up to the cursor, in order (for a solution's ``casts``)."""
        return tuple(f.cast for f in self.frames[1:self.position + 1] if f.cast is not None)

    # --- moving -----------------------------------------------------------------------------------

    def step(self) -> bool:
        """One frame forward: a kept frame, a scheduled cast due now, or the active hero's action.
        False at the end."""
        if self.position < len(self.frames) - 1:
            self.position += 1
            return True
        last = self.frames[-1]
        for index in self._due(last):
            cast = self.scheduled[index]
            applied = last.applied | {index}
            try:
                state, events = cast_spell(self.world, last.state, cast, text=cast_text(cast))
            except CastError as error:
                self.refusals.append((cast, error.reason))
                self.frames[-1] = Frame(last.state, last.events, last.kind, last.text, applied, last.cast)
                return self.step()
            self._append(Frame(state, tuple(events), "cast", cast_text(cast), applied, cast))
            return True
        if last.state.lost:
            return False
        found = next_action(self.world, last.state)
        if found is None:
            return False
        state, events = act(self.world, last.state, found)
        self._append(Frame(state, tuple(events), "action", self._action_text(found), last.applied))
        return True

    def back(self) -> bool:
        if self.position == 0:
            return False
        self.position -= 1
        return True

    def goto(self, position: int) -> None:
        """Move the cursor to a frame, computing frames forward as needed (stops at the end)."""
        position = max(0, position)
        while self.position < position and self.step():
            pass
        if position < self.position:
            self.position = position

    def run(self, limit: int = 10_000) -> int:
        """Step until the end (or ``limit`` frames); returns the frames stepped."""
        steps = 0
        while steps < limit and self.step():
            steps += 1
        return steps

    # --- casting and branching ----------------------------------------------------------------------

    def cast(self, cast: Cast) -> Frame:
        """Cast now (at the cursor's casting point): the engine's ``cast_spell``; a refusal raises
        :class:`CastError` and changes nothing. Frames after the cursor are dropped."""
        current = self.frame
        cast = Cast(current.state.tick, cast.spell, cast.on, cast.to, cast.with_room, cast.inner, cast.source)
        state, events = cast_spell(self.world, current.state, cast, text=cast_text(cast))
        del self.frames[self.position + 1:]
        self._append(Frame(state, tuple(events), "cast", cast_text(cast), current.applied, cast))
        return self.frame

    def branch(self, name: str | None = None) -> "Timeline":
        """A copy of this line up to the cursor, to go on differently."""
        fork = Timeline.__new__(Timeline)
        fork.world = self.world
        fork.name = name or f"{self.name}@{self.state.tick}"
        fork.scheduled = self.scheduled
        fork.frames = list(self.frames[:self.position + 1])
        fork.position = self.position
        fork.refusals = list(self.refusals)
        return fork

    def project(self) -> RunResult:
        """The rest of the run from the cursor with only the scheduled casts still due (the engine's
        ``run_world``): what happens if the player casts nothing more."""
        applied = self.frame.applied
        rest = [c for i, c in enumerate(self.scheduled) if i not in applied and c.tick >= self.state.tick]
        return run_world(self.world, rest, state=self.state)

    # --- internals --------------------------------------------------------------------------------

    def _due(self, frame: Frame) -> list[int]:
        return [i for i, c in enumerate(self.scheduled) if c.tick == frame.state.tick and i not in frame.applied]

    def _append(self, frame: Frame) -> None:
        self.frames.append(frame)
        self.position = len(self.frames) - 1

    def _action_text(self, found: tuple[int, Any]) -> str:
        index, action = found
        label = self.world.heroes[index].label
        return f"{label} spawns" if action == SPAWN else f"{label} steps {action}"

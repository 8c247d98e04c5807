"""The live analysis's survey of every layout: each construction x finite choice x main A solved
(as :func:`zorglab.search.layouts.solve_layouts` does), counting the setups tried and winning.

The survey depends on the level only, not on the layout being edited, so it is kept (by the
level's value, prose and solutions aside) and *resumed*: a summary that runs out of time leaves
it where it stopped, and the next summary of the same level (after the designer moved a room,
say) goes on from there until every setup is tried. A setup interrupted half-way is searched again.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, replace
from typing import Any, Iterator

from zorglab.engine.game import Setup, setup
from zorglab.core.registry import is_spawn_room
from zorglab.core.model import Level
from zorglab.reports.budget import Budget
from zorglab.reports.live_clock import Clock, Deadline, TimeUp, run_sliced
from zorglab.search.decide import decide_solvable
from zorglab.search.layouts import LayoutDeadline, choice_sets, constructions
from zorglab.search.level import world_search
from zorglab.search.solver import SOLVABLE, UNKNOWN, UNSOLVABLE

KEPT = 32                   # surveys remembered (finished or not), the least recently used dropped


@dataclass(frozen=True)
class SurveyFigures:
    """What the survey knows so far."""

    tried: int = 0
    winning: int = 0
    unknown: int = 0
    fewest: int | None = None       # fewest spells over the winning setups found
    finished: bool = False          # every setup tried (up to the limit)
    complete: bool = False          # finished, none undecided, nothing cut by the limit or open variables
    cut: str = ""                   # why not complete, in words ("" when complete)


class Survey:
    """One level's survey, advanced under a clock by :meth:`advance` (one caller at a time)."""

    def __init__(self, level: Level, budget: Budget):
        self.level = level
        self.budget = budget
        self.combos, self.open = choice_sets(level)
        self.figures = SurveyFigures()
        self.limited = False
        self.lock = threading.Lock()
        self._deadline = Deadline()
        self._setups: Iterator[Setup] | None = None
        self._skip = 0                      # setups already counted, to pass over after a restart
        self._pending: Setup | None = None  # the setup whose search the clock interrupted

    def _generate(self) -> Iterator[Setup]:
        level, budget = self.level, self.budget
        fixed = dict(level.solutions[0].choices) if self.open and level.solutions else {}
        spawns = [room.label for room in level.rooms if is_spawn_room(room.type)]
        for combo in self.combos:
            chosen = {**{k: v for k, v in fixed.items() if k in self.open}, **combo}
            concrete = level.with_choices(chosen) if level.variables else level
            count = 0
            for layout in constructions(concrete, budget.layout_limit, self._deadline):
                count += 1
                for main in (spawns if len(spawns) > 1 else [None]):
                    yield setup(level, layout.with_main(main), chosen, decide=decide_solvable)
            self.limited = self.limited or count >= budget.layout_limit

    def advance(self, clock: Clock) -> SurveyFigures:
        """Go on until every setup is tried or the clock strikes (raises ``Cancelled`` when cancelled)."""
        if self.figures.finished:
            return self.figures
        left = clock.left()
        if not self.lock.acquire(timeout=-1 if left is None else left):
            return replace(self.figures, cut="layouts: another summary of this level is surveying them")
        try:
            self._deadline.clock = clock
            return self._advance(clock)
        finally:
            self._deadline.clock = None
            self.lock.release()

    def _advance(self, clock: Clock) -> SurveyFigures:
        while True:
            game = self._pending
            if game is None:
                try:
                    if self._setups is None:
                        self._setups, self._skip = self._generate(), self.figures.tried
                    game = next(self._setups, None)
                except LayoutDeadline:
                    self._setups = None     # a generator stops for good on an exception: restart it
                    clock.check()
                    return replace(self.figures, cut=f"layouts: {clock.spent}")
                if game is None:
                    return self._finish()
                if self._skip:
                    self._skip -= 1
                    continue
            self._pending = game
            try:
                self._solve(game, clock)
            except TimeUp:
                return replace(self.figures, cut=f"layouts: {clock.spent}")
            self._pending = None

    def _solve(self, game: Setup, clock: Clock) -> None:
        spells, answer = 0, SOLVABLE
        for name in game.played_worlds:
            verdict = run_sliced(world_search(game, name), self.budget.layout_states, clock)
            if verdict.verdict == UNKNOWN and verdict.reason == clock.spent:
                raise TimeUp
            if verdict.verdict != SOLVABLE:
                answer = verdict.verdict
                if answer == UNSOLVABLE:
                    break
            spells += verdict.spells_used
        f = self.figures
        if answer == SOLVABLE:
            fewest = spells if f.fewest is None else min(f.fewest, spells)
            self.figures = replace(f, tried=f.tried + 1, winning=f.winning + 1, fewest=fewest)
        else:
            self.figures = replace(f, tried=f.tried + 1, unknown=f.unknown + (answer == UNKNOWN))

    def _finish(self) -> SurveyFigures:
        f = self.figures
        cut = ""
        if self.limited:
            cut = f"layouts: limit of {self.budget.layout_limit} per choice set reached"
        elif self.open:
            cut = f"layouts: variables over N or R not enumerated ({', '.join(self.open)})"
        elif f.unknown:
            cut = f"layouts: {f.unknown} setup(s) undecided within {self.budget.layout_states} states each"
        self.figures = replace(f, finished=True, complete=not cut, cut=cut)
        self._setups = None
        return self.figures


_surveys: OrderedDict[Any, Survey] = OrderedDict()
_surveys_lock = threading.Lock()


def survey_key(level: Level, budget: Budget) -> Any:
    """What a survey depends on: the level without its prose (solutions only for their choices)."""
    fixed = tuple(level.solutions[0].choices) if level.solutions else ()
    return replace(level, title="", notes="", solutions=()), fixed, budget.layout_states, budget.layout_limit


def survey(level: Level, clock: Clock, budget: Budget) -> SurveyFigures:
    """The level's survey advanced under ``clock``: resumed when this level was surveyed before."""
    key = survey_key(level, budget)
    with _surveys_lock:
        found = _surveys.get(key)
        if found is None:
            found = _surveys[key] = Survey(level, budget)
            while len(_surveys) > KEPT:
                _surveys.popitem(last=False)
        _surveys.move_to_end(key)
    return found.advance(clock)


def forget_surveys() -> None:
    """Drop every kept survey (benchmarks measure the cold path; tests start clean)."""
    with _surveys_lock:
        _surveys.clear()

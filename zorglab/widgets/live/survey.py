"""The live analysis's survey of every layout: each construction x finite choice x main A solved
(as :func:`zorglab.search.layouts.solve_layouts` does, and counted alike: ``survey_states``
states searched over the setups and as many partial layouts grown), counting the setups tried
and winning.

The survey depends on the level only, not on the layout being edited, so it is kept (by the
level's value, prose and solutions aside) and *resumed*: a summary cancelled by a newer edit (or
cut by its safety stop) leaves it where it stopped, and the next summary of the same level (after
the designer moved a room, say) goes on from there until every setup is tried. A setup
interrupted half-way is searched again, and its interrupted states are not counted: the figures
are those of one uninterrupted survey.
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
from zorglab.core.budget import CANCELLED, WORK, Budget as Stops, BudgetSpent
from zorglab.widgets.live.clock import Cancelled
from zorglab.search.decide import decide_solvable
from zorglab.search.layouts import choice_combos, constructions
from zorglab.search.level import world_search
from zorglab.search.solver import SOLVABLE, UNKNOWN, UNSOLVABLE

LOCK_LOOK = 0.05            # seconds between looks at the stops while another summary holds the survey
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
    """One level's survey, advanced by :meth:`advance` (one caller at a time)."""

    def __init__(self, level: Level, budget: Budget):
        self.level = level
        self.budget = budget
        self.open = choice_combos(level)[1]
        self.figures = SurveyFigures()
        self.limited = False
        self.lock = threading.Lock()
        self._grow = Stops(budget.survey_states, unit="partial layouts")     # per run of the generator
        self._searched = Stops(budget.survey_states)      # states of the setups counted so far
        self._setups: Iterator[Setup] | None = None
        self._skip = 0                      # setups already counted, to pass over after a restart
        self._pending: Setup | None = None  # the setup whose search a stop interrupted

    def _generate(self) -> Iterator[Setup]:
        level, budget = self.level, self.budget
        fixed = dict(level.solutions[0].choices) if self.open and level.solutions else {}
        spawns = [room.label for room in level.rooms if is_spawn_room(room.type)]
        for combo in choice_combos(level)[0]:
            chosen = {**{k: v for k, v in fixed.items() if k in self.open}, **combo}
            concrete = level.with_choices(chosen) if level.variables else level
            count = 0
            for layout in constructions(concrete, budget.layout_limit, self._grow):
                count += 1
                for main in (spawns if len(spawns) > 1 else [None]):
                    yield setup(level, layout.with_main(main), chosen, decide=decide_solvable)
            self.limited = self.limited or count >= budget.layout_limit

    def advance(self, stops: Stops) -> SurveyFigures:
        """Go on until every setup is tried or the survey's states are spent; raises ``Cancelled``
        when ``stops`` is cancelled, and returns the figures so far ("not finished") when its
        safety stop strikes."""
        if self.figures.finished:
            return self.figures
        while not self.lock.acquire(timeout=LOCK_LOOK):     # another summary of this level is surveying
            if stops.check() == CANCELLED:
                raise Cancelled
            if stops.spent:
                return replace(self.figures, cut="layouts: another summary of this level is surveying them")
        try:
            self._grow.attach(stops)
            self._searched.attach(stops)
            return self._advance(stops)
        finally:
            self._grow.attach(None)
            self._searched.attach(None)
            self.lock.release()

    def _advance(self, stops: Stops) -> SurveyFigures:
        while True:
            game = self._pending
            if game is None:
                try:
                    if self._setups is None:
                        self._grow.used, self._grow.reason = 0, ""      # the generator counts again from 0
                        self._setups, self._skip = self._generate(), self.figures.tried
                    game = next(self._setups, None)
                except BudgetSpent as spent:
                    if spent.reason == WORK:
                        return self._finish(f"layouts: {spent.budget.describe()}")
                    self._setups = None     # a generator stops for good on an exception: restart it
                    return self._stopped(stops)
                if game is None:
                    return self._finish()
                if self._skip:
                    self._skip -= 1
                    continue
            self._pending = game
            if self._searched.spent:
                if self._searched.reason == WORK:
                    return self._finish(f"layouts: {self._searched.describe()}")
                return self._stopped(stops)
            if not self._solve(game):
                if self._searched.reason == WORK:
                    return self._finish(f"layouts: {self._searched.describe()}")
                return self._stopped(stops)
            self._pending = None

    def _stopped(self, stops: Stops) -> SurveyFigures:
        """The summary's stops struck mid-survey: cancelled, or the figures so far, not finished."""
        if stops.check() == CANCELLED or self._searched.reason == CANCELLED:
            raise Cancelled
        return replace(self.figures, cut=f"layouts: {stops.describe() or self._searched.describe()}")

    def _solve(self, game: Setup) -> bool:
        """Search one setup; False (nothing counted) when a budget cut it short."""
        before = self._searched.used
        spells, answer = 0, SOLVABLE
        for name in game.played_worlds:
            verdict = world_search(game, name).run(budget=self._searched.child(self.budget.layout_states))
            if self._searched.spent:
                self._searched.used = before        # searched again next time: count it once
                return False
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
        return True

    def _finish(self, spent: str = "") -> SurveyFigures:
        f = self.figures
        cut = spent
        if cut:
            pass
        elif self.limited:
            cut = f"layouts: limit of {self.budget.layout_limit} per choice set reached"
        elif self.open:
            cut = f"layouts: variables over N or R not enumerated ({', '.join(self.open)})"
        elif f.unknown:
            cut = f"layouts: {f.unknown} setup(s) undecided within {self.budget.layout_states} states each"
        self.figures = replace(f, finished=True, complete=not cut, cut=cut)
        self._setups = None
        self._pending = None
        return self.figures


_surveys: OrderedDict[Any, Survey] = OrderedDict()
_surveys_lock = threading.Lock()


def survey_key(level: Level, budget: Budget) -> Any:
    """What a survey depends on: the level without its prose (solutions only for their choices)."""
    fixed = tuple(level.solutions[0].choices) if level.solutions else ()
    return (replace(level, title="", notes="", solutions=()), fixed, budget.layout_states, budget.layout_limit,
            budget.survey_states)


def survey(level: Level, stops: Stops, budget: Budget) -> SurveyFigures:
    """The level's survey advanced within ``stops``: resumed when this level was surveyed before."""
    key = survey_key(level, budget)
    with _surveys_lock:
        found = _surveys.get(key)
        if found is None:
            found = _surveys[key] = Survey(level, budget)
            while len(_surveys) > KEPT:
                _surveys.popitem(last=False)
        _surveys.move_to_end(key)
    return found.advance(stops)


def forget_surveys() -> None:
    """Drop every kept survey (benchmarks measure the cold path; tests start clean)."""
    with _surveys_lock:
        _surveys.clear()

"""The Studio's live analysis (issue 14): every figure of its panel for a level being edited.

:func:`summarise` answers, within a time cap and promptly when cancelled, what the panel shows:
the level's problems (the loader's own words, as ``zorglab validate`` prints them, and a known
solution that no longer replays to its ``expect``); for the current layout the exact verdict
(solvable with a witness, unsolvable, unknown naming the budget, or invalid with the layout's
violations); for that layout (else the level's reference setup, as the difficulty report takes it)
the fewest spells, the necessary spells, the winning cast lists (capped) and the report's
difficulty figures; and over every layout the setups tried and winning and the fewest spells.

Every search runs on the exact solver (:mod:`zorglab.search`) in slices of :data:`SLICE` states,
resumed after each look at the ``cancel`` event and the clock, so a newer edit stops older work
within one slice. Budgets are counted in states (the same answer on any machine); the time cap is
a safety net, and whatever it cuts short is named in :attr:`LevelSummary.budget`. The over-layout
survey depends on the level only, not on the layout being edited: a complete survey is kept (by
the level's value) and reused, so moving a room costs only the current layout's search.
"""

from __future__ import annotations

import os
import threading
import time
from collections import OrderedDict
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any, Mapping

from zorglab.engine.game import Setup, play_solution, setup
from zorglab.engine.layout import Layout, validate_layout
from zorglab.errors import LevelError
from zorglab.level.contracts import find_contracts, read_contracts
from zorglab.level.labels import MAIN_WORLD
from zorglab.level.loader import LevelCheck, check_level, check_level_text
from zorglab.level.model import Cast, Level
from zorglab.reports.budget import Budget
from zorglab.reports.difficulty import reference_setup, static_columns
from zorglab.reports.forced import forced_points
from zorglab.search.analysis import count_winning_cast_lists, explore
from zorglab.search.layouts import MAX_LAYOUTS, LayoutDeadline, choice_sets, constructions
from zorglab.search.level import world_search
from zorglab.search.solver import SOLVABLE, UNKNOWN, UNSOLVABLE, Search, Verdict

INVALID = "invalid"
SLICE = 500                 # states searched between two looks at the cancel event and the clock
LIVE_BUDGET = Budget(layout_limit=MAX_LAYOUTS, layout_seconds=None, level_seconds=None)
SURVEYS_KEPT = 32           # complete over-layout surveys remembered (by level value)


@dataclass(frozen=True)
class LevelSummary:
    """The panel's figures. ``None`` means not known (not asked, not reached, or not decided)."""

    level: str = ""
    problems: tuple[str, ...] = ()
    layout_verdict: str | None = None           # solvable / unsolvable / unknown / invalid; None: no layout
    layout_problems: tuple[str, ...] = ()       # the layout's violations (verdict invalid), or why no setup
    reason: str = ""                            # the verdict's reason, in the solver's words
    witness: tuple[str, ...] | None = None      # main-world casts of the witness (current layout)
    mirror_witness: tuple[tuple[str, tuple[str, ...]], ...] = ()
    witness_casts: tuple[Cast, ...] = ()        # the same witness as casts, for the Player
    mirror_witness_casts: tuple[tuple[str, tuple[Cast, ...]], ...] = ()
    budget: str = ""                            # every budget that cut something short; "" when none
    figures_for: str = ""                       # "this layout" / "solution N's layout" / ""
    verdict: str | None = None                  # the verdict of that setup (the current layout's, when given)
    layout_spells: int | None = None            # fewest spells for the figures' setup
    necessary_spells: tuple[str, ...] = ()
    necessary_unknown: int = 0                  # spells whose necessity the budget left undecided
    cast_lists: int = 0
    cast_lists_capped: bool = False
    cast_lists_known: bool = False
    layouts_tried: int = 0
    layouts_winning: int = 0
    layouts_unknown: int = 0
    layouts_complete: bool = False
    fewest_spells: int | None = None            # fewest over every winning setup found (this one too)
    difficulty: dict[str, float] = field(default_factory=dict)
    cancelled: bool = False

    @property
    def unique(self) -> bool | None:
        """One winning cast list exactly (None when not counted)."""
        return self.cast_lists == 1 and not self.cast_lists_capped if self.cast_lists_known else None

    def lines(self) -> list[str]:
        """The panel's text: deterministic (no timings), one figure per line."""
        out = [f"{self.level or 'level'}: " + (f"{len(self.problems)} problem(s)" if self.problems else "no problems")]
        out += [f"  {p}" for p in self.problems]
        if self.layout_verdict is not None:
            out.append(f"this layout: {self._verdict_text()}")
            out += [f"  {p}" for p in self.layout_problems]
        if self.figures_for and self.layout_spells is not None:
            out.append(f"figures for {self.figures_for}: fewest spells {self.layout_spells}")
            necessary = ", ".join(self.necessary_spells) or "none"
            if self.necessary_unknown:
                necessary += f" ({self.necessary_unknown} spell(s) undecided)"
            out.append(f"  necessary spells: {necessary}")
            out.append(f"  winning cast lists: {self._lists_text()}")
        if self.layouts_tried or self.layouts_complete:
            scope = "every layout tried" if self.layouts_complete else "not every layout tried"
            unknown = f", {self.layouts_unknown} undecided" if self.layouts_unknown else ""
            out.append(f"layouts: {self.layouts_winning} of {self.layouts_tried} win ({scope}{unknown})")
        if self.fewest_spells is not None:
            out.append(f"fewest spells over the layouts found: {self.fewest_spells}")
        if self.difficulty:
            out.append("difficulty: " + ", ".join(f"{k} {_number(v)}" for k, v in self.difficulty.items()))
        if self.budget:
            out.append(f"budget: {self.budget}")
        if self.cancelled:
            out.append("cancelled: superseded by a newer change")
        return out

    def _verdict_text(self) -> str:
        if self.layout_verdict == SOLVABLE:
            casts = " ".join(self.witness or ()) or "no casts needed"
            mirrors = "".join(f"; {name}: {' '.join(texts) or 'no casts'}" for name, texts in self.mirror_witness)
            return f"solvable — witness: {casts}{mirrors}"
        if self.layout_verdict in (UNSOLVABLE, UNKNOWN) and self.reason:
            return f"{self.layout_verdict} — {self.reason}"
        return str(self.layout_verdict)

    def _lists_text(self) -> str:
        if not self.cast_lists_known:
            return "not counted (budget)"
        if self.cast_lists_capped:
            return f"at least {self.cast_lists} (counting stops there): not unique"
        return f"{self.cast_lists} — " + ("unique" if self.cast_lists == 1 else "not unique")

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: every field but the witness's cast objects (their texts are kept)."""
        data = asdict(self)
        for key in ("witness_casts", "mirror_witness_casts"):
            data.pop(key)
        data["unique"] = self.unique
        return _jsonable(data)


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return value


# -- the clock ------------------------------------------------------------------------------------

class _Cancelled(Exception):
    """The cancel event was set: stop, keep what is known."""


class _Clock:
    """One deadline for the whole summary, and the cancel event looked at with it."""

    def __init__(self, seconds: float | None, cancel: threading.Event | None):
        self.seconds = seconds
        self.deadline = None if seconds is None else time.perf_counter() + seconds
        self.cancel = cancel

    def check(self) -> None:
        if self.cancel is not None and self.cancel.is_set():
            raise _Cancelled

    def left(self) -> float | None:
        return None if self.deadline is None else max(0.0, self.deadline - time.perf_counter())

    def out(self) -> bool:
        return self.deadline is not None and time.perf_counter() >= self.deadline

    @property
    def spent(self) -> str:
        return f"time budget of {self.seconds:g} s spent"


class _Deadline(float):
    """A ``perf_counter`` deadline that is also 'passed' once cancelled.

    :func:`~zorglab.search.layouts.constructions` compares ``perf_counter() > deadline`` while it
    grows layouts; Python asks a float subclass's reflected ``__lt__`` first, so a cancel stops
    the growing at its next look at the clock."""

    cancel: threading.Event | None = None

    def __new__(cls, at: float, cancel: threading.Event | None) -> "_Deadline":
        made = super().__new__(cls, at)
        made.cancel = cancel
        return made

    def __lt__(self, now: float) -> bool:  # type: ignore[override]
        return (self.cancel is not None and self.cancel.is_set()) or float(self) < now


def _run(search: Search, max_states: int, clock: _Clock) -> Verdict:
    """Search in slices, looking at the cancel event and the clock between them."""
    spent = 0
    while True:
        clock.check()
        left = clock.left()
        if left is not None and left <= 0:
            return Verdict(UNKNOWN, (), search.states, search.seconds, clock.spent)
        before = search.states
        verdict = search.run(max_states=min(SLICE, max_states - spent), max_seconds=left)
        spent += search.states - before
        if verdict.verdict != UNKNOWN:
            return verdict
        if spent >= max_states:
            return replace(verdict, reason=f"state budget of {max_states} spent")
        if verdict.reason.startswith("time budget"):
            return replace(verdict, reason=clock.spent)


# -- reading the level ----------------------------------------------------------------------------

def _read(level: Level | LevelCheck | str | os.PathLike) -> tuple[Level | None, list[str]]:
    if isinstance(level, Level):
        return level, []
    check = level if isinstance(level, LevelCheck) else check_level(level)
    return check.level, [str(p) for p in check.problems]


def _contract_problems(level: Level) -> list[str]:
    """The level's contract must be one of its ``contracts.toml`` (as ``zorglab validate`` checks)."""
    if level.contract is None or not level.path:
        return []
    found = find_contracts(Path(level.path))
    if found is None:
        return []
    listed, problems = read_contracts(found)
    names = [c.name for c in listed.contracts]
    if problems or level.contract in names:
        return []
    return [f"{level.path}: contract {level.contract!r} is not in {found} (contracts: {', '.join(names) or 'none'})"]


def _solution_problems(level: Level, clock: _Clock) -> list[str]:
    """Every known solution whose replay no longer ends as its ``expect`` says (NFR-5)."""
    out = []
    for index, solution in enumerate(level.solutions):
        clock.check()
        if solution.expect is None:
            continue
        where = f"{solution.location}: " if solution.location else ""
        try:
            outcome = play_solution(level, index, record=False).outcome
        except (LevelError, ValueError) as error:
            out.append(f"{where}solution {index} does not replay: {(str(error).splitlines() or [''])[0]}")
            continue
        if outcome is not solution.expect:
            out.append(f"{where}solution {index} expects a {solution.expect.value}, but its replay ends in a "
                       f"{outcome.value}")
    return out


def _choices_for(level: Level, layout: Layout, choices: Mapping[str, Any] | None) -> dict[str, Any]:
    """The choices given; else those of a solution with this layout, else of the first solution,
    else the first finite combination (a level without variables needs none)."""
    if choices is not None or not level.variables:
        return dict(choices or {})
    for solution in level.solutions:
        if Layout.from_solution(solution) == layout:
            return dict(solution.choices)
    if level.solutions:
        return dict(level.solutions[0].choices)
    combos, open_ = choice_sets(level)
    return dict(combos[0]) if combos and not open_ else {}


# -- one setup ------------------------------------------------------------------------------------

@dataclass
class _Draft:
    """The summary while it is being filled in (frozen at the end)."""

    values: dict[str, Any] = field(default_factory=dict)
    budget: list[str] = field(default_factory=list)

    def cut(self, what: str) -> None:
        if what not in self.budget:
            self.budget.append(what)


def _setup_figures(game: Setup, draft: _Draft, clock: _Clock, max_states: int, budget: Budget,
                   current: bool, details: bool) -> None:
    """Verdict (when ``current``), fewest and necessary spells, cast lists and forced points."""
    v = draft.values
    verdicts: dict[str, Verdict] = {}
    states = explored = forced = 0
    lists, capped, complete = 1, False, True
    for name in game.world_names:
        verdict = _run(world_search(game, name), max_states, clock)
        verdicts[name] = verdict
        states += verdict.states
        if verdict.verdict == UNSOLVABLE and name in game.played_worlds:
            break                   # the level is lost in this world (ZR-18): the rest is moot
    answers = {verdicts[n].verdict for n in game.played_worlds if n in verdicts}
    overall = UNSOLVABLE if UNSOLVABLE in answers else UNKNOWN if UNKNOWN in answers else SOLVABLE
    main = verdicts.get(MAIN_WORLD)
    v["verdict"] = overall
    if current:
        v["layout_verdict"] = overall
        v["reason"] = "; ".join(verdicts[n].reason for n in game.played_worlds
                                if n in verdicts and verdicts[n].verdict == overall) if overall != SOLVABLE else ""
        if overall == UNKNOWN:
            draft.cut(f"this layout: {v['reason']}")
        if overall == SOLVABLE and main is not None:
            v["witness"] = tuple(main.cast_texts())
            v["witness_casts"] = main.casts
            mirrors = [(n, x) for n, x in verdicts.items() if n != MAIN_WORLD and n in game.played_worlds]
            v["mirror_witness"] = tuple((n, tuple(x.cast_texts())) for n, x in mirrors)
            v["mirror_witness_casts"] = tuple((n, x.casts) for n, x in mirrors)
    figures = v.setdefault("difficulty", {})
    figures["states"] = states
    if overall != SOLVABLE:
        return
    spells = sum(x.spells_used for x in verdicts.values() if x.verdict == SOLVABLE)
    v["layout_spells"] = spells
    figures["fewest_spells"] = spells
    if not details:
        return
    necessary: list[str] = []
    unknown = 0
    for name, verdict in verdicts.items():
        if verdict.verdict != SOLVABLE:
            continue
        prefix = "" if name == MAIN_WORLD else f"{name}:"
        clock.check()
        left = clock.left()
        graph_budget = budget.explore_states
        if left is not None and verdict.seconds > 0 and verdict.states > 0:
            graph_budget = min(graph_budget, max(SLICE, int(verdict.states / verdict.seconds * left)))
        graph = explore(game, name, budget=graph_budget) if left is None or left > 0 else None
        clock.check()
        if graph is not None:
            explored += graph.states
        if graph is None or not graph.complete:
            complete = False
            draft.cut("winning cast lists: " + (clock.spent if graph_budget < budget.explore_states or graph is None
                                                else f"state graph budget of {budget.explore_states} spent"))
        else:
            count, cap_hit = count_winning_cast_lists(game, graph, name, budget.cast_list_cap)
            lists, capped = lists * count, capped or cap_hit
            points = forced_points(graph)
            forced += points.count if points else 0
        world = game.world(name)
        for spell in world.spells:
            start = world.initial_state()
            left_spells = list(start.spells_left)
            left_spells[spell.index] = False
            search = world_search(game, name, start=start.replace(spells_left=tuple(left_spells)))
            answer = _run(search, budget.necessary_states, clock)
            if answer.verdict == UNSOLVABLE:
                necessary.append(prefix + spell.label)
            elif answer.verdict == UNKNOWN:
                unknown += 1
                draft.cut(f"necessary spells: {answer.reason}")
    v["necessary_spells"] = tuple(necessary)
    v["necessary_unknown"] = unknown
    figures["necessary_spells"] = len(necessary)
    figures["explored_states"] = explored
    if complete:
        v.update(cast_lists=lists, cast_lists_capped=capped, cast_lists_known=True)
        figures["winning_cast_lists"] = lists
        figures["forced_points"] = forced


# -- every layout ---------------------------------------------------------------------------------

@dataclass
class _Survey:
    tried: int = 0
    winning: int = 0
    unknown: int = 0
    fewest: int | None = None
    complete: bool = True        # every setup tried (no limit, time or cancel cut it) and decided
    cut: str = ""


_surveys: OrderedDict[Any, _Survey] = OrderedDict()
_surveys_lock = threading.Lock()


def _survey_key(level: Level, budget: Budget) -> Any:
    """What the survey depends on: the level without its prose (solutions only for their choices)."""
    fixed = tuple(level.solutions[0].choices) if level.solutions else ()
    return replace(level, title="", notes="", solutions=()), fixed, budget.layout_states, budget.layout_limit


def _survey(level: Level, clock: _Clock, budget: Budget) -> _Survey:
    """Every construction x finite choice x main A solved, within the clock (see ``solve_layouts``)."""
    key = _survey_key(level, budget)
    with _surveys_lock:
        if key in _surveys:
            _surveys.move_to_end(key)
            return _surveys[key]
    survey = _Survey()
    combos, open_ = choice_sets(level)
    fixed = dict(level.solutions[0].choices) if open_ and level.solutions else {}
    spawns = [room.label for room in level.rooms if room.type == "A"]
    deadline = _Deadline(clock.deadline if clock.deadline is not None else float("inf"), clock.cancel)
    try:
        for combo in combos:
            chosen = {**{k: val for k, val in fixed.items() if k in open_}, **combo}
            concrete = level.with_choices(chosen) if level.variables else level
            count = 0
            for layout in constructions(concrete, budget.layout_limit, deadline):
                count += 1
                for main in (spawns if len(spawns) > 1 else [None]):
                    _survey_setup(survey, setup(level, layout.with_main(main), chosen), clock, budget)
            if count >= budget.layout_limit:
                survey.complete, survey.cut = False, f"layouts: limit of {budget.layout_limit} per choice set reached"
    except LayoutDeadline:
        clock.check()
        survey.complete, survey.cut = False, f"layouts: {clock.spent}"
    except _TimeUp:
        survey.complete, survey.cut = False, f"layouts: {clock.spent}"
    if open_:
        survey.complete = False
        survey.cut = survey.cut or f"layouts: variables over N or R not enumerated ({', '.join(open_)})"
    if survey.complete or survey.cut.startswith("layouts: limit"):
        with _surveys_lock:
            _surveys[key] = survey
            while len(_surveys) > SURVEYS_KEPT:
                _surveys.popitem(last=False)
    return survey


class _TimeUp(Exception):
    """The clock struck inside one layout's search."""


def _survey_setup(survey: _Survey, game: Setup, clock: _Clock, budget: Budget) -> None:
    spells, answer = 0, SOLVABLE
    for name in game.played_worlds:
        verdict = _run(world_search(game, name), budget.layout_states, clock)
        if verdict.verdict == UNKNOWN and verdict.reason == clock.spent:
            raise _TimeUp
        if verdict.verdict != SOLVABLE:
            answer = verdict.verdict
            if answer == UNSOLVABLE:
                break
        spells += verdict.spells_used
    survey.tried += 1
    if answer == SOLVABLE:
        survey.winning += 1
        survey.fewest = spells if survey.fewest is None else min(survey.fewest, spells)
    elif answer == UNKNOWN:
        survey.unknown += 1
        survey.complete = False


def forget_surveys() -> None:
    """Drop every remembered over-layout survey (benchmarks measure the cold path with it)."""
    with _surveys_lock:
        _surveys.clear()


# -- the summary ----------------------------------------------------------------------------------

def summarise(level: Level | LevelCheck | str | os.PathLike, layout: Layout | None = None, *,
              choices: Mapping[str, Any] | None = None, seconds: float | None = 0.8, max_states: int = 200_000,
              budget: Budget = LIVE_BUDGET, cancel: threading.Event | None = None, details: bool = True,
              survey: bool = True) -> LevelSummary:
    """Every figure of the Studio's panel for ``level`` (a level, a loader check, or a file) with
    ``layout`` as the current layout. Never raises for a bad level: its faults go in ``problems``.

    ``max_states`` bounds each world's search of the current layout; ``budget`` the rest (the
    difficulty report's budgets, each layout of the survey ``budget.layout_states``). ``seconds``
    caps the whole call; ``cancel`` stops it within one slice of search, with ``cancelled=True``.
    ``details=False`` stops after the verdict and its fewest spells (no necessary spells, cast
    lists or forced points); ``survey=False`` skips the over-layout survey (the level browser
    asks for neither).
    """
    clock = _Clock(seconds, cancel)
    draft = _Draft()
    v = draft.values
    problems: list[str] = []
    try:
        found, problems = _read(level)
        if found is None:
            return _freeze(draft, problems)
        v["level"] = found.id
        problems += _contract_problems(found) + _solution_problems(found, clock)
        v["difficulty"] = {k: float(x) for k, x in static_columns(found).items()
                           if k in ("rooms", "heroes", "spells", "worlds", "constraints", "bonuses")}
        game, label = _figures_setup(found, layout, choices, draft)
        if game is not None:
            v["figures_for"] = label
            _setup_figures(game, draft, clock, max_states, budget, layout is not None, details)
        clock.check()
        if not survey:
            return _freeze(draft, problems)
        survey_ = _survey(found, clock, budget)
        v.update(layouts_tried=survey_.tried, layouts_winning=survey_.winning, layouts_unknown=survey_.unknown,
                 layouts_complete=survey_.complete)
        if survey_.cut:
            draft.cut(survey_.cut)
        spells = [x for x in (survey_.fewest, v.get("layout_spells")) if x is not None]
        v["fewest_spells"] = min(spells) if spells else None
        v["difficulty"].update(winning_layouts=float(survey_.winning), layouts_tried=float(survey_.tried))
    except _Cancelled:
        v["cancelled"] = True
    except Exception as error:      # the panel never shows a traceback: a fault is a problem line
        kind = "" if isinstance(error, ValueError) else f"{type(error).__name__}: "
        problems.append(f"analysis stopped: {kind}{(str(error).splitlines() or [''])[0]}")
    return _freeze(draft, problems)


def _figures_setup(level: Level, layout: Layout | None, choices: Mapping[str, Any] | None,
                   draft: _Draft) -> tuple[Setup | None, str]:
    """The setup the figures are for, and its name: the current layout when valid, else (no
    layout) the difficulty report's reference setup; ``(None, "")`` when there is none."""
    v = draft.values
    if layout is None:
        try:
            index, game = reference_setup(level)
        except LevelError:
            return None, ""         # the solution's fault is already among the problems
        return game, ("the first valid layout" if index is None else f"solution {index}'s layout")
    violations = validate_layout(level, layout)
    if violations:
        v["layout_verdict"] = INVALID
        v["layout_problems"] = tuple(str(x) for x in violations)
        return None, ""
    try:
        return setup(level, layout, _choices_for(level, layout, choices)), "this layout"
    except LevelError as error:
        v["layout_verdict"] = INVALID
        v["layout_problems"] = tuple(p.message for p in error.problems)
        return None, ""


def _freeze(draft: _Draft, problems: list[str]) -> LevelSummary:
    values = {k: x for k, x in draft.values.items() if not k.startswith("_")}
    if "difficulty" in values:
        values["difficulty"] = {k: float(x) for k, x in values["difficulty"].items()}
    return LevelSummary(problems=tuple(problems), budget="; ".join(draft.budget), **values)


def summarise_text(text: str, path: str | os.PathLike = "<string>", layout: Layout | None = None,
                   **options: Any) -> LevelSummary:
    """:func:`summarise` of a level's TOML text as typed (``path`` names it in the problems and
    finds its tile library and contracts)."""
    shown = str(path)
    real = Path(path) if shown != "<string>" else None
    return summarise(check_level_text(text, shown, level_path=real), layout, **options)

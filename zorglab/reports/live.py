"""The Studio's live analysis (issue 14): every figure of its panel for a level being edited.

:func:`summarise` answers, within a time cap and promptly when cancelled, what the panel shows:
the level's problems (the loader's own words, as ``zorglab validate`` prints them, and a known
solution that no longer replays to its ``expect``); for the current layout the exact verdict
(solvable with a witness, unsolvable, unknown naming the budget, or invalid with the layout's
violations); for that layout (else the level's reference setup, as the difficulty report takes it)
the fewest spells, the necessary spells, the winning cast lists (capped) and the report's
difficulty figures; and over every layout the setups tried and winning and the fewest spells.

Every search runs on the exact solver (:mod:`zorglab.search`) in slices of
:data:`~zorglab.reports.live_clock.SLICE` states, resumed after each look at the ``cancel`` event
and the clock, so a newer edit stops older work within one slice. Budgets are counted in states
(the same answer on any machine); the time cap is a safety net, and whatever it cuts short is
named in :attr:`LevelSummary.budget`. The over-layout survey depends on the level only, not on
the layout being edited: it is kept and resumed (:mod:`zorglab.reports.live_survey`), so moving a
room costs only the current layout's search, and a survey the cap cut short goes on next time.
"""

from __future__ import annotations

import difflib
import os
import threading
from collections import OrderedDict
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping

from zorglab.engine.game import Setup, play, setup
from zorglab.engine.layout import Layout, validate_layout
from zorglab.errors import LevelError
from zorglab.level.contracts import find_contracts, read_contracts
from zorglab.level.labels import MAIN_WORLD
from zorglab.level.loader import LevelCheck, check_level, check_level_text
from zorglab.level.model import Cast, Level
from zorglab.reports.budget import Budget
from zorglab.reports.difficulty import reference_setup, static_columns
from zorglab.reports.forced import forced_points
from zorglab.reports.live_clock import Cancelled, Clock, StateCap, run_sliced
from zorglab.reports.live_survey import forget_surveys, survey as survey_layouts
from zorglab.search.analysis import count_winning_cast_lists, explore
from zorglab.search.layouts import MAX_LAYOUTS, choice_sets
from zorglab.search.level import world_search
from zorglab.search.solver import SOLVABLE, UNKNOWN, UNSOLVABLE, Verdict

__all__ = ["INVALID", "LIVE_BUDGET", "LevelSummary", "forget_surveys", "summarise", "summarise_text"]

INVALID = "invalid"
LIVE_BUDGET = Budget(layout_limit=MAX_LAYOUTS, layout_seconds=None, level_seconds=None)


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
    survey_pending: bool = False                # the survey is not finished: a later summary resumes it
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
        unknown = f", {self.layouts_unknown} undecided" if self.layouts_unknown else ""
        if self.survey_pending:
            out.append(f"layouts: {self.layouts_winning} of {self.layouts_tried} win so far (the survey goes on"
                       f"{unknown})" if self.layouts_tried else "layouts: being surveyed")
        elif self.layouts_tried or self.layouts_complete:
            scope = "every layout tried" if self.layouts_complete else "not every layout tried"
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


# -- reading the level ----------------------------------------------------------------------------

def _read(level: Level | LevelCheck | str | os.PathLike) -> tuple[Level | None, list[str]]:
    if isinstance(level, Level):
        return level, []
    check = level if isinstance(level, LevelCheck) else check_level(Path(level))
    return check.level, [str(p) for p in check.problems]


def _contract_problems(level: Level) -> list[str]:
    """The level's contract must be one of its ``contracts.toml``, worded as ``zorglab validate``
    words it (without the line: the text being edited may not be the file on disk)."""
    if level.contract is None or not level.path:
        return []
    found = find_contracts(Path(level.path))
    if found is None:
        return []
    listed, problems = read_contracts(found)
    names = [c.name for c in listed.contracts]
    if problems or level.contract in names:
        return []
    close = difflib.get_close_matches(level.contract, names, n=1)
    hint = f"; did you mean {close[0]!r}?" if close else f" (contracts: {', '.join(names) or 'none'})"
    return [f"{level.path}: contract {level.contract!r} is not in {found}{hint}"]


def _solution_problems(level: Level, clock: Clock, draft: "_Draft") -> list[str]:
    """Every known solution whose replay no longer ends as its ``expect`` says (NFR-5)."""
    out = []
    for index, solution in enumerate(level.solutions):
        clock.check()
        if solution.expect is None:
            continue
        if clock.left() == 0.0:
            draft.cut(f"solutions {index}..{len(level.solutions) - 1} not replayed: {clock.spent}")
            break
        where = f"{solution.location}: " if solution.location else ""
        try:
            game = _setup(level, Layout.from_solution(solution), dict(solution.choices))
            outcome = play(game, solution.casts, dict(solution.mirror_casts), record=False).outcome
        except (LevelError, ValueError) as error:
            out.append(f"{where}solution {index} does not replay: {(str(error).splitlines() or [''])[0]}")
            continue
        if outcome is not solution.expect:
            out.append(f"{where}solution {index} expects a {solution.expect.value}, but its replay ends in a "
                       f"{outcome.value}")
    return out


_setups: OrderedDict[Any, Setup] = OrderedDict()
_setups_lock = threading.Lock()
SETUPS_KEPT = 16


def _setup(level: Level, layout: Layout, choices: Mapping[str, Any]) -> Setup:
    """The engine's setup, kept for a while by value: a setup's worlds keep their heroes' plan
    graphs, the bulk of a small search's time, so replaying solution 0 and then searching its
    layout (or searching the same layout again after an edit elsewhere) plans once."""
    try:
        key: Any = (level, layout, tuple(sorted(choices.items())))
        hash(key)
    except TypeError:           # a choice without a hash (a function value): not kept
        return setup(level, layout, choices)
    with _setups_lock:
        found = _setups.get(key)
        if found is not None:
            _setups.move_to_end(key)
            return found
    made = setup(level, layout, choices)
    with _setups_lock:
        _setups[key] = made
        while len(_setups) > SETUPS_KEPT:
            _setups.popitem(last=False)
    return made


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


def _setup_figures(game: Setup, draft: _Draft, clock: Clock, max_states: int, budget: Budget,
                   current: bool, details: bool) -> None:
    """Verdict (when ``current``), fewest and necessary spells, cast lists and forced points."""
    v = draft.values
    verdicts: dict[str, Verdict] = {}
    states = explored = forced = 0
    lists, capped, complete = 1, False, True
    for name in game.world_names:
        verdict = run_sliced(world_search(game, name), max_states, clock)
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
        states_cap = StateCap(budget.explore_states, clock)
        graph = explore(game, name, budget=states_cap)
        clock.check()
        explored += graph.states
        if not graph.complete:
            complete = False
            draft.cut("winning cast lists: " + (clock.spent if states_cap.struck
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
            answer = run_sliced(search, budget.necessary_states, clock)
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


# -- the summary ----------------------------------------------------------------------------------

def summarise(level: Level | LevelCheck | str | os.PathLike, layout: Layout | None = None, *,
              choices: Mapping[str, Any] | None = None, seconds: float | None = 0.8, max_states: int = 200_000,
              budget: Budget = LIVE_BUDGET, cancel: threading.Event | None = None, details: bool = True,
              survey: bool = True, on_verdict: Callable[[LevelSummary], Any] | None = None) -> LevelSummary:
    """Every figure of the Studio's panel for ``level`` (a level, a loader check, or a file) with
    ``layout`` as the current layout. Never raises for a bad level: its faults go in ``problems``.

    ``max_states`` bounds each world's search of the current layout; ``budget`` the rest (the
    difficulty report's budgets, each layout of the survey ``budget.layout_states``). ``seconds``
    caps the whole call; ``cancel`` stops it within one slice of search, with ``cancelled=True``.
    ``details=False`` stops after the verdict and its fewest spells (no necessary spells, cast
    lists or forced points); ``survey=False`` skips the over-layout survey (the level browser
    asks for neither). ``on_verdict`` is called once with the summary so far (``survey_pending``)
    as soon as the current layout's figures are known, before the solutions are replayed and the
    layouts surveyed, so a panel can show the verdict at once; a summary whose survey the cap cut short has ``survey_pending`` too, and the
    next summary of the level (any layout) goes on with the survey where it stopped.
    """
    clock = Clock(seconds, cancel)
    draft = _Draft()
    v = draft.values
    problems: list[str] = []
    try:
        found, problems = _read(level)
        if found is None:
            return _freeze(draft, problems)
        v["level"] = found.id
        problems += _contract_problems(found)
        v["difficulty"] = {k: float(x) for k, x in static_columns(found).items()
                           if k in ("rooms", "heroes", "spells", "worlds", "constraints", "bonuses")}
        game, label = _figures_setup(found, layout, choices, draft)
        if game is not None:
            v["figures_for"] = label
            _setup_figures(game, draft, clock, max_states, budget, layout is not None, details)
        clock.check()
        if on_verdict is not None and survey:
            on_verdict(_freeze(draft, problems, survey_pending=True))
        problems += _solution_problems(found, clock, draft)
        if not survey:
            return _freeze(draft, problems)
        survey_ = survey_layouts(found, clock, budget)
        v.update(layouts_tried=survey_.tried, layouts_winning=survey_.winning, layouts_unknown=survey_.unknown,
                 layouts_complete=survey_.complete, survey_pending=not survey_.finished)
        if survey_.cut:
            draft.cut(survey_.cut)
        spells = [x for x in (survey_.fewest, v.get("layout_spells")) if x is not None]
        v["fewest_spells"] = min(spells) if spells else None
        v["difficulty"].update(winning_layouts=float(survey_.winning), layouts_tried=float(survey_.tried))
    except Cancelled:
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
            game = None if game is None else _setup(level, game.layout, dict(game.choices))
        except LevelError:
            return None, ""         # the solution's fault is already among the problems
        return game, ("the first valid layout" if index is None else f"solution {index}'s layout")
    violations = validate_layout(level, layout)
    if violations:
        v["layout_verdict"] = INVALID
        v["layout_problems"] = tuple(str(x) for x in violations)
        return None, ""
    try:
        return _setup(level, layout, _choices_for(level, layout, choices)), "this layout"
    except LevelError as error:
        v["layout_verdict"] = INVALID
        v["layout_problems"] = tuple(p.message for p in error.problems)
        return None, ""


def _freeze(draft: _Draft, problems: list[str], **more: Any) -> LevelSummary:
    values = {k: x for k, x in draft.values.items() if not k.startswith("_")}
    values.update(more)
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

"""The live analysis of one setup: reading the level (its problems, in the loader's and
``zorglab validate``'s words, and its solutions replayed), choosing the setup the figures are for,
and its figures — verdict and witness, fewest and necessary spells, winning cast lists and forced
points — on the same searches and definitions as the difficulty report, each a child of the summary's
budget (its stops: :mod:`zorglab.widgets.live.clock`). :mod:`zorglab.widgets.live.summary` puts them together.
"""

from __future__ import annotations

import difflib
import os
import threading
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Final, Mapping

from zorglab.engine.game import Setup, play, setup
from zorglab.engine.layout import Layout
from zorglab.engine.layout_rules import validate_layout
from zorglab.errors import LevelError
from zorglab.level.contracts import find_contracts, read_contracts
from zorglab.core.model import MAIN_WORLD
from zorglab.level.loader import LevelCheck, check_level
from zorglab.core.model import Level
from zorglab.reports.budget import Budget
from zorglab.reports.difficulty import reference_setup
from zorglab.reports.forced import forced_points
from zorglab.core.budget import CANCELLED, Budget as Stops
from zorglab.widgets.live.clock import Cancelled, run_within, stop_if_cancelled
from zorglab.search.analysis import count_winning_cast_lists, explore
from zorglab.search.decide import decide_solvable
from zorglab.search.layouts import choice_combos
from zorglab.search.level import world_search
from zorglab.search.reasons import why_unsolvable
from zorglab.search.solver import SOLVABLE, UNKNOWN, UNSOLVABLE, Verdict

INVALID: Final = "invalid"     # a SetupVerdict: the layout cannot be built


# -- reading the level ----------------------------------------------------------------------------

def read_level(level: Level | LevelCheck | str | os.PathLike[str]) -> tuple[Level | None, list[str]]:
    """The level (None when it does not load) and the loader's problems, as ``zorglab validate`` prints them."""
    if isinstance(level, Level):
        return level, []
    check = level if isinstance(level, LevelCheck) else check_level(Path(level))
    return check.level, [str(p) for p in check.problems]


def contract_problems(level: Level) -> list[str]:
    """The level's contract must be one of its ``contracts.toml``, worded as ``zorglab validate``
    words it (without the line: the text being edited may not be the file on disk)."""
    if level.contract is None or not level.path or level.path.startswith("<"):
        return []                   # a text with no file ("<string>") has no contract list
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


def solution_problems(level: Level, stops: Stops, draft: Draft, max_actions: int | None = None) -> list[str]:
    """Every known solution whose replay no longer ends as its ``expect`` says (NFR-5). Each
    replay makes at most ``max_actions`` actions (the summary's states: a figure) under the
    summary's safety stop and cancel; one they stop cuts the draft ("not finished")."""
    out = []
    for index, solution in enumerate(level.solutions):
        stop_if_cancelled(stops)
        if solution.expect is None:
            continue
        if stops.spent:
            draft.cut(f"solutions {index}..{len(level.solutions) - 1} not replayed: {stops.describe()}")
            break
        where = f"{solution.location}: " if solution.location else ""
        try:
            game = kept_setup(level, Layout.from_solution(solution), dict(solution.choices))
            # the replay's actions heed the summary's safety stop and cancel (a portal loop of
            # millions of actions stops there); they are not charged as states
            played = play(game, solution.casts, dict(solution.mirror_casts), record=False,
                          budget=stops.child(max_actions, unit="actions", counts=False))
            outcome = played.outcome
        except (ValueError, RuntimeError) as error:     # a level fault, a refused cast, a plan too big
            out.append(f"{where}solution {index} does not replay: {(str(error).splitlines() or [''])[0]}")
            continue
        stopped = next((run.result.stopped for run in played.worlds if run.result.stopped), "")
        if stopped:
            stop_if_cancelled(stops)
            draft.cut(f"solutions {index}..{len(level.solutions) - 1} not replayed to their end: {stopped}")
            break
        if outcome is not solution.expect:
            out.append(f"{where}solution {index} expects a {solution.expect.value}, but its replay ends in a "
                       f"{outcome.value}")
    return out


kept_setups: OrderedDict[Any, Setup] = OrderedDict()
kept_setups_lock = threading.Lock()
SETUPS_KEPT = 8             # each keeps its worlds' plan graphs: a few MB on portal levels


def kept_setup(level: Level, layout: Layout, choices: Mapping[str, Any]) -> Setup:
    """The engine's setup, kept for a while by value: a setup's worlds keep their heroes' plan
    graphs, the bulk of a small search's time, so replaying solution 0 and then searching its
    layout (or searching the same layout again after an edit elsewhere) plans once."""
    try:
        key: Any = (level, layout, tuple(sorted(choices.items())))
        hash(key)
    except TypeError:           # a choice without a hash (a function value): not kept
        return setup(level, layout, choices, decide=decide_solvable)
    with kept_setups_lock:
        found = kept_setups.get(key)
        if found is not None:
            kept_setups.move_to_end(key)
            return found
    made = setup(level, layout, choices, decide=decide_solvable)
    with kept_setups_lock:
        kept_setups[key] = made
        while len(kept_setups) > SETUPS_KEPT:
            kept_setups.popitem(last=False)
    return made


def choices_for(level: Level, layout: Layout, choices: Mapping[str, Any] | None) -> dict[str, Any]:
    """The choices given; else those of a solution with this layout, else of the first solution,
    else the first finite combination (a level without variables needs none)."""
    if choices is not None or not level.variables:
        return dict(choices or {})
    for solution in level.solutions:
        if Layout.from_solution(solution) == layout:
            return dict(solution.choices)
    if level.solutions:
        return dict(level.solutions[0].choices)
    combos, open_ = choice_combos(level)
    first = next(combos, None)
    return dict(first) if first is not None and not open_ else {}


# -- one setup ------------------------------------------------------------------------------------

@dataclass
class Draft:
    """The summary while it is being filled in (frozen at the end)."""

    values: dict[str, Any] = field(default_factory=dict)
    budget: list[str] = field(default_factory=list)

    def cut(self, what: str) -> None:
        if what not in self.budget:
            self.budget.append(what)


FIGURES_KEPT = 16


def figures_kept(game: Setup, draft: Draft, stops: Stops, max_states: int, budget: Budget,
                 current: bool, details: bool, kept: Any = None, first: Callable[[], Any] | None = None) -> None:
    """:func:`setup_figures`, kept in ``kept`` (an ``OrderedDict`` the caller owns: the Studio's
    panel; None keeps nothing) by what they depend on: the level without its prose and solutions,
    the setup's layout and choices, the budgets. An edit of the title, the notes or a solution (or a
    keystroke undone) costs no search again (issue 39 item 5); figures a safety stop or a cancel cut
    short are not kept, and a cancel set before is heeded as ever. ``first`` is :func:`setup_figures`'
    (called once the verdict is known, before the figures that take longer; not on figures kept)."""
    stop_if_cancelled(stops)
    if kept is None or stops.seconds is not None:
        setup_figures(game, draft, stops, max_states, budget, current, details, first)
        return
    try:
        key: Any = (replace(game.level, title="", notes="", solutions=()), game.layout, tuple(game.choices),
                    max_states, budget, current, details)
        hash(key)
    except TypeError:
        setup_figures(game, draft, stops, max_states, budget, current, details, first)
        return
    with kept_figures_lock:
        hit = kept.get(key)
        if hit is not None:
            kept.move_to_end(key)
    v = draft.values
    if hit is not None:
        values, difficulty, cuts = hit
        v.update(values)
        v.setdefault("difficulty", {}).update(difficulty)
        for cut in cuts:
            draft.cut(cut)
        return
    before, difficulty_before, cuts_before = dict(v), dict(v.get("difficulty", {})), list(draft.budget)
    setup_figures(game, draft, stops, max_states, budget, current, details, first)
    if stops.spent:
        return
    values = {k: x for k, x in v.items() if k != "difficulty" and (k not in before or before[k] is not x)}
    difficulty = {k: x for k, x in v.get("difficulty", {}).items() if difficulty_before.get(k) != x}
    with kept_figures_lock:
        kept[key] = (values, difficulty, [c for c in draft.budget if c not in cuts_before])
        while len(kept) > FIGURES_KEPT:
            kept.popitem(last=False)


kept_figures_lock = threading.Lock()


def setup_figures(game: Setup, draft: Draft, stops: Stops, max_states: int, budget: Budget,
                  current: bool, details: bool, first: Callable[[], Any] | None = None) -> None:
    """Verdict (when ``current``), fewest and necessary spells, cast lists and forced points.
    ``first`` is called once the current layout's verdict (and its witness) is in ``draft``, before
    what takes longer: an unsolvable layout's closest miss, a solvable one's necessary spells and
    cast lists (the Studio shows the verdict at once)."""
    def verdict_known() -> None:
        if first is not None and current:
            first()
    v = draft.values
    verdicts: dict[str, Verdict] = {}
    states = explored = forced = 0
    lists, capped, complete = 1, False, True
    for name in game.world_names:
        # the difficulty report's reference search: its states are the same figure
        verdict = run_within(world_search(game, name, reference=True), max_states, stops)
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
        if overall == UNSOLVABLE:       # why, in the designer's words (zorglab.search.reasons)
            verdict_known()
            why = why_unsolvable(game, verdicts.items(), run=lambda search: run_within(search, max_states, stops),
                                 max_states=max_states, budget=stops)
            v["reason"] = why.said(len(game.played_worlds)) if why is not None else v["reason"]
            if why is not None and why.kind == "explored" and why.world == MAIN_WORLD:
                v["miss_casts"], v["miss_world"] = why.casts, why.world      # *play the closest miss*
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
        if overall != UNSOLVABLE:
            verdict_known()
        return
    spells = sum(x.spells_used for x in verdicts.values() if x.verdict == SOLVABLE)
    v["layout_spells"] = spells
    figures["fewest_spells"] = spells
    if not details:
        return
    verdict_known()
    necessary: list[str] = []
    unknown = 0
    for name, verdict in verdicts.items():
        if verdict.verdict != SOLVABLE:
            continue
        prefix = "" if name == MAIN_WORLD else f"{name}:"
        stop_if_cancelled(stops)
        part = stops.child(budget.explore_states)
        graph = explore(game, name, budget=part)
        if part.reason == CANCELLED:
            raise Cancelled
        explored += graph.states
        if not graph.complete:
            complete = False
            draft.cut("winning cast lists: " + (graph.stopped if graph.cut_short
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
            answer = run_within(search, budget.necessary_states, stops)
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


def figures_setup(level: Level, layout: Layout | None, choices: Mapping[str, Any] | None,
                   draft: Draft) -> tuple[Setup | None, str]:
    """The setup the figures are for, and its name: the current layout when valid, else (no
    layout) the difficulty report's reference setup; ``(None, "")`` when there is none."""
    v = draft.values
    if layout is None:
        try:
            index, game = reference_setup(level)
            game = None if game is None else kept_setup(level, game.layout, dict(game.choices))
        except LevelError:
            return None, ""         # the solution's fault is already among the problems
        return game, ("the first valid layout" if index is None else f"solution {index}'s layout")
    violations = validate_layout(level, layout)
    if violations:
        v["layout_verdict"] = INVALID
        v["layout_problems"] = tuple(str(x) for x in violations)
        return None, ""
    try:
        return kept_setup(level, layout, choices_for(level, layout, choices)), "this layout"
    except LevelError as error:
        v["layout_verdict"] = INVALID
        v["layout_problems"] = tuple(p.message for p in error.problems)
        return None, ""

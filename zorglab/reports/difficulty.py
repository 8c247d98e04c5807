"""Per-level difficulty: one row per level, from the exact search and the level's own data.

The *reference setup* of a level is the layout and choices of its first solution expected to
win (else its first solution; a level without solutions and without variables takes its first
construction). Search figures are for that setup, each world searched on its own and summed
(spells, states) or multiplied (cast lists); the layout count is over every construction.

*Difficulty* is the pair ``(steps, states)``, compared in that order: ``steps`` is the fewest
spells the win needs plus the level's *build steps* (:func:`build_steps`: one more for each factor
of :data:`BUILD_FACTOR` between the layouts tried and the winning ones -- a level won by 1 of its 12
layouts asks one decision more than its casts, issue 42); with as many steps, a longer search to
find the win is harder.
"""

from __future__ import annotations

import math
import time
from typing import Any, Callable, Iterable

import pandas as pd

from zorglab.engine.game import Setup, setup, setup_solution
from zorglab.errors import LevelError
from zorglab.core.model import MAIN_WORLD
from zorglab.core.model import Cast, HeroSpec, Level, Outcome, RoomSpec, SpellSpec
from zorglab.core.budget import Budget
from zorglab.reports.budget import StageBudgets
from zorglab.reports.forced import forced_points
from zorglab.reports.layouts import count_layouts
from zorglab.reports.tables import tidy
from zorglab.search.analysis import count_winning_cast_lists, explore
from zorglab.search.decide import decide_solvable
from zorglab.search.level import world_search
from zorglab.search.solver import SOLVABLE, UNKNOWN, UNSOLVABLE

DIFFICULTY_COLUMNS = (
    "level", "title", "contract", "file", "rooms", "room_types", "heroes", "hero_types", "spells", "spell_types",
    "spell_list", "worlds", "constraints", "bonuses", "solution", "verdict", "states", "fewest_spells", "witness",
    "witness_spells", "necessary", "necessary_spells", "necessary_unknown", "winning_cast_lists",
    "cast_lists_capped", "explored_states", "explore_complete", "forced_points", "forced_ticks",
    "winning_layouts", "layouts_tried", "layouts_complete", "seconds", "cut_short", "error",
)
# Columns whose value is a list of names (a row holds them space-joined; the frame as lists, see
# zorglab.reports.tables): ``*_types`` are distinct and sorted; ``spell_list``, ``witness_spells``
# and ``necessary_spells`` keep repeats (one name per spell).
LIST_COLUMNS = ("room_types", "hero_types", "spell_types", "spell_list", "witness_spells", "necessary", "necessary_spells")
NOT_SET_UP = "no setup"
ERROR = "error"


def _worlds(level: Level) -> list[tuple[str, tuple[RoomSpec, ...], tuple[HeroSpec, ...], tuple[SpellSpec, ...]]]:
    """(name, rooms, heroes, spells) of every world, main first."""
    return [(MAIN_WORLD, level.rooms, level.heroes, level.spells)] + [
        (m.name, m.rooms, m.heroes, m.spells) for m in level.mirrors]


def _names(values: Iterable[str]) -> str:
    return " ".join(sorted(set(values)))


def static_columns(level: Level, file: str | None = None) -> dict[str, Any]:
    """What the level file says: its rooms, heroes, spells, worlds and conditions."""
    worlds = _worlds(level)
    return {
        "level": level.id, "title": level.title, "contract": level.contract or "", "file": file or level.path or "",
        "rooms": len(level.rooms), "room_types": _names(r.type for _, rooms, _, _ in worlds for r in rooms),
        "heroes": sum(len(h) for _, _, h, _ in worlds),
        "hero_types": _names(h.type for _, _, heroes, _ in worlds for h in heroes),
        "spells": sum(len(s) for _, _, _, s in worlds),
        "spell_types": _names(s.type for _, _, _, spells in worlds for s in spells),
        "spell_list": " ".join(sorted(s.type for _, _, _, spells in worlds for s in spells)),
        "worlds": len(worlds),
        "constraints": len(level.constraints) + sum(len(m.constraints) for m in level.mirrors),
        "bonuses": len(level.bonuses) + sum(len(m.bonuses) for m in level.mirrors),
    }


def reference_setup(level: Level) -> tuple[int | None, Setup | None]:
    """(solution index or None, the setup the search figures are for)."""
    if level.solutions:
        index = next((i for i, s in enumerate(level.solutions) if s.expect is Outcome.WIN), 0)
        return index, setup_solution(level, index, decide=decide_solvable)
    if level.variables:
        return None, None
    from zorglab.search.layouts import constructions
    first = next(constructions(level, 1), None)
    return None, (setup(level, first, decide=decide_solvable) if first is not None else None)


def _cast_types(casts: Iterable[Cast]) -> list[str]:
    out = []
    for cast in casts:
        out.append(cast.spell.type)
        if cast.inner is not None:
            out.append(cast.inner.spell.type)
    return out


def search_columns(game: Setup, budget: StageBudgets, within: Budget | None = None) -> dict[str, Any]:
    """Verdict, fewest spells, witness, necessary spells, cast lists and forced points of a setup.

    Each search gets its stage's states as a child of ``within`` (the row's safety stop): the
    figures depend on states alone, unless the safety stop strikes (``within.cut_short``)."""
    within = within or Budget()
    verdicts, states, fewest, witness, witness_types = [], 0, 0, [], []
    necessary, necessary_types, necessary_unknown = [], [], 0
    lists, capped, explored, complete, forced, ticks = 1, False, 0, True, 0, []
    for name in game.world_names:
        prefix = "" if name == MAIN_WORLD else f"{name}:"
        # the reference search's states: a measure that a new search cut does not move
        # (docs/reports.md, "Difficulty")
        verdict = world_search(game, name, reference=True).run(budget=within.child(budget.solve_states))
        verdicts.append(verdict.verdict)
        states += verdict.states
        if verdict.verdict == UNSOLVABLE:
            break
        if verdict.verdict != SOLVABLE:
            continue
        fewest += verdict.spells_used
        witness += [prefix + text for text in verdict.cast_texts()]
        witness_types += _cast_types(verdict.casts)
        graph = explore(game, name, budget=within.child(budget.explore_states))
        explored += graph.states
        complete = complete and graph.complete
        if graph.complete:
            count, cap_hit = count_winning_cast_lists(game, graph, name, budget.cast_list_cap)
            lists, capped = lists * count, capped or cap_hit
            points = forced_points(graph)
            forced += points.count if points else 0
            ticks += [f"{prefix}{t}" for t in (points.ticks if points else ())]
        world = game.world(name)
        for spell in world.spells:
            start = world.initial_state()
            left = list(start.spells_left)
            left[spell.index] = False
            answer = world_search(game, name, start=start.replace(spells_left=tuple(left))).run(
                budget=within.child(budget.necessary_states)).verdict
            if answer == UNSOLVABLE:
                necessary.append(prefix + spell.label)
                necessary_types.append(spell.type)
            elif answer == UNKNOWN:
                necessary_unknown += 1
    overall = UNSOLVABLE if UNSOLVABLE in verdicts else UNKNOWN if UNKNOWN in verdicts else SOLVABLE
    solved = overall == SOLVABLE
    return {
        "verdict": overall, "states": states, "fewest_spells": fewest if solved else None,
        "witness": "; ".join(witness), "witness_spells": " ".join(sorted(witness_types)),
        "necessary": " ".join(necessary), "necessary_spells": " ".join(sorted(necessary_types)),
        "necessary_unknown": necessary_unknown,
        "winning_cast_lists": lists if solved and complete else None,
        "cast_lists_capped": capped if solved and complete else None,
        "explored_states": explored, "explore_complete": complete if solved else None,
        "forced_points": forced if solved and complete else None,
        "forced_ticks": " ".join(ticks) if solved and complete else None,
    }


def layout_columns(level: Level, budget: StageBudgets, within: Budget | None = None) -> dict[str, Any]:
    """How many layouts (constructions x finite choices x main A) win, and whether all were tried
    (within ``budget.survey_states`` in all, ``budget.layout_states`` each)."""
    within = within or Budget()
    if within.spent:
        return {"winning_layouts": None, "layouts_tried": 0, "layouts_complete": False}
    survey = within.child(None, seconds=budget.layout_seconds)
    count = count_layouts(level, max_states=budget.layout_states, limit=budget.layout_limit,
                          max_work=budget.survey_states, budget=survey)
    return {"winning_layouts": count.winning, "layouts_tried": count.tried, "layouts_complete": count.complete,
            "cut_short": count.cut_short, "_stopped": count.stopped}


def difficulty_row(level: Level, budget: StageBudgets = StageBudgets(), file: str | None = None, *,
                   clock: Callable[[], float] | None = None) -> dict[str, Any]:
    """One level's row (every column of :data:`DIFFICULTY_COLUMNS`); a fault goes in ``error``.

    Every figure is decided by the stage budgets' states; ``budget.level_seconds`` is a CPU-seconds
    safety stop (on ``clock``, ``time.process_time`` by default): when it strikes, ``cut_short``
    is true and ``error`` says "not finished". The setup search and the layout search fail apart:
    a level whose layouts cannot be enumerated keeps its search figures, and the other way round.
    """
    t0 = time.perf_counter()
    within = Budget(None, seconds=budget.level_seconds, clock=clock)
    row: dict[str, Any] = dict.fromkeys(DIFFICULTY_COLUMNS)
    row.update(static_columns(level, file))
    faults = []
    try:
        index, game = reference_setup(level)
        row["solution"] = index
        if game is None:
            row["verdict"] = NOT_SET_UP
        else:
            row.update(search_columns(game, budget, within))
    except Exception as error:   # one broken level must not sink a report of the whole pack
        row["verdict"] = ERROR
        faults.append(_fault(error))
    try:
        row.update(layout_columns(level, budget, within))
    except Exception as error:
        faults.append("layouts: " + _fault(error))
    within.check()
    stopped = row.pop("_stopped", "")
    cut = within.cut_short or bool(row["cut_short"])
    if cut:
        faults.append(f"not finished: {within.describe() or stopped}")
    row["error"], row["cut_short"] = "; ".join(faults), cut
    row["seconds"] = round(time.perf_counter() - t0, 3)
    return row


def _fault(error: Exception) -> str:
    """The first line of an error for people; the class name too for anything else (a bug)."""
    kind = "" if isinstance(error, (LevelError, ValueError)) else f"{type(error).__name__}: "
    return kind + (str(error).splitlines() or [""])[0]


def error_row(level_id: str, file: str, message: str) -> dict[str, Any]:
    """The row of a level file that did not load."""
    row: dict[str, Any] = dict.fromkeys(DIFFICULTY_COLUMNS)
    row.update({"level": level_id, "file": file, "verdict": ERROR, "error": message.splitlines()[0], "seconds": 0.0})
    return row


def difficulty_frame(rows: Iterable[dict[str, Any]]) -> pd.DataFrame:
    """Rows as a table with the standard columns, sorted by level id (a deterministic order)."""
    frame = tidy(pd.DataFrame(list(rows), columns=list(DIFFICULTY_COLUMNS)))     # lists as lists, Int64 counts
    return frame.sort_values("level", kind="stable").reset_index(drop=True)


def level_difficulty(levels: Iterable[Level], budget: StageBudgets = StageBudgets()) -> pd.DataFrame:
    """The difficulty table of ``levels`` (serial; see :mod:`zorglab.sweep` for a parallel run)."""
    return difficulty_frame(difficulty_row(level, budget) for level in levels)


# A build counts as one more decision, like a spell, for each factor of 8 between the layouts tried and
# the winning ones: 1 of 2 or 1 of 4 (two heroes' order, a room's two places) is seen at a glance;
# 1 of 8 or fewer is a build to search for (docs/reports.md, "Difficulty").
BUILD_FACTOR = 8


def _get(row: Any, column: str) -> Any:
    try:
        return row[column]
    except (KeyError, IndexError):
        return None


def layout_share(row: Any) -> float | None:
    """``winning_layouts / layouts_tried`` of a row (None when not counted or nothing was tried)."""
    won, tried = _get(row, "winning_layouts"), _get(row, "layouts_tried")
    if _missing(won) or _missing(tried) or int(tried) <= 0:
        return None
    return int(won) / int(tried)


def build_steps(row: Any) -> int:
    """How many factors of :data:`BUILD_FACTOR` lie between the layouts tried and the winning ones
    (``tried >= won * 8**k``); 0 when the count is unknown or no layout was found winning."""
    won, tried = _get(row, "winning_layouts"), _get(row, "layouts_tried")
    if _missing(won) or _missing(tried) or int(won) <= 0:
        return 0
    steps = 0
    while int(tried) >= int(won) * BUILD_FACTOR ** (steps + 1):
        steps += 1
    return steps


def difficulty_key(row: Any) -> tuple[int, int] | None:
    """``(steps, states)`` of a solved row (``steps`` = fewest spells + :func:`build_steps`); None
    when the difficulty is not known."""
    fewest, states = row["fewest_spells"], row["states"]
    if row["verdict"] != SOLVABLE or _missing(fewest) or _missing(states):
        return None
    return int(fewest) + build_steps(row), int(states)


def difficulty_words(row: Any) -> str:
    """The difficulty of a row in words: ``1 spell, 59 states``; with build steps ``0 spells + 1 build
    step (1 of 12 layouts win), 51 states``; else why it is unknown."""
    key = difficulty_key(row)
    if key is None:
        return "difficulty unknown (not proved winnable within the budget)"
    fewest, build = int(row["fewest_spells"]), build_steps(row)
    words = f"{fewest} spell{'s' * (fewest != 1)}"
    if build:
        words += (f" + {build} build step{'s' * (build != 1)} ({int(row['winning_layouts'])} of "
                  f"{int(row['layouts_tried'])} layouts win)")
    return f"{words}, {key[1]} states"


def _missing(value: Any) -> bool:
    return value is None or value is pd.NA or (isinstance(value, float) and math.isnan(value))

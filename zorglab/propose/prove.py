"""Proving a draft: the exact search decides it, the difficulty measure gives its figures.

A draft becomes a :class:`Candidate` only with its verdict, its witness (the fewest-spells win
found by :func:`zorglab.search.level.solve_setup`) and the figures the brief is judged on, all
from the project's own measures: :func:`zorglab.reports.difficulty.difficulty_row` on the level
with the witness as its winning solution (fewest spells, search states, winning cast lists,
winning layouts over every construction, necessary spells, forced points). Budgets are counted in
states only, so a candidate's figures are the same in any process and on any machine; a run's
CPU-seconds safety stop (``within``) may only interrupt a draft, never change its figures.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from zorglab.core.budget import Budget as Allowance, BudgetSpent
from zorglab.engine.game import Setup, play, setup
from zorglab.engine.layout import Layout
from zorglab.engine.layout_rules import is_valid
from zorglab.errors import LevelError
from zorglab.level.loader import load_level_text
from zorglab.core.model import Level, Outcome, Solution
from zorglab.core.printer import format_cast
from zorglab.propose.brief import PLAIN_HERO, TARGETS, Brief
from zorglab.propose.draft import Draft, make_draft
from zorglab.propose.interest import Interest, interest, pinned_labels
from zorglab.reports.budget import Budget
from zorglab.search.level import solve_setup
from zorglab.search.solver import SOLVABLE, SetupVerdict
from zorglab.seeding import Seed, normalise_seed

# Counted in states only (no clock): the same figures in every process (dask = serial).
PROPOSE_BUDGET = Budget(solve_states=20_000, explore_states=20_000, necessary_states=5_000, cast_list_cap=50,
                        layout_states=5_000, layout_limit=200, layout_seconds=None, level_seconds=None)
LOSING_LAYOUTS = 60         # constructions looked at for a losing layout of a level won without spells
PLAIN_TYPE = PLAIN_HERO.split("(")[0]     # the type a hero is compared with (types_matter): Warrior
FIGURES = ("fewest_spells", "states", "winning_layouts", "layouts_tried", "layouts_complete",
           "cast_lists", "cast_lists_capped", "necessary", "forced_points", "pins_matter", "spawn_kill",
           "first_cast", "distinct_cast_lists", "distinct_capped", "graph_states", "pins", "timing")


@dataclass(frozen=True)
class Candidate:
    """One proposed level (or one rejected draft): what it is, how it was judged and why."""

    index: int
    seed: int
    draft: Draft | None
    verdict: SetupVerdict
    reason: str = ""
    witness: tuple[str, ...] = ()
    map: tuple[tuple[str | None, ...], ...] = ()   # the proposed layout, rows north first
    loss_map: tuple[tuple[str | None, ...], ...] = ()
    loss_casts: tuple[str, ...] = ()
    loss_outcome: str = ""                         # the losing solution's outcome (loss | stall), "" if none
    figures: dict[str, Any] = field(default_factory=dict)
    misses: tuple[str, ...] = ()                   # each target missed, in words
    distance: float = 0.0                          # how far from the targets (0: every one met)
    interest: Interest | None = None               # do the pins matter, spawn kill, first cast (issue 26)

    @property
    def meets(self) -> bool:
        return self.verdict == SOLVABLE and not self.misses

    def summary(self) -> str:
        if self.verdict != SOLVABLE:
            return f"#{self.index}: {self.verdict} ({self.reason})"
        f = self.figures
        text = f"#{self.index}: {f.get('fewest_spells')} spell(s)"
        if "states" in f:
            text += (f", {f['states']} states, {f['winning_layouts']} winning layout(s), "
                     f"{f['cast_lists']} cast list(s)")
        if "spawn_kill" in f:
            text += (f"; pins matter: {_yes(f['pins_matter'])}, spawn kill: {_yes(f['spawn_kill'])}, "
                     f"first cast after {_known(f['first_cast'])} action(s)")
        return text + (f"; misses {', '.join(self.misses)}" if self.misses else "")


def _yes(value: bool | None) -> str:
    return "unknown" if value is None else "yes" if value else "no"


def _known(value: int | None) -> str:
    return "-" if value is None else str(value)


def draft_level(draft: Draft, level_id: str = "draft") -> Level:
    """The draft as a loaded level (the loader checks every name and tile), without solutions."""
    from zorglab.propose.write import level_text
    return load_level_text(level_text(draft, level_id))


def draft_layout(level: Level, draft: Draft) -> Layout:
    return Layout.from_slots({room.label: slot for room, slot in zip(level.rooms, draft.slots)})


def prove(brief: Brief, seed: Seed, index: int, budget: Budget = PROPOSE_BUDGET, *,
          within: Allowance | None = None) -> Candidate:
    """Draft ``index`` for ``brief`` and ``seed``, searched and measured (a pure function of its inputs).

    ``within`` lends the searches a run's safety stop and cancel event (not its work: the states
    are the stage budgets'); once it is spent, :class:`~zorglab.core.budget.BudgetSpent` is
    raised between stages and the draft is not judged."""
    seed = normalise_seed(seed)
    draft = make_draft(brief, seed, index)
    if draft is None:
        return Candidate(index, seed, None, "invalid", "no road could be laid for this draft")
    try:
        level = draft_level(draft)
    except LevelError as error:
        return Candidate(index, seed, draft, "invalid", str(error).splitlines()[0])
    layout = draft_layout(level, draft)
    if not is_valid(level, layout):
        return Candidate(index, seed, draft, "invalid", "the road's tiles do not fit together")
    game = setup(level, layout)
    verdict = solve_setup(game, max_states=budget.solve_states, budget=within)
    _stop_if_spent(within)
    rows = layout.to_map()[0]
    if verdict.verdict != SOLVABLE:
        return Candidate(index, seed, draft, verdict.verdict, verdict.to_json()["reason"], map=rows)
    fewest = verdict.worlds[0][1].spells_used
    needed = brief.spells_needed            # at least one cast unless the brief asks otherwise (issue 42)
    if fewest not in needed:
        miss = (f"fewest spells {fewest} (asked {needed})" if brief.fewest_spells is not None
                else "won with no cast at all (the brief asks for at least one cast)")
        return Candidate(index, seed, draft, SOLVABLE, "", tuple(format_cast(c) for c in verdict.casts), rows,
                         figures={"fewest_spells": fewest}, misses=(miss,),
                         distance=float(needed.gap(fewest)) * 10)
    witness = tuple(format_cast(c) for c in verdict.casts)
    found = brief_interest(brief, level, layout)
    _stop_if_spent(within)
    dull = interest_misses(brief, found)
    if dull:       # not what the brief asked for: no need to measure the rest
        return Candidate(index, seed, draft, SOLVABLE, "", witness, rows,
                         figures={"fewest_spells": fewest, **interest_figures(found)}, misses=dull,
                         distance=10.0 * len(dull), interest=found)
    won = level.replace(solutions=(Solution(map=rows, casts=verdict.casts, expect=Outcome.WIN),))
    figures = {**measure(won, budget, within), **interest_figures(found)}
    loss_map, loss_outcome = _losing_run(level, layout, game)
    _stop_if_spent(within)
    misses, distance = judge(brief, figures)
    return Candidate(index, seed, draft, SOLVABLE, "witness found", witness, rows, loss_map, (), loss_outcome,
                     figures, misses, distance, found)


def brief_interest(brief: Brief, level: Level, layout: Layout) -> Interest:
    """The interest figures of a drafted level, its pins found by the brief's notation; with
    ``types_matter`` every hero that is not a plain Warrior is judged as if pinned too."""
    heroes = [label for label, _ in pinned_labels(level, "hero", brief.heroes)]
    if brief.types_matter:
        heroes += [h.label for h in level.heroes if h.type != PLAIN_TYPE and h.label not in heroes]
    return interest(level, layout, rooms=[label for label, _ in pinned_labels(level, "room", brief.rooms)],
                    heroes=heroes, spells=[label for label, _ in pinned_labels(level, "spell", brief.spells)],
                    timing=brief.timing)


def interest_figures(found: Interest) -> dict[str, Any]:
    """The figures a candidate carries from its interest (``pins``: one short verdict per pin)."""
    figures = found.figures()
    figures["pins"] = "; ".join(f"{p['text']}: {_yes(p['matters'])}" for p in figures["pins"])
    return figures


def interest_misses(brief: Brief, found: Interest) -> tuple[str, ...]:
    """What the brief's interest options ask that the figures do not show (unknown never passes)."""
    misses = []
    pinned = {text for text in brief.rooms + brief.heroes + brief.spells}
    for p in found.pins:
        if p.matters is True or not (brief.pins_matter or (brief.types_matter and p.kind == "hero")):
            continue
        if p.text in pinned or not brief.types_matter:
            misses.append(f"pinned {p.kind} {p.text} does not matter ({p.why})" if p.matters is False
                          else f"whether pinned {p.kind} {p.text} matters is unknown ({p.why})")
        else:
            misses.append(f"hero {p.text}: its type does not matter, a Warrior of its HP does alike ({p.why})"
                          if p.matters is False else f"hero {p.text}: whether its type matters is unknown ({p.why})")
    if brief.pins_matter:
        if found.spawn_kill:
            misses.append(f"a spawn kill: won by {' '.join(found.spawn_kill_casts)} before any hero steps")
        elif found.spawn_kill is None:
            misses.append("spawn kill unknown (state graph not explored whole)")
    if brief.min_first_cast is not None and (found.first_cast is None or found.first_cast < brief.min_first_cast):
        misses.append(f"first cast after {_known(found.first_cast)} action(s) (asked {brief.min_first_cast}+)")
    if brief.graph_states is not None and (not found.complete or found.graph_states not in brief.graph_states):
        misses.append(f"graph states {found.graph_states}{'' if found.complete else '+'} (asked {brief.graph_states})")
    if brief.timing and found.timing is not True:
        misses.append("timing between heroes unknown (state graph not explored whole)" if found.timing is None
                      else "no timing between heroes: the run without casts already brings two together"
                      if found.meet_free else "no timing between heroes: a win takes them one after the other")
    if brief.unique and (found.distinct_lists != 1 or found.lists_capped):
        misses.append(f"{_known(found.distinct_lists)} winning cast lists up to commuting casts (asked one)")
    return tuple(misses)


def _stop_if_spent(within: Allowance | None) -> None:
    if within is not None:
        within.stop_if_spent()


def measure(level: Level, budget: Budget = PROPOSE_BUDGET, within: Allowance | None = None) -> dict[str, Any]:
    """The figures of a level with a winning solution, from the difficulty measure (under the
    safety stop ``within`` lends, if any: a row it cuts raises :class:`BudgetSpent`)."""
    from zorglab.reports.difficulty import difficulty_row
    left = None if within is None else within.seconds_left()
    if left is not None:
        budget = replace(budget, level_seconds=max(left, 1e-6))     # a safety stop: no figure depends on it
    row = difficulty_row(level, budget)
    if row["cut_short"] and within is not None:
        within.check()
        raise BudgetSpent(within)
    if row["error"]:
        raise RuntimeError(f"the difficulty measure failed on a proposed level: {row['error']}")
    return {
        "fewest_spells": row["fewest_spells"], "states": row["states"],
        "winning_layouts": row["winning_layouts"], "layouts_tried": row["layouts_tried"],
        "layouts_complete": bool(row["layouts_complete"]),
        "cast_lists": row["winning_cast_lists"], "cast_lists_capped": bool(row["cast_lists_capped"]),
        "necessary": row["necessary"] or "", "forced_points": row["forced_points"],
    }


def _losing_run(level: Level, layout: Layout, game: Setup) -> tuple[tuple[tuple[str | None, ...], ...], str]:
    """The no-cast run on the proposed layout when it does not win; else a layout that loses
    without spells (the tempting wrong build); else nothing."""
    outcome = play(game).outcome
    if outcome is not Outcome.WIN:
        return layout.to_map()[0], outcome.value
    from zorglab.search.layouts import constructions
    for other in constructions(level, LOSING_LAYOUTS):
        result = play(setup(level, other)).outcome
        if result is not Outcome.WIN:
            return other.to_map()[0], result.value
    return (), ""


def judge(brief: Brief, figures: dict[str, Any]) -> tuple[tuple[str, ...], float]:
    """Each target the figures miss (in words) and the distance to the targets: the gaps in
    spells and layouts weigh most, states least (relative)."""
    misses, distance = [], 0.0
    weights = {"fewest_spells": 10.0, "winning_layouts": 4.0, "cast_lists": 2.0}
    for name in TARGETS:
        span = getattr(brief, name)
        if span is None:
            continue
        value = figures.get(name)
        label = name.replace("_", " ")
        if name == "winning_layouts" and not figures.get("layouts_complete"):
            misses.append(f"winning layouts not all counted ({figures.get('layouts_tried')} tried, asked {span})")
            distance += weights[name]
            continue
        if name == "cast_lists" and figures.get("cast_lists_capped"):
            value = None if span.hi is not None else value
        if value is None:
            misses.append(f"{label} unknown (asked {span})")
            distance += weights.get(name, 1.0)
            continue
        gap = span.gap(int(value))
        if gap:
            misses.append(f"{label} {value} (asked {span})")
            distance += weights.get(name, 0.0) * gap if name != "states" else gap / max(1, span.lo or 1)
    return tuple(misses), round(distance, 4)

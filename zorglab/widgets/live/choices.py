"""Which choices win on one layout (FR-2, FR-3): the Studio's panel lists the verdict of every choice.

Every combination of a finite domain's picks is tried (a set: distinct picks; a list: ordered
picks, as many repeats as it holds: :func:`zorglab.search.layouts.choice_sets`). ``N`` and ``R``
have no end: their picks are tried over the bounded range :data:`OPEN_RANGE` (whole numbers
0..5) and the result says so; at most :data:`MAX_COMBINATIONS` combinations are searched, each
within ``max_states`` states (a child of one budget whose cancel event a newer edit sets), and a
cut is said, never hidden.
"""

from __future__ import annotations

import itertools
import threading
from dataclasses import dataclass
from typing import Any, Mapping

from zorglab.core.model import MAIN_WORLD, DomainKind, Level
from zorglab.core.printer import format_value
from zorglab.engine.layout import Layout
from zorglab.engine.layout_rules import validate_layout
from zorglab.errors import LevelError
from zorglab.core.budget import Budget
from zorglab.widgets.live.clock import Cancelled, run_within, stop_if_cancelled
from zorglab.widgets.live.setup_figures import kept_setup
from zorglab.search.layouts import choice_sets
from zorglab.search.level import world_search
from zorglab.search.solver import SOLVABLE, UNKNOWN, UNSOLVABLE, SetupVerdict, Solvability

OPEN_RANGE = range(0, 6)        # the picks of N and R tried: a bounded range, said in the panel
MAX_COMBINATIONS = 24


@dataclass(frozen=True)
class ChoiceVerdict:
    choices: tuple[tuple[str, Any], ...]
    verdict: SetupVerdict
    witness: tuple[str, ...] = ()
    reason: str = ""
    worlds: tuple[tuple[str, tuple[str, ...]], ...] = ()     # each played world's witness, by name

    def witness_text(self) -> str:
        """The witness as the panel says it: each world named when the level has more than one."""
        if len(self.worlds) > 1:
            return " | ".join(f"world {name}: {' '.join(casts) or 'no casts'}" for name, casts in self.worlds)
        return " ".join(self.witness)

    def text(self) -> str:
        return ", ".join(f"{name} = {format_value(value)}" for name, value in self.choices)


@dataclass(frozen=True)
class ChoiceVerdicts:
    rows: tuple[ChoiceVerdict, ...]
    total: int                   # combinations in the (bounded) domains
    bounded: tuple[str, ...]     # variables over N or R, tried on OPEN_RANGE only
    cancelled: bool = False

    @property
    def winning(self) -> tuple[ChoiceVerdict, ...]:
        return tuple(r for r in self.rows if r.verdict == SOLVABLE)

    def lines(self, current: Mapping[str, Any] | None = None) -> list[str]:
        """The panel's text: which choices win on this layout, and how far the search looked."""
        if not self.rows:
            return []
        scope = "every choice" if not self.bounded else (
            f"{', '.join(self.bounded)} over {OPEN_RANGE.start}..{OPEN_RANGE.stop - 1} only (a bounded range "
            "of an endless domain; other values not searched)")
        shown = f"{len(self.rows)} of {self.total}" if len(self.rows) < self.total else f"all {self.total}"
        out = [f"choices on this layout ({scope}; {shown} tried): {len(self.winning)} win"]
        chosen = tuple(sorted((current or {}).items()))
        for row in self.rows:
            mark = "▶ " if tuple(sorted(row.choices)) == chosen else "  "
            said = row.verdict + (f" — witness: {row.witness_text()}" if row.witness or row.worlds else "") + (
                f" ({row.reason})" if row.reason and row.verdict != SOLVABLE else "")
            out.append(f"{mark}{row.text()}: {said}")
        if self.cancelled:
            out.append("  (stopped: a newer edit came)")
        return out


def combinations(level: Level) -> tuple[list[dict[str, Any]], list[str]]:
    """Every choice to try: finite domains whole, N and R over :data:`OPEN_RANGE` (named in the second part)."""
    finite, open_ = choice_sets(level)
    options = []
    for variable in level.variables:
        if variable.domain not in (DomainKind.NATURALS, DomainKind.REALS):
            continue
        picks = itertools.permutations(OPEN_RANGE, variable.count)
        options.append([(variable.name, p[0] if variable.count == 1 else tuple(p)) for p in picks])
    combos = [{**base, **dict(extra)} for base in finite for extra in itertools.product(*options)]
    return combos, open_


def choice_verdicts(level: Level, layout: Layout, *, seconds: float | None = None, max_states: int = 20_000,
                    cancel: threading.Event | None = None) -> ChoiceVerdicts | None:
    """The verdict of every choice on ``layout`` (None: the level has no variables or the layout
    is not valid). Each combination's worlds are searched as the panel's verdict is, each within
    ``max_states``; ``seconds`` is a CPU-seconds safety stop (None: none)."""
    if not level.variables or not len(layout) or validate_layout(level, layout):
        return None
    combos, open_ = combinations(level)
    stops = Budget(None, seconds=seconds, cancel=cancel)
    rows: list[ChoiceVerdict] = []
    cancelled = False
    try:
        for choices in combos[:MAX_COMBINATIONS]:
            stop_if_cancelled(stops)
            rows.append(_judge(level, layout, choices, stops, max_states))
    except Cancelled:
        cancelled = True
    return ChoiceVerdicts(tuple(rows), len(combos), tuple(open_), cancelled)


def _judge(level: Level, layout: Layout, choices: dict[str, Any], stops: Budget, max_states: int) -> ChoiceVerdict:
    named = tuple(choices.items())
    try:
        game = kept_setup(level, layout, choices)
    except LevelError as error:
        return ChoiceVerdict(named, "invalid", reason=(str(error).splitlines() or [""])[0])
    answers: list[Solvability] = []
    witness: tuple[str, ...] = ()
    worlds: list[tuple[str, tuple[str, ...]]] = []
    reasons: list[str] = []
    for name in game.played_worlds:
        verdict = run_within(world_search(game, name), max_states, stops)
        answers.append(verdict.verdict)
        if verdict.verdict == SOLVABLE:
            worlds.append((name, tuple(verdict.cast_texts())))
            if not witness or name == MAIN_WORLD:
                witness = worlds[-1][1]
        if verdict.verdict == UNKNOWN:
            reasons.append(verdict.reason)
        if verdict.verdict == UNSOLVABLE:
            break
    overall: SetupVerdict = UNSOLVABLE if UNSOLVABLE in answers else UNKNOWN if UNKNOWN in answers else SOLVABLE
    solved = overall == SOLVABLE
    return ChoiceVerdict(named, overall, witness if solved else (), "; ".join(reasons),
                         tuple(worlds) if solved else ())

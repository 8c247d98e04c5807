"""The Studio's live analysis (issue 14): every figure of its panel for a level being edited.

:func:`summarise` answers, within a time cap and promptly when cancelled, what the panel shows:
the level's problems (the loader's own words, as ``zorglab validate`` prints them, and a known
solution that no longer replays to its ``expect``); for the current layout the exact verdict
(solvable with a witness, unsolvable, unknown naming the budget, or invalid with the layout's
violations); for that layout (else the level's reference setup, as the difficulty report takes it)
the fewest spells, the necessary spells, the winning cast lists (capped) and the report's
difficulty figures; and over every layout the setups tried and winning and the fewest spells.

Every search runs on the exact solver (:mod:`zorglab.search`) within a child of one
:class:`~zorglab.core.budget.Budget` per summary, which looks at the ``cancel`` event every
:data:`~zorglab.core.budget.CHECK_EVERY` states, so a newer edit stops older work at once. Budgets
are counted in states: the same figures on a fast and a slow machine. ``seconds`` is only a
CPU-seconds safety stop; whatever it cuts short says "not finished" in :attr:`LevelSummary.budget`. The over-layout survey depends on the level only, not on
the layout being edited: it is kept and resumed (:mod:`zorglab.widgets.live.survey`), so moving a
room costs only the current layout's search, and a survey the cap cut short goes on next time.
"""

from __future__ import annotations

import os
import threading
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping

from zorglab.engine.layout import Layout
from zorglab.level.loader import LevelCheck, check_level_text
from zorglab.core.model import Cast, Level
from zorglab.core.registry import is_spawn_room
from zorglab.reports.budget import Budget
from zorglab.reports.difficulty import static_columns
from zorglab.core.budget import Budget as Stops
from zorglab.widgets.live.clock import Cancelled, stop_if_cancelled
from zorglab.widgets.live.setup_figures import (Draft, contract_problems, figures_kept, figures_setup, read_level,
                                        solution_problems)
from zorglab.widgets.live.survey import survey as survey_layouts
from zorglab.search.layouts import MAX_LAYOUTS
from zorglab.search.solver import SOLVABLE, UNKNOWN, UNSOLVABLE, SetupVerdict

__all__ = ["LIVE_BUDGET", "LevelSummary", "summarise", "summarise_text"]

LIVE_BUDGET = Budget(layout_limit=MAX_LAYOUTS, survey_states=2_000_000, layout_seconds=None, level_seconds=None)


@dataclass(frozen=True)
class LevelSummary:
    """The panel's figures. ``None`` means not known (not asked, not reached, or not decided)."""

    level: str = ""
    problems: tuple[str, ...] = ()
    layout_verdict: SetupVerdict | None = None  # None: no layout
    layout_problems: tuple[str, ...] = ()       # the layout's violations (verdict invalid), or why no setup
    reason: str = ""                            # the verdict's reason, in the solver's words
    witness: tuple[str, ...] | None = None      # main-world casts of the witness (current layout)
    mirror_witness: tuple[tuple[str, tuple[str, ...]], ...] = ()
    witness_casts: tuple[Cast, ...] = ()        # the same witness as casts, for the Player
    mirror_witness_casts: tuple[tuple[str, tuple[Cast, ...]], ...] = ()
    miss_casts: tuple[Cast, ...] = ()           # the closest miss of an unsolvable layout (main world), for the Player
    miss_world: str = ""                        # the world of that closest miss ("" when there is none)
    budget: str = ""                            # every budget that cut something short; "" when none
    figures_for: str = ""                       # "this layout" / "solution N's layout" / ""
    verdict: SetupVerdict | None = None         # the verdict of that setup (the current layout's, when given)
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
    counted_per: str = ""                       # what else a layout is counted per ("choice", "choice and main A")
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
        per = f", counting every {self.counted_per}" if self.counted_per else ""
        if self.survey_pending:
            out.append(f"layouts: {self.layouts_winning} of {self.layouts_tried} win so far{per} (the survey goes on"
                       f"{unknown})" if self.layouts_tried else "layouts: being surveyed")
        elif self.layouts_tried or self.layouts_complete:
            scope = "every layout tried" if self.layouts_complete else "not every layout tried"
            out.append(f"layouts: {self.layouts_winning} of {self.layouts_tried} win{per} ({scope}{unknown})")
        if self.fewest_spells is not None:
            out.append(f"fewest spells over the layouts found: {self.fewest_spells}")
        hard = self._difficulty_text()
        if hard:
            out.append(f"difficulty: {hard}")
        if self.budget:
            out.append(f"budget: {self.budget}")
        if self.cancelled:
            out.append("cancelled: superseded by a newer change")
        return out

    def _verdict_text(self) -> str:
        if self.layout_verdict == SOLVABLE:
            casts = "; ".join(self.witness or ()) or "no casts needed"
            mirrors = "".join(f" | {name}: {'; '.join(texts) or 'no casts'}" for name, texts in self.mirror_witness)
            return f"solvable — witness: {casts}{mirrors}"
        if self.layout_verdict in (UNSOLVABLE, UNKNOWN) and self.reason:
            return f"{self.layout_verdict} — {self.reason}"
        return str(self.layout_verdict)

    def _difficulty_text(self) -> str:
        """The report's ranking pair and the figures the lines above do not already say."""
        d = self.difficulty
        if "fewest_spells" not in d or "states" not in d:
            return ""
        spells = int(d["fewest_spells"])
        parts = [f"{spells} spell{'s' if spells != 1 else ''}, {_number(d['states'])} search states "
                 "(the report's ranking pair)"]
        if "forced_points" in d:
            forced = int(d["forced_points"])
            parts.append(f"{forced} forced casting point{'s' if forced != 1 else ''}")
        if d.get("explored_states"):
            parts.append(f"state graph {_number(d['explored_states'])} states")
        return "; ".join(parts)

    def _lists_text(self) -> str:
        if not self.cast_lists_known:
            return "not counted (budget)"
        if self.cast_lists_capped:
            return f"at least {self.cast_lists} (counting stops there): not unique"
        return f"{self.cast_lists} — " + ("unique" if self.cast_lists == 1 else "not unique")

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: every field but the witness's cast objects (their texts are kept)."""
        data = asdict(self)
        for key in ("witness_casts", "mirror_witness_casts", "miss_casts"):
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


# -- the summary ----------------------------------------------------------------------------------

def summarise(level: Level | LevelCheck | str | os.PathLike[str], layout: Layout | None = None, *,
              choices: Mapping[str, Any] | None = None, seconds: float | None = None, max_states: int = 200_000,
              budget: Budget = LIVE_BUDGET, cancel: threading.Event | None = None, details: bool = True,
              survey: bool = True, on_verdict: Callable[[LevelSummary], Any] | None = None,
              clock: Callable[[], float] | None = None, kept: Any = None,
              on_layout_verdict: Callable[[LevelSummary], Any] | None = None) -> LevelSummary:
    """Every figure of the Studio's panel for ``level`` (a level, a loader check, or a file) with
    ``layout`` as the current layout. Never raises for a bad level: its faults go in ``problems``.

    ``max_states`` bounds each world's search of the current layout; ``budget`` the rest (the
    difficulty report's budgets, each layout of the survey ``budget.layout_states``): every figure
    is decided by these states. ``seconds`` is a CPU-seconds safety stop for the whole call (on
    ``clock``, ``time.process_time`` by default; what it cuts says "not finished"); ``cancel``
    stops it within :data:`~zorglab.core.budget.CHECK_EVERY` states, with ``cancelled=True``.
    ``details=False`` stops after the verdict and its fewest spells (no necessary spells, cast
    lists or forced points); ``survey=False`` skips the over-layout survey (the level browser
    asks for neither). ``on_verdict`` is called once with the summary so far (``survey_pending``)
    as soon as the current layout's figures are known, before the solutions are replayed and the
    layouts surveyed, so a panel can show the verdict at once; a summary whose survey the cap cut short has ``survey_pending`` too, and the
    next summary of the level (any layout) goes on with the survey where it stopped. ``kept`` (an
    ``OrderedDict`` the caller owns, the Studio's panel) keeps the current setup's figures by what
    they depend on, so an edit of the prose or the solutions searches nothing again.
    ``on_layout_verdict`` (with ``on_verdict``) is called, before it, with the current layout's
    verdict and witness alone, as soon as they are known: before an unsolvable layout's closest miss
    is looked for and a solvable one's necessary spells and cast lists are counted (not called when
    those figures were kept).
    """
    stops = Stops(None, seconds=seconds, cancel=cancel, clock=clock)
    draft = Draft()
    v = draft.values
    problems: list[str] = []
    try:
        found, problems = read_level(level)
        if found is None:
            return _freeze(draft, problems)
        v["level"] = found.id
        spawns = sum(1 for room in found.rooms if is_spawn_room(room.type))
        v["counted_per"] = " and ".join((["choice"] if found.variables else []) + (["main A"] if spawns > 1 else []))
        problems += contract_problems(found)
        v["difficulty"] = {k: float(x) for k, x in static_columns(found).items()
                           if k in ("rooms", "heroes", "spells", "worlds", "constraints", "bonuses")}
        game, label = figures_setup(found, layout, choices, draft)
        if game is not None:
            v["figures_for"] = label
            first = None
            if on_layout_verdict is not None and on_verdict is not None and survey:
                first = lambda: on_layout_verdict(_freeze(draft, problems, survey_pending=True,  # noqa: E731
                                                          figures_for=""))      # its figures: not yet
            figures_kept(game, draft, stops, max_states, budget, layout is not None, details, kept, first)
        stop_if_cancelled(stops)
        if on_verdict is not None and survey:
            on_verdict(_freeze(draft, problems, survey_pending=True))
        problems += solution_problems(found, stops, draft, max_states)
        if not survey:
            return _freeze(draft, problems)
        survey_ = survey_layouts(found, stops, budget)
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


def _freeze(draft: Draft, problems: list[str], **more: Any) -> LevelSummary:
    values = {k: x for k, x in draft.values.items() if not k.startswith("_")}
    values.update(more)
    if "difficulty" in values:
        values["difficulty"] = {k: float(x) for k, x in values["difficulty"].items()}
    return LevelSummary(problems=tuple(problems), budget="; ".join(draft.budget), **values)


def summarise_text(text: str, path: str | os.PathLike[str] = "<string>", layout: Layout | None = None,
                   **options: Any) -> LevelSummary:
    """:func:`summarise` of a level's TOML text as typed (``path`` names it in the problems and
    finds its tile library and contracts)."""
    shown = str(path)
    real = Path(path) if shown != "<string>" else None
    return summarise(check_level_text(text, shown, level_path=real), layout, **options)

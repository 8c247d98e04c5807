"""The Player's lines as results: a branch comparison, the default *solve*, and a run saved as a
solution — what the Player's *compare*, *solve* and *save run* buttons answer, apart from the widget."""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from zorglab.engine.game import Setup, play
from zorglab.engine.state import GameState
from zorglab.errors import LevelError
from zorglab.core.model import MAIN_WORLD
from zorglab.level.save import SavedSolution
from zorglab.paint import palette
from zorglab.widgets.saving import LevelFile

if TYPE_CHECKING:
    from zorglab.widgets.player import Player

Solver = Callable[[Any, GameState], Any]


@dataclass(frozen=True)
class CompareRow:
    """One line of a branch comparison: where the line stands and how it ends if nothing more is cast."""

    name: str
    tick: int
    casts: tuple[str, ...]
    outcome: str
    end_tick: int
    hp: tuple[tuple[str, int, bool], ...]     # (hero, HP at the end, alive)


def search_from_here(game: Setup, max_states: int = 200_000, max_seconds: float = 10.0) -> Solver:
    """The default *solve*: the exact search from the Player's current state, with the world's
    constraints as its win test (zorglab.search; the widget restates no rule)."""
    def solve(world: Any, state: GameState) -> Any:
        from zorglab.search.decide import deciding
        from zorglab.search.solver import UNSOLVABLE, Search
        judge = deciding(game)
        verdict = Search(world, wins=lambda s: judge.wins(world.name, s), start=state).run(max_states, max_seconds)
        if verdict.verdict == UNSOLVABLE:       # and why (zorglab.search.reasons), from here
            from zorglab.search.reasons import why_from
            why = why_from(judge, world.name, state, max_states)
            verdict = replace(verdict, reason=why.text)
        return verdict
    return solve


def describe_verdict(verdict: Any) -> str:
    """'solvable: @4 Attack(1) (14 states)' for a search Verdict; str() for anything else. An
    unsolvable verdict's reason says why (and its closest miss)."""
    if hasattr(verdict, "cast_texts"):
        witness = " ".join(verdict.cast_texts())
        return (f"{verdict.verdict}{': ' + witness if witness else ''} ({verdict.states} states; "
                f"{verdict.reason})")
    return str(verdict)


def compare_rows(players: Sequence[Player]) -> list[CompareRow]:
    """Each Player's line projected to its end with no further cast."""
    rows = []
    for player in players:
        result = player.timeline.project()
        hp = tuple((player.world.heroes[i].label, h.hp, h.alive) for i, h in enumerate(result.state.heroes))
        rows.append(CompareRow(player.timeline.name, player.state.tick,
                               tuple(f.text for f in player.timeline.frames[1:player.timeline.position + 1]
                                     if f.kind == "cast"),
                               str(result.outcome), result.state.tick, hp))
    return rows


def save_run(player: Player) -> SavedSolution | None:
    """Save ``player``'s run as a solution of its level file (see :meth:`Player.save_run`); what
    happened is said in the Player's save box, a refusal raised after it is said."""
    if player.setup is None or player.file is None:
        player.save_box.value = "<i>save run needs a Player built from a Setup of a level with a file</i>"
        return None
    siblings = player.siblings
    casts = player.timeline.casts_made() if player.world_name == MAIN_WORLD else \
        siblings[MAIN_WORLD].timeline.casts_made() if MAIN_WORLD in siblings else ()
    mirror_casts = {name: other.timeline.casts_made() for name, other in siblings.items()
                    if name != MAIN_WORLD and other.timeline.casts_made()}
    outcome = play(player.setup, casts, mirror_casts, record=False).outcome
    try:
        player.saved = player.file.save(player.setup.layout, casts, expect=outcome,
                                        choices=dict(player.setup.choices), mirror_casts=mirror_casts)
    except LevelError as error:             # stale, read-only, locked: said next to the button
        player.save_box.value = f"<span style='color:{palette.VIOLATION}'>not saved: {html.escape(str(error))}</span>"
        raise
    player.save_box.value = html.escape(player.file.said(player.saved, f"this run ({outcome})"))
    return player.saved


def solve_here(player: Player) -> Any:
    """The solver's verdict from ``player``'s current state (None with no solver), said in its verdict box."""
    if player.solver is None:
        player.verdict_box.value = "<i>no solver wired yet (Player.solver is None)</i>"
        return None
    verdict = player.solver(player.world, player.state)
    player.verdict_box.value = f"<b>solver:</b> {html.escape(describe_verdict(verdict))}"
    return verdict


def win_window_here(player: Player) -> list[Any]:
    """``player``'s win window (FR-46) from the exact search, its marks up to the current tick said
    in the verdict box (needs a Player built from a Setup)."""
    if player.setup is None:
        player.verdict_box.value = "<i>the win window needs a Player built from a Setup</i>"
        return []
    from zorglab.search.analysis import win_window
    points = win_window(player.setup, player.timeline.casts_made(), player.world.name)
    marks = " ".join(f"{p.tick}:{'✓' if p.winnable else ('?' if p.winnable is None else '✗')}"
                     for p in points if p.tick <= player.state.tick)
    player.verdict_box.value = f"<b>win window</b> (tick: still winnable?) {html.escape(marks)}"
    return points


def world_players(setup: Setup, file: LevelFile | None) -> tuple[dict[str, Player], w.Widget]:
    """One Player per world played (ZR-18), sharing the level file and each other (for *save run*),
    and the widget that shows them: the one Player, or a tab per world."""
    from zorglab.widgets.player import Player
    worlds = setup.played_worlds
    siblings: dict[str, Player] = {}
    for name in worlds:
        siblings[name] = Player(setup, world=name, file=file, siblings=siblings)
    if len(worlds) == 1:
        return siblings, siblings[worlds[0]].widget
    tabs = w.Tab(children=[p.widget for p in siblings.values()])
    for k, name in enumerate(worlds):
        tabs.set_title(k, f"world {name}")
    return siblings, tabs

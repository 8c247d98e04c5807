"""*Why not that way?* (issue 25 item 3): from the Player, pick another first step (or a cell of the
board) for the hero explained and see its own plan, the priority layer that rejects it, and the
board after it — as a branch beside the Player, going on from there by the rules.

Everything comes from the explanation (:func:`zorglab.widgets.explain.explain`, itself read off the
planner) and from the engine's ``act`` performing that one step; the Player holds only the
:class:`WhyNotPanel` (``player.why``) and calls :func:`refresh_why_not` and :func:`draw_why_not`.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from zorglab.engine.state import GameState
from zorglab.engine.turns import act
from zorglab.paint import palette
from zorglab.paint.painter import Painter
from zorglab.paint.plan import draw_path
from zorglab.widgets.explain import TIE_LAYER, ExplainRow, Explanation
from zorglab.widgets.timeline import Frame

if TYPE_CHECKING:
    from zorglab.widgets.player import Player


@dataclass(frozen=True)
class WhyNot:
    """The answer for one other first step: its own plan, the layer that rejects it, the board after it."""

    hero: int
    label: str
    row: ExplainRow
    position: int           # the Player's frame it answers for
    after: GameState | None     # the board after that one step (None: it cannot be taken)
    text: str


def _answer(player: Player, found: Explanation, row: ExplainRow) -> WhyNot:
    chosen = next((r for r in found.rows if r.chosen), None)
    if row.chosen:
        text = f"{found.hero} does take {row.action}: it is the chosen step ({found.cost_text(row.cost)})"
    elif row.cost is None:
        text = f"{found.hero} cannot go {row.action}: {row.note}"
    else:
        via = " → ".join(row.rooms)
        if row.layer == TIE_LAYER:
            rejects = f"it ties with {chosen.action if chosen else 'the chosen step'} and loses at the tie order " \
                      f"{' > '.join(found.order)}"
        else:
            k = found.cost_names.index(row.layer)
            best = chosen.cost if chosen is not None else None
            rejects = (f"layer {k + 1}, {found.layer_name(row.layer)}, rejects it: "
                       f"{found.cost_word(row.layer)} {row.cost[k]}") + (
                f" > {best[k]}" if best is not None else "")
        back = " (every plan starting so turns back)" if row.turns_back else ""
        text = (f"why not {row.action}? its own plan goes via {via}{back}, costing {found.cost_text(row.cost)}; "
                f"{rejects}")
    after = None
    state = player.state
    if row.raw is not None and row.cost is not None:
        try:
            after = act(player.world, state, (found.index, row.raw), record=False)[0]
        except Exception:           # an action the rules refuse here: no board after it
            after = None
    return WhyNot(found.index, found.hero, row, player.timeline.position, after, text)


def why_not(player: Player, pick: str | int) -> WhyNot | None:
    """The answer for the explained hero's first step ``pick`` (its words as the explanation shows
    them, e.g. ``"right"``, or a row number); said in the panel and drawn on the board."""
    found = player.explain()
    if found is None or not found.rows:
        player.why.show(None, f"nothing to ask: {found.sentence if found else 'no hero acts next'}")
        return None
    rows = list(found.rows)
    row = rows[pick] if isinstance(pick, int) else next((r for r in rows if r.action == pick or
                                                        r.action.split(" (")[0] == pick), None)
    if row is None:
        player.why.show(None, f"{found.hero} has no first step {pick!r}")
        return None
    answer = _answer(player, found, row)
    player.why.show(answer, answer.text)
    player.refresh()
    return answer


def why_not_cell(player: Player, slot: tuple[int, int], local: tuple[int, int]) -> WhyNot | None:
    """The first step whose own plan goes through the cell clicked (the chosen plan's first, if it
    does), answered as :func:`why_not`."""
    found = player.explain()
    room = player.world.slot_index(player.state.slots).get((slot[0], slot[1]))
    if found is None or room is None or not found.rows:
        return None
    cell = (room, (local[0], local[1]))
    ordered = [r for r in found.rows if r.chosen] + [r for r in found.rows if not r.chosen]
    for row in ordered:
        if any(step.pos == cell for step in row.steps):
            return why_not(player, list(found.rows).index(row))
    player.why.show(None, f"no first step's own plan takes {found.hero} through "
                          f"{player.world.rooms[room].label} cell {local}")
    return None


def branch_why_not(player: Player, answer: WhyNot | None = None) -> Player | None:
    """A branch beside the Player where the hero took that step instead; from there the run goes on
    by the rules (the hero plans again). A what-if: no cast can make it, so it is not saved."""
    answer = answer if answer is not None else player.why.answer
    if answer is None or answer.after is None:
        return None
    fork = player.branch(f"why not {answer.row.action.split(' (')[0]}")
    fork.file = None            # a what-if, not a run the rules allow: never saved as a solution
    timeline = fork.timeline
    timeline.frames.append(Frame(answer.after, (), "action",
                                 f"tick {answer.after.tick}: {answer.label} went {answer.row.action} (why not)"))
    timeline.position = len(timeline.frames) - 1
    fork.refresh()
    player.refresh()
    return fork


class WhyNotPanel:
    """The Player's *why not?* box: the explained hero's other first steps, the answer, a branch."""

    def __init__(self, player: Player):
        self.player = player
        self.answer: WhyNot | None = None
        self.steps = w.Dropdown(options=[], description="why not", layout=w.Layout(width="300px"))
        self.steps.add_class("zorglab-why-not")      # what the page (and its browser test) finds it by
        self.steps.observe(self._picked, names="value")
        self.branch_button = w.Button(description="branch that way", icon="code-fork", layout=w.Layout(width="auto"),
                                      tooltip="a branch where the hero took that step; the run goes on from there")
        self.branch_button.on_click(lambda _b: branch_why_not(self.player))
        self.text = w.HTML()
        self._syncing = False
        self.widget = w.VBox([w.HBox([self.steps, self.branch_button]), self.text])

    def _picked(self, change: dict[str, Any]) -> None:
        if not self._syncing and change["new"]:
            why_not(self.player, change["new"])

    def show(self, answer: WhyNot | None, text: str) -> None:
        self.answer = answer
        self.text.value = f"<div style='font-size:12px;color:{palette.WHY_NOT}'>{html.escape(text)}</div>"
        self.branch_button.disabled = answer is None or answer.after is None

    def sync(self, found: Explanation | None) -> None:
        """Offer the explained hero's first steps; forget an answer for another frame."""
        if self.answer is not None and self.answer.position != self.player.timeline.position:
            self.answer = None
            self.text.value = ""
        options = [""] + [r.action for r in found.rows] if found is not None and found.rows else [""]
        self._syncing = True
        try:
            if list(self.steps.options) != options:
                self.steps.options = options
            self.steps.value = self.answer.row.action if self.answer is not None else ""
        finally:
            self._syncing = False
        self.branch_button.disabled = self.answer is None or self.answer.after is None


def refresh_why_not(player: Player, found: Explanation | None) -> None:
    why = getattr(player, "why", None)
    if why is not None:
        why.sync(found)


def draw_why_not(player: Any, painter: Painter) -> None:
    """The step asked about: its own plan dashed in orange from where the hero stands."""
    why = getattr(player, "why", None)
    answer = None if why is None else why.answer
    if answer is None or answer.position != player.timeline.position:
        return
    hero = player.state.heroes[answer.hero]
    if hero.pos is not None and answer.row.steps:
        draw_path(painter, player.state, player.view, hero.pos, answer.row.steps, colour=palette.WHY_NOT,
                  dashed=True)

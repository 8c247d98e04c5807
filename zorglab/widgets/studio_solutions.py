"""The level's saved solutions in the Studio (issue 39 item 1): each ``[[solutions]]`` entry with its
layout, choices, casts and what it gives now, edited on the page like the rest of the level.

A room, hero or spell renamed in the rows is renamed in every solution by the draft itself
(:mod:`zorglab.level.renames`); what no rename can carry — a spell removed, or changed to another
type — leaves the casts that named it faulty, and each cast shows its loader fault under it, to be
fixed by typing or dropped with its button. A solution can be laid out in the Maker, played in the
Player, duplicated, moved, deleted, and its expected outcome changed. Every handler goes through the
Studio's ``edit`` (one undo history, the level re-read by the loader).

What each solution gives now is replayed off the kernel's main thread: an edit's handler only says
"replaying…", and the analysis worker replays the solutions after the edit's verdict is shown
(:attr:`~zorglab.widgets.studio_panel.AnalysisPanel.then`), each replay stopped by a newer edit.
Replayed in the handler, they held the main thread (and the GIL the verdict's search needs) for
0.1-0.4 s per keystroke on a level with a few solutions (docs/performance.md, "Session 15").
"""

from __future__ import annotations

import html
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import ipywidgets as w
import tomlkit

from zorglab.core.budget import Budget
from zorglab.core.model import Level, Outcome
from zorglab.engine.game import play
from zorglab.engine.layout import Layout
from zorglab.level import renames
from zorglab.level.draft import Draft
from zorglab.widgets.closing import close_tree
from zorglab.widgets.studio_list import fault_html, small_button

REPLAY_ACTIONS = 200_000          # a replay's actions (a figure, as the analysis panel's replays)
SHOWN = 30                        # solutions drawn at most (a level rarely holds more than a few)
KEPT = 8                          # the replays of the last texts, kept (undo and redo find them)
REPLAYING = "replaying…"          # what a solution gives now, until its replay is known


class SolutionsPage(Protocol):
    """What the solutions editor needs of the Studio."""

    draft: Draft
    notice: str
    solution: int | None

    def edit(self, change: Callable[[Draft], Any], what: str = "changed", basis: Any = None) -> bool: ...

    def choose_solution(self, index: int | None) -> None: ...

    def play_solution(self, index: int) -> Any: ...

    def refresh(self) -> None: ...


def replay(level: Level, index: int, cancel: threading.Event | None = None) -> str:
    """What solution ``index`` gives now, said for a person: ``win`` (as expected), ``loss (expected a
    win)``, or why it does not replay; each replay bounded by :data:`REPLAY_ACTIONS` actions, and
    stopped when ``cancel`` is set."""
    from zorglab.widgets.live.setup_figures import kept_setup
    solution = level.solutions[index]
    try:
        game = kept_setup(level, Layout.from_solution(solution), dict(solution.choices))
        run = play(game, solution.casts, dict(solution.mirror_casts), record=False,
                   budget=Budget(REPLAY_ACTIONS, unit="actions", cancel=cancel))
    except (ValueError, RuntimeError) as error:
        return f"does not replay: {(str(error).splitlines() or [''])[0]}"
    stopped = next((r.result.stopped for r in run.worlds if r.result.stopped), "")
    if stopped:
        return f"not replayed to its end ({stopped})"
    outcome = run.outcome
    if solution.expect is None:
        return f"{outcome.value} (no outcome expected)"
    if outcome is solution.expect:
        return f"{outcome.value} ✓ as expected"
    return f"{outcome.value} ✗ — it expects a {solution.expect.value}"


@dataclass(frozen=True)
class Wanted:
    """The replays the text shown asks for: its level (None: it has problems), how many solutions,
    and each solution's heading without what it gives now."""

    text: str
    level: Level | None
    count: int
    heads: tuple[str, ...]


class SolutionsEditor:
    """The solutions panel (a tab of the Studio): one box per solution, rebuilt when the level's text
    changes. Handlers: :meth:`duplicate`, :meth:`remove`, :meth:`move`, :meth:`set_cast`,
    :meth:`drop_cast`, :meth:`add_cast`, :meth:`set_expect`, :meth:`lay_out`, :meth:`play`.
    ``busy()`` says whether the analysis worker will run :meth:`replay_wanted` after the next verdict
    (else :meth:`refresh` replays at once)."""

    def __init__(self, page: SolutionsPage, busy: Callable[[], bool] = lambda: False):
        self.page = page
        self.busy = busy
        self.shown_text: str | None = None
        self.wanted: Wanted | None = None    # the replays the text shown asks for
        self.replayed: str | None = None     # the text whose replays the headings show
        self.shown_verdicts: list[str] = []
        self.kept: OrderedDict[str, list[str]] = OrderedDict()      # replays by text
        self._lock = threading.Lock()        # the headings, written by the page and by the worker
        self.structure: Any = None           # the solutions' text and faults the boxes were built for
        self.heads: list[w.HTML] = []
        self.heading = w.HTML()
        self.boxes = w.VBox()
        self.widget = w.VBox([self.heading, self.boxes], layout=w.Layout(max_width="1100px"))
        self.widget.add_class("zorglab-studio-solutions")

    # --- handlers ---------------------------------------------------------------------------------

    def _edit(self, change: renames.SolutionEdit, args: tuple[Any, ...], what: str,
              chosen: Callable[[int | None], int | None] | None = None) -> bool:
        before = self.page.solution
        done = self.page.edit(lambda d: d.edit_solutions(change, *args), what)
        if done and chosen is not None:
            self.page.solution = chosen(before)
            self.page.refresh()
        return done

    def duplicate(self, index: int) -> bool:
        """A copy of solution ``index`` right after it (to vary it without losing it)."""
        return self._edit(renames.duplicate_solution, (index,), f"solution {index} duplicated as {index + 1}",
                          lambda s: s + 1 if s is not None and s > index else s)

    def remove(self, index: int) -> bool:
        """Solution ``index`` deleted (undo brings it back)."""
        return self._edit(renames.remove_solution, (index,), f"solution {index} deleted",
                          lambda s: None if s == index else s - 1 if s is not None and s > index else s)

    def move(self, index: int, offset: int) -> bool:
        """Solution ``index`` moved ``offset`` places (solutions are numbered in file order)."""
        count = len(self.page.draft.document.get("solutions") or ())
        target = max(0, min(count - 1, index + offset))

        def chosen(s: int | None) -> int | None:
            if s == index:
                return target
            if s is not None and index < s <= target:
                return s - 1
            if s is not None and target <= s < index:
                return s + 1
            return s
        return self._edit(renames.move_solution, (index, offset), f"solution {index} moved to {target}", chosen)

    def set_cast(self, index: int, cast: int, text: str) -> bool:
        """Cast ``cast`` of solution ``index`` retyped (the loader checks it at once)."""
        return self._edit(renames.set_cast, (index, cast, text.strip()), f"solution {index}: cast {cast} changed")

    def add_cast(self, index: int, text: str) -> bool:
        """A cast appended to solution ``index``."""
        count = len(self.page.draft.document["solutions"][index].get("casts") or ())
        return self._edit(renames.set_cast, (index, count, text.strip()), f"solution {index}: cast added")

    def drop_cast(self, index: int, cast: int) -> bool:
        """Cast ``cast`` of solution ``index`` dropped (a cast that no longer holds)."""
        return self._edit(renames.remove_cast, (index, cast), f"solution {index}: cast {cast} dropped")

    def set_expect(self, index: int, outcome: str) -> bool:
        """What solution ``index`` is expected to give: ``win``, ``loss`` or ``stall``."""
        if outcome not in {o.value for o in Outcome}:
            self.page.notice = f"refused: expect is win, loss or stall, not {outcome!r}"
            self.page.refresh()
            return False
        return self._edit(renames.set_expect, (index, outcome), f"solution {index} now expects a {outcome}")

    def lay_out(self, index: int) -> None:
        """Solution ``index``'s layout and choices in the Maker."""
        self.page.choose_solution(index)

    def play(self, index: int) -> Any:
        """Solution ``index`` played in the Player, under the Maker."""
        return self.page.play_solution(index)

    # --- the panel --------------------------------------------------------------------------------

    @property
    def verdicts(self) -> list[str]:
        """What each solution of the text shown gives now (replayed here if the worker has not yet)."""
        wanted = self.wanted
        if wanted is not None and self.replayed != wanted.text:
            self.replay_wanted(None)
        return list(self.shown_verdicts)

    def replay_wanted(self, cancel: threading.Event | None = None) -> None:
        """Replay the solutions of the text shown (the analysis worker calls this after a verdict; a
        newer edit sets ``cancel``) and write what each gives now under its heading."""
        wanted = self.wanted
        if wanted is None or self.replayed == wanted.text:
            return
        verdicts = [replay(wanted.level, i, cancel) if wanted.level is not None and i < len(wanted.level.solutions)
                    else "" for i in range(wanted.count)]
        if cancel is not None and cancel.is_set():
            return                           # superseded: the newer edit's replays follow
        with self._lock:
            self.kept[wanted.text] = verdicts
            while len(self.kept) > KEPT:
                self.kept.popitem(last=False)
            if self.wanted is wanted:
                self._show_heads(wanted, verdicts)

    def _show_heads(self, wanted: Wanted, verdicts: list[str]) -> None:
        self.replayed = wanted.text if verdicts or not wanted.count else None
        self.shown_verdicts = verdicts
        for index, head in enumerate(self.heads[:len(wanted.heads)]):
            now = verdicts[index] if index < len(verdicts) else (REPLAYING if wanted.level is not None else "")
            value = wanted.heads[index] + self._now(now)
            if head.value != value:
                head.value = value

    def refresh(self, draft: Draft) -> None:
        """The panel from the draft: the boxes rebuilt only when the solutions' text or faults changed
        (an edit elsewhere only updates what each solution gives now, replayed after the verdict)."""
        if draft.text == self.shown_text:
            return
        with self._lock:
            self._refresh(draft)
        if self.replayed != draft.text and not self.busy():
            self.replay_wanted(None)         # no analysis to wait for: at once

    def _refresh(self, draft: Draft) -> None:
        self.shown_text = draft.text
        tables = draft.document.get("solutions")
        tables = list(tables) if isinstance(tables, list) else []
        level = draft.level
        renamed = ", ".join(f"{old} → {new}" for old, new in draft.renamed.items())
        self.heading.value = (f"<b>solutions</b> ({len(tables)}; numbered from 0, in file order)"
                              + (f" — the last edit renamed {html.escape(renamed)} in them" if renamed else "")
                              + ("" if level is not None or not tables else
                                 " — <i>what each gives now shows once the level has no problems</i>"))
        structure = (tuple(tomlkit.dumps(t) for t in tables[:SHOWN]),
                     tuple(str(f) for f in draft.faults() if f.where is not None and f.where[:1] == ("solutions",)))
        if structure != self.structure:
            self.structure = structure
            self.heads = []
            old, self.boxes.children = self.boxes.children, tuple(
                self._box(draft, i, table) for i, table in enumerate(tables[:SHOWN]))
            for box in old:
                close_tree(box)
        count = min(len(tables), SHOWN)
        self.wanted = Wanted(draft.text, level, count, tuple(self._head(i, t) for i, t in enumerate(tables[:count])))
        self._show_heads(self.wanted, self.kept.get(draft.text, []))

    @staticmethod
    def _head(index: int, table: Any) -> str:
        rows = [line.split() for line in str(table.get("map", "")).splitlines() if line.strip()]
        plan = " / ".join(" ".join(row) for row in rows) or "no map"
        choices = table.get("choices")
        chosen = ", ".join(f"{k} = {v}" for k, v in choices.items()) if isinstance(choices, dict) else ""
        return (f"<b>solution {index}</b> · layout <code>{html.escape(plan)}</code>"
                + (f" · choices {html.escape(chosen)}" if chosen else ""))

    @staticmethod
    def _now(now: str) -> str:
        colour = "#2a7a2a" if "✓" in now else "#b00020" if now and now != REPLAYING else "#666"
        return (f" · now: <span class='zorglab-solution-now' style='color:{colour}'>{html.escape(now)}</span>"
                if now else "")

    def _box(self, draft: Draft, index: int, table: Any) -> w.VBox:
        expect = str(table.get("expect", ""))
        head = w.HTML()
        self.heads.append(head)
        own = [m for m in draft.faults_at(("solutions", index)) if m not in draft.faults_at(("solutions", index, "casts"))]
        expect_menu = w.Dropdown(options=["", "win", "loss", "stall"], value=expect if expect in
                                 ("win", "loss", "stall") else "", description="expects",
                                 layout=w.Layout(width="170px"))
        expect_menu.observe(lambda c: self._safely(lambda: self.set_expect(index, c["new"])) if c["new"] else None,
                            names="value")
        buttons = [self._button("layout", "th", "lay this solution out in the Maker", lambda: self.lay_out(index)),
                   self._button("play", "play", "play it in the Player", lambda: self.play(index)),
                   self._button("duplicate", "copy", "a copy right after it", lambda: self.duplicate(index)),
                   small_button("arrow-up", "earlier", lambda: self._safely(lambda: self.move(index, -1))),
                   small_button("arrow-down", "later", lambda: self._safely(lambda: self.move(index, 1))),
                   self._button("delete", "trash", "delete this solution (undo brings it back)",
                                lambda: self.remove(index))]
        casts = table.get("casts")
        cast_rows = [self._cast_row(draft, index, j, str(text)) for j, text in
                     enumerate(casts if isinstance(casts, list) else [])]
        new_cast = w.Text(placeholder="@TICK SPELL [TARGETS]", continuous_update=False, layout=w.Layout(width="220px"))
        new_cast.observe(lambda c: self._safely(lambda: self.add_cast(index, c["new"])) if c["new"].strip() else None,
                         names="value")
        box = w.VBox([head, w.HTML(fault_html(own, draft)), w.HBox([expect_menu, *buttons]),
                      w.HTML("<span style='font-size:11px'>casts (the main world's):</span>"), *cast_rows,
                      w.HBox([new_cast, w.HTML("<span style='font-size:11px'>add a cast (Enter)</span>")])],
                     layout=w.Layout(border="1px solid #ddd", padding="4px", margin="0 0 6px 0"))
        box.add_class("zorglab-solution")
        return box

    def _cast_row(self, draft: Draft, index: int, cast: int, text: str) -> w.VBox:
        entry = w.Text(value=text, continuous_update=False, layout=w.Layout(width="260px"))
        entry.add_class("zorglab-solution-cast")
        entry.observe(lambda c: self._safely(lambda: self.set_cast(index, cast, c["new"])), names="value")
        drop = small_button("trash", "drop this cast", lambda: self._safely(lambda: self.drop_cast(index, cast)))
        faults = draft.faults_at(("solutions", index, "casts", cast))
        return w.VBox([w.HBox([entry, drop]), w.HTML(fault_html(faults, draft))])

    def _button(self, description: str, icon: str, tooltip: str, handler: Callable[[], Any]) -> w.Button:
        button = w.Button(description=description, icon=icon, tooltip=tooltip, layout=w.Layout(width="auto"))
        button.on_click(lambda _b: self._safely(handler))
        return button

    def _safely(self, handler: Callable[[], Any]) -> None:
        try:
            handler()
        except (ValueError, KeyError, IndexError) as error:
            self.page.notice = f"refused: {error}"
            self.page.refresh()


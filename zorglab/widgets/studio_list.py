"""One list of a level's entries in the Studio (rooms, heroes, spells, constraints, bonuses, a mirror
world's lists): a text input per entry, its loader fault under it, and the helpers every editor of
rows uses (:func:`fault_html`, the "did you mean" of :func:`near_miss`).

A list edits in proportion to the change (issue 30 item 4): an entry added or removed builds or
closes its own row only (the rows after it keep their widgets, their ``index`` follows), a changed
entry sets its own input, and at most ``limit`` rows are built at a time with a pager under them, so
a level of 10,000 heroes opens and edits as fast as a short one. Rows dropped are closed (issue 32
item 4). Editors never change the level themselves: every handler calls the Studio's ``edit`` with a
function of the :class:`~zorglab.level.draft.Draft`, and the Studio refreshes every editor from the
draft afterwards (:meth:`RowsEditor.refresh`).
"""


from __future__ import annotations

import difflib
import html
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as w

from zorglab.level.draft import Draft, Where
from zorglab.widgets.closing import close_tree, shared

Edit = Callable[[Callable[[Draft], Any], str], Any]      # the Studio's edit(change, what)
_SMALL = shared(w.Layout(width="32px"))            # layouts shared by every row (fewer widget models per page)
_ENTRY = shared(w.Layout(width="186px"))
_PLAIN = shared(w.Layout())


_UNKNOWN = re.compile(r"unknown (room|hero|spell) type '([^']+)' \(")


_FUNCTION = re.compile(r"unknown function '([^']+)' \(known: ([^)]*)\)")


def near_miss(message: str) -> str:
    """A loader message about an unknown type or function, with the closest name the rules know
    ("did you mean"; the loader itself says it for labels)."""
    function = _FUNCTION.search(message)
    if function is not None and "did you mean" not in message:
        close = difflib.get_close_matches(function.group(1), [n.strip() for n in function.group(2).split(",")], n=1)
        return f"{message} — did you mean {close[0]}?" if close else message
    found = _UNKNOWN.search(message)
    if found is None:
        return message
    from zorglab.core.registry import hero_types, spell_types
    from zorglab.widgets.studio_palette import placeable_types
    kinds = {"room": placeable_types, "hero": hero_types, "spell": spell_types}
    names = [t.signature.name for t in kinds[found.group(1)]()]
    close = difflib.get_close_matches(found.group(2), names, n=1, cutoff=0.6) or \
        [n for n in names if n.lower() == found.group(2).lower()]
    return f"{message} — did you mean {close[0]}?" if close else message


def fault_html(messages: list[str], draft: Draft | None = None, root: Path | None = None) -> str:
    """A fault line as the editors show it (the loader's own message, escaped; the level's file
    named as the Studio shows it, from the repository root, not as a whole machine path)."""
    if not messages:
        return ""
    if draft is not None and draft.path is not None:
        from zorglab.widgets.studio_paths import shown
        whole, short = str(draft.path), shown(draft.path, root)
        messages = [m.replace(whole, short, 1) if m.startswith(whole) else m for m in messages]
    messages = [near_miss(m) for m in messages]
    return "".join(f"<div style='color:#b00020;font-size:90%'>⚠ {html.escape(m)}</div>" for m in messages)


def small_button(icon: str, tooltip: str, handler: Callable[[], Any]) -> w.Button:
    """A row's icon button (one layout shared by every one of them)."""
    button = w.Button(icon=icon, tooltip=tooltip, layout=_SMALL)
    button.on_click(lambda _b: handler())
    return button


def echo(button: w.Button, tooltip: str) -> None:
    """The button's tooltip says what a click will do with the text typed so far (the page can tell
    the text reached the kernel: a click's message may overtake a text's last keystroke)."""
    button.tooltip = tooltip


def set_quietly(text: w.Text, value: str) -> None:
    """Show ``value`` in ``text``, touching the widget only when it shows something else."""
    if text.value != value:
        text.value = value


class RowView:
    """One entry's widgets: its text input, its buttons and its fault line. ``index`` is the entry's
    place in the list, kept up to date when entries before it come or go (its widgets stay)."""

    def __init__(self, editor: RowsEditor, index: int):
        self.editor = editor
        self.index = index
        self.text = w.Text(continuous_update=True, layout=_ENTRY)
        self.text.add_class("zorglab-entry")
        self.text.observe(self._typed, names="value")
        buttons = [small_button("arrow-up", "earlier", lambda: editor.move_row(self.index, -1)),
                   small_button("arrow-down", "later", lambda: editor.move_row(self.index, 1))] if editor.reorder else []
        buttons.append(small_button("trash", "remove", lambda: editor.remove_row(self.index)))
        self.fault = w.HTML(layout=_PLAIN)
        self.box = w.VBox([w.HBox([self.text, *buttons], layout=_PLAIN), self.fault], layout=_PLAIN)

    def show(self, text: str, fault: str) -> None:
        """The entry's text and fault line; a widget already showing them is not touched."""
        set_quietly(self.text, text)
        if self.fault.value != fault:
            self.fault.value = fault

    def _typed(self, change: dict[str, Any]) -> None:
        if not self.editor.quiet:
            self.editor.set_row(self.index, change["new"])


class RowsEditor:
    """One list of notation strings (``where``: ``("heroes",)``, ``("mirrors", 0, "spells")``...).

    An edit touches only the rows it changes (an entry added or removed builds or closes one row; the
    rows after it keep their widgets), and at most ``limit`` rows are built at a time, from entry
    ``start`` (a pager under them shows the others), so a list of 10,000 heroes opens and edits as
    fast as a short one."""

    root: Path | None = None           # the repository root files are named from (the Studio's)
    PAGE = 50                          # rows built at first, and added by *show more*

    def __init__(self, title: str, where: Where, edit: Edit, *, example: str = "", reorder: bool = False,
                 hint: str = ""):
        self.title = title
        self.where = tuple(where)
        self.edit = edit
        self.reorder = reorder
        self.views: list[RowView] = []     # the rows built: entries start .. start + len(views) - 1
        self.entries: list[str] = []       # every entry's text as last shown
        self.start = 0
        self.limit = self.PAGE
        self.quiet = False                 # values shown from the draft are not edits
        self.built = 0                     # rows built so far (tests read it: an edit builds at most one)
        self._draft: Draft | None = None
        self.new_text = w.Text(placeholder=example, description="", layout=_ENTRY)
        self.new_text.add_class("zorglab-new-entry")
        self.add_button = w.Button(description="add", icon="plus", tooltip=f"add to {title}",
                                   layout=w.Layout(width="auto"))
        self.add_button.on_click(lambda _b: self.add_row(self.new_text.value))
        self.new_text.observe(lambda c: echo(self.add_button, f"add {c['new'].strip()} to {title}"), names="value")
        self.rows = w.VBox()
        self.pager_text = w.HTML()
        self.pager = w.HBox([self.pager_text, small_button("arrow-up", "the rows before", lambda: self.page(-1)),
                             small_button("arrow-down", "the rows after", lambda: self.page(1)),
                             w.Button(description="show more", layout=w.Layout(width="auto"),
                                      tooltip=f"show {self.PAGE} more rows")],
                            layout=w.Layout(display="none", align_items="center"))
        self.pager.children[-1].on_click(lambda _b: self.show_more())
        self.pager.add_class("zorglab-rows-pager")
        width = "306px" if reorder else "280px"          # never squeezed by its neighbours
        hints = [w.HTML(f"<span style='font-size:11px;color:#666'>{html.escape(hint)}</span>",
                        layout=w.Layout(max_width=width))] if hint else []
        self.widget = w.VBox([w.HTML(f"<b>{html.escape(title)}</b>"), self.rows, self.pager,
                              w.HBox([self.new_text, self.add_button]), *hints],
                             layout=w.Layout(min_width=width, flex="0 0 auto", margin="0 8px 0 0"))
        self.widget.add_class("zorglab-rows")
        self.widget.add_class("zorglab-rows-" + "-".join(str(p) for p in self.where))

    # --- handlers ---------------------------------------------------------------------------------

    def set_row(self, index: int, text: str) -> None:
        self.edit(lambda d: d.set_item(self.where, index, text), f"{self.title} {index + 1} changed")

    def add_row(self, text: str) -> None:
        text = text.strip()
        if not text:
            return
        self.edit(lambda d: d.add_item(self.where, text), f"{text} added to {self.title}")
        self.new_text.value = ""

    def remove_row(self, index: int) -> None:
        self.edit(lambda d: d.remove_item(self.where, index), f"{self.title} {index + 1} removed")

    def move_row(self, index: int, offset: int) -> None:
        self.edit(lambda d: d.move_item(self.where, index, offset), f"{self.title} {index + 1} moved")

    def page(self, step: int) -> None:
        """Show the ``limit`` rows before (``-1``) or after (``1``) the ones shown."""
        self.start = max(0, min(self.start + step * self.limit, len(self.entries) - 1))
        self._show_again()

    def show_more(self) -> None:
        """Build ``PAGE`` more rows under the ones shown."""
        self.limit += self.PAGE
        self._show_again()

    # --- view -------------------------------------------------------------------------------------

    @property
    def texts(self) -> list[w.Text]:
        """The text inputs of the rows built (entry ``start`` first)."""
        return [view.text for view in self.views]

    @property
    def faults(self) -> list[w.HTML]:
        return [view.fault for view in self.views]

    def refresh(self, draft: Draft) -> None:
        self._draft = draft
        items = draft.items(self.where)
        before, self.entries = self.entries, items
        self.quiet = True
        try:
            self._follow(before, items)
            self._fit()
            faults = _faults_by_entry(draft, self.where)
            for view in self.views:
                view.show(items[view.index], fault_html(faults.get(view.index, []), draft, self.root))
        finally:
            self.quiet = False
        self._show_pager()

    def close(self) -> None:
        """Close every widget of this list (a mirror world removed, the Studio closed)."""
        close_tree(self.widget)
        self.views = []

    def _show_again(self) -> None:
        if self._draft is not None:
            self.refresh(self._draft)

    def _follow(self, before: list[str], after: list[str]) -> None:
        """One entry added or removed: its row alone is built or closed, the rows around it keep
        their widgets (only their ``index`` moves)."""
        grown = len(after) - len(before)
        if abs(grown) != 1:
            return
        shorter, longer = (before, after) if grown > 0 else (after, before)
        at = next((i for i, (a, b) in enumerate(zip(shorter, longer)) if a != b), len(shorter))
        if shorter[at:] != longer[at + 1:]:
            return                                       # not one entry: the rows show what changed
        end = self.start + len(self.views)
        if at < self.start:                              # before the rows shown: they stay on their entries
            self.start += grown
        elif grown < 0 and at < end:
            close_tree(self.views.pop(at - self.start).box)
        elif grown > 0 and at <= end and (at < end or len(self.views) < self.limit):
            self.views.insert(at - self.start, self._view(at))
        elif grown > 0:                                  # added past the rows shown: show the list's end
            self.start = max(0, len(after) - len(self.views))

    def _fit(self) -> None:
        """As many rows as the window holds: built or closed at its end."""
        count = len(self.entries)
        self.start = max(0, min(self.start, count - 1))
        wanted = max(0, min(self.limit, count - self.start))
        changed = len(self.views) != wanted or tuple(v.box for v in self.views) != self.rows.children
        while len(self.views) > wanted:
            close_tree(self.views.pop().box)
        while len(self.views) < wanted:
            self.views.append(self._view(self.start + len(self.views)))
        self._renumber()
        if changed:
            self.rows.children = tuple(view.box for view in self.views)

    def _view(self, index: int) -> RowView:
        self.built += 1
        return RowView(self, index)

    def _renumber(self) -> None:
        for position, view in enumerate(self.views):
            view.index = self.start + position

    def _show_pager(self) -> None:
        count, shown = len(self.entries), len(self.views)
        if self.start == 0 and shown >= count:
            if self.pager.layout.display != "none":
                self.pager.layout.display = "none"
            return
        text = (f"<span style='font-size:11px'>{self.title} {self.start + 1}–{self.start + shown} of {count:,}</span>"
                if shown else f"<span style='font-size:11px'>{count:,} {self.title}</span>")
        if self.pager_text.value != text:
            self.pager_text.value = text
        self.pager.layout.display = ""


def _faults_by_entry(draft: Draft, where: Where) -> dict[int, list[str]]:
    """The loader's messages standing inside each entry of the list at ``where`` (by entry index)."""
    size = len(where)
    found: dict[int, list[str]] = {}
    for fault in draft.faults():
        place = fault.where
        if place is not None and len(place) > size and tuple(place[:size]) == where and isinstance(place[size], int):
            found.setdefault(place[size], []).append(str(fault))
    return found

"""The Studio's other editors of the level's text: its id, title, contract and notes, its
``[variables]`` and its ``[[mirrors]]`` (each mirror world's lists are :class:`RowsEditor` lists).

Editors never change the level themselves: every handler calls the Studio's ``edit`` with a
function of the :class:`~zorglab.level.draft.Draft`, and the Studio refreshes every editor from the
draft afterwards (``refresh``). Tests call the handlers (``set_field``, ``add_variable``...) directly.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import ipywidgets as w

from zorglab.level.draft import TEXTS, Draft
from zorglab.widgets.closing import close_all
from zorglab.widgets.studio_list import Edit, RowsEditor, echo, fault_html, set_quietly, small_button


class FieldsEditor:
    """The level's id, title, contract and notes."""

    root: Path | None = None           # the repository root files are named from (the Studio's)

    def __init__(self, edit: Edit):
        self.edit = edit
        self.texts = {key: (w.Textarea if key == "notes" else w.Text)(description=key, continuous_update=True,
                                                                       layout=w.Layout(width="460px"))
                      for key in TEXTS}
        self.faults = {key: w.HTML() for key in TEXTS}
        for key, text in self.texts.items():
            text.observe(lambda change, k=key: self.set_field(k, change["new"]), names="value")
        self.widget = w.VBox([w.VBox([self.texts[k], self.faults[k]]) for k in TEXTS])

    def set_field(self, key: str, value: str) -> None:
        self.edit(lambda d: None if d.field(key) == value else d.set_field(key, value), f"{key} changed")

    def refresh(self, draft: Draft) -> None:
        for key in TEXTS:
            set_quietly(self.texts[key], draft.field(key))
            self.faults[key].value = fault_html(draft.faults_at((key,)), draft, self.root)


class VariablesEditor:
    """``[variables]``: one row per ``name = "choix(n, E)"`` (FR-2)."""

    root: Path | None = None           # the repository root files are named from (the Studio's)

    def __init__(self, edit: Edit):
        self.edit = edit
        self.names: list[str] = []
        self.rows = w.VBox()
        self.new_name = w.Text(placeholder="x", layout=w.Layout(width="64px"))
        self.new_text = w.Text(placeholder="choix(1, {1, 2, 3})", layout=w.Layout(width="160px"))
        add = w.Button(description="add", icon="plus", layout=w.Layout(width="auto", min_width="64px"))
        add.on_click(lambda _b: self.add_variable(self.new_name.value, self.new_text.value))
        for box in (self.new_name, self.new_text):
            box.observe(lambda _c: echo(add, f"add {self.new_name.value.strip()} = {self.new_text.value.strip()}"),
                        names="value")
        self.new_name.add_class("zorglab-variable-name")
        self.new_text.add_class("zorglab-variable-text")
        self.widget = w.VBox([w.HTML("<b>variables</b>"), self.rows, w.HBox([self.new_name, self.new_text, add])])
        self.widget.add_class("zorglab-variables")

    def add_variable(self, name: str, text: str) -> None:
        name = name.strip()
        if name:
            self.edit(lambda d: _then_fill(d, lambda: d.set_variable(name, text.strip())), f"variable {name} added")
            self.new_name.value = self.new_text.value = ""

    def set_variable(self, index: int, name: str, text: str) -> None:
        old = self.names[index]
        self.edit(lambda d: _then_fill(d, lambda: d.set_variable(name.strip() or old, text, old_name=old)),
                  f"variable {name} changed")

    def remove_variable(self, index: int) -> None:
        name = self.names[index]
        self.edit(lambda d: d.remove_variable(name), f"variable {name} removed")

    def refresh(self, draft: Draft) -> None:
        pairs = draft.variables()
        if [n for n, _ in pairs] != self.names:
            self.names = [n for n, _ in pairs]
            close_all(self.rows.children)          # the rows of the names before
            rows = []
            for index, (name, text) in enumerate(pairs):
                name_box = w.Text(value=name, continuous_update=False, layout=w.Layout(width="64px"))
                text_box = w.Text(value=text, continuous_update=True, layout=w.Layout(width="186px"))
                name_box.observe(lambda c, i=index, t=text_box: self.set_variable(i, c["new"], t.value), names="value")
                text_box.observe(lambda c, i=index, n=name_box: self.set_variable(i, n.value, c["new"]),
                                 names="value")
                rows.append(w.VBox([w.HBox([name_box, text_box,
                                            small_button("trash", "remove", partial(self.remove_variable, index))]),
                                    w.HTML()]))
            self.rows.children = tuple(rows)
        for index, (name, _text) in enumerate(pairs):
            self.rows.children[index].children[1].value = fault_html(draft.faults_at(("variables", name)), draft, self.root)


def _then_fill(draft: Draft, change: Callable[[], Any]) -> None:
    """A variable edit, then every known solution given a choice for it (one edit, one undo step)."""
    from zorglab.widgets.studio_choices import fill_solution_choices
    change()
    fill_solution_choices(draft)


class MirrorsEditor:
    """``[[mirrors]]``: each mirror world's name and its rooms, heroes, spells, constraints, bonuses."""

    root: Path | None = None           # the repository root files are named from (the Studio's)

    KEYS = (("rooms", "E(fire)"), ("heroes", "Warrior(2)"), ("spells", "Attack(2)"),
            ("constraints", "not solvable(M1)"), ("bonuses", "unused(Attack)"))

    def __init__(self, edit: Edit):
        self.edit = edit
        self.editors: list[list[RowsEditor]] = []
        self.names: list[w.Text] = []
        self.mirrors = w.VBox()
        self.new_name = w.Text(placeholder="M1", layout=w.Layout(width="120px"))
        add = w.Button(description="add mirror", icon="plus", layout=w.Layout(width="auto"))
        add.on_click(lambda _b: self.add_mirror(self.new_name.value))
        self.widget = w.VBox([self.mirrors, w.HBox([self.new_name, add])])

    def add_mirror(self, name: str) -> None:
        name = name.strip()
        if name:
            self.edit(lambda d: d.add_mirror(name), f"mirror {name} added")
            self.new_name.value = ""

    def set_name(self, index: int, name: str) -> None:
        self.edit(lambda d: d.set_mirror_name(index, name), f"mirror {index + 1} renamed")

    def remove_mirror(self, index: int) -> None:
        self.edit(lambda d: d.remove_mirror(index), f"mirror {index + 1} removed")

    def refresh(self, draft: Draft) -> None:
        names = draft.mirror_names()
        if len(names) != len(self.editors):
            close_all(self.mirrors.children)       # the mirror worlds' rows before
            self.editors, self.names, boxes = [], [], []
            for index in range(len(names)):
                name = w.Text(description="mirror", continuous_update=False, layout=w.Layout(width="220px"))
                name.observe(lambda c, i=index: self.set_name(i, c["new"]), names="value")
                editors = [RowsEditor(key, ("mirrors", index, key), self.edit, example=example, reorder=key == "rooms")
                           for key, example in self.KEYS]
                for editor in editors:
                    editor.root = self.root
                self.names.append(name)
                self.editors.append(editors)
                boxes.append(w.VBox([w.HBox([name, small_button("trash", "remove this mirror",
                                                           partial(self.remove_mirror, index))]),
                                     w.HBox([e.widget for e in editors[:3]]),
                                     w.HBox([e.widget for e in editors[3:]])]))
            self.mirrors.children = tuple(boxes)
        for name_box, name, editors in zip(self.names, names, self.editors):
            set_quietly(name_box, name)
            for editor in editors:
                editor.refresh(draft)

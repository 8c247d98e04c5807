"""The Studio's page (issue #24 item 6): one screen with the rows being edited, the Maker, and the
choices and verdict side by side; the tools used now and then (rooms palette, tile painter, the
level's text fields, mirror worlds, the level browser, the proposer) in tabs below them.

At 1366×768 (JupyterLab's file browser open or not) and 1920×1080 the three columns stand side by side (the rows and the verdict scroll
inside their own column); narrower, the verdict column wraps under them. :func:`build` makes the
page's widgets, :func:`show` shows the draft in them after every change.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from zorglab.core.registry import hero_types, spell_types
from zorglab.widgets.keys import guard
from zorglab.widgets.studio_choices import ChoicesEditor
from zorglab.widgets.studio_palette import RoomPalette, TilePainter
from zorglab.widgets.studio_paths import shown
from zorglab.widgets.studio_list import RowsEditor
from zorglab.widgets.studio_rows import FieldsEditor, MirrorsEditor, VariablesEditor
from zorglab.widgets.studio_solutions import SolutionsEditor

if TYPE_CHECKING:
    from zorglab.widgets.studio import Studio


def _signatures(types: tuple[type, ...]) -> str:
    """The registry's types as a designer writes them: ``Warrior(x) · Elf(x, elems) · ...``."""
    return " · ".join(t.signature.describe() for t in types)     # type: ignore[attr-defined]


def build(studio: Studio) -> None:
    """Every widget of the Studio's page, wired to its handlers."""
    edit = studio.edit
    studio.fields = FieldsEditor(edit)
    studio.rooms = RowsEditor("rooms", ("rooms",), edit, example="D(2) @ corridor", reorder=True)
    studio.heroes = RowsEditor("heroes", ("heroes",), edit, example="Warrior(3)",
                             hint=_signatures(hero_types()))
    studio.spells = RowsEditor("spells", ("spells",), edit, example="Attack(1)",
                             hint=_signatures(spell_types()))
    studio.constraints = RowsEditor("constraints", ("constraints",), edit, example="dist(A, Z) >= 2")
    studio.bonuses = RowsEditor("bonuses", ("bonuses",), edit, example="unused(Attack)")
    studio.variables = VariablesEditor(edit)
    studio.mirrors = MirrorsEditor(edit)
    studio.palette = RoomPalette(edit)
    studio.painter = TilePainter(edit)
    studio.solutions = SolutionsEditor(studio, busy=lambda: studio.panel.pending)
    studio.panel.then = studio.solutions.replay_wanted      # after each verdict, off the main thread
    studio.editors = [studio.fields, studio.rooms, studio.heroes, studio.spells, studio.constraints, studio.bonuses,
                    studio.variables, studio.mirrors, studio.palette]
    for editor in studio.editors[:-1]:
        editor.root = studio.root                    # faults name the file from the repository root
    studio.header = w.HTML()
    studio.status = w.HTML()
    studio.solution_picker = w.Dropdown(description="layout of", layout=w.Layout(width="360px"))
    studio.solution_picker.observe(studio.solution_menu_changed, names="value")

    def button(description: str, icon: str, handler: Callable[[], Any], tooltip: str) -> w.Button:
        b = w.Button(description=description, icon=icon, tooltip=tooltip, layout=w.Layout(width="auto"))
        b.on_click(lambda _b: studio.safely(handler))
        return b

    studio.save_button = button("save", "save", studio.save,
                              "write the level file, with this layout, its casts and outcome as a solution")
    studio.save_button.button_style = "primary"
    studio.save_run_button = button("save the Player's run", "flag", studio.save_run,
                                  "write the run the Player shows (casts and outcome) as a solution")
    studio.reload_button = button("reload", "refresh", studio.reload_asked, "read the level file again from disk")
    studio.undo_button = button("undo", "undo", studio.undo, "undo the last edit (Ctrl+Z, Cmd+Z on macOS)")
    studio.redo_button = button("redo", "repeat", studio.redo, "redo (Ctrl+Shift+Z, Cmd+Shift+Z on macOS)")
    studio.path_text = w.Combobox(placeholder="levels/my-level.toml", ensure_option=False,
                                layout=w.Layout(width="280px"),
                                tooltip="a level file, from the repository root: pick one or type a new one")
    studio.path_text.add_class("zorglab-studio-path")
    studio.open_button = button("open", "folder-open", lambda: studio.open(studio.path_text.value.strip()),
                              "open this level file (paths are from the repository root)")
    studio.new_button = button("new", "file", lambda: studio.open_new(studio.path_text.value.strip()),
                             "an empty level, saved to this path by save")
    studio.save_as_button = button("save as", "copy", lambda: studio.save_as(studio.path_text.value.strip()),
                                   "write the level, solutions included, to this new file and edit it there")
    studio.save_as_button.add_class("zorglab-studio-save-as")
    studio.path_text.observe(lambda c: setattr(studio.open_button, "tooltip", f"open {c['new'].strip()}"),
                           names="value")     # what a click opens: the typed path reached the kernel
    studio.choice_editor = ChoicesEditor(studio.choose)
    unsaved = studio.unsaved_work
    studio.save_button.add_class("zorglab-studio-save")
    studio.status.add_class("zorglab-studio-status")
    studio.tools.browser_box.children = (button("show the levels of this folder", "list", studio.show_browser,
                                                "every level of the folder by contract, with its verdict"),)
    studio.tools.propose_box.children = (button("show the proposer", "magic", studio.show_proposer,
                                                "propose proved levels from a brief; open one here to edit"),)
    painting = w.VBox([button("start from the tile picked in the palette", "paint-brush", studio.paint_picked_tile,
                              "copy the palette's tile into the painter"), studio.painter.widget])
    # one screen (item 6): the rows being edited | the Maker | choices and verdict, side by side;
    # the tools used now and then in tabs below (a tab opens without closing the columns)
    studio.tools_tabs = w.Tab(children=[studio.palette.widget, studio.solutions.widget, painting, studio.fields.widget,
                                        studio.mirrors.widget, studio.tools.browser_box, studio.tools.propose_box])
    for index, title in enumerate(("add rooms", "solutions", "tile painter", "level: id, title, notes",
                                   "mirror worlds", "levels", "propose")):
        studio.tools_tabs.set_title(index, title)
    studio.tools_tabs.add_class("zorglab-studio-tabs")
    unshrunk = w.Layout(flex="0 0 auto")           # inside a scrolled column: never squeezed to overlap
    editing = w.VBox([w.VBox([studio.rooms.widget, studio.heroes.widget, studio.spells.widget, studio.constraints.widget,
                              studio.bonuses.widget, studio.variables.widget], layout=unshrunk)],
                     layout=w.Layout(flex="0 0 316px", width="316px", max_height="calc(100vh - 150px)",
                                     overflow="auto", margin="0 8px 0 0"))
    editing.add_class("zorglab-studio-rows")
    studio.board.box.layout = w.Layout(flex="1 1 330px", min_width="330px", overflow="auto", margin="0 8px 0 0")
    verdict = w.VBox([w.VBox([studio.choice_editor.widget, studio.panel.widget], layout=unshrunk)],
                     layout=w.Layout(flex="1 1 260px", min_width="260px", max_height="calc(100vh - 150px)",
                                     overflow="auto"))
    verdict.add_class("zorglab-studio-verdict")
    columns = w.HBox([editing, studio.board.box, verdict], layout=w.Layout(align_items="flex-start",
                                                                         flex_flow="row wrap"))
    columns.add_class("zorglab-studio-columns")
    tools = w.HBox([studio.save_button, studio.undo_button, studio.redo_button, studio.save_run_button,
                    studio.reload_button, studio.solution_picker, studio.path_text, studio.open_button, studio.new_button,
                    studio.save_as_button,
                    unsaved.restore_button], layout=w.Layout(flex_flow="row wrap"))
    studio.undo_button.add_class("zorglab-studio-undo")
    studio.redo_button.add_class("zorglab-studio-redo")
    studio.widget = w.VBox([studio.header, tools, unsaved.question_box, studio.status, columns, studio.tools_tabs,
                            unsaved.unload_guard])
    studio.widget.add_class("zorglab-studio")
    studio.keys = guard(studio.widget, lambda *a, **k: studio.safely(lambda: studio.key(*a, **k)), studio.KEYS)


def show(studio: Studio) -> None:
    """The page shown from the draft: every editor (each touches only what changed), the *layout of*
    menu, the header (saved or not), the notice, the buttons, the choices and the question."""
    draft = studio.draft
    for editor in studio.editors:
        editor.refresh(draft)
    level = draft.level
    solutions = level.solutions if level is not None else ()
    options = [("an empty layout", None)] + [
        (f"solution {i}: {s.expect.value if s.expect else '?'}, {len(s.casts)} cast(s)", i)
        for i, s in enumerate(solutions)]
    if list(studio.solution_picker.options) != options:
        studio.solution_picker.options = options
    chosen = studio.solution
    studio.solution_picker.value = chosen if chosen is not None and chosen < len(solutions) else None
    path = shown(draft.path, studio.root)
    title = draft.field("title") or draft.field("id")
    if studio.unsaved:
        state = "● unsaved edits" if draft.digest is not None else "● new, not saved yet"
        colour = "#c05000"
    else:
        state, colour = ("new, nothing typed yet" if draft.digest is None else "saved"), "#2a7a2a"
    studio.header.value = (f"<b>Level Studio</b> — {html.escape(title)} <code>{html.escape(path)}</code> "
                           f"<span class='zorglab-studio-state' style='color:{colour};font-weight:bold'>"
                           f"({state})</span>")
    studio.status.value = f"<span class='zorglab-studio-notice'>{html.escape(studio.notice)}</span>"
    studio.save_button.disabled = studio.save_as_button.disabled = bool(draft.problems)
    studio.undo_button.disabled = not studio.history.back
    studio.redo_button.disabled = not studio.history.forth
    studio.choice_editor.refresh(level, studio.choices)
    studio.solutions.refresh(draft)
    studio.unsaved_work.show(path)

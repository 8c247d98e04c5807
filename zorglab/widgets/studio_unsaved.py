"""Unsaved work is never dropped silently (issue #24 item 4).

Whatever would replace edits not saved yet — *open*, *new*, *reload*, a level picked in the level
browser — first asks on the page: *save* (then go on), *discard* (then go on) or *cancel*
(:meth:`UnsavedWork.ask_first`, answered by :meth:`UnsavedWork.answer`). Edits discarded, or set
aside because another editor changed the file, stay restorable from the page
(:meth:`UnsavedWork.restore_discarded`) until other edits are set aside.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

import anywidget
import ipywidgets as w
import traitlets

from zorglab.level.draft import Draft

ANSWERS = ("save", "discard", "cancel")
NO_FILE = "no file"        # the base of edits made while the file was not on disk

_UNLOAD_ESM = """
function render({ model, el }) {
  el.style.display = "none";
  // the browser asks before a page holding unsaved edits is closed or reloaded (a closed app page
  // ends its kernel, and the edits with it)
  const onUnload = (event) => {
    if (!model.get("unsaved")) return;
    event.preventDefault();
    event.returnValue = "";
  };
  const mark = () => { window.zorglabUnsaved = model.get("unsaved"); };
  // the page says which text it shows: every change the kernel made to the page before the new
  // basis came in this same order, so an edit typed before this answer was typed on the old text
  const seen = () => {
    window.zorglabSeen = model.get("basis");          // what the page shows, for a test to read
    if (model.get("seen") !== model.get("basis")) { model.set("seen", model.get("basis")); model.save_changes(); }
  };
  window.addEventListener("beforeunload", onUnload);
  model.on("change:unsaved", mark);
  model.on("change:basis", seen);
  mark();
  seen();
  return () => {
    window.removeEventListener("beforeunload", onUnload);
    model.off("change:unsaved", mark);
    model.off("change:basis", seen);
  };
}
export default { render };
"""


class UnloadGuard(anywidget.AnyWidget):
    """Makes the browser ask before the page is closed or reloaded while ``unsaved`` is true, and
    tells the kernel which text the page shows: ``basis`` is set by the kernel after the page's
    widgets show a new text (a reload, an undo, another level); the page answers with ``seen``.
    Widget messages travel in order both ways, so an edit arriving while ``seen`` is behind
    ``basis`` was typed on the text shown before (issue 37 item 7)."""

    _esm = _UNLOAD_ESM
    unsaved = traitlets.Bool(False).tag(sync=True)
    basis = traitlets.Unicode("").tag(sync=True)
    seen = traitlets.Unicode("").tag(sync=True)

    @property
    def behind(self) -> bool:
        """Whether a page showing this Studio has not shown its newest text yet (never true before a
        page first showed it: a Studio driven from code alone has no page to wait for)."""
        return bool(self.seen) and self.seen != self.basis


class UnsavedPage(Protocol):
    """What the question before unsaved edits go needs of the Studio."""

    draft: Draft
    notice: str

    def refresh(self) -> None: ...

    def save(self) -> Any: ...

    def take_draft(self, draft: Draft, notice: str) -> None: ...


class UnsavedWork:
    """The question before the page's unsaved edits are replaced, and the way back (an object the
    Studio owns): ``discarded`` holds the edits set aside, for the file ``discarded_path``."""

    def __init__(self, page: UnsavedPage):
        self.page = page
        self.discarded: str | None = None          # unsaved edits set aside (discarded, or a reload)
        self.discarded_path: Path | None = None    # the file they belong to
        self.discarded_base: str | None = None     # the digest of the file they were made on
        self.question: tuple[str, Callable[[], Any]] | None = None     # asked before unsaved edits go
        self.opened_text = page.draft.text         # the text as opened (a new level: unsaved once changed)
        self.question_text = w.HTML()
        buttons = []
        for answer, icon, style, tip in (("save", "save", "primary", "save the edits, then go on"),
                                         ("discard", "trash", "danger", "drop the edits (restorable from the page), then go on"),
                                         ("cancel", "times", "", "keep editing this level")):
            button = w.Button(description=answer, icon=icon, button_style=style, tooltip=tip,
                              layout=w.Layout(width="auto"))
            button.on_click(lambda _b, a=answer: self.answer(a))
            button.add_class(f"zorglab-answer-{answer}")
            buttons.append(button)
        self.question_box = w.HBox([self.question_text, *buttons],
                                   layout=w.Layout(display="none", padding="4px", border="2px solid #e8a33d",
                                                   align_items="center", flex_flow="row wrap"))
        self.question_box.add_class("zorglab-studio-question")
        self.restore_button = w.Button(icon="history", layout=w.Layout(width="auto", display="none"),
                                       tooltip="put the edits set aside back into the Studio")
        self.restore_button.on_click(lambda _b: self.restore_discarded())
        self.restore_button.add_class("zorglab-studio-restore")
        self.unload_guard = UnloadGuard()

    @property
    def unsaved(self) -> bool:
        """Whether the page holds edits that are not on disk (a new level: once anything was typed)."""
        draft = self.page.draft
        if draft.digest is None:
            return draft.text != self.opened_text
        return draft.dirty

    def ask_first(self, doing: str, action: Callable[[], Any]) -> bool:
        """Do ``action`` now when nothing unsaved would be lost (True); else ask on the page first."""
        if not self.unsaved:
            self.question = None
            action()
            return True
        self.question = (doing, action)
        self.page.notice = f"unsaved edits: save them before you {doing}?"
        self.page.refresh()
        return False

    def answer(self, choice: str) -> None:
        """The answer to the question on the page: ``save``, ``discard`` or ``cancel``."""
        if choice not in ANSWERS:
            raise ValueError(f"answer one of {', '.join(ANSWERS)}, not {choice!r}")
        if self.question is None:
            return
        doing, action = self.question
        if choice == "cancel":
            self.question = None
            self.page.notice = f"kept your edits (did not {doing})"
            self.page.refresh()
            return
        if choice == "save":
            self.page.save()
            if self.unsaved:                 # refused (the level has problems...): the question stays
                self.page.notice += f" — so did not {doing} yet"
                self.page.refresh()
                return
        else:
            self.set_aside()
        self.question = None
        action()

    def set_aside(self) -> None:
        """Keep the page's unsaved edits for :meth:`restore_discarded` (what was kept before goes), with
        the digest of the file they were made on."""
        if self.unsaved:
            draft = self.page.draft
            self.discarded, self.discarded_path = draft.text, draft.path
            self.discarded_base = draft.based_on or draft.digest or NO_FILE

    def restore_discarded(self) -> None:
        """Put the edits set aside back into the Studio, on their file (asking first if the level
        shown has unsaved edits of its own); *save* then writes them."""
        text, path = self.discarded, self.discarded_path
        if text is None or path is None:
            self.page.notice = "no edits set aside to restore"
            self.page.refresh()
            return

        base = self.discarded_base

        def restore() -> None:
            draft = Draft.open(path) if path.exists() else Draft.new(path)
            digest, loaded = draft.digest, draft.loaded_text
            draft.replace_text(text, digest)
            draft.loaded_text = loaded               # the file as on disk: the restored text is unsaved
            if base is not None and base != (digest or NO_FILE):
                draft.based_on = base                # made on another file than this: a save refuses them
            self.discarded = self.discarded_path = self.discarded_base = None
            said = (f"restored the edits set aside for {path.name}, but {path.name} changed on disk since "
                    "they were made: save refuses them (it would undo that change); save as another file, "
                    "or reload and type them again" if draft.stale
                    else f"restored the edits set aside for {path.name}: save writes them")
            self.page.take_draft(draft, said)
        self.ask_first(f"restore the edits set aside for {path.name}", restore)

    @property
    def page_behind(self) -> bool:
        """Whether the browser has not shown the page's newest text yet: an edit arriving now was
        typed on an older one (:class:`UnloadGuard`)."""
        return self.unload_guard.behind

    def show(self, file: str) -> None:
        """The question, the restore button and the browser's guard as the page stands now (last of
        the page's refresh: ``basis`` follows every other change the page is sent)."""
        if self.unload_guard.unsaved != self.unsaved:
            self.unload_guard.unsaved = self.unsaved
        if self.question is not None:
            self.question_text.value = (f"<b>Unsaved edits to {html.escape(file)}.</b> Save them before you "
                                        f"{html.escape(self.question[0])}? ")
            self.question_box.layout.display = ""
        else:
            self.question_box.layout.display = "none"
        if self.discarded is not None and self.discarded_path is not None:
            self.restore_button.description = f"restore edits set aside ({self.discarded_path.name})"
            self.restore_button.layout.display = ""
        else:
            self.restore_button.layout.display = "none"
        draft = self.page.draft
        basis = f"{id(draft):x}.{draft.generation}"
        if self.unload_guard.basis != basis:
            self.unload_guard.basis = basis

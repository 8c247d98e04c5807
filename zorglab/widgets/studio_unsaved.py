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
  window.addEventListener("beforeunload", onUnload);
  model.on("change:unsaved", mark);
  mark();
  return () => { window.removeEventListener("beforeunload", onUnload); model.off("change:unsaved", mark); };
}
export default { render };
"""


class UnloadGuard(anywidget.AnyWidget):
    """Makes the browser ask before the page is closed or reloaded while ``unsaved`` is true."""

    _esm = _UNLOAD_ESM
    unsaved = traitlets.Bool(False).tag(sync=True)


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
        """Keep the page's unsaved edits for :meth:`restore_discarded` (what was kept before goes)."""
        if self.unsaved:
            self.discarded, self.discarded_path = self.page.draft.text, self.page.draft.path

    def restore_discarded(self) -> None:
        """Put the edits set aside back into the Studio, on their file (asking first if the level
        shown has unsaved edits of its own); *save* then writes them."""
        text, path = self.discarded, self.discarded_path
        if text is None or path is None:
            self.page.notice = "no edits set aside to restore"
            self.page.refresh()
            return

        def restore() -> None:
            draft = Draft.open(path) if path.exists() else Draft.new(path)
            digest, loaded = draft.digest, draft.loaded_text
            draft.replace_text(text, digest)
            draft.loaded_text = loaded               # the file as on disk: the restored text is unsaved
            self.discarded = self.discarded_path = None
            self.page.take_draft(draft, f"restored the edits set aside for {path.name}: save writes them")
        self.ask_first(f"restore the edits set aside for {path.name}", restore)

    def show(self, file: str) -> None:
        """The question, the restore button and the browser's guard as the page stands now."""
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

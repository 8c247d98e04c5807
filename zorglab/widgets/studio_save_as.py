"""*Save as* (issue 39 item 1): the level as edited, solutions included, written to a new file inside
the repository, and the Studio goes on editing that file.

The file must be a new ``.toml`` inside the repository root (the folder the Studio names paths from);
the text is the one a save would write, checked as ``zorglab validate`` checks a file *at its new
place* (:func:`zorglab.level.soundness.text_problems`: a level's tile library and contracts are found
from its folder), so nothing ``validate`` refuses is written. The old file
is left as it was on disk; the page's history is kept (undo still goes back over the edits).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from zorglab.errors import LevelError, Problem
from zorglab.level import files
from zorglab.level.draft import Draft, text_digest
from zorglab.level.edit import write_level_text
from zorglab.level.soundness import text_problems
from zorglab.widgets.studio_paths import resolve, shown


class SaveAsPage(Protocol):
    """What *save as* needs of the Studio."""

    draft: Draft
    notice: str
    root: Path
    path_text: Any
    unsaved_work: Any

    def refresh(self) -> None: ...


def inside(target: Path, root: Path) -> bool:
    """Whether ``target`` (symlinks followed) lies inside ``root``."""
    try:
        target.resolve().relative_to(root.resolve())
    except (ValueError, OSError, RuntimeError):
        return False
    return True


def save_as(page: SaveAsPage, path: str | Path) -> Path | None:
    """Write the level to the new file ``path`` (from the repository root) and edit it from now on;
    None, with the reason on the page, when refused (outside the repository, already there, not
    ``.toml``, the level has problems, the text would not load there)."""
    text = str(path).strip()
    target = resolve(text, page.root) if text else None
    reason = None
    if target is None:
        reason = "type the new file's path, e.g. levels/my-level-copy.toml"
    elif target.suffix != ".toml":
        reason = f"{text}: a level file ends in .toml"
    elif not inside(target, page.root):
        reason = f"{text} is outside the repository ({page.root}): save inside it"
    elif files.exists(target) or target.is_dir():
        reason = f"{shown(target, page.root)} already exists: pick a new name (save writes over the file open)"
    elif page.draft.problems:
        reason = f"the level has {len(page.draft.problems)} problem(s) (see the analysis)"
    if reason is not None or target is None:
        page.notice = f"not saved as: {reason}"
        page.refresh()
        return None
    problems = text_problems(page.draft.text, str(target), target)      # as ``zorglab validate`` there
    try:
        if problems:
            raise LevelError.from_problems([Problem(p.location, f"{p.message}; not saved", p.kind)
                                            for p in problems])
        target.parent.mkdir(parents=True, exist_ok=True)
        write_level_text(target, page.draft.text)
    except (LevelError, OSError) as error:
        page.notice = f"not saved as: {error}"
        page.refresh()
        return None
    before = page.draft.path
    data = files.read_bounded(target, "level file")
    page.draft.path = target
    page.draft.based_on = None
    page.draft.replace_text(data.decode("utf-8"), text_digest(data))
    page.unsaved_work.opened_text = page.draft.text
    page.path_text.value = shown(target, page.root)
    page.notice = (f"saved as {shown(target, page.root)}: the Studio edits it now"
                   + (f" ({shown(before, page.root)} is as it was on disk)" if before is not None else ""))
    page.refresh()
    return target

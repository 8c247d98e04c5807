"""The Studio and its level file: save (the whole level, then the layout as a solution), the
Player's run saved as a solution, and a file changed on disk by another editor noticed and reloaded.

Every write goes through :mod:`zorglab.level.save` (atomic, locked, refused when the file changed
since it was read: ``expected_digest``); the Studio never writes over someone else's edit.
"""

from __future__ import annotations

import threading
import weakref
from pathlib import Path
from collections.abc import Iterable, Mapping
from typing import Any, Protocol

import tomlkit
import tomlkit.exceptions

from zorglab.engine.game import play, setup
from zorglab.engine.layout import Layout
from zorglab.errors import LevelError, OptionError, StaleFileError
from zorglab.level import files
from zorglab.level.draft import Draft, text_digest
from zorglab.level.loader import check_level
from zorglab.core.model import Cast, Level, Outcome
from zorglab.level.save import SavedSolution, save_solution
from zorglab.level.edit import file_digest, write_level_text
from zorglab.level.folders import inside_root
from zorglab.widgets import saving
from zorglab.widgets.studio_maker import MakerSlot
from zorglab.widgets.studio_panel import AnalysisPanel
from zorglab.widgets.studio_unsaved import UnsavedWork


def _reads_as_toml(data: bytes) -> bool:
    try:
        tomlkit.parse(data.decode("utf-8").removeprefix("\ufeff"))
    except (UnicodeDecodeError, tomlkit.exceptions.ParseError):
        return False
    return True


UNOPENED = "unopened"     # the digest of a draft whose file could not be read: no file has it


def first_draft(path: Path) -> tuple[Draft, str, str | None]:
    """The level at ``path`` for a new Studio, the notice to show and the digest of a file there that
    does not read; a path that cannot be opened (missing, a folder, a device, a NUL byte...) is said
    in the Studio, never raised: it starts on an empty level there."""
    try:
        return Draft.open(path), "", None
    except LevelError as error:
        draft = Draft.new(path)
        if not files.exists(path):
            return draft, f"cannot open {path}: {error}; save writes a new level there", None
        draft.digest = UNOPENED            # there but unreadable: never written over (no digest can match)
        try:
            unreadable: str | None = file_digest(path)      # said here, not again by check_disk
        except LevelError:
            unreadable = None
        return draft, (f"cannot open {path}: {error}; the Studio will not save over it: mend it "
                       "in a text editor (zorglab validate says the same), then reload"), unreadable


class DraftFile(saving.LevelFile):
    """The level file as the Maker and its Players see it inside the Studio: their saves go through
    :meth:`StudioFile.save_solution_of` (the draft written first, one digest for everyone)."""

    def __init__(self, file: StudioFile):                # no file digest of its own: the Studio's is the one
        self.file = file

    @property
    def path(self) -> Path:                              # type: ignore[override]
        return self.file.path

    @property                                            # type: ignore[override]
    def digest(self) -> str | None:
        return self.file.page.draft.digest

    @digest.setter
    def digest(self, value: str | None) -> None:         # the Studio re-reads the file after every save
        pass

    def save(self, layout: Layout, casts: Iterable[str | Cast] = (), expect: Outcome | str | None = None,
             choices: Mapping[str, Any] | None = None,
             mirror_casts: Mapping[str, Iterable[str | Cast]] | None = None) -> SavedSolution:
        return self.file.save_solution_of(layout, casts, expect, choices, mirror_casts)


class FilePage(Protocol):
    """What the file handlers need of the Studio."""

    draft: Draft
    notice: str
    solution: int | None
    saved: SavedSolution | None
    confined: Path | None          # the app: the folder every file saved must be inside

    def refresh(self) -> None: ...

    def reopened(self) -> None: ...


class StudioFile:
    """The Studio's level file (an object the Studio owns): save, save the Player's run, look at the
    disk, reload. ``unsaved`` keeps the edits a reload sets aside, ``board`` is the Maker's place,
    ``panel`` the analysis (its witness is saved), ``lock`` the Studio's lock."""

    def __init__(self, page: FilePage, unsaved: UnsavedWork, board: MakerSlot, panel: AnalysisPanel,
                 lock: threading.RLock, unreadable: str | None = None):
        self.page = page
        self.unsaved = unsaved
        self.board = board
        self.panel = panel
        self.lock = lock
        self.unreadable = unreadable        # digest of a file on disk that did not read (said once)
        self.stopped = threading.Event()     # set: the watcher stops looking

    def stop(self) -> None:
        """The watcher (if any) stops looking at the file."""
        self.stopped.set()

    @property
    def path(self) -> Path:
        """The level file (a Studio always has one; a bare Draft may not)."""
        if self.page.draft.path is None:
            raise OptionError("this level has no file: give the Studio a path")
        return self.page.draft.path

    def check_disk(self) -> bool:
        """If the file changed on disk since it was read (another editor), say so and reload it (True)."""
        with self.lock:
            path = self.page.draft.path
            if path is None:
                return False
            if not files.exists(path):
                if self.page.draft.digest is not None:
                    self.page.draft.digest = None
                    self.page.notice = f"{path} was removed from disk; save writes it again"
                    self.page.refresh()
                return False
            try:
                now = file_digest(path)
            except LevelError:                       # a folder or a device now: nothing to reload, never written
                return False
            if now in (self.page.draft.digest, self.unreadable):
                return False                         # as read; or unreadable, and already said so
            return self.reload(because="changed on disk")

    def reload(self, because: str = "reloaded") -> bool:
        """Read the file again (True); edits not saved are kept in ``discarded``, never written over the
        file. A file that does not read as TOML now (another editor mid-way) is not taken: the Studio
        says why, in the loader's words, and keeps its own version until the file reads again (False)."""
        with self.lock:
            path = self.path
            try:
                data = files.read_bounded(path, "level file")
            except LevelError as error:                  # gone, a folder, too big now: said, nothing taken
                self.page.notice = f"cannot reload: {error}"
                self.page.refresh()
                return False
            if not _reads_as_toml(data):
                problems = check_level(path).problems
                self.unreadable = text_digest(data)
                reason = str(problems[0]) if problems else f"{path}: not valid TOML"
                self.page.notice = (f"{path} {because} but cannot be read now ({reason}); the Studio keeps "
                               "its version and will not save over the file: fix it there, then reload")
                self.page.refresh()
                return False
            self.unreadable = None
            lost = self.unsaved.unsaved
            self.unsaved.set_aside()                         # unsaved edits: restorable from the page
            self.page.draft.replace_text(data.decode("utf-8"), text_digest(data))
            self.page.draft.based_on = None
            kept = " (your unsaved edits were set aside: restore them from the page)" if lost else ""
            self.page.notice = f"{path} {because}: reloaded{kept}"
            self.page.reopened()
            return True

    def save(self) -> SavedSolution | None:
        """Write the level file (atomic, comments kept) and the Maker's layout with its casts and outcome
        as a solution (the witness when the analysis found one; an identical solution is not added twice)."""
        with self.lock:
            if self.check_disk():
                return None
            if self.page.draft.problems:
                self.page.notice = f"not saved: the level has {len(self.page.draft.problems)} problem(s) (see the analysis)"
                self.page.refresh()
                return None
            play_of_layout = self._layout_play()
            if play_of_layout is not None:
                try:
                    return self.save_solution_of(*play_of_layout)
                except StaleFileError:                   # reloaded, and said so
                    return None
                except LevelError as error:              # the text would not load: the loader's words
                    self.page.notice = f"not saved: {error}"
                    self.page.refresh()
                    return None
            try:
                self._write_level()
            except StaleFileError:
                self.unreadable = None
                self.reload(because="changed on disk while saving")
                return None
            except LevelError as error:                  # read-only, a folder, a name no file can have
                self.page.notice = f"not saved: {error}"
                self.page.refresh()
                return None
            if not self._reread():
                self.page.notice = (f"{self.path} was written by another program right after this save: its version "
                               "is shown now (yours is in studio.discarded); save again to write yours")
                self.page.refresh()
                return None
            self.page.saved = None
            self.page.notice = f"saved {self.path} (no solution: {self._layout_note()})"
            self.page.refresh()
            return None

    def save_run(self) -> SavedSolution | None:
        """Write the run the Player shows — its layout, casts so far (every world's) and their outcome —
        as a solution: the Player's own *save run*, through the Studio (the level's text first)."""
        with self.lock:
            player = self.board.maker.player if self.board.maker is not None else None
            if player is None or player.setup is None:
                self.page.notice = "start the Player first (start, under the Maker)"
                self.page.refresh()
                return None
            if self.page.draft.problems:
                self.page.notice = f"not saved: the level has {len(self.page.draft.problems)} problem(s) (see the analysis)"
                self.page.refresh()
                return None
            try:
                saved = player.save_run()                # the Player says a refusal next to its save run
            except LevelError as error:                  # (a Player that raises it: said here)
                saved = None
                if not isinstance(error, StaleFileError):
                    self.page.notice = f"not saved: {error}"
            if saved is None and not self.page.notice.startswith(("not saved", f"{self.path}")):
                self.page.notice = "the Player's run was not saved: its reason is next to save run"
            self.page.refresh()
            return saved

    def save_solution_of(self, layout: Layout, casts: Iterable[str | Cast] = (), expect: Outcome | str | None = None,
                         choices: Mapping[str, Any] | None = None,
                         mirror_casts: Mapping[str, Iterable[str | Cast]] | None = None) -> SavedSolution:
        """What every save of a solution in the Studio comes to (its own, the Maker's Players'): the
        draft's text written first when it holds edits, then the solution, both refused (and the file
        reloaded) when the file changed on disk; the Maker and its Player stay as they are."""
        with self.lock:
            if self.check_disk():
                raise StaleFileError(f"{self.path} changed on disk: reloaded; nothing saved")
            if self.page.draft.problems:
                raise LevelError(f"not saved: the level has {len(self.page.draft.problems)} problem(s): "
                                 f"{self.page.draft.problems[0]}")
            try:
                self._write_level()                 # the repository's file only, in the app
                saved = save_solution(self.path, layout, list(casts), expect=expect, choices=choices or None,
                                      mirror_casts=mirror_casts or None, expected_digest=self.page.draft.digest)
            except StaleFileError:
                self.unreadable = None              # say it again: this save was refused because of it
                self.reload(because="changed on disk while saving")
                raise
            if not self._reread(saved.digest):
                raise StaleFileError(f"{self.path} was written by another program right after this save: its "
                                     "version is shown now; save again")
            self.page.saved = saved
            self.page.solution = saved.index
            self.page.notice = f"saved {self.path.name}; solution {saved.index} " + (
                "added" if saved.added else "was already there (not added twice)")
            self.page.refresh()
            return saved

    # --- internals ---------------------------------------------------------------------------------

    def _require_inside(self) -> None:
        """In the app, the file a save writes (symlinks followed) must be inside the repository."""
        if self.page.confined is not None:
            inside_root(self.path, self.page.confined)

    def _write_level(self) -> None:
        """The draft's text to its file when it holds edits not on disk (refused if the file changed)."""
        self._require_inside()
        if self.page.draft.dirty:
            if self.page.draft.stale:
                raise LevelError(f"{self.path} changed on disk since you opened it (the edits restored here "
                                 "were made on an older version); nothing written: reload, or save as another file")
            if self.page.draft.digest is None:
                self.path.parent.mkdir(parents=True, exist_ok=True)     # Studio.new("levels/new/x.toml")
            self.page.draft.digest = write_level_text(self.path, self.page.draft.text_to_save(),
                                                 expected_digest=self.page.draft.digest)

    def _layout_play(self) -> tuple[Layout, list[str], str, dict[str, Any], dict[str, list[str]]] | None:
        """The Maker's layout as a solution: the witness and a win when the panel found one for it, else
        no casts and the outcome they give; None when there is no valid layout to save."""
        maker, level = self.board.maker, self.page.draft.level
        if maker is None or level is None or not len(maker.layout) or not maker.valid:
            return None
        self.panel.settle_verdict(timeout=60.0)
        summary = self.panel.summary
        if summary is not None and self.panel.verdict_current and self.panel.layout == maker.layout \
                and getattr(summary, "layout_verdict", None) == "solvable" and summary.witness is not None:
            mirrors = {name: list(texts) for name, texts in getattr(summary, "mirror_witness", ())}
            return maker.layout, list(summary.witness), "win", dict(maker.choices), mirrors
        outcome = play(setup(level, maker.layout, maker.choices)).outcome.value
        return maker.layout, [], outcome, dict(maker.choices), {}

    def _layout_note(self) -> str:
        if self.board.maker is None or not len(self.board.maker.layout):
            return "no layout yet"
        maker = self.board.maker
        return f"the layout breaks {len(maker.violations)} rule(s)" if not maker.valid else "layout kept"

    def _reread(self, written: str | None = None) -> bool:
        """The file as now on disk becomes the draft (after our own save); the Maker stays. True when
        the file holds the bytes just written (digest ``written``, by default the draft's): a save is
        reported as saved only then -- another program writing right after it is said, never hidden."""
        written = written if written is not None else self.page.draft.digest
        text = self.page.draft.text
        data = files.read_bounded(self.path, "level file")
        ours = text_digest(data) == written
        if not ours:
            self.unsaved.discarded = text
        self.page.draft.replace_text(data.decode("utf-8"), text_digest(data))
        self.page.draft.based_on = None
        self.board.sync()
        return ours

    def watch(self, every: float, looker: Any = None) -> threading.Thread:
        """Look at the file every ``every`` seconds: ``looker.check_disk()`` (default: this object's),
        in a thread that ends with its looker or at :meth:`stop`."""
        owner = weakref.ref(looker if looker is not None else self)
        stop = self.stopped

        def look() -> None:
            while not stop.wait(every):
                found = owner()
                if found is None:
                    return
                try:
                    found.check_disk()
                except Exception:      # a file half-replaced by another editor: look again next time
                    pass
                del found
        thread = threading.Thread(target=look, name="zorglab-studio-watch", daemon=True)
        thread.start()
        return thread

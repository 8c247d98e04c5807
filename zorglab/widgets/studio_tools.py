"""The Studio's tabs that open other tools: the level browser on the level's folder (a click opens a
level in the Studio) and the proposer (*Open* writes a proved candidate beside the level and opens
it in the Studio). Each is built the first time it is asked for; one shown again replaces (and
closes) the one before.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as w

from zorglab.widgets.studio_maker import close_all_children


class StudioTools:
    """``open(path)`` opens a level in the Studio; ``level_path()`` is the level's file (None: new)."""

    def __init__(self, open: Callable[[Path], Any], level_path: Callable[[], Path | None]):
        self.open = open
        self.level_path = level_path
        self.browser_box = w.VBox()
        self.propose_box = w.VBox()

    def folder(self) -> Path:
        path = self.level_path()
        return path.parent if path is not None else Path("levels")

    def show_browser(self) -> Any:
        """The level browser on this level's folder; a click on a level opens it in the Studio."""
        from zorglab.widgets.levels import LevelBrowser
        browser = LevelBrowser(self.folder(), on_open=self.open, background=True)
        close_all_children(self.browser_box)
        self.browser_box.children = (browser.widget,)
        return browser

    def show_proposer(self, **options: Any) -> Any:
        """The Propose panel (issue 17): a brief, proved candidates drawn with their figures; *Open*
        writes the candidate beside this level (a normal level file, its witness as a solution)
        and opens it in the Studio to edit."""
        from zorglab.widgets.propose import ProposePanel
        panel = ProposePanel(folder=str(self.folder()), **options)
        panel.on_open = lambda _level, _layout, candidate: self._open_candidate(panel, candidate)
        close_all_children(self.propose_box)
        self.propose_box.children = (panel.widget,)
        return panel

    def _open_candidate(self, panel: Any, candidate: Any) -> None:
        rank = panel.proposal.offered.index(candidate) + 1
        path = panel.path_for(rank)
        written = path if path.exists() else panel.write(rank)   # opened before: open that file again
        if written is not None:                                  # else the panel says why not
            self.open(written)

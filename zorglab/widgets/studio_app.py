"""The Studio as an app (issue #24 item 10): the level browser beside one Studio, no notebook around
them. ``zorglab studio [PATH]`` (and ``make studio``) serves one cell making a :class:`StudioApp`
with Voilà on 127.0.0.1: the same Studio widget, so undo, the choice pickers and the question before
unsaved edits are lost all hold there too.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import ipywidgets as w

from zorglab.widgets.studio import Studio
from zorglab.level.folders import inside_root, project_root
from zorglab.widgets.studio_paths import resolve

DEFAULT_NEW = "levels/my-level.toml"


class StudioApp:
    """The level browser on ``root/levels`` (hidden and shown by its button) beside a Studio on
    ``path`` (a level file; a path not there yet starts a new level saved to it; None: the
    first free ``levels/my-level*.toml``). A click on a level in the browser opens it in the Studio
    (asking first when the Studio holds unsaved edits)."""

    def __init__(self, path: str | Path | None = None, *, root: str | Path | None = None,
                 start: str | Path | None = None, **options: Any):
        """``root``: the repository root; else found at or above ``start`` (the folder the app was
        started from; default the working folder)."""
        self.root = Path(root).resolve() if root is not None else project_root(Path(start) if start else None)
        target = resolve(path, self.root) if path is not None else _free_name(self.root)
        inside_root(target, self.root)             # the app opens and saves inside the repository only
        options["root"] = self.root
        options.setdefault("confine", True)
        self.studio = Studio(target, **options) if target.exists() else Studio.new(target, **options)
        self.browser: Any = None
        self.levels_box = w.VBox(layout=w.Layout(width="270px", flex="0 0 270px", overflow="hidden auto",
                                                 max_height="calc(100vh - 40px)", margin="0 10px 0 0"))
        self.levels_box.add_class("zorglab-app-levels")
        self.toggle = w.ToggleButton(value=True, description="levels", icon="list",
                                     tooltip="show or hide the levels of the pack", layout=w.Layout(width="auto"))
        self.toggle.observe(lambda c: self.show_levels(c["new"]), names="value")
        title = w.HTML("<b style='font-size:120%'>zorglab — Level Studio</b> "
                       "<small style='color:#666'>(paths are from the repository root: "
                       f"{self.root})</small>")
        self.widget = w.VBox([w.HBox([self.toggle, title], layout=w.Layout(align_items="center")),
                              w.HBox([self.levels_box, self.studio.widget], layout=w.Layout(align_items="flex-start"))])
        self.widget.add_class("zorglab-app")
        self.show_levels(True)

    def show_levels(self, shown: bool = True) -> None:
        """The level browser beside the Studio (built the first time it is shown)."""
        if shown and self.browser is None:
            from zorglab.widgets.levels import LevelBrowser
            folder = self.root / "levels"
            self.browser = LevelBrowser(folder, on_open=self.studio.open, background=True)
            self.levels_box.children = (self.browser.widget,)
        self.levels_box.layout.display = "" if shown else "none"
        if self.toggle.value != shown:
            self.toggle.value = shown

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = self.widget._repr_mimebundle_(**kwargs)
        if isinstance(bundle, dict):
            bundle["text/plain"] = "zorglab Level Studio: run this cell to open it"
        return bundle


def _free_name(root: Path) -> Path:
    base = root / DEFAULT_NEW
    candidates = [base] + [base.with_name(f"{base.stem}-{n}.toml") for n in range(2, 1000)]
    return next(p for p in candidates if not p.exists())

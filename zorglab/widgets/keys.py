"""Keyboard shortcuts that reach the widget, never JupyterLab (issue #13 item 1).

JupyterLab runs its notebook shortcuts (``r`` makes a Raw cell, ``Shift+R`` toggles side-by-side)
from one keydown listener on the document, in the bubbling phase, and skips an event whose default
was prevented or whose target sits under ``data-lm-suppress-shortcuts``. A button the user just
clicked has the focus and is inside the notebook, so its keys reached those shortcuts.

:class:`KeyGuard` is an invisible widget placed inside the widget's root box. In the browser it
makes that root focusable (a click anywhere in the widget gives it the focus), marks it
``data-lm-suppress-shortcuts``, and listens for keydown on it: no key pressed inside the widget
goes on to JupyterLab; the widget's own keys (``keys``) are sent to Python and their browser default
is prevented. Keys typed into a text field, a dropdown or a slider are left to that control. A focused button
the widget then disables would drop the focus to the page: the guard gives it back to the root.
Python receives ``(key, shift, ctrl, meta)`` and calls the widget's ``key`` handler, the same one
tests call. Ctrl/Cmd+S is never the browser's nor JupyterLab's: a guard that wants ``s`` takes it in
the capture phase (a text widget stops its keys from bubbling), so it saves from a text field too, and
the outermost such guard has it (the Studio around its Maker).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import anywidget
import ipywidgets as w
import traitlets

ROOT_CLASS = "zorglab-keys"

_ESM = """
const ROOT = "zorglab-keys";
// controls that use keys themselves: a key typed there stays there (but never reaches JupyterLab)
const OWN_KEYS = "input:not([type=checkbox]):not([type=button]):not([type=radio]), textarea, select, "
  + "[contenteditable=''], [contenteditable='true'], [role=slider], .noUi-handle";

function render({ model, el }) {
  el.style.display = "none";
  let root = null, tries = 0, timer = null;
  const saving = (event) => (event.ctrlKey || event.metaKey) && (event.key === "s" || event.key === "S");
  const send = (event) => model.send({ event: "key_down", key: event.key, shift_key: event.shiftKey,
                                       ctrl_key: event.ctrlKey, meta_key: event.metaKey });
  const onKey = (event) => {
    if (event.zorglabSeen) return;                 // an inner widget's guard has it
    event.zorglabSeen = true;
    event.stopPropagation();                       // JupyterLab never sees it
    if (saving(event)) event.preventDefault();     // nor the browser's "save page"
    if (event.target && event.target.closest && event.target.closest(OWN_KEYS)) return;
    if (!model.get("shortcuts").includes(event.key)) return;
    event.preventDefault();
    send(event);
  };
  // Ctrl/Cmd+S saves from anywhere in the widget, a text field too (a text widget stops its keys
  // from bubbling): taken on the way down, by the outermost guard that saves
  const onSave = (event) => {
    if (event.zorglabSeen || !saving(event) || !model.get("shortcuts").includes(event.key)) return;
    event.zorglabSeen = true;
    event.preventDefault();
    event.stopPropagation();
    send(event);
  };
  const attach = () => {
    root = el.closest("." + ROOT);
    if (!root) {
      if (tries++ < 400) timer = setTimeout(attach, 50);
      return;
    }
    root.setAttribute("data-lm-suppress-shortcuts", "true");
    if (!root.hasAttribute("tabindex")) root.setAttribute("tabindex", "-1");
    root.addEventListener("keydown", onKey);
    root.addEventListener("keydown", onSave, true);
    root.addEventListener("focusin", onFocusIn);
    document.addEventListener("mousedown", onPress, true);
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ["disabled"] });
    entitle();
    root.setAttribute("data-zorglab-keys", "ready");
  };
  // tooltips for controls ipywidgets gives none (the Play widget's buttons): selector -> title
  const entitle = () => {
    for (const [selector, title] of Object.entries(model.get("titles") || {}))
      root.querySelectorAll(selector).forEach((node) => { if (node.title !== title) node.title = title; });
  };
  // A focused button that the widget disables (or replaces) drops the focus to the page body, where
  // the next key would reach JupyterLab: while the widget had the focus, it takes it back.
  let owned = false;
  // only the innermost guarded widget around the focus owns it (a Player inside a Maker)
  const mine = (node) => !!root && !!node && !!node.closest && node.closest("." + ROOT) === root;
  const onFocusIn = (event) => { if (mine(event.target)) owned = true; };
  const onPress = (event) => { owned = mine(event.target); };
  const reclaim = () => {
    const now = document.activeElement;
    if (owned && root && (!now || now === document.body || (root.contains(now) && now.disabled)))
      root.focus({ preventScroll: true });
  };
  const observer = new MutationObserver(() => { reclaim(); requestAnimationFrame(reclaim); entitle(); });
  attach();
  return () => {
    clearTimeout(timer);
    observer.disconnect();
    document.removeEventListener("mousedown", onPress, true);
    if (root) {
      root.removeEventListener("keydown", onKey);
      root.removeEventListener("keydown", onSave, true);
      root.removeEventListener("focusin", onFocusIn);
    }
  };
}
export default { render };
"""

_CSS = """
.zorglab-keys:focus { outline: 1px dashed #9aa7b5; outline-offset: 2px; }
"""


class KeyGuard(anywidget.AnyWidget):
    """Sends the widget's own keys to ``handler(key, shift=, ctrl=, meta=)`` and keeps every key
    pressed inside the widget away from JupyterLab's shortcuts."""

    _esm = _ESM
    _css = _CSS
    shortcuts = traitlets.List(traitlets.Unicode()).tag(sync=True)
    titles = traitlets.Dict(traitlets.Unicode()).tag(sync=True)     # CSS selector -> tooltip

    def __init__(self, handler: Callable[..., Any], keys: Iterable[str], titles: dict[str, str] | None = None):
        super().__init__(shortcuts=sorted(set(keys)), titles=dict(titles or {}))
        self._handler = handler
        self.on_msg(self._received)

    def press(self, key: str, shift: bool = False, ctrl: bool = False, meta: bool = False) -> None:
        """What the browser does on a keydown inside the widget (tests call it)."""
        self._received(self, {"event": "key_down", "key": key, "shift_key": shift, "ctrl_key": ctrl,
                              "meta_key": meta}, [])

    def _received(self, _widget: Any, content: dict[str, Any], _buffers: Any) -> None:
        if content.get("event") == "key_down" and content.get("key") in self.shortcuts:
            self._handler(content["key"], shift=bool(content.get("shift_key")),
                          ctrl=bool(content.get("ctrl_key")), meta=bool(content.get("meta_key")))


def guard(root: w.Box, handler: Callable[..., Any], keys: Iterable[str],
          titles: dict[str, str] | None = None) -> KeyGuard:
    """Put a :class:`KeyGuard` into ``root`` (the widget's outermost box) and return it;
    ``titles`` gives tooltips to controls inside it that have no tooltip trait."""
    keeper = KeyGuard(handler, keys, titles)
    root.add_class(ROOT_CLASS)
    root.children = tuple(root.children) + (keeper,)
    return keeper

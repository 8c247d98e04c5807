"""Widgets the Studio (or a Maker) no longer shows are closed (issue #32 item 4), so a long session does not pile
up live widget models: a removed row, a replaced Maker or Player, a rebuilt picker.

``widget.close()`` drops the widget's model (``ipywidgets.Widget.widgets``) and the browser's
views of it; a widget's own ``layout`` and ``style`` are models too and are closed with it, except
the layouts shared by many widgets (:func:`shared`), which outlive any one of them.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable

import ipywidgets as w

_SHARED: weakref.WeakSet[w.Widget] = weakref.WeakSet()    # layouts many widgets use: never closed with one


def shared(layout: w.Layout) -> w.Layout:
    """Mark ``layout`` as shared by many widgets (closing one of them leaves it open); returns it."""
    _SHARED.add(layout)
    return layout


def close_tree(widget: w.Widget | None) -> None:
    """Close ``widget``, everything inside it (a box's children, recursively), their observers
    and their own layouts and styles."""
    if widget is None:
        return
    for child in tuple(getattr(widget, "children", ())):
        if isinstance(child, w.Widget):
            close_tree(child)
    for part in (getattr(widget, "layout", None), getattr(widget, "style", None)):
        if isinstance(part, w.Widget) and part not in _SHARED:
            part.close()
    widget.unobserve_all()                     # nothing it shows calls the Studio any more
    widget.close()


def close_all(widgets: Iterable[w.Widget]) -> None:
    """:func:`close_tree` each of ``widgets``."""
    for widget in widgets:
        close_tree(widget)

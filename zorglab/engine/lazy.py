"""The engine's run-time modules, imported when first used.

A level is loaded and checked (``zorglab validate``) without them (docs/performance.md, CLI
latency): the hero and spell modules that register the types reach :mod:`zorglab.engine.events`
through :func:`events` only when a level is played. ``tests/cli/test_cli_lazy.py`` holds it.
"""

from __future__ import annotations

import functools
from types import ModuleType


@functools.cache
def events() -> ModuleType:
    """:mod:`zorglab.engine.events`, imported on the first call and the same module after it."""
    from zorglab.engine import events as module
    return module

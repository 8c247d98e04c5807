"""Levels: the notation, the loader and its errors, reading, saving and editing level files.

The public names below are imported on first use, for start-up speed only: ``zorglab.level.files``
(used by the temples and the player profile) must not load the loader, its grammar and the engine's
types. The data model itself (values, AST, model, expressions, substitution, printer) lives in
:mod:`zorglab.core`: import ``evaluate``, ``substitute_level`` and their kin from there.
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "LevelCheck": "level.loader", "check_level": "level.loader", "check_level_text": "level.loader",
    "level_files": "level.loader", "load_level": "level.loader", "load_level_text": "level.loader",
    "load_levels": "level.loader",
    "parse_cast": "level.parse", "parse_expr": "level.parse", "parse_hero": "level.parse",
    "parse_room": "level.parse", "parse_spell": "level.parse", "parse_value": "level.parse",
    "parse_variable": "level.parse",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(importlib.import_module(f"zorglab.{_EXPORTS[name]}"), name)
    raise AttributeError(f"module 'zorglab.level' has no attribute {name!r}")

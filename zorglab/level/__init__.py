"""Levels: the notation, the loader and its errors, the typed model, substitution and printing.

The public names below are imported on first use, so importing a submodule such as
``zorglab.core.values`` stays light and free of import cycles with the engine.
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "LevelCheck": "loader", "check_level": "loader", "check_level_text": "loader", "level_files": "loader",
    "load_level": "loader", "load_level_text": "loader", "load_levels": "loader",
    "parse_cast": "parse", "parse_expr": "parse", "parse_hero": "parse", "parse_room": "parse",
    "parse_spell": "parse", "parse_value": "parse", "parse_variable": "parse",
    "evaluate": "expr", "FUNCTIONS": "expr", "SimpleEnv": "expr", "Environment": "expr",
    "substitute_level": "substitute",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name in _EXPORTS:
        return getattr(importlib.import_module(f"zorglab.level.{_EXPORTS[name]}"), name)
    raise AttributeError(f"module 'zorglab.level' has no attribute {name!r}")

"""zorglab: a design workbench for Zorg's Dungeon Maker levels and Zelda-style temples.

``import zorglab`` gives the documented API; each name is imported when first used, so the
import itself stays cheap (the ``zorglab`` command starts without pandas or the widgets).

Levels
    :func:`load_level`, :func:`load_level_text`, :func:`setup`, :func:`play`,
    :func:`play_solution`, :func:`solve`, :func:`solve_layouts`; the types :class:`Level`,
    :class:`Layout`, :class:`Setup`, :class:`LevelRun`, :class:`Outcome`, :class:`Cast`.
Temples
    :func:`generate_temple`, :func:`load_temple`, :func:`solve_temple`, :func:`lint_temple`.
Widgets (JupyterLab)
    :class:`Studio`, :class:`Maker`, :class:`Player`, :class:`TempleViewer`, :class:`TempleTuner`.
Errors
    :class:`LevelError` (every problem of a file, located), :class:`LayoutError`,
    :class:`CastError`, :class:`ExpressionError`, :class:`OptionError`.

Examples
--------
>>> import zorglab
>>> level = zorglab.load_level("levels/app-01-first-blood.toml")
>>> zorglab.play_solution(level, 1).outcome
<Outcome.WIN: 'win'>
>>> zorglab.solve(level).verdict
'solvable'

Layers (``docs/architecture.md``): ``zorglab.level`` reads and writes level files,
``zorglab.engine`` holds the rules and imports nothing above it, ``zorglab.search`` decides
solvability, ``zorglab.paint`` draws (and gives levels and runs their notebook pictures),
``zorglab.temples`` stands apart, and ``zorglab.widgets`` / ``zorglab.reports`` /
``zorglab.cli`` only read engine state and events.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

# Each public name and the module it lives in (imported on first use).
_EXPORTS: dict[str, str] = {
    **dict.fromkeys(("load_level", "load_level_text", "setup", "play", "play_solution", "solve", "solve_layouts",
                     "generate_temple", "load_temple", "solve_temple", "lint_temple"), "zorglab.api"),
    "Level": "zorglab.core.model", "Cast": "zorglab.core.model", "Outcome": "zorglab.core.model",
    "Layout": "zorglab.engine.layout", "Setup": "zorglab.engine.game", "LevelRun": "zorglab.engine.game",
    "Temple": "zorglab.temples.model",
    "Maker": "zorglab.widgets.maker", "Player": "zorglab.widgets.player", "Studio": "zorglab.widgets.studio",
    "TempleViewer": "zorglab.widgets.temples", "TempleTuner": "zorglab.widgets.temples",
    "compare": "zorglab.cli.compare",       # two packs or git revisions, level by level (docs/reports.md)
    **dict.fromkeys(("LevelError", "LayoutError", "CastError", "ExpressionError", "OptionError"), "zorglab.errors"),
    # Adding a type (docs/levels.md): the registering decorators, the parameter kinds, the bases.
    **dict.fromkeys(("room_type", "hero_type", "spell_type", "Param", "ParamKind", "load_entry_point_types"),
                    "zorglab.core.registry"),
    "RoomBehaviour": "zorglab.engine.rooms.base", "HeroBehaviour": "zorglab.engine.heroes.base",
    "SpellBehaviour": "zorglab.engine.spells.base",
    # ... a type's own hero state and its hooks, and what the search may rely on (docs/extending.md)
    **dict.fromkeys(("Mark", "Turn", "mark_type"), "zorglab.engine.marks"),
    "SearchFacts": "zorglab.engine.facts",
}

if TYPE_CHECKING:       # the same names, typed for a designer's type checker (zorglab ships py.typed)
    from zorglab.api import generate_temple as generate_temple, lint_temple as lint_temple
    from zorglab.api import load_level as load_level, load_level_text as load_level_text
    from zorglab.api import load_temple as load_temple, play as play, play_solution as play_solution
    from zorglab.api import setup as setup, solve as solve, solve_layouts as solve_layouts
    from zorglab.api import solve_temple as solve_temple
    from zorglab.cli.compare import compare as compare
    from zorglab.core.model import Cast as Cast, Level as Level, Outcome as Outcome
    from zorglab.core.registry import Param as Param, ParamKind as ParamKind, hero_type as hero_type
    from zorglab.core.registry import load_entry_point_types as load_entry_point_types
    from zorglab.core.registry import room_type as room_type, spell_type as spell_type
    from zorglab.engine.facts import SearchFacts as SearchFacts
    from zorglab.engine.game import LevelRun as LevelRun, Setup as Setup
    from zorglab.engine.heroes.base import HeroBehaviour as HeroBehaviour
    from zorglab.engine.layout import Layout as Layout
    from zorglab.engine.marks import Mark as Mark, Turn as Turn, mark_type as mark_type
    from zorglab.engine.rooms.base import RoomBehaviour as RoomBehaviour
    from zorglab.engine.spells.base import SpellBehaviour as SpellBehaviour
    from zorglab.errors import CastError as CastError, ExpressionError as ExpressionError
    from zorglab.errors import LayoutError as LayoutError, LevelError as LevelError, OptionError as OptionError
    from zorglab.temples.model import Temple as Temple
    from zorglab.widgets.maker import Maker as Maker
    from zorglab.widgets.player import Player as Player
    from zorglab.widgets.studio import Studio as Studio
    from zorglab.widgets.temples import TempleTuner as TempleTuner, TempleViewer as TempleViewer



def _in_checkout(module: str) -> bool:
    """Is ``module``'s source here? (``Studio`` is named before its module lands; a stat, no import.)"""
    path = Path(__file__).resolve().parent.parent.joinpath(*module.split("."))
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


__all__ = sorted(name for name, module in _EXPORTS.items() if _in_checkout(module))


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'zorglab' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_EXPORTS))


# Notebook pictures of levels, setups and runs, drawn by zorglab.paint when first shown.
_PICTURED = (("zorglab.core.model", "Level"), ("zorglab.engine.game", "Setup"),
             ("zorglab.engine.game", "WorldRun"), ("zorglab.engine.game", "LevelRun"),
             ("zorglab.temples.model", "Temple"))


def _picture(obj: Any) -> bytes | None:
    from zorglab.paint.reprs import picture

    return picture(obj)


def _notebook_pictures() -> None:
    """In an IPython session, register the PNG pictures by type name: nothing is imported until
    one is shown, and the engine and level model stay free of the painter."""
    ipython = sys.modules.get("IPython")
    shell = getattr(ipython, "get_ipython", lambda: None)() if ipython is not None else None
    formatters = getattr(getattr(shell, "display_formatter", None), "formatters", None)
    if not formatters or "image/png" not in formatters:
        return
    for module, name in _PICTURED:
        formatters["image/png"].for_type_by_name(module, name, _picture)


_notebook_pictures()

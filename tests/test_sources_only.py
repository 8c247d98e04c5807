"""Issue 15 item 7: the workbench runs on its Python sources; no compiled module shadows a source.

The mypyc build was removed (docs/performance.md). An extension module left beside a source by an
old build would be imported before the ``.py`` file and run old rules, so none may be there
(``make test`` and ``make lab`` delete leftovers first).
"""

from __future__ import annotations

import importlib.machinery
import sys
from pathlib import Path

import zorglab
from zorglab.engine import turns
from zorglab.search import solver

PACKAGE = Path(zorglab.__file__).resolve().parent


def test_no_extension_module_sits_in_the_package():
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    found = [str(p.relative_to(PACKAGE)) for p in PACKAGE.rglob("*") if p.name.endswith(suffixes)]
    assert found == [], f"compiled leftovers shadow their sources (delete them): {found}"


def test_the_rules_and_the_search_run_from_their_sources():
    for module in (turns, solver):
        assert module.__file__ is not None and module.__file__.endswith(".py"), module.__file__
    loaded = [name for name, m in sys.modules.items() if name.startswith("zorglab")
              and not (getattr(m, "__file__", None) or "x.py").endswith(".py")]
    assert loaded == []

"""The layers as built (issue 15 items 1 and 2): an import graph read from the sources with ``ast``.

An edge is every ``import`` of a zorglab module anywhere in a module (at the top or inside a
function: a lazy import is still a dependency) and every string that names a zorglab module
exactly (``importlib.import_module`` tables such as the registry's built-in packages or the CLI's
sub-commands). The root ``zorglab/__init__.py`` is the public facade: it may name anything, and
an import of the bare ``zorglab`` package (``zorglab.__file__``) is no edge.

The data model sits at the bottom (``zorglab.core``: it imports only ``zorglab.errors``); the engine
sits on it alone; the loader (``zorglab.level``) sits on both. No two zorglab packages import each
other, directly or round a longer circle.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from functools import cache
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "zorglab"
ABOVE_THE_ENGINE = ("search", "paint", "widgets", "reports", "cli", "sweep", "progression", "temples", "api")
# Package circles still standing: none (a temple's picture now attaches from zorglab.paint).
KNOWN_CIRCLES: tuple[set[str], ...] = ()


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _docstrings(tree: ast.AST) -> set[int]:
    """ids of the string constants that are docstrings (a module named in prose is no import)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def _resolve(name: str) -> str | None:
    """The zorglab module ``name`` refers to (``a.b.c`` may be module ``a.b`` and its name ``c``)."""
    while name:
        if name in modules():
            return name
        name = name.rpartition(".")[0]
    return None


@cache
def imports() -> dict[str, frozenset[str]]:
    """Module -> the zorglab modules it imports or names (the bare root excepted)."""
    graph: dict[str, frozenset[str]] = {}
    for name, path in modules().items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        prose = _docstrings(tree)
        found: set[str] = set()
        for node in ast.walk(tree):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                base = node.module
                if node.level:
                    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
                    for _ in range(node.level - 1):
                        package = package.rpartition(".")[0]
                    base = f"{package}.{node.module}"
                targets = [f"{base}.{alias.name}" for alias in node.names]
            elif (isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in prose
                  and node.value in modules()):
                targets = [node.value]
            for target in targets:
                if target.startswith("zorglab."):
                    resolved = _resolve(target)
                    if resolved and resolved != "zorglab" and resolved != name:
                        found.add(resolved)
        graph[name] = frozenset(found)
    return graph


def package_of(module: str) -> str:
    """``zorglab.engine.rooms.portal`` -> ``engine``; the root facade is ``""``; ``zorglab.__main__``
    (``python -m zorglab``) is the command line's other door, so it counts as ``cli``."""
    parts = module.split(".")
    if parts[1:2] == ["__main__"]:
        return "cli"
    return parts[1] if len(parts) > 1 else ""


@cache
def package_graph() -> dict[str, frozenset[str]]:
    edges: dict[str, set[str]] = defaultdict(set)
    for module, targets in imports().items():
        source = package_of(module)
        if not source:
            continue                         # the facade
        edges[source]
        edges[source].update(package_of(t) for t in targets if package_of(t) != source)
    return {k: frozenset(v) for k, v in edges.items()}


def witnesses(source: str, target: str) -> list[str]:
    """Which modules of package ``source`` import which of ``target`` (for failure messages)."""
    return sorted(f"{m} -> {t}" for m, ts in imports().items() if package_of(m) == source
                  for t in ts if package_of(t) == target)


def circles() -> list[set[str]]:
    """The strongly connected groups of more than one package (Tarjan)."""
    graph, index, low, stack, on, found = package_graph(), {}, {}, [], set(), []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = set()
            while True:
                top = stack.pop()
                on.discard(top)
                group.add(top)
                if top == node:
                    break
            if len(group) > 1:
                found.append(group)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_graph_is_read_from_the_code():
    # a sanity check that the reader sees what is there: lazy, top-level and string imports
    assert "zorglab.search.solver" in imports()["zorglab.search.decide"]           # inside a function
    assert "zorglab.engine.game" in imports()["zorglab.search.decide"]             # at the top
    assert "zorglab.engine.rooms" in imports()["zorglab.engine.types"]           # a package's import
    assert "zorglab.cli.validate" in imports()["zorglab.cli.main"]                 # the CLI's table
    assert package_graph()["cli"] >= {"engine", "level", "search", "temples", "reports"}


@pytest.mark.parametrize("layer", ["engine", "level", "core"])
def test_the_engine_and_the_level_model_import_nothing_above_them(layer):
    above = {p: witnesses(layer, p) for p in ABOVE_THE_ENGINE if p in package_graph()[layer]}
    assert above == {}


def test_the_data_model_is_the_bottom_package():
    """``zorglab.core`` imports nothing of zorglab but the errors (issue 15 item 1)."""
    assert {p: witnesses("core", p) for p in package_graph()["core"] - {"errors"}} == {}


def test_the_engine_sits_on_the_data_model_alone():
    """The engine imports the loader nowhere: the circle engine <-> level is gone (item 1)."""
    assert {p: witnesses("engine", p) for p in package_graph()["engine"] - {"core", "errors"}} == {}


def test_the_search_sits_on_the_engine_and_the_level_model_only():
    allowed = {"core", "engine", "level", "errors"}
    assert {p: witnesses("search", p) for p in package_graph()["search"] - allowed} == {}


def test_the_painter_draws_and_calls_no_search_widget_report_or_cli():
    banned = {"search", "widgets", "reports", "cli", "sweep", "progression", "api"}
    assert {p: witnesses("paint", p) for p in package_graph()["paint"] & banned} == {}


def test_temples_stand_apart_from_the_game():
    banned = {"engine", "search", "widgets", "reports", "cli", "sweep", "progression", "api"}
    assert {p: witnesses("temples", p) for p in package_graph()["temples"] & banned} == {}


def test_the_bottom_modules_import_no_zorglab_module():
    for name in ("zorglab.errors", "zorglab.seeding"):
        assert imports()[name] == frozenset(), name


@pytest.mark.parametrize("top", ["cli", "widgets", "api"])
def test_nothing_imports_the_faces_of_the_workbench(top):
    """The CLI, the widgets and the API module are leaves: only they (and the facade) use them."""
    users = {p: witnesses(p, top) for p, targets in package_graph().items() if top in targets and p != top}
    assert users == {}


def test_no_package_circle_but_the_recorded_ones():
    found = circles()
    print("package circles still standing:", [sorted(c) for c in found] or "none")
    for group in found:
        print("  " + "; ".join(f"{a}: {', '.join(witnesses(a, b))}" for a in sorted(group) for b in sorted(group)
                               if a != b and witnesses(a, b)))
    assert [sorted(c) for c in found if not any(c <= known for known in KNOWN_CIRCLES)] == []

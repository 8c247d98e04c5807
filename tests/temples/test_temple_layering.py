"""Issue 15 item 4: one clean layering inside ``zorglab.temples``.

One state module under the solver, the route and play; no private name imported across
modules; no dead predicate; graph work of the lint through networkx.
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx
import pytest
from hypothesis import given, settings, strategies as st

import zorglab.temples as temples
from zorglab.temples import compile_temple, fresh_progress, generate_temple, play_moves, take
from zorglab.temples.lint_context import Context
from zorglab.temples.state import Rules

PACKAGE = Path(temples.__file__).parent
ZORGLAB = PACKAGE.parent
MODULES = sorted(PACKAGE.glob("*.py"))


def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(), filename=str(path))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_no_private_name_is_imported_across_temple_modules(path):
    private = []
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("zorglab."):
            private += [f"{node.module}.{a.name}" for a in node.names if a.name.startswith("_")]
    assert private == [], f"{path.name} imports private names {private}"


def _defined(path: Path) -> list[str]:
    return [
        node.name for node in _tree(path).body
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and not node.name.startswith("_")
    ]


def _used_names() -> dict[str, int]:
    """How often each name is read anywhere in ``zorglab`` (calls, attributes, imports)."""
    counts: dict[str, int] = {}
    for path in ZORGLAB.rglob("*.py"):
        for node in ast.walk(_tree(path)):
            name = None
            if isinstance(node, ast.Name):
                name = node.id
            elif isinstance(node, ast.Attribute):
                name = node.attr
            elif isinstance(node, ast.alias):
                name = node.name
            if name:
                counts[name] = counts.get(name, 0) + 1
    return counts


def test_no_dead_function_or_class_in_the_temples_package():
    """Every public function or class of a temple module is exported or used somewhere in zorglab
    (the issue found barrier_between, locked_between, is_boss_door, is_pit, is_bomb_source dead)."""
    used = _used_names()
    exported = set(temples.__all__)
    dead = [
        f"{path.name}:{name}" for path in MODULES for name in _defined(path)
        if name not in exported and used.get(name, 0) == 0
    ]
    assert dead == []


def test_route_and_progress_take_the_start_state_from_the_state_module():
    """The start state (keys, flags, events, doors from a progress) is built in state.py only."""
    for name in ("solver.py", "route.py", "progress.py"):
        source = (PACKAGE / name).read_text()
        assert "opened_doors or" not in source and "holds_bombs(" not in source, name


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 400), st.sampled_from(["small", "medium"]), st.lists(st.integers(0, 10), max_size=25))
def test_play_offers_exactly_the_solvers_moves(seed, size, picks):
    temple = generate_temple(seed, {"size": size})
    g = compile_temple(temple)
    progress = fresh_progress(temple)
    for pick in picks:
        rules = Rules.of(g, progress)
        s = rules.start
        solver_moves = [(g.places[v], kind == "open") for kind, _i, (v, _e, _o) in rules.successors(s.cell, s.events, s.opened)]
        moves = play_moves(g, progress)
        assert [(m.target, m.spends_key) for m in moves] == solver_moves
        if not moves:
            break
        progress = take(g, progress, moves[pick % len(moves)])
        start = Rules.of(g, progress).start
        assert progress.finished == (Rules(g, start).is_goal(start.cell, start.events) or progress.times_cleared > 0)


def test_the_lint_walks_the_temple_as_a_networkx_graph():
    temple = generate_temple(5, {"size": "medium"})
    ctx = Context(temple)
    assert isinstance(ctx.ways, nx.DiGraph)
    assert set(ctx.ways.edges) == {(u, v) for u, out in enumerate(ctx.graph.moves) for v, _need in out}
    assert ctx.all_open == set(range(ctx.graph.size))
    boss = ctx.bosses[0]
    assert boss not in ctx.before_boss and ctx.graph.entrance in ctx.before_boss

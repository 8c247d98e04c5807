"""Layout search: every valid construction once, up to translation; finite choices enumerated."""

from __future__ import annotations

from zorglab.engine.layout_rules import is_valid
from zorglab.level import load_level_text
from zorglab.search.layouts import choice_sets, constructions, solve_layouts

THREE = """
id = "three"
rooms = ["A @ spawn-east", "D(x)", "Z @ dead-end-west"]
heroes = ["Warrior(2)"]
spells = ["Attack(1)"]

[variables]
x = "choix(1, {1, 2})"

[[solutions]]
choices = { x = 1 }
map = "A D1 Z"
expect = "loss"
"""


def test_constructions_are_valid_distinct_and_complete():
    # A opens only east and Z only west; D is a cross. The only connected layouts put D between
    # them: A-D-Z in a row. Every other arrangement leaves A or Z unconnected.
    level = load_level_text(THREE, "three.toml").with_choices({"x": 1})
    found = list(constructions(level))
    assert len(found) == 1
    assert all(is_valid(level, layout) for layout in found)
    assert found[0].slot("A1") == (0, 0) and found[0].slot("D1") == (1, 0) and found[0].slot("Z1") == (2, 0)


def test_crosses_give_every_connected_shape_once():
    text = THREE.replace("A @ spawn-east", "A").replace("Z @ dead-end-west", "Z")
    level = load_level_text(text, "three.toml").with_choices({"x": 1})
    found = list(constructions(level))
    keys = {frozenset((label, p.slot) for label, p in layout.placements) for layout in found}
    assert len(keys) == len(found), "no layout twice"
    # Brute force: D and Z anywhere near A (crosses match on every side), kept when the three
    # slots form one connected group.
    def connected(cells):
        cells = set(cells)
        seen, todo = set(), [next(iter(cells))]
        while todo:
            c = todo.pop()
            seen.add(c)
            todo += [n for n in cells if n not in seen and abs(n[0] - c[0]) + abs(n[1] - c[1]) == 1]
        return seen == cells

    near = [(c, r) for c in range(-2, 3) for r in range(-2, 3)]
    brute = {frozenset({("A1", (0, 0)), ("D1", d), ("Z1", z)})
             for d in near for z in near if len({(0, 0), d, z}) == 3 and connected([(0, 0), d, z])}
    assert len(brute) == 36      # 6 fixed trominoes x A on one of 3 cells x 2 orders of D and Z
    assert keys == brute


def test_choice_sets_enumerate_finite_domains():
    level = load_level_text(THREE, "three.toml")
    combos, open_ = choice_sets(level)
    assert combos == [{"x": 1}, {"x": 2}] and open_ == []


def test_solve_layouts_reports_winners():
    summary = solve_layouts(load_level_text(THREE, "three.toml"))
    data = summary.to_json()
    assert data["layouts_tried"] == 2 and data["verdict"] == "solvable"
    assert data["winning_layouts"] == 2

"""Valid example levels load to the model values their notation means."""

from __future__ import annotations

from fractions import Fraction

import pytest

from zorglab.core.registry import hero_types, room_types, spell_types
from zorglab.level import load_level, load_levels
from zorglab.core import ast
from zorglab.core.expr import SimpleEnv, evaluate
from zorglab.core.model import Cast, DomainKind, Outcome, SpellCall, VarRef
from zorglab.core.values import INF, Element, FrozenMap, IndexFunction

from conftest import FIXTURES

FIRE, ICE, WATER, POISON = Element.FIRE, Element.ICE, Element.WATER, Element.POISON


@pytest.fixture(scope="module")
def everything():
    return load_level(FIXTURES / "everything.toml")


def args(specs) -> dict[str, tuple]:
    return {s.label: s.args for s in specs}


def test_every_type_but_c_appears_in_the_fixtures(everything) -> None:
    levels = load_levels([FIXTURES])
    used = {s.type for level in levels for s in (*level.rooms, *level.heroes, *level.spells)}
    every = {cls.name for cls in (*room_types(), *hero_types(), *spell_types())}
    assert every - used == {"C"}


def test_rooms_labels_tiles_and_arguments(everything) -> None:
    rooms = everything.rooms
    assert [r.label for r in rooms] == ["A1", "Z1", "hall", "D2", "E1", "P1", "P2", "O1", "T1"]
    assert [r.tile for r in rooms][:5] == ["spawn-here", None, "corridor", None, "rink"]
    got = args(rooms)
    assert got["hall"] == (2,) and got["D2"] == (-1,) and got["E1"] == (ICE,)
    assert got["O1"] == (VarRef("x"),) and got["T1"] == (3, FIRE)
    n, f = got["P1"]
    assert n == 2 and f == IndexFunction("i -> i + 1") and [f(i) for i in (1, 2, 3)] == [2, 3, 4]
    n, f = got["P2"]
    assert n is INF and f.table == (1, 2, 3) and f(4) == 0


def test_heroes_with_defaults_maps_and_variables(everything) -> None:
    got = args(everything.heroes)
    assert list(got) == ["Warrior1", "elf", "Gunner1", "Gunner2", "Mechanic1", "Princess1"]
    assert got["elf"] == (3, frozenset({ICE, POISON}))
    assert got["Gunner1"] == (2, 3, INF)            # dur absent: Param.default
    assert got["Gunner2"] == (1, INF, 2)
    assert got["Mechanic1"] == (5, FrozenMap((("hall", 2), ("O1", VarRef("k")))))   # alias O -> O1
    assert got["Princess1"] == (3, FrozenMap((("Z1", Fraction(1, 2)), ("A1", 2))), VarRef("r"))


def test_spells_are_labelled_like_rooms(everything) -> None:
    got = args(everything.spells)
    assert list(got) == ["Attack1", "Teleport1", "Move1", "Swap1", "Selection1", "Sleep1", "Wake1",
                         "Banality1", "Attack2"]
    assert got["Attack1"] == (1,) and got["Selection1"] == (True,) and got["Wake1"] == ()
    assert got["Attack2"] == (VarRef("x"),)


def test_variables_of_every_domain_kind(everything) -> None:
    variables = {v.name: v for v in everything.variables}
    assert (variables["x"].domain, variables["x"].items, variables["x"].count) == (DomainKind.SET, (1, 2, 3), 1)
    assert (variables["k"].domain, variables["k"].items) == (DomainKind.LIST, (1, 1, 2))
    assert (variables["picks"].domain, variables["picks"].count) == (DomainKind.NATURALS, 2)
    assert variables["r"].domain is DomainKind.REALS


def test_conditions_resolve_aliases_to_labels(everything) -> None:
    dist = everything.constraints[0].expr
    assert dist == ast.Compare(">=", ast.Call("dist", (ast.Name("A1"), ast.Name("Z1"))), ast.Const(3))
    assert [n.kind for n in dist.left.args] == ["room", "room"]
    assert everything.constraints[1].expr.left.args == (ast.Name("Warrior1"), ast.Name("elf"))
    assert everything.constraints[2].source == "gold_at_death(Mechanic) = x"
    assert everything.constraints[2].expr.op == "=="
    assert everything.bonuses[0].expr == ast.Call("unused", (ast.Name("Teleport1"),))
    assert everything.bonuses[1].expr == ast.Unary("not", ast.Call("solvable", (ast.Name("M1"),)))


def test_a_condition_evaluates_against_an_environment(everything) -> None:
    env = SimpleEnv({"x": 2}, {"dist": lambda r, s: 4 if (r, s) == ("A1", "Z1") else 0,
                              "gold_at_death": lambda h: 2 if h == "Mechanic1" else 0})
    assert evaluate(everything.constraints[0].expr, env) is True
    assert evaluate(everything.constraints[2].expr, env) is True


def test_tiles_hold_the_levels_own_and_every_library_tile_used(everything) -> None:
    names = [name for name, _ in everything.tiles]
    assert names[:2] == ["spawn-here", "rink"]
    assert {"corridor", "default-Z", "default-D", "default-P", "default-O", "default-T"} <= set(names)
    assert everything.room_tile("A1").spawn == (2, 2)
    assert everything.room_tile("E1").rows[1] == "#ggg#"


def test_the_first_solution_with_every_cast_form(everything) -> None:
    solution = everything.solutions[0]
    assert solution.choices == (("x", 2), ("k", 1), ("picks", (3, 0)), ("r", Fraction(3, 2)))
    assert solution.rotation == 1 and solution.main == "A1" and solution.expect is Outcome.WIN
    assert solution.map == (("A1", "hall", "D2", "E1"), (None, "P1", "P2", "O1"), ("Z1", "T1", None, None))
    assert solution.slots["O1"] == (3, 1)
    casts = solution.casts
    assert casts[0] == Cast(0, SpellCall("Attack", (1,)), source="@0 Attack(1)")
    assert casts[2].to == ((3, 2),) and casts[3].with_room == "E1"
    assert casts[4].on == ("Warrior1",) and casts[5].on == ("Warrior1",) and casts[6].on == ("elf",)
    selection = casts[7]
    assert selection.spell == SpellCall("Selection", (True,)) and selection.on == ("Gunner1", "Gunner2")
    assert selection.inner == Cast(5, SpellCall("Move", ()), to=((1, 2), (3, 0)))
    assert casts[8].spell == SpellCall("Attack", (2,))        # Attack(x) with the solution's x = 2
    ((mirror, mirror_casts),) = solution.mirror_casts
    assert mirror == "M1"
    assert mirror_casts[0].inner == Cast(0, SpellCall("Swap", ()), with_room="D1")


def test_a_selection_applying_attack(everything) -> None:
    solution = everything.solutions[1]
    assert solution.map == (("A1", "hall", "D2", "E1", "P1", "P2", "O1", "T1", "Z1"),)
    assert solution.expect is Outcome.STALL and solution.rotation == 0 and solution.main is None
    assert solution.casts[0].on == ("Warrior1", "elf")
    assert solution.casts[0].inner.spell == SpellCall("Attack", (1,))


def test_a_mirror_has_its_own_labels_and_conditions(everything) -> None:
    (mirror,) = everything.mirrors
    assert mirror.name == "M1"
    assert [r.label for r in mirror.rooms] == ["A1", "Z1", "D1", "D2", "E1", "D3", "D4", "O1", "D5"]
    assert mirror.rooms[4].args == (FIRE,)
    assert [h.label for h in mirror.heroes] == ["Warrior1"] and mirror.heroes[0].args == (2,)
    assert [s.label for s in mirror.spells] == ["Selection1", "Swap1"]
    assert mirror.constraints[0].expr.left.args == (ast.Name("A1"), ast.Name("Z1"))


def test_with_choices_substitutes_everywhere(everything) -> None:
    level = everything.with_choices(dict(everything.solutions[0].choices))
    assert level.variables == ()
    assert level.room("O1").args == (2,)
    assert level.hero("Mechanic1").args[1] == FrozenMap((("hall", 2), ("O1", 1)))
    assert level.hero("Princess1").args[2] == Fraction(3, 2)
    assert level.spells[-1].args == (2,)
    assert level.constraints[2].expr.right == ast.Const(2)
    assert level.bonuses[2].expr == ast.Compare("!=", ast.Const(3), ast.Const(0))


def test_labels_aliases_and_counting(tmp_path) -> None:
    level = load_level(FIXTURES / "labels.toml")
    assert [r.label for r in level.rooms] == ["A1", "A2", "Z1", "hall", "D2", "E1"]
    assert [h.label for h in level.heroes] == ["Warrior1", "Warrior2", "elf"]
    assert [s.label for s in level.spells] == ["Attack1", "Attack2", "Sleep1"]
    right = level.constraints[0].expr.right
    assert right.args == (ast.Name("Z1"), ast.Name("E1"))
    assert level.constraints[1].expr.args == (ast.Name("Warrior2"), ast.Name("elf"))
    solution = level.solutions[0]
    assert solution.main == "A2"
    assert solution.map == (("A1", "hall", "D2"), ("A2", "E1", "Z1"))
    assert [c.spell for c in solution.casts] == [SpellCall("Attack", (2,)), SpellCall("Sleep", ()),
                                                 SpellCall("Attack", (1,))]
    assert solution.casts[1].on == ("elf",)


def test_inline_choix_and_several_picks() -> None:
    level = load_level(FIXTURES / "inline.toml")
    assert [v.name for v in level.variables] == ["elems", "f", "steps", "order", "D1.x", "Teleport1.n"]
    inline = level.variables[4]
    assert inline.source == "choix(1, {1, 2})" and inline.items == (1, 2)
    assert level.room("D1").args == (VarRef("D1.x"),)
    solution = level.solutions[0]
    chosen = level.with_choices(dict(solution.choices))
    assert chosen.room("D1").args == (2,)
    portal = chosen.room("P1").args[1]
    assert portal.table == (1, 2, 1) and portal.text == "[1, 2, 1]"
    assert chosen.hero("Elf1").args == (3, frozenset({ICE, FIRE}))
    assert chosen.hero("Mechanic1").args == (2, FrozenMap((("D1", 1),)))
    assert chosen.spells[0].args == (3,)
    assert chosen.constraints[0].expr.right == ast.Const(2)
    assert solution.casts[0].spell == SpellCall("Teleport", (3,))


def test_minimal_level_uses_library_defaults() -> None:
    level = load_level(FIXTURES / "minimal.toml")
    assert [name for name, _ in level.tiles] == ["default-A", "default-Z"]
    assert level.room_tile("A1").spawn is not None
    assert level.solutions == () and level.mirrors == () and level.spells == ()


def test_load_levels_reads_a_directory() -> None:
    levels = load_levels([FIXTURES])
    assert sorted(level.id for level in levels) == ["fixture-everything", "fixture-inline", "fixture-labels",
                                                    "fixture-minimal"]

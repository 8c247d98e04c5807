"""Type-specific rules live on the type classes (issue #15 item 3): generic code asks a hook on
the room/hero/spell behaviour base and reads arguments by name from the signature, never by a
type's name. A type registered here as a copy of a built-in one under a new name must behave
exactly like it in the generic modules, and no generic module may name a type in a string."""

from __future__ import annotations

import ast
from fractions import Fraction
from pathlib import Path

import pytest

from builders import corridor, dungeon, play, table
from zorglab.core import registry
from zorglab.engine.heroes.gunner import Gunner
from zorglab.engine.heroes.princess import Princess
from zorglab.core.registry import hero_type, room_type, spell_type
from zorglab.engine.rooms.portal import PortalRoom
from zorglab.engine.spells.sleep import SleepSpell
from zorglab.engine.turns import act
from zorglab.engine.weights import pulls
from zorglab.core.values import INF, FrozenMap
from zorglab.paint.rooms import badge
from zorglab.search.casts import candidates

PACKAGE = Path(__file__).resolve().parents[2] / "zorglab"
TYPE_PACKAGES = ("engine/rooms/", "engine/heroes/", "engine/spells/")

# Modules that may still name a built-in type in a string, and why. Everything else in
# zorglab/ (outside the type packages) must ask the type's hooks instead.
ALLOWED: dict[str, str] = {
    # not dungeon types at all: same letters, other meanings
    "temples/generator.py": "temple room codes (a different game's rooms)",
    "paint/temple.py": "temple map glyphs",
    "cli/board.py": "the text board's cell glyphs ('P' is a poison cell)",
    "widgets/maker_input.py": "'Z' is the undo key (the Maker's keys)",
    "widgets/studio.py": "'Z' is the undo key (the Studio's keys)",
    "cli/compare.py": "'A' and 'B' name the two sides compared",
    # levels are data: these are levels written out in Python
    "widgets/demo.py": "the demo level's rooms, heroes and spells",
    "search/family.py": "the scaling family's levels",
    # not moved yet
    "widgets/studio_palette.py": "a tile preview's default room type",
    # the generator's palette and the pack's briefs are data (each type drafts itself: ``draft``)
    "propose/brief.py": "the generator's default palette",
    "propose/pack.py": "the generated pack's briefs",
}


def _type_names() -> set[str]:
    return {cls.name for cls in registry.room_types() + registry.hero_types() + registry.spell_types()}


def _is_typevar_name(node: ast.Constant, parents: dict[ast.AST, ast.AST]) -> bool:
    call = parents.get(node)
    return isinstance(call, ast.Call) and getattr(call.func, "id", None) == "TypeVar"


def type_names_in_strings() -> dict[str, list[tuple[int, str]]]:
    """Every string literal naming a registered type, by module, outside the type packages."""
    names = _type_names()
    found: dict[str, list[tuple[int, str]]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel.startswith(TYPE_PACKAGES):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and node.value in names and not _is_typevar_name(node, parents):
                found.setdefault(rel, []).append((node.lineno, node.value))
    return found


def test_no_generic_module_names_a_type_in_a_string():
    found = type_names_in_strings()
    unexpected = {rel: hits for rel, hits in found.items() if rel not in ALLOWED}
    assert unexpected == {}, "ask the type's hooks instead of naming it: " + repr(unexpected)


def test_the_allowed_list_holds_no_module_that_is_clean_now():
    found = type_names_in_strings()
    assert sorted(rel for rel in ALLOWED if rel not in found) == []


def test_arguments_are_read_by_name_with_the_signature_default():
    assert Gunner.signature.arg((5, 2), "c") == 2
    assert Gunner.signature.arg((5, 2), "dur") is INF        # optional, left out
    assert Gunner.signature.arg((5, 2, 3), "dur") == 3
    with pytest.raises(KeyError):
        Gunner.signature.arg((5, 2), "hp")


# -- copies of built-in types under new names ------------------------------------------------


@pytest.fixture
def copies():
    """Register Duchess (a Princess), Doze (a Sleep) and Gate (a portal) for one test."""
    made = {
        "hero": hero_type("Duchess", *Princess.signature.params)(type("Duchess", (Princess,), {})),
        "spell": spell_type("Doze", *SleepSpell.signature.params)(type("Doze", (SleepSpell,), {})),
        "room": room_type("Gate", *PortalRoom.signature.params)(type("Gate", (PortalRoom,), {})),
    }
    yield made
    registry._HEROES.pop("Duchess", None)
    registry._SPELLS.pop("Doze", None)
    registry._ROOMS.pop("Gate", None)


GALLERY = corridor("..S......................")


def gallery(hero_kind: str, spells=()):
    """A R O Q Z in a row; the hero weighs O at 2 (above Z's 1)."""
    return dungeon(GALLERY, layout="A R O Q Z",
                   rooms={"A": "A", "R": ("D", 0), "O": ("D", 0), "Q": ("D", 0), "Z": "Z"},
                   heroes={"P": (hero_kind, 5, FrozenMap((("O", 2),)), 1)}, spells=spells)


@pytest.mark.parametrize("kind", ["Princess", "Duchess"])
def test_a_type_that_weighs_rooms_heads_for_its_heaviest_room(copies, kind):
    result = play(gallery(kind))
    assert result.outcome.value == "stall"
    assert result.state.heroes[0].pos[0] == 2       # she stays in O
    world = gallery(kind)
    state, _ = act(world, world.initial_state())
    assert pulls(world, state) == ((0, Fraction(1)),)


@pytest.mark.parametrize("kind", ["Sleep", "Doze"])
def test_a_spell_that_changes_nothing_is_left_out_of_the_search(copies, kind):
    world = dungeon(corridor("..S......."), layout="A Z", rooms={"A": "A", "Z": "Z"},
                    heroes={"W": ("Warrior", 3)}, spells=[kind])
    state, _ = act(world, world.initial_state())
    awake = [c.source for c in candidates(world, state)]
    sleeper = state.heroes[0]._replace(marks=(("asleep", True),))
    state = state._replace(heroes=(sleeper,))
    assert len(awake) == 1
    assert candidates(world, state) == []                   # Sleep on a sleeper: no-op (ZR-24)
    assert len(candidates(world, state, noops=True)) == 1


@pytest.mark.parametrize("kind", ["P", "Gate"])
def test_a_room_that_reads_the_history_sets_the_world_s_reach(copies, kind):
    world = dungeon(corridor("..S............"), layout="A G Z",
                    rooms={"A": "A", "G": (kind, 2, table(3, 1)), "Z": "Z"}, heroes={"W": ("Warrior", 3)})
    assert world.history_reach == 3
    assert world.portal_caps == {1: 3}
    assert world.entry_reads == {1: 2}
    assert world.recurrence_reach == 3
    assert badge(kind, (2, table(3, 1))) == f"{kind} 2"


@pytest.mark.parametrize("kind", ["P", "Gate"])
def test_the_generator_drafts_a_type_by_its_own_hook(copies, kind):
    import random

    from zorglab.propose.draft import _room_args, road_damage

    assert _room_args(random.Random(3), kind) == _room_args(random.Random(3), "P").replace("P", kind, 1)
    assert road_damage([f"{kind}(1, [1])", "D(2)", "E(fire)"]) == 5


def test_a_room_type_that_owns_green_cells_may_hold_them():
    from zorglab.engine.rooms.elemental import ElementalRoom
    from zorglab.core.tiles import tile_problems

    rows = ("#####", "#g..#", "#...#", "#...#", "#####")
    room_type("Garden", *ElementalRoom.signature.params)(type("Garden", (ElementalRoom,), {}))
    try:
        assert tile_problems(rows, "Garden") == [] == tile_problems(rows, "E")
        assert tile_problems(rows, "D") == [(1, 1, "green cells 'g' belong to E or Garden rooms (this is a D room)")]
    finally:
        registry._ROOMS.pop("Garden", None)
    assert tile_problems(rows, "D") == [(1, 1, "green cells 'g' belong to E rooms (this is a D room)")]

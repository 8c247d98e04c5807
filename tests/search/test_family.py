"""Issue 41: the scaling family's reach — heroes 1..10, spells 1..10 (Move ninth, a second
Teleport tenth), a mixed kind with every hero type from 5 heroes, and 11- and 14-room grids."""

from __future__ import annotations

import pytest

from zorglab.engine.run import run_world
from zorglab.search.family import FamilyError, family_level, family_slots, family_world
from zorglab.search.parallel import FamilySource


def test_the_ninth_and_tenth_spells_are_move_and_a_second_teleport():
    level = family_level(10, 10)
    assert [(s.type, s.args) for s in level.spells[8:]] == [("Move", ()), ("Teleport", (2,))]
    assert level.spells[9].args == level.spells[2].args and level.spells[2].type == "Teleport"
    assert len(level.heroes) == 10 and level.heroes[9].args == (13, level.heroes[1].args[1])


def test_the_mixed_family_has_every_type_from_five_heroes():
    assert {h.type for h in family_level(4, 0, "mixed").heroes} == {"Warrior", "Elf", "Gunner", "Mechanic"}
    assert {h.type for h in family_level(5, 0, "mixed").heroes} == {"Warrior", "Elf", "Gunner", "Mechanic",
                                                                    "Princess"}
    assert run_world(family_world(5, 0, "mixed"), ()).outcome.value in ("win", "loss")


@pytest.mark.parametrize("rooms", [11, 14])
def test_the_bigger_grids_hold_their_rooms_on_connected_slots(rooms):
    level = family_level(2, 2, rooms=rooms)
    slots = family_slots(rooms)
    assert len(level.rooms) == len(slots) == rooms and {r.label for r in level.rooms} == set(slots)
    world = family_world(2, 2, rooms=rooms)
    assert len(world.initial_state().slots) == rooms


@pytest.mark.parametrize("args,words", [((11, 1), "1..10 heroes"), ((1, 11), "0..10 spells"),
                                        ((1, 1, "thieves"), "kinds"), ((1, 1, "we", 9), "grids")])
def test_a_cell_outside_the_family_is_refused_by_name(args, words):
    with pytest.raises(FamilyError, match=words):
        family_level(*args)


def test_a_family_source_builds_its_kind_and_grid():
    world, wins, apart, reads = FamilySource(5, 3, "mixed", 11)()
    assert world.level.id == "family-h5-s3-mixed-r11" and wins is None and not reads

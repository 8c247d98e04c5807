"""Mechanic (FR-24): one test per priority layer, shove legality and what a shove carries.

The Mechanic's plan cost is ``(length, unjustified shoves)``: a shove weighs ``dict[room]``
steps; it is justified when it shortens the walk from where the Mechanic stands (docs/rules.md#heroes-priority-layers-fr-22fr-25).
"""

from __future__ import annotations

import pytest

from builders import cast, compose, diagonal_world, dungeon, log, play
from zorglab.core.geometry import Direction
from zorglab.engine.heroes.mechanic import Mechanic, Shove
from zorglab.engine.resolve import Resolution
from zorglab.engine.turns import act
from zorglab.core.values import FrozenMap

RIGHT, UP, LEFT, DOWN = Direction.RIGHT, Direction.UP, Direction.LEFT, Direction.DOWN


def spawned(world):
    state, _ = act(world, world.initial_state())
    return state


def steps(**weights) -> FrozenMap:
    return FrozenMap(tuple(weights.items()))


def costs(world, state, hero: int = 0) -> dict:
    return {c.action if not isinstance(c.action, Shove) else ("shove", c.action.direction): c.cost
            for c in world.planner.explain(state, hero)}


# -- The shortcut: A (0,1) opens east onto R (1,1), which opens north onto Z (1,0): 8 steps from
# -- the spawn. Shoved up to the empty (0,0), A opens east straight onto Z: 3 steps.

A_EAST = ("#####", "#...#", "#.S..", "#...#", "#####")
R_WEST_NORTH = ("##.##", "#...#", "....#", "#...#", "#####")
Z_WEST_SOUTH = ("#####", "#...#", "....#", "#...#", "##.##")


def shortcut(weight: int, z_tile=Z_WEST_SOUTH, heroes=None, spells=()):
    return dungeon(compose([None, z_tile], [A_EAST, R_WEST_NORTH]), layout=". Z\nA R",
                   rooms={"A": "A", "R": ("D", 0), "Z": "Z"},
                   heroes=heroes or {"K": ("Mechanic", 5, steps(A=weight))}, spells=spells)


@pytest.mark.parametrize("weight, expected, shove_cost", [
    (0, Shove(UP), (3, 0)),       # free shove, then 3 steps
    (4, Shove(UP), (7, 0)),       # 4 + 3 < 8
    (6, RIGHT, (9, 1)),           # 6 + 3 > 8: walking is shorter
    (-3, Shove(UP), (3, 0)),      # a negative weight counts as 0
])
def test_fr24_mechanic_layer1_shortest_path_using_its_power(weight, expected, shove_cost):
    world = shortcut(weight)
    state = spawned(world)
    options = costs(world, state)
    assert options[("shove", UP)] == shove_cost
    assert ("shove", RIGHT) not in options, "R stands on the slot to the right"
    assert world.planner.action(state, 0) == expected


def test_fr24_mechanic_layer1_shoves_where_walking_cannot_reach():
    # The bridge: A | M in a row, Z below-right of M. No walk reaches Z; shoved down, M opens
    # east onto Z. The shove (weight 1) is justified: it makes an impossible walk possible.
    ew = ("#####", "#...#", ".....", "#...#", "#####")
    a = ("#####", "#...#", "#.S..", "#...#", "#####")
    z = ("#####", "#...#", "....#", "#...#", "#####")
    world = dungeon(compose([a, ew, None], [None, None, z]), layout="A M .\n. . Z",
                    rooms={"A": "A", "M": ("D", 0), "Z": "Z"}, heroes={"K": ("Mechanic", 5, steps(M=1))})
    result = play(world)
    assert result.outcome.value == "loss"
    assert "9 shoved K M down (1, 1)" in log(result)
    assert log(result)[-3:] == ["10 stepped K right (10, 7)", "10 entered_room K Z 1", "10 lost K Z"]


def test_fr24_mechanic_layer2_fewest_unjustified_shoves():
    # Weight 5: shoving up then walking ties with walking (8 = 5 + 3). The shove shortens
    # nothing -- it would only break the tie -- so it is unjustified; the Mechanic walks right
    # although up comes first in its tie order.
    world = shortcut(5)
    state = spawned(world)
    options = costs(world, state)
    assert options[("shove", UP)] == (8, 1)
    assert options[RIGHT] == (8, 0)
    assert world.planner.action(state, 0) is RIGHT
    result = play(world)
    assert not [line for line in log(result) if "shoved" in line]


@pytest.mark.parametrize("z_slot, expected", [((1, 0), UP), ((0, 0), UP), ((0, 1), DOWN), ((1, 1), RIGHT)])
def test_fr24_mechanic_layer3_ties_go_up_right_down_left(z_slot, expected):
    world = diagonal_world(z_slot, ("Mechanic", 5, steps()))
    state = spawned(world)
    best = min(c for c in costs(world, state).values() if c is not None)
    assert best == (8, 0)
    assert world.planner.action(state, 0) is expected
    warrior = diagonal_world(z_slot, ("Warrior", 5))
    if z_slot == (1, 0):
        assert warrior.planner.action(spawned(warrior), 0) is RIGHT, "the Warrior's order differs"


def test_fr24_fr38_a_shove_needs_matching_borders():
    # Z's west side is a wall: A shoved up would face it with its east opening. No shove up.
    walled = ("#####", "#...#", "#...#", "#...#", "##.##")
    world = shortcut(0, z_tile=walled)
    state = spawned(world)
    assert ("shove", UP) not in costs(world, state)
    res = Resolution(world, state, tick=2)
    assert not Mechanic.perform(res, res.hero(0), Shove(UP))
    assert not Mechanic.perform(res, res.hero(0), Shove(RIGHT)), "R's slot is not empty"
    assert res.slots == state.slots
    assert world.planner.action(state, 0) is RIGHT


def test_fr24_zr30_a_shove_may_leave_the_dungeons_rectangle():
    # A at (0,1) can go down to (0,2) or left to (-1,1), both outside the 2x2 rectangle (ZR-30: the
    # grid has no edge); isolated there, no walk reaches Z: unjustified, no plan takes them.
    world = shortcut(0)
    state = spawned(world)
    options = costs(world, state)
    assert ("shove", DOWN) in options and ("shove", LEFT) in options
    assert world.planner.action(state, 0) == Shove(UP)


def test_fr24_only_a_listed_room_is_shoved():
    world = shortcut(0, heroes={"K": ("Mechanic", 5, steps(R=0))})
    state = spawned(world)
    assert ("shove", UP) not in costs(world, state)
    assert world.planner.action(state, 0) is RIGHT


def test_fr24_a_shove_carries_the_room_and_its_contents_without_an_entry():
    # A sleeping Warrior stands in A beside the Mechanic; gold lies in A. The shove moves A with
    # both; neither hero enters a room, no cell effect happens.
    world = shortcut(0, heroes={"K": ("Mechanic", 5, steps(A=0)), "W": ("Warrior", 3)})
    state = spawned(world)
    a = world.room_index["A"]
    sleeper = state.heroes[1].replace(pos=(a, (1, 1)), history=((a, (1, 1)),), marks=(("asleep", True),))
    gold = list(state.gold)
    gold[a] = 4
    state = state.replace(heroes=(state.heroes[0], sleeper), gold=tuple(gold))
    after, events = act(world, state)
    assert [e.kind for e in events] == ["shoved", "room_moved"]
    assert after.slots[a] == (0, 0)
    assert after.heroes[0].pos == state.heroes[0].pos and after.heroes[1].pos == sleeper.pos
    assert after.gold[a] == 4 and after.heroes[1].asleep


def test_fr42_banality_makes_a_mechanic_a_warrior():
    world = shortcut(0, spells=["Banality"])
    result = play(world, cast(1, "Banality", on="K"))
    assert result.state.heroes[0].type == "Warrior"
    assert not [line for line in log(result) if "shoved" in line]
    assert "2 stepped K right (3, 7)" in log(result)

"""Planning (ZR-13): one test per priority layer of the Warrior and the Elf.

``world.planner.explain(state, hero)`` lists every first step with the cost vector of the
best plan starting with it; the chosen step has the least cost, ties going to the earliest
direction in the hero type's order (right, up, left, down for both).
"""

from __future__ import annotations

import pytest

from builders import compose, dungeon
from zorglab.core.geometry import Direction
from zorglab.engine.turns import act

RIGHT, UP, LEFT, DOWN = Direction.RIGHT, Direction.UP, Direction.LEFT, Direction.DOWN

CROSS = ("##.##", "#...#", ".....", "#...#", "##.##")
SPAWN = ("##.##", "#...#", "..S..", "#...#", "##.##")


def spawned(world):
    """The state after t1: the first hero stands on the spawn cell."""
    state, _ = act(world, world.initial_state())
    return state


def costs(world, state, hero: int = 0) -> dict[Direction, tuple[int, ...] | None]:
    return {c.action: c.cost for c in world.planner.explain(state, hero)}


def chosen(world, state, hero: int = 0) -> Direction | None:
    picks = [c.action for c in world.planner.explain(state, hero) if c.chosen]
    assert len(picks) <= 1
    assert world.planner.action(state, hero) == (picks[0] if picks else None)
    return picks[0] if picks else None


# -- Two ways: down is short (8 steps) through room M; right is long (18 steps) and plain. ----------

SHORT_DOWN = """
##########
##########
##S.....##
##.####.##
##.####.##
##.####.##
##.####.##
##.####.##
##.####.##
##.####.##
##.####.##
##.####.##
##......##
##########
##########
"""


def short_down(middle: tuple, hero: tuple, right_room: tuple = ("D", 0)):
    """A (0,0); M = ``middle`` below it, then Z; the long way: R1 = ``right_room``, R2, R3."""
    return dungeon(SHORT_DOWN, layout="A R1\nM R2\nZ R3",
                   rooms={"A": "A", "R1": right_room, "M": middle, "R2": ("D", 0), "Z": "Z", "R3": ("D", 0)},
                   heroes={"H": hero})


def test_warrior_layer_1_shortest_path_whatever_it_costs_in_hp():
    # Down through D(9) is 8 steps (and would kill a Warrior(3)); right is 18 steps of floor.
    # The Warrior counts actions only and plans as though it cannot die (ZR-12, ZR-13): down.
    # A first step's cost is that of the best plan starting with it: right, back left, then
    # down costs 10 < 18.
    world = short_down(("D", 9), ("Warrior", 3))
    state = spawned(world)
    assert costs(world, state) == {RIGHT: (10,), UP: None, LEFT: None, DOWN: (8,)}
    assert chosen(world, state) is DOWN


@pytest.mark.parametrize("z_slot, expected", [
    ((1, 0), RIGHT),    # Z up-right: right and up tie, right first
    ((0, 0), UP),       # Z up-left: up and left tie, up first
    ((0, 1), LEFT),     # Z down-left: left and down tie, left first
    ((1, 1), RIGHT),    # Z down-right: right and down tie, right first
])
def test_warrior_layer_2_ties_go_right_up_left_down(z_slot, expected):
    # A 3x3 block of open cross rooms; A in the middle, Z on a corner. The two first steps
    # towards Z's corner are mirror images of each other: equal length (8 actions).
    world = diagonal_world(z_slot, ("Warrior", 3))
    state = spawned(world)
    options = costs(world, state)
    best = min(cost for cost in options.values() if cost is not None)
    assert best == (8,)
    assert [d for d in Direction if options[d] == best] == sorted(
        {expected, tie_partner(z_slot, expected)}, key=list(Direction).index)
    assert chosen(world, state) is expected


def tie_partner(z_slot: tuple[int, int], first: Direction) -> Direction:
    col, row = z_slot
    dirs = {RIGHT if col == 1 else LEFT, UP if row == 0 else DOWN}
    (other,) = dirs - {first}
    return other


def diagonal_world(z_slot: tuple[int, int], hero: tuple):
    """A 3x3 block: A at (1,1) in the picture's middle; Z at the corner offset by ``z_slot``."""
    zc, zr = (2 if z_slot[0] == 1 else 0), (0 if z_slot[1] == 0 else 2)
    labels = [[f"R{c}{r}" for c in range(3)] for r in range(3)]
    labels[1][1] = "A"
    labels[zr][zc] = "Z"
    tiles = [[SPAWN if labels[r][c] == "A" else CROSS for c in range(3)] for r in range(3)]
    rooms = {label: ("A" if label == "A" else "Z" if label == "Z" else ("D", 0)) for row in labels for label in row}
    return dungeon(compose(*tiles), layout="\n".join(" ".join(row) for row in labels), rooms=rooms,
                   heroes={"H": hero})


def test_elf_layer_1_least_hp_lost_before_length():
    # Same board: down costs (9 HP, 8 actions), right (0, 18): the Elf goes the long way. The
    # best plan starting down is down, back up, then the long way: (0, 20).
    world = short_down(("D", 9), ("Elf", 3, set()))
    state = spawned(world)
    assert costs(world, state) == {RIGHT: (0, 18), UP: None, LEFT: None, DOWN: (0, 20)}
    assert chosen(world, state) is RIGHT


def test_elf_layer_1_heals_do_not_attract():
    # The long way starts with a D(-3) heal: (0 HP lost, 18) -- a heal is not a negative cost
    # (ZR-13) -- against the plain short way (0, 8): length decides, down. (Right's best plan
    # is one step into R1 and back: (0, 10); were heals negative costs it would be (-3, 18).)
    world = short_down(("D", 0), ("Elf", 3, set()), right_room=("D", -3))
    state = spawned(world)
    assert costs(world, state) == {RIGHT: (0, 10), UP: None, LEFT: None, DOWN: (0, 8)}
    assert chosen(world, state) is DOWN


VERT = ("##.##",) * 5


def heal_then_fire(hero: tuple):
    """Down (13 steps): A, Dh = D(-5), F = E(fire) with one fire cell, Z. Right (23): R1..R4."""
    tiles = [
        [("#####", "#####", "##S..", "##.##", "##.##"), ("#####", "#####", "...##", "##.##", "##.##")],
        [VERT, VERT],
        [("##.##", "##.##", "##g##", "##.##", "##.##"), VERT],
        [("##.##", "##.##", "##...", "#####", "#####"), ("##.##", "##.##", "...##", "#####", "#####")],
    ]
    return dungeon(compose(*tiles), layout="A R1\nDh R2\nF R3\nZ R4",
                   rooms={"A": "A", "R1": ("D", 0), "Dh": ("D", -5), "R2": ("D", 0), "F": ("E", "fire"),
                          "R3": ("D", 0), "Z": "Z", "R4": ("D", 0)},
                   heroes={"H": hero})


def test_elf_layer_1_heals_never_offset_damage():
    # Down heals 5 then burns 1: a net gain, yet 1 HP *lost*: (1, 13) against right's (0, 23).
    # The Elf goes right (with heals as negative costs it would go down at (-4, 13)).
    world = heal_then_fire(("Elf", 3, set()))
    state = spawned(world)
    assert costs(world, state)[RIGHT] == (0, 23)
    assert chosen(world, state) is RIGHT
    warrior = heal_then_fire(("Warrior", 3))
    assert chosen(warrior, spawned(warrior)) is DOWN


def test_elf_layer_2_shorter_among_equal_hp():
    # Both ways cost 0 HP; down is 8 actions, right 18: down, although right comes first.
    world = short_down(("D", 0), ("Elf", 3, set()))
    state = spawned(world)
    assert costs(world, state) == {RIGHT: (0, 10), UP: None, LEFT: None, DOWN: (0, 8)}
    assert chosen(world, state) is DOWN


@pytest.mark.parametrize("z_slot, expected", [((1, 0), RIGHT), ((0, 0), UP), ((0, 1), LEFT)])
def test_elf_layer_3_ties_go_right_up_left_down(z_slot, expected):
    world = diagonal_world(z_slot, ("Elf", 3, set()))
    state = spawned(world)
    assert min(c for c in costs(world, state).values() if c is not None) == (0, 8)
    assert chosen(world, state) is expected


def test_a_step_onto_an_unpayable_light_cell_is_no_candidate():
    # A hero with no gold before a light cell: the step is blocked, the detour chosen (ZR-9).
    board = """
    ###############
    ######...######
    ..S....l.......
    ######...######
    ###############
    """
    world = dungeon(board, layout="A T Z", rooms={"A": "A", "T": ("T", 1, "fire"), "Z": "Z"},
                    heroes={"W": ("Warrior", 3)})
    state = spawned(world)
    for _ in range(4):                       # t2..t5: right to (6,2)
        state, _events = act(world, state)
    options = {c.action: c for c in world.planner.explain(state, 0)}
    assert options[RIGHT].blocked and options[RIGHT].cost is None
    assert options[UP].cost == options[DOWN].cost == (6,)
    assert chosen(world, state) is UP


def test_a_hero_in_the_waiting_room_plans_a_spawn():
    world = short_down(("D", 0), ("Warrior", 3))
    (candidate,) = world.planner.explain(world.initial_state(), 0)
    assert candidate.action == "spawn" and candidate.chosen

"""Princess and the weight pull (FR-25): one test per priority layer, the pull on every hero,
exact averages, arrival (docs/rules.md#heroes-priority-layers-fr-22fr-25)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from builders import cast, compose, corridor, dungeon, log, play
from zorglab.engine import weights
from zorglab.core.geometry import Direction
from zorglab.engine.turns import act
from zorglab.core.values import FrozenMap

RIGHT, UP, LEFT, DOWN = Direction.RIGHT, Direction.UP, Direction.LEFT, Direction.DOWN


def spawned(world):
    state, _ = act(world, world.initial_state())
    return state


def wmap(**pairs) -> FrozenMap:
    return FrozenMap(tuple(pairs.items()))


def princess(pairs: FrozenMap, b=1, hp: int = 5) -> tuple:
    return ("Princess", hp, pairs, b)


# -- The gallery: A R O Q Z in a row (O is 10 steps from the spawn, Z 20); X below R, walled off.

GALLERY = corridor("..S......................") + "\n" + "\n".join([" " * 5 + "#####" + " " * 15] * 5)


def gallery(heroes: dict, spells=()):
    return dungeon(GALLERY, layout="A R O Q Z\n. X . . .",
                   rooms={"A": "A", "R": ("D", 0), "O": ("D", 0), "Q": ("D", 0), "Z": "Z", "X": ("D", 0)},
                   heroes=heroes, spells=spells)


def where(result, hero: int = 0) -> str | None:
    """The label of the room a hero ends in (None: the waiting room)."""
    pos = result.state.heroes[hero].pos
    return None if pos is None else "A R O Q Z X".split()[pos[0]]


@pytest.mark.parametrize("o_weight, ends", [(2, "stall in O"), (1, "stall in O"), (Fraction(1, 2), "loss")])
def test_fr25_princess_layer1_heads_for_the_heaviest_room(o_weight, ends):
    # O weighs 2, 1 or 1/2 for her; Z weighs 1 (the default she keeps). Heavier O: she goes
    # there and stays. Equal: both are targets and O is nearer (layer 2). Lighter: Z.
    world = gallery({"P": princess(wmap(O=o_weight))})
    result = play(world)
    outcome = result.outcome.value
    assert (f"{outcome} in {where(result)}" if outcome == "stall" else outcome) == ends
    if outcome == "stall":
        assert log(result)[-3:] == ["9 entered_room P O 1", "9 stuck P", "9 stalled ('P',)"]


def test_fr25_princess_layer1_only_reachable_rooms_count():
    # X weighs 5 but no plan reaches it: the heaviest reachable room is Z.
    world = gallery({"P": princess(wmap(X=5))})
    state = spawned(world)
    assert weights.perceived(world, state, 0)[world.room_index["X"]] == 5
    assert weights.target_rooms(world, state, 0) == world.z_rooms
    assert play(world).outcome.value == "loss"


def test_fr25_weight_zero_or_less_attracts_nobody():
    world = gallery({"P": princess(wmap(Z=0, O=-1))})
    state = spawned(world)
    assert weights.target_rooms(world, state, 0) == frozenset()
    assert world.planner.action(state, 0) is None
    assert play(world).outcome.value == "stall"


# -- Layer 2: O1 D A Q O2 R Z in a row: O1 two rooms left through D, O2 two rooms right.

def two_targets(d_left: int, spawn_x: int = 12):
    row = "." * spawn_x + "S" + "." * (34 - spawn_x)
    return dungeon(corridor(row), layout="O1 D A Q O2 R Z",
                   rooms={"O1": ("D", 0), "D": ("D", d_left), "A": "A", "Q": ("D", 0), "O2": ("D", 0),
                          "R": ("D", 0), "Z": "Z"},
                   heroes={"P": princess(wmap(O1=2, O2=2))})


def test_fr25_princess_layer2_hp_preserving_shortest_path_among_equal_targets():
    # O1 and O2 both weigh 2, both 8 steps away; O1's way goes through D(3): she goes right.
    # (The best plan starting left turns back: 10 actions.)
    world = two_targets(3)
    state = spawned(world)
    assert weights.target_rooms(world, state, 0) == {world.room_index["O1"], world.room_index["O2"]}
    options = {c.action: c.cost for c in world.planner.explain(state, 0)}
    assert options[LEFT] == (0, 10) and options[RIGHT] == (0, 8)
    assert world.planner.action(state, 0) is RIGHT


def test_fr25_princess_layer2_shorter_among_equal_targets_and_hp():
    # D(0) and the spawn one cell further left: O1 is 7 steps away, O2 9: left.
    world = two_targets(0, spawn_x=11)
    state = spawned(world)
    options = {c.action: c.cost for c in world.planner.explain(state, 0)}
    assert options[LEFT] == (0, 7) and options[RIGHT] == (0, 9)
    assert world.planner.action(state, 0) is LEFT


def cross_world(heavy: tuple[str, ...]):
    """A in the middle of a plus of cross rooms N, E, S, W; Z far right beyond E."""
    cross = ("##.##", "#...#", ".....", "#...#", "##.##")
    spawn = ("##.##", "#...#", "..S..", "#...#", "##.##")
    board = compose([None, cross, None, None], [cross, spawn, cross, cross], [None, cross, None, None])
    return dungeon(board, layout=". N . .\nW A E Z\n. S . .",
                   rooms={"N": ("D", 0), "W": ("D", 0), "A": "A", "E": ("D", 0), "Z": "Z", "S": ("D", 0)},
                   heroes={"P": princess(wmap(**{room: 3 for room in heavy}))})


@pytest.mark.parametrize("heavy, expected", [(("W", "E"), RIGHT), (("N", "W"), UP), (("W", "S"), LEFT),
                                             (("N", "S"), UP)])
def test_fr25_princess_layer3_ties_go_right_up_left_down(heavy, expected):
    world = cross_world(heavy)
    state = spawned(world)
    options = {c.action: c.cost for c in world.planner.explain(state, 0)}
    assert sorted(c for c in options.values() if c is not None)[:2] == [(0, 3), (0, 3)]
    assert world.planner.action(state, 0) is expected


# -- The pull on every hero --------------------------------------------------------------------------

@pytest.mark.parametrize("b, ends_in", [(3, "O"), (2, "O"), (1, "Z")])
def test_fr25_a_princess_pulls_a_warrior(b, ends_in):
    # The Princess waits in O (she weighs it 2). For the Warrior, O weighs (0 + b) / 2 against
    # Z's 1: b = 3 pulls it into O; b = 2 makes O and Z equal targets and O is nearer; b = 1
    # leaves Z heavier.
    world = gallery({"P": princess(wmap(O=2), b=b), "W": ("Warrior", 4)})
    result = play(world)
    if ends_in == "O":
        assert result.outcome.value == "stall" and where(result, 1) == "O"
        assert log(result)[-3:-1] == ["18 entered_room W O 1", "18 stuck W"]
    else:
        assert result.outcome.value == "loss" and log(result)[-1].endswith("lost W Z")


@pytest.mark.parametrize("hero", [("Warrior", 4), ("Elf", 4, set()), ("Gunner", 4, 1), ("Mechanic", 4, FrozenMap()),
                                  princess(wmap(), b=1)])
def test_fr25_every_hero_is_pulled(hero):
    world = gallery({"P": princess(wmap(O=2), b=3), "H": hero})
    result = play(world)
    assert result.outcome.value == "stall" and where(result, 1) == "O"
    assert not [line for line in log(result) if "shell_fired" in line]


def test_fr25_a_hero_waits_in_the_room_it_was_pulled_to_until_the_pull_goes():
    # The Warrior (9 HP) stands in O with the Princess (5 HP) from t18; Attack(5) kills her,
    # O weighs 0 again, and the Warrior walks on to Z.
    world = gallery({"P": princess(wmap(O=2), b=3), "W": ("Warrior", 9)}, spells=[("Attack", 5)])
    result = play(world, cast(18, "Attack", 5))
    assert result.outcome.value == "loss"
    assert log(result)[-1] == "28 lost W Z"
    assert result.state.heroes[1].hp == 4


def test_fr25_perceived_weights_average_exactly():
    # Two princesses stand in R (pulls 1 and 1/2), a third elsewhere; a Warrior perceives R as
    # (0 + 1 + 1/2) / 3 = 1/2 and Z as 1. P1 weighs R 3 herself and perceives (3 + 1/2) / 2.
    world = gallery({"P1": princess(wmap(R=3), b=1), "P2": princess(wmap(), b=Fraction(1, 2)),
                     "P3": princess(wmap(), b=7), "W": ("Warrior", 4)})
    state = world.initial_state()
    r, o = world.room_index["R"], world.room_index["O"]
    heroes = list(state.heroes)
    heroes[0] = heroes[0].replace(pos=(r, (1, 2)))
    heroes[1] = heroes[1].replace(pos=(r, (3, 2)))
    heroes[2] = heroes[2].replace(pos=(o, (2, 2)), marks=(("asleep", True),))      # asleep, she still pulls
    state = state.replace(heroes=tuple(heroes))
    seen = weights.perceived(world, state, 3)
    assert seen[r] == Fraction(1, 2) and seen[o] == Fraction(7, 2) and seen[world.room_index["Z"]] == 1
    assert all(isinstance(w, Fraction) for w in seen)
    assert weights.perceived(world, state, 0)[r] == Fraction(7, 4)
    assert weights.perceived(world, state, 1)[r] == Fraction(1, 2), "(0 + 1) / 2: not her own pull"
    assert weights.perceived(world, state, 2)[o] == 0, "a princess is not pulled by herself"


def test_fr42_banality_ends_a_princess_pull():
    world = gallery({"P": princess(wmap(O=2), b=3), "W": ("Warrior", 4)}, spells=["Banality"])
    result = play(world, cast(11, "Banality", on="P"))
    state = result.state
    assert state.heroes[0].type == "Warrior" and state.heroes[0].extra == ()
    assert log(result)[-1].endswith("lost P Z"), "a Warrior now, she heads for Z herself"

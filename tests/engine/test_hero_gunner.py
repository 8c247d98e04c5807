"""Gunner (FR-22) and its Shell (FR-23): one test per priority layer, the shot limits, the Shell.

The Gunner's plan cost is ``(never fires, actions before the first shot, HP lost, actions)``;
``explain`` lists each first action with the cost of the best plan starting with it. A fresh
plan's first action comes as ``Intent(AIMING | HOLDING, action)``; these helpers fold them back
into plain actions (docs/rules.md#heroes-priority-layers-fr-22fr-25).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from builders import cast, compose, corridor, diagonal_world, dungeon, log, play
from zorglab.engine import events as ev, shell
from zorglab.core.geometry import Direction
from zorglab.engine.heroes.gunner import HOLDING, Fire, Gunner, Intent
from zorglab.engine.resolve import SLAIN, Resolution
from zorglab.engine.run import run_world
from zorglab.engine.turns import act, next_action
from zorglab.core.values import INF, FrozenMap

RIGHT, UP, LEFT, DOWN = Direction.RIGHT, Direction.UP, Direction.LEFT, Direction.DOWN


def spawned(world):
    state, _ = act(world, world.initial_state())
    return state


def plain(action):
    return action.action if isinstance(action, Intent) else action


def best_costs(world, state, hero: int = 0) -> dict:
    """Least plan cost per plain first action (aiming and holding folded together)."""
    best: dict = {}
    for c in world.planner.explain(state, hero):
        a = plain(c.action)
        if c.cost is not None and (best.get(a) is None or c.cost < best[a]):
            best[a] = c.cost
        best.setdefault(a, None)
    return best


def chosen(world, state, hero: int = 0):
    return plain(world.planner.action(state, hero))


def shells(result) -> list[str]:
    return [line for line in log(result) if " shell_fired " in line]


# -- The gallery: A's corridor runs right to R, then down into Z. Fire cells may hang in the rooms
# -- above: in column 6 (one step left of the spawn), column 8 (one step right), column 12 (five
# -- steps right, on the way). From (13, 7) a Shell fired down hits Zorg.

def gallery(hero: tuple, left: bool = False, right: bool = False, far: bool = False, spells=()):
    a = ("#.#.#", "#.#.#", "#.S..", "#####", "#####")
    ua = ("#####", "#" + ("g" if left else ".") + "#" + ("g" if right else ".") + "#", "#.#.#", "#.#.#", "#.#.#")
    r = ("##.##", "##.##", "....#", "###.#", "###.#")
    ur = ("#####", "##" + ("g" if far else ".") + "##", "##.##", "##.##", "##.##")
    z = ("###.#", "###.#", "###.#", "#####", "#####")
    return dungeon(compose([None, ua, ur], [None, a, r], [None, None, z]), layout=". UA UR\n. A R\n. . Z",
                   rooms={"UA": ("E", "fire"), "UR": ("E", "fire"), "A": "A", "R": ("D", 0), "Z": "Z"},
                   heroes={"G": hero}, spells=spells)


def test_fr22_gunner_layer1_fires_soonest():
    # Left: one step, then fire up at (6, 1): 1 action before the shot. Right, towards Z: the
    # soonest shot is back at column 6 (3 actions) -- the far cell (5) and Zorg (6) come later.
    world = gallery(("Gunner", 9, 3), left=True, far=True)
    state = spawned(world)
    costs = best_costs(world, state)
    assert costs[LEFT] == (0, 1, 0, 10)
    assert costs[RIGHT] == (0, 3, 0, 12)
    assert costs[Fire(UP)] is None and costs[Fire(RIGHT)] is None, "nothing to clear in line from the spawn"
    assert chosen(world, state) is LEFT
    result = play(world)
    assert shells(result)[0] == "3 shell_fired G up (6, 6) (6, 1)"


def test_fr22_gunner_layer1_any_shot_beats_never_firing():
    # With only the far cell, the soonest shot is on the way (right); a plan that never fires
    # (holding: 9 actions, no HP lost) ranks after every plan that fires.
    world = gallery(("Gunner", 9, 3), far=True)
    state = spawned(world)
    holding = [c.cost for c in world.planner.explain(state, 0)
               if isinstance(c.action, Intent) and c.action.mode == HOLDING and c.action.action is RIGHT]
    assert holding == [(1, 0, 0, 9)]
    assert best_costs(world, state)[RIGHT] == (0, 5, 0, 8)
    assert chosen(world, state) is RIGHT


def test_fr22_gunner_without_shots_plans_hp_then_length():
    # c = 0: no shot is possible, every plan holds; the Gunner goes the short way to Z.
    world = gallery(("Gunner", 9, 0), left=True, far=True)
    state = spawned(world)
    assert best_costs(world, state)[RIGHT] == (0, 0, 0, 9)
    assert chosen(world, state) is RIGHT
    assert shells(play(world)) == []


# -- Layer 2: A (0,0); a fire cell right in line (FR); D(5) below, bent so a Shell fired down stops
# -- inside it; Z below D. Both shots come at once (0 actions before); they differ in HP.

def shelter(hero: tuple):
    a = ("#####", "#...#", "#.S..", "#...#", "##.##")
    fr = ("#####", "#####", "..g.#", "#####", "#####")
    d = ("##.##", "##.##", "##.##", "##..#", "###.#")
    z = ("###.#", "###.#", "#####", "#####", "#####")
    return dungeon(compose([a, fr], [d, None], [z, None]), layout="A FR\nD .\nZ .",
                   rooms={"A": "A", "FR": ("E", "fire"), "D": ("D", 5), "Z": "Z"}, heroes={"G": hero})


def test_fr22_gunner_layer2_hp_preserving_shortest_path_factoring_shots():
    # One shot: fired right it clears a useless fire cell and the walk through D costs 5 HP;
    # fired down it kills D's monster and the walk is free. Right comes first in the tie order;
    # HP decides: down.
    world = shelter(("Gunner", 9, 1))
    state = spawned(world)
    costs = best_costs(world, state)
    assert costs[Fire(RIGHT)] == (0, 0, 5, 10)
    assert costs[Fire(DOWN)] == (0, 0, 0, 10)
    assert chosen(world, state) == Fire(DOWN)
    result = play(world)
    assert "2 monster_slain D" in log(result)
    assert result.state.heroes[0].hp == 9
    assert result.outcome.value == "loss"


def test_fr22_gunner_plans_afresh_after_each_shot():
    # Two shots. From the spawn the best plan kills D's monster, walks, and shoots Zorg from
    # (3, 8), one action before it could walk in. But every tick is a fresh plan (ZR-13): after
    # the first shot, the soonest shot is the useless one to the right, right now -- so the
    # Gunner fires it, and walks into Z with no shot left.
    world = shelter(("Gunner", 9, 2))
    state = spawned(world)
    assert best_costs(world, state)[Fire(DOWN)] == (0, 0, 0, 9)
    result = play(world)
    assert [line.split()[3] for line in shells(result)] == ["down", "right"]
    assert log(result)[-2:] == ["12 entered_room G Z 1", "12 lost G Z"]


@pytest.mark.parametrize("c, fired, zorg_shot", [(1, 1, False), (2, 2, False), (3, 3, False), (4, 4, True)])
def test_fr22_gunner_fires_at_most_c_shots(c, fired, zorg_shot):
    # Three fire cells and Zorg: a trigger-happy Gunner fires at each as soon as it can, up to c.
    world = gallery(("Gunner", 9, c), left=True, right=True, far=True)
    result = play(world)
    assert len(shells(result)) == fired
    assert any(" shell_fired " in line and "(13, 10)" in line for line in log(result)) is zorg_shot
    assert result.outcome.value == "loss"


def test_fr22_gunner_infinite_shots_stop_when_nothing_is_left_to_clear():
    world = gallery(("Gunner", 9, INF), left=True, right=True, far=True)
    assert len(shells(play(world))) == 4


@pytest.mark.parametrize("dur, fired", [(0, 0), (1, 0), (2, 1), (9, 1), (10, 2)])
def test_fr22_gunner_fires_only_within_its_shot_duration(dur, fired):
    # The cell to clear needs a step first: that shot is the Gunner's 2nd action on the board
    # (its spawn does not count); seven steps later Zorg can be shot as its 10th. A duration
    # counts actions, steps and shots alike: dur = 1 is over before any shot is possible.
    world = gallery(("Gunner", 9, 5, dur), left=True)
    assert len(shells(play(world))) == fired


@pytest.mark.parametrize("z_slot, expected", [((1, 0), RIGHT), ((0, 0), UP), ((0, 1), LEFT), ((1, 1), RIGHT)])
def test_fr22_gunner_layer3_ties_go_right_up_left_down(z_slot, expected):
    # Z on a corner: five steps either way, then a Shell into Zorg: the two first steps tie.
    world = diagonal_world(z_slot, ("Gunner", 9, 1))
    state = spawned(world)
    costs = best_costs(world, state)
    assert sorted(c for c in costs.values() if c is not None)[:2] == [(0, 5, 0, 6)] * 2
    assert chosen(world, state) is expected


def test_fr42_banality_makes_a_gunner_a_warrior():
    # Cast right after the spawn: a plain Warrior(9) takes the short way right, firing nothing.
    world = gallery(("Gunner", 9, 3), left=True, spells=["Banality"])
    result = play(world, cast(1, "Banality", on="G"))
    assert result.state.heroes[0].type == "Warrior" and result.state.heroes[0].extra == ()
    assert shells(result) == []
    assert "2 stepped G right (8, 7)" in log(result)


# -- The Shell (FR-23) -----------------------------------------------------------------------------

RANGE = """
######################.##
######################.##
..S...gg....dl...........
######################.##
######################.##
                    ##.##
                    ##.##
                    ##.##
                    ##.##
                    ##.##
"""


def range_world(heroes: dict):
    """A | W = E(water) | T = T(1, ice) | D = D(3) | Q = D(0) in a row; U below Q (nothing below U)."""
    return dungeon(RANGE, layout="A W T D Q\n. . . . U",
                   rooms={"A": "A", "W": ("E", "water"), "T": ("T", 1, "ice"), "D": ("D", 3), "Q": ("D", 0),
                          "U": ("D", 0)},
                   heroes=heroes)


def place(world, **where):
    """The initial state with heroes standing on global cells (label -> (x, y) or (x, y, hp, asleep))."""
    state = world.initial_state()
    heroes = list(state.heroes)
    for label, spot in where.items():
        index = world.hero_index[label]
        x, y = spot[:2]
        room = world.slot_index(state.slots)[(x // 5, y // 5)]
        changes = {"pos": (room, (x % 5, y % 5)), "history": ((room, (x % 5, y % 5)),)}
        if len(spot) > 2:
            changes["hp"] = spot[2]
        if len(spot) > 3:
            changes["marks"] = (("asleep", True),) if spot[3] else ()
        heroes[index] = heroes[index].replace(**changes)
    return state.replace(heroes=tuple(heroes))


def test_fr23_shell_flies_to_the_wall_clearing_cells_and_monsters_hitting_heroes():
    world = range_world({"G": ("Gunner", 9, 1), "V1": ("Warrior", 2), "V2": ("Warrior", 5), "V3": ("Warrior", 5)})
    state = place(world, G=(2, 2), V1=(16, 2), V2=(22, 2, 5, True), V3=(22, 3))
    after, events = act(world, state, (0, Fire(RIGHT)))
    kinds = [e.kind for e in events]
    assert kinds[0] == "shell_fired" and {e.tick for e in events} == {1}, "one instant action"
    fired = events[0]
    assert (fired.cell, fired.end) == ((3, 2), (24, 2)), "up to the last cell before the east edge"
    w, t, d = world.room_index["W"], world.room_index["T"], world.room_index["D"]
    assert after.cleared == {(w, (1, 2)), (w, (2, 2)), (t, (2, 2)), (d, SLAIN)}, "water, the dark ice cell, D's monster"
    assert [h.hp for h in after.heroes] == [9, 0, 3, 5], "V1 and V2 on the line lose 2; V3 beside it does not"
    assert not after.heroes[1].alive and after.heroes[2].alive and not after.heroes[2].asleep
    assert [e.hero for e in events if isinstance(e, ev.Damaged)] == ["V1", "V2"]
    assert any(isinstance(e, ev.Woke) and e.hero == "V2" for e in events), "a hit wakes a sleeper"


def test_fr23_light_cells_stay_and_a_cleared_room_does_no_damage():
    world = range_world({"G": ("Gunner", 9, 1), "V": ("Warrior", 5)})
    state = place(world, G=(2, 2))
    after, _ = act(world, state, (0, Fire(RIGHT)))
    t = world.room_index["T"]
    assert (t, (3, 2)) not in after.cleared, "a light (toll) cell is not elemental"
    after = place(world, V=(14, 2)).replace(cleared=after.cleared)
    stepped, events = act(world, after, (1, RIGHT))
    assert stepped.heroes[1].hp == 5 and not [e for e in events if isinstance(e, ev.Damaged)]
    assert [e.kind for e in events] == ["stepped", "entered_room"]


def test_fr23_a_shell_kills_the_monster_of_the_gunners_own_room_gold_stays():
    world = range_world({"G": ("Gunner", 9, 1)})
    state = place(world, G=(16, 2))
    d = world.room_index["D"]
    gold = list(state.gold)
    gold[d] = 3
    after, events = act(world, state.replace(gold=tuple(gold)), (0, Fire(RIGHT)))
    assert (d, SLAIN) in after.cleared and after.gold[d] == 3
    assert [e.kind for e in events] == ["shell_fired", "monster_slain"]


def test_fr23_a_shell_into_z_loses_the_level_by_the_gunner():
    world = dungeon(corridor("..S......."), layout="A Z", rooms={"A": "A", "Z": "Z"},
                    heroes={"G": ("Gunner", 9, 1)})
    result = play(world)
    assert log(result)[2:] == ["2 shell_fired G right (3, 2) (5, 2)", "2 lost G Z"]
    assert result.state.lost_by == 0 and result.outcome.value == "loss"


def test_fr23_a_shot_that_clears_nothing_is_no_shot():
    world = range_world({"G": ("Gunner", 9, 1)})
    state = place(world, G=(22, 2))
    res = Resolution(world, state, tick=1)
    assert not Gunner.perform(res, res.hero(0), Fire(RIGHT)), "only Q's floor in line"
    assert not Gunner.perform(res, res.hero(0), Fire(UP)), "only Q's column, up to the edge"
    assert Gunner.perform(res, res.hero(0), Fire(LEFT)), "D's monster and the cells behind"
    assert res.hero(0).extra == (1, 0)
    assert not Gunner.perform(res, res.hero(0), Fire(DOWN)), "c = 1: no shot left"


def test_fr23_an_opening_on_an_empty_slot_stops_the_shell():
    # Q's middle column runs down through U to U's bottom opening, which faces no room.
    world = range_world({"G": ("Gunner", 9, 1)})
    state = place(world, G=(22, 0))
    res = Resolution(world, state, tick=1)
    cells = shell.flight(res, res.hero(0).pos, DOWN)
    assert [res.global_cell(c) for c in cells] == [(22, y) for y in range(1, 10)]


# -- Properties on random small dungeons (FR-19, ZR-13), for the three types of FR-22..FR-25 -------

OPEN = ("##.##", "#...#", ".....", "#...#", "##.##")


@st.composite
def hero_dungeons(draw, kind: str) -> dict:
    """A few open rooms on a 3x3 board (any two neighbours match), some elemental or damaging."""
    rnd = draw(st.randoms(use_true_random=False))
    count = rnd.randint(3, 5)
    chosen = [(1, 1)]
    while len(chosen) < count:
        chosen.append(rnd.choice(sorted({(c + d.dx, r + d.dy) for c, r in chosen for d in Direction
                                         if 0 <= c + d.dx < 3 and 0 <= r + d.dy < 3} - set(chosen))))
    labels = [f"R{i}" for i in range(count)]
    labels[0], labels[-1] = "A", "Z"
    rooms: dict = {}
    tiles: dict = {}
    for label in labels:
        rows = [list(r) for r in OPEN]
        if label == "A":
            rows[2][2] = "S"
            rooms[label] = "A"
        elif label == "Z":
            rooms[label] = "Z"
        elif rnd.random() < 0.5:
            for y, x in ((1, 1), (1, 3), (3, 1), (3, 3), (2, 1)):
                if rnd.random() < 0.5:
                    rows[y][x] = "g"
            rooms[label] = ("E", rnd.choice(("fire", "water", "ice", "poison")))
        else:
            rooms[label] = ("D", rnd.randint(-1, 3))
        tiles[label] = tuple("".join(r) for r in rows)
    cols, rows_ = range(min(c for c, _ in chosen), max(c for c, _ in chosen) + 1), \
        range(min(r for _, r in chosen), max(r for _, r in chosen) + 1)
    by_slot = dict(zip(chosen, labels))
    board = compose(*[[tiles.get(by_slot.get((c, r))) for c in cols] for r in rows_])
    layout = "\n".join(" ".join(by_slot.get((c, r), ".") for c in cols) for r in rows_)
    middle = [label for label in labels if label not in ("A", "Z")]
    if kind == "Gunner":
        hero = ("Gunner", 9, rnd.choice((0, 1, 2, INF)), rnd.choice((1, 3, INF)))
    elif kind == "Mechanic":
        listed = [label for label in labels[:-1] if rnd.random() < 0.6]
        hero = ("Mechanic", 9, FrozenMap(tuple((label, rnd.randint(0, 3)) for label in listed)))
    else:
        hero = ("Princess", 9, FrozenMap(tuple((label, Fraction(rnd.randint(0, 3), rnd.randint(1, 2)))
                                               for label in middle if rnd.random() < 0.5)), rnd.randint(0, 4))
    heroes = {"H": hero, "W": ("Warrior", 9)} if rnd.random() < 0.5 else {"W": ("Warrior", 9), "H": hero}
    return {"board": board, "layout": layout, "rooms": rooms, "heroes": heroes}


@pytest.mark.parametrize("kind", ["Gunner", "Mechanic", "Princess"])
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_fr19_zr13_random_dungeons_replay_alike_and_take_a_least_cost_first_action(kind, data):
    spec = data.draw(hero_dungeons(kind))
    first, second = dungeon(**spec), dungeon(**spec)
    result = run_world(first, keep_states=True, max_actions=200)
    assert log(result) == log(run_world(second, max_actions=200)), "deterministic (NFR-1)"
    for state in result.states[:12]:
        found = next_action(first, state)
        if found is None or state.heroes[found[0]].pos is None:
            continue
        index, action = found
        candidates = first.planner.explain(state, index)
        costs = [c.cost for c in candidates if c.cost is not None]
        picked = [c for c in candidates if c.chosen]
        assert len(picked) == 1 and picked[0].action == action
        assert picked[0].cost == min(costs)
        assert next(c for c in candidates if c.cost == min(costs)) is picked[0], "ties by the type's order"

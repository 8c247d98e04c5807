"""Issue 25 item 2 (NFR-10): every hero's step explained by its own priority layers — the goal (with
every perceived weight and whose pull made it), each layer in order, and for every other first step
its own plan (not one that merely starts so and turns back) and the layer where it loses."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings

import zorglab
from zorglab.engine.game import setup_solution
from zorglab.engine.plangraph import GOAL
from zorglab.engine.run import run_world
from zorglab.engine.turns import act
from zorglab.level import load_level_text
from zorglab.widgets.explain import CHEAPEST, STUCK, TIE, TIE_LAYER, WAITING, explain, losing_layer

from test_engine_properties import build, levels, placed_states

ROOT = Path(__file__).resolve().parents[2]
LIBRARY = ROOT / "levels" / "tiles.toml"
THRONE = '[tiles.throne-west-south]\ncells = """\n#####\n#...#\n....#\n#...#\n##.##\n"""\n'


def tiny(rooms, heroes, grid, tiles=""):
    text = (f"rooms = {json.dumps(rooms)}\nheroes = {json.dumps(heroes)}\n{tiles}\n"
            f'[[solutions]]\nmap = """\n{grid}\n"""\n')
    return setup_solution(load_level_text(text, "tiny.toml", library=LIBRARY), 0).world()


def on_board(world, hero=0):
    state = world.initial_state()
    while state.heroes[hero].pos is None:
        state, _ = act(world, state)
    return state


def rows(found):
    return {r.action: r for r in found.rows}


def test_warrior_shortest_path_then_the_tie_order():
    square = tiny(["A", "Z", "D(0)", "D(0)"], ["Warrior(3)"], "A  D1\nD2 Z")
    found = explain(square, on_board(square), 0)
    assert found.rule == TIE and found.goal.startswith("Z1 (Zorg's room")
    by = rows(found)
    assert by["right"].chosen and by["right"].rooms == ("A1", "D1", "Z1")
    assert by["down"].layer == TIE_LAYER and by["down"].rooms == ("A1", "D2", "Z1")
    assert by["up"].layer == "actions" and "loses at shortest path: actions 10 > 8" in by["up"].note
    assert found.layers[0] == "1. shortest path — actions 8; loses here: up (10), left (10)"
    assert found.layers[-1] == "2. tie order right > up > left > down — right before down"


def test_elf_hp_kept_shows_the_way_through_the_damage_not_a_u_turn():
    elf = tiny(["A", "Z", "D(2)", "D(0)"], ["Elf(3, {})"], "A  D1\nD2 Z")
    state = on_board(elf)
    merely = {str(c.action): c.cost for c in elf.planner.explain(state, 0)}
    assert merely["right"] == (0, 10), "the best plan merely starting right turns back through D2"
    found = explain(elf, state, 0)
    right = rows(found)["right"]
    assert right.cost == (2, 8) and right.rooms == ("A1", "D1", "Z1") and not right.turns_back
    assert right.layer == "hp_lost" and "loses at HP kept: HP lost 2 > 0" in right.note
    assert found.rule == CHEAPEST and rows(found)["down"].chosen
    assert found.layers[0] == "1. HP kept — HP lost 0; loses here: right (2)"


def test_gunner_first_shot_then_fire_soonest():
    bend = tiny(["A @ spawn-east", "D(2) @ corner-south-west", "Z @ dead-end-north"], ["Gunner(3, 1)"], "A D1\n. Z")
    found = explain(bend, on_board(bend), 0)
    by = rows(found)
    assert by["fire right"].chosen and found.sentence.startswith("Gunner1 fires right")
    assert by["right (never to fire)"].layer == "never_fires"
    assert by["right (to fire later)"].layer == "actions_before_shot"
    assert "the Gunner's first shot" in found.layers[0] and "fire soonest" in found.layers[1]
    # costs in plain words wherever a person reads them (issue 42): never the engine's names
    text = "\n".join(found.lines())
    assert "never fires 0, actions before the shot 0, HP lost 0, actions 9" in found.sentence
    assert "loses at fire soonest: actions before the shot 1 > 0" in text
    assert not any(name in text for name in ("never_fires", "actions_before_shot", "hp_lost"))


def test_mechanic_justified_shove_with_its_figures():
    shortcut = tiny(["A @ spawn-east", "D(0) @ corner-north-west", "Z @ throne-west-south"],
                    ["Mechanic(5, {A1: 1})"], ".  Z\nA  D1", tiles=THRONE)
    found = explain(shortcut, on_board(shortcut), 0)
    shove = next(r for r in found.rows if r.chosen)
    assert shove.action == "shove up (1 + 3 step(s) on the shoved map vs 8 step(s) on foot from here: justified)"
    assert rows(found)["right"].layer == TIE_LAYER
    assert "the Mechanic's justified shoves" in found.layers[1]
    assert found.layers[2].startswith("3. tie order up > right > down > left")


def test_princess_heads_for_her_heaviest_room_and_waits_there_not_stuck():
    row = ["A @ spawn-east", "D(0) @ corridor", "O(0) @ corridor", "D(0) @ corridor", "Z @ dead-end-west"]
    world = tiny(row, ["Princess(5, {O1: 2}, 1)"], "A D1 O1 D2 Z")
    found = explain(world, on_board(world), 0)
    assert found.goal.startswith("O1, the heaviest room it can reach: perceived weight 2 > Zorg's 1")
    run = run_world(world, keep_states=True)
    last = run.states[-1]
    assert world.rooms[last.heroes[0].pos[0]].label == "O1"
    waiting = explain(world, last, 0)
    assert waiting.rule == WAITING and "waiting in O1" in waiting.sentence and "not stuck" in waiting.sentence


def test_a_princess_pull_on_a_warrior_names_the_weight_and_whose_pull_made_it():
    row = ["A @ spawn-east", "D(0) @ corridor", "O(0) @ corridor", "D(0) @ corridor", "Z @ dead-end-west"]
    world = tiny(row, ["Princess(5, {O1: 2}, 3)", "Warrior(3)"], "A D1 O1 D2 Z")
    state = on_board(world, 1)
    found = explain(world, state, 1)
    assert "O1, the heaviest room it can reach: perceived weight 3/2 > Zorg's 1" in found.goal
    assert "Princess1's pull made it" in found.goal
    assert "O1 3/2 = (own 0 + Princess1's pull 3) / 2" in found.goal


def test_cou05_the_players_choice_r_is_named():
    level = zorglab.load_level(ROOT / "levels" / "cou-05-her-majestys-pull.toml")
    game = setup_solution(level, 2)
    world = game.world()
    run = run_world(world, level.solutions[2].casts, keep_states=True)
    state = next(s for s in run.states if s.heroes[2].pos is not None)
    found = explain(world, state, 2, game.choices)
    assert found.goal.startswith("bower, the heaviest room it can reach: perceived weight 9/8 > Zorg's 1; "
                                 "Princess1's pull made it")
    assert "Princess1's pull 9/4 (the player's choice r = 9/4)" in found.goal
    assert "steps up" in found.sentence and found.rows[[r.chosen for r in found.rows].index(True)].rooms[-1] == "bower"


def test_a_hero_cut_off_from_its_goal_is_stuck():
    from zorglab.engine.world import World
    from widget_levels import corridor_setup
    cut = World(corridor_setup().level, {"A": (0, 0), "D1": (1, 0), "Z": (0, 2)})     # Z cut off
    found = explain(cut, on_board(cut), 0)
    assert found.rule == STUCK and "is stuck" in found.sentence


def test_losing_layer_is_the_first_entry_that_differs():
    assert losing_layer(("hp_lost", "actions"), (2, 8), (0, 10)) == "hp_lost"
    assert losing_layer(("hp_lost", "actions"), (0, 10), (0, 8)) == "actions"
    assert losing_layer(("hp_lost", "actions"), (0, 8), (0, 8)) == TIE_LAYER


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(levels())
def test_every_step_own_plan_is_a_real_plan_no_cheaper_than_the_chosen_one(level):
    """Each first step's own plan starts with it, ends at the goal with exactly its cost, and never
    beats the chosen plan; the chosen plan is the policy's and costs the least."""
    world = build(level)
    for state, index in placed_states(world, world.initial_state()):
        graph = world.planner.graph(state, index)
        for way in world.planner.ways(state, index):
            if way.own is None:
                continue
            assert way.steps[0].action == way.action and way.steps[-1].goal
            total = tuple(sum(step.cost[k] for step in way.steps) for k in range(len(way.own)))
            assert total == way.own
            assert way.cost is not None and way.own >= way.cost
        chosen = [w for w in world.planner.ways(state, index) if w.chosen]
        if chosen:
            assert chosen[0].own == min(w.cost for w in world.planner.ways(state, index) if w.cost is not None)
        assert GOAL is not None and graph is not None


def test_mechanic_an_unjustified_shove_loses_at_the_justified_shoves_layer():
    # Weight 5: shove up + 3 steps ties with 8 on foot; the shove shortens nothing (FR-24 layer 2)
    heavy = tiny(["A @ spawn-east", "D(0) @ corner-north-west", "Z @ throne-west-south"],
                 ["Mechanic(5, {A1: 5})"], ".  Z\nA  D1", tiles=THRONE)
    found = explain(heavy, on_board(heavy), 0)
    shove = next(r for r in found.rows if r.action.startswith("shove up"))
    assert shove.action == "shove up (5 + 3 step(s) on the shoved map vs 8 step(s) on foot from here: unjustified)"
    assert shove.layer == "unjustified_shoves" and shove.cost == (8, 1)
    assert "loses at the Mechanic's justified shoves (fewest unjustified): unjustified shoves 1 > 0" in shove.note
    assert rows(found)["right"].chosen

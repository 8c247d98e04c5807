"""Issue 25 items 3 and 4: "why not that way?" from the Player, and the plan on the board."""

from __future__ import annotations

from pathlib import Path

from zorglab.engine.game import setup_solution
from zorglab.engine.run import run_world
from zorglab.level import load_level_text
from zorglab.paint import palette
from zorglab.paint.painter import rgb_hex
from zorglab.paint.pillow import PillowPainter
from zorglab.paint.plan import draw_plan, waiting_heroes
from zorglab.paint.png import state_painter
from zorglab.widgets.player import Player
from zorglab.widgets.player_why import branch_why_not, why_not_cell

LIBRARY = Path(__file__).resolve().parents[2] / "levels" / "tiles.toml"
ELF = 'rooms = ["A", "Z", "D(2)", "D(0)"]\nheroes = ["Elf(3, {})"]\n[[solutions]]\nmap = """\nA  D1\nD2 Z\n"""\n'
PRINCESS = ('rooms = ["A @ spawn-east", "D(0) @ corridor", "O(0) @ corridor", "D(0) @ corridor", "Z @ dead-end-west"]\n'
            'heroes = ["Princess(5, {O1: 2}, 1)"]\n[[solutions]]\nmap = """\nA D1 O1 D2 Z\n"""\n')


def game(text):
    return setup_solution(load_level_text(text, "tiny.toml", library=LIBRARY), 0)


def elf_player():
    player = Player(game(ELF))
    player.step()                   # Elf1 spawned: it is the active hero on the board
    return player


def colours(painter, view, cells):
    return {painter.pixel(*map(int, view.cell_centre(slot, local))) for slot, local in cells}


def test_why_not_names_the_way_its_plan_and_the_layer_that_rejects_it():
    player = elf_player()
    answer = player.why_not("right")
    assert answer.row.rooms == ("A1", "D1", "Z1") and answer.row.cost == (2, 8)
    assert answer.text == ("why not right? its own plan goes via A1 → D1 → Z1, costing HP lost 2, actions 8; "
                           "layer 1, HP kept, rejects it: HP lost 2 > 0")
    assert "layer 1, HP kept" in player.why.text.value
    assert player.why.steps.options == ("", "right", "up", "left", "down") and player.why.steps.value == "right"
    assert answer.after.heroes[0].pos != player.state.heroes[0].pos, "the board after that one step"
    up = player.why_not("up")
    assert "every plan starting so turns back" in up.text and "shortest path" in up.text
    chosen = player.why_not("down")
    assert chosen.text.startswith("Elf1 does take down")


def test_picking_a_cell_asks_about_the_way_through_it():
    player = elf_player()
    right = next(r for r in player.explain().rows if r.action == "right")
    room, local = right.steps[-2].pos                  # a cell of D1, on the right way only
    player.click_cell(player.state.slots[room], local)
    assert player.why.answer is not None and player.why.answer.row.action == "right"
    assert why_not_cell(player, (9, 9), (0, 0)) is None


def test_the_board_after_it_is_a_branch_that_goes_on_by_the_rules():
    player = elf_player()
    player.why_not("right")
    fork = branch_why_not(player)
    assert fork is player.branches[-1] and fork.timeline.name == "why not right" and fork.file is None
    assert fork.state == player.why.answer.after
    assert "went right (why not)" in fork.timeline.frames[-1].text
    fork.run_to_end()
    assert [r.name for r in player.compare()] == ["main", "why not right"]


def test_the_plan_and_the_why_not_path_are_drawn_on_the_board():
    player = elf_player()
    painter = PillowPainter(*player.view.size)
    player.draw(painter)
    plan = player.explain().plan
    cells = [(player.state.slots[s.pos[0]], s.pos[1]) for s in plan[1:-1]]
    assert palette.PLAN in colours(painter, player.view, cells)
    player.why_not("right")
    painter = PillowPainter(*player.view.size)
    player.draw(painter)
    right = player.why.answer.row.steps
    corner = [(player.state.slots[s.pos[0]], s.pos[1]) for s in right[1:-1]]
    assert palette.WHY_NOT in colours(painter, player.view, corner)


def test_a_princess_at_her_goal_is_flagged_waiting_not_marked_stuck():
    from zorglab.engine.turns import stuck_heroes
    from zorglab.paint.plan import _spot
    from zorglab.paint.board import state_view
    setup = game(PRINCESS)
    world = setup.world()
    end = run_world(world, keep_states=True).states[-1]
    assert stuck_heroes(world, end) == (0,), "the engine: no plan (FR-30)"
    assert waiting_heroes(world, end) == (0,), "but she is at her goal"
    painter = state_painter(world, end)
    cx, cy, r = _spot(world, end, state_view(world, (end,)), 0)
    flag = painter.pixel(int(cx - r + r * 0.3), int(cy - r + r * 0.15))
    assert flag == palette.GOAL, "a green flag where a stuck hero's red ? would be"


def test_the_goal_and_the_pull_are_marked():
    text = PRINCESS.replace('heroes = ["Princess(5, {O1: 2}, 1)"]', 'heroes = ["Princess(5, {O1: 2}, 3)", "Warrior(3)"]')
    world = game(text).world()
    state = next(s for s in run_world(world, keep_states=True).states if s.heroes[1].pos is not None
                 and s.heroes[0].pos is not None)
    from zorglab.paint.board import draw_state, state_view
    view = state_view(world, (state,))
    painter = PillowPainter(*view.size)
    draw_state(painter, world, state, view=view)
    draw_plan(painter, world, state, view, 1)
    pixels = {rgb_hex(c) for c in painter.image.get_flattened_data()}
    assert {palette.GOAL, palette.PULL, palette.PLAN} <= pixels


def test_the_hero_table_says_at_its_goal_not_stuck():
    player = Player(game(PRINCESS))
    player.run_to_end()
    assert player.heroes[0].status == "at its goal"


def test_the_players_solve_says_why_it_cannot_be_won_from_here():
    tough = ('rooms = ["A @ spawn-east", "D(1) @ corridor", "Z @ dead-end-west"]\nheroes = ["Warrior(9)"]\n'
             'spells = ["Attack(1)"]\n[[solutions]]\nmap = """\nA D1 Z\n"""\n')
    player = Player(game(tough))
    player.step()
    verdict = player.solve()
    assert verdict.verdict == "unsolvable"
    assert "no cast sequence can kill Warrior1: it has 9 HP" in verdict.reason
    assert "no cast sequence can kill Warrior1" in player.verdict_box.value


def test_the_closest_miss_plays_in_the_player_as_a_near_witness():
    import zorglab
    row = ('rooms = ["A @ spawn-east", "D(1) @ corridor", "Z @ dead-end-west"]\nheroes = ["Warrior(2)", "Warrior(3)"]\n'
           'spells = ["Attack(1)", "Attack(1)"]\n[[solutions]]\nmap = """\nA D1 Z\n"""\n')
    setup = game(row)
    why = zorglab.solve(setup).why
    assert why.kind == "explored" and why.casts
    player = Player(setup, why.casts)
    player.run_to_end()
    alive = [(h.label, s.hp) for h, s in zip(player.world.heroes, player.state.heroes) if s.alive]
    assert dict(alive) == why.figures["alive"] == {"Warrior2": 1}
    assert str(player.timeline.outcome) == why.figures["outcome"]

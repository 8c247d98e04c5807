"""The Player through its own handlers: stepping matches run_world, casting, explain, branch, hooks."""

from __future__ import annotations

import pytest

from zorglab.engine.casting import cast_spell
from zorglab.engine.game import setup
from zorglab.engine.layout import Layout
from zorglab.engine.run import run_world
from zorglab.engine.turns import next_action
from zorglab.core.model import Cast, Outcome, SpellCall, SpellSpec
from zorglab.widgets.explain import CHEAPEST, DEAD, MARKED, SPAWNING, STUCK, TIE
from zorglab.widgets.player import Player
from zorglab.widgets.timeline import Timeline
from widget_levels import SQUARE, corridor_setup, cross_level

ATTACK = Cast(4, SpellCall("Attack", (1,)))       # at tick 4 the Warrior stands in D1 with 1 HP


def test_stepping_forward_gives_run_worlds_states():
    game = corridor_setup()
    player = Player(game)
    expected = run_world(player.world, keep_states=True)
    while player.step():
        pass
    assert player.timeline.casting_points() == list(expected.states)
    assert player.state == expected.state
    assert player.timeline.outcome is Outcome.LOSS == expected.outcome
    assert player.step_button.disabled and not player.step()


def test_stepping_back_returns_the_previous_states():
    player = Player(corridor_setup())
    for _ in range(5):
        player.step()
    seen = player.states
    assert len(seen) == 6
    for k in range(4, -1, -1):
        assert player.back()
        assert player.state is seen[k]
    assert not player.back() and player.back_button.disabled
    player.step()
    assert player.state is seen[1]                      # forward again replays the kept frame


def test_scheduled_casts_play_like_run_world():
    world = corridor_setup().world()
    expected = run_world(world, [ATTACK], keep_states=True)
    player = Player(world, casts=[ATTACK])
    player.run_to_end()
    assert player.timeline.casting_points() == list(expected.states)
    assert player.state == expected.state and player.timeline.outcome is Outcome.WIN
    assert [f.kind for f in player.timeline.frames].count("cast") == 1
    assert any("cast Attack(1)" in line for line in player.log_lines)


def test_a_scheduled_cast_the_rules_refuse_is_reported():
    world = corridor_setup().world()
    player = Player(world, casts=[Cast(2, SpellCall("Sleep"))])      # Sleep needs a target
    player.run_to_end()
    assert player.timeline.refusals and "target" in player.timeline.refusals[0][1]
    assert "scheduled cast refused" in player.status.value


def test_casting_from_the_tray_calls_the_engine():
    player = Player(corridor_setup())
    player.goto(4)
    before = player.state
    player.select_spell("Attack1")
    assert player.cast_now()
    after, _ = cast_spell(player.world, before, Cast(4, SpellCall("Attack", (1,))))
    assert player.state == after
    assert not player.state.heroes[0].alive
    assert "Attack1" not in [label for label, _ in player.tray.spell_dropdown.options]
    player.run_to_end()
    assert player.timeline.outcome is Outcome.WIN


def test_a_refused_cast_shows_the_reason_and_changes_nothing():
    player = Player(corridor_setup())
    player.goto(3)
    frames = list(player.timeline.frames)
    player.select_spell("Sleep")
    assert not player.cast_now()
    assert "needs exactly one target" in player.cast_error
    assert "refused" in player.tray.result.value
    assert player.timeline.frames == frames
    player.select_spell("Attack1")                        # a new choice clears the old refusal
    assert player.cast_error == ""


def test_a_hero_target_picked_by_clicking_its_cell():
    player = Player(corridor_setup())
    player.goto(2)
    room, local = player.state.heroes[0].pos
    slot = player.state.slots[room]
    player.select_spell("Sleep")
    view = player.view
    px, py = view.cell_centre(slot, local)
    player.input.click_board(px, py)
    assert player.tray.choice.heroes == ["Warrior1"]
    assert player.tray.hero_dropdown.value == "Warrior1"
    assert player.cast_now()
    assert player.state.heroes[0].asleep
    assert player.heroes[0].status == "asleep"
    assert not player.step()                               # the only hero sleeps: the world is idle


def room_spells_player(rotation: int = 0) -> Player:
    """The corridor built as a column turned a quarter (rotation 1) or as a row, with room spells."""
    level = corridor_setup().level.replace(spells=(
        SpellSpec("Move", "Move"), SpellSpec("Swap", "Swap"), SpellSpec("Selection", "Selection", (False,)),
        SpellSpec("Sleep", "Sleep")))
    slots = {"A": (0, 0), "D1": (0, 1), "Z": (0, 2)} if rotation else {"A": (0, 0), "D1": (1, 0), "Z": (2, 0)}
    return Player(setup(level, Layout.from_slots(slots, rotation=rotation)))


@pytest.mark.parametrize("rotation", [0, 1])
def test_move_goes_to_the_empty_slot_clicked_on_the_board(rotation):
    player = room_spells_player(rotation)
    player.goto(2)                                         # Warrior1 stands in A
    player.select_spell("Move")
    assert player.tray.kind == "slots"
    player.click_cell((1, 0), (2, 2))                      # a room: not a Move destination
    assert player.tray.choice.slots == []
    player.click_cell((0, 1), (2, 2))                      # empty, under A on the board shown
    assert player.tray.choice.slots == [(0, 1)]
    cast = player.tray.build(player.state.tick)
    assert cast.to == (player.world.dungeon.to_board((0, 1)),)    # casts name board slots
    assert player.cast_now(), player.cast_error
    assert player.state.slots[player.world.room_index["A"]] == (0, 1)


def test_swap_takes_the_room_clicked():
    player = room_spells_player()
    player.goto(2)
    player.select_spell("Swap")
    player.click_cell((2, 0), (1, 1))
    assert player.tray.choice.room == "Z"
    assert not player.cast_now()                           # Z's east wall would face D1's west opening
    assert "FR-38" in player.cast_error and "Z (east side, cell 2) is a wall" in player.cast_error
    assert player.state.slots == player.world.initial_slots


def test_selection_applies_another_spell_to_the_heroes_chosen():
    player = room_spells_player()
    player.goto(2)
    player.select_spell("Selection")
    assert player.tray.kind == "meta"
    room, local = player.state.heroes[0].pos
    player.click_cell(player.state.slots[room], local)
    player.choose_inner("Sleep")
    assert player.tray.build(2).on == ("Warrior1",) and player.tray.build(2).inner.spell.type == "Sleep"
    assert player.cast_now(), player.cast_error
    assert player.state.heroes[0].asleep
    left = [label for label, _ in player.tray.spell_dropdown.options]
    assert "Selection" not in left and "Sleep" not in left  # both consumed (ZR-16)


def test_hero_panel_lists_hp_gold_visits_and_status():
    player = Player(corridor_setup())
    assert [r.status for r in player.heroes] == ["active (spawns next)"]
    player.goto(4)
    row = player.heroes[0]
    assert (row.label, row.hp, row.gold, row.status, row.visits) == ("Warrior1", 1, 0, "active", ("A", "D1"))
    assert "A &gt; D1" in player.heroes_box.value


def test_explain_lists_four_candidates_and_the_deciding_rule():
    player = Player(setup(cross_level(), Layout.from_slots(SQUARE)))
    assert player.explain().rule == SPAWNING
    player.step()                                          # Warrior1 spawns at the centre of A
    found = player.explain()
    assert len(found.rows) == 4 and [r.action for r in found.rows] == ["right", "up", "left", "down"]
    chosen = [r for r in found.rows if r.chosen]
    assert len(chosen) == 1 and chosen[0].action == str(next_action(player.world, player.state)[1])
    assert found.rule == TIE                               # right (through D1) and down (through E1) tie
    assert "right > up > left > down" in found.sentence
    assert "explain Warrior1" in player.explain_box.value
    player.step()                                          # one step right: now only one way is cheapest
    assert player.explain().rule == CHEAPEST


def test_explain_of_a_stuck_hero():
    from zorglab.engine.world import World
    world = World(corridor_setup().level, {"A": (0, 0), "D1": (1, 0), "Z": (0, 2)})   # Z cut off
    player = Player(world)
    player.step()
    assert player.explain(0).rule == STUCK
    assert player.heroes[0].status == "stuck"


def test_branch_forks_the_run_and_the_outcomes_differ():
    player = Player(corridor_setup())
    player.goto(4)
    fork = player.branch()
    assert fork.state is player.state and fork.timeline is not player.timeline
    fork.select_spell("Attack1")
    assert fork.cast_now()
    player.run_to_end()
    fork.run_to_end()
    assert player.timeline.outcome is Outcome.LOSS and fork.timeline.outcome is Outcome.WIN
    rows = {r.name: r for r in player.compare()}
    assert rows["main"].outcome == "loss" and rows["branch 1"].outcome == "win"
    assert rows["branch 1"].casts == ("Attack(1)",)
    assert player.branch_box.children == (fork.widget,)
    assert "branch 1" in player.compare_box.value


def test_compare_projects_each_line_without_further_casts():
    player = Player(corridor_setup())
    player.goto(2)
    fork = player.branch("attack")
    fork.goto(4)
    fork.select_spell("Attack1")
    fork.cast_now()
    rows = player.compare()
    assert [r.outcome for r in rows] == ["loss", "win"]
    assert rows[1].hp == (("Warrior1", 0, False),)
    assert player.timeline.position == 2                   # projecting moved no cursor


def test_play_widget_steps_and_speed_is_linked():
    player = Player(corridor_setup())
    player.play.value += 1
    player.play.value += 1
    assert player.timeline.position == 2
    player.speed.value = 150
    assert player.play.interval == 150
    player.frame_slider.value = 0
    assert player.timeline.position == 0
    player.frame_slider.value = 2
    assert player.timeline.position == 2


def test_solver_hook():
    player = Player(corridor_setup().world())        # a bare world: no default solver
    assert player.solve() is None and "no solver" in player.verdict_box.value
    calls = []
    player.solver = lambda world, state: calls.append(state.tick) or "solvable: @4 Attack(1)"
    player.goto(3)
    assert player.solve() == "solvable: @4 Attack(1)" and calls == [3]
    assert "solvable" in player.verdict_box.value


def test_casting_in_the_past_drops_the_later_frames():
    timeline = Timeline(corridor_setup().world())
    timeline.run()
    end = len(timeline.frames)
    timeline.goto(4)
    timeline.cast(Cast(99, SpellCall("Attack", (1,))))     # the cast takes the cursor's tick
    assert len(timeline.frames) == 6 < end
    assert timeline.frame.cast.tick == 4 and timeline.casts_made() == (timeline.frame.cast,)


def test_png_repr():
    assert Player(corridor_setup())._repr_png_()[:4] == b"\x89PNG"


@pytest.mark.parametrize("tick", [0, 1, 3])
def test_a_cast_before_the_hero_stands_on_the_board_is_refused_or_consumed_by_the_engine(tick):
    player = Player(corridor_setup())
    player.goto(tick)
    player.select_spell("Attack1")
    engine_ok = True
    try:
        cast_spell(player.world, player.state, Cast(tick, SpellCall("Attack", (1,))))
    except Exception:
        engine_ok = False
    assert player.cast_now() == engine_ok


def test_the_widgets_display_as_widget_views():
    player = Player(corridor_setup())
    bundle = player._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert bundle["application/vnd.jupyter.widget-view+json"]["model_id"] == player.widget.model_id


def test_demo_pictures_are_written(tmp_path):
    from zorglab.widgets.demo import maker_picture, player_picture, write_screenshots
    maker = maker_picture()
    assert any(v.rule == "FR-7 orientation" for v in maker.violations) and "Z" in maker.unplaced
    player = player_picture()
    assert player.state.heroes[0].asleep
    paths = write_screenshots(tmp_path)
    assert [p.name for p in paths] == ["maker.png", "player.png", "temple.png"]
    assert all(p.read_bytes()[:4] == b"\x89PNG" for p in paths)


def test_a_spell_may_be_chosen_by_its_type_where_the_world_has_one():
    from pathlib import Path
    from zorglab.engine.game import setup_solution
    from zorglab.level import load_level
    player = Player(setup_solution(load_level(Path(__file__).resolve().parents[2] / "levels" / "spl-02-lullaby.toml"), 0))
    player.select_spell("Sleep")
    assert player.tray.choice.spell == "Sleep1"


def test_the_log_says_what_a_shell_and_a_shove_did():
    from zorglab.engine import events as ev
    from zorglab.widgets.heroes import describe_event
    assert describe_event(ev.ShellFired(2, "Gunner1", "right", (5, 2), (9, 2))) == \
        "Gunner1 fires a Shell right; it flies to (9, 2)"
    assert describe_event(ev.MonsterSlain(2, "D1")) == "the Shell slays D1's monster"
    assert describe_event(ev.Shoved(3, "Mechanic1", "D1", "up", (1, 0))) == "Mechanic1 shoves D1 up to (1, 0)"


def test_a_player_built_from_a_setup_asks_the_exact_search_and_shows_the_win_window():
    from pathlib import Path
    from zorglab.engine.game import setup_solution
    from zorglab.level import load_level
    game = setup_solution(load_level(Path(__file__).resolve().parents[2] / "levels" / "app-01-first-blood.toml"), 0)
    player = Player(game)
    verdict = player.solve()
    assert verdict.verdict == "solvable" and verdict.cast_texts() == ["@8 Attack(1)"]
    assert "solvable: @8 Attack(1)" in player.verdict_box.value
    player.run_to_end()                         # no casts: the second Warrior reaches Z at tick 13
    points = player.window()
    assert [p.winnable for p in points] == [True] * 13 + [False]
    assert "13:✗" in player.verdict_box.value


def test_item_5_explain_says_a_sleeping_hero_will_not_act():
    player = Player(corridor_setup())
    player.goto(2)                                          # Warrior1 on the board, awake
    assert player.explain(0).rule == CHEAPEST
    player.select_spell("Sleep")
    player.choose_target("Warrior1")
    assert player.cast_now()
    found = player.explain(0)
    assert found.rule == MARKED and found.rows == ()
    assert "Warrior1 is asleep: it will not act" in found.sentence and "steps" not in found.sentence
    assert "world is idle" in player.explain_box.value      # nobody acts next...
    room, local = player.state.heroes[0].pos
    player.click_cell(player.state.slots[room], local)      # ...and a click on the sleeper explains it
    assert player.focus == 0
    assert "is asleep" in player.explain_box.value and "first step" not in player.explain_box.value


def test_item_5_explain_of_a_corpse_a_waiting_hero_and_a_stuck_hero_says_they_take_no_step():
    player = Player(corridor_setup())
    player.goto(4)
    player.select_spell("Attack1")
    assert player.cast_now()                                # Warrior1 dies
    player.focus = 0
    player.refresh()
    assert player.explain().rule == DEAD and "is dead" in player.explain_box.value

    two = Player(setup(cross_level(), Layout.from_slots(SQUARE)))
    two.step()                                              # Warrior1 spawned; Warrior2 still waits
    waiting = two.explain(1)
    assert waiting.rule == SPAWNING and "not on the board" in waiting.sentence
    assert "first hero in spawn order" in waiting.sentence  # not "spawns next": Warrior1 acts first

    from zorglab.engine.world import World
    world = World(corridor_setup().level, {"A": (0, 0), "D1": (1, 0), "Z": (0, 2)})   # Z cut off
    stuck = Player(world)
    stuck.step()
    assert "does not act" in stuck.explain(0).sentence


def test_item_5_explain_of_a_hero_that_is_not_active_says_another_acts_first():
    import dataclasses
    level = dataclasses.replace(cross_level(), spells=(SpellSpec("Sleep", "Sleep"), SpellSpec("Wake", "Wake")))
    two = Player(setup(level, Layout.from_slots(SQUARE)))
    two.step()                                              # Warrior1 spawns
    two.select_spell("Sleep")
    two.choose_target("Warrior1")
    assert two.cast_now()
    two.step()                                              # Warrior2 spawns while Warrior1 sleeps
    two.select_spell("Wake")
    two.choose_target("Warrior1")
    assert two.cast_now()                                   # Warrior1 is first in order again
    assert next_action(two.world, two.state)[0] == 0
    assert "Warrior1 acts first" in two.explain(1).sentence and "acts first" not in two.explain(0).sentence


def test_item_1_the_player_answers_its_keys():
    player = Player(corridor_setup())
    guard = player.keys
    assert guard in player.widget.children
    guard.press("ArrowRight")
    guard.press(".")
    assert player.timeline.position == 2
    guard.press("ArrowLeft")
    assert player.timeline.position == 1
    guard.press("End")
    assert player.timeline.at_end
    guard.press("Home")
    assert player.timeline.position == 0
    guard.press("p")
    assert player.play.playing
    guard.press("b")
    assert len(player.branches) == 1


def test_item_4_the_branch_table_follows_a_branch_cast_at_once():
    player = Player(corridor_setup())
    player.goto(4)
    fork = player.branch()
    assert "<b>loss</b>" in player.compare_box.value.split("branch 1")[1]
    fork.back()
    fork.back()                                             # rewind the branch...
    fork.goto(4)
    fork.select_spell("Attack1")
    assert fork.cast_now()                                  # ...and cast differently: nothing in the trunk clicked
    assert "<b>win</b>" in player.compare_box.value.split("branch 1")[1]
    fork.back()
    assert "<b>loss</b>" in player.compare_box.value.split("branch 1")[1]


def test_item_6_the_event_log_box_is_anchored_at_its_newest_line():
    player = Player(corridor_setup())
    player.goto(4)
    player.select_spell("Attack1")
    player.cast_now()
    player.run_to_end()
    log = player.log_box.value
    assert "flex-direction:column-reverse" in log and "overflow-y:auto" in log
    assert "dies" in log and log.rindex("dies") > log.rindex("spawns")   # the winning death last, in view


def test_item_7_hints_name_the_spells_target_and_follow_the_choice():
    player = Player(corridor_setup())
    player.goto(2)
    player.select_spell("Attack1")
    hint = player.tray.targets_label.value
    assert "hits every living hero on the board" in hint and "active hero or every hero" not in hint
    player.select_spell("Sleep")
    assert "click the hero" in player.tray.targets_label.value and "above" not in player.tray.targets_label.value
    player.choose_target("Warrior1")
    hint = player.tray.targets_label.value
    assert "on Warrior1" in hint and "click the hero to cast it on" not in hint


def test_item_7_hero_table_and_log_write_cells_in_one_labelled_frame():
    player = Player(corridor_setup())
    player.goto(2)
    where = player.heroes[0].where
    last = player.log_lines[-1]                             # Warrior1 steps right to cell (x, y)
    assert "cell (" in where and "cell (" in last
    assert where.split("cell ", 1)[1] == last.split("cell ", 1)[1]
    assert "cells are (x, y) on the whole dungeon" in player.heroes_box.value


def test_item_7_play_has_tooltips_no_loop_and_branches_open_beside():
    player = Player(corridor_setup())
    assert not player.play.show_repeat and player.play.tooltip
    titles = player.keys.titles
    assert any("play / pause" in t for t in titles.values()) and any("stop" in t for t in titles.values())
    fork = player.branch()
    row = player.widget.children[1]
    assert row.children[1] is player.branch_box and fork.widget in player.branch_box.children
    assert type(row).__name__ == "HBox"


def test_item_7_the_trays_dropdowns_show_their_dash_not_a_blank():
    player = Player(corridor_setup())
    player.goto(2)
    assert player.tray.spell_dropdown.label == "—" and player.tray.hero_dropdown.label == "—"
    player.tray.spell_dropdown.value = "Sleep"              # as a pick in the browser does
    assert player.tray.choice.spell == "Sleep"
    player.tray.spell_dropdown.value = ""                   # back to "—": no spell
    assert player.tray.choice.spell is None and player.tray.spell_dropdown.label == "—"

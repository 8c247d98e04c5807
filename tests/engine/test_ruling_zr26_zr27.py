"""ZR-26 (portal functions give whole numbers) and ZR-27 (worlds that never go idle), issue 19.

Every level is written here, as a level file's text, and read by the loader like any other.
"""

from __future__ import annotations

import pytest

from zorglab.engine.game import play, setup_solution
from zorglab.cli.run_json import run_json
from zorglab.errors import ArgumentTypeError, LevelError
from zorglab.level import load_level_text

TILES = '''
[tiles.t1]
cells = """
#####
#...#
....#
#.S.#
#####
"""
[tiles.t2]
cells = """
#####
#...#
#....
#...#
##.##
"""
[tiles.t3]
cells = """
##.##
#...#
#...#
#...#
#####
"""
'''


def level_text(rooms: str, heroes: str = '"Warrior(3)"', head: str = "", solution: str = "") -> str:
    return (f'id = "zr"\n{head}rooms = [{rooms}]\nheroes = [{heroes}]\nspells = []\n{TILES}\n'
            f'[[solutions]]\n{solution}map = """\nD1 A1\nZ1 .\n"""\nexpect = "stall"\n')


def refusal(rooms: str, **kw: str) -> LevelError:
    with pytest.raises(LevelError) as caught:
        load_level_text(level_text(rooms, **kw), "zr.toml")
    return caught.value


# --- ZR-26 ------------------------------------------------------------------------------------

def test_zr26_lambda_giving_a_fraction_is_refused_at_f_with_the_first_offending_i():
    error = refusal('"A @ t1", "D1 = P(2, i -> (i + 3) / 2) @ t2", "Z @ t3"')
    (problem,) = error.problems
    assert isinstance(error, ArgumentTypeError)
    # line 2, the column of f (its parameter i) inside the rooms string
    assert (problem.location.line, problem.location.col) == (2, 31)
    assert "D1's f" in problem.message and "f(2) = 5/2 is not a whole number" in problem.message
    assert "ZR-26" in problem.message


def test_zr26_list_giving_a_fraction_is_refused_at_the_item_with_its_i():
    error = refusal('"A @ t1", "D1 = P(2, [1, 5/2]) @ t2", "Z @ t3"')
    (problem,) = error.problems
    assert (problem.location.line, problem.location.col) == (2, 35)     # the item 5/2
    assert "f(2)" in problem.message and "ZR-26" in problem.message


def test_zr26_infinite_n_is_checked_for_every_entry_a_run_can_reach():
    # (i*i + i + 2) / 4 is whole at i = 1 (1) and i = 2 (2), not at i = 3 (14/4): a polynomial
    # of degree 2 is whole for every i once it is whole at i = 1, 2, 3, so the check is exact.
    error = refusal('"A @ t1", "D1 = P(inf, i -> (i * i + i + 2) / 4) @ t2", "Z @ t3"')
    assert "f(3) = 7/2 is not a whole number" in error.problems[0].message
    # A division by something that reads i is tried entry by entry: 12 / i fails first at i = 5.
    error = refusal('"A @ t1", "D1 = P(inf, i -> 12 / i) @ t2", "Z @ t3"')
    assert "f(5) = 12/5" in error.problems[0].message
    # whole everywhere: accepted
    load_level_text(level_text('"A @ t1", "D1 = P(inf, i -> (i * i + i) / 2 - (i * i - i) / 2) @ t2", "Z @ t3"'), "zr.toml")
    load_level_text(level_text('"A @ t1", "D1 = P(inf, i -> (i * i + i) / (i + 1)) @ t2", "Z @ t3"'), "zr.toml")


def test_zr26_only_entries_up_to_n_count():
    # f(2) = 5/2, but P(1, f) acts on entry 1 only (f(1) = 2): nothing to refuse
    load_level_text(level_text('"A @ t1", "D1 = P(1, i -> (i + 3) / 2) @ t2", "Z @ t3"'), "zr.toml")


def test_zr26_a_choice_that_makes_f_give_a_fraction_is_refused_at_setup_naming_f():
    text = level_text('"A @ t1", "D1 = P(x, i -> (i + 3) / 2) @ t2", "Z @ t3"',
                      head='', solution="choices = { x = 2 }\n").replace(
        "spells = []\n", 'spells = []\n[variables]\nx = "choix(1, {1, 2})"\n', 1)
    level = load_level_text(text, "zr.toml")        # x = 1 would be sound
    with pytest.raises(ArgumentTypeError) as caught:
        setup_solution(level, level.solutions[0]).world(setup_solution(level, level.solutions[0]).world_names[0])
    assert "D1's f" in str(caught.value) and "f(2) = 5/2" in str(caught.value)
    assert caught.value.location is not None and caught.value.location.line == 2


# --- ZR-27 ------------------------------------------------------------------------------------

CHASE = level_text('"A @ t1", "D(0) @ t2", "Z @ t3"',
                   heroes='"Princess(4, {A1: 1}, 0)", "Princess(5, {A1: 5/2, Z1: 2}, 3)"')


def test_zr27_two_princesses_chasing_each_other_stall_at_the_first_repetition():
    level = load_level_text(CHASE, "chase.toml")
    result = play(setup_solution(level, level.solutions[0]))
    run = result.main
    assert result.outcome.value == "stall"
    assert run.repetition is not None and run.cap is None
    rep = run.repetition
    assert rep.period > 0 and rep.found_at == rep.since + rep.period
    # found at the first repetition: within a few periods of its start, not at a cap
    assert run.ticks == rep.found_at <= rep.since + 3 * rep.period < 100
    assert f"period {rep.period}" in run.stall_reason() and f"tick {rep.found_at}" in run.stall_reason()
    data = run_json(result)
    assert data["stall"]["reason"] == "repetition" and data["stall"]["period"] == rep.period


def test_zr27_the_action_cap_is_set_per_level_and_reported():
    level = load_level_text(CHASE.replace('id = "zr"\n', 'id = "zr"\nmax_actions = 5\n'), "chase.toml")
    assert level.max_actions == 5
    run = play(setup_solution(level, level.solutions[0])).main
    assert (run.ticks, run.cap, run.repetition) == (5, 5, None)
    assert "action cap of 5 actions was hit" in run.stall_reason()


@pytest.mark.parametrize("value", ["0", "-3", "1.5", '"many"', "true", "100000000000000000000000"])
def test_zr27_a_bad_max_actions_is_a_located_error(value: str):
    with pytest.raises(LevelError) as caught:
        load_level_text(CHASE.replace('id = "zr"\n', f'id = "zr"\nmax_actions = {value}\n'), "chase.toml")
    (problem,) = caught.value.problems
    assert (problem.location.line, "max_actions must be a whole number") == (2, problem.message[:34])


def test_zr27_portal_entry_counts_still_tell_states_apart():
    # P(3, [1, 1, 1]) keeps the hero where it is on entries 1..3: counts up to 3 matter, so a
    # world that looks the same at entry 1 and entry 2 is not a repetition; later it is.
    level = load_level_text(level_text('"A @ t1", "D1 = P(3, [1, 1, 1]) @ t2", "Z @ t3"',
                                       heroes='"Princess(4, {A1: 1}, 0)", "Princess(5, {A1: 5/2, Z1: 2}, 3)"'),
                            "zr.toml")
    game = setup_solution(level, level.solutions[0])
    world = game.world(game.world_names[0])
    assert world.entry_reads == {world.room_index["D1"]: 3}
    run = play(game).main
    assert run.repetition is not None and run.cap is None
    entries = [dict(h.entries).get(world.room_index["D1"], 0) for h in run.state.heroes]
    assert min(entries) >= 3, "no repetition is claimed while a portal can still tell entries apart"


def test_zr27_a_portal_whose_f_ignores_i_lets_the_chase_stall_at_its_repetition():
    # P(inf, i -> 1) reads no entry count (every entry alike) and history only one visit back:
    # neither the growing count nor the growing history keeps the repetition from being seen.
    text = CHASE.replace('"D(0) @ t2"', '"D1 = P(inf, i -> 1) @ t2"')
    level = load_level_text(text, "chase.toml")
    run = play(setup_solution(level, level.solutions[0])).main
    assert run.repetition is not None and run.cap is None and run.ticks < 100

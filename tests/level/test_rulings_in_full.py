"""Issue 30 item 6: the rulings in full. ZR-26 is checked for every entry of a finite n (a non-polynomial
f with an n past the documented bound is a located error saying so), and no limit the rules do not make
changes a verdict: P(1, [65]) loads and sends the hero to the waiting room (ZR-10)."""

from __future__ import annotations

import random

import pytest

from zorglab.core.portals import MAX_SCANNED_ENTRIES
from zorglab.engine.game import play_solution
from zorglab.errors import LevelError
from zorglab.level import load_level_text

TILES = '''
[tiles.t1]
cells = """
#####
#...#
#.S..
#...#
#####
"""
[tiles.t2]
cells = """
#####
#...#
.....
#...#
#####
"""
[tiles.t3]
cells = """
#####
#...#
.....
#...#
#####
"""
'''


def level_text(portal: str, expect: str = "win") -> str:
    return (f'id = "zr"\nrooms = ["A @ t1", "{portal} @ t2", "Z @ t3"]\nheroes = ["Warrior(3)"]\n{TILES}'
            f'\n[[solutions]]\nmap = "A P1 Z"\nexpect = "{expect}"\n')


def refusal(portal: str) -> LevelError:
    with pytest.raises(LevelError) as caught:
        load_level_text(level_text(portal), "zr.toml")
    (problem,) = caught.value.problems
    assert problem.location is not None and problem.location.line == 2
    return caught.value


def test_zr26_is_checked_past_entry_1000_for_a_finite_n() -> None:
    error = refusal("P(1001, i -> 1 + 0 / (i - 1001))")
    assert "f(1001)" in str(error) and "division by zero" in str(error)
    load_level_text(level_text("P(1000, i -> 1 + 0 / (i - 1001))"), "zr.toml")     # entry 1001 is never acted on


@pytest.mark.parametrize("seed", range(3))
def test_zr26_finds_the_offending_entry_wherever_it_stands(seed: int) -> None:
    rng = random.Random(seed)
    bad = rng.randrange(1001, MAX_SCANNED_ENTRIES + 1)
    error = refusal(f"P({MAX_SCANNED_ENTRIES}, i -> 2 + 0 / (i - {bad}))")
    assert f"f({bad})" in str(error)


def test_a_finite_n_past_the_bound_is_a_located_error_that_says_so() -> None:
    error = refusal("P(99999999999, i -> 1 + 0 / (i - 99999999998))")
    assert "checked at each of the n = 99999999999 entries" in str(error)
    assert f"at most {MAX_SCANNED_ENTRIES:,} entries" in str(error) and "Limits" in str(error)
    # a polynomial f is exact at any n, with no bound
    load_level_text(level_text("P(99999999999, i -> (i * i + i) / 2)"), "zr.toml")


@pytest.mark.parametrize("portal", ["P(1, [65])", "P(1, i -> 65)", "P(2, [1, 100])"])
def test_a_deep_k_is_no_fault_it_sends_to_the_waiting_room(portal: str) -> None:
    level = load_level_text(level_text(portal), "zr.toml")
    run = play_solution(level).main
    # the warrior enters P1 once with a history of 2 visits: k > 2 sends it to the waiting room, it respawns
    # at A when next active and walks on (entry 2 is past n): the same outcome as any k past the history
    same = play_solution(load_level_text(level_text(portal.replace("65", "3").replace("100", "3")), "zr.toml")).main
    assert run.outcome == same.outcome

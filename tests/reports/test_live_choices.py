"""Which choices win on a layout (the Studio's panel, issue #24 item 1): every choice of a finite
domain, N and R over a bounded range that is said, a cap on combinations that is said, cancel honoured."""

from __future__ import annotations

import threading

from zorglab.engine.layout import Layout
from zorglab.level.loader import load_level_text
from zorglab.widgets.live.choices import MAX_COMBINATIONS, OPEN_RANGE, choice_verdicts

ROW = Layout().place("A1", (0, 0)).place("D1", (1, 0)).place("Z1", (2, 0))


def level(variables: str, damage: str = "x", constraint: str = ""):
    return load_level_text(f'''id = "v"
rooms = ["A @ spawn-east", "D({damage}) @ corridor", "Z @ dead-end-west"]
heroes = ["Warrior(3)"]
spells = ["Attack(1)"]
{constraint}
[variables]
{variables}
''')


def test_every_choice_of_a_set_is_judged_and_the_winners_named():
    verdicts = choice_verdicts(level('x = "choix(1, {1, 2, 3})"'), ROW, seconds=None)
    assert [r.text() for r in verdicts.rows] == ["x = 1", "x = 2", "x = 3"] and verdicts.total == 3
    assert [r.text() for r in verdicts.winning] == ["x = 2", "x = 3"]
    assert verdicts.lines({"x": 2})[0] == "choices on this layout (every choice; all 3 tried): 2 win"
    assert "▶ x = 2: solvable — witness: @4 Attack(1)" in verdicts.lines({"x": 2})


def test_an_endless_domain_is_tried_over_a_bounded_range_and_a_cap_is_said():
    verdicts = choice_verdicts(level('x = "choix(1, {2})"\nk = "choix(2, N)"',
                                     constraint='constraints = ["hp_at_death(Warrior1) <= -k[1]"]'),
                               ROW, seconds=None)
    assert verdicts.bounded == ("k",)
    assert verdicts.total == len(OPEN_RANGE) * (len(OPEN_RANGE) - 1) and len(verdicts.rows) == MAX_COMBINATIONS
    head = verdicts.lines()[0]
    assert f"k over 0..{OPEN_RANGE.stop - 1} only (a bounded range" in head
    assert f"{MAX_COMBINATIONS} of {verdicts.total} tried" in head
    assert {r.text() for r in verdicts.winning} == {f"x = 2, k = [0, {b}]" for b in range(1, 6)}


def test_no_variables_or_no_valid_layout_gives_nothing_and_cancel_stops():
    assert choice_verdicts(level('x = "choix(1, {1})"', damage="1"), Layout()) is None
    stop = threading.Event()
    stop.set()
    verdicts = choice_verdicts(level('x = "choix(1, {1, 2, 3})"'), ROW, cancel=stop)
    assert verdicts.cancelled and verdicts.rows == () and verdicts.lines() == []

"""Variables in the Studio (issue #24 item 1): a picker per variable fitting its domain, a legal
choice from the start, the choice saved with the solution, and which choices win on the layout."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from zorglab.core.model import DomainKind, Variable
from zorglab.core.substitute import check_choice
from zorglab.level import load_level
from zorglab.widgets import Studio
from zorglab.widgets.studio_choices import first_choice, read_number, repick

VARIABLES = {"x": "choix(1, {1, 2})", "order": "choix(2, [0, 1, 1])"}


def two_variables(tmp_path: Path) -> Studio:
    """A, D(x), Z laid out; a Warrior(3), an Attack(1); the Warrior must die at -order[1] or below."""
    studio = Studio.new(tmp_path / "vars.toml", watch=None, debounce=0)
    for row in ("A @ spawn-east", "D(x) @ corridor", "Z @ dead-end-west"):
        studio.rooms.add_row(row)
    studio.heroes.add_row("Warrior(3)")
    studio.spells.add_row("Attack(1)")
    studio.constraints.add_row("hp_at_death(Warrior1) <= -order[1]")
    for name, text in VARIABLES.items():
        studio.variables.add_variable(name, text)
    for label, col in (("A1", 0), ("D1", 1), ("Z1", 2)):
        studio.maker.select_tray(label)
        studio.maker.click_slot(col, 0)
    assert studio.settle()
    return studio


def test_every_variable_starts_on_a_legal_choice_so_the_verdict_is_live_at_once(tmp_path):
    studio = two_variables(tmp_path)
    assert studio.draft.problems == ()
    assert studio.choices == {"x": 1, "order": (0, 1)} == studio.maker.choices
    assert studio.summary.layout_verdict == "unsolvable"          # not "invalid: no choice for x"
    assert [len(p) for p in studio.choice_editor.pickers.values()] == [1, 2]
    assert studio.maker.start() is not None                       # start is no longer refused


def test_the_panel_says_which_choices_win_every_one_of_a_finite_domain(tmp_path):
    studio = two_variables(tmp_path)
    verdicts = studio.panel.choice_verdicts
    assert verdicts.total == 6 and len(verdicts.rows) == 6 and not verdicts.bounded
    assert [r.text() for r in verdicts.winning] == ["x = 2, order = [0, 1]"]
    text = "\n".join(studio.panel.shown_lines)
    assert "every choice; all 6 tried): 1 win" in text
    assert "▶ x = 1, order = [0, 1]: unsolvable" in text              # the current choice marked
    assert "x = 2, order = [1, 0]: unsolvable" in text                # the order counts (FR-3)


def test_picks_are_made_by_the_pickers_and_the_winning_choice_is_saved_with_the_solution(tmp_path):
    studio = two_variables(tmp_path)
    studio.choice_editor.pick("x", 0, 2)
    assert studio.settle() and studio.summary.layout_verdict == "solvable"
    studio.choice_editor.pick("order", 0, 1)                      # (1, 1): the list holds 1 twice
    assert studio.choices["order"] == (1, 1)
    studio.choice_editor.pick("order", 1, 0)                      # (1, 0)
    assert studio.choices["order"] == (1, 0)
    studio.choice_editor.pick("order", 0, 0)                      # (0, 0)? 0 is there once: swapped
    assert studio.choices["order"] == (0, 1)
    assert studio.settle() and studio.summary.layout_verdict == "solvable"
    saved = studio.save()
    assert saved is not None and saved.added
    solution = load_level(tmp_path / "vars.toml").solutions[saved.index]
    assert dict(solution.choices) == {"x": 2, "order": (0, 1)} and solution.expect.value == "win"


def test_a_choice_outside_the_domain_is_refused_and_said(tmp_path):
    studio = two_variables(tmp_path)
    with pytest.raises(ValueError, match="not in"):
        studio.choose("x", 3)
    studio.safely(lambda: studio.choose("x", 3))
    assert "refused" in studio.notice and studio.choices["x"] == 1


def test_naturals_and_reals_take_a_number_within_the_domain_and_the_panel_says_the_range_is_bounded(tmp_path):
    studio = Studio.new(tmp_path / "n.toml", watch=None, debounce=0)
    for row in ("A @ spawn-east", "D(k) @ corridor", "Z @ dead-end-west"):
        studio.rooms.add_row(row)
    studio.heroes.add_row("Warrior(3)")
    studio.spells.add_row("Attack(1)")
    studio.variables.add_variable("k", "choix(1, N)")
    assert studio.choices == {"k": 0}
    studio.choice_editor.type_number("k", 0, "-1")
    assert "not in N" in studio.choice_editor.errors["k"].value and studio.choices == {"k": 0}
    studio.choice_editor.type_number("k", 0, "2")
    assert studio.choices == {"k": 2} and studio.choice_editor.errors["k"].value == ""
    for label, col in (("A1", 0), ("D1", 1), ("Z1", 2)):
        studio.maker.place(label, col, 0)
    assert studio.settle()
    verdicts = studio.panel.choice_verdicts
    assert verdicts.bounded == ("k",) and verdicts.total == 6
    assert "k over 0..5 only (a bounded range" in "\n".join(studio.panel.shown_lines)
    assert [r.text() for r in verdicts.winning] == ["k = 2", "k = 3", "k = 4", "k = 5"]


def test_a_pack_level_with_variables_opens_on_its_saved_choice_and_shows_it():
    studio = Studio(Path(__file__).resolve().parents[2] / "levels" / "arc-09-architects-exam.toml",
                    watch=None, debounce=0)
    solution = studio.draft.level.solutions[studio.solution]
    assert studio.choices == dict(solution.choices)
    picker = studio.choice_editor.pickers["k"][0]
    assert picker.value == solution.choices[0][1] and studio.choice_editor.widget.layout.display == ""


def test_read_number():
    n = Variable("n", 1, DomainKind.NATURALS)
    r = Variable("r", 1, DomainKind.REALS)
    assert read_number(n, " 3 ") == 3 and read_number(r, "-1/2") == Fraction(-1, 2) and read_number(r, "0.25") == Fraction(1, 4)
    for bad in ("1/2", "-1", "x"):
        with pytest.raises(ValueError):
            read_number(n, bad)


DOMAINS = st.sampled_from([Variable("s", 2, DomainKind.SET, (1, 2, 3)), Variable("l", 3, DomainKind.LIST, (1, 1, 2, 3)),
                           Variable("one", 1, DomainKind.LIST, (4, 5)), Variable("n", 2, DomainKind.NATURALS)])


@settings(max_examples=200, deadline=None)
@given(DOMAINS, st.lists(st.tuples(st.integers(0, 2), st.integers(0, 5)), max_size=12))
def test_any_sequence_of_picks_keeps_the_choice_legal(variable, picks):
    value = first_choice(variable)
    check_choice(variable, value)
    for index, item in picks:
        index %= variable.count
        if variable.domain is not DomainKind.NATURALS:
            item = variable.items[item % len(variable.items)]
        value = repick(variable, value, index, item)
        assert check_choice(variable, value) == value           # never outside the domain's rule
        assert (value if variable.count == 1 else value[index]) == item    # and the pick is taken


def test_a_variable_added_to_a_level_with_solutions_gives_each_solution_a_legal_choice(tmp_path):
    path = tmp_path / "app-01.toml"
    path.write_bytes((Path(__file__).resolve().parents[2] / "levels" / "app-01-first-blood.toml").read_bytes())
    studio = Studio(path, watch=None, debounce=0)
    studio.variables.add_variable("x", "choix(1, {2, 3})")
    assert studio.draft.problems == () and studio.choices == {"x": 2}
    assert all(dict(s.choices) == {"x": 2} for s in studio.draft.level.solutions)
    studio.undo()                                             # one step: the variable and the choices
    assert "variables" not in studio.draft.text and "choices" not in studio.draft.text


# --- typed fields (issue #24 item 5) ----------------------------------------------------------------

def test_near_misses_get_a_did_you_mean_under_their_field(tmp_path):
    studio = two_variables(tmp_path)
    studio.heroes.set_row(0, "Warior(3)")
    studio.spells.set_row(0, "Atack(1)")
    assert "did you mean Warrior?" in studio.heroes.faults[0].value
    assert "did you mean Attack?" in studio.spells.faults[0].value


def test_the_palette_offers_closed_choices_in_dropdowns_and_only_the_types_own_tiles(tmp_path):
    studio = two_variables(tmp_path)
    palette = studio.palette
    palette.choose_type("E")
    (elem,) = palette.param_box.children
    assert elem.description == "elem" and list(elem.options)[1:] == [("fire", "fire"), ("water", "water"),
                                                                      ("ice", "ice"), ("poison", "poison")]
    elem.value = "ice"
    assert palette.room_text() == "E(ice)"
    palette.choose_type("Z")
    shown = [card.children[1].description for card in palette.gallery.children]
    assert "default-Z" in shown and not any(n.startswith("default-") and n != "default-Z" for n in shown)
    palette.pick_tile("dead-end-west")
    palette.add_room()
    assert palette.tile is None                                         # the next room starts on no tile
    palette.pick_tile("dead-end-west")
    palette.choose_type("D")
    assert palette.tile is None                                         # another type keeps no tile

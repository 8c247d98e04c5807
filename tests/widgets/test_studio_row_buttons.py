"""The Studio's row buttons (earlier, later, remove) act on the row they sit on: each is bound to its
row's index when the rows are built (functools.partial since the mypy pass)."""

from __future__ import annotations

from tests.widgets.test_studio import corridor


def _buttons(editor, index):
    return editor.rows.children[index].children[0].children[1:]


def test_earlier_later_and_remove_buttons_act_on_their_own_row(tmp_path):
    studio = corridor(tmp_path)
    earlier, later, remove = _buttons(studio.rooms, 2)
    earlier.click()
    assert [r.label for r in studio.draft.level.rooms] == ["A1", "Z1", "D1"]
    earlier, later, remove = _buttons(studio.rooms, 0)
    later.click()
    assert [r.label for r in studio.draft.level.rooms] == ["Z1", "A1", "D1"]
    studio.constraints.add_row("dist(A1, Z1) >= 3")
    studio.constraints.add_row("dist(A1, D1) >= 1")
    (remove,) = _buttons(studio.constraints, 0)
    remove.click()
    assert studio.draft.items(("constraints",)) == ["dist(A1, D1) >= 1"]


def test_the_remove_buttons_of_variables_and_mirrors(tmp_path):
    studio = corridor(tmp_path)
    studio.variables.add_variable("x", "choix(1, {1, 2})")
    studio.variables.add_variable("y", "choix(1, {1, 2})")
    studio.variables.rows.children[0].children[0].children[2].click()
    assert [v.name for v in studio.draft.level.variables] == ["y"]
    studio.mirrors.add_mirror("M1")
    studio.mirrors.add_mirror("M2")
    studio.mirrors.mirrors.children[0].children[0].children[1].click()
    assert [m.name for m in studio.draft.level.mirrors] == ["M2"]

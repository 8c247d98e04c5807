"""Issue 32 item 4 and issue 30 item 4: the Studio frees the widgets it stops showing, an edit touches
only what it changes, and a 10,000-hero level opens with a bounded number of widgets. Counted (live
widget models, widgets constructed, trait changes), never timed."""

from __future__ import annotations

import shutil
import warnings
from pathlib import Path

import ipywidgets as w
import pytest
from hypothesis import given, settings, strategies as st

from zorglab.level.draft import Draft
from zorglab.widgets import Studio
from zorglab.widgets.studio_list import RowsEditor

REPO = Path(__file__).resolve().parents[2]
FIRST_BLOOD = REPO / "levels" / "app-01-first-blood.toml"


class _Quiet:
    """An analysis that says nothing (the panel's own widgets are not what is counted here)."""

    def lines(self) -> list[str]:
        return []


def _studio(path: Path) -> Studio:
    studio = Studio(path, watch=None, debounce=0, summarise=lambda *a, **k: _Quiet())
    studio.panel.judge = lambda *a, **k: None
    assert studio.settle()
    return studio


def live() -> int:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)      # Widget.widgets: the live models
        return len(w.Widget.widgets)


def big_level(tmp_path: Path, heroes: int) -> Path:
    path = tmp_path / f"big-{heroes}.toml"
    rows = "".join(f'  "Warrior({1 + i % 3})",\n' for i in range(heroes))
    path.write_text(f'id = "big"\ntitle = "Big"\nrooms = ["A @ spawn-east", "D(1) @ corridor", '
                    f'"Z @ dead-end-west"]\nheroes = [\n{rows}]\nspells = ["Attack(1)"]\n', encoding="utf-8")
    return path


def test_sixty_rows_added_and_removed_leave_the_live_widgets_where_they_were(tmp_path):
    shutil.copyfile(FIRST_BLOOD, tmp_path / "level.toml")
    studio = _studio(tmp_path / "level.toml")
    studio.variables.add_variable("x", "choix(1, {1, 2})")        # its pickers stay while the solution
    studio.variables.remove_variable(0)                             # still names x: built once, before
    before = live()
    for n in range(60):
        editor, text = [(studio.heroes, "Warrior(2)"), (studio.spells, "Attack(1)"), (studio.rooms, "D(1)"),
                        (studio.constraints, "dist(A1, Z1) >= 1")][n % 4]
        editor.add_row(text)
        editor.remove_row(len(studio.draft.items(editor.where)) - 1)
        if n % 10 == 0:                          # a variable and a mirror world come and go too
            studio.variables.add_variable("x", "choix(1, {1, 2})")
            studio.mirrors.add_mirror("M1")
            studio.mirrors.remove_mirror(0)
            studio.variables.remove_variable(0)
    assert studio.settle()
    assert live() <= before + 5, f"{before} live widgets before, {live()} after 60 rows added and removed"


def test_reloading_and_opening_other_levels_leave_the_live_widgets_where_they_were(tmp_path):
    shutil.copyfile(FIRST_BLOOD, tmp_path / "a.toml")
    shutil.copyfile(REPO / "levels" / "arc-01-tuning-fork.toml", tmp_path / "b.toml")
    empty = live()
    studio = _studio(tmp_path / "a.toml")
    studio.open(tmp_path / "b.toml")
    studio.open(tmp_path / "a.toml")
    before = live()
    for _ in range(5):
        studio.reload()
        studio.open(tmp_path / "b.toml")
        studio.open(tmp_path / "a.toml")
    assert studio.settle() and live() <= before + 5
    studio.close()
    assert live() <= empty + 10                  # the page closed: its widgets are gone


@pytest.fixture
def counted(monkeypatch):
    """How many widgets are constructed and how many trait changes widgets notify, while counting."""
    counts = {"built": 0, "changes": 0}
    opened, notified = w.Widget.open, w.Widget.notify_change

    def open_(self):
        counts["built"] += 1
        return opened(self)

    def notify(self, change):
        counts["changes"] += 1
        return notified(self, change)
    monkeypatch.setattr(w.Widget, "open", open_)
    monkeypatch.setattr(w.Widget, "notify_change", notify)
    return counts


def _edit_costs(studio: Studio, counts: dict[str, int]) -> list[tuple[int, int]]:
    """(widgets built, trait changes) for a field edit, an add and a remove in the middle."""
    costs = []
    middle = len(studio.draft.items(("heroes",))) // 2
    for edit in (lambda: studio.heroes.set_row(1, "Warrior(7)"), lambda: studio.heroes.add_row("Warrior(5)"),
                 lambda: studio.heroes.remove_row(min(middle, 40))):
        counts["built"] = counts["changes"] = 0
        edit()
        assert studio.settle()
        costs.append((counts["built"], counts["changes"]))
    return costs


def test_an_edit_builds_and_touches_as_many_widgets_at_1000_rows_as_at_10(tmp_path, counted):
    small = _edit_costs(_studio(big_level(tmp_path, 10)), counted)
    large = _edit_costs(_studio(big_level(tmp_path, 1_000)), counted)
    assert all(built <= 12 for built, _ in small), small           # one row at most (and its styles)
    for (built_small, changes_small), (built_large, changes_large) in zip(small, large):
        assert built_large <= built_small + 1 and changes_large <= changes_small + 12, (small, large)


def test_a_removed_row_closes_its_own_widgets_and_the_rows_after_it_keep_theirs(tmp_path):
    studio = _studio(big_level(tmp_path, 5))
    views = list(studio.heroes.views)
    studio.heroes.remove_row(1)
    assert studio.heroes.views == [views[0], *views[2:]]
    assert views[1].text.comm is None and views[1].box.comm is None        # closed
    assert [v.index for v in studio.heroes.views] == [0, 1, 2, 3]
    studio.heroes.views[1].text.value = "Warrior(9)"                        # typed into the row that moved up
    assert studio.draft.items(("heroes",))[1] == "Warrior(9)"


def test_a_10000_hero_level_opens_with_a_bounded_number_of_widgets(tmp_path, counted):
    _studio(big_level(tmp_path, 10))
    counted["built"] = 0
    _studio(big_level(tmp_path, 60))
    sixty = counted["built"]
    counted["built"] = 0
    studio = _studio(big_level(tmp_path, 10_000))
    assert counted["built"] <= sixty + 10 and len(studio.heroes.views) == RowsEditor.PAGE
    assert studio.draft.level is not None and len(studio.draft.level.heroes) == 10_000
    assert "heroes 1–50 of 10,000" in studio.heroes.pager_text.value and studio.heroes.pager.layout.display == ""


def test_the_pager_shows_more_turns_pages_and_follows_an_added_row(tmp_path):
    studio = _studio(big_level(tmp_path, 120))
    heroes = studio.heroes
    heroes.show_more()
    assert len(heroes.views) == 100 and heroes.views[99].text.value == studio.draft.items(("heroes",))[99]
    heroes.page(1)
    assert heroes.start == 100 and [v.index for v in heroes.views] == list(range(100, 120))
    heroes.views[0].text.value = "Warrior(42)"                            # the row of entry 100
    assert studio.draft.items(("heroes",))[100] == "Warrior(42)"
    heroes.page(-1)
    assert heroes.start == 0
    heroes.add_row("Warrior(8)")                                          # past the rows shown: the end shows
    assert heroes.views[-1].index == 120 and heroes.views[-1].text.value == "Warrior(8)"
    studio.undo()
    assert len(heroes.entries) == 120 and heroes.views[-1].index == 119


_OPS = st.lists(st.one_of(
    st.tuples(st.just("add"), st.integers(1, 9)), st.tuples(st.just("remove"), st.integers(0, 30)),
    st.tuples(st.just("move"), st.integers(0, 30), st.sampled_from([-1, 1])),
    st.tuples(st.just("set"), st.integers(0, 30), st.integers(1, 9)),
    st.tuples(st.just("page"), st.sampled_from([-1, 1])), st.tuples(st.just("more"))), max_size=25)


@settings(max_examples=60, deadline=None)
@given(start=st.integers(0, 12), ops=_OPS)
def test_the_rows_built_always_show_the_entries_they_stand_for(start, ops):
    """Whatever the edits and page turns, each row built shows the entry its index names, the rows are
    the window's entries in order, and no more rows are built than the window holds."""
    draft = Draft(f'id = "x"\nheroes = [{", ".join(f"{chr(34)}Warrior({i % 9 + 1}){chr(34)}" for i in range(start))}]\n')

    def edit(change, _what):
        change(draft)
        editor.refresh(draft)
    editor = RowsEditor("heroes", ("heroes",), edit)
    editor.limit = 3
    editor.refresh(draft)
    for op in ops:
        count = len(draft.items(("heroes",)))
        if op[0] == "add":
            editor.add_row(f"Warrior({op[1]})")
        elif op[0] in ("remove", "move", "set") and count:
            index = op[1] % count
            {"remove": lambda: editor.remove_row(index), "move": lambda: editor.move_row(index, op[-1]),
             "set": lambda: editor.set_row(index, f"Warrior({op[-1]})")}[op[0]]()
        elif op[0] == "page":
            editor.page(op[1])
        elif op[0] == "more":
            editor.show_more()
        items = draft.items(("heroes",))
        assert len(editor.views) == min(editor.limit, len(items) - editor.start) if items else not editor.views
        assert [v.index for v in editor.views] == list(range(editor.start, editor.start + len(editor.views)))
        assert [v.text.value for v in editor.views] == items[editor.start:editor.start + len(editor.views)]
        assert editor.rows.children == tuple(v.box for v in editor.views)
    editor.close()

"""Issue 30 item 4 / issue 32 item 4: a Studio edit costs what changed. The draft still reads the whole
level with the loader (one source of truth for every message), but each entry's notation is parsed by the
grammar once per text: an edit of one row of a 1,000-row level parses that row alone. Counted, not timed."""

from __future__ import annotations

from zorglab.level import notation
from zorglab.level.draft import Draft

START = next(iter(notation.START_SYMBOLS))


def big_level(rows: int) -> str:
    heroes = "".join(f'  "Warrior({i + 1})",\n' for i in range(rows))
    return f'id = "big"\nrooms = ["A", "D(1)", "Z"]\nheroes = [\n{heroes}]\nspells = ["Attack(1)"]\n'


def test_an_edit_of_one_row_parses_that_row_alone() -> None:
    draft = Draft(big_level(1_000), "big.toml", "digest")
    before = notation._tree.cache_info().misses
    draft.set_item(("heroes",), 500, "Warrior(123456)")
    assert notation._tree.cache_info().misses - before == 1
    assert draft.level is not None and draft.level.heroes[500].args == (123456,)
    assert draft.faults() == []


def where(draft: Draft, text: str) -> tuple[int, int]:
    lines = draft.text.splitlines()
    line = next(n for n, body in enumerate(lines, start=1) if "Warrior(" + text in body)
    return line, lines[line - 1].index(text) + 1


def test_a_fault_in_a_cached_entry_is_located_where_it_now_stands() -> None:
    draft = Draft(big_level(3), "big.toml", "digest")
    draft.set_item(("heroes",), 1, "Warrior(0)")
    (problem,) = draft.check.problems
    assert (problem.location.line, problem.location.col) == where(draft, "0)")
    draft.set_items(("heroes",), ["Warrior(7)", "Warrior(8)", "Warrior(1)", "Warrior(0)"])   # it moves down
    (moved,) = draft.check.problems
    assert moved.message == problem.message.replace("Warrior2", "Warrior4")     # its label moved with it
    assert (moved.location.line, moved.location.col) == where(draft, "0)") != \
        (problem.location.line, problem.location.col)


def test_long_texts_are_not_kept() -> None:
    text = "Warrior(" + "1" * 999 + ")"
    before = notation._tree.cache_info().currsize
    notation.parse_syntax(text, START)
    assert notation._tree.cache_info().currsize == before

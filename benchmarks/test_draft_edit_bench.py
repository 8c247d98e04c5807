"""The Studio's edit time by level size (issue 30 item 4): one row of a 10-, 100- and 1,000-hero level
changed in the draft (:meth:`zorglab.level.draft.Draft.set_item`), the whole level then read again by
the loader. Each notation text is parsed by the grammar once, so the edit costs about what changed."""

from __future__ import annotations

import itertools

import pytest

from zorglab.level.draft import Draft


def level(rows: int) -> str:
    heroes = "".join(f'  "Warrior({i + 1})",\n' for i in range(rows))
    return f'id = "big"\nrooms = ["A", "D(1)", "Z"]\nheroes = [\n{heroes}]\nspells = ["Attack(1)"]\n'


@pytest.mark.parametrize("rows", [10, 100, 1_000])
def test_draft_edit(benchmark, rows):
    draft = Draft(level(rows), "big.toml", "digest")
    values = itertools.count(100_000)
    benchmark.pedantic(lambda: draft.set_item(("heroes",), rows // 2, f"Warrior({next(values)})"),
                       rounds=5, iterations=1)
    benchmark.extra_info["rows"] = rows
    assert draft.level is not None

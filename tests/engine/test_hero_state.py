"""A hero's state is declared once (issue 29 item 1): ``HeroState``'s fields make the scratch.

The resolution's mutable copy takes its slots, unpacking and freeze from ``HeroState._fields``;
its annotations (what the type checker reads) must name the same fields with the same types, and a
round trip through it must give the state back for any field values.
"""

from __future__ import annotations

import typing

from hypothesis import given, strategies as st

from zorglab.engine import hero_scratch, state
from zorglab.engine.marks import mark_of, with_mark
from zorglab.engine.hero_scratch import HeroScratch
from zorglab.engine.state import FIELDS, HeroState, hero_key


def test_the_scratch_has_every_field_with_the_same_type():
    ours = typing.get_type_hints(HeroScratch, vars(hero_scratch))
    theirs = typing.get_type_hints(HeroState, vars(state))
    assert set(FIELDS) <= set(HeroScratch.__slots__)
    assert {name: ours[name] for name in FIELDS} == {name: theirs[name] for name in FIELDS}


values = st.one_of(st.integers(), st.text(max_size=3), st.tuples(st.integers()))


@given(st.lists(values, min_size=len(FIELDS), max_size=len(FIELDS)))
def test_a_round_trip_through_the_scratch_keeps_every_field(items):
    hero = HeroState(*items)
    assert HeroScratch(0, "H", hero).freeze() == hero


def test_the_key_reads_the_marks_and_leaves_the_tick_of_death_out():
    hero = HeroState("Warrior", (3,), 3, pos=(0, (2, 2)), history=((0, (2, 2)),))
    frozen = hero.replace(marks=with_mark((), "frozen", 2))
    assert hero_key(hero, 1) != hero_key(frozen, 1)
    assert hero_key(hero, 1) == hero_key(hero.replace(died_at=7), 1)
    assert hero_key(hero, 1, entries=False) == hero_key(hero.replace(entries=((0, 1),)), 1, entries=False)


def test_marks_stay_sorted_and_drop_false_values():
    marks = with_mark(with_mark((), "zeal", 1), "asleep", True)
    assert [name for name, _ in marks] == ["asleep", "zeal"]
    assert mark_of(with_mark(marks, "zeal", 0), "zeal") is None

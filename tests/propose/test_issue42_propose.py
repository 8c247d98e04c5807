"""Issue 42 item 4: propose levels that teach.

- a level needs at least one cast unless the brief says otherwise (the portal brief
  ``--room "P(1, [2])" --seed 11`` offered three levels won with no cast at all);
- ``types_matter``: every hero that is not a Warrior must matter (a Warrior of the same HP in its
  place changes the level), judged like a pinned hero;
- variety: a candidate playing a trick already offered waits while candidates with new tricks remain.
"""

from __future__ import annotations

import pytest

from zorglab.propose import Brief, Span, propose
from zorglab.propose.draft import Draft
from zorglab.propose.interest import Interest, Pin
from zorglab.propose.prove import Candidate, interest_misses, prove
from zorglab.propose.rank import rank, trick


def test_the_portal_brief_offers_no_level_won_without_a_cast():
    answer = propose(Brief(rooms=("P(1, [2])",)), seed=11, count=3, tries=200, max_seconds=None)
    assert answer.offered, answer.message()
    assert all(c.figures["fewest_spells"] >= 1 and c.witness for c in answer.offered)
    dull = [c for c in answer.tried if c.verdict == "solvable" and c.figures.get("fewest_spells") == 0]
    assert dull and all("won with no cast at all" in c.misses[0] for c in dull)
    # asked for, a level that needs no cast may still be offered
    assert Brief(rooms=("P(1, [2])",), fewest_spells=0).spells_needed == Span(0, 0)


def test_the_brief_says_at_least_one_cast():
    brief = Brief()
    assert brief.spells_needed == Span(1, None) and "at least one cast" in brief.describe()
    assert Brief(fewest_spells="2-3").spells_needed == Span(2, 3)
    assert "no spell is pinned or allowed" in Brief(spell_types=()).impossible()
    assert Brief(spell_types=(), fewest_spells=0).impossible() is None


def test_a_hero_whose_type_does_not_matter_is_a_miss():
    elf = Pin("hero", "Elf1", "Elf(3, {})", False, "a Warrior of its HP: still won by the witness")
    found = Interest(pins=(elf,), spawn_kill=False)
    assert interest_misses(Brief(hero_types=("Elf",), pins_matter=False), found) == ()
    said = interest_misses(Brief(hero_types=("Elf",), pins_matter=False, types_matter=True), found)
    assert said == ("hero Elf(3, {}): its type does not matter, a Warrior of its HP does alike "
                    "(a Warrior of its HP: still won by the witness)",)
    assert "each hero type matters" in Brief(types_matter=True).describe()


def test_types_matter_judges_every_hero_not_a_warrior():
    brief = Brief(hero_types=("Elf", "Warrior"), room_types=("D", "E"), types_matter=True, pins_matter=False)
    judged = 0
    for index in range(40):
        candidate = prove(brief, 3, index)
        if candidate.interest is None or candidate.draft is None:
            continue
        elves = [h for h in candidate.draft.heroes if h.startswith("Elf")]
        assert len([p for p in candidate.interest.pins if p.kind == "hero"]) == len(elves)
        for pin in candidate.interest.pins:
            assert pin.text.startswith("Elf")
            assert (pin.matters is True) or any(pin.text in m for m in candidate.misses)
        judged += bool(elves)
    assert judged


def _candidate(index: int, rooms: tuple[str, ...], witness: tuple[str, ...], distance: float = 0.0,
               heroes: tuple[str, ...] = ("Elf(3, {})",)) -> Candidate:
    draft = Draft(index, ("A @ spawn-east", *rooms, "Z @ dead-end-west"), heroes, ("Sleep", "Attack(1)"),
                  tuple((0, k) for k in range(len(rooms) + 2)))
    return Candidate(index, 0, draft, "solvable", witness=witness, distance=distance,
                     figures={"distinct_cast_lists": 1})


def test_variety_offers_a_new_trick_before_a_trick_again():
    first = _candidate(0, ("D(1) @ corridor",), ("@1 Sleep() on Elf1",))
    again = _candidate(1, ("E(fire) @ fire-corridor", "D(2) @ corridor", "T(1, ice) @ toll-gate"),
                       ("@3 Sleep() on Elf1",), heroes=("Elf(5, {fire})", "Warrior(2)", "Warrior(4)"))
    other = _candidate(2, ("O(1) @ corridor",), ("@4 Attack(1)",), distance=1.0)
    assert trick(first) == trick(again) == ("Sleep on Elf",)
    assert rank([first, again, other], 2) == [first, other]          # before: [first, again]
    assert rank([first, again, other], 3) == [first, other, again]    # a trick again only when none is new


@pytest.mark.parametrize("field", ["types_matter"])
def test_the_cli_takes_types_matter(field, capsys):
    from zorglab.cli.main import main
    code = main(["propose", "--hero-types", "Elf", "--types-matter", "--no-pins-matter", "--count", "1",
                 "--tries", "5", "--seed", "1", "--json", "-q"])
    assert code in (0, 1)
    import json
    assert json.loads(capsys.readouterr().out)["brief"][field] is True

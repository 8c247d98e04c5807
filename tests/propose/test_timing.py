"""Issue 42 item 4: timing puzzles between heroes (``Brief.timing``, ``--timing``).

A timing puzzle: every winning run has a casting point where two living heroes stand on the board
together (one held back, say asleep, while the next catches up), and the run without casts never has
one. The two-Warrior timing brief (D and O rooms, Attack and Sleep) gave nothing before: the brief had
no such target and the drafts were not made for it.
"""

from __future__ import annotations

import json

import pytest

from zorglab.cli.main import main
from zorglab.core.model import Outcome
from zorglab.engine.game import setup
from zorglab.engine.run import run_world
from zorglab.errors import OptionError
from zorglab.level.parse import parse_cast, parse_spell
from zorglab.propose import Brief, Span, propose
from zorglab.propose.draft import Draft, make_draft
from zorglab.propose.interest import interest
from zorglab.propose.prove import brief_interest, draft_layout, draft_level, interest_misses

TIMING = Brief(room_types=("D", "O"), hero_types=("Warrior",), hero_count=Span(2, 2),
               spell_types=("Attack", "Sleep"), timing=True)
DRAFTS = 12             # seed 1 offers its first candidate at draft 4 (docs/levels.md)

# Hand-made levels (as drafts: the loader checks them like any draft)
ROW = ((0, 0), (1, 0), (2, 0))
GOLD = Draft(0, ("A @ spawn-east", "O(3) @ corner-north-west", "D(2) @ corner-south-east", "Z @ dead-end-west"),
             ("Warrior(3)", "Warrior(3)"), ("Sleep", "Attack(1)"), ((0, 0), (1, 0), (1, -1), (2, -1)))
ONE_AFTER_THE_OTHER = Draft(0, ("A @ spawn-east", "D(2) @ corridor-east-west", "Z @ dead-end-west"),
                            ("Warrior(3)", "Warrior(3)"), ("Attack(1)", "Attack(1)"), ROW)
STUCK_AT_THE_TOLL = Draft(0, ("A @ spawn-east", "T(1, fire) @ toll-gate", "Z @ dead-end-west"),
                          ("Warrior(2)", "Warrior(2)"), ("Attack(2)",), ROW)
MEET_AT_SPAWN = Draft(0, ("A @ spawn-east", "D(2) @ corridor-east-west", "Z @ dead-end-west"),
                      ("Warrior(3)", "Warrior(3)"), ("Sleep", "Attack(1)"), ROW)


def _judged(draft: Draft, brief: Brief = TIMING):
    level = draft_level(draft)
    found = brief_interest(brief, level, draft_layout(level, draft))
    return found, interest_misses(brief, found)


def _together_in_replay(draft: Draft, witness: tuple[str, ...]) -> bool:
    """Replayed by the engine, does the witness's run have two living heroes on the board at once?"""
    level = draft_level(draft)
    world = setup(level, draft_layout(level, draft)).world()
    casts = [parse_cast(text, level) for text in witness]
    result = run_world(world, casts, keep_states=True, strict=True)
    assert result.outcome is Outcome.WIN
    return any(sum(1 for h in state.heroes if h.alive and h.on_board) >= 2 for state in result.states)


def test_the_two_warrior_timing_brief_offers_a_candidate_within_a_few_drafts():
    answer = propose(TIMING, seed=1, count=1, tries=DRAFTS, max_seconds=None)
    assert answer.offered, answer.message()
    assert answer.offered[0].index < DRAFTS


def test_every_candidate_of_a_timing_brief_has_the_timing():
    answer = propose(TIMING, seed=3, count=3, tries=40, max_seconds=None)
    assert len(answer.offered) >= 2, answer.message()
    for candidate in answer.offered:
        assert candidate.draft is not None and candidate.interest is not None
        assert candidate.figures["timing"] is True and candidate.figures["spawn_kill"] is False
        # proved again from the level alone, and the witness replayed by the engine meets
        level = draft_level(candidate.draft)
        again = interest(level, draft_layout(level, candidate.draft), timing=True)
        assert again.timing is True and again.meet is True and again.meet_free is False
        assert _together_in_replay(candidate.draft, candidate.witness)
        assert any(line.startswith("timing between heroes: yes") for line in candidate.interest.lines())
    # a draft that missed it says why
    refused = [m for c in answer.tried for m in c.misses if "timing" in m]
    assert all(m.startswith("no timing between heroes") for m in refused)


def test_a_fallen_heros_gold_makes_the_meeting_place_matter():
    found, misses = _judged(GOLD)
    assert (found.meet, found.meet_free, found.timing, found.spawn_kill) == (True, False, True, False)
    assert misses == ()
    # struck at the spawn together, the first falls in the D room with its gold and spares the second
    level = draft_level(GOLD)
    game_world = setup(level, draft_layout(level, GOLD)).world()
    early = run_world(game_world, [parse_cast("@1 Sleep() on Warrior1", level), parse_cast("@2 Attack(1)", level)])
    assert early.outcome is not Outcome.WIN
    # the window: the second hero has taken the gold and not yet reached the D room (docs/levels.md)
    wins = [tick for tick in range(2, 30) if run_world(game_world, [
        parse_cast("@1 Sleep() on Warrior1", level), parse_cast(f"@{tick} Attack(1)", level)]).outcome is Outcome.WIN]
    assert wins == [5, 6, 7, 8, 9]


def test_a_level_won_one_hero_after_the_other_is_refused():
    found, misses = _judged(ONE_AFTER_THE_OTHER)
    assert found.meet is False and found.timing is False
    assert "no timing between heroes: a win takes them one after the other" in misses


def test_a_level_whose_heroes_meet_without_a_cast_is_refused():
    found, misses = _judged(STUCK_AT_THE_TOLL)     # the first Warrior has no gold for the toll: stuck
    assert found.meet is True and found.meet_free is True and found.timing is False
    assert "no timing between heroes: the run without casts already brings two together" in misses


def test_a_meeting_at_the_spawn_is_a_spawn_kill():
    found, misses = _judged(MEET_AT_SPAWN)
    assert found.timing is True and found.spawn_kill is True
    assert any(m.startswith("a spawn kill") for m in misses)
    assert _judged(MEET_AT_SPAWN, TIMING.replace(pins_matter=False))[1] == ()


def test_timing_is_not_judged_unless_asked():
    level = draft_level(GOLD)
    found = interest(level, draft_layout(level, GOLD))
    assert found.timing is None and "timing" not in found.figures()
    assert not any("timing" in line for line in found.lines())


def test_timing_drafts_hold_two_heroes_a_pause_and_a_strike():
    for index in range(30):
        draft = make_draft(TIMING, 5, index)
        if draft is None:
            continue
        assert len(draft.heroes) >= 2
        types = {parse_spell(text).type for text in draft.spells}
        assert {"Sleep", "Attack"} <= types
        assert any(room.startswith("O(") for room in draft.rooms)
    three = TIMING.replace(hero_count=Span(1, 3))
    assert all(len(d.heroes) >= 2 for d in (make_draft(three, 5, i) for i in range(30)) if d is not None)


def test_the_brief_checks_timing():
    assert "timing between heroes" in TIMING.describe()
    assert "timing between heroes" not in Brief().describe()
    assert "two heroes at least" in Brief(timing=True, hero_count=1).impossible()
    assert "casts nothing" in Brief(timing=True, hero_count=2, fewest_spells=0).impossible()
    assert Brief(timing=True, hero_count="1-2").impossible() is None
    with pytest.raises(OptionError, match="timing"):
        Brief(timing="yes")                                   # type: ignore[arg-type]


def test_a_timing_brief_without_a_gold_room_says_what_to_allow():
    answer = propose(TIMING.replace(room_types=("D",)), seed=1, count=1, tries=6, max_seconds=None)
    assert not answer.offered
    assert "allow a room holding gold (--room-types D,O" in answer.message()


def test_the_cli_takes_timing(capsys):
    code = main(["propose", "--hero-types", "Warrior", "--hero-count", "2", "--room-types", "D,O",
                 "--spell-types", "Attack,Sleep", "--timing", "--seed", "1", "--count", "1",
                 "--tries", str(DRAFTS), "--json", "--quiet"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["brief"]["timing"] is True
    assert out["candidates"] and out["candidates"][0]["figures"]["timing"] is True
    assert any(line.startswith("timing between heroes: yes") for line in out["candidates"][0]["interest"])


def test_a_timing_brief_with_pinned_warriors_says_how_to_draw_them():
    brief = TIMING.replace(heroes=("Warrior(3)", "Warrior(3)"))
    answer = propose(brief, seed=1, count=1, tries=12, max_seconds=None)
    assert not answer.offered
    assert "a pinned hero must matter by its type" in answer.message()
    assert "a pinned hero must matter" not in propose(brief.replace(timing=False), seed=1, count=1, tries=12,
                                                      max_seconds=None).message()


def test_a_brief_file_asks_timing(tmp_path, capsys):
    path = tmp_path / "brief.toml"
    path.write_text('hero_types = ["Warrior"]\nhero_count = "2"\nspell_types = ["Attack", "Sleep"]\n'
                    'room_types = ["D", "O"]\ntiming = true\n')
    code = main(["propose", "--brief", str(path), "--seed", "3", "--count", "1", "--tries", "1", "--json", "--quiet"])
    out = json.loads(capsys.readouterr().out)          # seed 3's draft 0 is a timing puzzle
    assert code == 0 and out["brief"]["timing"] is True and out["candidates"][0]["figures"]["timing"] is True


def test_a_room_move_holds_a_hero_back_too():
    brief = TIMING.replace(spell_types=("Attack", "Move", "Swap"))
    for index in range(20):
        draft = make_draft(brief, 0, index)
        if draft is not None:
            types = [parse_spell(text).type for text in draft.spells]
            assert "Attack" in types and ("Move" in types or "Swap" in types)
    answer = propose(brief, seed=0, count=1, tries=8, max_seconds=None)
    assert answer.offered, answer.message()
    first = answer.offered[0]
    assert first.figures["timing"] is True and first.draft is not None
    assert _together_in_replay(first.draft, first.witness)


def test_the_propose_panel_asks_and_shows_timing():
    from zorglab.widgets.propose import ProposePanel
    panel = ProposePanel(brief=TIMING, seed=1, count=1, tries=DRAFTS, max_seconds=60)
    assert panel.brief() == TIMING and panel.timing.value is True
    panel.timing.value = False
    assert panel.brief().timing is False
    panel.timing.value = True
    panel.run()
    assert panel.proposal is not None and panel.proposal.offered
    figures = panel.cards.children[0].children[1].value
    assert "timing between heroes" in figures and "yes (every win has two living heroes" in figures

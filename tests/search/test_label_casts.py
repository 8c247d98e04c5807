"""Issue 31: a cast naming a spell by its label casts exactly that spell, and the search tells
identical spells apart where a constraint or bonus reads one of them by label (``unused(a)``)."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import zorglab
from zorglab.core.printer import format_cast
from zorglab.engine import events as ev
from zorglab.engine.run import run_world
from zorglab.level.parse import parse_cast
from zorglab.widgets.live.summary import summarise
from zorglab.search.casts import CastBook
from zorglab.search.level import read_spells
from zorglab.search.solver import SOLVABLE, UNSOLVABLE, Search, all_dead

from randomlevels import small_worlds
from test_solver_properties import brute_force

LEVEL = '''id = "spell-label-cast"
rooms = ["A @ spawn-east", "Z @ dead-end-west"]
heroes = ["Warrior(1)"]
spells = ["a = Attack(1)", "b = Attack(1)"]
constraints = ["unused(a)"]

[[solutions]]
map = "A Z"
casts = ["@1 b"]
expect = "win"
'''


@pytest.fixture
def level_file(tmp_path):
    path = tmp_path / "spell-label-cast.toml"
    path.write_text(LEVEL)
    return path


def _cast_spells(run):
    return [e.spell for w in run.worlds for e in w.result.events if isinstance(e, ev.Cast)]


def test_a_cast_naming_a_label_casts_that_very_spell(level_file):
    level = zorglab.load_level(level_file)
    run = zorglab.play_solution(level, 0)
    assert run.outcome.value == "win"
    assert _cast_spells(run) == ["b"]


def test_a_cast_by_type_takes_the_first_unused_spell(level_file):
    level = zorglab.load_level(level_file)
    run = zorglab.play(level, ["@1 Attack(1)"])
    assert _cast_spells(run) == ["a"] and run.outcome.value == "stall"     # unused(a) fails
    assert _cast_spells(zorglab.play(level, ["@1 b", "@1 Attack(1)"])) == ["b", "a"]


def test_a_spent_label_is_refused_with_its_position(level_file):
    level = zorglab.load_level(level_file)
    run = zorglab.play(level, ["@1 b", "@1 b"])
    refused = run.worlds[0].result.refused
    assert len(refused) == 1 and "b was already cast" in refused[0].reason
    path = level_file.parent / "twice.toml"
    path.write_text(LEVEL.replace('casts = ["@1 b"]', 'casts = ["@1 b", "@1 b"]'))
    out = subprocess.run([sys.executable, "-m", "zorglab.cli.main", "play", str(path), "--solution", "0"],
                         capture_output=True, text=True).stdout
    assert f"{path}:9:19: refused: @1 b: b was already cast" in out


def test_solve_finds_the_win_and_its_witness_replays(level_file):
    level = zorglab.load_level(level_file)
    verdict = zorglab.solve(level)
    assert verdict.verdict == SOLVABLE
    texts = verdict.worlds[0][1].cast_texts()
    assert len(texts) == 1 and texts[0].endswith(" b"), texts
    assert zorglab.play(level, texts).outcome.value == "win", "the witness's text replays to the same run"


def test_the_studio_says_solvable(level_file):
    summary = summarise(level_file, seconds=None)
    assert summary.verdict == SOLVABLE and summary.fewest_spells == 1 and summary.cast_lists > 0


def test_identical_spells_no_condition_reads_are_tried_once(level_file):
    level = zorglab.load_level(level_file)
    assert read_spells(level.constraints) == frozenset({"a"})
    world = zorglab.setup(level).world("M")
    alike = CastBook().offered(world, (True, True))
    assert [(call.type, call.label) for _, call in alike] == [("Attack", None)], "told apart nowhere: one cast, by type"
    apart = CastBook(frozenset({"a"})).offered(world, (True, True))
    assert [call.label for _, call in apart] == ["a", "b"]


def test_the_printed_label_reads_back_as_the_same_cast(level_file):
    level = zorglab.load_level(level_file)
    cast = parse_cast("@1 b", level)
    assert cast.spell.label == "b" and format_cast(cast) == "@1 b"
    assert parse_cast("@1 Attack(1)", level).spell.label is None, "by type: the first unused one"
    unique = zorglab.load_level_text(LEVEL.replace('"b = Attack(1)"', '"b = Attack(2)"'))
    assert parse_cast("@1 b", unique).spell.label is None, "a label naming one spell alone reads as its type"


SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(small_worlds(max_spells=2, twin=True), st.data())
def test_told_apart_spells_agree_with_brute_force(world, data):
    """Random levels with two identical labelled spells and ``unused(...)`` conditions on some of
    their spells: the search, telling apart just the spells read, against brute force trying
    every spell by its label."""
    labels = [spell.label for spell in world.spells]
    wanted = data.draw(st.dictionaries(st.sampled_from(labels), st.booleans(), min_size=1))
    index = {label: i for i, label in enumerate(labels)}

    def wins(state):
        return all_dead(world, state) and all(state.spells_left[index[s]] == unused for s, unused in wanted.items())

    truth = brute_force(world, wins=wins, book=CastBook(None))
    for fewest in (True, False):
        search = Search(world, wins=wins, reads_unused=True, told_apart=frozenset(wanted), fewest=fewest)
        verdict = search.run(max_states=50_000)
        assert verdict.verdict in (SOLVABLE, UNSOLVABLE)
        assert (verdict.verdict == SOLVABLE) == truth, (wanted, fewest)
        if verdict.verdict == SOLVABLE:
            replay = run_world(world, verdict.casts, strict=True)
            assert wins(replay.state), "the witness replays to a winning end"

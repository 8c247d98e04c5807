"""The Studio's live analysis: the panel's figures, their agreement with the difficulty report and
the solver, budgets named, cancellation looked at every few states, and never a raise on a bad level."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zorglab.engine.game import play, setup
from zorglab.engine.layout import Layout
from zorglab.level import level_files, load_level
from zorglab.level.loader import check_level_text
from zorglab.core.model import Outcome
from zorglab.reports import Budget, difficulty_row
from zorglab.widgets.live import setup_figures as live_setup, survey as live_survey
from zorglab.widgets.live.summary import LevelSummary, summarise, summarise_text
from zorglab.widgets.live.survey import forget_surveys
from zorglab.search.family import SLOTS, family_level
from zorglab.search.layouts import constructions
from zorglab.search.level import solve_setup

ROOT = Path(__file__).resolve().parents[2]
LEVELS = ROOT / "levels"
ROW = Layout.from_slots({"A1": (0, 0), "D1": (1, 0), "Z1": (2, 0)})


def starved() -> "callable":
    """A clock 100 CPU s further on at every look: the safety stop strikes at the first look."""
    ticks = iter(range(0, 10**12, 100))
    return lambda: next(ticks)


def studio_level(spell: str = "Attack(1)", extra: str = "") -> str:
    """The level of the Studio's browser test: A, D(1), Z, one Warrior(3) and one spell."""
    return (f'id = "studio-demo"\nrooms = ["A @ spawn-east", "D(1) @ corridor", "Z @ dead-end-west"]\n'
            f'heroes = ["Warrior(3)"]\nspells = ["{spell}"]\n{extra}')


def text_summary(text: str, layout: Layout | None = ROW, **options) -> LevelSummary:
    return summarise_text(text, LEVELS / "studio-demo.toml", layout, **options)


@pytest.fixture(autouse=True)
def cold():
    forget_surveys()
    yield
    forget_surveys()


def test_attack_one_is_not_enough_and_attack_two_wins():
    # D(1) leaves the Warrior 2 HP: Attack(1) cannot finish it, Attack(2) can (the solver's witness).
    weak = text_summary(studio_level("Attack(1)"))
    assert (weak.problems, weak.layout_verdict, weak.witness) == ((), "unsolvable", None)
    assert ("this layout: unsolvable — no cast sequence can kill Warrior1: it has 3 HP, but the spells can take at "
            "most 1 (Attack1: 1) and the rooms of its own walk at most 1, bent every way the spells allow — 2 < 3"
            in weak.lines()), "the reason, in the designer's words (issue 25)"
    strong = text_summary(studio_level("Attack(2)"))
    assert strong.layout_verdict == "solvable" and len(strong.witness) == 1
    assert strong.witness[0].endswith("Attack(2)")
    game = setup(check_level_text(studio_level("Attack(2)")).level, ROW)
    assert play(game, strong.witness_casts).outcome is Outcome.WIN
    assert (strong.layout_spells, strong.necessary_spells, strong.fewest_spells) == (1, ("Attack1",), 1)
    assert (strong.layouts_tried, strong.layouts_winning, strong.layouts_complete) == (1, 1, True)
    assert strong.cast_lists_known and strong.cast_lists >= 1
    assert strong.budget == "" and not strong.cancelled


def test_the_verdict_is_handed_over_before_the_survey():
    seen: list[LevelSummary] = []
    final = text_summary(studio_level("Attack(2)"), on_verdict=seen.append)
    (early,) = seen
    assert (early.layout_verdict, early.witness, early.necessary_spells) == ("solvable", final.witness, ("Attack1",))
    assert early.survey_pending and early.layouts_tried == 0 and "layouts: being surveyed" in early.lines()
    assert not final.survey_pending and final.layouts_tried == 1


def test_an_invalid_layout_says_every_violation():
    summary = text_summary(studio_level("Attack(2)"), Layout.from_slots({"A1": (0, 0), "D1": (0, 1)}))
    assert summary.layout_verdict == "invalid"
    assert any("Z1 is not placed" in p for p in summary.layout_problems)
    assert summary.figures_for == "" and summary.witness is None
    assert summary.layouts_winning == 1          # the survey does not need the current layout


@pytest.mark.parametrize("text", [
    'id = "x"\nrooms = ["A", "Q"]\n',
    'id = "x"\nrooms = ["A", "Z"\n',
    studio_level("Attack(2"),
    'id = "x"\nrooms = ["A", "Z"]\nheroes = ["Warrior(3)"]\n[[solutions]]\nmap = "A1 Q9"\n',
])
def test_a_bad_level_is_problems_in_the_loaders_words_never_a_raise(text):
    summary = text_summary(text)
    expected = tuple(str(p) for p in check_level_text(text, str(LEVELS / "studio-demo.toml")).problems)
    assert summary.problems == expected and expected
    assert summary.layout_verdict is None and summary.layouts_tried == 0 and not summary.cancelled
    assert summary.lines()[1:1 + len(expected)] == [f"  {p}" for p in expected]


def test_a_solution_that_no_longer_replays_to_its_expect_is_a_problem():
    text = studio_level("Attack(1)", '[[solutions]]\nmap = "A1 D1 Z1"\ncasts = ["@3 Attack(1)"]\nexpect = "win"\n')
    summary = text_summary(text)
    assert len(summary.problems) == 1
    assert "solution 0 expects a win, but its replay ends in a" in summary.problems[0]
    assert summary.problems[0].startswith(str(LEVELS / "studio-demo.toml") + ":5:")


def test_a_solution_the_engine_cannot_replay_is_a_problem_not_a_raise(monkeypatch):
    from zorglab.errors import PlanningLimitError

    def too_big(*args, **kwargs):
        raise PlanningLimitError("Warrior1's plan space is larger than 200000 states")

    monkeypatch.setattr(live_setup, "play", too_big)
    text = studio_level("Attack(2)", '[[solutions]]\nmap = "A1 D1 Z1"\ncasts = ["@3 Attack(2)"]\nexpect = "win"\n')
    summary = text_summary(text)
    assert summary.problems == (f"{LEVELS / 'studio-demo.toml'}:5:1: solution 0 does not replay: Warrior1's plan "
                                "space is larger than 200000 states",)
    assert summary.layout_verdict == "solvable" and summary.layouts_tried == 1


def test_a_contract_missing_from_contracts_toml_is_a_problem(tmp_path):
    (tmp_path / "contracts.toml").write_text('[[contracts]]\nname = "apprentice"\ntitle = "A"\ncost = 0\n'
                                              'order = 1\nlevels = ["studio-demo"]\n')
    (tmp_path / "tiles.toml").write_text((LEVELS / "tiles.toml").read_text())
    text = 'contract = "aprentice"\n' + studio_level("Attack(2)")
    summary = summarise_text(text, tmp_path / "demo.toml", ROW)
    assert summary.problems == (f"{tmp_path / 'demo.toml'}: contract 'aprentice' is not in "
                                f"{(tmp_path / 'contracts.toml').resolve()}; did you mean 'apprentice'?",)
    assert summarise_text(text.replace("aprentice", "apprentice"), tmp_path / "demo.toml", ROW).problems == ()


def test_no_layout_takes_the_reports_reference_setup():
    level = load_level(LEVELS / "app-03-second-wave.toml")
    summary = summarise(level, seconds=None)
    assert summary.layout_verdict is None and summary.figures_for == "solution 2's layout"
    assert summary.layout_spells == 1


@pytest.mark.parametrize("name", ["app-03-second-wave", "arc-08-mirror-mirror", "spl-04-quarantine",
                                  "tre-05-the-collector", "cou-05-her-majestys-pull", "spl-07-hand-picked"])
def test_figures_equal_the_difficulty_report(name):
    level = load_level(LEVELS / f"{name}.toml")
    row = difficulty_row(level, Budget(level_seconds=None, layout_seconds=None, layout_limit=5_000))
    summary = summarise(level, seconds=None)
    figures = summary.difficulty
    for column in ("rooms", "heroes", "spells", "worlds", "constraints", "bonuses", "states", "winning_layouts",
                   "layouts_tried"):
        assert figures[column] == row[column], column
    if row["verdict"] == "solvable":
        assert summary.layout_spells == row["fewest_spells"] == figures["fewest_spells"]
        assert " ".join(summary.necessary_spells) == row["necessary"]
        assert (summary.cast_lists, summary.cast_lists_capped) == (row["winning_cast_lists"], row["cast_lists_capped"])
        assert (figures["forced_points"], figures["explored_states"]) == (row["forced_points"], row["explored_states"])


def test_a_spent_state_budget_is_named():
    summary = text_summary(studio_level("Attack(2)"), max_states=1)
    assert summary.layout_verdict == "unknown"
    assert summary.reason == "state budget of 1 spent"
    assert "this layout: state budget of 1 spent" in summary.budget
    assert summary.lines()[1] == "this layout: unknown — state budget of 1 spent"


STRUCK = "safety stop of 1 CPU s struck: not finished"


def test_a_struck_safety_stop_is_named_not_finished_and_nothing_raises():
    summary = text_summary(studio_level("Attack(2)"), seconds=1, clock=starved())
    assert summary.layout_verdict == "unknown" and summary.reason == STRUCK
    assert f"layouts: {STRUCK}" in summary.budget and not summary.layouts_complete


def test_solutions_left_unreplayed_by_the_safety_stop_are_named():
    summary = summarise(load_level(LEVELS / "app-03-second-wave.toml"), seconds=1, clock=starved())
    assert f"solutions 0..2 not replayed: {STRUCK}" in summary.budget


def test_a_solutions_setup_is_planned_once_for_its_replay_and_its_search(monkeypatch):
    made = []
    real = live_setup.setup
    monkeypatch.setattr(live_setup, "setup", lambda *args, **kw: made.append(args) or real(*args, **kw))
    level = load_level(LEVELS / "arc-01-tuning-fork.toml")
    layout = Layout.from_solution(level.solutions[2])
    live_setup.kept_setups.clear()
    summarise(level, layout, choices={"x": 3}, survey=False)
    assert len(made) == 3                   # one per solution; the current layout is solution 2's
    summarise(level, layout, choices={"x": 3}, survey=False)
    assert len(made) == 3


class LooksCounted(threading.Event):
    """An event that is set from its ``after``-th look on: where summarise looks, and how often."""

    def __init__(self, after: int):
        super().__init__()
        self.after, self.looks = after, 0

    def is_set(self) -> bool:
        self.looks += 1
        return self.looks >= self.after


def test_cancel_set_before_stops_at_the_first_look():
    event = LooksCounted(1)
    summary = text_summary(studio_level("Attack(2)"), cancel=event)
    assert summary.cancelled and event.looks == 1
    assert summary.layout_verdict is None and summary.layouts_tried == 0
    assert summary.lines()[-1] == "cancelled: superseded by a newer change"


def test_a_long_search_looks_at_cancel_every_few_states():
    # 6 heroes x 6 spells: tens of thousands of states. Every CHECK_EVERY states it looks once.
    level, layout = family_level(6, 6), Layout.from_slots(SLOTS)
    event = LooksCounted(4)
    summary = summarise(level, layout, seconds=None, cancel=event)
    assert summary.cancelled and event.looks == 4
    assert summary.layout_verdict is None


def test_cancel_from_another_thread_returns_cancelled():
    level, layout = family_level(5, 5), Layout.from_slots(SLOTS)
    event = threading.Event()
    result: list[LevelSummary] = []
    worker = threading.Thread(target=lambda: result.append(summarise(level, layout, seconds=None, cancel=event)))
    worker.start()
    event.set()
    worker.join(timeout=60)     # a safety net, not a timing: a cancelled summary returns at its next look
    assert not worker.is_alive() and result[0].cancelled


def test_cancel_stops_the_layout_survey_while_it_grows_layouts(monkeypatch):
    event = threading.Event()
    seen = []

    def growing(level, limit, budget):
        seen.append(budget.spent)
        event.set()
        seen.append(budget.spent)
        yield from constructions(level, limit, budget)

    monkeypatch.setattr(live_survey, "constructions", growing)
    level = load_level(LEVELS / "app-07-crossroads.toml")
    summary = summarise(level, seconds=None, cancel=event)
    assert summary.cancelled and summary.layouts_tried <= 1
    assert seen == [False, True]    # no safety stop, yet the growth's budget is spent once cancelled


def test_cancel_stops_the_state_graph_within_one_state(monkeypatch):
    event = threading.Event()
    seen = []
    real = live_setup.explore

    def spying(game, name, budget):
        seen.append(budget.spent)       # explore looks at its budget every CHECK_EVERY states
        event.set()
        seen.append(budget.spent)
        return real(game, name, budget=budget)

    monkeypatch.setattr(live_setup, "explore", spying)
    summary = text_summary(studio_level("Attack(2)"), seconds=None, cancel=event)
    assert seen == [False, True] and summary.cancelled


def test_a_state_graph_cut_by_the_safety_stop_says_so(monkeypatch):
    real = live_setup.explore

    def striking(game, name, budget):
        budget.parent.started -= 10**6       # the safety stop strikes as the state graph starts
        return real(game, name, budget=budget)

    monkeypatch.setattr(live_setup, "explore", striking)
    summary = text_summary(studio_level("Attack(2)"), seconds=5)
    assert not summary.cast_lists_known
    assert "winning cast lists: safety stop of 5 CPU s struck: not finished" in summary.budget


def test_the_survey_is_kept_for_an_equal_level_and_only_then(monkeypatch):
    calls = []
    real = live_survey.constructions

    def counted(*args):
        calls.append(1)
        return real(*args)

    monkeypatch.setattr(live_survey, "constructions", counted)
    first = text_summary(studio_level("Attack(2)"))
    again = text_summary(studio_level("Attack(2)"), Layout.from_slots({"A1": (0, 0), "D1": (1, 0)}))
    assert len(calls) == 1 and (again.layouts_tried, again.layouts_winning) == (first.layouts_tried, 1)
    changed = text_summary(studio_level("Attack(1)"))
    assert len(calls) == 2 and changed.layouts_winning == 0


def counting_searches(monkeypatch) -> list[int]:
    """Every world search the survey starts (the survey's levels here have one world)."""
    calls: list[int] = []
    real = live_survey.world_search

    def counted(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(live_survey, "world_search", counted)
    return calls


def test_a_survey_cut_short_goes_on_at_the_next_summary_of_the_level(monkeypatch):
    level = load_level(LEVELS / "tre-01-toll-gate.toml")
    counter = LooksCounted(10**9)
    full = summarise(level, seconds=None, cancel=counter)
    assert full.layouts_complete and full.layouts_tried > 10
    forget_surveys()
    first = summarise(level, seconds=None, cancel=LooksCounted(counter.looks - 20))
    (kept,) = live_survey._surveys.values()         # a cancelled summary shows nothing; the survey kept its work
    before = kept.figures.tried
    assert first.cancelled and 0 < before < full.layouts_tried
    searched = counting_searches(monkeypatch)
    again = summarise(load_level(LEVELS / "tre-01-toll-gate.toml"), Layout.from_solution(level.solutions[0]),
                      seconds=None)
    assert (again.layouts_tried, again.layouts_winning, again.fewest_spells) == \
        (full.layouts_tried, full.layouts_winning, full.fewest_spells)
    assert again.layouts_complete and not again.cancelled
    assert len(searched) == full.layouts_tried - before     # resumed, not started again


def test_a_survey_restarted_after_its_growth_was_cut_counts_each_setup_once(monkeypatch):
    level = load_level(LEVELS / "tre-01-toll-gate.toml")
    full = summarise(level, seconds=None)
    forget_surveys()
    cut = {"left": 3}
    real = live_survey.constructions

    def failing(level, limit, budget):
        for layout in real(level, limit, budget):
            cut["left"] -= 1
            if cut["left"] == 0:
                budget.parent.started -= 10**6      # as if the safety stop struck while growing
                budget.stop_if_spent()
            yield layout

    monkeypatch.setattr(live_survey, "constructions", failing)
    first = summarise(level, seconds=1_000)
    assert "layouts: safety stop" in first.budget and first.layouts_tried == 2 and first.survey_pending
    assert any(line.startswith("layouts: ") and line.endswith("win so far (the survey goes on)")
               for line in first.lines())
    cut["left"] = -1
    searched = counting_searches(monkeypatch)
    again = summarise(level, seconds=None)
    assert (again.layouts_tried, again.layouts_winning) == (full.layouts_tried, full.layouts_winning)
    assert not again.survey_pending
    assert len(searched) == full.layouts_tried - 2      # the two tried before are passed over


def test_output_is_deterministic_and_json_ready():
    level = load_level(LEVELS / "arc-08-mirror-mirror.toml")
    layout = Layout.from_solution(level.solutions[-1])
    first = summarise(level, layout, seconds=None)
    forget_surveys()
    second = summarise(load_level(LEVELS / "arc-08-mirror-mirror.toml"), layout, seconds=None)
    assert first.lines() == second.lines() and first.to_dict() == second.to_dict()
    data = json.loads(json.dumps(first.to_dict()))
    assert data["layout_verdict"] == first.layout_verdict and "witness_casts" not in data
    assert data["unique"] == first.unique


PACK = sorted(level_files([LEVELS]))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PACK), st.integers(0, 20))
def test_layout_verdict_is_the_solvers_and_its_witness_wins(path, pick):
    level = load_level(path)
    if level.variables:
        return
    layouts = list(constructions(level, pick + 1))
    layout = layouts[pick % len(layouts)]
    summary = summarise(level, layout, seconds=None)
    game = setup(level, layout)
    assert summary.layout_verdict == solve_setup(game, max_states=200_000).verdict
    if summary.layout_verdict == "solvable":
        run = play(game, summary.witness_casts, dict(summary.mirror_witness_casts))
        assert run.outcome is Outcome.WIN


SURVEYED = ["app-06-two-gates", "cou-03-shortcut", "tre-01-toll-gate", "ele-03-the-moat", "spl-05-switcheroo"]
_FULL: dict[str, list[str]] = {}


def full_lines(name: str) -> list[str]:
    if name not in _FULL:
        forget_surveys()
        _FULL[name] = summarise(load_level(LEVELS / f"{name}.toml"), seconds=None).lines()
    return _FULL[name]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(st.sampled_from(SURVEYED), st.integers(1, 400))
def test_a_summary_cancelled_anywhere_leaves_a_survey_that_resumes_exactly(name, look):
    expected = full_lines(name)
    forget_surveys()
    level = load_level(LEVELS / f"{name}.toml")
    first = summarise(level, seconds=None, cancel=LooksCounted(look))
    again = summarise(level, seconds=None)
    assert again.lines() == expected
    if not first.cancelled:                 # the cancel came after the last look: the whole answer
        assert first.lines() == expected


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(PACK), st.data())
def test_a_level_mangled_anywhere_is_summarised_without_a_raise(path, data):
    lines = path.read_text(encoding="utf-8").splitlines()
    index = data.draw(st.integers(0, len(lines) - 1))
    cut = data.draw(st.integers(0, len(lines[index])))
    mangled = "\n".join(lines[:index] + [lines[index][:cut]] + lines[index + 1:])
    summary = summarise_text(mangled, path, None, max_states=2_000)      # never raises
    check = check_level_text(mangled, str(path), level_path=path)
    assert summary.problems[:len(check.problems)] == tuple(str(p) for p in check.problems)
    assert not any(p.startswith("analysis stopped") for p in summary.problems)
    assert summary.lines()[0].endswith("no problems") == (not summary.problems)

"""Issue 30 item 1 (with issue 23): every search honours its budget on hostile-but-legal levels.

Each level is built here from a seed: many heroes x many spells, many mirror worlds, a big layout
search, choices over huge domains. Every search ends with a verdict that names the budget spent
and never expands more states than it was given (the memory bound); ``zorglab solve --seconds``
ends by its safety stop with "unknown: budget spent", never a traceback. The assertions are on the
reported reasons and state counts, never on a timing. On the code as found, the layout search and
``--analyse`` ignored ``--seconds``, and choices over huge domains were listed before any search;
the runs a search makes (the closest miss's replay, ``win_window``, the Studio's solution replays)
had no budget at all, so a portal loop of 10 million actions was played to its cap.
"""

from __future__ import annotations

import random
import time

import pytest

from zorglab.cli.main import main
from zorglab.core.budget import Budget
from zorglab.engine.game import setup_solution
from zorglab.level import load_level_text
from zorglab.search.analysis import analyse
from zorglab.search.decide import decide_solvable
from zorglab.search.layouts import solve_layouts
from zorglab.search.level import solve_setup

SPELLS = ("Attack(1)", "Attack(2)", "Sleep()", "Swap()", "Banality()", "Teleport(2)")


def crowd(seed: int, heroes: int, spells: int) -> tuple[str, str]:
    """``heroes`` Warriors of random HP and ``spells`` random spells, as TOML lists' insides."""
    pick = random.Random(seed)
    return (", ".join(f'"Warrior({pick.randint(3, 9)})"' for _ in range(heroes)),
            ", ".join(f'"{pick.choice(SPELLS)}"' for _ in range(spells)))


ROOMS = '"A @ spawn-east", "D(1) @ corridor", "D(2) @ corridor", "Z @ dead-end-west"'


def level_text(heroes: int = 30, spells: int = 40, mirrors: int = 0, seed: int = 30,
               solution: bool = True) -> str:
    people, casts = crowd(seed, heroes, spells)
    text = f'id = "hostile"\nrooms = [{ROOMS}]\nheroes = [{people}]\nspells = [{casts}]\n'
    for m in range(mirrors):
        people, casts = crowd(seed + 1 + m, max(1, heroes // 4), max(1, spells // 4))
        text += f'\n[[mirrors]]\nname = "M{m + 1}"\nrooms = [{ROOMS}]\nheroes = [{people}]\nspells = [{casts}]\n'
    if solution:
        text += '\n[[solutions]]\nmap = "A D1 D2 Z"\nexpect = "loss"\n'
    return text


def hostile(**options) -> object:
    return load_level_text(level_text(**options), "hostile.toml")


def spent(reason: str) -> bool:
    return "budget of" in reason and "spent" in reason


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_many_heroes_times_many_spells_stop_at_their_states(seed):
    level = hostile(seed=seed)
    verdict = solve_setup(setup_solution(level, 0, decide=decide_solvable), max_states=3_000)
    for _, world in verdict.worlds:
        assert world.states <= 3_000
        assert world.verdict != "unknown" or world.reason == "state budget of 3000 spent"
    again = solve_setup(setup_solution(level, 0, decide=decide_solvable), max_states=3_000)
    assert again.to_json() | {"seconds": 0} == verdict.to_json() | {"seconds": 0}     # states decide


def test_sixteen_mirror_worlds_share_one_budget():
    level = hostile(heroes=12, spells=12, mirrors=16)
    whole = Budget(4_000)
    verdict = solve_setup(setup_solution(level, 0, decide=decide_solvable), max_states=1_000, budget=whole)
    assert len(verdict.worlds) >= 1 and verdict.states <= 4_000 and whole.used == verdict.states
    assert all(world.states <= 1_000 for _, world in verdict.worlds)
    if verdict.verdict == "unknown":
        assert any(spent(world.reason) for _, world in verdict.worlds)


def test_analyse_is_bounded_by_its_budget():
    level = hostile(heroes=20, spells=20)
    game = setup_solution(level, 0, decide=decide_solvable)
    whole = Budget(6_000)
    analysis = analyse(game, budget=2_000, within=whole)
    assert whole.used <= 6_000 and analysis.states <= 6_000
    assert analysis.verdict != "unknown" or spent(analysis.stopped or "state budget of 2000 spent")
    assert not analysis.complete or analysis.verdict == "unsolvable"


def corridor_rooms(count: int) -> str:
    return ", ".join(['"A @ spawn-east"'] + ['"D(1) @ cross"'] * count + ['"Z @ dead-end-west"'])


def test_a_big_layout_search_stops_at_its_work_and_says_so():
    text = (f'id = "hostile-layouts"\nrooms = [{corridor_rooms(10)}]\nheroes = ["Warrior(3)"]\n'
            f'spells = ["Attack(1)"]\n')
    level = load_level_text(text, "layouts.toml")
    summary = solve_layouts(level, max_states=200, max_work=3_000)
    assert summary.truncated and not summary.cut_short
    assert summary.stopped in ("partial layout budget of 3000 spent", "state budget of 3000 spent")
    assert "unknown: budget spent" in summary.describe() or summary.winning


def test_choices_over_huge_domains_are_not_listed_first():
    domain = "{" + ", ".join(str(i) for i in range(1, 10_001)) + "}"
    variables = "".join(f'{name} = "choix(1, {domain})"\n' for name in ("x", "y", "z"))
    text = (f'id = "hostile-choices"\nrooms = ["A @ spawn-east", "D(x) @ corridor", "D(y) @ corridor", '
            f'"D(z) @ corridor", "Z @ dead-end-west"]\nheroes = ["Warrior(9)"]\nspells = ["Attack(1)"]\n'
            f'[variables]\n{variables}')
    level = load_level_text(text, "choices.toml")
    summary = solve_layouts(level, max_states=100, max_work=500)      # 10^12 combinations: never listed
    assert summary.truncated and "spent" in summary.stopped and summary.tried > 0


def starved_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """CPU time runs a thousand times faster: a safety stop of seconds strikes within a few states."""
    real = time.process_time
    start = real()
    monkeypatch.setattr(time, "process_time", lambda: start + (real() - start) * 1_000)


@pytest.mark.parametrize("args", [["--solution", "0"], ["--solution", "0", "--analyse"], []],
                         ids=["solve", "analyse", "layouts"])
def test_solve_seconds_ends_by_its_safety_stop_with_budget_spent(tmp_path, capsys, monkeypatch, args):
    path = tmp_path / "hostile.toml"
    path.write_text(level_text(mirrors=4), encoding="utf-8")
    starved_clock(monkeypatch)
    code = main(["solve", str(path), "--seconds", "5", *args])
    out, err = capsys.readouterr()
    assert code == 0 and "Traceback" not in out + err
    assert "unknown: budget spent" in out
    assert "safety stop of 5 CPU s struck: not finished" in out


def test_solve_budget_bounds_the_states_of_every_world(tmp_path, capsys):
    import json
    path = tmp_path / "hostile.toml"
    path.write_text(level_text(mirrors=3), encoding="utf-8")
    assert main(["solve", str(path), "--solution", "0", "--budget", "2000", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    worlds = data.get("worlds") or [data]
    assert all(world["states"] <= 2_000 for world in worlds)
    assert data["verdict"] != "unknown" or "state budget of 2000 spent" in data["reason"]


# -- issue 30: a 256-room layout search ----------------------------------------------------------

FITS_CAP = 100_000      # rooms tried on a slot: far above what a bounded expansion needs


def rooms_256() -> object:
    """A, 254 fire rooms open on every side, Z: each partial layout has thousands of extensions."""
    rooms = ", ".join(['"A @ spawn-east"'] + ['"E(fire) @ cross"'] * 254 + ['"Z @ dead-end-west"'])
    text = f'id = "hostile-256"\nrooms = [{rooms}]\nheroes = ["Warrior(3)"]\nspells = ["Attack(1)"]\n'
    return load_level_text(text, "rooms-256.toml")


@pytest.fixture
def fits_counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the rooms tried on a slot (the work of growing layouts) and fail past FITS_CAP: on
    the code as found one expansion listed every extension at once, millions before any look."""
    import zorglab.search.layouts as layouts
    calls = [0]
    fits = layouts._fits

    def counted(*args):
        calls[0] += 1
        assert calls[0] <= FITS_CAP, "growing layouts ran past its bound without looking at its budget"
        return fits(*args)
    monkeypatch.setattr(layouts, "_fits", counted)
    return calls


def test_a_256_room_layout_search_stops_at_its_work_and_says_so(fits_counted):
    level = rooms_256()
    summary = solve_layouts(level, max_states=100, max_work=500)
    assert summary.truncated and not summary.cut_short
    assert summary.stopped in ("partial layout budget of 500 spent", "state budget of 500 spent")
    assert "unknown: budget spent" in summary.describe()
    again = solve_layouts(level, max_states=100, max_work=500)
    assert again.to_json() | {"seconds": 0} == summary.to_json() | {"seconds": 0}     # work decides


def test_a_cancelled_256_room_layout_search_stops_within_one_look(fits_counted):
    import threading
    from zorglab.search.layouts import TRIES_PER_LOOK
    cancel = threading.Event()
    cancel.set()
    summary = solve_layouts(rooms_256(), max_states=100, budget=Budget(None, cancel=cancel))
    assert summary.truncated and summary.cut_short and summary.tried == 0
    assert summary.stopped == "cancelled: superseded by a newer request"
    assert fits_counted[0] <= TRIES_PER_LOOK


def test_solve_seconds_bounds_a_256_room_layout_search(tmp_path, capsys, monkeypatch, fits_counted):
    rooms = ", ".join(['"A @ spawn-east"'] + ['"E(fire) @ cross"'] * 254 + ['"Z @ dead-end-west"'])
    path = tmp_path / "rooms-256.toml"
    path.write_text(f'id = "hostile-256"\nrooms = [{rooms}]\nheroes = ["Warrior(3)"]\nspells = ["Attack(1)"]\n',
                    encoding="utf-8")
    with monkeypatch.context() as patch:
        starved_clock(patch)
        assert main(["solve", str(path), "--seconds", "5"]) == 0
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err and "unknown: budget spent" in out
    assert "safety stop of 5 CPU s struck: not finished" in out
    # the must-show: --seconds S ends within S plus loading, in CPU time (a generous margin)
    start = time.process_time()
    assert main(["solve", str(path), "--seconds", "1"]) == 0
    assert time.process_time() - start < 1 + 5
    assert "safety stop of 1 CPU s struck: not finished" in capsys.readouterr().out


def test_a_256_damage_room_layout_search_stops_at_its_work_too(fits_counted):
    # the damage bound listed 2^(HP-changing rooms) gold arrangements before the first look: 254
    # D rooms hung in building the search (search.lonewalk.gold_configs now caps and gives no bound)
    rooms = ", ".join(['"A @ spawn-east"'] + ['"D(1) @ cross"'] * 254 + ['"Z @ dead-end-west"'])
    text = f'id = "hostile-256-d"\nrooms = [{rooms}]\nheroes = ["Warrior(3)"]\nspells = ["Attack(1)"]\n'
    summary = solve_layouts(load_level_text(text, "rooms-256-d.toml"), max_states=100, max_work=500)
    assert summary.truncated and not summary.cut_short          # stopped by its work, not the clock
    assert summary.stopped == "state budget of 500 spent" and "stopped early" in summary.describe()


# -- issue 30: a portal loop of millions of actions, replayed by a search ------------------------

LOOP_TILES = '''
[tiles.t1]
cells = """
#####
#...#
....#
#.S.#
#####
"""
[tiles.t2]
cells = """
#####
#...#
#....
#...#
##.##
"""
[tiles.t3]
cells = """
##.##
#...#
#...#
#...#
#####
"""
'''


def portal_loop_text(seed: int, n: int | None = None) -> str:
    """Two Princesses chasing each other through a portal ``P(n, i -> 1)`` that sends each back
    to its own arrival: every entry is counted, so no state repeats (ZR-27) before the n-th entry
    and the run goes on for about 4n actions (n of 600..650: past every budget below, while the
    Princesses' plans, which count the entries exactly (ZR-32), stay small)."""
    n = random.Random(seed).randint(600, 650) if n is None else n
    return (f'id = "portal-loop"\nmax_actions = 10000000\n'
            f'rooms = ["A @ t1", "D1 = P({n}, i -> 1) @ t2", "Z @ t3"]\n'
            f'heroes = ["Princess(4, {{A1: 1}}, 0)", "Princess(5, {{A1: 5/2, Z1: 2}}, 3)"]\n'
            f'spells = []\n{LOOP_TILES}\n[[solutions]]\nmap = """\nD1 A1\nZ1 .\n"""\nexpect = "stall"\n')


ACTIONS_CAP = 5_000     # actions of one replay: far above the budgets below


@pytest.fixture
def actions_counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the actions runs make and fail past ACTIONS_CAP: on the code as found a search's
    replay of a loop ran its 10 million actions (71 s in the issue) with no budget to look at."""
    import zorglab.engine.run as run
    calls = [0]
    act = run.act

    def counted(*args, **kwargs):
        calls[0] += 1
        assert calls[0] <= ACTIONS_CAP, "a replay ran past its bound without looking at its budget"
        return act(*args, **kwargs)
    monkeypatch.setattr(run, "act", counted)
    return calls


@pytest.mark.parametrize("seed", [1, 2])
def test_the_win_window_of_a_portal_loop_stops_at_its_budget(actions_counted, seed):
    from zorglab.search.analysis import win_window
    level = load_level_text(portal_loop_text(seed), "portal-loop.toml")
    game = setup_solution(level, 0, decide=decide_solvable)
    window = win_window(game, budget=1_000)
    assert window.stopped == "action budget of 1000 spent" and not window.cut_short
    assert len(window) == 1_000 + 1 and actions_counted[0] == 1_000     # the run: 1000 actions, then looked
    assert [point.tick for point in window] == list(range(1_001))
    again = win_window(game, budget=1_000)
    assert again == window and again.stopped == window.stopped          # work decides, not the machine


def test_a_portal_loop_replay_stops_by_a_slow_clock_and_says_not_finished(actions_counted, monkeypatch):
    from zorglab.search.reasons import run_replay
    level = load_level_text(portal_loop_text(3), "portal-loop.toml")
    game = setup_solution(level, 0)
    world = game.world(game.world_names[0])
    monkeypatch.setattr(time, "process_time", iter(range(0, 10 ** 9, 1_000)).__next__)    # 1000 s a look
    whole = Budget(None, seconds=5)
    end, outcome, failing = run_replay(world, budget=whole.child(unit="actions", counts=False))(())
    assert outcome == "not finished (safety stop of 5 CPU s struck: not finished)" and whole.cut_short
    assert end.tick <= 64 and actions_counted[0] <= 64 and failing == []


def test_the_closest_miss_of_a_portal_loop_is_replayed_within_its_budget(actions_counted):
    from zorglab.search.reasons import MissSearch, miss_reason, replay_budget, run_replay
    from zorglab.search.solver import UNSOLVABLE, Verdict
    from zorglab.search.witness import SearchNode
    level = load_level_text(portal_loop_text(4), "portal-loop.toml")
    game = setup_solution(level, 0)
    world = game.world(game.world_names[0])
    search = MissSearch(world)
    search.best = SearchNode(world.initial_state(), 0, None, None, 0, ())     # the miss: no casts at all
    replay = run_replay(world, budget=replay_budget(2_000, Budget(10_000)))
    reason = miss_reason(world, search, Verdict(UNSOLVABLE, states=1), replay)
    assert "replayed only to tick 2000, not finished (action budget of 2000 spent)" in reason.text
    assert reason.figures["outcome"] == "not finished (action budget of 2000 spent)"
    assert actions_counted[0] == 2_000


def test_solve_analyse_on_a_portal_loop_ends_by_its_budget(tmp_path, capsys, monkeypatch, actions_counted):
    path = tmp_path / "portal-loop.toml"
    path.write_text(portal_loop_text(5), encoding="utf-8")
    with monkeypatch.context() as patch:
        starved_clock(patch)
        assert main(["solve", str(path), "--solution", "0", "--analyse", "--seconds", "5"]) == 0
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err and "unknown: budget spent" in out
    assert "safety stop of 5 CPU s struck: not finished" in out
    start = time.process_time()         # the must-show, in CPU time (a generous margin)
    assert main(["solve", str(path), "--solution", "0", "--analyse", "--seconds", "1"]) == 0
    assert time.process_time() - start < 1 + 5
    assert "not finished" in capsys.readouterr().out


def test_the_studio_summary_replays_a_portal_loop_solution_within_its_states(actions_counted):
    from zorglab.widgets.live.summary import summarise
    level = load_level_text(portal_loop_text(6), "portal-loop.toml")
    summary = summarise(level, max_states=500, details=False, survey=False)
    assert "solutions 0..0 not replayed to their end: action budget of 500 spent" in summary.budget
    assert actions_counted[0] == 500 and not summary.problems      # cut short is not a broken solution


# -- ZR-32: a portal loop whose plans are too large for the planner's bound ------------------------

@pytest.fixture
def small_plans(monkeypatch: pytest.MonkeyPatch) -> str:
    """The planner's bound at 2000 plan states (so its stop comes fast); the words it stops with."""
    from zorglab.engine import plangraph
    monkeypatch.setattr(plangraph, "MAX_PLAN_STATES", 2_000)
    return "plan too large for the budget: a Princess's plan search exceeds 2000 states"


def huge_portal_loop() -> object:
    """The loop with n = 10^10: its plans count 10^10 entries (ZR-32), far past any bound."""
    return load_level_text(portal_loop_text(7, n=10 ** 10), "portal-loop.toml")


def test_the_win_window_of_a_loop_too_large_to_plan_says_not_finished(small_plans):
    from zorglab.search.analysis import win_window
    window = win_window(setup_solution(huge_portal_loop(), 0, decide=decide_solvable), budget=1_000)
    assert window.stopped == small_plans and not window.cut_short
    assert 1 <= len(window) < 1_000 and all(point.winnable is None for point in window)


def test_a_replay_of_a_loop_too_large_to_plan_ends_not_finished(small_plans):
    from zorglab.search.reasons import replay_budget, run_replay
    game = setup_solution(huge_portal_loop(), 0)
    world = game.world(game.world_names[0])
    end, outcome, failing = run_replay(world, budget=replay_budget(2_000, Budget(10_000)))(())
    assert outcome == f"not finished ({small_plans})" and end.tick < 2_000 and failing == []


def test_the_studio_summary_of_a_loop_too_large_to_plan_says_not_finished(small_plans):
    from zorglab.widgets.live.summary import summarise
    summary = summarise(huge_portal_loop(), max_states=500, details=False, survey=False)
    assert f"solutions 0..0 not replayed to their end: {small_plans}" in summary.budget
    assert not summary.problems                     # a safety stop, not a broken solution (ZR-32)

"""Issue 26: EVERY level of the pack teaches what its contract teaches, hand-written ones included.

For each level file, on its winning solution's layout: a room of a type its contract teaches matters,
a spell of a taught type is necessary, a hero of a taught type matters (each when the level holds
one), and it is no spawn kill (:func:`zorglab.propose.lesson.teaching_problems`, with the contract's
teaching from :func:`zorglab.propose.pack.contract_teaching`). Each claim is then re-checked here with
the exact search and the engine's own runs, not with the figures' code (the helpers of
``test_interest``): every spawn-time cast list is replayed, a necessary spell is proved unsolvable
without, a room that matters changes the fewest spells when made plain and a replayed winning run
enters it, a hero that matters changes the verdict, the fewest spells or the witness's outcome.

No level is an exception: :data:`EXCEPTIONS` would list one with the written reason it cannot teach
on its winning layout, and it is empty (issue 26: the ten spawn kills of contracts 1-6 and the seven
build levels whose taught room or hero was sidestepped on the winning layout were redesigned).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from test_interest import _enters, _fewest, _spawn_kills  # noqa: E402  (tests/propose on the path)
from zorglab.core.model import Outcome
from zorglab.engine.game import play, setup
from zorglab.engine.layout import Layout
from zorglab.engine.turns import act, next_action
from zorglab.level import level_files, load_level
from zorglab.propose.interest import plain_hero, plain_room
from zorglab.propose.lesson import lesson, teaching_problems
from zorglab.propose.pack import contract_teaching
from zorglab.search.analysis import explore
from zorglab.search.casts import legal_casts
from zorglab.search.decide import decide_solvable
from zorglab.search.level import solve_setup, world_search

LEVELS = Path(__file__).resolve().parents[2] / "levels"
FILES = sorted(level_files([LEVELS]))

# level id -> why it cannot teach on its winning layout (none: keep it so).
EXCEPTIONS: dict[str, str] = {}


def _winning_runs(game, limit: int = 400):
    """Winning cast lists (up to ``limit``) found by walking the state graph, casts at idle points
    included (a pile-up is struck once the world is idle), each to be replayed by the engine."""
    world = game.world()
    graph = explore(game, budget=200_000)
    assert graph.complete
    winnable = graph.winnable()
    found = []

    def walk(state, made):
        key = state.key(world.history_reach)
        if len(found) >= limit or key not in winnable:
            return
        action = next_action(world, state)
        if action is None and key in graph.wins:
            found.append(made)
        for cast, nxt, _ in legal_casts(world, state, noops=False):
            walk(nxt, made + (cast,))
        if action is not None:
            walk(act(world, state, action, record=False)[0], made)

    walk(world.initial_state(), ())
    return found


def _level(path: Path):
    return load_level(path)


def _win(level) -> int:
    return max(i for i, s in enumerate(level.solutions) if s.expect is Outcome.WIN)


@pytest.mark.parametrize("path", FILES, ids=lambda p: Path(p).stem)
def test_every_pack_level_teaches_its_contracts_idea(path):
    level = _level(path)
    problems = teaching_problems(level, contract_teaching(level.contract))
    if level.id in EXCEPTIONS:
        assert problems, f"{level.id} now teaches on its winning layout: drop it from EXCEPTIONS"
        assert all("spawn kill" not in p for p in problems), problems       # never an excuse for a spawn kill
    else:
        assert problems == []


def test_no_level_is_an_exception():
    assert EXCEPTIONS == {}


@pytest.mark.parametrize("path", FILES, ids=lambda p: Path(p).stem)
def test_every_pack_levels_claims_hold_under_the_exact_search(path):
    """The figures re-proved without the figures' code: no spawn-time cast list wins (each replayed),
    and every pin the lesson says matters does."""
    level = _level(path)
    win = _win(level)
    chosen = level.with_choices(dict(level.solutions[win].choices)) if level.variables else level
    layout = Layout.from_solution(level.solutions[win])
    game = setup(chosen, layout, decide=decide_solvable)
    assert _spawn_kills(game) == [], level.id
    found = lesson(level, contract_teaching(level.contract))
    fewest = _fewest(game)
    assert fewest == found.fewest
    for pin in found.pins:
        if pin.matters is not True:
            continue
        if pin.kind == "spell":
            world = game.world()
            spell = next(s for s in world.spells if s.label == pin.label)
            start = world.initial_state()
            left = list(start.spells_left)
            left[spell.index] = False
            verdict = world_search(game, start=start.replace(spells_left=tuple(left))).run(200_000)
            assert verdict.verdict == "unsolvable", (level.id, pin.label)
        elif pin.kind == "room":
            assert _fewest(setup(plain_room(chosen, pin.label), layout, decide=decide_solvable)) != fewest
            assert any(_enters(game, casts, pin.label) for casts in _winning_runs(game)), (level.id, pin.label)
        else:
            other = setup(plain_hero(chosen, pin.label), layout, decide=decide_solvable)
            witness = solve_setup(game, max_states=200_000, fewest=True).casts
            assert _fewest(other) != fewest or play(other, witness).outcome is not Outcome.WIN, (level.id, pin.label)


def test_a_drafted_title_names_the_hero_the_first_cast_is_for():
    """The generator's draft title (issue 26 item 2): the theme and whom the witness's first cast is
    for, so two drills on the same trap line are told apart by what the player must notice."""
    from zorglab.propose.lesson import lesson_titles, target_phrase

    def phrase(level_id: str) -> str:
        level = next(load_level(p) for p in FILES if load_level(p).id == level_id)
        win = _win(level)
        texts = tuple(c.source for c in level.solutions[win].casts)
        return target_phrase(level, Layout.from_solution(level.solutions[win]), texts)

    assert phrase("drl-12") == "for the Elf"                  # a Warrior, then the Elf the Attack is for
    assert phrase("drl-13") == "for the Second Elf"           # the middle of three Elves, struck as it spawns
    assert lesson_titles(["Trap Line", "Trap Line"], phrases=["for the Elf", "for the Second Elf"]) == \
        ["Trap Line for the Elf", "Trap Line for the Second Elf"]
    assert lesson_titles(["Thin Ice"], phrases=["Two Elves"]) == ["Thin Ice: Two Elves"]

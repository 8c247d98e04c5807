"""ZR-30 (the grid has no edge: Move and the Mechanic's shove reach any empty slot), issue 38.

Both levels are files: ``levels/zr30-shove-out.toml`` (a shove out of the rectangle the rooms span)
and ``levels/zr30-move-far.toml`` (a Move farther out than the search's ring of isolated slots, which
a constraint reading dist() tells apart).
"""

from __future__ import annotations

from pathlib import Path

from zorglab.engine.game import play, setup_solution
from zorglab.engine.heroes.mechanic import SHOVE_MARGIN, shoved_slots
from zorglab.level import load_level
from zorglab.search.level import solve_setup

LEVELS = Path(__file__).parent / "levels"


def test_zr30_a_shove_leaves_the_rectangle_the_rooms_span():
    level = load_level(LEVELS / "zr30-shove-out.toml")
    run = play(setup_solution(level, 0), ())
    shoves = [e for e in run.main.events if type(e).__name__ == "Shoved"]
    assert [str(e.direction) for e in shoves] == ["right", "down"]
    assert shoves[0].slot == (2, 0)                  # outside cols 0..1 of the rooms at the start
    assert run.outcome.value == "loss"


def test_zr30_a_shove_reaches_an_isolated_slot_anywhere_near_the_other_rooms():
    level = load_level(LEVELS / "zr30-shove-out.toml")
    world = setup_solution(level, 0).world("M")
    cart = world.room_index["cart"]
    slots = world.initial_slots
    from zorglab.core.geometry import Direction
    assert shoved_slots(world, slots, cart, Direction.UP) is not None            # (1, -1): out of the rectangle
    far = list(slots)
    far[cart] = (1 + SHOVE_MARGIN, 0)                # already two slots out: one more is never on a plan
    assert shoved_slots(world, tuple(far), cart, Direction.RIGHT) is None


def test_zr30_a_move_far_out_meets_a_constraint_reading_dist():
    level = load_level(LEVELS / "zr30-move-far.toml")
    game = setup_solution(level, 0)
    assert play(game, level.solutions[0].casts).outcome.value == "win"
    verdict = solve_setup(game)
    assert verdict.verdict == "solvable"
    moved = [c for c in verdict.casts if c.spell.type == "Move"]
    (slot,) = moved[0].to
    assert abs(slot[0] - 1) + abs(slot[1]) >= 7      # Z stands at (1, 0)

"""Reset (contract §5): after any play and a blood moon the temple is fresh and solvable again."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import SOLVER, XP
from zorglab.temples import (
    blood_moon_message,
    compile_temple,
    fresh_progress,
    generate_temple,
    load_temple,
    play_moves,
    reset_temple,
    solve,
    take,
    temple_meta,
)


def play(graph, progress, picks):
    for pick in picks:
        moves = play_moves(graph, progress)
        if not moves:
            break
        progress = take(graph, progress, moves[pick % len(moves)])
    return progress


def walk(graph, progress, route):
    for target in route.cells[1:]:
        move = next(m for m in play_moves(graph, progress) if m.target == target)
        progress = take(graph, progress, move)
    return progress


def assert_fresh(after, played, temple, meta):
    fresh = fresh_progress(temple)
    assert after.position == temple.entrance
    assert after.small_keys == 0 and not after.master_key and not after.bombs
    assert after.cleared_rooms == frozenset() and after.opened_doors == frozenset()
    assert after.opened_chests == frozenset(p for p in played.opened_chests if p not in meta.consumable_chests)
    assert after.key_items == played.key_items
    assert (after.times_cleared, after.cleared) == (played.times_cleared, played.cleared)
    assert not after.finished
    assert replace(after, opened_chests=frozenset(), key_items=frozenset(), times_cleared=0, cleared=False) == fresh


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    size=st.sampled_from(["small", "medium", "large"]),
    picks=st.lists(st.integers(0, 7), max_size=120),
)
def test_after_any_play_and_a_reset_the_temple_is_fresh_and_solvable_again(seed, size, picks):
    temple = generate_temple(seed, {"size": size})
    graph = compile_temple(temple)
    meta = temple_meta(temple)
    played = play(graph, fresh_progress(temple), picks)
    assert solve(graph, played).solvable  # proved soft-lock free: no play gets stuck
    after = reset_temple(played, meta)
    assert_fresh(after, played, temple, meta)
    assert solve(graph, after).ok


def test_a_full_clear_then_a_reset_keeps_key_items_and_the_badge():
    temple = generate_temple(21, {"size": "medium"})
    graph = compile_temple(temple)
    meta = temple_meta(temple)
    first = walk(graph, fresh_progress(temple), solve(graph).critical)
    assert first.finished and first.cleared and first.times_cleared == 1
    assert "Pegasus" in first.key_items
    assert first.master_key and first.opened_doors
    after = reset_temple(first, meta)
    assert_fresh(after, first, temple, meta)
    assert after.times_cleared == 1 and after.cleared and "Pegasus" in after.key_items
    again = solve(graph, after)
    assert again.ok
    second = walk(graph, after, again.critical)
    assert second.times_cleared == 2


def test_key_chests_refill_and_key_item_chests_stay_open():
    temple = load_temple(SOLVER / "solvable.json")
    meta = temple_meta(temple)
    graph = compile_temple(temple)
    done = walk(graph, fresh_progress(temple), solve(graph).critical)
    key_chest, master_chest, pegasus = (0, 3, 1), (0, 1, 4), (0, 1, 1)
    assert {key_chest, master_chest, pegasus} <= done.opened_chests
    after = reset_temple(done, meta)
    assert key_chest not in after.opened_chests and master_chest not in after.opened_chests
    assert pegasus in after.opened_chests and "Pegasus" in after.key_items


def test_reset_of_an_authored_temple_after_wandering():
    temple = load_temple(XP / "fire-temple.json")
    graph = compile_temple(temple)
    played = play(graph, fresh_progress(temple), list(range(60)))
    after = reset_temple(played, temple_meta(temple))
    assert_fresh(after, played, temple, temple_meta(temple))
    assert solve(graph, after).solvable


def test_blood_moon_message_names_the_temple():
    meta = temple_meta(load_temple(XP / "wind-temple.json"))
    assert blood_moon_message(meta) == "The blood moon rises over the Wind Temple."


def test_play_spends_a_key_once_and_the_door_stays_open():
    temple = load_temple(SOLVER / "solvable.json")
    graph = compile_temple(temple)
    p = fresh_progress(temple)
    p = take(graph, p, next(m for m in play_moves(graph, p) if m.target == (0, 3, 2)))
    assert not any(m.spends_key for m in play_moves(graph, p))  # no key yet: the locked door is not offered
    p = take(graph, p, next(m for m in play_moves(graph, p) if m.target == (0, 3, 1)))
    assert p.small_keys == 1
    p = take(graph, p, next(m for m in play_moves(graph, p) if m.target == (0, 3, 2)))
    door = next(m for m in play_moves(graph, p) if m.target == (0, 3, 3))
    assert door.spends_key
    p = take(graph, p, door)
    assert p.small_keys == 0 and door.door in p.opened_doors
    back = next(m for m in play_moves(graph, p) if m.target == (0, 3, 2))
    assert not back.spends_key


def test_door_hints_tell_which_locked_door_is_safe_to_open():
    from zorglab.temples import door_hints

    temple = load_temple(SOLVER / "side-door-soft-lock.json")
    graph = compile_temple(temple)
    p = fresh_progress(temple)
    assert door_hints(graph, p) == []  # no key yet
    p = take(graph, p, next(m for m in play_moves(graph, p) if m.target == (0, 3, 2)))
    hints = {h.door: h.safe for h in door_hints(graph, p)}
    assert hints == {((0, 3, 0), (0, 3, 1)): False, ((0, 3, 3), (0, 3, 4)): True}

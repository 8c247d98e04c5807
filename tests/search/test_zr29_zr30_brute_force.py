"""The search against brute force where ZR-29 and ZR-30 bite (issue 38): a coin dropped by the dead
on the living's path, unseen by their plans; a Move or a Mechanic's shove out of the rectangle the
rooms span. Every cut of the search (transposition, dominance, the damage bound) must keep the
verdict brute force finds by trying every cast list."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zorglab.engine.game import setup_solution
from zorglab.level import load_level_text
from zorglab.search.solver import SOLVABLE, UNSOLVABLE, solve_world

from test_solver_properties import brute_force

SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# A O1 D1 Z over a lower corridor C1 C2 C3 (tests/engine/levels/zr29-dropped-gold.toml's map): the
# first hero may die in D1 holding O1's gold, which the next plans as if it were not there.
DROPPED = '''id = "zr29p"
rooms = ["A @ spawn-east", "O1 = O({gold}) @ tee-no-north", "D1 = D({damage}) @ corridor",
         "Z @ corner-south-west", "C1 = D({c1}) @ corner-north-east", "C2 = D(0) @ corridor",
         "C3 = D(0) @ corner-north-west"]
heroes = [{heroes}]
spells = [{spells}]
[[solutions]]
rotation = 0
map = """
A  O1 D1 Z
.  C1 C2 C3
"""
casts = []
expect = "loss"
'''
hero = st.one_of(st.builds(lambda hp: f'"Warrior({hp})"', st.integers(1, 4)),
                 st.builds(lambda hp: f'"Elf({hp}, {{}})"', st.integers(1, 5)))
spell = st.sampled_from(['"Attack(1)"', '"Attack(2)"', '"Sleep()"', '"Wake()"', '"Teleport(2)"'])


def world_of(text: str):
    level = load_level_text(text, "p.toml")
    game = setup_solution(level, 0)
    return game.world(game.world_names[0])


def agrees(world) -> None:
    verdict = solve_world(world, max_states=60_000)
    assert verdict.verdict in (SOLVABLE, UNSOLVABLE)
    assert (verdict.verdict == SOLVABLE) == brute_force(world)


@SETTINGS
@given(gold=st.integers(1, 3), damage=st.integers(1, 3), c1=st.integers(0, 1),
       heroes=st.lists(hero, min_size=2, max_size=3), spells=st.lists(spell, max_size=2))
def test_zr29_a_coin_dropped_on_the_path_keeps_the_verdict_of_brute_force(gold, damage, c1, heroes, spells):
    agrees(world_of(DROPPED.format(gold=gold, damage=damage, c1=c1, heroes=", ".join(heroes),
                                   spells=", ".join(spells))))


def brute_force_wide(world, wins, margin: int, state=None, depth: int = 0) -> bool:
    """Every cast list, Move destinations up to ``margin`` slots beyond the rooms (wider than the
    search's ring): no transposition, no cut."""
    from zorglab.engine.turns import act, next_action
    from zorglab.search.casts import legal_casts
    state = world.initial_state() if state is None else state
    if state.lost or depth > 60:
        return False
    found = next_action(world, state)
    if found is None and wins(state):
        return True
    for _cast, nxt, _ in legal_casts(world, state, margin, noops=True):
        if brute_force_wide(world, wins, margin, nxt, depth + 1):
            return True
    if found is not None:
        nxt, _ = act(world, state, found, record=False)
        return brute_force_wide(world, wins, margin, nxt, depth + 1)
    return False


# A Move out of the rectangle: A and Z side by side, a Warrior that an Attack kills, a constraint
# reading dist() that only a Move far enough out can meet (or that no Move can).
FAR = '''id = "zr30p"
rooms = ["A @ spawn-east", "Z @ dead-end-west"]
heroes = ["Warrior({hp})"]
spells = ["Move()", "Attack({x})"]
constraints = ["{constraint}"]
[[solutions]]
rotation = 0
map = "A Z"
casts = []
expect = "stall"
'''


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hp=st.integers(1, 2), x=st.integers(1, 2), k=st.integers(1, 6),
       compare=st.sampled_from([">=", "=", "<="]))
def test_zr30_a_move_out_of_the_rectangle_keeps_the_verdict_of_brute_force(hp, x, k, compare):
    level = load_level_text(FAR.format(hp=hp, x=x, constraint=f"dist(A1, Z1) {compare} {k}"), "p.toml")
    game = setup_solution(level, 0)
    world = game.world("M")
    verdict = solve_world(world, wins=lambda s: game.wins("M", s), max_states=60_000)
    assert verdict.verdict in (SOLVABLE, UNSOLVABLE)
    assert (verdict.verdict == SOLVABLE) == brute_force_wide(world, lambda s: game.wins("M", s), margin=9)


# A shove out of the rectangle: tests/engine/levels/zr30-shove-out.toml with a shove weight, the
# Mechanic's HP and spells drawn.
SHOVE = '''id = "zr30s"
rooms = ["A @ spawn-east", "cart = D({d}) @ split", "Z @ corner-north-east"]
heroes = ["Mechanic({hp}, {{cart: {w}}})"{more}]
spells = [{spells}]
[tiles.split]
cells = """
#####
#.#.#
..#.#
##..#
##.##
"""
[[solutions]]
rotation = 0
map = """
A cart
. Z
"""
casts = []
expect = "loss"
'''


@SETTINGS
@given(d=st.integers(0, 2), hp=st.integers(1, 4), w=st.integers(0, 2),
       more=st.sampled_from(["", ', "Warrior(2)"']), spells=st.lists(spell, max_size=2))
def test_zr30_a_shove_out_of_the_rectangle_keeps_the_verdict_of_brute_force(d, hp, w, more, spells):
    agrees(world_of(SHOVE.format(d=d, hp=hp, w=w, more=more, spells=", ".join(spells))))

"""FR-57 (issue 41): Move as a board spell of the damage bound's lone walk. While a Move is left
the bound tries, on each hero's walk, every room moved beside another room or to one slot
touching no room (ZR-30: it stands for every such slot while nothing can move a room to an empty
slot after it); the groups stand aside while a Move is left. Checked against brute force on
random worlds with a Move, from the states the bound gives up and after the casts it cuts, and
against the search without reductions; a bound made wrong on purpose gives up a win."""

from __future__ import annotations

import dataclasses

from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from zorglab.core.model import HeroSpec, RoomSpec, SpellSpec
from zorglab.engine.spells.move import MoveSpell
from zorglab.engine.turns import act, next_action
from zorglab.engine.world import World
from zorglab.search.bound import DamageBound, world_gate
from zorglab.search.casts import legal_casts
from zorglab.search.family import family_level, family_world
from zorglab.search.solver import SOLVABLE, UNKNOWN, UNSOLVABLE, Search

from randomlevels import TILES, small_worlds, successors
from test_solver_properties import brute_force

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
EAGER = dict(forget_dead=False, cut_sleepers=False, bound_first=10**9)     # the bound never short of work
OTHERS = st.one_of(st.builds(lambda x: ("Attack", (x,)), st.integers(1, 3)), st.just(("Swap", ())),
                   st.just(("Sleep", ())), st.just(("Banality", ())),
                   st.builds(lambda n: ("Teleport", (n,)), st.integers(1, 2)))
STRONG = st.one_of(st.builds(lambda hp: ("Warrior", (hp,)), st.integers(1, 6)),
                   st.builds(lambda hp, imm: ("Elf", (hp, imm)), st.integers(1, 6),
                             st.sampled_from([frozenset(), frozenset({"fire"})])))


@st.composite
def move_worlds(draw, max_others: int = 2):
    """A random world of four rooms with one to three heroes, a Move and up to ``max_others``
    other spells (in any order), that the bound applies to."""
    world = draw(small_worlds(max_spells=0, min_heroes=1, max_heroes=3))
    rest = draw(st.lists(OTHERS, min_size=0, max_size=max_others))
    order = draw(st.permutations([("Move", ())] + rest))
    level = dataclasses.replace(world.level, spells=tuple(SpellSpec(f"{t}{i + 1}", t, a)
                                                          for i, (t, a) in enumerate(order)))
    world = World(level, dict(zip((room.label for room in level.rooms), world.initial_state().slots)))
    assume(world_gate(world) is None)
    return world


@st.composite
def move_paths(draw):
    """A world of :func:`move_worlds` and the states of one random path through it."""
    world = draw(move_worlds())
    state = world.initial_state()
    path = [state]
    for _ in range(draw(st.integers(0, 30))):
        moves = successors(world, state)
        if not moves:
            break
        state = moves[draw(st.integers(0, len(moves) - 1))]
        path.append(state)
    return world, path


def _move_left(world: World, state) -> bool:
    return any(state.spells_left[spell.index] for spell in world.spells if spell.type == "Move")


@settings(SETTINGS, max_examples=40)
@given(move_paths())
def test_a_state_the_bound_gives_up_while_a_move_is_left_has_no_win(case):
    """The states of a random path, deepest first (one bound for all, so walks filed for fewer
    spells left are there to be reused wrongly): the first two the bound gives up, those with a
    Move left first, have no win."""
    world, path = case
    search = Search(world, **EAGER)
    bound = search._bound
    assert bound is not None
    given_up = []
    for state in reversed(path):
        if not state.lost and bound.hopeless(state, search._mask(state.spells_left), search._parts(state, None)):
            given_up.append(state)
    given_up.sort(key=lambda state: not _move_left(world, state))
    event(f"given up with a Move left: {min(sum(_move_left(world, state) for state in given_up), 2)}")
    for state in given_up[:2]:
        assert not brute_force(world, state), "the bound gave up a branch that wins"


@settings(SETTINGS, max_examples=50)
@given(move_paths())
def test_a_move_the_board_cut_gives_up_has_no_winning_cast(case):
    """The board cut with a Move: where the bound says every move a Move could make leaves a
    hero nothing can kill, brute force finds no win after any of its casts."""
    world, path = case
    search = Search(world, **EAGER)
    bound = search._bound
    assert bound is not None
    cuts = 0
    for state in reversed(path):
        if state.lost:
            continue
        found = next_action(world, state)
        active = found[0] if found is not None and state.heroes[found[0]].pos is not None else None
        mask = search._mask(state.spells_left)
        cut = bound.board_cut(state, mask, search._parts(state, None), active)
        for cast, nxt, _ in legal_casts(world, state, active=active):
            if cut & mask & ~search._mask(nxt.spells_left):
                cuts += 1
                assert not brute_force(world, nxt), f"the cut left out a winning {cast}"
    event(f"casts cut: {min(cuts, 3)}")


@settings(SETTINGS, max_examples=40)
@given(move_worlds())
def test_the_search_with_a_move_in_the_bound_keeps_every_verdict(world):
    """The search with every reduction, the bound eager (asked from the first state on), and the
    one without any reduction agree on random worlds with a Move."""
    plain = Search(world, prune=False).run(max_states=30_000)
    assume(plain.verdict != UNKNOWN)
    event(f"plain: {plain.verdict}")
    for fewest in (True, False):
        assert Search(world, fewest=fewest, **EAGER).run(max_states=30_000).verdict == plain.verdict


def _row(hp: int, spells: tuple[tuple[str, tuple], ...], damage: int = 1) -> World:
    """One Warrior of ``hp`` in a row of A, D1(``damage``), Z with these spells."""
    rooms = (RoomSpec("A", "A"), RoomSpec("D1", "D", (damage,)), RoomSpec("Z", "Z"))
    level = dataclasses.replace(family_level(1, 0), rooms=rooms, tiles=TILES,
                                heroes=(HeroSpec("W1", "Warrior", (hp,)),),
                                spells=tuple(SpellSpec(f"{t}{i + 1}", t, a) for i, (t, a) in enumerate(spells)))
    return World(level, {"A": (0, 0), "D1": (1, 0), "Z": (2, 0)})


def _first_hopeless(world: World) -> bool:
    search = Search(world, **EAGER)
    state = world.initial_state()
    return search._bound.hopeless(state, search._mask(state.spells_left), search._parts(state, None))


def test_the_bound_gives_up_a_hero_no_move_can_kill():
    """A Warrior of 9 HP in a row A, D1(1), Z with a Move and an Attack(1): no Move lets the rooms
    take 8 HP, so the bound gives the first state up (before FR-57 it stood aside while the Move
    was left, and the search walked the Move's every destination)."""
    world = _row(9, (("Move", ()), ("Attack", (1,))))
    assert not brute_force(world)
    assert _first_hopeless(world)
    assert Search(world, fewest=False).run(max_states=100_000).verdict == UNSOLVABLE


def test_a_move_that_sets_a_room_apart_is_no_reason_for_the_groups_to_stand_aside_for_good():
    """The stall gate no longer names Move: the groups stand aside while one is left, and look at
    the slots of each state once it is cast (``Groups.apart``)."""
    from zorglab.search.groups import stall_gate
    assert stall_gate(family_world(3, 9)) is None
    bound = DamageBound(family_world(3, 9))
    assert bound.roaming == 1 << 8
    assert not bound.roams(bound.roaming | 1 << 4)      # with the Swap: it keeps the slots
    two = _row(9, (("Move", ()), ("Move", ()), ("Attack", (1,))))
    assert DamageBound(two).roams(0b111) and not DamageBound(two).roams(0b101)


def test_two_moves_left_leave_the_bound_aside():
    """With two Moves left a lone slot no longer stands for every slot (the second may bring a
    room beside the first): the bound stands aside until one is cast."""
    world = _row(9, (("Move", ()), ("Move", ()), ("Attack", (1,))))
    search = Search(world, **EAGER)
    state = world.initial_state()
    assert not search._bound.hopeless(state, search._mask(state.spells_left), search._parts(state, None))


def _wide_world() -> World:
    """Two Warriors in a row A, D1(1), Z with a Move and an Attack(1): a Move of the first hero's
    room away from the others leaves it stuck, so the second spawns beside it and one Attack
    reaches both."""
    rooms = (RoomSpec("A", "A"), RoomSpec("D1", "D", (1,)), RoomSpec("Z", "Z"))
    level = dataclasses.replace(family_level(2, 0), rooms=rooms, tiles=TILES,
                                heroes=(HeroSpec("W1", "Warrior", (2,)), HeroSpec("W2", "Warrior", (2,))),
                                spells=(SpellSpec("Move1", "Move", ()), SpellSpec("Attack2", "Attack", (2,))))
    return World(level, {"A": (0, 0), "D1": (1, 0), "Z": (2, 0)})


def test_groups_asked_while_a_move_is_left_would_give_up_a_win(monkeypatch):
    """Made wrong on purpose: groups that ignore a Move left give up the win a Move makes (the
    first hero stuck in a room set apart, the second beside it, one Attack for both)."""
    world = _wide_world()
    assert brute_force(world)
    assert Search(world, fewest=False, **EAGER).run(max_states=100_000).verdict == SOLVABLE
    monkeypatch.setattr(DamageBound, "roaming", 0, raising=False)
    original = DamageBound.__init__

    def without_roaming(self, world):
        original(self, world)
        self.roaming = 0

    monkeypatch.setattr(DamageBound, "__init__", without_roaming)
    assert Search(world, fewest=False, **EAGER).run(max_states=100_000).verdict == UNSOLVABLE


def _spawn_move_world(hp: int) -> World:
    """A Warrior of ``hp`` in A(0, 0), D1(0) (1, 0), Z (2, 0), with D2(3) under D1, a Move and an
    Attack(1): on its own it walks A, D1, Z and loses nothing; a Move of A to (0, 1), beside D2
    alone, sends it through D2 (3 HP), and the Attack takes the last."""
    rooms = (RoomSpec("A", "A"), RoomSpec("D1", "D", (0,)), RoomSpec("Z", "Z"), RoomSpec("D2", "D", (3,)))
    level = dataclasses.replace(family_level(1, 0), rooms=rooms, tiles=TILES,
                                heroes=(HeroSpec("W1", "Warrior", (hp,)),),
                                spells=(SpellSpec("Move1", "Move", ()), SpellSpec("Attack2", "Attack", (1,))))
    return World(level, {"A": (0, 0), "D1": (1, 0), "Z": (2, 0), "D2": (1, 1)})


def test_a_walk_a_move_bends_is_walked_with_it(monkeypatch):
    """The lone walk tries the Move: at 4 HP the Move and the Attack win and the bound keeps the
    first state; at 5 HP nothing wins and the bound gives the first state up. Made wrong
    on purpose (Move bending no walk: role "none"), the bound gives the 4 HP win up."""
    assert brute_force(_spawn_move_world(4)) and not brute_force(_spawn_move_world(5))
    assert not _first_hopeless(_spawn_move_world(4))
    assert _first_hopeless(_spawn_move_world(5))
    monkeypatch.setattr(MoveSpell, "bound_role", "none")
    assert _first_hopeless(_spawn_move_world(4))


def _moved(before, after) -> dict:
    return {room: slot for room, (old, slot) in enumerate(zip(before, after)) if old != slot}


def _lone(slots, room, slot) -> bool:
    """Does ``slot`` touch no room but ``room`` (which moves there)?"""
    others = {s for i, s in enumerate(slots) if i != room}
    return not any((slot[0] + dx, slot[1] + dy) in others for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))


def covered(relaxed: list[dict], before, after) -> bool:
    """Is the Move from slots ``before`` to ``after`` among ``relaxed``, a lone slot standing for
    every lone slot of the same room (ZR-30)?"""
    moves = _moved(before, after)
    if moves in relaxed:
        return True
    ((room, slot),) = moves.items()
    return _lone(before, room, slot) and any(len(m) == 1 and room in m and _lone(before, room, m[room])
                                             for m in relaxed)


@settings(SETTINGS, max_examples=40)
@given(move_paths())
def test_every_move_cast_is_among_the_relaxed_moves(case):
    """Whatever the engine lets a Move do from a state of a random path (every slot the search
    could offer, two beyond the rooms), ``relaxed_moves`` holds it, or a lone slot of the same
    room standing for it."""
    world, path = case
    seen = 0
    for state in path:
        if state.lost:
            continue
        relaxed = MoveSpell.relaxed_moves(state.slots)
        for cast, nxt, _ in legal_casts(world, state, noops=True, margin=3):
            if cast.spell.type == "Move":
                seen += 1
                assert covered(relaxed, state.slots, nxt.slots), f"{cast} is no relaxed move"
    event(f"Move casts seen: {min(seen, 3)}")


def test_relaxed_moves_without_their_lone_slot_miss_a_cast():
    """Made wrong on purpose: without the lone slot the relaxed moves miss the Move casts that set
    a room apart, which the test above would catch."""
    world = family_world(1, 9)
    state = world.initial_state()
    state = act(world, state, next_action(world, state), record=False)[0]      # the hero in A
    relaxed = MoveSpell.relaxed_moves(state.slots)
    beside = [m for m in relaxed if not any(_lone(state.slots, r, s) for r, s in m.items())]
    assert len(beside) < len(relaxed) == len(beside) + len(world.rooms)
    casts = [nxt for cast, nxt, _ in legal_casts(world, state, noops=True) if cast.spell.type == "Move"]
    assert casts and all(covered(relaxed, state.slots, nxt.slots) for nxt in casts)
    assert not all(covered(beside, state.slots, nxt.slots) for nxt in casts)

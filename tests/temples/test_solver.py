"""The solver (contract §4, R2, R3, R8): the acceptance fixtures and every kind of way."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import SOLVER, draw
from zorglab.temples import Place, compile_temple, load_temple, solve
from zorglab.temples.errors import SolverBudgetError
from zorglab.temples.topology import pit_drop_of, stairs_partner, teleport_target_for

P = Place


def fixture(name):
    return load_temple(SOLVER / f"{name}.json")


def test_solvable_fixture_gives_the_critical_order_and_states():
    sol = solve(fixture("solvable"))
    assert sol.solvable and sol.ok and sol.soft_lock is None
    assert sol.states == 2  # before and after the one key is spent
    assert [str(s) for s in sol.steps] == ["open door (0,3,2)->(0,3,3)"]
    assert [what for _, what in sol.critical_order] == [
        "start", "small key", "open locked door from (0,3,2)", "mini-boss", "master key",
        "boss door", "boss", "Pegasus", "gate",
    ]
    route = sol.critical
    assert route.cells[0] == route.cells[-1] == P(0, 4, 2)  # the gate is the entrance: the hero walks out
    assert P(0, 1, 1) in route.cells


def test_key_behind_its_own_lock_is_unsolvable():
    sol = solve(fixture("key-behind-its-lock"))
    assert not sol.solvable
    assert sol.blocked == ((P(0, 3, 2), P(0, 3, 3), "a small key"),)
    assert P(0, 3, 3) not in sol.reached
    assert sol.critical is None and sol.critical_order == ()


def test_master_key_behind_the_boss_door_is_unsolvable():
    sol = solve(fixture("master-behind-boss"))
    assert not sol.solvable
    assert (P(0, 1, 3), P(0, 1, 2), "the master key") in sol.blocked


def test_unreachable_room_does_not_stop_the_solver():
    sol = solve(fixture("unreachable-room"))
    assert sol.solvable
    assert P(0, 0, 5) not in sol.reached


def test_worst_key_order_reports_the_first_soft_lock_and_how():
    sol = solve(fixture("side-door-soft-lock"))
    assert sol.solvable and not sol.ok
    lock = sol.soft_lock
    assert lock.at == P(0, 3, 0) and lock.keys == 0
    assert [str(s) for s in lock.steps] == ["open door (0,3,1)->(0,3,0)"]
    assert "can no longer reach the gate" in str(lock)


def test_a_wasted_key_on_a_door_whose_far_side_is_already_open_counts_as_a_soft_lock():
    # Two ways from the start area to the key room; the locked one is redundant.
    temple = draw(
        """
        _ P B 0 K
        _ _ _ _ b
        0 0 0 _ L
        0 k W _ 0
        _ E 0 0 0
        _ _ H _ _
        """,
        (0, 4, 1),
        {"W": {"type": "empty", "locked": {"north": True}}, "L": {"type": "empty", "locked": {"north": True}}},
    )
    sol = solve(temple)
    assert sol.solvable
    assert sol.soft_lock is not None
    assert sol.soft_lock.steps[0].source == P(0, 3, 2)


def test_small_keys_never_open_the_boss_door_whatever_its_flags():
    # The boss room carries a small-key lock flag and no locked.master: only the master key opens it.
    temple = draw(
        """
        P B 0 K
        _ _ _ b
        k 0 0 0
        _ E _ H
        """,
        (0, 3, 1),
        {"B": {"type": "boss", "locked": {"east": True}, "content": {"lockOnEnter": True}}},
    )
    graph = compile_temple(temple)
    assert graph.doors == ()  # the flag made no small-key door
    sol = solve(graph)
    assert sol.solvable
    assert ("boss door" in [w for _, w in sol.critical_order])
    without_master = draw(
        """
        P B 0 k
        _ _ _ b
        k 0 0 0
        _ E _ H
        """,
        (0, 3, 1),
        {"B": {"type": "boss", "locked": {"east": True}}},
    )
    assert not solve(without_master).solvable


def test_bombable_side_opens_only_after_a_bomb_source():
    rooms = {"X": {"type": "empty", "barriers": {"north": "bombable"}}}
    layout = """
        P B K _
        _ _ b _
        _ _ X _
        _ $ E H
        """
    with_shop = draw(layout, (0, 3, 2), rooms)
    assert solve(with_shop).solvable
    no_shop = draw(layout.replace("$", "0"), (0, 3, 2), rooms)
    sol = solve(no_shop)
    assert not sol.solvable
    assert (P(0, 2, 2), P(0, 1, 2), "Bombs") in sol.blocked
    dropped = draw(layout.replace("$", "s"), (0, 3, 2), {**rooms, "s": {"type": "monster", "content": {"drops": ["Bomb"]}}})
    assert solve(dropped).solvable


def test_a_wall_barrier_on_either_end_is_no_door():
    rooms = {"X": {"type": "empty", "barriers": {"east": "wall"}}}
    temple = draw("E X 0\n_ _ _", (0, 0, 0), rooms)
    graph = compile_temple(temple)
    x, right = graph.index[P(0, 0, 1)], graph.index[P(0, 0, 2)]
    assert all(v != right for v, _ in graph.moves[x])
    assert all(v != x for v, _ in graph.moves[right])


def test_a_cracked_side_into_the_boss_room_stays_the_boss_door():
    temple = draw(
        """
        P B 0 K
        _ _ _ b
        _ 0 0 0
        _ E _ H
        """,
        (0, 3, 1),
        {"B": {"type": "boss", "barriers": {"east": "bombable"}}},
    )
    assert solve(temple).solvable  # no bomb source, yet the master key opens it


def test_stairs_pair_by_height_not_by_list_order():
    temple = draw(
        {"2F": "D 0\n_ _", "1F": "U E\n_ _", "B1": "0 D\n_ _"},
        (1, 0, 1),
    )
    assert stairs_partner(temple, P(1, 0, 0)) == P(0, 0, 0)
    assert stairs_partner(temple, P(0, 0, 0)) == P(1, 0, 0)
    assert stairs_partner(temple, P(2, 0, 1)) is None  # a D on B1 wants a U below it


def test_locked_stairs_spend_a_key_climbing_and_come_back_free():
    rooms = {"U": {"type": "stairs_up", "content": {"locked": "small"}}}
    temple = draw({"2F": "D 0\n_ _", "1F": "U E\n_ k"}, (1, 0, 1), rooms)
    graph = compile_temple(temple)
    up, down = graph.index[P(1, 0, 0)], graph.index[P(0, 0, 0)]
    assert graph.doors == ((up, down, "stairs"),)
    climb = dict(graph.moves[up])[down]
    back = dict(graph.moves[down])[up]
    assert climb >> 2 and back == 0
    master = draw({"2F": "D 0\n_ _", "1F": "U E\n_ k"}, (1, 0, 1), {"U": {"type": "stairs_up", "content": {"locked": "master"}}})
    graph = compile_temple(master)
    assert graph.doors == () and dict(graph.moves[up])[down] == 1


def test_teleport_targets_follow_the_contract():
    temple = draw(
        {"2F": "Y 0 Y\n_ Y _", "1F": "Y E _\n_ _ _", "B1": "Y 0 _\n_ _ _"},
        (1, 0, 1),
        {"T": {"type": "teleport", "content": {"targetLevel": "2F", "targetCoords": {"x": 1, "y": 0}}}},
    )
    # three on 2F: each leads to the next on its floor, wrapping (not pairs)
    assert teleport_target_for(temple, P(0, 0, 0)) == P(0, 0, 2)
    assert teleport_target_for(temple, P(0, 0, 2)) == P(0, 1, 1)
    assert teleport_target_for(temple, P(0, 1, 1)) == P(0, 0, 0)
    # alone on its floor: the temple's next circle, wrapping over floors
    assert teleport_target_for(temple, P(1, 0, 0)) == P(2, 0, 0)
    assert teleport_target_for(temple, P(2, 0, 0)) == P(0, 0, 0)
    named = draw("T 0 Y\nE _ Y", (0, 1, 0), {"T": {"type": "teleport", "content": {"targetLevel": "1F", "targetCoords": {"x": 1, "y": 0}}}})
    assert teleport_target_for(named, P(0, 0, 0)) == P(0, 0, 1)


def test_a_lone_circle_leads_nowhere():
    temple = draw("E Y 0\n_ _ _", (0, 0, 0))
    graph = compile_temple(temple)
    assert graph.lone_circles == (graph.index[P(0, 0, 1)],)
    assert teleport_target_for(temple, P(0, 0, 1)) is None


def test_pits_drop_one_floor_down_or_to_a_named_landing_strictly_below():
    temple = draw({"2F": "v 0 w\n0 0 _", "1F": "0 E 0\n0 _ _"}, (1, 0, 1),
                  {"w": {"type": "pit", "content": {"targetLevel": "1F", "targetCoords": {"x": 0, "y": 1}}}})
    assert pit_drop_of(temple, P(0, 0, 0)) == P(1, 0, 0)
    assert pit_drop_of(temple, P(0, 0, 2)) == P(1, 1, 0)
    same_floor = draw({"2F": "v 0 w\n0 0 _", "1F": "0 E 0\n0 _ _"}, (1, 0, 1),
                      {"w": {"type": "pit", "content": {"targetLevel": "2F", "targetCoords": {"x": 0, "y": 1}}}})
    assert pit_drop_of(same_floor, P(0, 0, 2)) == P(1, 0, 2)  # an own-floor seed falls the old way
    bottom = draw("E v\n_ _", (0, 0, 0))
    assert pit_drop_of(bottom, P(0, 0, 1)) is None


def test_a_pit_is_one_way_and_can_soft_lock():
    # Take the key, then jump: solvable. Jump first: stuck below a locked door for good.
    temple = draw(
        {"2F": "k E v\n_ _ _\n_ _ _", "1F": "K b L\nB _ H\nP G _"},
        (0, 0, 1),
        {"L": {"type": "empty", "locked": {"west": True}}},
    )
    assert compile_temple(temple).symmetric is False
    sol = solve(temple)
    assert sol.solvable
    lock = sol.soft_lock
    assert lock is not None and lock.at == P(0, 0, 2) and lock.keys == 0  # in the pit, key left behind
    assert [str(s) for s in lock.steps] == ["take pit (0,0,1)->(0,0,2)"]


def test_key_dropped_by_a_fight_counts():
    temple = draw(
        """
        P B 0 K
        _ _ _ b
        s L 0 0
        _ E _ H
        """,
        (0, 3, 1),
        {"s": {"type": "monster", "content": {"drops": ["key"]}}, "L": {"type": "empty", "locked": {"east": True}}},
    )
    assert solve(temple).ok
    no_drop = draw(
        """
        P B 0 K
        _ _ _ b
        s L 0 0
        _ E _ H
        """,
        (0, 3, 1),
        {"s": {"type": "monster", "content": {"chest": "dungeon", "dungeon": "key"}}, "L": {"type": "empty", "locked": {"east": True}}},
    )
    assert not solve(no_drop).solvable  # a key written into a fight room's chest fields is not a key


def test_budget_is_named_when_exceeded():
    with pytest.raises(SolverBudgetError, match="more than 1 solver states"):
        solve(fixture("solvable"), budget=1)


def test_the_area_quotient_agrees_with_the_literal_search():
    from zorglab.temples import generate_with_report

    fixtures = [fixture(n) for n in ("solvable", "key-behind-its-lock", "master-behind-boss", "side-door-soft-lock")]
    generated = [generate_with_report(seed, {"size": size}).temple for seed in range(15) for size in ("small", "medium")]
    for temple in fixtures + generated:
        graph = compile_temple(temple)
        assert graph.symmetric
        areas, cells = solve(graph, method="areas"), solve(graph, method="cells")
        assert (areas.solvable, areas.ok) == (cells.solvable, cells.ok)
        assert areas.states <= cells.states
        if areas.soft_lock:
            assert [s.kind for s in areas.soft_lock.steps] == [s.kind for s in cells.soft_lock.steps]


def _two_way_temple(cells, width):
    """A one-floor temple of ``width`` × ``width`` rooms drawn from tokens: the entrance, then
    ``cells`` row by row; ``n e s w`` are rooms locked on one side (``s`` a monster dropping a key),
    ``X`` a room with a bombable wall."""
    tokens = ["E"] + cells
    rows = [" ".join(tokens[i:i + width]) for i in range(0, width * width, width)]
    rooms = {
        "n": {"type": "empty", "locked": {"north": True}},
        "e": {"type": "empty", "locked": {"east": True}},
        "s": {"type": "monster", "locked": {"south": True}, "content": {"drops": ["key"]}},
        "w": {"type": "empty", "locked": {"west": True}},
        "X": {"type": "empty", "barriers": {"north": "bombable", "east": "wall"}},
    }
    return draw("\n".join(rows), (0, 0, 0), rooms)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from("00000__kkKbBPnesw$X"), min_size=15, max_size=15))
def test_area_and_literal_search_agree_on_random_two_way_temples(cells):
    temple = _two_way_temple(cells, 4)
    graph = compile_temple(temple)
    areas, cells_ = solve(graph, method="areas"), solve(graph, method="cells")
    assert (areas.solvable, areas.ok) == (cells_.solvable, cells_.ok)


class _CountedMoves(tuple):
    """A graph's moves that count how often each cell's are read (a walk reads them once a cell)."""

    reads: Counter[int]

    def __getitem__(self, cell):
        self.reads[cell] += 1
        return tuple.__getitem__(self, cell)


def _counting(graph):
    moves = _CountedMoves(graph.moves)
    moves.reads = Counter()
    return dataclasses.replace(graph, moves=moves), moves.reads


def test_a_key_spent_grows_the_area_from_its_parents_instead_of_walking_it_again():
    graph, reads = _counting(compile_temple(fixture("solvable")))
    sol = solve(graph)
    assert sol.ok and sol.states == 2
    # the entrance's area is walked once: the area past the door grows from it
    assert reads[graph.entrance] == 1
    assert set(reads) == {graph.index[p] for p in sol.reached}


def test_generated_proofs_walk_each_room_about_once():
    from zorglab.temples import generate_with_report

    walked = rooms = 0
    for seed in range(20):
        graph, reads = _counting(generate_with_report(seed, {"rooms": 50}).solution.graph)
        assert solve(graph).ok
        walked += sum(reads.values())
        rooms += graph.size
    assert walked < 1.6 * rooms  # 1.15 a room; 3.2 when every area was walked again from its door


def test_a_generated_temples_proof_builds_no_table_it_does_not_read():
    from zorglab.temples import generate_with_report

    graph = generate_with_report(3, {"rooms": 50}).solution.graph
    # how each move goes, the moves that need something and the place index are built when asked
    assert not {"vias", "gated", "index", "links"} & set(vars(graph))
    assert graph.index[graph.places[graph.entrance]] == graph.entrance
    assert [len(v) for v in graph.vias] == [len(m) for m in graph.moves]
    assert all(via == "stairs" for u, via in graph.rides.items() if graph.vias[u][-1] == via)
    assert graph.gated == tuple(tuple(m for m in out if m[1]) for out in graph.moves)


def test_every_way_has_its_kind_in_vias_and_via():
    temple = draw(
        {"2F": "D 0 Y\n0 _ 0\nv _ 0", "1F": "U 0 Y\n0 _ 0\nE 0 0"},
        (1, 2, 0),
    )
    graph = compile_temple(temple)
    kinds = {(graph.places[link.source], graph.places[link.target]): link.via for link in graph.links}
    assert kinds[(P(0, 0, 0), P(1, 0, 0))] == kinds[(P(1, 0, 0), P(0, 0, 0))] == "stairs"
    assert kinds[(P(0, 2, 0), P(1, 2, 0))] == "pit"
    assert kinds[(P(0, 0, 2), P(1, 0, 2))] == "teleport"
    assert kinds[(P(0, 0, 0), P(0, 0, 1))] == "door"
    for (source, target), via in kinds.items():
        if via != "door" or (source, target) not in {(P(0, 0, 2), P(1, 0, 2))}:
            assert graph.via(graph.index[source], graph.index[target]) == via


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from("00000__kkKbBPnesw$X"), min_size=24, max_size=24))
def test_an_area_grown_from_its_parents_is_the_area_walked_from_its_door(cells):
    from zorglab.temples.graph import FLAG_BITS, FLAG_MASK
    from zorglab.temples.state import Rules

    graph = compile_temple(_two_way_temple(cells, 5))
    if not graph.symmetric:
        return
    rules = Rules.of(graph)

    def same(region, cell, events, opened):
        _mark, walked, got, flags = rules.area(cell, events, opened)
        assert sorted(region.members) == sorted(walked) and (region.events, region.flags) == (got, flags)
        lacking = ~(flags | opened << FLAG_BITS)
        assert sorted(region.shut) == sorted((u, v, need) for u in walked for v, need in graph.moves[u] if need & lacking)

    start = rules.start
    frontier = [(rules.region(start.cell, start.events, start.opened), start.cell, start.opened)]
    same(*frontier[0][:2], start.events, start.opened)
    for _depth in range(3):  # keys spent one after another, each area grown from the last
        grown = []
        for region, _cell, opened in frontier:
            have = region.flags | opened << FLAG_BITS
            for _u, v, need in region.shut:
                missing = need & ~have
                if missing & FLAG_MASK:
                    continue
                wider = opened | missing >> FLAG_BITS
                child = rules.grow(region, v, wider)
                same(child, v, region.events, wider)
                grown.append((child, v, wider))
        frontier = grown[:6]


def test_the_places_reached_are_built_when_asked():
    from zorglab.temples import generate_with_report

    solution = generate_with_report(5, {"rooms": 50}).solution
    assert "reached" not in vars(solution)  # the generator never reads them
    graph = solution.graph
    assert solution.reached == {graph.places[u] for u in solution.reached_cells} == set(graph.places)

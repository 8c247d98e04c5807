"""The generator (contract §3, §7, R10, R11): every temple passes every rule, deterministically."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zorglab.errors import OptionError
from zorglab.temples import TempleGenerationError, dumps_temple, generate_temple, generate_with_report, lint_temple
from zorglab.temples import generator as generator_module
from zorglab.temples.grants import room_grants
from zorglab.temples.model import FIGHT_TYPES, GATE
from zorglab.temples.options import ELEMENTS, SIZES, check_options
from zorglab.temples.solver import solve


@pytest.mark.parametrize("size", SIZES)
def test_acceptance_200_seeds_pass_every_rule(size):
    failures = []
    for seed in range(200):
        report = generate_with_report(seed, {"size": size})
        lint = lint_temple(report.temple, graph=report.solution.graph, solution=report.solution)
        if not lint.is_valid():
            failures.append((seed, [str(v) for v in lint.violations]))
    assert failures == []


def test_same_seed_and_options_give_byte_identical_json():
    for seed in (0, 1, 99, "family-smith", -5, 2**70):
        for options in ({}, {"size": "large", "locks": 3, "gate": True, "quests": ["dishes", "bins"]}):
            assert dumps_temple(generate_temple(seed, options)) == dumps_temple(generate_temple(seed, dict(options)))


def test_determinism_does_not_depend_on_the_hash_seed():
    code = (
        "import sys, json; from zorglab.temples import generate_temple, dumps_temple;"
        "sys.stdout.write(json.dumps([dumps_temple(generate_temple(s, {'size': z})) for s in (3, 'x') for z in ('small', 'large')]))"
    )
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True).stdout
    here = [dumps_temple(generate_temple(s, {"size": z})) for s in (3, "x") for z in ("small", "large")]
    assert json.loads(out) == here


def test_different_seeds_give_different_temples():
    texts = {dumps_temple(generate_temple(seed)) for seed in range(20)}
    assert len(texts) == 20


def test_the_seed_and_options_are_stored_in_the_temple():
    temple = generate_temple("smiths", {"theme": "Kitchen", "size": "small"})
    assert temple.seed == "smiths" and temple.theme == "Kitchen" and temple.options is not None
    assert temple.options["size"] == "small" and temple.options["theme"] == "Kitchen"
    assert generate_temple(temple.seed, dict(temple.options)) == temple


@pytest.mark.parametrize(
    "options, message",
    [
        ({"size": "huge"}, "size must be one of small, medium, large, not 'huge'"),
        ({"floors": 0}, "floors must be from 1 to 3, not 0"),
        ({"floors": 4}, "floors must be from 1 to 3, not 4"),
        ({"floors": "2"}, "floors must be a whole number from 1 to 3, not '2'"),
        ({"floors": True}, "floors must be a whole number from 1 to 3, not True"),
        ({"locks": -1}, "locks must be from 0 to 3, not -1"),
        ({"locks": 4}, "locks must be from 0 to 3, not 4"),
        ({"locks": 1.5}, "locks must be a whole number from 0 to 3, not 1.5"),
        ({"element": "plasma"}, "element must be one of earth, fire, ice, light, moon, shadow, storm, water, wind, not 'plasma'"),
        ({"theme": ""}, "theme must be a non-empty name, not ''"),
        ({"quests": "dishes"}, "quests must be a list of quest names, not 'dishes'"),
        ({"quests": ["ok", 3]}, "each quest must be a non-empty name, not 3"),
        ({"gate": "yes"}, "gate must be true or false, not 'yes'"),
        ({"colour": "red"}, "unknown option 'colour'"),
    ],
)
def test_option_bounds_are_refused_naming_the_value(options, message):
    with pytest.raises(OptionError) as caught:
        generate_temple(1, options)
    assert message in str(caught.value)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.one_of(st.integers(-(2**64), 2**64), st.text(max_size=12)),
    size=st.sampled_from(SIZES),
    floors=st.one_of(st.none(), st.integers(1, 3)),
    locks=st.one_of(st.none(), st.integers(0, 3)),
    element=st.one_of(st.none(), st.sampled_from(ELEMENTS)),
    gate=st.booleans(),
    quests=st.lists(st.sampled_from(["dishes", "laundry", "bins", "homework"]), max_size=3),
)
def test_any_valid_options_give_a_temple_that_honours_them(seed, size, floors, locks, element, gate, quests):
    options = {"size": size, "floors": floors, "locks": locks, "element": element, "gate": gate, "quests": quests}
    report = generate_with_report(seed, options)
    temple = report.temple
    assert lint_temple(temple, graph=report.solution.graph, solution=report.solution).is_valid()
    if floors is not None:
        assert len(temple.floors) == floors
    if locks is not None:
        assert report.critical_locks == locks == report.solution.locks_opened
    if element is not None:
        assert temple.element == element
    types = [temple.room_at(p).type for p in temple.room_places()]
    assert (GATE in types) == gate
    bound = [temple.room_at(p).get("quest") for p in temple.room_places() if temple.room_at(p).type in FIGHT_TYPES]
    assert bound == ([quests[i % len(quests)] for i in range(len(bound))] if quests else [None] * len(bound))


@pytest.mark.parametrize("bad", [{"floors": 9}, {"locks": 7}, {"size": "tiny"}, {"element": "mud"}])
def test_check_options_refuses_before_any_work(bad):
    with pytest.raises(OptionError):
        check_options(bad)


def test_generated_shapes_follow_the_size():
    for seed in range(30):
        small, large = generate_temple(seed, {"size": "small"}), generate_temple(seed, {"size": "large"})
        assert len(small.floors) == 1 and all(5 <= f.rows <= 6 and 5 <= f.cols <= 6 for f in small.floors)
        assert len(large.floors) in (2, 3) and all(7 <= f.rows <= 9 for f in large.floors)


def test_side_locks_come_with_spare_keys():
    seen = 0
    for seed in range(40):
        report = generate_with_report(seed, {"size": "large"})
        keys = sum(room_grants(report.temple.room_at(p)).small_keys for p in report.temple.room_places())
        assert keys == report.critical_locks + report.side_locks == len(report.solution.graph.doors)
        seen += report.side_locks
    assert seen > 0


def test_failed_verification_retries_with_the_next_sub_seed(monkeypatch):
    real = solve
    calls = []

    def flaky(graph):
        calls.append(1)
        solution = real(graph)
        if len(calls) <= 2:
            return type(solution)(**{**solution.__dict__, "solvable": False})
        return solution

    monkeypatch.setattr(generator_module, "solve", flaky)
    report = generate_with_report(5, {"size": "small"})
    assert report.retries == 2 and len(calls) == 3


def test_generator_raises_after_eight_failed_sub_seeds(monkeypatch):
    real = solve
    calls = []

    def never(graph):
        calls.append(1)
        solution = real(graph)
        return type(solution)(**{**solution.__dict__, "solvable": False})

    monkeypatch.setattr(generator_module, "solve", never)
    with pytest.raises(TempleGenerationError, match="after 8 sub-seeds"):
        generate_temple(5, {"size": "small"})
    assert len(calls) == 8


@pytest.mark.parametrize("seed", [True, 1.5, None.__class__, [1]])
def test_a_seed_that_is_not_an_int_or_a_string_is_refused(seed):
    with pytest.raises(OptionError, match="seed"):
        generate_temple(seed)


@pytest.mark.parametrize("rooms", [12, 33, 50, 87, 120])
def test_the_rooms_option_gives_exactly_that_many_rooms_and_every_rule_holds(rooms):
    for seed in range(12):
        options = {"rooms": rooms, "size": SIZES[seed % 3], "gate": seed % 4 == 0}
        report = generate_with_report(seed, options)
        temple = report.temple
        assert report.solution.graph.size == rooms == len(list(temple.room_places()))
        assert lint_temple(temple, graph=report.solution.graph, solution=report.solution).is_valid()
        assert temple.options is not None and temple.options["rooms"] == rooms
        assert generate_temple(seed, dict(temple.options)) == temple


def test_temples_made_without_rooms_store_no_rooms_option():
    options = generate_temple(3, {"size": "medium"}).options
    assert options is not None and "rooms" not in options


@pytest.mark.parametrize(
    "options, message",
    [
        ({"rooms": 11}, "rooms must be from 12 to 120, not 11"),
        ({"rooms": 121}, "rooms must be from 12 to 120, not 121"),
        ({"rooms": "50"}, "rooms must be a whole number from 12 to 120, not '50'"),
        ({"rooms": 50, "floors": 1}, "rooms must be from 10 to 40 on 1 floor(s), not 50"),
        ({"rooms": 25, "floors": 3}, "rooms must be from 30 to 120 on 3 floor(s), not 25"),
    ],
)
def test_rooms_out_of_bounds_are_refused_naming_the_value(options, message):
    with pytest.raises(OptionError) as caught:
        generate_temple(1, options)
    assert message in str(caught.value)


def test_removing_the_loops_restores_the_skeleton_a_retry_starts_from():
    import copy

    from zorglab.seeding import rng
    from zorglab.temples.placement import add_loops, place_locks, remove_loops

    looped = 0
    for seed in range(20):
        options = check_options({"size": SIZES[seed % 3]})
        sk, locks = generator_module._skeleton(options, rng(seed))
        before = copy.deepcopy(sk)
        sub = rng(f"{seed}/locks/0")
        add_loops(sk, place_locks(sk, locks, options.size, sub), sub)
        looped += len(sk.order) > len(before.order)
        remove_loops(sk, len(before.order))
        assert sk == before
    assert looped >= 10


def test_the_generators_shuffle_draws_as_random_shuffle_does():
    import random

    from zorglab.temples.skeleton import shuffle

    for seed in range(30):
        for length in (0, 1, 2, 5, 17, 64, 200):
            ours, theirs = random.Random(seed), random.Random(seed)
            mine, want = list(range(length)), list(range(length))
            shuffle(ours, mine)
            theirs.shuffle(want)
            assert mine == want and ours.getstate() == theirs.getstate()


GRAPH_FIELDS = ("places", "index", "kinds", "moves", "gated", "vias", "doors", "event_of", "event_cells", "key_mask",
                "extra_keys", "master_mask", "bomb_mask", "pegasus_mask", "boss_mask", "mini_mask", "entrance", "gate",
                "has_gate_room", "symmetric", "lone_circles")


@pytest.mark.parametrize("options", [{"size": "small"}, {"size": "medium"}, {"size": "large", "gate": True, "locks": 3},
                                     {"rooms": 120, "quests": ["dishes", "bins"]}, {"rooms": 30, "floors": 1, "locks": 0}])
def test_the_graph_the_generator_proves_is_the_temple_read_back(options):
    from zorglab.temples import compile_temple

    for seed in range(40):
        report = generate_with_report(seed, options)
        proved, read = report.solution.graph, compile_temple(report.temple)
        assert proved.temple is report.temple
        for name in GRAPH_FIELDS:
            assert getattr(proved, name) == getattr(read, name), (seed, name)


def test_generating_links_the_graph_as_it_writes_the_grids_without_reading_them_back(monkeypatch):
    from zorglab.temples import graph as graph_module

    def read_back(temple):
        raise AssertionError("the generator compiled the temple it had just written")

    monkeypatch.setattr(graph_module, "compile_temple", read_back)
    monkeypatch.setattr(generator_module, "compile_temple", read_back, raising=False)
    report = generate_with_report(7, {"rooms": 50})
    assert report.solution.ok and report.solution.graph.size == 50


def _walk(doors, start):
    """Depths, parents and order of a plain breadth-first walk: what the skeleton's must give."""
    depth, parent, order = [-1] * len(doors), [-1] * len(doors), [start]
    depth[start] = 0
    for u in order:
        for v in doors[u]:
            if depth[v] < 0:
                depth[v], parent[v] = depth[u] + 1, u
                order.append(v)
    return depth, parent, order


def test_carving_a_floor_keeps_each_rooms_doors_from_its_start():
    import random

    from zorglab.temples.skeleton import Skeleton, _carve_floor, stack_neighbours

    for seed in range(30):
        sk = Skeleton(7, 8, 1, bytearray(56), -1, [], stack_neighbours(7, 8, 1))
        counts, depth = [0] * 56, [-1] * 56
        carved = _carve_floor(sk, 51, 20 + seed % 10, random.Random(seed), counts, depth)
        doors = [[v for v in sk.near[c] if sk.carved[v]] if sk.carved[c] else [] for c in range(56)]
        walked, _parent, reached = _walk(doors, 51)
        assert depth == walked and len(reached) == carved  # the floor needs no walk of its own


def test_the_skeletons_tree_is_a_breadth_first_walk_of_its_doors_and_stairs():
    from zorglab.seeding import rng
    from zorglab.temples.skeleton import build_tree, carve

    for seed in range(40):
        sk = carve(6 + seed % 4, 7, 1 + seed % 3, rng(seed))
        build_tree(sk)
        doors = [[v for v in sk.near[c] if sk.carved[v]] if sk.carved[c] else [] for c in range(len(sk.carved))]
        for up, down in sk.stairs:
            doors[up].append(down)
            doors[down].append(up)
        assert sk.adj == doors
        assert (sk.depth, sk.parent, sk.order) == _walk(doors, sk.entrance)

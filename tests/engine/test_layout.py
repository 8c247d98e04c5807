"""Layouts (FR-5..FR-8, FR-10; ZR-1..ZR-5, ZR-22): editing, validation messages, the dungeon frame."""

from __future__ import annotations

import pickle
from collections import Counter

import pytest
from hypothesis import assume, given, settings, strategies as st

from zorglab.core.geometry import Direction, global_cell
from zorglab.engine.layout import Layout, Placement, dist
from zorglab.engine.dungeon import Dungeon, normalise
from zorglab.engine.layout_rules import (Violation, adjacencies, describe_rotation, is_valid, main_room,
                                         require_valid, validate_layout)
from zorglab.core.tiles import Tile, library_tiles, tile_suits
from zorglab.errors import LayoutError
from zorglab.core.model import Level, RoomSpec, Solution

N, E, S, W = Direction.UP, Direction.RIGHT, Direction.DOWN, Direction.LEFT
LIBRARY = library_tiles()
OFFSET = Tile("offset", ("#.###", "#...#", "....#", "#...#", "#####"))   # openings: north 1, west 2


def level(*rooms: tuple[str, str, str | None]) -> Level:
    """A level holding the given rooms (label, type, tile name) and every library tile."""
    return Level("test", rooms=tuple(RoomSpec(label, kind, tile=tile) for label, kind, tile in rooms),
                 tiles=tuple(LIBRARY.items()) + (("offset", OFFSET),))


def layout(main: str | None = None, **placed: tuple[int, int] | tuple[int, int, int]) -> Layout:
    return Layout.of({label: Placement(value[:2], value[2] if len(value) > 2 else 0)
                      for label, value in placed.items()}, main)


# The level-format example: A @ spawn-east, hall = D(2) @ corridor, E(ice) @ rink, Z @ dead-end-west.
EXAMPLE = level(("A", "A", "spawn-east"), ("Z", "Z", "dead-end-west"), ("hall", "D", "corridor"),
                ("E1", "E", "rink"))
EXAMPLE_ROW = layout(A=(0, 0), hall=(1, 0), E1=(2, 0), Z=(3, 0))


# --- the Layout value ----------------------------------------------------------------------------

def test_layout_is_a_hashable_mapping_ordered_by_label():
    one = Layout.of({"Z": Placement((1, 0)), "A": Placement((0, 0))})
    two = Layout.of([("A", Placement((0, 0))), ("Z", Placement((1, 0), 4))])
    assert one == two and hash(one) == hash(two)
    assert list(one) == ["A", "Z"] and len(one) == 2 and "Z" in one and "D1" not in one
    assert one["Z"] == Placement((1, 0), 0)
    assert one.placements == (("A", Placement((0, 0))), ("Z", Placement((1, 0))))
    assert dict(one.items()) == {"A": Placement((0, 0)), "Z": Placement((1, 0))}
    assert one.get("Q") is None
    assert pickle.loads(pickle.dumps(one)) == one and pickle.loads(pickle.dumps(one))["Z"] == Placement((1, 0))


def test_placement_normalises_rotation():
    assert Placement((0, 0), -1).rotation == 3
    assert Placement([2, 3], 6) == Placement((2, 3), 2)


def test_editing_returns_new_layouts_and_leaves_the_old_one_alone():
    start = layout(A=(0, 0), Z=(1, 0, 1))
    moved = start.move("Z", (0, 1))
    assert moved.slot("Z") == (0, 1) and moved.rotation("Z") == 1
    assert start.slot("Z") == (1, 0)
    assert start.rotate("Z").rotation("Z") == 2
    assert start.rotate("Z", -2).rotation("Z") == 3
    assert list(start.remove("Z")) == ["A"]
    assert start.place("D1", (2, 0), 3).rotation("D1") == 3
    assert start.place("Z", (5, 5)).rotation("Z") == 1          # keeps its own rotation
    assert layout(A=(0, 0, 2)).place("D1", (1, 0)).rotation("D1") == 2   # takes the shared one
    assert start.place("D1", (2, 0)).rotation("D1") == 0         # rotations differ: 0
    assert start.with_main("A").main == "A" and start.main is None
    assert start.translated(2, -1).slot("Z") == (3, -1)
    turned = start.turned(1)
    assert (turned.slot("Z"), turned.rotation("Z"), turned.rotation("A")) == ((0, 1), 2, 1)
    with pytest.raises(KeyError, match="Q is not placed"):
        start.move("Q", (0, 0))
    with pytest.raises(KeyError):
        start.remove("Q")


def test_rooms_at_and_common_rotation():
    both = layout(A=(0, 0), D1=(0, 0, 1))
    assert both.rooms_at((0, 0)) == ("A", "D1") and both.rooms_at((1, 0)) == ()
    assert both.common_rotation is None
    assert layout(A=(0, 0, 3), Z=(1, 0, 3)).common_rotation == 3
    assert Layout().common_rotation is None


def test_from_solution_and_to_map_round_trip():
    solution = Solution(rotation=2, map=(("A", None, "Z"), (None, "hall", None)), main="A")
    built = Layout.from_solution(solution)
    assert built == layout("A", A=(0, 0, 2), Z=(2, 0, 2), hall=(1, 1, 2))
    assert built.translated(-3, 7).to_map() == (solution.map, 2)
    assert Layout().to_map() == ((), 0)


def test_from_solution_refuses_a_room_drawn_twice():
    with pytest.raises(LayoutError, match=r"the map places A twice, at \(0, 0\) and \(1, 1\)"):
        Layout.from_solution(Solution(map=(("A", "Z"), (None, "A"))))


def test_to_map_needs_one_rotation_and_one_room_per_slot():
    with pytest.raises(LayoutError) as caught:
        layout(A=(0, 0), Z=(0, 0, 1)).to_map()
    assert str(caught.value).splitlines() == [
        "a map stores one rotation for every room, but the rooms differ (A 0, Z 1)",
        "A and Z share the slot (0, 0)",
    ]


def test_dist_is_manhattan_between_slots():
    assert dist(EXAMPLE_ROW, "A", "Z") == 3
    assert dist(layout(A=(0, 0), Z=(-2, 3)), "Z", "A") == 5
    assert dist(EXAMPLE_ROW.turned(1), "A", "Z") == 3
    with pytest.raises(KeyError):
        dist(EXAMPLE_ROW, "A", "Q")


def test_main_room_defaults_to_the_first_A_declared():
    two = level(("A1", "A", None), ("A2", "A", None))
    assert main_room(two, Layout()) == "A1"
    assert main_room(two, Layout(main="A2")) == "A2"


def test_describe_rotation_names_the_hatch():
    assert [describe_rotation(q) for q in range(4)] == [
        "upright (hatch north)", "turned 1 quarter turn clockwise (hatch east)",
        "turned 2 quarter turns clockwise (hatch south)", "turned 3 quarter turns clockwise (hatch west)"]


# --- validation: one hand-written case per violation kind ----------------------------------------

def test_the_level_format_example_is_valid_with_openings_facing_empty_slots():
    assert validate_layout(EXAMPLE, EXAMPLE_ROW) == []
    assert is_valid(EXAMPLE, EXAMPLE_ROW)
    require_valid(EXAMPLE, EXAMPLE_ROW)


def test_unknown_room():
    assert validate_layout(EXAMPLE, EXAMPLE_ROW.place("Q", (0, 5))) == [
        Violation("FR-5 unknown room", "Q is placed at (0, 5) but the level has no room Q", ("Q",), slot=(0, 5))]


def test_missing_room():
    assert validate_layout(EXAMPLE, EXAMPLE_ROW.remove("Z")) == [
        Violation("FR-5 missing", "Z is not placed: every room the level supplies must be on the board", ("Z",))]


def test_overlap():
    crosses = level(("A", "A", None), ("D1", "D", None), ("D2", "D", None), ("D3", "D", None))
    found = validate_layout(crosses, layout(A=(0, 0), D1=(1, 0), D2=(1, 0), D3=(1, 0)))
    assert found == [Violation("FR-5 overlap", "D1, D2 and D3 are all placed at (1, 0): one room per slot",
                               ("D1", "D2", "D3"), slot=(1, 0))]
    two = validate_layout(crosses, layout(A=(0, 0), D1=(1, 0), D2=(1, 0), D3=(2, 0)))
    assert [v.message for v in two] == ["D1 and D2 are both placed at (1, 0): one room per slot"]


def test_border_mismatch_names_both_rooms_sides_and_cell():
    lvl = level(("A", "A", "spawn-south"), ("D1", "D", None), ("Z", "Z", "dead-end-east"))
    assert validate_layout(lvl, layout(A=(0, -1), D1=(0, 0), Z=(1, 0))) == [
        Violation("FR-6 border", "D1 (east side, cell 2) is an opening but Z (west side, cell 2) is a wall",
                  ("D1", "Z"), E, 2, (0, 0)),
        Violation("FR-6 disconnected", "Z is cut off from A: no pair of facing openings joins it to the rest of "
                  "the dungeon (rooms touching only at a corner are not connected)", ("Z",), slot=(1, 0)),
    ]


def test_border_sides_and_cells_are_in_the_board_frame():
    # spawn-east turned once opens south; dead-end-east turned once opens south too, so its north is wall.
    lvl = level(("A", "A", "spawn-east"), ("Z", "Z", "dead-end-east"))
    found = validate_layout(lvl, layout(A=(4, 4, 1), Z=(4, 5, 1)))
    assert [v.message for v in found] == [
        "A (south side, cell 2) is an opening but Z (north side, cell 2) is a wall",
        "Z is cut off from A: no pair of facing openings joins it to the rest of the dungeon"]
    assert (found[0].side, found[0].index, found[0].slot) == (S, 2, (4, 4))
    # "offset" opens north at cell 1; turned twice that opening is on the south side at cell 3.
    lvl = level(("A", "A", None), ("D1", "D", "offset"))
    found = validate_layout(lvl, layout(D1=(0, 0, 2), A=(0, 1, 2)))
    assert [(v.rule, v.message, v.side, v.index) for v in found] == [
        ("FR-6 border", "D1 (south side, cell 2) is a wall but A (north side, cell 2) is an opening", S, 2),
        ("FR-6 border", "D1 (south side, cell 3) is an opening but A (north side, cell 3) is a wall", S, 3),
        ("FR-6 disconnected", "D1 is cut off from A: no pair of facing openings joins it to the rest of the "
         "dungeon", None, None),
    ]


def test_rooms_touching_at_a_corner_connect_nothing():
    crosses = level(("A", "A", None), ("Z", "Z", None))
    assert validate_layout(crosses, layout(A=(0, 0), Z=(1, 1))) == [
        Violation("FR-6 disconnected", "Z is cut off from A: no pair of facing openings joins it to the rest of "
                  "the dungeon (rooms touching only at a corner are not connected)", ("Z",), slot=(1, 1))]


def test_disconnected_group_is_reported_once_from_the_main_A():
    lvl = level(("A1", "A", None), ("A2", "A", None), ("D1", "D", None), ("D2", "D", None))
    found = validate_layout(lvl, layout("A2", A1=(0, 0), D1=(3, 0), D2=(4, 0), A2=(4, 1)))
    assert [(v.message, v.rooms) for v in found] == [
        ("A1 is cut off from A2: no pair of facing openings joins it to the rest of the dungeon", ("A1",))]
    found = validate_layout(lvl, layout(A1=(0, 0), D1=(3, 0), D2=(4, 0), A2=(9, 9)))
    assert [(v.message, v.rooms, v.slot) for v in found] == [
        ("A2 is cut off from A1: no pair of facing openings joins it to the rest of the dungeon", ("A2",), (9, 9)),
        ("D1 and D2 are cut off from A1: no pair of facing openings joins them to the rest of the dungeon",
         ("D1", "D2"), (3, 0))]


def test_facing_walls_do_not_connect_even_when_they_match():
    lvl = level(("A", "A", "spawn-west"), ("Z", "Z", "dead-end-east"))
    found = validate_layout(lvl, layout(A=(0, 0), Z=(1, 0)))
    assert [v.rule for v in found] == ["FR-6 disconnected"]


def test_orientation_against_a_single_A():
    lvl = level(("A", "A", None), ("D1", "D", None))
    assert validate_layout(lvl, layout(A=(0, 0), D1=(1, 0, 2))) == [
        Violation("FR-7 orientation", "D1 is turned 2 quarter turns clockwise (hatch south) but the A room A is "
                  "upright (hatch north): every room must share the A rooms' orientation", ("D1", "A"),
                  slot=(1, 0))]


def test_orientation_when_the_A_rooms_disagree_uses_the_main_A():
    lvl = level(("A1", "A", None), ("A2", "A", None), ("D1", "D", None))
    found = validate_layout(lvl, layout("A2", A1=(0, 0, 1), A2=(1, 0), D1=(2, 0, 1)))
    assert [v.message for v in found] == [
        "A1 is turned 1 quarter turn clockwise (hatch east) but the main A, A2, is upright (hatch north): "
        "every A room must share one orientation",
        "D1 is turned 1 quarter turn clockwise (hatch east) but the main A, A2, is upright (hatch north): "
        "every room must share the A rooms' orientation"]
    assert {v.rule for v in found} == {"FR-7 orientation"}


def test_orientation_names_every_agreeing_A():
    lvl = level(("A1", "A", None), ("A2", "A", None), ("D1", "D", None))
    found = validate_layout(lvl, layout(A1=(0, 0, 3), A2=(1, 0, 3), D1=(2, 0)))
    assert [v.message for v in found] == [
        "D1 is upright (hatch north) but the A rooms (A1, A2) are turned 3 quarter turns clockwise (hatch west): "
        "every room must share the A rooms' orientation"]


def test_main_must_be_an_A_room_of_the_level():
    assert validate_layout(EXAMPLE, EXAMPLE_ROW.with_main("Q")) == [
        Violation("ZR-22 main", "the main A is Q, but the level has no room Q", ("Q",))]
    assert validate_layout(EXAMPLE, EXAMPLE_ROW.with_main("E1")) == [
        Violation("ZR-22 main", "the main A must be an A room; E1 is an E room", ("E1",), slot=(2, 0))]
    assert [v.message for v in validate_layout(EXAMPLE, EXAMPLE_ROW.with_main("hall"))] == [
        "the main A must be an A room; hall is a D room"]
    assert validate_layout(EXAMPLE, EXAMPLE_ROW.with_main("A")) == []


def test_every_violation_is_reported_not_only_the_first():
    broken = EXAMPLE_ROW.remove("Z").place("Q", (9, 9)).move("E1", (1, 0)).rotate("hall").with_main("hall")
    rules = [v.rule for v in validate_layout(EXAMPLE, broken)]
    assert rules == ["FR-5 unknown room", "FR-5 missing", "FR-5 overlap", "FR-6 border", "FR-6 disconnected",
                     "FR-7 orientation", "ZR-22 main"]


def test_require_valid_lists_every_violation():
    broken = EXAMPLE_ROW.remove("Z").rotate("hall", 2)
    with pytest.raises(LayoutError) as caught:
        require_valid(EXAMPLE, broken)
    lines = str(caught.value).splitlines()
    assert lines == [str(v) for v in validate_layout(EXAMPLE, broken)]
    assert len(lines) == 2 and lines[0].startswith("FR-5 missing: Z is not placed")


# --- the dungeon frame (ZR-3) --------------------------------------------------------------------

BENT = level(("A", "A", "spawn-east"), ("hall", "D", "corridor"), ("E1", "E", "rink"), ("Z", "Z", "dead-end-north"))
BENT_UPRIGHT = layout(A=(0, 0), hall=(1, 0), E1=(2, 0), Z=(2, 1))


@pytest.mark.parametrize("q", [1, 2, 3])
def test_a_turned_valid_layout_normalises_to_upright_tiles(q):
    board = BENT_UPRIGHT.turned(q).translated(5, -2)
    assert validate_layout(BENT, board) == []
    dungeon = normalise(BENT, board)
    assert isinstance(dungeon, Dungeon)
    assert dungeon.rotation == q
    assert dungeon.slots == {"A": (0, 0), "hall": (1, 0), "E1": (2, 0), "Z": (2, 1)}
    assert (dungeon.width, dungeon.height) == (3, 2)
    assert dungeon.labels == ("A", "hall", "E1", "Z")
    assert dungeon.main == "A"
    for label in dungeon.labels:
        assert dungeon.tile_of(label) == LIBRARY[BENT.room(label).tile]
        assert dungeon.tile_of(label) == BENT.room_tile(label).rotated(q).rotated(-q)
        assert dungeon.to_board(dungeon.slot_of(label)) == board.slot(label)
        assert dungeon.from_board(board.slot(label)) == dungeon.slot_of(label)
    assert dungeon.room_at((2, 1)) == "Z" and dungeon.room_at((0, 1)) is None
    assert dungeon.neighbour("A", E) == "hall" and dungeon.neighbour("E1", S) == "Z"
    assert dungeon.direction_to_board(E) == E.turned(q)
    assert dungeon.direction_from_board(E.turned(q)) == E


def test_normalise_upright_layout_only_translates():
    dungeon = normalise(BENT, BENT_UPRIGHT.translated(-3, 4))
    assert dungeon.rotation == 0 and dungeon.origin == (-3, 4)
    assert dungeon.slots == {label: p.slot for label, p in BENT_UPRIGHT.items()}


def test_normalise_needs_known_rooms_one_per_slot_and_one_rotation():
    with pytest.raises(LayoutError) as caught:
        normalise(BENT, BENT_UPRIGHT.move("Z", (0, 0)).rotate("hall").place("Q", (7, 7)))
    assert [p.message.split(":")[0] for p in caught.value.problems] == [
        "FR-5 unknown room", "FR-5 overlap", "FR-7 orientation"]
    no_a = level(("D1", "D", None), ("D2", "D", None))
    with pytest.raises(LayoutError, match="the rooms do not share one rotation"):
        normalise(no_a, layout(D1=(0, 0), D2=(1, 0, 1)))
    assert normalise(no_a, Layout()).rooms == ()


def test_dungeon_cells_map_to_the_board_cells_the_editor_draws():
    board = BENT_UPRIGHT.turned(1)
    dungeon = normalise(BENT, board)
    # the spawn cell: centre of A's tile, wherever A stands
    spawn = global_cell(dungeon.slot_of("A"), LIBRARY["spawn-east"].spawn)
    assert dungeon.cell_to_board(spawn) == global_cell(board.slot("A"), (2, 2))
    # the hall's west opening (0, 2) upright is its north opening (2, 0) on the board
    west = global_cell(dungeon.slot_of("hall"), (0, 2))
    assert dungeon.cell_to_board(west) == global_cell(board.slot("hall"), (2, 0))
    assert dungeon.cell_from_board(dungeon.cell_to_board(west)) == west


# --- properties ----------------------------------------------------------------------------------

TILES_FOR = {kind: sorted(name for name, tile in LIBRARY.items() if tile_suits(tile, kind)) for kind in "AZDET"}
SLOTS = st.tuples(st.integers(-2, 2), st.integers(-2, 2))


@st.composite
def cases(draw, distinct: bool = False, common: bool = False) -> tuple[Level, Layout]:
    """A small level of library tiles and a layout of it: anything from valid to badly broken."""
    count = draw(st.integers(1, 5))
    kinds = ["A"] + [draw(st.sampled_from("AZDET")) for _ in range(count - 1)]
    rooms = tuple((f"R{i}", kind, draw(st.sampled_from(TILES_FOR[kind]))) for i, kind in enumerate(kinds))
    lvl = level(*rooms)
    slots = draw(st.lists(SLOTS, min_size=count, max_size=count, unique=distinct))
    q = draw(st.integers(0, 3))
    placed = {}
    for (label, _, _), slot in zip(rooms, slots):
        if distinct or draw(st.integers(0, 5)):
            placed[label] = Placement(slot, q if common else draw(st.sampled_from([q, q, q, 0, 1, 2, 3])))
    if not distinct and draw(st.booleans()):
        placed["ghost"] = Placement(draw(SLOTS), q)
    main = draw(st.sampled_from([None, None, "R0", f"R{count - 1}", "ghost"]))
    return lvl, Layout.of(placed, main)


@st.composite
def snakes(draw) -> tuple[Level, Layout]:
    """Valid layouts: a self-avoiding walk of cross-shaped tiles, all turned alike."""
    count = draw(st.integers(1, 7))
    path = [(0, 0)]
    for _ in range(count - 1):
        options = [d.step(path[-1]) for d in Direction if d.step(path[-1]) not in path]
        assume(options)
        path.append(draw(st.sampled_from(options)))
    crosses = ["default-D", "default-Z", "rink", "default-T", "cross", "moat-cross", "poison-garden"]
    rooms = [("R0", "A", "default-A")] + [(f"R{i}", "D", draw(st.sampled_from(crosses))) for i in range(1, count)]
    lvl = level(*[(label, "E" if tile in ("rink", "moat-cross", "poison-garden") else
                   "T" if tile == "default-T" else kind, tile) for label, kind, tile in rooms])
    q = draw(st.integers(0, 3))
    return lvl, Layout.of({label: Placement(slot, q) for (label, _, _), slot in zip(rooms, path)})


def shifted(violation: Violation, dcol: int, drow: int) -> tuple:
    slot = None if violation.slot is None else (violation.slot[0] - dcol, violation.slot[1] - drow)
    message = violation.message if violation.rule not in ("FR-5 unknown room", "FR-5 overlap") else None
    return (violation.rule, message, violation.rooms, violation.side, violation.index, slot)


@settings(max_examples=300)
@given(cases(), st.integers(-50, 50), st.integers(-50, 50))
def test_validation_is_invariant_under_translation(case, dcol, drow):
    lvl, board = case
    before = [shifted(v, 0, 0) for v in validate_layout(lvl, board)]
    after = [shifted(v, dcol, drow) for v in validate_layout(lvl, board.translated(dcol, drow))]
    assert after == before


@settings(max_examples=200)
@given(cases(), st.integers(1, 3))
def test_validity_is_invariant_under_turning_the_whole_layout(case, k):
    lvl, board = case
    before = validate_layout(lvl, board)
    after = validate_layout(lvl, board.turned(k))
    assert Counter((v.rule, frozenset(v.rooms)) for v in after) == Counter((v.rule, frozenset(v.rooms))
                                                                          for v in before)
    borders_before = Counter((frozenset(v.rooms), frozenset((v.side, v.side.opposite))) for v in before if v.side)
    borders_after = Counter((frozenset(v.rooms), frozenset((v.side.turned(-k), v.side.turned(-k).opposite)))
                            for v in after if v.side)
    assert borders_after == borders_before


@given(snakes(), st.integers(-9, 9), st.integers(-9, 9))
def test_snakes_of_crosses_are_valid_in_every_orientation(case, dcol, drow):
    lvl, board = case
    assert validate_layout(lvl, board.translated(dcol, drow)) == []


def check_normalised(lvl: Level, board: Layout) -> None:
    dungeon = normalise(lvl, board)
    q = board.common_rotation or 0
    assert dungeon.rotation == q
    assert min(s[0] for s in dungeon.slots.values()) == 0 and min(s[1] for s in dungeon.slots.values()) == 0
    board_pairs = adjacencies(board)
    for a, side, b in board_pairs:
        upright_side = side.turned(-q)
        assert dungeon.neighbour(a, upright_side) == b
        assert lvl.room_tile(a).rotated(q).signature(side) == dungeon.tile_of(a).signature(upright_side)
        assert (lvl.room_tile(a).rotated(q).signature(side) == lvl.room_tile(b).rotated(q).signature(side.opposite)) \
            == (dungeon.tile_of(a).signature(upright_side) == dungeon.tile_of(b).signature(upright_side.opposite))
    dungeon_pairs = [(a, d, dungeon.neighbour(a, d)) for a in dungeon.labels for d in Direction
                     if dungeon.neighbour(a, d) is not None]
    assert len(dungeon_pairs) == len(board_pairs)
    for label in dungeon.labels:
        assert dungeon.tile_of(label) == lvl.room_tile(label)
        assert dungeon.to_board(dungeon.slot_of(label)) == board.slot(label)
        upright, turned = dungeon.tile_of(label), lvl.room_tile(label).rotated(q)
        for (x, y), kind in upright.cells():
            bx, by = dungeon.cell_to_board(global_cell(dungeon.slot_of(label), (x, y)))
            assert (bx // 5, by // 5) == board.slot(label)
            assert turned.kind(bx % 5, by % 5) is kind
            assert dungeon.cell_from_board((bx, by)) == global_cell(dungeon.slot_of(label), (x, y))


@settings(max_examples=200)
@given(cases(distinct=True, common=True))
def test_normalisation_keeps_every_adjacency_and_side_match(case):
    lvl, board = case
    check_normalised(lvl, board)


@given(snakes())
def test_normalised_snakes_keep_their_shape(case):
    lvl, board = case
    check_normalised(lvl, board)
    dungeon = normalise(lvl, board)
    upright = board.turned(-board.common_rotation)
    min_col = min(p.slot[0] for p in upright.values())
    min_row = min(p.slot[1] for p in upright.values())
    assert dungeon.slots == {label: (p.slot[0] - min_col, p.slot[1] - min_row) for label, p in upright.items()}
    assert {p.rotation for p in upright.values()} == {0}


@given(cases(distinct=True, common=True))
def test_to_map_then_from_solution_gives_the_layout_back_translated(case):
    _, board = case
    rows, rotation = board.to_map()
    back = Layout.from_solution(Solution(rotation=rotation, map=rows, main=board.main))
    min_col = min(p.slot[0] for p in board.values())
    min_row = min(p.slot[1] for p in board.values())
    assert back == board.translated(-min_col, -min_row)

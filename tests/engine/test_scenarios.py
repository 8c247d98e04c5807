"""Whole runs where several rules meet, hand-traced tick by tick (ZR-6..ZR-13, ZR-22, ZR-25).

``tN``: the action that brings the world to tick N; ``@N``: a cast at casting point N.
Corridor boards are one row of rooms joined along ``y = 2``; the spawn is at (2,2).
"""

from __future__ import annotations

from builders import cast, corridor, dungeon, log, play, table
from zorglab.engine import events as ev
from zorglab.cli.board import render_board
from zorglab.core.model import Outcome

STEPS = ("stepped",)


def test_gold_dropped_on_death_is_picked_up_next_and_pre_empts_the_rooms_damage():
    # A, O(3), D(2), Z; two Warrior(2).
    # t1 W1 spawns (2,2). t4 (5,2) enters O: takes 3. t9 (10,2) enters D: 2 -> 0, dies; its
    # 3 gold drops into D, which now holds gold and keeps being a D room (ZR-11).
    # t10 W2 spawns. t13 (5,2) enters O: empty, O has no other effect. t18 (10,2) enters D:
    # D holds gold, so W2 takes it and D's damage is skipped for this entry (ZR-8 step 2).
    # t23 (15,2) W2 enters Z.
    world = dungeon(corridor("..S................."), layout="A O D Z",
                    rooms={"A": "A", "O": ("O", 3), "D": ("D", 2), "Z": "Z"},
                    heroes={"W1": ("Warrior", 2), "W2": ("Warrior", 2)})
    result = play(world, keep_states=True)
    assert log(result, STEPS) == [
        "1 spawned W1 A (2, 2)", "1 entered_room W1 A 1",
        "4 entered_room W1 O 1", "4 gold_picked W1 O 3",
        "9 entered_room W1 D 1", "9 damaged W1 2 0 room D", "9 gold_dropped W1 D 3", "9 died W1 D (10, 2) room D",
        "10 spawned W2 A (2, 2)", "10 entered_room W2 A 1",
        "13 entered_room W2 O 1",
        "18 entered_room W2 D 1", "18 gold_picked W2 D 3",
        "23 entered_room W2 Z 1", "23 lost W2 Z",
    ]
    w1, w2 = result.state.heroes
    assert (w1.alive, w1.died_at, w1.hp, w1.gold, w1.gold_at_death) == (False, 9, 0, (), 3)
    assert (w2.hp, w2.gold) == (2, ((2, 3),))
    assert result.states[9].gold == (0, 0, 3, 0) and result.state.gold == (0, 0, 0, 0)
    # The corpse lies where W1 died; render marks it 'x' and W2 (hero 2) where it stands.
    assert render_board(world, result.states[12]).split("\n")[2] == "....2.....x........."


def test_a_skipped_portal_entry_still_counts():
    # A, O(2), P(1, [2]), Z; W1 and W2 are Warrior(5); spells Attack(5), Teleport(2).
    # t4 W1 enters O: takes 2. t9 (10,2) enters P, entry 1: f(1) = 2 -> O (5,2), O's entry 2.
    # t14 (10,2) P entry 2 > n: nothing. t15 (11,2). @15 Attack(5): W1 dies in P, its 2 gold
    # drops there. t16 W2 spawns; t19 enters O (empty); t24 (10,2) enters P, entry 1, but P
    # holds gold: W2 takes it and P's teleport is skipped (ZR-8 step 2). t25 (11,2).
    # @25 Teleport(2): W2's history A O P: back to O's arrival (5,2), a room entry.
    # t30 (10,2) enters P: entry 2, the skipped entry counted (ZR-22), 2 > n: no teleport.
    # t35 (15,2) enters Z.
    world = dungeon(corridor("..S................."), layout="A O P Z",
                    rooms={"A": "A", "O": ("O", 2), "P": ("P", 1, table(2)), "Z": "Z"},
                    heroes={"W1": ("Warrior", 5), "W2": ("Warrior", 5)}, spells=[("Attack", 5), ("Teleport", 2)])
    result = play(world, cast(15, "Attack", 5), cast(25, "Teleport", 2))
    assert log(result, STEPS) == [
        "1 spawned W1 A (2, 2)", "1 entered_room W1 A 1",
        "4 entered_room W1 O 1", "4 gold_picked W1 O 2",
        "9 entered_room W1 P 1", "9 teleported W1 O (5, 2) portal", "9 entered_room W1 O 2",
        "14 entered_room W1 P 2",
        "15 cast Attack1 Attack(5)", "15 damaged W1 5 0 Attack", "15 gold_dropped W1 P 2",
        "15 died W1 P (11, 2) Attack",
        "16 spawned W2 A (2, 2)", "16 entered_room W2 A 1",
        "19 entered_room W2 O 1",
        "24 entered_room W2 P 1", "24 gold_picked W2 P 2",
        "25 cast Teleport1 Teleport(2)", "25 teleported W2 O (5, 2) spell", "25 entered_room W2 O 2",
        "30 entered_room W2 P 2",
        "35 entered_room W2 Z 1", "35 lost W2 Z",
    ]
    assert result.state.heroes[1].entries == ((0, 1), (1, 2), (2, 2), (3, 1))


def test_refunded_toll_gold_waits_in_its_source_room_for_the_next_hero():
    # A, O(1), T(1, fire) with its light cell at the west opening (10,2), D(3), Z; two
    # Warrior(3). t4 W1 takes O's 1 gold; t9 (10,2) enters T on the light cell: pays 1, which
    # goes back to O (ZR-9); t14 (15,2) enters D: 3 -> 0, dies with no gold. t15 W2 spawns;
    # t18 O holds the refunded 1: W2 takes it; t23 pays it back to O; t28 dies in D. All dead:
    # won, with O holding its gold again.
    world = dungeon(corridor("..S.......l.............."), layout="A O T D Z",
                    rooms={"A": "A", "O": ("O", 1), "T": ("T", 1, "fire"), "D": ("D", 3), "Z": "Z"},
                    heroes={"W1": ("Warrior", 3), "W2": ("Warrior", 3)})
    result = play(world)
    assert log(result, STEPS) == [
        "1 spawned W1 A (2, 2)", "1 entered_room W1 A 1",
        "4 entered_room W1 O 1", "4 gold_picked W1 O 1",
        "9 entered_room W1 T 1", "9 gold_paid W1 T 1", "9 gold_refunded W1 O 1",
        "14 entered_room W1 D 1", "14 damaged W1 3 0 room D", "14 died W1 D (15, 2) room D",
        "15 spawned W2 A (2, 2)", "15 entered_room W2 A 1",
        "18 entered_room W2 O 1", "18 gold_picked W2 O 1",
        "23 entered_room W2 T 1", "23 gold_paid W2 T 1", "23 gold_refunded W2 O 1",
        "28 entered_room W2 D 1", "28 damaged W2 3 0 room D", "28 died W2 D (15, 2) room D",
        "28 won",
    ]
    assert result.outcome is Outcome.WIN
    assert result.state.gold == (0, 1, 0, 0, 0)
    assert [h.gold_at_death for h in result.state.heroes] == [0, 0]


# Two ways from A to Z: east through three fire cells (8 steps), or round the south (18 steps).
TWO_WAYS = """
###############
###############
##S...ggg....##
##.#########.##
##.#########.##
##.#########.##
##.#########.##
##...........##
###############
###############
"""


def two_ways(hero: tuple):
    return dungeon(TWO_WAYS, layout="A F Z\nR1 R2 R3",
                   rooms={"A": "A", "F": ("E", "fire"), "Z": "Z", "R1": ("D", 0), "R2": ("D", 0), "R3": ("D", 0)},
                   heroes={"H": hero})


def moves(result) -> list[tuple[int, int]]:
    return [e.cell for e in result.events if isinstance(e, ev.Stepped)]


def test_the_warrior_takes_the_short_way_through_fire():
    # t2 (3,2), t3 (4,2), t4 (5,2) enters F, t5..t7 fire 5 -> 2, t8 (9,2), t9 (10,2) enters Z.
    result = play(two_ways(("Warrior", 5)))
    assert moves(result) == [(x, 2) for x in range(3, 11)]
    assert result.state.heroes[0].hp == 2 and result.state.tick == 9


def test_the_elf_takes_the_longer_way_that_costs_no_hp():
    # Elf cost (HP lost, actions): (3, 8) east, (0, 18) round: HP first (ZR-13).
    # t2..t6 down to (2,7) (R1 entered on t4), t7..t16 east to (12,7), t17..t19 up: (12,4)
    # is Z's south opening: Z entered on t19, no HP lost.
    result = play(two_ways(("Elf", 5, set())))
    assert moves(result) == [(2, y) for y in range(3, 8)] + [(x, 7) for x in range(3, 13)] + \
        [(12, y) for y in (6, 5, 4)]
    assert result.state.heroes[0].hp == 5 and result.state.tick == 19
    assert [line for line in log(result, STEPS) if "entered" in line] == [
        "1 entered_room H A 1", "4 entered_room H R1 1", "9 entered_room H R2 1", "14 entered_room H R3 1",
        "19 entered_room H Z 1",
    ]


def test_a_fire_immune_elf_takes_the_short_way():
    # Immune to fire, the east way costs (0, 8): shorter, same HP.
    result = play(two_ways(("Elf", 5, {"fire"})))
    assert moves(result) == [(x, 2) for x in range(3, 11)]
    assert result.state.heroes[0].hp == 5

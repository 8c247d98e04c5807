"""One test per ruling recorded in docs/rules.md that the engine follows beyond the rulings ZR-1..ZR-27 (docs/rules.md#zr-1)."""

from __future__ import annotations

from zorglab.engine import events as ev
from zorglab.engine.casting import cast_spell
from zorglab.engine.resolve import MAX_TELEPORTS_PER_ACTION
from zorglab.engine.run import run_world
from zorglab.core.tiles import Tile
from zorglab.engine.world import World
from zorglab.errors import CastError
from zorglab.core.model import Cast, HeroSpec, Level, RoomSpec, SpellCall, SpellSpec
from zorglab.core.values import INF, IndexFunction

import pytest

CROSS = ("##.##", "#...#", ".....", "#...#", "##.##")
SPAWN = ("##.##", "#...#", "..S..", "#...#", "##.##")
TILES = tuple((f"default-{t}", Tile(f"default-{t}", SPAWN if t == "A" else CROSS)) for t in "AZDPO")


def world(rooms, slots, heroes, spells=()):
    level = Level(id="ruling", rooms=tuple(rooms), heroes=tuple(heroes), spells=tuple(spells), tiles=TILES)
    return World(level, slots)


def test_fr15_zr32_a_portal_chain_that_neither_ends_nor_repeats_meets_the_safety_stop():
    # A | P2 | P3 in a row. P2 keeps a hero on its first entry (f(1) = 1) and sends it to its
    # 2nd most recent visit afterwards; P3 always sends it to its 2nd most recent visit. A hero
    # standing in P2 who steps into P3 bounces P3 -> P2 -> P3 ... within one action. P2's f is
    # opaque (no list, not a polynomial), so every visit is read and no state comes back: past
    # MAX_TELEPORTS_PER_ACTION teleports the run stops and says so (ZR-32: no cap moves the hero).
    from zorglab.core.geometry import Direction
    from zorglab.engine.resolve import Resolution
    from zorglab.engine.state import HeroState
    from zorglab.errors import EndlessActionError

    w = world([RoomSpec("A", "A"), RoomSpec("P2", "P", (INF, IndexFunction("i -> ...", rule=lambda i: 1 if i == 1 else 2))),
               RoomSpec("P3", "P", (INF, IndexFunction("i -> 2", rule=lambda i: 2))), RoomSpec("Z", "Z")],
              {"A": (0, 0), "P2": (1, 0), "P3": (2, 0), "Z": (0, 1)},
              [HeroSpec("Warrior1", "Warrior", (3,))])
    start = w.initial_state()
    hero = HeroState("Warrior", (3,), 3, pos=(1, (4, 2)), history=((0, (2, 2)), (1, (0, 2))),
                     entries=((0, 1), (1, 1)))
    state = start.replace(heroes=(hero,))
    res = Resolution(w, state, tick=1)
    with pytest.raises(EndlessActionError, match=f"past {MAX_TELEPORTS_PER_ACTION:,} portal teleports"):
        res.step(res.hero(0), Direction.RIGHT)
    assert res.teleports == MAX_TELEPORTS_PER_ACTION + 1


def test_zr10_teleport_to_own_cell_changes_nothing():
    # Teleport(1) targets the newest visit: the room the hero stands in, at its arrival cell.
    # Cast right after the spawn, the hero already stands there: no event, no effect, spell used.
    w = world([RoomSpec("A", "A"), RoomSpec("Z", "Z")], {"A": (0, 0), "Z": (1, 0)},
              [HeroSpec("Warrior1", "Warrior", (3,))], [SpellSpec("Teleport1", "Teleport", (1,))])
    result = run_world(w, [Cast(1, SpellCall("Teleport", (1,)))])
    assert not [e for e in result.events if isinstance(e, ev.Teleported)]
    assert result.state.spells_left == (False,)


def test_fr32_cast_takes_first_unused_matching_spell_and_refuses_a_second():
    w = world([RoomSpec("A", "A"), RoomSpec("Z", "Z")], {"A": (0, 0), "Z": (1, 0)},
              [HeroSpec("Warrior1", "Warrior", (9,))],
              [SpellSpec("Attack1", "Attack", (2,)), SpellSpec("Attack2", "Attack", (1,))])
    state = w.initial_state()
    state, _ = cast_spell(w, state, Cast(0, SpellCall("Attack", (1,))))
    assert state.spells_left == (True, False)
    with pytest.raises(CastError, match="single-use"):
        cast_spell(w, state, Cast(0, SpellCall("Attack", (1,))))
    with pytest.raises(CastError, match="no spell Attack\\(3\\)"):
        cast_spell(w, state, Cast(0, SpellCall("Attack", (3,))))


def test_fr29_a_hero_entering_picks_up_the_gold_dropped_by_the_dead():
    # A hero dies in D1 holding 5 gold picked in O1; D1 now holds 5 gold. The next hero's plan does
    # not see it (ZR-29), but its way to Z goes through D1 anyway: it picks the gold up on entry and
    # that pickup pre-empts D1's damage (ZR-8 step 2).
    w = world([RoomSpec("A", "A"), RoomSpec("O1", "O", (5,)), RoomSpec("D1", "D", (3,)), RoomSpec("Z", "Z")],
              {"A": (0, 0), "O1": (1, 0), "D1": (2, 0), "Z": (3, 0)},
              [HeroSpec("Warrior1", "Warrior", (3,)), HeroSpec("Warrior2", "Warrior", (4,))])
    result = run_world(w)
    drops = [e for e in result.events if isinstance(e, ev.GoldDropped)]
    picks = [e for e in result.events if isinstance(e, ev.GoldPicked) and e.hero == "Warrior2"]
    assert drops and drops[0].room == "D1" and drops[0].amount == 5
    assert [p.room for p in picks] == ["D1"]
    assert result.state.heroes[1].hp == 4, "the pickup pre-empted D1's damage"


def test_zr13_plans_count_portal_entries_and_history():
    # P1 = P(inf, i -> 9) sends each entrant to its 9th most recent visit. Entering P1 makes the
    # history [A, P1], [A, P1, A, P1], ... so the first four entries overshoot it (waiting room,
    # respawn at A); on the fifth the history has 10 visits and the 9th most recent is P1's own
    # arrival cell, where the hero already stands: nothing moves (docs/rules.md, ZR-10) and it walks
    # on to Z. The Warrior's plan state carries entry counts and history, so it foresees exactly
    # this and is never stuck.
    w = world([RoomSpec("A", "A"), RoomSpec("P1", "P", (INF, IndexFunction("i -> 9", rule=lambda i: 9))),
               RoomSpec("Z", "Z")], {"A": (0, 0), "P1": (1, 0), "Z": (2, 0)},
              [HeroSpec("Warrior1", "Warrior", (3,))])
    result = run_world(w)
    bounces = [e for e in result.events if isinstance(e, ev.Teleported)]
    assert [e.room for e in bounces] == [None] * 4
    assert not [e for e in result.events if isinstance(e, ev.Stuck)]
    assert result.outcome.value == "loss"


def test_fr42_banality_makes_a_warrior_of_current_hp():
    w = world([RoomSpec("A", "A"), RoomSpec("Z", "Z")], {"A": (0, 0), "Z": (1, 0)},
              [HeroSpec("Elf1", "Elf", (5, frozenset()))],
              [SpellSpec("Attack1", "Attack", (2,)), SpellSpec("Banality1", "Banality", ())])
    result = run_world(w, [Cast(1, SpellCall("Attack", (2,))), Cast(1, SpellCall("Banality", ()), on=("Elf1",))])
    hero = result.state.heroes[0]
    assert (hero.type, hero.args, hero.hp) == ("Warrior", (3,), 3)


def test_fr30_stuck_is_reported_once_while_the_hero_stays_stuck():
    # Warrior1 can never reach Z (Z sits beyond a wall-only room side), Warrior2 spawns after it
    # and is stuck too: each gets exactly one `stuck` event, then the world stalls.
    walls_west = Tile("walls-west", ("##.##", "#...#", "#....", "#...#", "##.##"))
    level = Level(id="stuck", rooms=(RoomSpec("A", "A"), RoomSpec("Z", "Z", (), "walls-west")),
                  heroes=(HeroSpec("Warrior1", "Warrior", (3,)), HeroSpec("Warrior2", "Warrior", (3,))),
                  tiles=TILES + (("walls-west", walls_west),))
    result = run_world(World(level, {"A": (0, 0), "Z": (1, 0)}))
    stuck = [e.hero for e in result.events if isinstance(e, ev.Stuck)]
    assert stuck == ["Warrior1", "Warrior2"]
    assert result.outcome.value == "stall"


def test_fr14_poison_marks_travel_with_a_moved_room():
    # An Elf (HP-reading) enters a poison cell of E1, a Move spell puts E1 elsewhere: the cell keeps
    # its "visited" mark for that Elf because the mark is (room, local cell), not a board cell.
    from zorglab.core.geometry import Direction
    from zorglab.engine.resolve import Resolution
    from zorglab.engine.state import HeroState
    from zorglab.core.values import Element

    green = Tile("green", ("##.##", "#ggg#", ".ggg.", "#ggg#", "##.##"))
    level = Level(id="poison", rooms=(RoomSpec("A", "A"), RoomSpec("E1", "E", (Element.POISON,), "green"),
                                      RoomSpec("Z", "Z")),
                  heroes=(HeroSpec("Elf1", "Elf", (5, frozenset())),), tiles=TILES + (("green", green),))
    w = World(level, {"A": (0, 0), "E1": (1, 0), "Z": (2, 0)})
    state = w.initial_state().replace(heroes=(HeroState("Elf", (5, frozenset()), 5, pos=(1, (0, 2)),
                                                        history=((1, (0, 2)),), entries=((1, 1),)),))
    res = Resolution(w, state, tick=1)
    res.step(res.hero(0), Direction.RIGHT)          # first entry of E1's (1, 2): +1 HP
    state = res.freeze(1)
    assert state.heroes[0].hp == 6 and (1, (1, 2)) in state.heroes[0].poisoned
    res = Resolution(w, state, tick=1)
    res.move_rooms({1: (1, 1)}, "Move")              # the room moves; the Elf rides along
    res.step(res.hero(0), Direction.LEFT)
    res.step(res.hero(0), Direction.RIGHT)           # back onto the same cell of E1: -3 HP
    assert res.hero(0).hp == 3


def test_zr25_a_cast_for_the_tick_of_the_loss_is_never_reached():
    # Warrior(5) spawns at (2, 2) and steps right 3 times into Z: the loss is instant at tick 4,
    # so a cast listed for tick 4 is reported as not reached, like any later one, not refused.
    w = world([RoomSpec("A", "A"), RoomSpec("Z", "Z")], {"A": (0, 0), "Z": (1, 0)},
              [HeroSpec("Warrior1", "Warrior", (5,))], [SpellSpec("Attack1", "Attack", (1,))])
    result = run_world(w, [Cast(4, SpellCall("Attack", (1,)))])
    assert result.outcome.value == "loss" and result.ticks == 4
    assert not result.refused and [c.tick for c in result.unreached] == [4]


def test_fr40_a_sleeper_killed_by_the_hit_that_would_wake_it_just_dies():
    w = world([RoomSpec("A", "A"), RoomSpec("Z", "Z")], {"A": (0, 0), "Z": (1, 0)},
              [HeroSpec("Warrior1", "Warrior", (2,))],
              [SpellSpec("Sleep1", "Sleep", ()), SpellSpec("Attack1", "Attack", (2,))])
    result = run_world(w, [Cast(1, SpellCall("Sleep", ()), on=("Warrior1",)), Cast(1, SpellCall("Attack", (2,)))])
    kinds = [e.kind for e in result.events if e.tick == 1]
    assert "woke" not in kinds and "died" in kinds and result.outcome.value == "win"

"""Move, Swap and Selection (FR-36..FR-39, ZR-15, ZR-16): room moves and the meta-spell."""

from __future__ import annotations

import pytest

from zorglab.engine import events as ev
from zorglab.engine.casting import cast_spell
from zorglab.engine.run import run_world
from zorglab.core.tiles import Tile
from zorglab.engine.turns import act
from zorglab.engine.world import World
from zorglab.errors import CastError
from zorglab.core.model import Cast, HeroSpec, Level, RoomSpec, SpellCall, SpellSpec

CROSS = ("##.##", "#...#", ".....", "#...#", "##.##")
SPAWN = ("##.##", "#...#", "..S..", "#...#", "##.##")
EW = ("#####", "#...#", ".....", "#...#", "#####")          # openings east and west only
TILES = tuple((f"default-{t}", Tile(f"default-{t}", SPAWN if t == "A" else CROSS)) for t in "AZD") + (
    ("ew", Tile("ew", EW)),)


def make(spells, heroes=(HeroSpec("Warrior1", "Warrior", (9,)),), rooms=None, slots=None):
    rooms = rooms or (RoomSpec("A", "A"), RoomSpec("D1", "D", (1,)), RoomSpec("D2", "D", (2,)), RoomSpec("Z", "Z"))
    slots = slots or {"A": (0, 0), "D1": (1, 0), "D2": (2, 0), "Z": (3, 0)}
    return World(Level(id="spells", rooms=rooms, heroes=tuple(heroes), spells=tuple(spells), tiles=TILES), slots)


def spawned(world, steps=1):
    state = world.initial_state()
    for _ in range(steps):
        state, _ = act(world, state)
    return state


def test_fr36_move_carries_the_active_hero_and_its_room():
    # Warrior1 spawns in A (tick 1). Move() to (0, 1) puts A below its old slot: the hero moves with
    # it (same room, same local cell), and A's east side now faces nothing: the dungeon is cut.
    w = make([SpellSpec("Move1", "Move")])
    state = spawned(w)
    state, events = cast_spell(w, state, Cast(1, SpellCall("Move"), to=((0, 1),)))
    assert state.slots[0] == (0, 1)
    assert state.heroes[0].pos == (0, (2, 2))
    assert [e.room for e in events if isinstance(e, ev.RoomMoved)] == ["A"]
    result = run_world(w, state=state)
    assert result.outcome.value == "stall", "isolated in A, the Warrior is stuck"


def test_fr36_move_refuses_an_occupied_slot_and_consumes_nothing():
    w = make([SpellSpec("Move1", "Move")])
    state = spawned(w)
    with pytest.raises(CastError, match="not empty"):
        cast_spell(w, state, Cast(1, SpellCall("Move"), to=((1, 0),)))
    assert state.spells_left == (True,)


def test_fr38_move_refused_when_borders_would_not_match():
    # Room W has openings east/west only. Moving A (a cross) right under D1 puts A's north opening
    # against D1's south opening: fine. Under W (walls south) it is refused by FR-38.
    rooms = (RoomSpec("A", "A"), RoomSpec("W", "D", (1,), "ew"), RoomSpec("Z", "Z"))
    w = make([SpellSpec("Move1", "Move")], rooms=rooms, slots={"A": (0, 0), "W": (1, 0), "Z": (2, 0)})
    state = spawned(w)
    with pytest.raises(CastError, match="FR-38"):
        cast_spell(w, state, Cast(1, SpellCall("Move"), to=((1, 1),)))


def test_fr37_swap_exchanges_slots_with_contents():
    w = make([SpellSpec("Swap1", "Swap")])
    state = spawned(w)
    state, _ = cast_spell(w, state, Cast(1, SpellCall("Swap"), with_room="Z"))
    assert state.slots[0] == (3, 0) and state.slots[3] == (0, 0)
    assert state.heroes[0].pos[0] == 0, "the hero stays in A, which moved"


def test_fr37_swap_with_itself_is_refused():
    w = make([SpellSpec("Swap1", "Swap")])
    state = spawned(w)
    with pytest.raises(CastError, match="the room being swapped"):
        cast_spell(w, state, Cast(1, SpellCall("Swap"), with_room="A"))


def test_fr39_selection_attack_hits_only_the_chosen():
    heroes = (HeroSpec("Warrior1", "Warrior", (9,)), HeroSpec("Warrior2", "Warrior", (9,)))
    w = make([SpellSpec("Selection1", "Selection", (False,)), SpellSpec("Attack1", "Attack", (4,))], heroes=heroes)
    state = spawned(w)
    inner = Cast(1, SpellCall("Attack", (4,)))
    state, _ = cast_spell(w, state, Cast(1, SpellCall("Selection", (False,)), on=("Warrior1",), inner=inner))
    assert [h.hp for h in state.heroes] == [5, 9]
    assert state.spells_left == (False, False), "both spells are consumed"


def test_fr39_selection_refuses_corpses_unless_allowed():
    heroes = (HeroSpec("Warrior1", "Warrior", (1,)), HeroSpec("Warrior2", "Warrior", (9,)))
    w = make([SpellSpec("Attack1", "Attack", (1,)), SpellSpec("Selection1", "Selection", (False,)),
              SpellSpec("Teleport1", "Teleport", (1,))], heroes=heroes)
    state = spawned(w)
    state, _ = cast_spell(w, state, Cast(1, SpellCall("Attack", (1,))))
    assert not state.heroes[0].alive
    inner = Cast(1, SpellCall("Teleport", (1,)))
    with pytest.raises(CastError, match="does not allow corpses"):
        cast_spell(w, state, Cast(1, SpellCall("Selection", (False,)), on=("Warrior1",), inner=inner))


def test_fr39_selection_swap_rotates_rooms_in_order():
    # Warrior1 walks into D1 by tick 4 (spawn, 3 steps). Selection on Warrior1 : Swap() with Z
    # rotates (D1, Z): D1 takes Z's slot and Z takes D1's; the hero rides along in D1.
    w = make([SpellSpec("Selection1", "Selection", (False,)), SpellSpec("Swap1", "Swap")])
    state = spawned(w, steps=4)
    assert state.heroes[0].pos[0] == 1
    inner = Cast(4, SpellCall("Swap"), with_room="Z")
    state, _ = cast_spell(w, state, Cast(4, SpellCall("Selection", (False,)), on=("Warrior1",), inner=inner))
    assert state.slots[1] == (3, 0) and state.slots[3] == (1, 0)
    assert state.heroes[0].pos[0] == 1 and state.spells_left == (False, False)

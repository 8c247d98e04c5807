"""One named test per spell requirement not named elsewhere (FR-33, FR-34, FR-35, FR-40, FR-41).

The dungeon is A | D1 | D2 | Z in a row of crosses (tests/engine/test_spells_rooms.py's ``make``):
a hero spawns in A at tick 1 and needs 3 steps per room, entering D1 at tick 4, D2 at 9, Z at 14.
"""

from __future__ import annotations

from zorglab.engine import events as ev
from zorglab.engine.casting import cast_spell
from zorglab.engine.run import run_world
from zorglab.core.model import Cast, HeroSpec, SpellCall, SpellSpec

from test_spells_rooms import make, spawned

TWO = (HeroSpec("Warrior1", "Warrior", (9,)), HeroSpec("Warrior2", "Warrior", (9,)))


def test_fr33_casts_happen_between_actions_at_their_casting_point():
    # A cast listed @3 is resolved after the 3rd action and before the 4th: its events carry tick 3
    # and come between the two actions' events in the log.
    w = make([SpellSpec("Attack1", "Attack", (1,))])
    result = run_world(w, [Cast(3, SpellCall("Attack", (1,)))])
    kinds = [(e.tick, e.kind) for e in result.events]
    i = kinds.index((3, "cast"))
    assert kinds[i - 1][0] == 3 and kinds[i + 1] == (3, "damaged") and kinds[i + 2][0] == 4


def test_fr34_attack_hits_every_living_hero_on_the_board_and_no_one_waiting():
    # @1 only Warrior1 has spawned: Attack(4) hits it (9 -> 5); Warrior2, in the waiting room, keeps 9.
    w = make([SpellSpec("Attack1", "Attack", (4,))], heroes=TWO)
    state, events = cast_spell(w, spawned(w), Cast(1, SpellCall("Attack", (4,))))
    assert [h.hp for h in state.heroes] == [5, 9]
    assert [e.hero for e in events if isinstance(e, ev.Damaged)] == ["Warrior1"]


def test_fr35_teleport_sends_the_active_hero_to_its_nth_most_recent_visit():
    # By tick 4 Warrior1 has visited A (arrived at its spawn cell) then D1; Teleport(2) takes it back
    # to A's spawn cell: an entry into A (its 2nd), history [A, D1, A].
    w = make([SpellSpec("Teleport1", "Teleport", (2,))])
    state = spawned(w, steps=4)
    state, events = cast_spell(w, state, Cast(4, SpellCall("Teleport", (2,))))
    hero = state.heroes[0]
    assert hero.pos == (0, (2, 2)) and [room for room, _ in hero.history] == [0, 1, 0]
    assert [(e.kind, getattr(e, "room", None)) for e in events][1:] == [("teleported", "A"), ("entered_room", "A")]


def test_fr35_teleport_beyond_the_history_goes_to_the_waiting_room_and_respawns():
    w = make([SpellSpec("Teleport1", "Teleport", (3,))])
    state, _ = cast_spell(w, spawned(w, steps=4), Cast(4, SpellCall("Teleport", (3,))))
    assert state.heroes[0].pos is None and len(state.heroes[0].history) == 2
    result = run_world(w, state=state)
    assert [e.kind for e in result.events][:2] == ["spawned", "entered_room"]


def test_fr40_a_sleeping_hero_does_not_act_and_later_heroes_do():
    # Sleep on Warrior1 @1: it stops; Warrior2 (awake) is now the active hero and spawns at tick 2.
    w = make([SpellSpec("Sleep1", "Sleep")], heroes=TWO)
    result = run_world(w, [Cast(1, SpellCall("Sleep"), on=("Warrior1",))])
    spawns = [(e.tick, e.hero) for e in result.events if isinstance(e, ev.Spawned)]
    assert spawns == [(1, "Warrior1"), (2, "Warrior2")]
    assert result.state.heroes[0].pos == (0, (2, 2)) and result.state.heroes[0].asleep


def test_fr41_wake_lets_a_sleeper_act_again():
    w = make([SpellSpec("Sleep1", "Sleep"), SpellSpec("Wake1", "Wake")])
    result = run_world(w, [Cast(1, SpellCall("Sleep"), on=("Warrior1",)), Cast(1, SpellCall("Wake"), on=("Warrior1",))])
    assert [e.kind for e in result.events if e.tick == 1][-4:] == ["cast", "slept", "cast", "woke"]
    assert result.outcome.value == "loss", "awake again, it walks on to Z"

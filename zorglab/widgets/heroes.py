"""What the Player lists: one row per hero, and events in words. Pure reads of engine state."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from zorglab.engine import events as ev
from zorglab.core.geometry import global_cell
from zorglab.engine.state import GameState
from zorglab.engine import weights
from zorglab.engine.marks import statuses
from zorglab.engine.turns import active_hero, can_act, stuck_heroes


@dataclass(frozen=True)
class HeroRow:
    number: int                     # spawn number, as on the disc
    label: str
    type: str
    hp: int
    gold: int
    status: str                     # dead / a mark's word (asleep) / waiting / at its goal / stuck / active / alive
    where: str
    visits: tuple[str, ...]         # rooms entered, oldest first


def hero_rows(world: Any, state: GameState) -> list[HeroRow]:
    """Every hero's HP, gold, place, visit history and status at this state."""
    active = active_hero(world, state)
    stuck = set(stuck_heroes(world, state))
    rows = []
    for index, hero in enumerate(state.heroes):
        words = statuses(hero.marks) if hero.marks else ()
        if not hero.alive:
            status = "dead"
        elif not can_act(hero):                 # passed over by a mark: its words say why (asleep)
            status = ", ".join(words)
        elif hero.pos is None:
            status = "active (spawns next)" if index == active else "waiting"
        elif index in stuck:        # no plan: at its goal it waits there (FR-25), else it is stuck (FR-30)
            status = "at its goal" if weights.arrived(world, state, index) else "stuck"
        elif index == active:
            status = "active"
        else:
            status = "alive"
        if words and can_act(hero):
            status += f" ({', '.join(words)})"      # a mark that lets it act still shows (frozen 2)
        where = "waiting room" if hero.pos is None else \
            f"{world.rooms[hero.pos[0]].label} {cell_text(global_cell(state.slots[hero.pos[0]], hero.pos[1]))}"
        visits = tuple(world.rooms[room].label for room, _cell in hero.history)
        rows.append(HeroRow(index + 1, world.heroes[index].label, hero.type, hero.hp, hero.gold_total, status,
                            where, visits))
    return rows


CELLS_NOTE = "cells are (x, y) on the whole dungeon: x to the right, y down, 5 per room"


def cell_text(cell: tuple[int, int]) -> str:
    """A dungeon cell as the hero table and the log both write it (one frame, labelled)."""
    return f"cell ({cell[0]}, {cell[1]})"


def describe_event(event: ev.Event) -> str:
    """An event as a sentence for the log."""
    match event:
        case ev.Spawned(hero=hero, room=room, cell=cell):
            return f"{hero} spawns in {room} at {cell_text(cell)}"
        case ev.Stepped(hero=hero, direction=d, cell=cell):
            return f"{hero} steps {d} to {cell_text(cell)}"
        case ev.Slid(hero=hero, direction=d, cell=cell):
            return f"{hero} slides {d} to {cell_text(cell)}"
        case ev.Teleported(hero=hero, room=room, cell=cell, cause=cause):
            return f"{hero} is teleported ({cause}) to " + ("the waiting room" if room is None or cell is None
                                                                 else f"{room} {cell_text(cell)}")
        case ev.EnteredRoom(hero=hero, room=room, entry=entry):
            return f"{hero} enters {room} (entry {entry})"
        case ev.Damaged(hero=hero, amount=amount, hp=hp, cause=cause):
            return f"{hero} loses {amount} HP ({cause}), HP {hp}"
        case ev.Healed(hero=hero, amount=amount, hp=hp, cause=cause):
            return f"{hero} gains {amount} HP ({cause}), HP {hp}"
        case ev.GoldPicked(hero=hero, room=room, amount=amount):
            return f"{hero} picks up {amount} gold in {room}"
        case ev.GoldDropped(hero=hero, room=room, amount=amount):
            return f"{hero}'s {amount} gold drops in {room}"
        case ev.GoldPaid(hero=hero, room=room, amount=amount):
            return f"{hero} pays {amount} gold in {room}"
        case ev.GoldRefunded(hero=hero, room=room, amount=amount):
            return f"{amount} gold goes back to {room}"
        case ev.Died(hero=hero, room=room, cause=cause):
            return f"{hero} dies in {room} ({cause})"
        case ev.Stuck(hero=hero):
            return f"{hero} is stuck"
        case ev.Cast(spell=spell, text=text):
            return f"cast {text} ({spell})"
        case ev.TypeChanged(hero=hero, old=old, new=new):
            return f"{hero} turns from {old} into {new}"
        case ev.RoomMoved(room=room, slot=slot, cause=cause):
            return f"{room} moves to {slot} ({cause})"
        case ev.ShellFired(hero=hero, direction=d, end=end):
            return f"{hero} fires a Shell {d}; it flies to {end}"
        case ev.CellCleared(room=room, cell=cell):
            return f"the Shell clears {room}'s {cell_text(cell)}"
        case ev.MonsterSlain(room=room):
            return f"the Shell slays {room}'s monster"
        case ev.Shoved(hero=hero, room=room, direction=d, slot=slot):
            return f"{hero} shoves {room} {d} to {slot}"
        case ev.Lost(hero=hero, room=room):
            return f"LOST: {hero} reaches {room}"
        case ev.Won():
            return "WON: every hero is dead"
        case ev.Stalled(alive=alive):
            return f"stall: {', '.join(alive)} still alive"
    return event.sentence()             # the event's own words (Slept, Woke, a designer's events)

"""Turn order (ZR-7) and one hero action (ZR-6)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from zorglab.engine import events as ev
from zorglab.engine.planner import SPAWN
from zorglab.engine.resolve import Resolution
from zorglab.engine.state import GameState

if TYPE_CHECKING:
    from zorglab.engine.world import World


def next_action(world: World, state: GameState) -> tuple[int, Any] | None:
    """ZR-7: the first hero in spawn order that is alive, awake, and waiting or has a plan,
    with the action it takes; None when the world is idle."""
    if state.lost:
        return None
    planner = world.planner
    for index, hero in enumerate(state.heroes):
        if not hero.alive or hero.asleep:
            continue
        if hero.pos is None:
            return index, SPAWN
        action = planner.action(state, index)
        if action is not None:
            return index, action
    return None


def active_hero(world: World, state: GameState) -> int | None:
    """The index of the hero ZR-7 lets act next, or None when the world is idle."""
    found = next_action(world, state)
    return None if found is None else found[0]


def stuck_heroes(world: World, state: GameState) -> tuple[int, ...]:
    """Living, awake heroes on the board that no plan takes to their goal (FR-30)."""
    return tuple(i for i, h in enumerate(state.heroes)
                 if h.alive and not h.asleep and h.pos is not None and world.planner.action(state, i) is None)


def act(world: World, state: GameState, found: tuple[int, Any] | None = None, *,
        record: bool = True) -> tuple[GameState, list[ev.Event]]:
    """The active hero's action (a spawn or one step) resolved to the end; tick + 1."""
    if found is None:
        found = next_action(world, state)
        if found is None:
            raise ValueError("the world is idle: no hero can act")
    index, action = found
    tick = state.tick + 1
    res = Resolution(world, state, tick=tick, record=record)
    hero = res.hero(index)
    if action == SPAWN:
        res.spawn(hero)
    elif action is None or not world.behaviour(hero.type).perform(res, hero, action):
        raise RuntimeError(f"{hero.label} planned {action!r} but cannot perform it")
    res.settle()
    return res.freeze(tick), (res.events or [])

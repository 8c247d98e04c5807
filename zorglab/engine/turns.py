"""Turn order (ZR-7) and one hero action (ZR-6).

The turn order asks each hero's marks (:mod:`zorglab.engine.marks`) whether it acts now: a mark may
pass it over (Sleep) or make it the active hero that spends its action on the mark's own skip
(:class:`Skip`; a designer's Freeze) — no mark is named here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from zorglab.engine import events as ev
from zorglab.engine.marks import Turn, find_mark, turn_of
from zorglab.engine.plangraph import SPAWN
from zorglab.engine.resolve import Resolution
from zorglab.engine.state import GameState

if TYPE_CHECKING:
    from zorglab.engine.world import World


class Skip(NamedTuple):
    """The action of a hero whose mark ``mark`` makes it skip this turn (:attr:`Turn.SKIP`)."""

    mark: str

    def __str__(self) -> str:
        return f"skip ({self.mark})"


def next_action(world: World, state: GameState) -> tuple[int, Any] | None:
    """ZR-7: the first hero in spawn order that is alive, not passed over by a mark, and waiting or
    has a plan, with the action it takes (a :class:`Skip` if a mark says so); None when idle."""
    if state.lost:
        return None
    planner = world.planner
    for index, hero in enumerate(state.heroes):
        if not hero.alive:
            continue
        marks = hero.marks
        turn = turn_of(marks) if marks else None
        if turn is not None and turn[0] is Turn.PASS:
            continue
        action = SPAWN if hero.pos is None else planner.action(state, index)
        if action is not None:
            if turn is not None and turn[0] is Turn.SKIP:
                return index, Skip(turn[1] or "")
            return index, action
    return None


def can_act(hero: Any) -> bool:
    """Is the hero alive and not passed over by one of its marks (ZR-7)?"""
    return hero.alive and not (hero.marks and turn_of(hero.marks)[0] is Turn.PASS)


def active_hero(world: World, state: GameState) -> int | None:
    """The index of the hero ZR-7 lets act next, or None when the world is idle."""
    found = next_action(world, state)
    return None if found is None else found[0]


def stuck_heroes(world: World, state: GameState) -> tuple[int, ...]:
    """Living heroes on the board, not passed over, that no plan takes to their goal (FR-30)."""
    return tuple(i for i, h in enumerate(state.heroes)
                 if can_act(h) and h.pos is not None and world.planner.action(state, i) is None)


def act(world: World, state: GameState, found: tuple[int, Any] | None = None, *,
        record: bool = True) -> tuple[GameState, list[ev.Event]]:
    """The active hero's action (a spawn, one step, or a mark's skip) resolved to the end; tick + 1."""
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
    elif type(action) is Skip:
        find_mark(action.mark).skip(res, hero, hero.mark(action.mark))
    elif action is None or not world.behaviour(hero.type).perform(res, hero, action):
        raise RuntimeError(f"{hero.label} planned {action!r} but cannot perform it")
    res.settle()
    return res.freeze(tick), (res.events or [])

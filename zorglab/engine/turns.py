"""Turn order (ZR-7) and one hero action (ZR-6), in named phases.

The turn order asks each hero's marks (:mod:`zorglab.engine.marks`) whether it acts now: a mark may
pass it over (Sleep) or make it the active hero that spends its action on the mark's own skip
(:class:`Skip`; a designer's Freeze) — no mark is named here.

One action (:func:`act`) runs these phases, in this order; each names the hooks it calls:

1. **turn** — :func:`turn_order` asks every living hero's marks :meth:`Mark.turn
   <zorglab.engine.marks.Mark.turn>` (a PASS wins over a SKIP); :func:`next_action` takes the first
   hero not passed over that is waiting or has a plan (``HeroBehaviour.targets``, the planner);
2. **action** — a spawn, a mark's :meth:`~zorglab.engine.marks.Mark.skip`, or the type's
   ``HeroBehaviour.perform`` (a step: rooms' ``on_enter``, cells; every real HP change calls
   :meth:`~zorglab.engine.marks.Mark.on_hp_change`, a death drops marks not ``kept_by_the_dead``);
3. **tick** — :func:`tick_marks`: every mark's :meth:`~zorglab.engine.marks.Mark.on_tick`, whoever
   acted, so delayed effects compose with any turn hook (a frozen, cursed hero neither walks nor
   escapes the curse);
4. **settle** — a hero left on water drowns (ZR-9, ``Resolution.settle``);
5. **freeze** — the next :class:`~zorglab.engine.state.GameState`, tick + 1.

A cast (:mod:`zorglab.engine.casting`) is not an action: no tick passes, no tick hook runs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator, NamedTuple

from zorglab.engine import events as ev
from zorglab.engine.marks import Turn, any_ticks, find_mark, ticks, turn_of
from zorglab.engine.plangraph import SPAWN
from zorglab.engine.resolve import Resolution
from zorglab.engine.state import GameState, HeroState

if TYPE_CHECKING:
    from zorglab.engine.world import World


class Skip(NamedTuple):
    """The action of a hero whose mark ``mark`` makes it skip this turn (:attr:`Turn.SKIP`)."""

    mark: str

    def __str__(self) -> str:
        return f"skip ({self.mark})"


class Place(NamedTuple):
    """A living hero's place in the turn order (ZR-7) at one point of play: :func:`turn_order`."""

    at: int                 # the hero's index (spawn order)
    hero: HeroState
    turn: Turn              # what its marks let it do now (ACT, PASS: a sleeper, SKIP)
    mark: str | None        # the mark that decided ``turn`` (None: ACT, no mark)
    paused: bool            # others may act before it goes on: it is passed over or waiting, or a living
                            # hero before it in spawn order is not passed over (that one acts first)
    earlier: int            # heroes before it a mark passes over: each may be stirred and act first

    @property
    def passed(self) -> bool:
        """Does a mark pass this hero over now (ZR-7), as a sleeper is?"""
        return self.turn is _PASS


_ACT, _PASS, _SKIP = Turn.ACT, Turn.PASS, Turn.SKIP     # looked up once: an enum member is a slow attribute
_new_tuple = tuple.__new__      # builds a NamedTuple from a ready tuple without its Python __new__


def turn_order(state: GameState) -> Iterator[Place]:
    """The turn order (ZR-7), the one definition of "who acts next": the living heroes in spawn
    order, each with what its marks let it do now (:func:`~zorglab.engine.marks.turn_of`), whether
    others may act before it goes on, and how many heroes before it are passed over. The engine's
    :func:`next_action` takes the first that is not passed over and has an action; the search's
    damage bound and groups read every place (``zorglab.search.bound``, ``zorglab.search.groups``).
    Lazy: the engine reads only as far as the active hero."""
    behind = False
    earlier = 0
    for index, hero in enumerate(state.heroes):
        if not hero.alive:
            continue
        if hero.marks:
            turn, mark = turn_of(hero.marks)
            if turn is _PASS:
                yield _new_tuple(Place, (index, hero, turn, mark, True, earlier))
                earlier += 1
                continue
        else:
            turn, mark = _ACT, None
        yield _new_tuple(Place, (index, hero, turn, mark, behind or hero.pos is None, earlier))
        behind = True


def next_action(world: World, state: GameState) -> tuple[int, Any] | None:
    """ZR-7: the first hero of the :func:`turn_order` not passed over by a mark and waiting or
    with a plan, with the action it takes (a :class:`Skip` if a mark says so); None when idle."""
    if state.lost:
        return None
    planner = world.planner
    # While no hero before the active one carries a mark, every place of the turn order is an ACT:
    # the first living hero with an action acts, read here without building the places (the hot path
    # of every search; tests/engine/test_turn_order.py checks it against the places).
    for index, hero in enumerate(state.heroes):
        if hero.marks:
            break
        if hero.alive:
            action = SPAWN if hero.pos is None else planner.action(state, index)
            if action is not None:
                return index, action
    else:
        return None
    for at, hero, turn, mark, _, _ in turn_order(state):
        if turn is _PASS:
            continue
        action = SPAWN if hero.pos is None else planner.action(state, at)
        if action is not None:
            if turn is _SKIP:
                return at, Skip(mark or "")
            return at, action
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
    if any_ticks():
        tick_marks(res, index)
    res.settle()
    return res.freeze(tick), (res.events or [])


def tick_marks(res: Resolution, actor: int) -> None:
    """Phase 3 of an action: every tick hook (:meth:`Mark.on_tick <zorglab.engine.marks.Mark.on_tick>`)
    of every hero carrying one, in spawn order, each mark in name order, ``actor`` the hero that
    acted. A hero none of whose marks ticks is left untouched (its state is shared, not copied)."""
    state = res.state.heroes
    for index in range(len(state)):
        scratch = res.heroes.get(index)
        marks = state[index].marks if scratch is None else scratch.marks
        if not marks or not ticks(marks):
            continue
        hero = res.hero(index)
        for name, _ in marks:
            value = hero.mark(name)
            if value is not None:       # an earlier hook may have removed it
                find_mark(name).on_tick(res, hero, value, actor)

"""*Explain*: why a hero takes the step it takes, from the planner's own candidates (ZR-13).

:meth:`Planner.explain` gives every candidate first step with its plan's cost vector and the one
chosen; this module only words it: the chosen step is either strictly the cheapest plan, or one
of several equally cheap first steps picked by the hero type's direction order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from zorglab.core.geometry import Direction
from zorglab.engine.marks import explanation
from zorglab.engine.planner import SPAWN
from zorglab.engine.state import GameState
from zorglab.engine.turns import next_action

CHEAPEST = "cheapest plan"
TIE = "tie broken by direction order"
STUCK = "stuck"
SPAWNING = "spawn"
MARKED = "mark"             # a mark keeps it from stepping (Sleep's, or a designer's)
DEAD = "dead"


@dataclass(frozen=True)
class ExplainRow:
    action: str
    cost: tuple[int, ...] | None
    chosen: bool
    note: str


@dataclass(frozen=True)
class Explanation:
    hero: str
    index: int
    cost_names: tuple[str, ...]
    order: tuple[str, ...]
    rows: tuple[ExplainRow, ...]
    rule: str               # CHEAPEST, TIE, STUCK, SPAWNING, MARKED or DEAD
    sentence: str

    def cost_text(self, cost: tuple[int, ...] | None) -> str:
        if cost is None:
            return "—"
        return ", ".join(f"{name} {value}" for name, value in zip(self.cost_names, cost))


def _name(action: Any) -> str:
    return "spawn" if action == SPAWN else str(action)


def _verb(action: Any) -> str:
    """'steps right' for a step; a type's own action as it names itself ('fire right', 'shove up')."""
    return f"steps {action}" if isinstance(action, Direction) else _name(action).replace("fire", "fires", 1) \
        .replace("shove", "shoves", 1)


def explain(world: Any, state: GameState, index: int) -> Explanation:
    """The candidates of hero ``index``'s next step and the rule that decided between them; a
    corpse, a hero a mark holds (a sleeper), a hero in the waiting room and a stuck hero are said to be so (they take no
    step now), and a hero that is not the active one is told to wait for its turn (ZR-7)."""
    hero = state.heroes[index]
    label = world.heroes[index].label
    behaviour = world.behaviour(hero.type)
    cost_names = tuple(getattr(behaviour, "cost_names", ("cost",)))
    order = tuple(_name(d) for d in getattr(behaviour, "directions", tuple(Direction)))
    if not hero.alive:
        return Explanation(label, index, cost_names, order, (), DEAD,
                           f"{label} is dead: a corpse never acts again")
    said = explanation(hero.marks, label) if hero.marks else None
    if said:
        return Explanation(label, index, cost_names, order, (), MARKED, said)
    found = next_action(world, state)
    active = None if found is None else found[0]
    if hero.pos is None:
        rows: tuple[ExplainRow, ...] = (ExplainRow("spawn", None, active == index, "in the waiting room: its action is to spawn"),)
        when = "it spawns next" if active == index else \
            "it spawns when it is the first hero in spawn order able to act (ZR-7)"
        return Explanation(label, index, cost_names, order, rows, SPAWNING,
                           f"{label} is in the waiting room, not on the board: {when}, "
                           "on the main A's spawn cell")
    candidates = world.planner.explain(state, index)
    priced = [c.cost for c in candidates if c.cost is not None]
    best = min(priced) if priced else None
    tied = [c for c in candidates if c.cost is not None and c.cost == best]
    rows = tuple(ExplainRow(_name(c.action), c.cost, c.chosen,
                            "cannot step there" if c.blocked else
                            "no plan reaches the goal from there" if c.cost is None else
                            "chosen" if c.chosen else
                            "as cheap, later in the direction order" if c.cost == best else "costs more")
                 for c in candidates)
    chosen = next((c for c in candidates if c.chosen), None)
    if chosen is None or best is None:
        return Explanation(label, index, cost_names, order, rows, STUCK,
                           f"{label} is stuck: no first step leads to a plan reaching its goal, so it does "
                           "not act and waits for the map to change (FR-30)")
    turn = "" if active == index or active is None else \
        f" (when its turn comes: {world.heroes[active].label} acts first, ZR-7)"
    cost = ", ".join(f"{n} {v}" for n, v in zip(cost_names, best))
    if len(tied) == 1:
        return Explanation(label, index, cost_names, order, rows, CHEAPEST,
                           f"{label} {_verb(chosen.action)}{turn}: the cheapest plan ({cost}); "
                           "every other first step costs more")
    names = ", ".join(_name(c.action) for c in tied)
    return Explanation(label, index, cost_names, order, rows, TIE,
                       f"{label} {_verb(chosen.action)}{turn}: {names} tie at ({cost}); {TIE} "
                       f"{' > '.join(order)}")

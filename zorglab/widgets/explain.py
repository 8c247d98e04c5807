"""*Explain*: why a hero takes the step it takes, layer by layer, in the designer's words (ZR-13,
FR-20..FR-25, NFR-10).

Everything here is read off the engine: the goal from the planner's targets and the perceived
weights (:mod:`zorglab.engine.weights`, with whose pull is where), every first step's *own* plan
from :meth:`Planner.ways` (the best plan going that way, not one that merely starts so and turns
back), its cost vector from the hero type's own ``cost_names`` and the type's words for its own
actions (``action_words``: the Mechanic's shove figures, the Gunner's aim). This module only
compares the vectors layer by layer and says where each other step loses. No rule is restated.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Mapping

from zorglab.core.geometry import Direction
from zorglab.engine import weights
from zorglab.engine.marks import explanation
from zorglab.engine.plangraph import SPAWN
from zorglab.engine.planpaths import PlanStep
from zorglab.engine.state import GameState
from zorglab.engine.turns import next_action

CHEAPEST = "cheapest plan"
TIE = "tie broken by direction order"
STUCK = "stuck"
WAITING = "waiting"
SPAWNING = "spawn"
MARKED = "mark"             # a mark keeps it from stepping (Sleep's, or a designer's)
DEAD = "dead"

TIE_LAYER = "tie order"
# The shared cost entries' words (FR-20, FR-21): (the priority layer's name, the figure's name, as
# "HP lost 2" reads). A hero type says its own entries' words (``HeroBehaviour.layer_words``: the
# Gunner's shot, the Mechanic's shoves); the engine's names stay in the data (``ExplainRow.layer``).
SHARED_WORDS: Mapping[str, tuple[str, str]] = {
    "actions": ("shortest path", "actions"),
    "hp_lost": ("HP kept", "HP lost"),
}

Words = tuple[tuple[str, str, str], ...]
"""A type's own cost words as an :class:`Explanation` carries them: (cost name, layer, figure)."""


def _words(words: Words, cost_name: str) -> tuple[str, str]:
    for name, layer, figure in words:
        if name == cost_name:
            return layer, figure
    return SHARED_WORDS.get(cost_name, (cost_name, cost_name.replace("_", " ")))


def cost_word(cost_name: str, words: Words = ()) -> str:
    """A cost entry's name as the panels print it: ``hp_lost`` → ``HP lost`` (a type's own ``words``
    first; unknown names as they are, underscores as spaces)."""
    return _words(words, cost_name)[1]


@dataclass(frozen=True)
class ExplainRow:
    """One first step: its own plan's cost (None: no plan), the rooms that plan goes through, the
    layer where it loses to the chosen step ('' for the chosen one) and a note."""

    action: str
    cost: tuple[int, ...] | None
    chosen: bool
    note: str
    layer: str = ""
    rooms: tuple[str, ...] = ()
    turns_back: bool = False
    steps: tuple[PlanStep, ...] = ()
    raw: Any = None         # the planner's action (for *why not*)


@dataclass(frozen=True)
class Explanation:
    hero: str
    index: int
    cost_names: tuple[str, ...]
    order: tuple[str, ...]
    rows: tuple[ExplainRow, ...]
    rule: str               # CHEAPEST, TIE, STUCK, WAITING, SPAWNING, MARKED or DEAD
    sentence: str
    goal: str = ""          # the goal and, under a pull, every perceived weight and whose pull made it
    layers: tuple[str, ...] = ()        # each priority layer in order: what it kept, what lost there
    plan: tuple[PlanStep, ...] = ()     # the chosen plan, action by action (for the board)
    targets: tuple[int, ...] = ()       # the goal's rooms (indexes)
    pulls: tuple[tuple[int, int, Fraction], ...] = ()     # (hero, room, b) of every pull it feels
    words: Words = ()       # the hero type's own cost words (``HeroBehaviour.layer_words``)

    def cost_text(self, cost: tuple[int, ...] | None) -> str:
        if cost is None:
            return "—"
        return ", ".join(f"{cost_word(name, self.words)} {value}" for name, value in zip(self.cost_names, cost))

    def layer_name(self, cost_name: str) -> str:
        """The priority layer ``cost_name`` decides, in the hero type's words."""
        return layer_name(cost_name, self.words)

    def cost_word(self, cost_name: str) -> str:
        """The figure ``cost_name`` names, in the hero type's words."""
        return cost_word(cost_name, self.words)

    def lines(self) -> list[str]:
        """The whole explanation as text: sentence, goal, layers, then every first step."""
        out = [self.sentence]
        if self.goal:
            out.append(f"goal: {self.goal}")
        out += [f"  {line}" for line in self.layers]
        for row in self.rows:
            mark = "→" if row.chosen else " "
            via = f" via {' → '.join(row.rooms)}" if row.rooms else ""
            out.append(f"  {mark} {row.action}: {self.cost_text(row.cost)}{via} — {row.note}")
        return out


def _name(action: Any) -> str:
    return "spawn" if action == SPAWN else str(action)


def _verb(action: Any) -> str:
    """'steps right' for a step; a type's own action as it names itself ('fire right', 'shove up')."""
    inner = getattr(action, "action", action)       # a Gunner's plan mode around its step
    if isinstance(inner, Direction):
        return f"steps {inner}"
    return _name(inner).replace("fire", "fires", 1).replace("shove", "shoves", 1)


def layer_name(cost_name: str, words: Words = ()) -> str:
    """The priority layer a cost entry decides, in words (a type's own ``words`` first)."""
    return _words(words, cost_name)[0]


def losing_layer(cost_names: tuple[str, ...], cost: tuple[int, ...], best: tuple[int, ...]) -> str:
    """The cost entry where ``cost`` first exceeds ``best`` (lexicographic), or the tie order."""
    for name, mine, theirs in zip(cost_names, cost, best):
        if mine != theirs:
            return name
    return TIE_LAYER


def _fraction(value: Fraction) -> str:
    return str(value) if value.denominator != 1 else str(value.numerator)


def _rooms(world: Any, steps: tuple[PlanStep, ...], start: int | None) -> tuple[str, ...]:
    """The rooms a plan goes through, in order, from the one the hero stands in."""
    rooms: list[str] = [] if start is None else [world.rooms[start].label]
    for step in steps:
        if step.pos is not None:
            label = world.rooms[step.pos[0]].label
            if not rooms or rooms[-1] != label:
                rooms.append(label)
    return tuple(rooms)


def _choice_of(world: Any, hero: int, value: Any, choices: Any) -> str | None:
    """The player's choice (a level variable, FR-2) that gave hero ``hero`` this argument value: a
    choice of that value named in the hero as written."""
    specs = world.level.heroes if world.name == "M" else next(
        (m.heroes for m in world.level.mirrors if m.name == world.name), ())
    source = specs[hero].source if hero < len(specs) else ""
    for name, chosen in dict(choices or {}).items():
        if chosen == value and re.search(rf"(?<![\w.]){re.escape(name)}(?![\w(])", source or ""):
            return name
    return None


def goal_text(world: Any, state: GameState, index: int,
              choices: Any = None) -> tuple[str, tuple[int, ...], tuple[tuple[int, int, Fraction], ...]]:
    """The goal in words, its rooms, and every pull the hero feels (FR-25)."""
    hero = state.heroes[index]
    behaviour = world.behaviour(hero.type)
    targets = tuple(sorted(world.planner.targets(state, index)))
    felt = weights.pullers(world, state, but=index)
    said = behaviour.goal_words(world, state, index)
    if said is not None:
        return said, targets, felt       # the type says its own goal (a Thief's changed goal)
    if not felt and not behaviour.weighs_rooms:
        names = ", ".join(world.rooms[r].label for r in targets)
        return f"{names} (Zorg's room, the default weight {{Z: 1}}; no princess pulls)", targets, ()
    own = weights.own_weights(world, hero.type, hero.args)
    seen = weights.perceived(world, state, index)
    parts = []
    for room in world.rooms:
        pulls_here = [(h, b) for h, r, b in felt if r == room.index]
        if not pulls_here and own[room.index] == 0:
            continue
        terms = [f"own {_fraction(own[room.index])}"]
        for h, b in pulls_here:
            choice = _choice_of(world, h, b, choices)
            said = f"{world.heroes[h].label}'s pull {_fraction(b)}" + (
                f" (the player's choice {choice} = {_fraction(b)})" if choice else "")
            terms.append(said)
        formula = terms[0] if len(terms) == 1 else f"({' + '.join(terms)}) / {len(terms)}"
        parts.append(f"{room.label} {_fraction(seen[room.index])} = {formula}")
    weighed = "; ".join(parts)
    if not targets:
        if weights.arrived(world, state, index):
            here = world.rooms[hero.pos[0]].label       # type: ignore[index]
            return (f"reached: it stands in {here}, and no room it can reach weighs more — perceived weights: "
                    f"{weighed}"), targets, felt
        return f"none: no room weighs more than 0 for it — perceived weights: {weighed}", targets, felt
    top = seen[targets[0]]
    names = ", ".join(world.rooms[r].label for r in targets)
    makers = sorted({world.heroes[h].label for h, r, _ in felt if r in targets})
    made = f"; {', '.join(makers)}'s pull made it (its own weight there is {_fraction(own[targets[0]])})" \
        if makers and own[targets[0]] < top else ""
    heavier = sorted({world.rooms[r].label for r, w in enumerate(seen) if w > top})
    out_of_reach = f"; heavier but out of reach: {', '.join(heavier)}" if heavier else ""
    z = min(world.z_rooms) if world.z_rooms else None
    versus = f" > Zorg's {_fraction(seen[z])}" if z is not None and z not in targets and seen[z] < top else ""
    return (f"{names}, the heaviest room it can reach: perceived weight {_fraction(top)}{versus}{made}"
            f"{out_of_reach} — perceived weights: {weighed}"), targets, felt


def explain(world: Any, state: GameState, index: int, choices: Any = None) -> Explanation:
    """Why hero ``index`` takes its next step: the goal, each priority layer in order, and for every
    other first step its own plan and the layer where it loses. A corpse, a hero a mark holds (a
    sleeper), a hero in the waiting room, a hero at its goal (*waiting*) and a stuck hero are said to be so (they take no
    step now); a hero that is not the active one is told who acts first (ZR-7). ``choices`` (the
    setup's) let a pull say which player's choice set it."""
    hero = state.heroes[index]
    label = world.heroes[index].label
    behaviour = world.behaviour(hero.type)
    cost_names = tuple(behaviour.cost_names)
    order = tuple(_name(d) for d in behaviour.directions)
    words = tuple((name, layer, figure) for name, (layer, figure) in behaviour.layer_words.items())
    if not hero.alive:
        return Explanation(label, index, cost_names, order, (), DEAD,
                           f"{label} is dead: a corpse never acts again", words=words)
    said = explanation(hero.marks, label) if hero.marks else None
    if said:
        return Explanation(label, index, cost_names, order, (), MARKED, said, words=words)
    found = next_action(world, state)
    active = None if found is None else found[0]
    goal, targets, felt = goal_text(world, state, index, choices)
    if hero.pos is None:
        rows: tuple[ExplainRow, ...] = (ExplainRow("spawn", None, active == index,
                                                   "in the waiting room: its action is to spawn"),)
        when = "it spawns next" if active == index else \
            "it spawns when it is the first hero in spawn order able to act (ZR-7)"
        return Explanation(label, index, cost_names, order, rows, SPAWNING,
                           f"{label} is in the waiting room, not on the board: {when}, "
                           "on the main A's spawn cell", goal, targets=targets, pulls=felt, words=words)
    here = world.rooms[hero.pos[0]].label
    if weights.arrived(world, state, index):
        return Explanation(label, index, cost_names, order, (), WAITING,
                           f"{label} is waiting in {here}: it has reached its goal, the heaviest room it can "
                           "reach, and stays until the weights change (a princess leaves, dies or turns "
                           "Warrior, FR-25) — it is not stuck", goal, targets=targets, pulls=felt, words=words)
    planner = world.planner
    ways = planner.ways(state, index)
    priced = [w.cost for w in ways if w.cost is not None]
    best = min(priced) if priced else None
    tied = [w for w in ways if w.cost is not None and w.cost == best]
    chosen = next((w for w in ways if w.chosen), None)
    rows = tuple(_row(world, state, index, w, chosen, cost_names, order, words) for w in ways)
    if chosen is None or best is None:
        return Explanation(label, index, cost_names, order, rows, STUCK,
                           f"{label} is stuck: no first step leads to a plan reaching its goal, so it does "
                           "not act and waits for the map to change (FR-30)", goal, targets=targets, pulls=felt, words=words)
    layers = _layers(rows, cost_names, order, chosen.own or best, words)
    turn = "" if active == index or active is None else \
        f" (when its turn comes: {world.heroes[active].label} acts first, ZR-7)"
    cost = ", ".join(f"{cost_word(n, words)} {v}" for n, v in zip(cost_names, best))
    plan = chosen.steps
    route = " → ".join(_rooms(world, plan, hero.pos[0]))
    if len(tied) == 1:
        sentence = (f"{label} {_verb(chosen.action)}{turn}: the cheapest plan ({cost}), via {route}; "
                    "every other first step costs more")
        rule = CHEAPEST
    else:
        names = ", ".join(_name(w.action) for w in tied)
        sentence = (f"{label} {_verb(chosen.action)}{turn}: {names} tie at ({cost}); {TIE} "
                    f"{' > '.join(order)}; its plan goes via {route}")
        rule = TIE
    return Explanation(label, index, cost_names, order, rows, rule, sentence, goal, layers, plan, targets, felt,
                       words)


def _row(world: Any, state: GameState, index: int, way: Any, chosen: Any, cost_names: tuple[str, ...],
         order: tuple[str, ...], cost_words: Words = ()) -> ExplainRow:
    words = world.planner.action_words(state, index, way.action)
    if way.blocked:
        return ExplainRow(words, None, False, "cannot act so here", raw=way.action)
    if way.own is None:
        return ExplainRow(words, None, False, "no plan reaches the goal from there", raw=way.action)
    pos = state.heroes[index].pos
    rooms = _rooms(world, way.steps, None if pos is None else pos[0])
    if way.chosen:
        return ExplainRow(words, way.own, True, "chosen", "", rooms, False, way.steps, way.action)
    best = chosen.own if chosen is not None else None
    layer = losing_layer(cost_names, way.own, best) if best is not None else ""
    if layer == TIE_LAYER:
        note = f"as cheap; loses at the tie order {' > '.join(order)}"
    else:
        k = cost_names.index(layer)
        note = f"loses at {layer_name(layer, cost_words)}: {cost_word(layer, cost_words)} {way.own[k]} > {best[k]}"   # type: ignore[index]
    if way.turns_back:
        note += " (every plan starting so turns back)"
    return ExplainRow(words, way.own, False, note, layer, rooms, way.turns_back, way.steps, way.action)


def _layers(rows: tuple[ExplainRow, ...], cost_names: tuple[str, ...], order: tuple[str, ...],
            best: tuple[int, ...], words: Words = ()) -> tuple[str, ...]:
    """Each priority layer in order: the value the chosen plan keeps and the steps that lose there."""
    out = []
    for k, name in enumerate(cost_names):
        lost = [r for r in rows if r.layer == name]
        losers = ", ".join(f"{r.action} ({r.cost[k]})" for r in lost if r.cost is not None)
        out.append(f"{k + 1}. {layer_name(name, words)} — {cost_word(name, words)} {best[k]}"
                   + (f"; loses here: {losers}" if losers else "; nothing loses here"))
    ties = [r.action for r in rows if r.layer == TIE_LAYER]
    chosen = next((r.action for r in rows if r.chosen), "")
    out.append(f"{len(cost_names) + 1}. {TIE_LAYER} {' > '.join(order)}"
               + (f" — {chosen} before {', '.join(ties)}" if ties else " — no tie left"))
    return tuple(out)


def explanation_html(found: Explanation | None) -> str:
    """The explanation as the Player's panel shows it: sentence, goal, layers, every first step."""
    if found is None:
        return "<i>explain: no hero acts next (the world is idle)</i>"
    goal = f"<div><b>goal</b>: {html.escape(found.goal)}</div>" if found.goal else ""
    layers = "".join(f"<div style='margin-left:8px'>{html.escape(line)}</div>" for line in found.layers)
    rows = "".join(f"<tr style='{'font-weight:bold' if r.chosen else ''}'><td>{html.escape(r.action)}</td>"
                   f"<td>{found.cost_text(r.cost)}</td><td>{html.escape(' → '.join(r.rooms))}</td>"
                   f"<td>{html.escape(r.note)}</td></tr>" for r in found.rows)
    table = (f"<table style='font-size:12px'><tr><th>first step</th><th>its own plan</th><th>via</th><th></th></tr>"
             f"{rows}</table>") if rows else ""
    return (f"<div><b>explain {html.escape(found.hero)}</b>: {html.escape(found.sentence)}</div>"
            f"{goal}{layers}{table}")

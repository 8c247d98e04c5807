"""Why a world cannot be won: a reason the engine can check, in the designer's words (issue 25).

An *unsolvable* verdict comes with one of four reasons, tried in this order:

- ``constraint``: a constraint that no run can meet on this layout. It reads only what the layout
  fixes — ``dist`` when no spell and no hero of the world moves a room (``moves_rooms`` on the
  types), ``solvable`` of a mirror (judged on the shared layout) — so it is evaluated once, on the
  world's first state, without search; the reason names the values that break it
  (``dist(A, Z) = 4``).
- ``hero``: a hero no cast sequence can kill. Its HP is more than the most the damage spells and
  the rooms of its own walk can take (the search's damage bound, FR-51, ``DamageBound.figures``:
  no rule is restated here).
- ``world``: not a kind of its own but a field: every reason names the world it holds in, and
  :func:`why_unsolvable` looks first in the world the search proved unsolvable (mirrors, ZR-18).
- ``explored``: otherwise every cast sequence was explored; the reason carries the *closest miss*,
  the run leaving the fewest heroes alive and then the least HP, as casts the Player and
  ``zorglab play --cast`` replay (a near-witness). Its replay is bounded by the caller's budget
  (a run counts its actions, ``zorglab.engine.run.run_world``): a portal loop of millions of actions
  stops there, and the reason says the replay was not finished instead of naming an outcome.

:meth:`Reason.check` re-derives a reason from the world alone; the property test in
``tests/search/test_reasons.py`` checks that none is ever claimed for a world brute force wins.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Final, Iterable, Literal

from zorglab.core.budget import Budget, budget_of
from zorglab.core.model import Cast, Condition
from zorglab.core.printer import format_cast
from zorglab.engine.constraints import calls_in, check_conditions
from zorglab.core.expr import evaluate
from zorglab.engine.run import run_world
from zorglab.engine.state import GameState
from zorglab.engine.turns import next_action
from zorglab.errors import ExpressionError
from zorglab.search.bound import DamageBound, world_gate
from zorglab.search.solver import UNSOLVABLE, Search, Verdict
from zorglab.search.witness import SearchNode

if TYPE_CHECKING:
    from zorglab.engine.game import Setup
    from zorglab.engine.world import World

ReasonKind = Literal["constraint", "hero", "explored"]
"""What proves a world unwinnable: a constraint no run meets, a hero no spell can kill, or the whole state graph."""
CONSTRAINT: Final = "constraint"
HERO: Final = "hero"
EXPLORED: Final = "explored"

# Functions whose value the layout alone fixes: ``solvable`` always (a construction test on the
# shared layout, FR-46), ``dist`` while no room can move (FR-10 reads the slots at the end).
LAYOUT_FUNCTIONS = frozenset({"dist", "solvable"})


@dataclass(frozen=True)
class Reason:
    """Why a world cannot be won. ``figures`` are the values that prove it (JSON-ready);
    ``casts`` the closest miss (kind ``explored``), replayable as a near-witness."""

    kind: ReasonKind
    world: str
    text: str
    figures: dict[str, Any] = field(default_factory=dict)
    casts: tuple[Cast, ...] = ()

    def cast_texts(self) -> list[str]:
        return [format_cast(c) for c in self.casts]

    def said(self, worlds: int = 1) -> str:
        """The sentence, naming the world when the level has more than one."""
        return self.text if worlds <= 1 else f"world {self.world} fails: {self.text}"

    def to_json(self) -> dict[str, Any]:
        data = {"kind": self.kind, "world": self.world, "text": self.text, **self.figures}
        if self.kind == EXPLORED:
            data["near_witness"] = self.cast_texts()
        return data


# -- a constraint the layout decides ----------------------------------------------------------------

def moves_rooms(world: World) -> bool:
    """Can any spell or hero of this world move a room? (Asked of the types, ``moves_rooms``; a type
    that does not say is taken to.) The hero types include what a spell can make (Banality: Warrior)."""
    return any(spell.behaviour.moves_rooms is not False for spell in world.spells) or \
        any(world.behaviour(t).moves_rooms is not False for t in world.hero_types())


def layout_fixed(condition: Condition, world: World) -> bool:
    """Does this constraint read only what the layout fixes (no run can change its value)?"""
    calls = list(calls_in(condition.expr))
    allowed = LAYOUT_FUNCTIONS if not moves_rooms(world) else LAYOUT_FUNCTIONS - {"dist"}
    return all(call.function in allowed for call in calls)


def _value_text(value: Any) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def call_values(condition: Condition, record: Any) -> dict[str, str]:
    """The value of each call in a condition on ``record`` (``dist(A, Z)`` -> ``"4"``), as a
    reason names them."""
    values: dict[str, str] = {}
    for call in calls_in(condition.expr):
        text = f"{call.function}({', '.join(getattr(a, 'name', str(a)) for a in call.args)})"
        try:
            values[text] = _value_text(evaluate(call, record))
        except ExpressionError as error:
            values[text] = f"cannot be evaluated: {error}"
    return values


class Failing(str):
    """A constraint that does not hold (its source, as figures name it), with the values of its calls
    at the end of the run (``values``: ``"dist(A, Z) = 2"``), which the reason's sentence says."""

    values: str = ""


def failing_with_values(conditions: Iterable[Condition], record: Any) -> list[str]:
    """The conditions that do not hold on ``record``, each carrying the values of its calls there
    (issue 39: a closest miss says ``dist(A, Z) >= 3 does not hold (dist(A, Z) = 2)``)."""
    out: list[str] = []
    for result in check_conditions(tuple(conditions), record):
        if not result.holds:
            failing = Failing(result.condition.source)
            failing.values = ", ".join(f"{k} = {v}" for k, v in call_values(result.condition, record).items())
            out.append(failing)
    return out


def constraint_reason(world: World, constraints: Iterable[Condition], record: Any) -> Reason | None:
    """The first layout-fixed constraint that fails on the world's first state, with the value
    of each call in it; ``record`` is the run record of that state (the constraint language's
    environment: choices, and ``solvable`` through the setup's decider)."""
    for condition in constraints:
        if not layout_fixed(condition, world):
            continue
        (result,) = check_conditions((condition,), record)
        if result.holds:
            continue
        values = call_values(condition, record)
        broken = ", ".join(f"{k} = {v}" for k, v in values.items())
        why = "the layout alone fixes it" + ("" if "dist" not in {c.function for c in calls_in(condition.expr)}
                                             else ": no spell or hero here moves a room")
        text = (f"the constraint {condition.source} cannot hold on this layout: {broken}"
                f"{' (' + result.error + ')' if result.error else ''} — {why}, so no run can meet it")
        return Reason(CONSTRAINT, world.name, text, {"constraint": condition.source, "values": values})
    return None


# -- a hero nothing can kill --------------------------------------------------------------------------

def hero_reason(world: World, state: GameState | None = None) -> Reason | None:
    """A living hero holding more HP than the damage spells left and its own walk's rooms can take
    (the search's damage bound, FR-51), with those figures; None where the bound does not apply
    (``world_gate``) or every hero may die."""
    if world_gate(world) is not None:
        return None
    state = world.initial_state() if state is None else state
    bound = DamageBound(world)
    mask = sum(1 << i for i, has in enumerate(state.spells_left) if has)
    damage = bound.spell_damage(mask)
    for index, hp, spells, walk in bound.figures(state, mask):
        if hp <= spells + walk:
            continue
        label = world.heroes[index].label
        named = ", ".join(f"{world.spells[i].label}: {x}" for i, x in damage) or "no damage spell left"
        text = (f"no cast sequence can kill {label}: it has {hp} HP, but the spells can take at most {spells} "
                f"({named}) and the rooms of its own walk at most {walk}, bent every way the spells allow "
                f"— {spells + walk} < {hp}")
        return Reason(HERO, world.name, text, {"hero": label, "hp": hp, "spell_damage": spells, "walk_damage": walk,
                                               "spells": {world.spells[i].label: x for i, x in damage}})
    return None


# -- every cast sequence explored: the closest miss ----------------------------------------------------

def _miss(state: GameState) -> tuple[int, int]:
    """How far a state is from a win: heroes alive, then their HP."""
    alive = [h for h in state.heroes if h.alive]
    return len(alive), sum(max(0, h.hp) for h in alive)


@dataclass
class MissSearch(Search):
    """The exact search, keeping the run end that leaves the fewest heroes alive (then least HP).
    Cuts that give a branch up before its end (the damage bound, hopeless sleepers) are off, so
    every run's end is met; transposition and dominance keep every end's situation."""

    best: SearchNode | None = None
    best_miss: tuple[int, int] | None = None

    def __post_init__(self) -> None:
        self.bound_damage = False
        self.cut_sleepers = False
        self.fewest = True
        super().__post_init__()

    def _expand(self, node: SearchNode) -> None:
        state = node.state
        if state.lost or next_action(self.world, state) is None:      # the run ends here
            miss = _miss(state)
            if self.best_miss is None or miss < self.best_miss:
                self.best, self.best_miss = node, miss
        super()._expand(node)

    def miss_casts(self) -> tuple[Cast, ...]:
        casts = []
        node = self.best
        while node is not None:
            if node.cast is not None:
                casts.append(node.cast)
            node = node.parent
        return tuple(reversed(casts))


Replay = Callable[[tuple[Cast, ...]], tuple[GameState, str, list[str]]]
"""Casts -> the end state, the outcome (or :data:`NOT_FINISHED`) and the constraints failing at the end."""

NOT_FINISHED: Final = "not finished"
"""The outcome a replay reports when its budget stopped it before the run ended (no rule outcome)."""


def replay_outcome(outcome: str, stopped: str) -> str:
    """The outcome a replay reports: the rule's, or :data:`NOT_FINISHED` with the budget spent."""
    return f"{NOT_FINISHED} ({stopped})" if stopped else outcome


def replay_budget(max_actions: int | None, budget: Budget | None) -> Budget | None:
    """The budget of a replay: at most ``max_actions`` actions (the search's number of states:
    a figure, the same on every machine), under ``budget``'s safety stop and cancel event; its
    actions are not charged to ``budget``'s states. None when there is nothing to bound it by."""
    if budget is not None:
        return budget.child(max_actions, unit="actions", counts=False)
    return None if max_actions is None else Budget(max_actions, unit="actions")


def run_replay(world: World, start: GameState | None = None, budget: Budget | None = None) -> Replay:
    """Replay casts on the world alone (no constraints): its end state and outcome. ``budget``
    counts the run's actions (its work allowance, safety stop and cancel event stop the run)."""
    def replay(casts: tuple[Cast, ...]) -> tuple[GameState, str, list[str]]:
        run = run_world(world, casts, state=start, budget=budget)
        return run.state, replay_outcome(run.outcome.value, run.stopped), []
    return replay


def miss_reason(world: World, search: MissSearch, verdict: Verdict, replay: Replay | None = None) -> Reason:
    """The ``explored`` reason from a finished :class:`MissSearch`: its closest miss, replayed
    (``replay`` gives the end state, the outcome and the constraints failing at the end)."""
    if verdict.verdict != UNSOLVABLE or search.best is None:
        text = "every legal cast sequence explored" + (
            "" if verdict.verdict == UNSOLVABLE else f" (the closest miss is not known: {verdict.reason})")
        return Reason(EXPLORED, world.name, text, {"states": verdict.states})
    casts = search.miss_casts()
    end, outcome, broken = (replay or run_replay(world))(casts)
    alive = [(world.heroes[i].label, h.hp) for i, h in enumerate(end.heroes) if h.alive]
    if alive:
        left = ", ".join(f"{label} with {hp} HP" for label, hp in alive)
        miss = f"{len(alive)} hero{'es' if len(alive) != 1 else ''} alive ({left})"
    else:
        miss = "every hero dead"
    if broken:
        said_values = [getattr(b, "values", "") for b in broken]
        miss += ", but " + "; ".join(f"{b} does not hold" + (f" ({v})" if v else "") for b, v in zip(broken, said_values))
    said = " ".join(format_cast(c) for c in casts) or "no casts"
    if outcome.startswith(NOT_FINISHED):        # the replay's budget ran out: no rule outcome to name
        text = (f"every legal cast sequence explored; the closest miss ({said}) was replayed only to tick "
                f"{end.tick}, {outcome}, with {miss}")
    else:
        text = (f"every legal cast sequence explored; the closest miss ({said}) ends in a {outcome} at "
                f"tick {end.tick} with {miss}")
    return Reason(EXPLORED, world.name, text,
                  {"heroes_alive": len(alive), "hp_alive": sum(hp for _, hp in alive), "outcome": outcome,
                   "alive": dict(alive), "constraints_failing": broken, "states": verdict.states}, casts)


# -- a whole setup ---------------------------------------------------------------------------------

def certificate(game: Setup, name: str, start: GameState | None = None,
                _seen: frozenset[str] = frozenset()) -> Reason | None:
    """A reason found without search in world ``name`` (a layout-fixed constraint or a hero),
    from its first state or from ``start`` (the Player's current state)."""
    from zorglab.search.decide import deciding
    game = deciding(game)
    world = game.world(name)
    constraints, _ = game.conditions(name)
    found = constraint_reason(world, constraints, game.record(name, world.initial_state()))
    if found is not None:
        return _with_worlds(game, found, _seen | {name})
    return hero_reason(world, start)


def _with_worlds(game: Setup, found: Reason, seen: frozenset[str]) -> Reason:
    """A constraint broken by ``solvable(w) = false`` says why world ``w`` cannot be won, when a
    certificate says so (searching it again is left to the caller)."""
    nested = []
    for call, value in found.figures.get("values", {}).items():
        if call.startswith("solvable(") and value == "false":
            name = call[len("solvable("):-1]
            if name in game.world_names and name not in seen:
                inner = certificate(game, name, _seen=seen)
                if inner is not None:
                    nested.append(f"in world {name}, {inner.text}")
    if not nested:
        return found
    return Reason(found.kind, found.world, f"{found.text} ({'; '.join(nested)})", found.figures)


def closest_miss(game: Setup, name: str, run: Callable[[Search], Verdict] | None = None,
                 max_states: int | None = None, start: GameState | None = None,
                 budget: Budget | None = None) -> Reason:
    """Every cast sequence of world ``name`` explored (from ``start``, else its first state), with
    the closest miss. ``run`` runs the search (the Studio runs it in slices a newer edit cancels);
    by default ``max_states`` within ``budget``. The near-witness's casts are those made after
    ``start``; their replay is bounded by ``budget`` too (a child counting actions)."""
    from zorglab.engine.constraints import reads_unused
    from zorglab.engine.game import play_world
    from zorglab.search.decide import deciding
    from zorglab.search.level import reads_dead
    game = deciding(game)
    world = game.world(name)
    constraints, _ = game.conditions(name)
    search = MissSearch(world, wins=lambda s: game.wins(name, s), reads_unused=reads_unused(constraints),
                        reads_dead=reads_dead(constraints), start=start)
    verdict = run(search) if run is not None else search.run(budget=budget_of(max_states, None, budget))
    actions = replay_budget(max_states, budget)

    def replay(casts: tuple[Cast, ...]) -> tuple[GameState, str, list[str]]:
        if start is None:           # the level's own judgement of the run (constraints, FR-43)
            played = play_world(game, name, casts, record=False, budget=actions)
            stopped = played.result.stopped
            failing = [r.condition for r in played.constraints if not r.holds and not stopped]
            return played.result.state, replay_outcome(played.outcome.value, stopped), failing_with_values(
                failing, game.record(name, played.result.state)) if failing else []
        end, outcome, _ = run_replay(world, start, actions)(casts)
        failing_ = [] if any(h.alive for h in end.heroes) or outcome.startswith(NOT_FINISHED) else \
            failing_with_values(constraints, game.record(name, end))
        return end, outcome, failing_
    return miss_reason(world, search, verdict, replay)


def why_from(game: Setup, name: str, start: GameState, max_states: int | None = None,
             budget: Budget | None = None) -> Reason:
    """Why world ``name`` cannot be won from ``start`` (the Player's *solve*): a certificate, else
    the closest miss from there (within ``budget``)."""
    found = certificate(game, name, start)
    return found if found is not None else closest_miss(game, name, max_states=max_states, start=start,
                                                        budget=budget)


def why_unsolvable(game: Setup, verdicts: Iterable[tuple[str, Verdict]] = (), *,
                   run: Callable[[Search], Verdict] | None = None, max_states: int | None = None,
                   budget: Budget | None = None) -> Reason | None:
    """The reason a setup cannot be won: in the world the search proved unsolvable (``verdicts``,
    as :class:`~zorglab.search.level.LevelVerdict.worlds` holds them) first, then in every played
    world, a certificate; else that world's closest miss. None when no world is known unsolvable
    and none has a certificate. ``budget`` bounds the closest miss's search and its replay."""
    failed = [name for name, v in verdicts if v.verdict == UNSOLVABLE]
    names = failed + [n for n in game.played_worlds if n not in failed]
    for name in names:
        found = certificate(game, name)
        if found is not None:
            return found
    if not failed:
        return None
    return closest_miss(game, failed[0], run, max_states, budget=budget)

"""Constraints and bonuses (FR-43, FR-44) evaluated on the record of a run.

The expression language and its function registry live in :mod:`zorglab.core.expr`; this
module gives the functions their meaning on a finished world: the order deaths happened in,
each dead hero's HP and gold, which spells were cast, where rooms stand (``dist`` reads the
slots at the end, after any Move or Swap), and ``solvable(world)`` through the exact search.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping, Sequence

from zorglab.core import ast
from zorglab.core.geometry import manhattan
from zorglab.engine.state import GameState, HeroState
from zorglab.errors import ExpressionError
from zorglab.core.expr import evaluate
from zorglab.core.model import Condition

if TYPE_CHECKING:
    from zorglab.engine.world import World


@dataclass(frozen=True)
class ConditionResult:
    """One constraint or bonus: whether it holds, or why it could not be decided."""

    condition: Condition
    holds: bool
    error: str | None = None

    def describe(self) -> str:
        mark = "ok" if self.holds else ("??" if self.error else "no")
        return f"[{mark}] {self.condition.source}" + (f" ({self.error})" if self.error else "")


class RunRecord:
    """The expression environment of one world at the end of a run (or any casting point)."""

    def __init__(self, world: World, state: GameState, choices: Mapping[str, Any] | None = None,
                 solvable: Callable[[str], bool] | None = None):
        self.world = world
        self.state = state
        self.choices = dict(choices or {})
        self._solvable = solvable
        self._functions: dict[str, Callable[..., Any]] = {
            "dist": self.dist, "died_before": self.died_before, "hp_at_death": self.hp_at_death,
            "gold_at_death": self.gold_at_death, "unused": self.unused, "solvable": self.solvable,
        }

    # Environment protocol
    def value(self, name: str) -> Any:
        return self.choices[name]

    def function(self, name: str) -> Callable[..., Any]:
        return self._functions[name]

    # the registry's functions
    def _room(self, label: str) -> int:
        try:
            return self.world.room_index[label]
        except KeyError:
            raise ExpressionError(f"{label} is not a room of world {self.world.name}") from None

    def _hero(self, label: str) -> int:
        try:
            return self.world.hero_index[label]
        except KeyError:
            raise ExpressionError(f"{label} is not a hero of world {self.world.name}") from None

    def dist(self, r: str, s: str) -> int:
        return manhattan(self.state.slots[self._room(r)], self.state.slots[self._room(s)])

    def died_before(self, h: str, k: str) -> bool:
        deaths = self.state.deaths
        hi, ki = self._hero(h), self._hero(k)
        if hi not in deaths:
            return False
        return ki not in deaths or deaths.index(hi) < deaths.index(ki)

    def _dead(self, h: str) -> HeroState:
        hero = self.state.heroes[self._hero(h)]
        if hero.alive:
            raise ExpressionError(f"{h} did not die")
        return hero

    def hp_at_death(self, h: str) -> int:
        return self._dead(h).hp

    def gold_at_death(self, h: str) -> int:
        return self._dead(h).gold_at_death

    def unused(self, s: str) -> bool:
        try:
            return self.state.spells_left[self.world.spell_index[s]]
        except KeyError:
            raise ExpressionError(f"{s} is not a spell of world {self.world.name}") from None

    def solvable(self, w: str) -> bool:
        if self._solvable is None:
            raise ExpressionError("solvable() cannot be decided here")
        return self._solvable(w)


def check_conditions(conditions: tuple[Condition, ...], record: RunRecord) -> list[ConditionResult]:
    """Every condition's result; an expression that cannot be evaluated does not hold."""
    results = []
    for condition in conditions:
        try:
            results.append(ConditionResult(condition, bool(evaluate(condition.expr, record))))
        except ExpressionError as error:
            results.append(ConditionResult(condition, False, str(error)))
    return results


def calls_in(node: Any) -> Iterator[Any]:
    """Every function call inside an expression tree."""
    if isinstance(node, ast.Call):
        yield node
    if dataclasses.is_dataclass(node):
        for f in dataclasses.fields(node):
            value = getattr(node, f.name)
            for item in value if isinstance(value, tuple) else (value,):
                if isinstance(item, ast.Node):
                    yield from calls_in(item)


def reads_unused(conditions: tuple[Condition, ...]) -> bool:
    """Does any condition read which spells were cast? (The search's spell dominance needs not.)"""
    return any(call.function == "unused" for c in conditions for call in calls_in(c.expr))


def judged_worlds(conditions: tuple[Condition, ...]) -> frozenset[str]:
    """Worlds named in ``solvable(...)`` by these conditions (docs/rules.md, FR-46, ZR-28)."""
    return frozenset(arg.name for c in conditions for call in calls_in(c.expr) if call.function == "solvable"
                     for arg in call.args if isinstance(arg, ast.Name))


def reads_solvable_of(condition: Condition, world: str) -> bool:
    """Does ``condition`` read ``solvable(world)``? (ZR-28: ``solvable(world)`` leaves such
    conditions of ``world`` out.)"""
    return world in judged_worlds((condition,))


def reads_solvable(condition: Condition) -> bool:
    """Does ``condition`` read ``solvable(...)`` of any world? (ZR-28: such conditions of a judged
    world are the level's constraints.)"""
    return bool(judged_worlds((condition,)))


def solvable_cycle(worlds: Sequence[tuple[str, tuple[Condition, ...]]]) -> tuple[Any, tuple[str, ...]] | None:
    """The first cycle of ``solvable(...)`` calls through two or more worlds (ZR-28 refuses it at
    load): the call that closes it into the first world of the cycle met, and the worlds around it
    in order. A world reading its own ``solvable`` is no cycle. ``worlds``: (name, conditions) in
    declared order; None when there is no cycle."""
    reads: dict[str, list[tuple[str, Any]]] = {name: [] for name, _ in worlds}
    for name, conditions in worlds:
        for condition in conditions:
            for call in calls_in(condition.expr):
                if call.function != "solvable":
                    continue
                for arg in call.args:
                    if isinstance(arg, ast.Name) and arg.name != name and arg.name in reads:
                        reads[name].append((arg.name, call))
    done: set[str] = set()

    def walk(name: str, path: list[str]) -> tuple[Any, tuple[str, ...]] | None:
        for target, call in reads[name]:
            if target in path:
                return call, tuple(path[path.index(target):])
            if target not in done:
                found = walk(target, path + [target])
                if found is not None:
                    return found
        done.add(name)
        return None

    for name, _ in worlds:
        if name not in done:
            found = walk(name, [name])
            if found is not None:
                return found
    return None


def dist_reach(conditions: tuple[Condition, ...]) -> int:
    """How far past the rooms a Move destination can still change what these conditions read
    (ZR-30): 0 when none reads ``dist``; else the sum of the whole numbers written in the conditions
    that do (their sizes) and one per ``dist`` call. A search offers isolated Move destinations up to
    that many slots farther out (docs/rules.md, FR-54)."""
    total = 0
    for condition in conditions:
        calls = [call for call in calls_in(condition.expr) if call.function == "dist"]
        if calls:
            total += len(calls) + sum(abs(value) for value in _whole_numbers(condition.expr))
    return total


def _whole_numbers(node: Any) -> Iterator[int]:
    if isinstance(node, ast.Const) and isinstance(node.value, int) and not isinstance(node.value, bool):
        yield node.value
    elif isinstance(node, ast.Const) and isinstance(node.value, Fraction):
        yield -(-abs(node.value.numerator) // node.value.denominator)
    if dataclasses.is_dataclass(node):
        for f in dataclasses.fields(node):
            value = getattr(node, f.name)
            for item in value if isinstance(value, tuple) else (value,):
                if isinstance(item, ast.Node):
                    yield from _whole_numbers(item)

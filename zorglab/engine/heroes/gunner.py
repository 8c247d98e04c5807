"""Gunner(x, c[, dur]): fires Shells (FR-22, FR-23).

Rules (docs/rules.md#heroes-priority-layers-fr-22fr-25): a shot is one action of the Gunner, firing a Shell
(:mod:`zorglab.engine.shell`) onto the adjacent cell in one of the four directions; it must
clear something. The Gunner has ``c`` shots, and ``dur`` is its *shot duration*: it can fire
only during its first ``dur`` actions on the board (steps and shots; spawns do not count).

Planning, lexicographically: (1) fire soonest — a plan that fires beats one that never does,
and among those that fire, fewer actions before the first shot win; (2) HP lost, then actions,
shots included; ties right, up, left, down, a step before a shot in the same direction.

Layer 1 needs to know, as a plan goes, whether the plan means to fire. Plan states carry a
*mode*: a fresh plan (the hero's real state) chooses with its first action to *aim* (it must
fire before it may end; each action before that shot costs 1 in layer 1) or to *hold* (it
never fires; ending costs 1 in layer 1, so any plan that fires is better). A shot turns aiming
into *fired*. The mode and the cells its own Shells cleared live only in plan states (via
``plan_extra``); the real state carries just ``(shots used, actions counted)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType, ModuleType
from typing import TYPE_CHECKING, Any

from zorglab.engine.facts import SearchFacts
from zorglab.core.geometry import Direction
from zorglab.engine.state import Position
from zorglab.engine.heroes.base import HeroBehaviour
from zorglab.core.registry import Param, ParamKind, hero_type
from zorglab.core.values import INF

if TYPE_CHECKING:
    from zorglab.core.geometry import Slot
    from zorglab.engine.hero_scratch import HeroScratch
    from zorglab.engine.plangraph import Action, PlanGraph, PlanState
    from zorglab.engine.resolve import Resolution
    from zorglab.engine.world import World

_shell: ModuleType | None = None


def _fire(res: Resolution, hero: HeroScratch, direction: Direction) -> bool:
    """:func:`zorglab.engine.shell.fire`, the shell's flight, imported at the first shot: a level is
    loaded and checked (``zorglab validate``) without the engine's run-time modules
    (docs/performance.md, CLI latency)."""
    global _shell
    if _shell is None:
        from zorglab.engine import shell
        _shell = shell
    return bool(_shell.fire(res, hero, direction))


FRESH, AIMING, FIRED, HOLDING = 0, 1, 2, 3


@dataclass(frozen=True)
class Fire:
    """Fire a Shell in ``direction``."""

    direction: Direction

    def __str__(self) -> str:
        return f"fire {self.direction}"


@dataclass(frozen=True)
class Intent:
    """A fresh plan's first action, with its choice to aim (fire before the end) or hold."""

    mode: int
    action: Direction | Fire

    def __str__(self) -> str:
        return str(self.action)


def _parts(extra: tuple[Any, ...]) -> tuple[int, int, int, frozenset[Position] | None]:
    """(shots used, actions counted, plan mode, cells cleared in this plan or None)."""
    shots, acted = (extra[0], extra[1]) if extra else (0, 0)
    mode = extra[2] if len(extra) > 2 else FRESH
    cleared = extra[3] if len(extra) > 3 else None
    return shots, acted, mode, cleared


def shot_duration(args: tuple[Any, ...]) -> Any:
    """``dur``: unbounded when not given (ZR-13)."""
    return Gunner.signature.arg(args, "dur")


def can_fire(args: tuple[Any, ...], extra: tuple[Any, ...]) -> bool:
    """Shots left and the shot duration not over (FR-22)."""
    shots, acted, _, _ = _parts(extra)
    return bool(shots < Gunner.signature.arg(args, "c") and acted < shot_duration(args))


def _mode_after(extra: tuple[Any, ...], performed: Any) -> int:
    mode = _parts(extra)[2]
    if isinstance(performed, Intent):
        mode, performed = performed.mode, performed.action
    if mode == AIMING and isinstance(performed, Fire):
        return FIRED
    return mode


@hero_type(
    "Gunner",
    Param("x", ParamKind.INT, minimum=1, said="HP"),
    Param("c", ParamKind.INT_OR_INF),
    Param("dur", ParamKind.INT_OR_INF, optional=True, default=INF),
)
class Gunner(HeroBehaviour):
    """Up to ``c`` shots, only during its first ``dur`` actions on the board."""

    cost_names = ("never_fires", "actions_before_shot", "hp_lost", "actions")
    layer_words = MappingProxyType({
        "never_fires": ("the Gunner's first shot (a plan that fires beats one that never does)", "never fires"),
        "actions_before_shot": ("fire soonest", "actions before the shot")})
    reads_hp = True
    plans_forward = True    # real states start fresh plans each tick; its shots multiply plan states
    moves_rooms = False     # a Shell clears cells and slays monsters; it moves no room
    # A Shell hurts heroes on its cells, clears cells and slays monsters: it stirs sleepers and
    # changes others' walks. Without shots it is a plain walker (HP-preserving, to Z: FR-56); with
    # or without, a plan that never fires walks wherever Z can be reached (FR-51's groups).
    facts = SearchFacts(always_plans=True, quiet_when_spent=True)
    base_actions: tuple[Direction | Fire, ...] = tuple(a for d in Direction for a in (d, Fire(d)))

    @classmethod
    def profile(cls, args: tuple[Any, ...]) -> tuple[object, ...]:
        return (cls.name, cls.immune(args), cls.signature.arg(args, "c"), shot_duration(args))

    @staticmethod
    def spent(world: World, args: tuple[Any, ...], extra: tuple[Any, ...]) -> bool:
        """No shot left or the shot duration over (FR-56): shots used and actions counted only
        grow, so it stays so. It then only steps, at cost (0, 0, HP lost, actions): an Elf's."""
        return not can_fire(args, extra)

    @classmethod
    def walks_as(cls, world: World, args: tuple[Any, ...], extra: tuple[Any, ...]) -> tuple[str, tuple[Any, ...]] | None:
        """Spent, an Elf immune to nothing (FR-56): it only steps (``plan_actions``: its
        directions), at cost (0, 0, HP lost, actions), which orders plans as the Elf's (HP lost,
        actions); the same directions, goal and no immunity."""
        if can_fire(args, extra) or cls.immune(args):
            return None
        return ("Elf", (cls.signature.arg(args, "x"), frozenset()))

    @staticmethod
    def perform(res: Resolution, hero: HeroScratch, action: Action) -> bool:
        shots, acted, mode, _ = _parts(hero.extra)
        inner = action
        if isinstance(action, Intent):
            mode, inner = action.mode, action.action
        if isinstance(inner, Fire):
            if mode == HOLDING or not can_fire(hero.args, hero.extra) \
                    or not _fire(res, hero, inner.direction):
                return False
            if Gunner.signature.arg(hero.args, "c") is not INF:
                shots += 1
        elif not res.step(hero, inner):
            return False
        dur = shot_duration(hero.args)
        if dur is not INF:
            acted = min(acted + 1, dur)
        hero.extra = (shots, acted) + tuple(hero.extra[2:])
        res.performed = action
        return True

    @classmethod
    def plan_actions(cls, graph: PlanGraph, s: PlanState) -> tuple[Action, ...]:
        extra = s[7]
        mode = _parts(extra)[2]
        if mode == FRESH:
            if not can_fire(graph.args, extra):
                return cls.directions
            return tuple(Intent(m, a) for a in cls.base_actions for m in (AIMING, HOLDING)
                         if not (m == HOLDING and isinstance(a, Fire)))
        if mode == HOLDING:
            return cls.directions
        return cls.base_actions

    @staticmethod
    def action_words(graph: PlanGraph, s: PlanState, action: Action) -> str:
        """A fresh plan's first action with the plan's aim: to fire, or never to fire (FR-22)."""
        if isinstance(action, Intent) and not isinstance(action.action, Fire):
            return f"{action.action} ({'to fire later' if action.mode == AIMING else 'never to fire'})"
        return str(action)

    @staticmethod
    def plan_map(graph: PlanGraph, s: PlanState) -> tuple[tuple[Slot, ...], frozenset[Position]]:
        cleared = _parts(s[7])[3]
        return graph.slots, graph.cleared if cleared is None else cleared

    @staticmethod
    def plan_extra(res: Resolution, hero: HeroScratch) -> tuple[Any, ...]:
        shots, acted, _, _ = _parts(hero.extra)
        return (shots, acted, _mode_after(hero.extra, res.performed), res.cleared)

    @staticmethod
    def step_cost(res: Resolution) -> tuple[int, ...]:
        (hero,) = res.heroes.values()
        aiming = _mode_after(hero.extra, res.performed) == AIMING
        return (0, 1 if aiming else 0, res.hp_lost, 1)

    @staticmethod
    def plan_goal(res: Resolution, hero: HeroScratch) -> tuple[int, ...] | None:
        mode = _mode_after(hero.extra, res.performed)
        if mode == AIMING:
            return None                 # a plan meant to fire may not end before its shot
        return (1, 0, 0, 0) if mode == HOLDING else (0, 0, 0, 0)

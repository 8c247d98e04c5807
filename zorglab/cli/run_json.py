"""A run as plain data: the ``zorglab play --json`` object (issue 3, ZR-25)."""

from __future__ import annotations

from typing import Any

from zorglab.engine.game import LevelRun, WorldRun
from zorglab.engine.run import RunResult
from zorglab.engine.world import World
from zorglab.core.printer import format_cast


def heroes_json(world: World, result: RunResult) -> list[dict[str, Any]]:
    """Each hero as it ends: HP as it is (never clamped), type after Banality (ZR-25)."""
    return [{"label": world.heroes[i].label, "type": h.type, "hp": h.hp, "alive": h.alive,
             "died_at": h.died_at} for i, h in enumerate(result.state.heroes)]


def _stall_json(result: RunResult) -> dict[str, Any] | None:
    """Why a run that could go on was ended (ZR-27): a repetition (when, period) or the action cap."""
    if result.repetition is not None:
        rep = result.repetition
        return {"reason": "repetition", "found_at": rep.found_at, "since": rep.since, "period": rep.period,
                "message": rep.describe()}
    if result.cap is not None:
        return {"reason": "action cap", "max_actions": result.cap, "message": result.stall_reason()}
    if result.stopped:     # a budget, not the rules: no outcome ("not finished" when cut_short)
        return {"reason": "budget", "cut_short": result.cut_short, "message": result.stall_reason()}
    return None


def world_json(run: WorldRun) -> dict[str, Any]:
    world, result = run.world, run.result
    return {
        "outcome": run.outcome.value,
        "ticks": result.ticks,
        "stall": _stall_json(result),
        "heroes": heroes_json(world, result),
        "events": [e.to_json() for e in result.events],
        "refused": [{"cast": format_cast(r.cast), "reason": r.reason} for r in result.refused],
        "unreached": [format_cast(c) for c in result.unreached],
        "constraints": [{"text": c.condition.source, "holds": c.holds, "error": c.error} for c in run.constraints],
        "bonuses": [{"text": c.condition.source, "holds": c.holds, "error": c.error} for c in run.bonuses],
    }


def run_json(run: LevelRun) -> dict[str, Any]:
    """``{"level", "outcome", "ticks", "heroes", "events", ...}``; mirrors add ``"worlds"``."""
    data: dict[str, Any] = {"level": run.level.id}
    data.update(world_json(run.worlds[0]))
    data["outcome"] = run.outcome.value
    if run.judged:     # the judged worlds' own solvable(...) constraints, decided by search (ZR-28)
        data["judged"] = [{"text": c.condition.source, "holds": c.holds, "error": c.error} for c in run.judged]
    if len(run.level.mirrors):
        data["worlds"] = [{"name": w.world.name, **world_json(w)} for w in run.worlds]
    return data

"""Warrior(x): shortest path to Z ignoring HP; ties right, up, left, down (FR-20)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from zorglab.engine.facts import SearchFacts
from zorglab.engine.heroes.base import HeroBehaviour
from zorglab.core.registry import Param, ParamKind, hero_type

if TYPE_CHECKING:
    from random import Random


@hero_type("Warrior", Param("x", ParamKind.INT, minimum=1, said="HP"))
class Warrior(HeroBehaviour):
    """Goal Z, cost = actions, order right, up, left, down: all inherited defaults."""

    # its steps touch no other hero; goal Z, a plan wherever Z can be reached (FR-51's groups, FR-56)
    facts = SearchFacts(stirs_sleepers=False, always_plans=True, walks_alone=True)
    moves_rooms = False

    @classmethod
    def draft(cls, rng: Random, hp: int, elements: list[str]) -> str:
        return f"{cls.name}({hp})"

"""Elf(x, elems): the HP-preserving shortest path; immune to its elements (FR-21)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from zorglab.engine.facts import SearchFacts
from zorglab.engine.heroes.base import HeroBehaviour
from zorglab.core.registry import Param, ParamKind, hero_type

if TYPE_CHECKING:
    from random import Random
    from zorglab.core.values import Element
    from zorglab.engine.resolve import Resolution


@hero_type("Elf", Param("x", ParamKind.INT, minimum=1, said="HP"), Param("elems", ParamKind.ELEMENT_SET))
class Elf(HeroBehaviour):
    """Cost = (HP lost, actions): damage only, heals never offset it (ZR-13)."""

    cost_names = ("hp_lost", "actions")
    reads_hp = True
    # its steps touch no other hero; goal Z, a plan wherever Z can be reached (FR-51's groups, FR-56)
    facts = SearchFacts(stirs_sleepers=False, always_plans=True, walks_alone=True)
    moves_rooms = False

    @classmethod
    def draft(cls, rng: Random, hp: int, elements: list[str]) -> str:
        immune = sorted(set(rng.sample(elements, min(len(elements), rng.randint(0, 1))))) if elements else []
        return f"{cls.name}({hp}, {{{', '.join(immune)}}})"

    @classmethod
    def immune(cls, args: tuple[Any, ...]) -> frozenset[Element]:
        return frozenset(cls.signature.arg(args, "elems"))

    @staticmethod
    def step_cost(res: Resolution) -> tuple[int, ...]:
        return (res.hp_lost, 1)

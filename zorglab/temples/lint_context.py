"""What the temple lint reads: :class:`Context`, one temple with what several rules share worked
out once (its compiled graph, solution, grants, ways as a networkx graph, reach with every door
open), and the :class:`Violation` a rule reports. The rules themselves are in :mod:`zorglab.temples.lint`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Callable, Iterable

from zorglab.temples.grants import Grants, room_grants
from zorglab.temples.graph import TempleGraph, compile_temple
from zorglab.temples.model import BOSS, Place, Temple
from zorglab.temples.solver import Solution, solve

if TYPE_CHECKING:
    import networkx as nx


@dataclass(frozen=True, order=True)
class Violation:
    """One broken rule at one place."""

    rule: str
    at: Place
    code: str
    why: str

    def __str__(self) -> str:
        return f"{self.rule} at {self.at}: {self.why}"


class Context:
    """One temple under lint, with what several checks share worked out once."""

    def __init__(self, temple: Temple, graph: TempleGraph | None = None, solution: Solution | None = None):
        self.temple = temple
        self.graph = graph or compile_temple(temple)
        self._solution = solution

    @cached_property
    def solution(self) -> Solution:
        return self._solution or solve(self.graph)

    def cells_of(self, predicate: Callable[[int], bool]) -> list[int]:
        return [u for u in range(self.graph.size) if predicate(u)]

    @cached_property
    def types(self) -> tuple[str, ...]:
        return self.graph.kinds

    @cached_property
    def grants(self) -> list[Grants]:
        """What each cell hands out, worked out once per token."""
        by_token: dict[str, Grants] = {}
        out = []
        for p in self.graph.places:
            token = self.temple.token_at(p)
            if token not in by_token:
                by_token[token] = room_grants(self.temple.rooms[token])
            out.append(by_token[token])
        return out

    @cached_property
    def ways(self) -> "nx.DiGraph":
        """Every way of the temple as a networkx graph over cell numbers, each edge with the
        ``need`` of the first move from its source to its target (every door taken as open)."""
        import networkx as nx

        ways = nx.DiGraph()
        ways.add_nodes_from(range(self.graph.size))
        for u, out in enumerate(self.graph.moves):
            for v, need in out:
                if not ways.has_edge(u, v):
                    ways.add_edge(u, v, need=need)
        return ways

    def reach(self, without: Iterable[int] = ()) -> set[int]:
        """Cells reachable from the entrance with every door open, never entering ``without``."""
        import networkx as nx

        banned = set(without)
        start = self.graph.entrance
        if start in banned:
            return set()
        ways = nx.restricted_view(self.ways, banned, []) if banned else self.ways
        return nx.descendants(ways, start) | {start}

    @cached_property
    def all_open(self) -> set[int]:
        return self.reach()

    @cached_property
    def bosses(self) -> list[int]:
        return self.cells_of(lambda u: self.types[u] == BOSS)

    @cached_property
    def before_boss(self) -> set[int]:
        """Cells reachable without passing through a boss room."""
        return self.reach(self.bosses)

    def place(self, u: int) -> Place:
        return self.graph.places[u]

    def token(self, u: int) -> str:
        return self.temple.token_at(self.graph.places[u])

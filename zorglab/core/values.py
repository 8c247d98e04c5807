"""Concrete values a level's arguments take once variables are substituted.

Exact arithmetic only (ZR-20): integers, :class:`fractions.Fraction`, and :data:`INF`,
which compares above every number without being a float.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction
from functools import total_ordering
from typing import Any, Callable, Union


@total_ordering
class _Infinity:
    """The value ``inf`` / ``∞``: larger than every number, equal only to itself."""

    _instance: "_Infinity | None" = None

    def __new__(cls) -> "_Infinity":
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "INF"

    def __str__(self) -> str:
        return "inf"

    def __eq__(self, other: object) -> bool:
        return other is self

    def __lt__(self, other: object) -> bool:
        if other is self:
            return False
        if isinstance(other, (int, Fraction)):
            return False
        return NotImplemented

    def __gt__(self, other: object) -> bool:
        if other is self:
            return False
        if isinstance(other, (int, Fraction)):
            return True
        return NotImplemented

    def __hash__(self) -> int:
        return hash("zorglab.INF")

    def __reduce__(self) -> str:
        return "INF"


INF = _Infinity()

Number = Union[int, Fraction]
IntOrInf = Union[int, _Infinity]


class Element(enum.Enum):
    """The four elements of E and T rooms (FR-14)."""

    FIRE = "fire"
    WATER = "water"
    ICE = "ice"
    POISON = "poison"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class FrozenMap:
    """An ordered, hashable ``{key: value}`` (Mechanic and Princess dictionaries)."""

    items: tuple[tuple[Any, Any], ...] = ()

    def __getitem__(self, key: Any) -> Any:
        for k, v in self.items:
            if k == key:
                return v
        raise KeyError(key)

    def get(self, key: Any, default: Any = None) -> Any:
        for k, v in self.items:
            if k == key:
                return v
        return default

    def keys(self) -> tuple[Any, ...]:
        return tuple(k for k, _ in self.items)

    def values(self) -> tuple[Any, ...]:
        return tuple(v for _, v in self.items)

    def __iter__(self):
        return iter(self.keys())

    def __len__(self) -> int:
        return len(self.items)

    def __contains__(self, key: object) -> bool:
        return any(k == key for k, _ in self.items)

    def __str__(self) -> str:
        return "{" + ", ".join(f"{k}: {v}" for k, v in self.items) + "}"


@dataclass(frozen=True)
class IndexFunction:
    """A portal's ``f``: ``i -> expr`` or ``[f(1), f(2), ...]``, evaluated exactly.

    ``table`` holds the list form; ``rule`` the lambda form (a callable from the expression
    evaluator, compared by its source ``text``).
    """

    text: str
    table: tuple[int, ...] | None = None
    rule: Callable[[int], int] | None = None

    def __call__(self, i: int) -> int:
        if self.table is not None:
            # Beyond the list there is no visit to return to: 0 sends to the waiting room.
            return self.table[i - 1] if 1 <= i <= len(self.table) else 0
        assert self.rule is not None
        return self.rule(i)

    def constant(self) -> bool:
        """Is ``f(i)`` the same for every entry ``i >= 1``? (A rule that does not read ``i``.)"""
        if self.table is not None:
            return not self.table
        reads_param = getattr(self.rule, "reads_param", None)
        return reads_param is not None and not reads_param()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, IndexFunction) and self.text == other.text

    def __hash__(self) -> int:
        return hash(self.text)

    def __str__(self) -> str:
        return self.text

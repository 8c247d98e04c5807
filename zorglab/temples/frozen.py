"""Immutable JSON: temples keep every authored field, so their values must hold arbitrary JSON.

``freeze`` turns dicts into :class:`FrozenDict` and lists into tuples; ``thaw`` undoes it.
A frozen value compares and hashes by content, so a :class:`~zorglab.temples.model.Temple`
stays a plain value even though its rooms carry free-form ``content``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any


class FrozenDict(Mapping[str, Any]):
    """An ordered, hashable, read-only mapping (the order is kept for faithful export)."""

    __slots__ = ("_data", "_hash")

    def __init__(self, items: Mapping[str, Any] | None = None):
        self._data: dict[str, Any] = dict(items) if items else {}
        self._hash: int | None = None

    def __getitem__(self, key: str) -> Any:
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __contains__(self, key: object) -> bool:
        return key in self._data

    def get(self, key: str, default: Any = None) -> Any:
        return self._data.get(key, default)

    def items(self):  # type: ignore[override]
        """A read-only view of the pairs (the dict's own view: no Python call per item)."""
        return self._data.items()

    def values(self):  # type: ignore[override]
        return self._data.values()

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._data.items()))
        return self._hash

    def __eq__(self, other: object) -> bool:
        if isinstance(other, FrozenDict):
            return self._data == other._data
        if isinstance(other, Mapping):
            return self._data == dict(other)
        return NotImplemented

    def __repr__(self) -> str:
        return f"FrozenDict({self._data!r})"


EMPTY = FrozenDict()


def freeze(value: Any) -> Any:
    """The immutable twin of a JSON value (dict -> FrozenDict, list -> tuple)."""
    if isinstance(value, FrozenDict):
        return value
    if isinstance(value, Mapping):
        return FrozenDict({str(k): freeze(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    return value


def thaw(value: Any) -> Any:
    """Plain JSON again (FrozenDict -> dict, tuple -> list)."""
    if isinstance(value, Mapping):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [thaw(v) for v in value]
    return value

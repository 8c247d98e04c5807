"""One place that turns whatever a caller passes as ``seed=`` into a reproducible RNG."""

from __future__ import annotations

import hashlib
import random

Seed = int | str | None


def normalise_seed(seed: Seed) -> int:
    """An int for any seed: ints pass through, strings hash stably, ``None`` means 0."""
    if seed is None:
        return 0
    if isinstance(seed, bool):
        raise TypeError("a seed must be an int or a str, not a bool")
    if isinstance(seed, int):
        return seed
    if isinstance(seed, str):
        digest = hashlib.sha256(seed.encode("utf-8")).digest()
        return int.from_bytes(digest[:8], "big")
    raise TypeError(f"a seed must be an int or a str, not {type(seed).__name__}")


def rng(seed: Seed) -> random.Random:
    """A private ``random.Random`` for ``seed``; never touch the global RNG."""
    return random.Random(normalise_seed(seed))

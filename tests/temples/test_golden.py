"""Generated temples are pinned: the same seed gives the same temple, proof and route as the
code these digests were taken from (before the state module and the speed work), so speed
work and refactors cannot change a temple unnoticed."""

from __future__ import annotations

import hashlib
import json

import pytest

from zorglab.temples import dumps_temple, generate_with_report

SEEDS = range(40)
GOLDEN = {
    "small": "0075acdd73751b0c55550f43e11f726f5ba073e43e390fa49bf8fea998ce4879",
    "medium": "d3f3951f87f312725e471460634b8b89307180f4c40c28029eea89fae0c33f16",
    "large": "3f4c4e2758107db5c0f52db12e48a39d97e6f123e26da5d6b56a76f33e2dd0ce",
}


def digest(size: str) -> str:
    h = hashlib.sha256()
    for seed in SEEDS:
        report = generate_with_report(seed, {"size": size})
        s = report.solution
        h.update(dumps_temple(report.temple).encode())
        h.update(json.dumps([report.retries, s.states, [str(x) for x in s.steps],
                             [[str(p), what] for p, what in s.critical_order]]).encode())
    return h.hexdigest()


@pytest.mark.parametrize("size", sorted(GOLDEN))
def test_generated_temples_proofs_and_routes_are_unchanged(size):
    assert digest(size) == GOLDEN[size]

"""The Temple Generation Contract's own numbers for a sweep's measures, to draw beside their histograms.

Each :class:`Target` is a band (``low``..``high``) a measure should fall in, or a limit it must
not cross, quoted from the contract: R10 (size: at most 40 % combat rooms, at least 6 rooms per
floor) and §3 step 6 (dressing: 25–35 % monster rooms, 10 % loot, 5 % traps, 5 % puzzles).
A sweep's row measures the same things (:mod:`zorglab.temples.sweep`), so a tuner sees at once
whether the options under test keep the generator inside the contract. Where the contract gives one
figure ("10 % loot") the band is that figure ± 2.5 points.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Target:
    """What the contract asks of one measure: a band or a limit, and where it says so."""

    measure: str
    low: float | None
    high: float | None
    source: str
    words: str

    def holds(self, value: float) -> bool:
        """Whether one temple's value is inside the band (limits included)."""
        return (self.low is None or value >= self.low - 1e-9) and (self.high is None or value <= self.high + 1e-9)


POINT = 0.025

TARGETS: tuple[Target, ...] = (
    Target("combat_share", 0.25, 0.35, "§3 step 6", "25–35 % monster rooms"),
    Target("combat_share", None, 0.40, "R10", "at most 40 % combat rooms"),
    # a single figure of the contract is read as a band of ± 2.5 points (POINT), so a temple can meet it
    Target("loot_share", 0.10 - POINT, 0.10 + POINT, "§3 step 6", "10 % loot (consumables)"),
    Target("trap_share", 0.05 - POINT, 0.05 + POINT, "§3 step 6", "5 % traps"),
    Target("puzzle_share", 0.05 - POINT, 0.05 + POINT, "§3 step 6", "5 % puzzles"),
    Target("rooms_per_floor", 6, None, "R10", "at least 6 rooms per floor"),
)


def targets_for(measure: str) -> tuple[Target, ...]:
    """The contract's targets for ``measure`` (none for a measure the contract leaves free)."""
    return tuple(t for t in TARGETS if t.measure == measure)

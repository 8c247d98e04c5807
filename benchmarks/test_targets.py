"""Each target of ``make bench`` turns it red when missed (issue 41: "red when any target is missed").

The bench tests assert the lists ``benchmarks/targets.py`` returns empty; here each target is fed the
figures it would see with every target met (no miss) and then with one figure just past its line (a
miss naming it). No search runs: these take milliseconds, so they run in every ``make bench``.
"""

from __future__ import annotations

import pytest

import targets
from targets import at_least, at_most, family_missed, grids_missed, mixed_missed


def row(heroes: int, spells: int, verdict: str = "unsolvable", cpu: float = 1.0, mb: int = 100, states: int = 0,
        kind: str = "we", rooms: int = 8) -> dict:
    """A row as ``family.scaling_rows`` writes it (the fields the targets read)."""
    return {"kind": kind, "rooms": rooms, "heroes": heroes, "spells": spells, "verdict": verdict,
            "cpu_seconds": cpu, "peak_mb": mb, "states": states}


def family(**changes: dict) -> list[dict]:
    """The Warrior/Elf table 1..10 x 1..10 with every target met; ``changes`` replaces a cell's fields
    (key ``"HxS"``)."""
    rows = []
    for h in range(1, 11):
        for s in range(1, 11):
            found = row(h, s, "solvable" if s > 4 or h == 1 else "unsolvable", cpu=0.5,
                        states=40 if s > 4 or h == 1 else 0)
            found.update(changes.get(f"{h}x{s}", {}))
            rows.append(found)
    return rows


def test_the_family_with_every_target_met_is_green():
    assert family_missed(family()) == []


@pytest.mark.parametrize("cell,change,named", [
    ("7x8", {"cpu_seconds": 5.01}, "we 8 rooms 7 x 8"),                      # the 5 s margin
    ("1x1", {"cpu_seconds": 5.5}, "we 8 rooms 1 x 1"),
    ("6x8", {"verdict": "unknown", "cpu_seconds": 4.0}, "we 8 rooms 6 x 8"),
    ("8x9", {"cpu_seconds": 10.2}, "we 8 rooms 8 x 9"),                      # the ninth spell
    ("8x9", {"verdict": "unknown", "cpu_seconds": 9.0}, "we 8 rooms 8 x 9"),
    ("10x10", {"cpu_seconds": 60.5}, "we 8 rooms 10 x 10"),                  # the tenth
    ("10x10", {"peak_mb": 1025}, "we 8 rooms 10 x 10"),
    ("9x10", {"verdict": "unknown", "cpu_seconds": 60.0, "peak_mb": 1100}, "9 x 10"),    # 1 GB, even unknown
    ("5x4", {"states": 1}, "we 8 rooms 5 x 4"),                             # the static check first
    ("2x1", {"states": 61}, "2 x 1"),
])
def test_each_family_target_missed_turns_the_bench_red(cell, change, named):
    missed = family_missed(family(**{cell: change}))
    assert len(missed) == 1 and named in missed[0], missed


def test_a_cell_with_no_target_may_be_unknown():
    """9 x 9 and 7 x 10 have no time target: unknown within 1 GB is no miss."""
    assert family_missed(family(**{"9x9": {"verdict": "unknown", "cpu_seconds": 60.0, "peak_mb": 900},
                                   "7x10": {"verdict": "unknown", "cpu_seconds": 60.0}})) == []


def test_mixed_6x6_over_10_s_or_any_search_over_1_gb_is_red():
    rows = [row(h, s, "solvable", cpu=0.5, kind="mixed") for h in range(1, 9) for s in range(1, 9)]
    assert mixed_missed(rows) == []
    slow = [dict(r, cpu_seconds=10.5) if (r["heroes"], r["spells"]) == (6, 6) else r for r in rows]
    assert len(mixed_missed(slow)) == 1 and "6 x 6" in mixed_missed(slow)[0]
    big = [dict(r, verdict="unknown", peak_mb=1500) if (r["heroes"], r["spells"]) == (8, 8) else r for r in rows]
    assert len(mixed_missed(big)) == 1 and "8 x 8" in mixed_missed(big)[0]
    unknown = [dict(r, verdict="unknown", cpu_seconds=60.0) if (r["heroes"], r["spells"]) == (7, 7) else r
               for r in rows]
    assert mixed_missed(unknown) == []      # no time target but 6 x 6's


@pytest.mark.parametrize("rooms", [11, 14])
def test_the_bigger_grids_hold_10x10_to_60_s_and_every_search_to_1_gb(rooms):
    rows = [row(8, 8, "unknown", cpu=60.0, mb=800, rooms=rooms), row(10, 10, "solvable", cpu=1.0, rooms=rooms),
            row(6, 6, "unknown", cpu=60.0, mb=500, kind="mixed", rooms=rooms)]
    assert grids_missed(rows) == []
    slow = [dict(r, verdict="unknown", cpu_seconds=60.0) if r["heroes"] == 10 else r for r in rows]
    assert len(grids_missed(slow)) == 1 and f"we {rooms} rooms 10 x 10" in grids_missed(slow)[0]
    big = [dict(r, peak_mb=1030) if r["kind"] == "mixed" else r for r in rows]
    assert len(grids_missed(big)) == 1 and f"mixed {rooms} rooms 6 x 6" in grids_missed(big)[0]


@pytest.mark.parametrize("floor,met,missed", [
    (targets.SPEED_UP, 1.6, 1.59),
    (targets.ACTIONS_PER_SECOND, 50_000, 49_999),
    (targets.GENERATED_PER_SECOND, 50_000, 49_999),
    (targets.MEDIUM_TEMPLES, 300, 299.9),
    (targets.FIFTY_ROOM_TEMPLES, 1_800, 1_799.9),
])
def test_each_floor_just_missed_is_red(floor, met, missed):
    assert at_least("figure", met, floor) == []
    assert at_least("figure", missed, floor) == [f"figure: {missed:,} (target: at least {floor:,})"]


@pytest.mark.parametrize("ceiling,met,missed", [
    (targets.VALIDATE_SECONDS, 0.3, 0.301),
    (targets.LEVEL_MEDIAN_SECONDS, 1.0, 1.001),
    (targets.STUDIO_VERDICT_P90, 0.5, 0.501),
])
def test_each_ceiling_just_missed_is_red(ceiling, met, missed):
    assert at_most("figure", met, ceiling) == []
    assert at_most("figure", missed, ceiling) == [f"figure: {missed:,} (target: at most {ceiling:,})"]


def test_the_targets_are_the_documented_ones():
    """The lines of docs/performance.md's target tables, as the bench holds them."""
    assert (targets.MARGIN_SECONDS, targets.NINTH_SPELL, targets.TENTH_SPELL, targets.MIXED) == \
        (5.0, ((8, 9), 10.0), ((10, 10), 60.0), ((6, 6), 10.0))
    assert (targets.MB, targets.SPEED_UP, targets.VALIDATE_SECONDS) == (1024, 1.6, 0.3)
    assert targets.STUDIO_VERDICT_P90 == 0.5
    assert (targets.ACTIONS_PER_SECOND, targets.LEVEL_MEDIAN_SECONDS, targets.GENERATED_PER_SECOND,
            targets.MEDIUM_TEMPLES, targets.FIFTY_ROOM_TEMPLES) == (50_000, 1.0, 50_000, 300, 1_800)
    assert targets.MARGIN_CELLS == [(h, s) for h in range(1, 9) for s in range(1, 9)]

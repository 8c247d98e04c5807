"""Issue 27 item 3: a world's first casting points split into parts decided on a dask cluster give
the same verdict and witness as the parts decided one after another, and as the serial search."""

from __future__ import annotations

from pathlib import Path

import pytest

from zorglab.engine.run import run_world
from zorglab.search.family import family_world
from zorglab.search.parallel import FamilySource, LevelSource, parallel_solve, split
from zorglab.search.solver import SOLVABLE, UNSOLVABLE, Search, all_dead

distributed = pytest.importorskip("distributed")
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("heroes,spells,expect", [(3, 5, SOLVABLE), (4, 3, UNSOLVABLE), (2, 6, SOLVABLE)])
def test_a_split_proof_on_a_cluster_is_the_serial_one(dask_client, heroes, spells, expect):
    source = FamilySource(heroes, spells)
    on_dask = parallel_solve(source, parts=6, client=dask_client, max_states=200_000)
    here = parallel_solve(source, parts=6, max_states=200_000)
    assert on_dask.verdict == here.verdict == expect
    assert on_dask.casts == here.casts, "the same witness, read in the parts' order"
    assert Search(family_world(heroes, spells), fewest=False).run(max_states=200_000).verdict == expect
    if expect == SOLVABLE:
        assert run_world(family_world(heroes, spells), on_dask.casts, strict=True).outcome.value == "win"


def test_the_parts_cover_every_first_move():
    world = family_world(2, 3)
    parts, won = split(world, lambda s: all_dead(world, s), 10)
    assert won is None and len(parts) >= 10
    assert len({(p.casts, p.state) for p in parts}) == len(parts)


def test_a_level_file_splits_with_its_constraints():
    source = LevelSource(str(ROOT / "levels" / "app-01-first-blood.toml"), 0)
    verdict = parallel_solve(source, parts=4)
    assert verdict.verdict == SOLVABLE
    world, _, _, _ = source()
    assert run_world(world, verdict.casts, strict=True).outcome.value == "win"

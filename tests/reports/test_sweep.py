"""A sweep on dask.distributed gives the same table as the serial run (``seconds`` aside)."""

from __future__ import annotations

import pandas as pd
import pytest

from zorglab.reports import QUICK
from zorglab.sweep import sweep_levels, sweep_temples

from report_fixtures import PACK

distributed = pytest.importorskip("distributed")


def same(a: pd.DataFrame, b: pd.DataFrame) -> None:
    pd.testing.assert_frame_equal(a.drop(columns="seconds"), b.drop(columns="seconds"))


def test_level_sweep_on_dask_equals_serial(dask_client):
    serial = sweep_levels([PACK], QUICK, serial=True)
    on_dask = sweep_levels([PACK], QUICK, client=dask_client)
    same(serial, on_dask)
    assert list(on_dask["level"]) == sorted(on_dask["level"])


def test_temple_sweep_on_dask_equals_serial(dask_client):
    serial = sweep_temples(4, ("small", "medium"), serial=True)
    on_dask = sweep_temples(4, ("small", "medium"), client=dask_client)
    same(serial, on_dask)
    assert len(on_dask) == 8 and list(on_dask["seed"]) == [0, 0, 1, 1, 2, 2, 3, 3]


def test_the_client_is_left_open_for_the_caller(dask_client):
    sweep_temples(1, ("small",), client=dask_client)
    assert dask_client.status == "running"


def test_the_default_local_cluster_of_processes_gives_the_same_rows():
    serial = sweep_temples(2, ("small",), serial=True, lint=False)
    on_processes = sweep_temples(2, ("small",), serial=False, workers=1, lint=False)   # its own cluster
    same(serial, on_processes)

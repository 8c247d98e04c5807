"""Test-wide set-up: test helper modules (builders, random levels) import by their file name."""

import os
import sys

HERE = os.path.dirname(__file__)
for sub in ("engine", "search", "level", "widgets", "temples"):
    path = os.path.join(HERE, sub)
    if path not in sys.path:
        sys.path.insert(0, path)

from hypothesis import settings  # noqa: E402

# No per-example deadline anywhere: speed is measured in benchmarks, and a deadline only makes a
# property fail when the machine is busy (seen: 272 ms against 200 ms under load).
# CI runs the same examples every time (predictable time, reproducible failures);
# locally hypothesis explores new ones on each run.
settings.register_profile("default", deadline=None)
settings.register_profile("ci", derandomize=True, print_blob=True, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "default")

# Report rows are kept between runs (zorglab/reports/cache.py): tests keep theirs in a folder of
# their own, never in the user's cache, and start with none.
if "ZORGLAB_CACHE_DIR" not in os.environ:
    import tempfile

    os.environ["ZORGLAB_CACHE_DIR"] = tempfile.mkdtemp(prefix="zorglab-test-cache-")

import pytest  # noqa: E402


@pytest.fixture(scope="module")
def dask_client():
    """An in-process dask cluster of two single-thread workers (fast to start), closed with the
    module; the tests that run work on dask (sweeps, the split and sharded proofs) share it."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address="127.0.0.1:0") as cluster:
        with distributed.Client(cluster) as client:
            yield client

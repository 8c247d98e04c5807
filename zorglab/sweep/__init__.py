"""Sweeps at scale (issue 8): level difficulty rows and temple rows, serially or on dask.distributed.

``sweep_levels(paths, budget, ...)`` and ``sweep_temples(seeds, sizes, ...)`` return the same
tables whichever way they run (``serial=True``, a default ``LocalCluster``, ``scheduler=ADDRESS``
or a caller's ``client=``); rows are sorted by key.
"""

from zorglab.sweep.runner import map_rows, sweep_client
from zorglab.sweep.sweeps import sweep_levels, sweep_temples

__all__ = ["map_rows", "sweep_client", "sweep_levels", "sweep_temples"]

"""Running many tasks: in this process (``serial``) or on dask.distributed, with the same rows.

By default a ``LocalCluster`` of worker processes (2 workers, 1 thread each, a modest memory
limit) is started and closed around the run; ``scheduler="tcp://host:8786"`` uses a running
cluster instead (its workers need zorglab installed); ``client=`` reuses a caller's client and
leaves it open. Rows come back in task order; callers sort them by key.
"""

from __future__ import annotations

import logging
import sys
from contextlib import ExitStack, contextmanager
from typing import Any, Callable, Iterator, Sequence

from zorglab.errors import OptionError

DEFAULT_WORKERS = 2
MEMORY_LIMIT = "1GiB"


def map_rows(function: Callable[..., dict[str, Any]], items: Sequence[tuple], *, serial: bool = False,
             scheduler: str | None = None, workers: int = DEFAULT_WORKERS, client: Any = None,
             progress: bool = False) -> list[dict[str, Any]]:
    """``[function(*item) for item in items]``, on dask unless ``serial``."""
    items = [tuple(item) for item in items]
    if serial or not items:
        return [function(*item) for item in _bar(items, progress)]
    with ExitStack() as stack:
        if client is None:
            client = stack.enter_context(sweep_client(scheduler=scheduler, workers=workers))
        from distributed import as_completed
        futures = client.map(function, *zip(*items), pure=False)
        if progress:
            for _ in _bar(as_completed(futures), True, total=len(futures)):
                pass
        return client.gather(futures)


@contextmanager
def sweep_client(*, serial: bool = False, scheduler: str | None = None,
                 workers: int = DEFAULT_WORKERS) -> Iterator[Any]:
    """A dask client for several sweeps (None when ``serial``), closed with its local cluster on exit."""
    if serial:
        yield None
        return
    if workers < 1:
        raise OptionError(f"--workers {workers}: give 1 or more")
    try:
        from distributed import Client, LocalCluster
    except ModuleNotFoundError:
        raise OptionError("dask.distributed is not installed (pip install 'zorglab[sweep]'), "
                          "or run with --serial") from None
    with _connect(Client, LocalCluster, scheduler, workers) as client:
        yield client


def _connect(Client: Any, LocalCluster: Any, scheduler: str | None, workers: int) -> Any:
    if scheduler is not None:
        try:
            return Client(scheduler, timeout="10s")
        except (OSError, TimeoutError, ValueError) as error:
            raise OptionError(f"--scheduler {scheduler}: cannot connect ({error})") from None
    # workers log at CRITICAL only: a task's error reaches the caller through gather(), and a worker's
    # heartbeat racing the scheduler's shutdown is no news for the user's terminal (issue 13 item 14)
    cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, memory_limit=MEMORY_LIMIT,
                           dashboard_address="127.0.0.1:0", silence_logs=logging.CRITICAL)
    return _ClusterClient(Client(cluster), cluster)


class _ClusterClient:
    """A client together with the local cluster it owns: leaving closes both, in order and quietly."""

    def __init__(self, client: Any, cluster: Any):
        self.client, self.cluster = client, cluster

    def __enter__(self) -> Any:
        return self.client

    def __exit__(self, *exc: Any) -> None:
        with quiet_shutdown():
            try:
                self.client.close()         # the client first, then the cluster: workers, then the scheduler
            finally:
                self.cluster.close()


DASK_LOGGERS = ("distributed", "distributed.worker", "distributed.nanny", "distributed.scheduler",
                "distributed.core", "distributed.batched", "distributed.comm", "tornado")


@contextmanager
def quiet_shutdown() -> Iterator[None]:
    """dask.distributed's loggers in this process silenced while a cluster shuts down, then restored."""
    loggers = [logging.getLogger(name) for name in DASK_LOGGERS]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL + 1)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels):
            logger.setLevel(level)


def silence_dask_logs() -> None:
    """For the command line: dask.distributed's own log lines (a connection closed late, a heartbeat
    racing the shutdown) never reach the user's terminal; what went wrong in a task still does, raised."""
    for name in DASK_LOGGERS:
        logging.getLogger(name).setLevel(logging.CRITICAL + 1)


def _bar(items: Any, progress: bool, total: int | None = None) -> Any:
    if not progress:
        return items
    from tqdm import tqdm
    return tqdm(items, total=total if total is not None else len(items), file=sys.stderr, leave=False)

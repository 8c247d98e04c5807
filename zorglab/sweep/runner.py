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
from typing import Any, Callable, Iterable, Iterator, Sequence

from zorglab.errors import OptionError

DEFAULT_WORKERS = 2
MEMORY_LIMIT = "1GiB"
LOST_TASK_TRIES = 3       # a task whose worker dies is run again, at most this many times in all


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
        return collect(futures, _bar(as_completed(futures), progress, total=len(futures)))


class LostTasks(OptionError):
    """Some tasks were lost with their workers, each tried :data:`LOST_TASK_TRIES` times: ``rows`` holds
    the rows computed (None for a lost task), so a caller can keep what finished (issue 32 item 8)."""

    def __init__(self, message: str, rows: list[dict[str, Any] | None]):
        super().__init__(message)
        self.rows = rows
        self.table: Any = None      # the sweep's table of the finished rows (zorglab.sweep.sweeps)

    def finished(self) -> list[dict[str, Any]]:
        return [row for row in self.rows if row is not None]


def collect(futures: Sequence[Any], completed: Iterable[Any]) -> list[dict[str, Any]]:
    """The futures' rows in task order as they complete; a task whose worker died on every try
    (dask's ``KilledWorker``) is lost, and after the others finish one :class:`LostTasks` says how many,
    carrying the rows computed. A task that raised raises here, as before."""
    from distributed.scheduler import KilledWorker

    order = {id(future): index for index, future in enumerate(futures)}
    rows: list[dict[str, Any] | None] = [None] * len(futures)
    lost = 0
    for future in completed:
        try:
            rows[order[id(future)]] = future.result()
        except KilledWorker:
            lost += 1
    if lost:
        raise LostTasks(f"{lost} of {len(rows)} tasks lost: their worker died {LOST_TASK_TRIES} times on each "
                        f"(out of memory, or killed); the {len(rows) - lost} rows computed are kept", rows)
    return [row for row in rows if row is not None]


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
    import dask
    try:
        with dask.config.set({"distributed.scheduler.allowed-failures": LOST_TASK_TRIES - 1}):
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                   memory_limit=MEMORY_LIMIT, dashboard_address="127.0.0.1:0",
                                   silence_logs=logging.CRITICAL)
    except (OSError, RuntimeError, TimeoutError) as error:     # "Nanny failed to start": workers killed at start
        reason = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        raise OptionError(f"cannot start the dask workers ({reason}); run with --serial, or give "
                          "--scheduler a running cluster") from None
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

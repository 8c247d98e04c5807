"""Running many tasks: in this process (``serial``) or on dask.distributed, with the same rows.

By default the work runs serially unless it is large enough for a cluster to pay
(:func:`choose_runner`); then a ``LocalCluster`` of worker processes (2 workers, 1 thread each, a
modest memory limit) is started and closed around the run; ``scheduler="tcp://host:8786"`` uses a running
cluster instead (its workers need zorglab installed); ``client=`` reuses a caller's client and
leaves it open. Rows come back in task order; callers sort them by key.
"""

from __future__ import annotations

import logging
import shutil
import sys
import tempfile
from contextlib import ExitStack, contextmanager
from typing import Any, Callable, Iterable, Iterator, Literal, Sequence

from zorglab.errors import OptionError

DEFAULT_WORKERS = 2
MEMORY_LIMIT = "1GiB"
# Parallel only where it pays: starting a local cluster and shipping rows costs seconds, and on a
# small machine the workers compete with each other (600 temples: 74 s on the default cluster,
# 22 s serially). So a local cluster is started only for work estimated above a minute serially;
# a scheduler address always uses that cluster. The estimates are counts times a typical cost
# per task, never a clock, so the choice is the same on every run.
TaskKind = Literal["level", "temple", "task"]
"""What a sweep's tasks are, for the estimate of its work (``task``: anything else, 0.1 s each)."""
TASK_SECONDS: dict[TaskKind, float] = {"level": 0.25, "temple": 0.04}
LOCAL_CLUSTER_FROM = 60.0          # estimated serial seconds
LOST_TASK_TRIES = 3       # a task whose worker dies is run again, at most this many times in all


def choose_runner(tasks: int, kind: TaskKind, *, serial: bool = False, scheduler: str | None = None,
                  parallel: bool = False, workers: int = DEFAULT_WORKERS) -> tuple[bool, str]:
    """``(serial, why)``: whether to run ``tasks`` tasks of ``kind`` in this process, and the choice in words."""
    if scheduler is not None:
        return False, f"on the dask scheduler {scheduler}"
    if serial:
        return True, "serially (--serial)"
    estimate = tasks * TASK_SECONDS.get(kind, 0.1)
    if parallel:
        return False, f"on a local dask cluster of {workers} workers (--parallel)"
    if estimate >= LOCAL_CLUSTER_FROM and workers > 1:
        return False, (f"on a local dask cluster of {workers} workers ({tasks} {kind}s: about {estimate:.0f} s "
                       f"of work, worth spreading)")
    return True, (f"serially ({tasks} {kind}{'s' * (tasks != 1)}: about {estimate:.0f} s of work, less than "
                  f"a cluster costs to start; --parallel to use one)")


TASK_KINDS: dict[str, TaskKind] = {"level_task": "level", "temple_task": "temple"}


def map_rows(function: Callable[..., dict[str, Any]], items: Sequence[tuple[Any, ...]], *, serial: bool | None = None,
             scheduler: str | None = None, workers: int = DEFAULT_WORKERS, client: Any = None,
             progress: bool | None = False) -> list[dict[str, Any]]:
    """``[function(*item) for item in items]``: serially (``serial=True``) or on dask (``False``, a
    ``client`` or a ``scheduler``); ``None`` lets :func:`choose_runner` decide by the amount of work."""
    items = [tuple(item) for item in items]
    if serial is None:
        kind = TASK_KINDS.get(getattr(function, "__name__", ""), "task")
        serial = client is None and choose_runner(len(items), kind, scheduler=scheduler, workers=workers)[0]
    if serial or not items:
        rows: list[dict[str, Any]] = []
        try:
            for item in _bar(items, progress):
                rows.append(function(*item))
        except KeyboardInterrupt:
            raise SweepInterrupted(rows, len(items)) from None
        return rows
    with ExitStack() as stack:
        if client is None:
            client = stack.enter_context(sweep_client(scheduler=scheduler, workers=workers))
        from distributed import as_completed
        futures = client.map(function, *zip(*items), pure=False)
        if progress is not False:
            completed = _bar(as_completed(futures), progress, total=len(futures))
        else:
            completed = as_completed(futures)
        with DeathWatch(client, futures) as watch:
            return collect(futures, completed, watch)


class LostTasks(OptionError):
    """Some tasks were lost with their workers, each tried :data:`LOST_TASK_TRIES` times: ``rows`` holds
    the rows computed (None for a lost task), so a caller can keep what finished (issue 32 item 8)."""

    def __init__(self, message: str, rows: list[dict[str, Any] | None]):
        super().__init__(message)
        self.rows = rows
        self.table: Any = None      # the sweep's table of the finished rows (zorglab.sweep.sweeps)

    def finished(self) -> list[dict[str, Any]]:
        return [row for row in self.rows if row is not None]


def collect(futures: Sequence[Any], completed: Iterable[Any], watch: DeathWatch | None = None) -> list[dict[str, Any]]:
    """The futures' rows in task order as they complete; a task whose worker died on every try
    (dask's ``KilledWorker``) is lost, and after the others finish one :class:`LostTasks` says how many,
    carrying the rows computed. A task that raised raises here, as before. When ``watch`` saw workers
    go away more than :data:`WORKER_DEATHS` times, it cancelled the rest: one :class:`LostTasks` says so."""
    from distributed.scheduler import KilledWorker

    order = {id(future): index for index, future in enumerate(futures)}
    rows: list[dict[str, Any] | None] = [None] * len(futures)
    lost = 0
    for future in completed:
        try:
            rows[order[id(future)]] = future.result()
        except KilledWorker:
            lost += 1
        except BaseException:
            if watch is None or not watch.reason:
                raise
            lost += 1                   # cancelled by the watch
    if watch is not None and watch.reason:
        raise LostTasks(f"{watch.reason}: {lost} of {len(rows)} tasks not run; the {len(rows) - lost} rows "
                        "computed are kept", rows)
    if lost:
        raise LostTasks(f"{lost} of {len(rows)} tasks lost: their worker died {LOST_TASK_TRIES} times on each "
                        f"(out of memory, or killed); the {len(rows) - lost} rows computed are kept", rows)
    return [row for row in rows if row is not None]


WORKER_DEATHS = 6          # workers that may go away during one run (each restarted) before it stops
WATCH_SECONDS = 0.5        # between two looks at the scheduler's workers
NO_WORKER_SECONDS = 60.0   # a run with no worker up for this long stops (each dies as it starts)


class DeathWatch:
    """A thread that reads the scheduler's workers every :data:`WATCH_SECONDS` while a run waits for
    its rows: once more than :data:`WORKER_DEATHS` workers went away (killed, out of memory; a
    restarted worker comes back under a new address), or once no worker was up for
    :data:`NO_WORKER_SECONDS`, it cancels the run's futures and says why (``reason``), so a run whose
    workers keep dying ends with a message instead of waiting for ever (dask's own ``allowed-failures``
    counts only the tasks a dying worker was running)."""

    def __init__(self, client: Any, futures: Sequence[Any], limit: int | None = None):
        import threading
        self.client, self.futures = client, list(futures)
        self.limit = WORKER_DEATHS if limit is None else limit
        self.reason = ""                # why the watch stopped the run ("": it did not)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, name="zorglab-death-watch", daemon=True)

    def __enter__(self) -> DeathWatch:
        self._thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self._stop.set()
        self._thread.join(timeout=CLOSE_SECONDS)

    def _watch(self) -> None:
        import time
        seen: set[str] = set()
        gone: set[str] = set()
        empty_since: float | None = None
        while not self._stop.wait(WATCH_SECONDS):
            try:
                now = set(self.client.scheduler_info().get("workers", {}))
            except Exception:           # the client closing, a slow scheduler: look again later
                continue
            gone |= seen - now
            seen |= now
            empty_since = (empty_since or time.monotonic()) if not now else None
            if len(gone) > self.limit:
                self._trip(f"the dask workers went away {len(gone)} times (out of memory, or killed), more than "
                           f"the {self.limit} a run allows")
                return
            if empty_since is not None and time.monotonic() - empty_since > NO_WORKER_SECONDS:
                self._trip(f"no dask worker stayed up for {NO_WORKER_SECONDS:g} s (each killed or out of memory "
                           "as it started)")
                return

    def _trip(self, reason: str) -> None:
        self.reason = reason
        try:
            self.client.cancel(self.futures)
        except Exception:
            pass


class SweepInterrupted(KeyboardInterrupt):
    """Ctrl-C during a serial sweep, carrying the rows done so far (in task order) and the task count."""

    def __init__(self, rows: list[dict[str, Any]], total: int):
        super().__init__(f"interrupted after {len(rows)} of {total} tasks")
        self.rows, self.total = rows, total


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


SCHEDULER_ANSWER_SECONDS = 10.0     # a scheduler that accepts a connection must greet within this


def probe_scheduler(address: str, seconds: float = SCHEDULER_ANSWER_SECONDS) -> None:
    """Refuse a ``tcp://`` scheduler address that does not answer like a dask scheduler: one that
    refuses the connection, or accepts it and says nothing within ``seconds`` (a dask scheduler greets
    every connection at once; dask's own client would wait for that greeting for ever)."""
    import socket
    from urllib.parse import urlsplit
    if "://" in address and not address.startswith("tcp://"):
        return                  # tls://, ucx://, inproc://: dask's own connection says what fails
    parts = urlsplit(address if "://" in address else f"tcp://{address}")
    try:
        host, port = parts.hostname, parts.port
    except ValueError:
        raise OptionError(f"--scheduler {address}: not an address (tcp://host:8786)") from None
    if not host or port is None:
        raise OptionError(f"--scheduler {address}: not an address (tcp://host:8786)")
    try:
        with socket.create_connection((host, port), timeout=seconds) as connection:
            connection.settimeout(seconds)
            greeting = connection.recv(1)
    except TimeoutError:
        raise OptionError(f"--scheduler {address}: it did not answer within {seconds:g} s (is a dask scheduler "
                          "listening there?)") from None
    except OSError as error:
        raise OptionError(f"--scheduler {address}: cannot connect ({error.strerror or error})") from None
    if not greeting:
        raise OptionError(f"--scheduler {address}: it closed the connection without a word (is a dask scheduler "
                          "listening there?)")


def _connect(Client: Any, LocalCluster: Any, scheduler: str | None, workers: int) -> Any:
    if scheduler is not None:
        probe_scheduler(scheduler)
        try:
            return Client(scheduler, timeout="10s")
        except (OSError, TimeoutError, ValueError) as error:
            raise OptionError(f"--scheduler {scheduler}: cannot connect ({error})") from None
    # workers log at CRITICAL only: a task's error reaches the caller through gather(), and a worker's
    # heartbeat racing the scheduler's shutdown is no news for the user's terminal (issue 13 item 14)
    import dask

    scratch = tempfile.mkdtemp(prefix="zorglab-dask-")      # the workers' scratch folder, removed on exit
    try:    # the workers begin with Ctrl+C blocked: the command stops them, they print no traceback
        with dask.config.set({"distributed.scheduler.allowed-failures": LOST_TASK_TRIES - 1,
                              "temporary-directory": scratch}), children_ignore_interrupt():
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                   memory_limit=MEMORY_LIMIT, dashboard_address="127.0.0.1:0",
                                   silence_logs=logging.CRITICAL)
    except (OSError, RuntimeError, TimeoutError) as error:     # "Nanny failed to start": workers killed at start
        reason = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        shutil.rmtree(scratch, ignore_errors=True)
        raise OptionError(f"cannot start the dask workers ({reason}); run with --serial, or give "
                          "--scheduler a running cluster") from None
    return _ClusterClient(Client(cluster), cluster, scratch)


@contextmanager
def children_ignore_interrupt() -> Iterator[None]:
    """Threads and processes started inside have SIGINT blocked (they are stopped by the command, not
    by the terminal's Ctrl+C: a blocked signal stays blocked in a thread's children, across ``exec``);
    this thread's mask is back afterwards, and a SIGINT that came meanwhile is delivered then."""
    import signal
    import threading
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "pthread_sigmask"):
        yield
        return
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


class _ClusterClient:
    """A client together with the local cluster it owns: leaving closes both, in order and quietly."""

    def __init__(self, client: Any, cluster: Any, scratch: str | None = None):
        self.client, self.cluster, self.scratch = client, cluster, scratch

    def __enter__(self) -> Any:
        return self.client

    def __exit__(self, kind: Any, *exc: Any) -> None:
        with quiet_shutdown():
            if kind is not None and issubclass(kind, KeyboardInterrupt):
                stop_workers_now(self.cluster)      # a signal: the user waits, the work is dropped anyway
            try:
                self.client.close(timeout=CLOSE_SECONDS)    # the client first, then the cluster
            finally:
                try:
                    self.cluster.close(timeout=CLOSE_SECONDS)
                finally:
                    if self.scratch is not None:
                        shutil.rmtree(self.scratch, ignore_errors=True)


CLOSE_SECONDS = 5       # at most this long for a client or a local cluster to close


def stop_workers_now(cluster: Any) -> None:
    """Kill the local cluster's worker processes at once, so that Ctrl+C or SIGTERM ends the command
    within moments and leaves no process behind."""
    import psutil
    nannies = list(getattr(cluster, "workers", {}).values())
    for nanny in nannies:           # a worker that goes away is not to be started again
        try:
            nanny.close_gracefully(reason="zorglab interrupted")
        except Exception:
            pass
    pids = [getattr(nanny, "pid", None) for nanny in nannies]
    children = []
    for pid in pids:
        try:
            children.append(psutil.Process(pid))
        except (psutil.Error, TypeError, ValueError):
            pass
    for child in children:
        try:
            child.kill()
        except psutil.Error:
            pass
    psutil.wait_procs(children, timeout=CLOSE_SECONDS)


DASK_LOGGERS = ("distributed", "distributed.worker", "distributed.nanny", "distributed.scheduler",
                "distributed.core", "distributed.batched", "distributed.comm", "tornado",
                "asyncio")        # "Task exception was never retrieved" for a gather that Ctrl+C cut


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


def _bar(items: Any, progress: bool | None, total: int | None = None) -> Any:
    """A tqdm bar on standard error: ``True`` always, ``None`` only on a terminal, ``False`` never."""
    if progress is False:
        return items
    from tqdm import tqdm
    return tqdm(items, total=total if total is not None else len(items), file=sys.stderr, leave=False,
                disable=None if progress is None else False)

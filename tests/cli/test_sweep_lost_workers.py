"""Issue 32 item 8: dying dask workers. A task whose worker dies is tried a bounded number of times
(``LOST_TASK_TRIES``); then the sweep stops with one clear line and keeps the rows already computed
(the CSV is written with what finished). Workers that cannot start are one line too, not a traceback."""

from __future__ import annotations

import pandas as pd
import pytest

from zorglab.cli.main import main
from zorglab.errors import OptionError
from zorglab.sweep import runner
from zorglab.sweep.runner import LOST_TASK_TRIES, LostTasks, collect, map_rows

distributed = pytest.importorskip("distributed")
from distributed.scheduler import KilledWorker  # noqa: E402


class Done:
    def __init__(self, row=None, killed=False):
        self.row, self.killed = row, killed

    def result(self):
        if self.killed:
            raise KilledWorker("task", "worker", LOST_TASK_TRIES - 1)
        return self.row


def test_lost_tasks_keep_the_rows_computed_in_task_order() -> None:
    futures = [Done({"n": 1}), Done(killed=True), Done({"n": 3})]
    with pytest.raises(LostTasks) as lost:
        collect(futures, reversed(futures))                 # completion order differs from task order
    assert lost.value.finished() == [{"n": 1}, {"n": 3}]
    assert str(lost.value) == (f"1 of 3 tasks lost: their worker died {LOST_TASK_TRIES} times on each "
                               "(out of memory, or killed); the 2 rows computed are kept")
    assert collect(futures[::2], futures[::2]) == [{"n": 1}, {"n": 3}]


def test_a_worker_killed_on_every_try_is_a_bounded_loss_with_the_other_rows_kept() -> None:
    """A real cluster: one task ends its worker process each time it runs (eval is picklable by name)."""
    items = [("{'n': 1}",), ("__import__('os')._exit(1)",), ("{'n': 3}",)]
    with pytest.raises(LostTasks) as lost:
        map_rows(eval, items, serial=False, workers=1)      # a cluster, whatever the amount of work
    # a task that shared the dying worker may be lost with it (dask counts it suspicious too): what is
    # kept is only ever a good task's row, in task order, and the killer never finishes
    kept = [row["n"] for row in lost.value.finished()]
    assert kept in ([1, 3], [3], [1], []) and "lost" in str(lost.value)
    assert lost.value.rows[1] is None


def test_workers_that_cannot_start_are_one_line(monkeypatch) -> None:
    def nanny_fails(*args, **kwargs):
        raise RuntimeError("Nanny failed to start.\nmore lines")
    monkeypatch.setattr(distributed, "LocalCluster", nanny_fails)
    with pytest.raises(OptionError, match=r"^cannot start the dask workers \(Nanny failed to start.\); run with "
                                          r"--serial"):
        with runner.sweep_client():
            pass


def test_the_sweep_writes_what_finished_and_says_one_line(tmp_path, capsys, monkeypatch) -> None:
    import zorglab.sweep as sweep

    def dying(*args, **kwargs):
        lost = LostTasks("1 of 3 tasks lost: ...; the 2 rows computed are kept", [{"id": "a"}, None, {"id": "c"}])
        lost.table = pd.DataFrame(lost.finished())
        raise lost
    monkeypatch.setattr(sweep, "sweep_levels", dying)
    out = tmp_path / "rows.csv"
    assert main(["sweep", "levels", "levels", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    said = [line for line in err.strip().splitlines() if not line.startswith("running ")]   # the runner's choice aside
    assert len(said) == 1 and "Traceback" not in err and "tasks lost" in said[0]
    assert list(pd.read_csv(out)["id"]) == ["a", "c"]


def test_workers_that_keep_dying_end_the_run_with_a_message(monkeypatch) -> None:
    """Issue 37 item 5: the workers are killed again and again (here: from the moment the run waits
    for its rows, each worker seen, until the run returns). After more than ``WORKER_DEATHS`` workers went away the run stops with one
    message, keeping the rows computed, instead of waiting on tasks no worker lives long enough to run."""
    import threading

    psutil = pytest.importorskip("psutil")
    done = threading.Event()
    waiting = threading.Event()
    enter = runner.DeathWatch.__enter__

    def entered(self):
        waiting.set()
        return enter(self)
    monkeypatch.setattr(runner.DeathWatch, "__enter__", entered)
    monkeypatch.setattr(runner, "NO_WORKER_SECONDS", 5.0)

    def killer() -> None:
        waiting.wait(300)
        while not done.wait(0.2):       # polling the process table, until the run has returned
            for child in psutil.Process().children(recursive=True):
                try:
                    if any("spawn_main" in word for word in child.cmdline()):
                        child.kill()
                except psutil.Error:
                    pass
    thread = threading.Thread(target=killer, daemon=True)
    thread.start()
    items = [("__import__('time').sleep(600) or {'n': %d}" % n,) for n in range(4)]
    try:
        with pytest.raises(LostTasks) as lost:
            map_rows(eval, items, serial=False, workers=2)
    finally:
        done.set()
        thread.join(10)
    said = str(lost.value)
    assert (f"more than the {runner.WORKER_DEATHS} a run allows" in said
            or "no dask worker stayed up for 5 s (each killed or out of memory as it started)" in said)
    assert said.endswith("tasks not run; the 0 rows computed are kept")

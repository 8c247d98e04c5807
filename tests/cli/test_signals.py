"""Issue 37 item 5: Ctrl+C (SIGINT) and SIGTERM end every command within moments, with exit status
130 or 143, no traceback (none from dask workers either), no process left and no temporary file.

Each test starts the real command in a child process of its own session, waits for a *state* (its
output's first line, or the process tree having done some work, read with psutil), then sends the
signal: SIGINT to the whole process group, as a terminal's Ctrl+C does, SIGTERM to the command alone,
as ``kill`` does. Every wait is on a condition with a generous bound, never a sleep to synchronise.
On the code as found: Ctrl+C did not stop the layout search; SIGTERM killed the command outright
(status -15, dask workers left behind); Ctrl+C in a dask run printed a traceback per worker.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

psutil = pytest.importorskip("psutil")

ROOT = Path(__file__).resolve().parents[2]
HOSTILE = ROOT / "tests" / "hostile" / "levels"
BOUND = 120.0       # seconds: a generous bound on any wait, never the figure a test asserts


class Command:
    """``python -m zorglab ARGV`` in its own session, its output gathered as it comes."""

    def __init__(self, argv: list[str], tmp: Path):
        self.tmp = tmp / "tmp"
        self.tmp.mkdir()
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
               "TMPDIR": str(self.tmp), "ZORGLAB_CACHE_DIR": str(tmp / "cache")}
        self.process = subprocess.Popen([sys.executable, "-m", "zorglab", *argv], cwd=ROOT, env=env,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                        start_new_session=True)
        self.out: list[str] = []
        self.err: list[str] = []
        self.said = threading.Condition()
        self.readers = [threading.Thread(target=self._read, args=(stream, lines), daemon=True)
                        for stream, lines in ((self.process.stdout, self.out), (self.process.stderr, self.err))]
        for reader in self.readers:
            reader.start()

    def _read(self, stream, lines: list[str]) -> None:
        for line in stream:
            with self.said:
                lines.append(line)
                self.said.notify_all()

    def wait_for_line(self, text: str) -> None:
        with self.said:
            assert self.said.wait_for(lambda: any(text in line for line in self.err + self.out), BOUND), \
                f"never said {text!r}: {''.join(self.err)}"

    def tree(self) -> list[psutil.Process]:
        try:
            return [psutil.Process(self.process.pid), *psutil.Process(self.process.pid).children(recursive=True)]
        except psutil.NoSuchProcess:
            return []

    def wait_for_work(self, cpu_seconds: float, processes: int = 1) -> list[psutil.Process]:
        """Wait until at least ``processes`` processes of the tree run and together used ``cpu_seconds``."""
        deadline = time.monotonic() + BOUND
        while time.monotonic() < deadline:
            assert self.process.poll() is None, f"ended early: {''.join(self.err)}"
            tree = self.tree()
            used = 0.0
            for process in tree:
                try:
                    used += process.cpu_times().user
                except psutil.Error:
                    pass
            if len(tree) >= processes and used >= cpu_seconds:
                return tree
            time.sleep(0.05)        # polling a state, bounded by the deadline
        raise AssertionError(f"the command did no work in {BOUND} s: {''.join(self.err)}")

    def send(self, signum: int) -> None:
        if signum == signal.SIGINT:
            os.killpg(self.process.pid, signum)     # Ctrl+C: the terminal signals the whole group
        else:
            os.kill(self.process.pid, signum)

    def finish(self) -> int:
        try:
            code = self.process.wait(BOUND)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()
            raise AssertionError(f"still running {BOUND} s after the signal: {''.join(self.err)}") from None
        for reader in self.readers:
            reader.join(BOUND)
        return code


def alive(processes: list[psutil.Process]) -> list[psutil.Process]:
    """The processes still running once each had a moment to be reaped."""
    gone, running = psutil.wait_procs(processes, timeout=10)
    del gone
    return [p for p in running if p.status() != psutil.STATUS_ZOMBIE]


def assert_clean_end(command: Command, tree: list[psutil.Process], signum: int) -> None:
    code = command.finish()
    err = "".join(command.err)
    assert code == {signal.SIGINT: 130, signal.SIGTERM: 143}[signum], err
    assert "Traceback" not in err and "Traceback" not in "".join(command.out)
    assert alive(tree[1:]) == []
    assert list(command.tmp.iterdir()) == []


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_layout_search_stops_on_a_signal(tmp_path, signum):
    command = Command(["solve", str(HOSTILE / "crowd.toml"), "-q"], tmp_path)
    tree = command.wait_for_work(1.5)
    command.send(signum)
    assert_clean_end(command, tree, signum)
    said = "".join(command.err)
    assert ("interrupted (Ctrl+C)" if signum == signal.SIGINT else "stopped (SIGTERM)") in said
    assert "the verdict above is partial" in said


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_parallel_sweep_stops_its_workers_on_a_signal(tmp_path, signum):
    pytest.importorskip("distributed")
    command = Command(["sweep", "levels", "levels", "--parallel", "--workers", "2", "--budget", "thorough"],
                      tmp_path)
    command.wait_for_line("running on a local dask cluster")
    tree = command.wait_for_work(3.0, processes=3)      # the command and its two workers, working
    command.send(signum)
    assert_clean_end(command, tree, signum)


def test_propose_on_dask_stops_on_sigterm(tmp_path):
    pytest.importorskip("distributed")
    out = tmp_path / "out"
    out.mkdir()
    command = Command(["propose", "--dask", "--tries", "5000", "--count", "50", "--hero-count", "3",
                       "--out", str(out), "-q"], tmp_path)
    tree = command.wait_for_work(2.0, processes=3)
    command.send(signal.SIGTERM)
    assert_clean_end(command, tree, signal.SIGTERM)
    assert list(out.iterdir()) == []


def test_a_later_propose_removes_the_temporary_copies_a_killed_one_left(tmp_path, capsys):
    """SIGKILL cannot be handled: a killed run may leave its fixed-name temporary copy (the atomic
    write's, in --out). The next run into that folder removes such copies of proposed files, and
    nothing else."""
    from zorglab.cli.main import main
    out = tmp_path / "out"
    out.mkdir()
    left = out / ".prop-0-7.toml.zorglab.tmp"
    left.write_text("half a level", encoding="utf-8")
    mine = out / ".notes.txt.zorglab.tmp"
    mine.write_text("not a proposal", encoding="utf-8")
    assert main(["propose", "--fewest-spells", "1", "--count", "1", "--tries", "20", "--seed", "1", "-q",
                 "--out", str(out)]) == 0
    capsys.readouterr()
    assert not left.exists() and mine.exists()
    assert [p.name for p in out.iterdir() if p.name.endswith(".tmp")] == [mine.name]

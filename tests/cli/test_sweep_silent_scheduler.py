"""Issue 37 item 5: a dask scheduler address that accepts connections but never answers (here a plain
TCP server that accepts and says nothing) ends ``sweep``, ``report`` and ``propose`` with one line
within a bounded time, exit status 2. On the code as found, dask's client waited for its greeting for
ever (each command killed at 240 s)."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

pytest.importorskip("distributed")

ROOT = Path(__file__).resolve().parents[2]
PACK = ROOT / "tests" / "reports" / "fixtures" / "pack"


@pytest.fixture
def silent_scheduler():
    """A TCP server on 127.0.0.1 that accepts every connection and never sends a byte."""
    server = socket.create_server(("127.0.0.1", 0))
    held: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        server.settimeout(0.2)
        while not stop.is_set():
            try:
                held.append(server.accept()[0])
            except OSError:
                continue
    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    stop.set()
    thread.join(5)
    for connection in held:
        connection.close()
    server.close()


@pytest.mark.parametrize("argv", [["sweep", "levels", str(PACK), "-q"],
                                  ["report", "--levels", str(PACK), "--out", "{tmp}/r", "--temple-seeds", "0", "-q"],
                                  ["propose", "--count", "1", "--tries", "2", "-q"]],
                         ids=["sweep", "report", "propose"])
def test_a_scheduler_that_never_answers_is_one_line(tmp_path, silent_scheduler, argv):
    argv = [word.replace("{tmp}", str(tmp_path)) for word in argv]
    done = subprocess.run([sys.executable, "-m", "zorglab", *argv, "--scheduler", silent_scheduler], cwd=ROOT,
                          capture_output=True, text=True, timeout=180)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    said = [line for line in done.stderr.strip().splitlines() if not line.startswith("running ")]
    assert said == [f"--scheduler {silent_scheduler}: it did not answer within 10 s (is a dask scheduler "
                    "listening there?)"]


def test_a_scheduler_address_that_refuses_is_one_line():
    from zorglab.errors import OptionError
    from zorglab.sweep.runner import probe_scheduler
    with socket.create_server(("127.0.0.1", 0)) as server:
        port = server.getsockname()[1]
    with pytest.raises(OptionError, match=r"^--scheduler tcp://127.0.0.1:\d+: cannot connect"):
        probe_scheduler(f"tcp://127.0.0.1:{port}", seconds=5)

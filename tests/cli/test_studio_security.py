"""``zorglab studio`` is private to its user (issue 37 item 2), tried on the real process.

The command runs in a copy of the repository's root (nothing tracked is written), with a short
``--idle-seconds``: a foreign ``Host`` (DNS rebinding) and a foreign ``Origin`` are refused on HTTP
and on the kernel websocket, the token notwithstanding, and nothing is served without the token;
ten page loads leave no kernel once their pages are gone (closed as a page closes, or never
connected) -- synchronised on the server's own kernel list and its processes, never a sleep; SIGTERM
(and Ctrl+C, and a hang-up) stop the command, the server and every kernel: no process is left.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

psutil = pytest.importorskip("psutil")
pytest.importorskip("voila")

websocket = pytest.importorskip("websocket")       # websocket-client, a jupyter_server dependency

REPO = Path(__file__).resolve().parents[2]
BOUND = 240.0               # a safety net for a loaded machine, never a timing: every wait is on a condition
pytestmark = pytest.mark.slow


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def until(what: str, condition, bound: float = BOUND):
    """Poll ``condition`` until it holds (its value returned); fail naming ``what`` past the bound."""
    deadline = time.monotonic() + bound
    while True:
        found = condition()
        if found:
            return found
        if time.monotonic() > deadline:
            pytest.fail(f"{what}: not within {bound:g} s")
        time.sleep(0.1)


class App:
    """``zorglab studio`` started as a person starts it, in a copy of the repository's root."""

    def __init__(self, tmp_path: Path, idle_seconds: float = 1.0):
        root = self.root = tmp_path / "repo"
        (root / "levels").mkdir(parents=True)
        (root / "pyproject.toml").write_text("# a copy of the checkout's root\n")
        for name in ("tiles.toml", "contracts.toml", "app-01-first-blood.toml"):
            shutil.copyfile(REPO / "levels" / name, root / "levels" / name)
        home = tmp_path / "home"
        env = {**os.environ, "PYTHONPATH": str(REPO), "JUPYTER_CONFIG_DIR": str(home / "config"),
               "JUPYTER_DATA_DIR": str(home / "data"), "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
               "IPYTHONDIR": str(home / "ipython")}
        self.port = _free_port()
        self.log = tmp_path / "studio.log"
        with self.log.open("wb") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "zorglab.cli.main", "studio", "levels/app-01-first-blood.toml",
                 "--port", str(self.port), "--no-browser", "--idle-seconds", str(idle_seconds)],
                cwd=root, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        self.base = f"http://127.0.0.1:{self.port}"
        try:
            line = until("the URL printed with its token", lambda: self._printed())
            self.token = re.search(r"\?token=([A-Za-z0-9_-]+)", line).group(1)
            until("the server answering", self._answering)
        except BaseException:
            self.kill()                              # a command that did not start as it should is not left running
            raise

    def _printed(self) -> str:
        if self.process.poll() is not None:
            pytest.fail(f"zorglab studio exited with {self.process.returncode}:\n{self.log.read_text()[-3000:]}")
        return next((line for line in self.log.read_text().splitlines() if "?token=" in line), "")

    def _answering(self) -> bool:
        self._printed()
        return self.status("/voila/static/") != 0

    def status(self, path: str, headers: dict[str, str] | None = None, method: str = "GET") -> int:
        """The status of one request (0: no answer), redirects not followed."""
        class Keep(urllib.request.HTTPRedirectHandler):
            def redirect_request(self, *args, **kwargs):
                return None
        request = urllib.request.Request(self.base + path, headers=headers or {}, method=method,
                                         data=b"" if method == "POST" else None)
        try:
            with urllib.request.build_opener(Keep).open(request, timeout=BOUND) as answer:
                self.body = answer.read().decode("utf-8", "replace")
                return answer.status
        except urllib.error.HTTPError as error:
            self.body = error.read().decode("utf-8", "replace")
            return error.code
        except OSError:
            return 0

    def load_page(self) -> str:
        """One page load with the token (the kernel starts and runs the app's cell): its kernel id."""
        assert self.status(f"/?token={self.token}") == 200, self.body[-2000:]
        return re.search(r'"kernelId":\s*"([0-9a-f-]+)"', self.body).group(1)

    def kernel_alive(self, kernel_id: str) -> bool:
        code = self.status(f"/api/kernels/{kernel_id}?token={self.token}")
        assert code in (200, 404), (code, self.body)
        return code == 200

    def family(self) -> list:
        command = psutil.Process(self.process.pid)
        return [command] + command.children(recursive=True)

    def kernels(self) -> list:
        """The kernel processes under the command (one ended but not yet reaped is gone)."""
        found = []
        for process in self.family()[1:]:
            try:
                if process.status() != psutil.STATUS_ZOMBIE and "ipykernel" in " ".join(process.cmdline()):
                    found.append(process)
            except psutil.Error:
                pass
        return found

    def websocket(self, kernel_id: str, **headers: str):
        """The kernel websocket opened with these headers (``origin``, ``host``): the connection, or
        the status of the refused handshake."""
        url = f"ws://127.0.0.1:{self.port}/api/kernels/{kernel_id}/channels?token={self.token}"
        try:
            return websocket.create_connection(url, timeout=BOUND, **headers)
        except websocket.WebSocketBadStatusException as refused:
            return refused.status_code

    def connected_page(self):
        """A page load whose kernel a page then connects to, as the browser does (a kernel the idle
        reaper took first, on a slow machine, is loaded again): its kernel id and the connection."""
        def connect():
            kernel_id = self.load_page()
            connection = self.websocket(kernel_id, origin=self.base)
            return (kernel_id, connection) if not isinstance(connection, int) else None
        return until("a page connected to its kernel", connect)

    def kill(self) -> None:
        for process in self.family() if self.process.poll() is None else []:
            try:
                process.kill()
            except psutil.Error:
                pass


@pytest.fixture
def app(tmp_path):
    started = App(tmp_path)
    try:
        yield started
    finally:
        started.kill()


def test_foreign_hosts_and_origins_are_refused_kernels_end_with_their_pages_and_sigterm_leaves_nothing(app):
    token = f"?token={app.token}"
    # nothing without the token: no page, no kernel
    assert app.status("/") in (302, 403) and app.status("/api/kernels/x") in (302, 403, 404)
    assert app.kernels() == []
    # a foreign Host (DNS rebinding) and a foreign Origin are refused, token or not, before any handler
    for headers in ({"Host": "evil.example"}, {"Host": f"evil.example:{app.port}"},
                    {"Origin": "http://evil.example"}, {"Origin": "null"},
                    {"Origin": f"https://127.0.0.1:{app.port}"}):
        for path in ("/", "/" + token, "/voila/static/"):
            assert app.status(path, headers) == 403, (headers, path, app.body)
            assert "refused" in app.body
        assert app.status(f"/voila/api/shutdown/x{token}", headers, "POST") == 403
    assert app.kernels() == []                       # none of those started a kernel

    first, page = app.connected_page()
    assert app.kernel_alive(first)                   # a page connected: its kernel stays
    # the secret is on no command line (ps shows them to every user) and no kernel inherits it
    assert all(app.token not in " ".join(p.cmdline()) for p in app.family())
    assert app.kernels() and all("ZORGLAB_STUDIO_TOKEN" not in p.environ() for p in app.kernels())
    # the kernel websocket: a foreign Origin or Host is refused, the token notwithstanding
    assert app.websocket(first, origin="http://evil.example") == 403
    assert app.websocket(first, origin="null") == 403
    assert app.websocket(first, host="evil.example", origin="http://evil.example") == 403
    assert app.websocket(first, host=f"evil.example:{app.port}", origin=f"http://evil.example:{app.port}") == 403
    page.close()                                     # the page goes

    # ten page loads: half closed as a closing page does (Voila's shutdown call), half never connected
    kernels = [first] + [app.load_page() for _ in range(9)]
    assert len(set(kernels)) == 10                   # one kernel per page
    for kernel_id in kernels[::2]:
        assert app.status(f"/voila/api/shutdown/{kernel_id}{token}",
                          {"Origin": f"http://127.0.0.1:{app.port}"}, "POST") in (204, 404)
    until("no kernel left on the server's kernel list",
          lambda: not any(app.kernel_alive(k) for k in kernels))
    until("no kernel process left", lambda: app.kernels() == [])

    app.connected_page()                             # one kernel running, its page connected, when the stop comes
    family = until("a kernel process", lambda: app.kernels() and app.family())
    os.killpg(app.process.pid, signal.SIGTERM)
    assert app.process.wait(timeout=BOUND) == 143
    gone, alive = psutil.wait_procs(family, timeout=BOUND)
    assert alive == []
    assert "Traceback" not in app.log.read_text()


@pytest.mark.parametrize("signum, code", [(signal.SIGINT, 130),     # what Ctrl+C sends the command
                                          (signal.SIGHUP, 129)])    # its terminal closed
def test_ctrl_c_or_a_hang_up_stops_the_server_and_every_kernel(app, signum, code):
    app.connected_page()
    family = until("a kernel process", lambda: app.kernels() and app.family())
    os.kill(app.process.pid, signum)
    assert app.process.wait(timeout=BOUND) == code
    gone, alive = psutil.wait_procs(family, timeout=BOUND)
    assert alive == []
    assert "Traceback" not in app.log.read_text()


@pytest.fixture
def slow_app(tmp_path):
    started = App(tmp_path, idle_seconds=5)           # the culler's timeout (10 s) far above the watcher's 2 s
    try:
        yield started
    finally:
        started.kill()


def test_a_kernel_still_sending_to_a_page_that_is_gone_is_shut_down(slow_app):
    """What grew the server's memory with no client: a kernel that keeps sending (here the Studio's
    watcher, reloading a level another program keeps rewriting, every 2 s) is never idle to the
    server's culler; once no page is connected it is shut down all the same, and what it sent stops
    piling up."""
    app = slow_app
    level = app.root / "levels" / "app-01-first-blood.toml"
    text = level.read_text()
    kernel_id, page = app.connected_page()
    page.close()
    rewrites = iter(range(10**6))

    def gone() -> bool:
        level.write_text(text.replace('title = "First Blood"', f'title = "Rewritten {next(rewrites)}"'))
        return not app.kernel_alive(kernel_id)
    until("the kernel of a page that is gone shut down", gone)
    assert next(rewrites) > 1                          # it was rewritten (and sending) while it waited
    until("no kernel process left", lambda: app.kernels() == [])

"""A real JupyterLab and a headless Chromium for the browser tests.

The server runs on 127.0.0.1 (a free port, no token) with its own config, data, runtime, settings
and IPython directories, serving a temporary folder the tests copy notebooks into; it is stopped
by its PID. Chromium is Debian's (``/usr/bin/chromium``, or ``ZORGLAB_CHROMIUM``), driven by
Playwright; ``playwright install`` is never needed. Without a browser the tests skip, unless
``ZORGLAB_REQUIRE_BROWSER=1`` (set by ``.ci/run``) makes that a failure.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import pytest

CHROMIUM = Path(os.environ.get("ZORGLAB_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-quic",
                 "--no-first-run", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]
LAB_SETTINGS = {
    # no news or update checks from the internet
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {"fetchNews": "false",
                                                                        "checkForUpdates": False},
    # every cell in the DOM, so every widget view is rendered and its canvas can be read
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
}
SERVER_START_SECONDS = 90


def _browser_missing() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the python package playwright is not installed (pip install -e '.[test]')"
    if not CHROMIUM.exists():
        return f"no Chromium at {CHROMIUM} (apt-get install -y chromium, or set ZORGLAB_CHROMIUM)"
    return None


def pytest_collection_modifyitems(config, items):
    missing = _browser_missing()
    if missing is None:
        return
    if os.environ.get("ZORGLAB_REQUIRE_BROWSER") == "1":
        return                          # the lab fixture fails each browser test, naming what is missing
    mark = pytest.mark.skip(reason=f"real-browser test skipped: {missing}")
    for item in items:
        if item.get_closest_marker("browser") is not None:
            item.add_marker(mark)


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass(frozen=True)
class Lab:
    """A running JupyterLab: its URL and the folder it serves."""

    url: str
    root: Path
    process: subprocess.Popen
    log: Path


@pytest.fixture(scope="session")
def lab(tmp_path_factory) -> Lab:
    missing = _browser_missing()
    if missing is not None:
        if os.environ.get("ZORGLAB_REQUIRE_BROWSER") == "1":
            pytest.fail(f"ZORGLAB_REQUIRE_BROWSER=1 but {missing}")
        pytest.skip(missing)
    with running_lab(tmp_path_factory.mktemp("lab")) as running:
        yield running


@contextmanager
def running_lab(base: Path, server_config: str = "") -> Iterator[Lab]:
    """A JupyterLab with its own folders under ``base``, serving ``base / "served"``, stopped on exit.
    ``server_config``: a ``jupyter_server_config.py`` for it (a diagnostic's hooks), none if empty."""
    root = base / "served"
    dirs = {name: base / name for name in ("config", "data", "runtime", "settings", "workspaces", "ipython")}
    for path in (root, *dirs.values()):
        path.mkdir()
    for name, value in LAB_SETTINGS.items():
        target = dirs["settings"] / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(value))
    if server_config:
        (dirs["config"] / "jupyter_server_config.py").write_text(server_config)
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(dirs["config"]), "JUPYTER_DATA_DIR": str(dirs["data"]),
           "JUPYTER_RUNTIME_DIR": str(dirs["runtime"]), "JUPYTERLAB_SETTINGS_DIR": str(dirs["settings"]),
           "JUPYTERLAB_WORKSPACES_DIR": str(dirs["workspaces"]), "IPYTHONDIR": str(dirs["ipython"]),
           "PYTHONHASHSEED": "0"}
    env.pop("MPLBACKEND", None)
    port = _free_port()
    log = base / "lab.log"
    command = [sys.executable, "-m", "jupyterlab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
               "--ServerApp.port_retries=0", "--IdentityProvider.token=", "--ServerApp.password=",
               f"--ServerApp.root_dir={root}", "--LabApp.expose_app_in_browser=True",
               "--ServerApp.open_browser=False", "--ServerApp.terminals_enabled=False",
               "--LabApp.extension_manager=readonly"] + (["--allow-root"] if os.geteuid() == 0 else [])
    with log.open("wb") as out:
        process = subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT, cwd=root,
                                   start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + SERVER_START_SECONDS
        while True:
            if process.poll() is not None:
                pytest.fail(f"JupyterLab exited with {process.returncode}:\n{log.read_text()[-3000:]}")
            try:
                with urllib.request.urlopen(f"{url}/api/status", timeout=2) as answer:
                    if answer.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"JupyterLab did not answer on {url} within {SERVER_START_SECONDS} s:\n"
                            f"{log.read_text()[-3000:]}")
            time.sleep(0.3)
        yield Lab(url, root, process, log)
    finally:
        _stop(process)


def _stop(process: subprocess.Popen) -> None:
    """SIGTERM to the server (it shuts its kernels down), then to its own process group if needed."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)
    try:
        os.killpg(process.pid, signal.SIGKILL)      # kernels left in the server's own session, if any
    except ProcessLookupError:
        pass


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.when == "call":
        item.browser_failed = report.failed


@pytest.fixture
def page(browser, request, shots):
    """A fresh browser page; when its test fails, a full-page screenshot is kept for the post-mortem."""
    context = browser.new_context(viewport={"width": 1500, "height": 1000}, device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(60_000)
    yield page
    if getattr(request.node, "browser_failed", False):
        page.screenshot(path=str(shots / f"browser-failure-{request.node.name}.png"), full_page=True)
    _shut_kernels(page)
    context.close()


_SHUT_KERNELS = """async () => {
  const app = window.jupyterapp;
  if (app) await app.serviceManager.sessions.shutdownAll();
}"""


def _shut_kernels(page) -> None:
    """End every kernel session of the page's JupyterLab (none on other pages): kernels left running
    (a Studio's watcher and analysis threads, a long survey) would take the CPU from later tests."""
    try:
        page.evaluate(_SHUT_KERNELS)
    except Exception as error:                      # a closed or crashed page: nothing to end from it
        print(f"kernels not shut down from the page: {error}")


@pytest.fixture(scope="session")
def shots() -> Path:
    """Where screenshots go: ``reports/`` at the repository root."""
    path = Path(__file__).resolve().parents[2] / "reports"
    path.mkdir(exist_ok=True)
    return path

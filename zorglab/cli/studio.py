"""``zorglab studio [PATH]``: the Level Studio alone as a web page, served by Voilà on 127.0.0.1.

The page is one cell (:func:`app_notebook`: a :class:`zorglab.widgets.studio_app.StudioApp`) written to
a private temporary folder: the level browser beside a Studio on ``PATH`` (a level file inside the
repository; a path not there yet is a new level; none: ``levels/my-level.toml``). Paths are from the
repository root, and the app opens and saves files inside it only.

The page is private to the user who started it (issue 37 item 2): its URL carries a random token
(printed, and opened in the browser), and the server (:mod:`zorglab.cli.studio_server`, a child in
its own process group) refuses another Host than 127.0.0.1/localhost and another site's Origin;
a kernel without its page is shut down after ``--idle-seconds``. Ctrl+C or SIGTERM stops the server
and every kernel (exit 130 / 143); what has not stopped after :data:`STOP_SECONDS` is killed.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import signal
import subprocess
import sys
import tempfile
from pathlib import Path
from types import FrameType
from typing import Any

from zorglab.errors import OptionError

STOP_SECONDS = 3.0          # the server's own stop, before what is left of it is killed
IDLE_SECONDS = 120.0        # a page gone (or never connected) this long: its kernel is shut down
TOKEN_VARIABLE = "ZORGLAB_STUDIO_TOKEN"           # the server's environment: the token
IDLE_VARIABLE = "ZORGLAB_STUDIO_IDLE_SECONDS"     # and --idle-seconds


class Stopped(Exception):
    """A signal asked ``zorglab studio`` to stop: the exit status says which (130 Ctrl+C, 143 SIGTERM)."""

    def __init__(self, code: int):
        super().__init__(code)
        self.code = code


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("studio", help="serve the Level Studio alone as a web page (Voila, 127.0.0.1, with a token)",
                       description="Serve the Level Studio with the level browser beside it as a web page on "
                                   "127.0.0.1, with Voila: no notebook around it. The URL printed (and opened) "
                                   "carries a random token: the page is yours alone. Paths are from the repository "
                                   "root, and only files inside it are opened or saved. Ctrl+C stops it (exit 130; "
                                   "SIGTERM: 143), with every kernel.")
    p.add_argument("path", nargs="?", default=None, metavar="PATH",
                   help="the level file to open, inside the repository (one not there yet is a new level saved to it)")
    p.add_argument("--port", type=int, default=8866, help="the port on 127.0.0.1 (default 8866)")
    p.add_argument("--no-browser", action="store_true", help="do not open a web browser")
    p.add_argument("--idle-seconds", type=float, default=IDLE_SECONDS, metavar="S",
                   help="shut a page's kernel down once no page has been connected to it for S seconds "
                        f"(default {IDLE_SECONDS:g}; the server is on this machine, so a page connected is never cut off)")
    p.set_defaults(run=run)


def app_notebook(path: str | None, start: Path) -> Any:
    """The one-cell notebook Voilà serves: the app on ``path``, its paths from the repository root
    found at or above ``start`` (the kernel itself runs in Voilà's folder)."""
    import nbformat
    source = ("from zorglab.widgets.studio_app import StudioApp\n"
              f"app = StudioApp({path!r}, start={str(start)!r})\n"
              "app")
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source)])
    nb.metadata["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    return nb


# Voilà's lab template links Font Awesome's stylesheets from a web server; the widgets' icons are
# bundled with the page already, so the app's template is the lab one without those lines: no
# request leaves the machine (tests/browser/test_studio_offline_browser.py records every request).
TEMPLATE = "zorglab-offline"
_INDEX = """{%- extends 'lab/index.html.j2' -%}
{%- block notebook_css -%}
{%- for line in super().split('\\n') if 'fontawesome-free' not in line %}
{{ line }}
{%- endfor %}
{%- endblock notebook_css -%}
"""


def offline_template(folder: Path) -> Path:
    """The app's Voilà template (lab without the CDN links) under ``folder``: the data folder
    ``JUPYTER_PATH`` must name for Voilà to find it."""
    template = folder / "data" / "voila" / "templates" / TEMPLATE
    template.mkdir(parents=True, exist_ok=True)
    (template / "conf.json").write_text(json.dumps({"base_template": "lab"}), encoding="utf-8")
    (template / "index.html.j2").write_text(_INDEX, encoding="utf-8")
    return folder / "data"


def command(path: str | None, port: int, open_browser: bool, folder: Path) -> list[str]:
    """The server's command serving the app's notebook, written into ``folder`` with its offline
    template (run it with :func:`server_environment`: the template's folder, the token and the idle
    time go in its environment)."""
    import nbformat
    notebook = folder / "Level Studio.ipynb"
    nbformat.write(app_notebook(path, Path.cwd()), notebook)
    offline_template(folder)
    return [sys.executable, "-m", "zorglab.cli.studio_server", str(notebook), "--Voila.ip=127.0.0.1",
            f"--port={port}", "--Voila.port_retries=0", "--strip_sources=True", "--theme=light",
            f"--template={TEMPLATE}", f"--Voila.root_dir={folder}"] + ([] if open_browser else ["--no-browser"])


def environment(folder: Path) -> dict[str, str]:
    """The environment Voilà runs in: the app's template folder first on ``JUPYTER_PATH``."""
    paths = [str(folder / "data")] + [p for p in os.environ.get("JUPYTER_PATH", "").split(os.pathsep) if p]
    return {**os.environ, "JUPYTER_PATH": os.pathsep.join(paths)}


def server_environment(folder: Path, token: str, idle_seconds: float) -> dict[str, str]:
    """The server's environment: :func:`environment`, with the token and the idle time."""
    return {**environment(folder), TOKEN_VARIABLE: token, IDLE_VARIABLE: repr(idle_seconds)}


def check_path(path: str | None, start: Path) -> None:
    """Refuse a PATH outside the repository (symlinks followed) before any server starts."""
    if path is None:
        return
    from zorglab.level.folders import OutsideRootError, inside_root, project_root
    root = project_root(start)
    given = Path(path).expanduser()
    try:
        inside_root(given if given.is_absolute() else root / given, root)
    except OutsideRootError as error:
        raise OptionError(f"zorglab studio: {error}") from None


def run(args: argparse.Namespace) -> int:
    try:
        import voila  # noqa: F401
    except ImportError:
        raise OptionError("zorglab studio needs Voila: pip install -e '.[lab]' (or pip install voila)") from None
    if args.idle_seconds <= 0:
        raise OptionError(f"--idle-seconds must be more than 0, not {args.idle_seconds:g}")
    check_path(args.path, Path.cwd())
    token = secrets.token_urlsafe(32)
    with tempfile.TemporaryDirectory(prefix="zorglab-studio-") as folder:     # private: mode 0700
        argv = command(args.path, args.port, not args.no_browser, Path(folder))
        print(f"zorglab studio: http://127.0.0.1:{args.port}/?token={token} (yours alone: the token is the key; "
              "Ctrl+C stops it)", flush=True)
        return serve(argv, server_environment(Path(folder), token, args.idle_seconds))


def serve(argv: list[str], env: dict[str, str]) -> int:
    """Run the server until it ends, or until Ctrl+C / SIGTERM: then stop it and every kernel."""
    def stop_on(signum: int, _frame: FrameType | None) -> None:
        raise Stopped(128 + signum)
    before = signal.signal(signal.SIGTERM, stop_on)
    hangup = signal.signal(signal.SIGHUP, stop_on) if hasattr(signal, "SIGHUP") else None   # the terminal closed
    server: subprocess.Popen[bytes] | None = None
    said = ""
    try:
        server = subprocess.Popen(argv, env=env, start_new_session=True)    # its own process group
        return server.wait()
    except KeyboardInterrupt:
        said = "interrupted"
        return 130
    except Stopped as stopped:
        said = "terminated" if stopped.code == 128 + signal.SIGTERM else "hung up"
        return stopped.code
    finally:
        interrupt = signal.signal(signal.SIGINT, signal.SIG_IGN)    # a second signal does not cut the stop short
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        if hangup is not None:
            signal.signal(signal.SIGHUP, signal.SIG_IGN)
        try:
            if server is not None:
                stop(server)
        finally:
            signal.signal(signal.SIGTERM, before)
            signal.signal(signal.SIGINT, interrupt)
            if hangup is not None:
                signal.signal(signal.SIGHUP, hangup)
        if said:
            try:
                print(f"zorglab studio: {said}; the server and every kernel stopped", file=sys.stderr)
            except (OSError, ValueError):      # the terminal is gone (a hang-up)
                pass


def stop(server: subprocess.Popen[bytes]) -> None:
    """Stop the server and every kernel: the kernels (found as the server's descendants before
    anything is signalled: they run in sessions of their own) are killed at once -- they hold
    nothing a save has not written -- the server is asked to stop, and killed with what is left of
    its process group after :data:`STOP_SECONDS`. No orphan."""
    family = _descendants(server.pid) if server.poll() is None else []
    if server.poll() is None:
        _signal_group(server.pid, signal.SIGTERM)
    for process in family:
        try:
            process.kill()
        except Exception:        # ended meanwhile
            pass
    try:
        server.wait(timeout=STOP_SECONDS)
    except subprocess.TimeoutExpired:
        _signal_group(server.pid, signal.SIGKILL)
        server.wait()


def _descendants(pid: int) -> list[Any]:
    """The processes under ``pid`` (psutil ships with the kernels Voila starts; without it, none)."""
    try:
        import psutil
        return list(psutil.Process(pid).children(recursive=True))
    except Exception:            # no psutil, or the server just ended
        return []


def _signal_group(pid: int, signum: int) -> None:
    try:
        os.killpg(pid, signum)
    except (ProcessLookupError, PermissionError):
        pass

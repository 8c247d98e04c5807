"""The Voilà server ``zorglab studio`` runs as its child: the app private to the user who started it
(issue 37 item 2).

``python -m zorglab.cli.studio_server NOTEBOOK [voila options]`` is Voilà with four guards:

- **a token**: the secret comes in the environment (``ZORGLAB_STUDIO_TOKEN``, never on a command
  line other users can read with ``ps``) and is taken out of it before any kernel starts; a
  request without it (``?token=...`` once, then the login cookie) is refused;
- **only this machine's names**: a request whose ``Host`` is not ``127.0.0.1:PORT`` or
  ``localhost:PORT`` (DNS rebinding), or whose ``Origin`` is another site's (a foreign page's
  fetch or kernel websocket), is refused with 403 before any handler runs
  (:class:`ForeignRequest`), the token notwithstanding; jupyter_server's own host check is on too
  (``allow_remote_access`` off);
- **no kernel without its page**: Voilà's page shuts its kernel down when it closes (the page
  handler sets the ``_xsrf`` cookie that call needs, else refused with the token on); a kernel
  with no page connected and not running a cell for ``ZORGLAB_STUDIO_IDLE_SECONDS`` (default
  :data:`IDLE_SECONDS`) is shut down, however much it still sends (a kernel left sending to no one
  is what grew the server's memory); the server's culler is a second net behind;
- **a quick stop**: SIGTERM or Ctrl+C kills every kernel at once (no polite five-second wait),
  and the server ends when ``zorglab studio`` itself dies (Linux: ``PR_SET_PDEATHSIG``).
"""

from __future__ import annotations

import asyncio
import ctypes
import html
import os
import signal
import sys
import tempfile
import threading
import time
import webbrowser
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from jupyter_core.utils import run_sync
from jupyter_server.log import log_request
from tornado.httputil import HTTPServerRequest
from tornado.ioloop import IOLoop, PeriodicCallback
from tornado.iostream import StreamClosedError
from tornado.routing import Matcher, Rule
from tornado.web import RequestHandler
from tornado.websocket import WebSocketClosedError
from voila.app import Voila

from zorglab.cli.studio import IDLE_SECONDS, IDLE_VARIABLE, TOKEN_VARIABLE



def allowed_hosts(port: int) -> frozenset[str]:
    """The ``Host`` values a request to the app may carry: this machine's names with the port."""
    return frozenset({f"127.0.0.1:{port}", f"localhost:{port}"})


def refusal(host: str | None, origin: str | None, port: int) -> str:
    """Why a request with these headers is refused ("" when it is not): a ``Host`` other than this
    machine's (DNS rebinding), or an ``Origin`` that is another site (the app's own pages send
    theirs, or none)."""
    hosts = allowed_hosts(port)
    if (host or "").lower() not in hosts:
        return f"Host {host!r} is not this machine's ({', '.join(sorted(hosts))})"
    if origin is not None:
        parsed = urlparse(origin.lower())
        if parsed.scheme != "http" or parsed.netloc not in hosts:
            return f"Origin {origin!r} is another site: the Level Studio answers only its own pages"
    return ""


class ForeignRequest(Matcher):
    """Matches every request :func:`refusal` refuses (checked before any of Voilà's handlers), the
    reason kept on the request for :class:`Refused`."""

    def __init__(self, port: int):
        self.port = port

    def match(self, request: HTTPServerRequest) -> dict[str, Any] | None:
        why = refusal(request.headers.get("Host"), request.headers.get("Origin"), self.port)
        if not why:
            return None
        request.zorglab_refusal = why           # type: ignore[attr-defined]
        return {}


class Refused(RequestHandler):
    """403 with the reason, for a page, an API call or a websocket handshake alike."""

    def prepare(self) -> None:
        self.set_status(403)
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.finish(f"refused: {getattr(self.request, 'zorglab_refusal', 'not this machine')}\n")


class StudioServer(Voila):        # type: ignore[misc]   # voila is untyped
    """Voilà with the token, the host and origin guards, the kernel reaper and the quick stop."""

    def initialize(self, argv: Any = None) -> None:
        super().initialize(argv)
        self.token = os.environ.pop(TOKEN_VARIABLE, "")           # kernels do not inherit the secret
        if not self.token:
            self.log.critical("zorglab studio server: no token in %s; refusing to serve without one", TOKEN_VARIABLE)
            self.exit(2)
        self.idle_seconds = float(os.environ.pop(IDLE_VARIABLE, "") or IDLE_SECONDS)
        self.quiet_since: dict[str, float] = {}
        cull = self.config.MappingKernelManager          # the server's culler: a second net, after the reaper
        cull.cull_idle_timeout = max(2, int(2 * self.idle_seconds))
        cull.cull_interval = max(1, int(self.idle_seconds))
        cull.cull_connected = False
        cull.cull_busy = False
        _die_with_parent()

    def init_settings(self) -> dict[str, Any]:
        settings: dict[str, Any] = super().init_settings()
        settings["allow_remote_access"] = False          # jupyter_server's own Host check
        settings["local_hostnames"] = ["localhost"]
        settings["log_function"] = log_request           # the token scrubbed from the request log
        return settings

    def init_handlers(self) -> list[Any]:
        handlers: list[Any] = [(rule[0], _page_handler(rule[1]), *rule[2:]) for rule in super().init_handlers()]
        # before every host rule Voilà adds next (add_handlers inserts them ahead of the wildcard)
        self.app.default_router.rules.insert(0, Rule(ForeignRequest(self.port), Refused))
        every = max(0.2, min(5.0, self.idle_seconds / 4))
        self.reaper = PeriodicCallback(self.reap, every * 1000)
        self.reaper.start()
        IOLoop.current().add_callback(lambda: asyncio.get_running_loop().set_exception_handler(closed_page))
        return handlers

    async def reap(self) -> None:
        """Shut down every kernel no page has been connected to, nor running a cell, for ``idle_seconds``."""
        manager = self.kernel_manager
        now = time.monotonic()
        for kernel_id in list(manager.list_kernel_ids()):
            try:
                model = manager.kernel_model(kernel_id)
            except Exception:                     # gone meanwhile
                self.quiet_since.pop(kernel_id, None)
                continue
            if model.get("connections", 0) or model.get("execution_state") in ("busy", "starting"):
                self.quiet_since.pop(kernel_id, None)
                continue
            since = self.quiet_since.setdefault(kernel_id, now)
            if now - since >= self.idle_seconds:
                self.log.info("zorglab studio: kernel %s has had no page for %.0f s: shut down", kernel_id, now - since)
                self.quiet_since.pop(kernel_id, None)
                try:
                    await manager.shutdown_kernel(kernel_id, now=True)
                except Exception as error:        # already gone
                    self.log.info("zorglab studio: kernel %s: %s", kernel_id, error)
        for kernel_id in set(self.quiet_since) - set(manager.list_kernel_ids()):
            self.quiet_since.pop(kernel_id, None)

    def stop(self) -> None:
        """Every kernel killed at once, then the connection files removed."""
        try:
            run_sync(self.kernel_manager.shutdown_all)(now=True)
        finally:
            import shutil
            shutil.rmtree(self.connection_dir, ignore_errors=True)

    def launch_browser(self) -> None:
        """Open the page with its token through a private file (no token on a command line)."""
        try:
            browser = webbrowser.get(self.browser or None)
        except webbrowser.Error as error:
            self.log.warning("No web browser found: %s.", error)
            return
        url = f"http://127.0.0.1:{self.port}/?token={self.token}"
        descriptor, name = tempfile.mkstemp(suffix=".html", prefix="zorglab-studio-", dir=self.root_dir)
        with os.fdopen(descriptor, "w", encoding="utf-8") as page:
            shown = html.escape(url, quote=True)
            page.write(f'<!doctype html><meta http-equiv="refresh" content="0;url={shown}">'
                       f'<a href="{shown}">open the Level Studio</a>\n')
        threading.Thread(target=lambda: browser.open(Path(name).as_uri(), new=2), daemon=True).start()


def closed_page(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    """The server loop's exception handler: a page that went away while the server was writing to
    its websocket (tornado's ``WebSocketClosedError`` or ``StreamClosedError`` in a future no one
    awaits) is how pages end, not a fault, so it is dropped; asyncio printed it with its traceback
    (a page closed at the wrong moment put a traceback in ``zorglab studio``'s output). Anything else
    goes to asyncio's own handler."""
    if isinstance(context.get("exception"), (WebSocketClosedError, StreamClosedError)):
        return
    loop.default_exception_handler(context)


def _page_handler(handler: Any) -> Any:
    """Voilà's page handler, setting the ``_xsrf`` cookie the page's closing call reads: the page
    sends it back when it closes (``/voila/api/shutdown/KERNEL``), and with the token on, a close
    without it is refused (403) and the kernel would wait for the idle reaper."""
    from voila.tornado.handler import TornadoVoilaHandler
    if handler is not TornadoVoilaHandler:
        return handler

    class PageSettingTheXsrfCookie(TornadoVoilaHandler):     # type: ignore[misc]
        async def prepare(self) -> None:
            await super().prepare()
            if self.current_user is not None:
                self.xsrf_token               # sets the cookie

    return PageSettingTheXsrfCookie


def _die_with_parent() -> None:
    """Linux: this server gets SIGTERM when ``zorglab studio`` dies, even by SIGKILL (no orphan)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGTERM, 0, 0, 0)        # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        return
    if os.getppid() == 1:                              # the parent died before the call
        os.kill(os.getpid(), signal.SIGTERM)


def main() -> None:
    StudioServer.launch_instance()


if __name__ == "__main__":
    main()

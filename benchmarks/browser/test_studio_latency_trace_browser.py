"""A diagnostic, not a figure: the latency bench's edits traced hop by hop (docs/performance.md,
"Session 15"). Skipped unless ``ZORGLAB_STUDIO_TRACE`` names a folder; then it runs the four levels'
edits of ``test_studio_latency_browser.py`` (``ZORGLAB_STUDIO_TRACE_LEVELS``: some of them, comma
separated) and writes there ``trace-all.txt``: one timeline, in milliseconds from each edit's
``fill``, of the kernel (``K:`` the comm message handled, ``request``, ``summarise`` started, its
verdicts handed over, every widget message sent, ``summarise`` ended), the Jupyter server
(``K:srv-…``: each kernel message in from ZMQ and out to the websocket), the page (``ws-in``/
``ws-out``, ``dom``: the panel's text, ``page-stall``: the main thread held over 100 ms) and this
harness, with each process's CPU seconds per edit. One clock for all: the system's wall clock
(``time.time``, ``Date.now``). The kernel and the server are traced by wrapping a few of
ipywidgets' and jupyter_server's methods in the traced processes only (a notebook cell run first; a
``jupyter_server_config.py``). Run it with ``-m browser -s``; it asserts nothing about speed.
"""

from __future__ import annotations

import glob
import json
import os
import time
from pathlib import Path

import pytest

from labkit import NotebookPage, wait_for
from zorglab_browser_fixtures import running_lab
from test_studio_latency_browser import IN_PAGE, WATCH, settled
from test_studio_latency_browser import write_notebook as latency_notebook

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not os.environ.get("ZORGLAB_STUDIO_TRACE"),
                                 reason="a diagnostic: set ZORGLAB_STUDIO_TRACE to a folder to run it")]

LEVELS = tuple(os.environ.get("ZORGLAB_STUDIO_TRACE_LEVELS", "app-01-first-blood.toml,spl-09-spellbook-exam.toml,"
                              "arc-01-tuning-fork.toml,gnt-23-every-spell-in-its-place.toml").split(","))
NEW_VALUES = (1, 2, 4, 5)


def out_folder() -> Path:
    folder = Path(os.environ["ZORGLAB_STUDIO_TRACE"]).resolve()
    folder.mkdir(parents=True, exist_ok=True)
    return folder


TRACER = r'''
import json, threading, time
import ipywidgets.widgets.widget as _ww
from zorglab.widgets import studio_panel as _sp
from zorglab.widgets.live import summary as _sm
_T = open(%r, 'a')
def _log(*what):
    _T.write(json.dumps([time.time(), threading.current_thread().name, *what], default=str) + "\n"); _T.flush()
_orig_sum = _sm.summarise
def _summarise(level, layout=None, **kw):
    cancel = kw.get('cancel'); ov = kw.get('on_verdict')
    _log('summarise-start', getattr(level, 'heroes', None) and str(level.heroes[0]))
    t = time.process_time()
    if ov is not None:
        def ov2(p, ov=ov):
            _log('verdict', str(p.layout_verdict), round(time.process_time() - t, 4), cancel.is_set() if cancel else None)
            ov(p)
            _log('verdict-shown')
        kw['on_verdict'] = ov2
    lv = kw.get('on_layout_verdict')
    if lv is not None:
        def lv2(p, lv=lv):
            _log('first-verdict', str(p.layout_verdict), round(time.process_time() - t, 4))
            lv(p)
            _log('first-verdict-shown')
        kw['on_layout_verdict'] = lv2
    s = _orig_sum(level, layout, **kw)
    _log('summarise-end', str(s.layout_verdict), s.cancelled, round(time.process_time() - t, 4))
    return s
_sm.summarise = _summarise
_orig_req = _sp.AnalysisPanel.request
def _request(self, *a, **k):
    g = _orig_req(self, *a, **k); _log('request', g); return g
_sp.AnalysisPanel.request = _request
_orig_send = _ww.Widget._send
def _send(self, msg, buffers=None):
    st = msg.get('state') or {}
    v = st.get('value')
    _log('send', type(self).__name__, msg.get('method'), sorted(st)[:4], (v[:50] if isinstance(v, str) else None))
    return _orig_send(self, msg, buffers)
_ww.Widget._send = _send
_orig_handle = _ww.Widget._handle_msg
def _handle(self, msg):
    data = msg['content']['data']; st = data.get('state') or {}
    _log('recv', type(self).__name__, data.get('method'), sorted(st)[:4])
    r = _orig_handle(self, msg)
    _log('recv-done', type(self).__name__)
    return r
_ww.Widget._handle_msg = _handle
'''

INIT = r'''
window.__trace = [];
const Orig = window.WebSocket;
window.WebSocket = function(url, protocols) {
  const ws = protocols === undefined ? new Orig(url) : new Orig(url, protocols);
  const dec = new TextDecoder();
  const snip = (d) => { try { const s = typeof d === 'string' ? d : dec.decode(d); 
      const keys = ['analysing', 'still computing', 'this layout', 'trying every', '"comm_msg"', '"status"'];
      return keys.filter(k => s.includes(k)).join('|') + ' ' + s.length; } catch (e) { return 'blob'; } };
  ws.addEventListener('message', (e) => { window.__trace.push([Date.now() / 1000, 'ws-in', snip(e.data)]); });
  const send = ws.send.bind(ws);
  ws.send = (d) => { window.__trace.push([Date.now() / 1000, 'ws-out', snip(d)]); return send(d); };
  return ws;
};
window.WebSocket.prototype = Orig.prototype;
Object.assign(window.WebSocket, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
'''

OBSERVE = r'''(sel) => {
  const el = document.querySelector(sel + ' .zorglab-analysis');
  const obs = new MutationObserver(() => window.__trace.push([Date.now() / 1000, 'dom', el.innerText.slice(0, 120).replace(/\n/g, ' / ')]));
  obs.observe(el, {subtree: true, childList: true, characterData: true});
  let last = performance.now();
  setInterval(() => { const now = performance.now(); if (now - last > 100) window.__trace.push([Date.now() / 1000, 'page-stall', Math.round(now - last)]); last = now; }, 20);
}'''


SERVER_HOOK = r"""
import json, time
from jupyter_server.services.kernels.connection import channels as _ch
_LOG = open(%r, 'a')
def _log(*what):
    _LOG.write(json.dumps([time.time(), *what], default=str) + "\n"); _LOG.flush()
_orig_out = _ch.ZMQChannelsWebsocketConnection.handle_outgoing_message
def _out(self, stream, msg):
    try:
        snip = b''.join(bytes(m) for m in msg[-3:])[:4000]
        keys = [k for k in (b'analysing', b'still computing', b'this layout', b'comm_msg', b'"status"') if k in snip]
        _log('srv-zmq-in', stream, [k.decode() for k in keys])
    except Exception as e:
        _log('srv-err', str(e))
    r = _orig_out(self, stream, msg)
    _log('srv-ws-out', stream)
    return r
_ch.ZMQChannelsWebsocketConnection.handle_outgoing_message = _out
_orig_in = _ch.ZMQChannelsWebsocketConnection.handle_incoming_message
def _in(self, m):
    _log('srv-ws-in', len(m))
    return _orig_in(self, m)
_ch.ZMQChannelsWebsocketConnection.handle_incoming_message = _in
"""


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """The browser tests' JupyterLab, its server traced (``jupyter_server_config.py``)."""
    with running_lab(tmp_path_factory.mktemp("lab"), SERVER_HOOK % str(out_folder() / "server.jsonl")) as running:
        yield running


def cpu_of():
    """CPU seconds so far of the lab server, kernels, chromium, this process, the driver (by pid)."""
    out = {}
    for stat in glob.glob("/proc/[0-9]*/stat"):
        try:
            pid = stat.split("/")[2]
            cmd = open(f"/proc/{pid}/cmdline", "rb").read().replace(b"\0", b" ")
            name = None
            if b"ipykernel_launcher" in cmd: name = "kernel"
            elif b"-m jupyterlab" in cmd: name = "server"
            elif b"--type=renderer" in cmd: name = "renderer"
            elif b"chromium" in cmd and b"--type=" not in cmd: name = "chromium"
            elif b"--type=gpu" in cmd: name = "gpu"
            elif b"playwright" in cmd and b"driver" in cmd: name = "driver"
            elif int(pid) == os.getpid(): name = "pytest"
            if name:
                f = open(stat).read().rsplit(")", 1)[1].split()
                out[name] = out.get(name, 0) + (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, ValueError):
            pass
    return out


def write_notebook(root, level):
    return latency_notebook(root, level, first=TRACER % str(out_folder() / "kernel.jsonl"), kind="trace")


def test_trace_the_latency_benchs_edits(lab, page):
    page.add_init_script(INIT)
    page.set_viewport_size({"width": 1366, "height": 768})
    events = []
    for level in LEVELS:
        nb = NotebookPage(page, lab.url, write_notebook(lab.root, level))
        nb.run_all()
        cell = nb.cell("Studio(", "studio" + level[:3])
        at = lambda selector, cell=cell: page.locator(f"{cell} {selector}")       # noqa: E731
        wait_for(f"{level} analysed", lambda: settled(at), timeout=300)
        page.evaluate(OBSERVE, cell)
        page.evaluate(WATCH, [cell])
        c0 = cpu_of()
        time.sleep(3)                                    # the page idle: what each process spends
        c1 = cpu_of()
        events.append([time.time(), "idle-cpu-3s", {k: round(c1.get(k, 0) - c0.get(k, 0), 2) for k in c1}])
        t_end = time.time() + 3
        while time.time() < t_end:                       # and while this harness polls as the bench does
            settled(at)
            time.sleep(0.01)
        c2 = cpu_of()
        events.append([time.time(), "poll-cpu-3s", {k: round(c2.get(k, 0) - c1.get(k, 0), 2) for k in c1}])
        hero = at(".zorglab-rows-heroes .zorglab-entry input").first
        original = hero.input_value()
        for value in NEW_VALUES:
            new = original.replace("(", f"({value}", 1)
            start = time.time()
            cpu0 = cpu_of()
            events.append([start, "test-fill", level[:6], new])
            hero.fill(new)
            events.append([time.time(), "test-filled"])
            shown, painted = wait_for("the verdict painted, timed in the page", lambda: page.evaluate(IN_PAGE),
                                      timeout=300, every=0.01)
            events.append([time.time(), "test-saw-verdict", round(time.time() - start, 3),
                           f"(in the page: shown {shown:.0f} ms, painted {painted:.0f} ms after the input event)"])
            wait_for("settled", lambda: settled(at), timeout=300, every=0.02)
            events.append([time.time(), "test-saw-settled", round(time.time() - start, 3)])
            cpu1 = cpu_of()
            events.append([time.time(), "cpu", {k: round(cpu1.get(k, 0) - cpu0.get(k, 0), 2) for k in cpu1}, os.getloadavg()[0]])
        events += [list(e) for e in page.evaluate("() => window.__trace.splice(0)")]
        page.screenshot(path=str(out_folder() / f"{level[:6]}.png"))
        page.evaluate("async () => { await window.jupyterapp.serviceManager.sessions.shutdownAll(); }")
    kernel = [json.loads(line) for line in open(out_folder() / "kernel.jsonl")]
    kernel += [[e[0], "server", *e[1:]] for e in (json.loads(line) for line in open(out_folder() / "server.jsonl"))]
    allev = sorted(events + [[e[0], "K:" + e[2], *e[3:]] for e in kernel], key=lambda e: e[0])
    with open(out_folder() / "trace-all.txt", "w") as f:
        t0 = None
        for e in allev:
            if e[1] == "test-fill":
                t0 = e[0]
            f.write(f"{(e[0] - t0) * 1000 if t0 else 0:9.1f} {e[1]} {' '.join(map(str, e[2:]))}\n")
    print(f"\nload average {os.getloadavg()}; the timeline: {out_folder() / 'trace-all.txt'}")
    for e in allev:
        if e[1] in ("idle-cpu-3s", "poll-cpu-3s", "test-fill", "test-saw-verdict", "test-saw-settled", "cpu"):
            print(*e[1:])

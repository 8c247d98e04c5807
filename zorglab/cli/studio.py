"""``zorglab studio [PATH]``: the Level Studio alone as a web page, served by Voilà on 127.0.0.1.

The page is one cell (:func:`app_notebook`: a :class:`zorglab.widgets.studio_app.StudioApp`) written to
a temporary folder: the level browser beside a Studio on ``PATH`` (a level file; a path not there yet is a new
level; none: ``levels/my-level.toml``). Paths are from the repository root. Ctrl+C stops the server.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from zorglab.errors import OptionError


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("studio", help="serve the Level Studio alone as a web page (Voila, 127.0.0.1)",
                       description="Serve the Level Studio with the level browser beside it as a web page on "
                                   "127.0.0.1, with Voila: no notebook around it. Paths are from the repository "
                                   "root. Ctrl+C stops it.")
    p.add_argument("path", nargs="?", default=None, metavar="PATH",
                   help="the level file to open (one not there yet is a new level saved to it)")
    p.add_argument("--port", type=int, default=8866, help="the port on 127.0.0.1 (default 8866)")
    p.add_argument("--no-browser", action="store_true", help="do not open a web browser")
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
    """The Voilà command serving the app's notebook, written into ``folder`` (with its offline template:
    run it with :func:`environment`)."""
    import nbformat
    notebook = folder / "Level Studio.ipynb"
    nbformat.write(app_notebook(path, Path.cwd()), notebook)
    offline_template(folder)
    return [sys.executable, "-m", "voila", str(notebook), "--Voila.ip=127.0.0.1", f"--port={port}",
            "--Voila.port_retries=0", "--strip_sources=True", "--theme=light", f"--template={TEMPLATE}",
            f"--Voila.root_dir={folder}"] + ([] if open_browser else ["--no-browser"])


def environment(folder: Path) -> dict[str, str]:
    """The environment Voilà runs in: the app's template folder first on ``JUPYTER_PATH``."""
    paths = [str(folder / "data")] + [p for p in os.environ.get("JUPYTER_PATH", "").split(os.pathsep) if p]
    return {**os.environ, "JUPYTER_PATH": os.pathsep.join(paths)}


def run(args: argparse.Namespace) -> int:
    try:
        import voila  # noqa: F401
    except ImportError:
        raise OptionError("zorglab studio needs Voila: pip install -e '.[lab]' (or pip install voila)") from None
    with tempfile.TemporaryDirectory(prefix="zorglab-studio-") as folder:
        argv = command(args.path, args.port, not args.no_browser, Path(folder))
        print(f"zorglab studio: http://127.0.0.1:{args.port}/ (Ctrl+C stops it)", flush=True)
        try:
            return subprocess.call(argv, env=environment(Path(folder)))
        except KeyboardInterrupt:
            return 130

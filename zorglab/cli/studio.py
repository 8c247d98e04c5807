"""``zorglab studio [PATH]``: the Level Studio alone as a web page, served by Voilà on 127.0.0.1.

The page is one cell (:func:`zorglab.widgets.studio_app.app_notebook`) written to a temporary
folder: the level browser beside a Studio on ``PATH`` (a level file; a path not there yet is a new
level; none: ``levels/my-level.toml``). Paths are from the repository root. Ctrl+C stops the server.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

from zorglab.errors import OptionError


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("studio", help="serve the Level Studio alone as a web page (Voila, 127.0.0.1)",
                       description="Serve the Level Studio with the level browser beside it as a web page on "
                                   "127.0.0.1, with Voila: no notebook around it. Paths are from the repository "
                                   "root. Ctrl+C stops it.")
    p.add_argument("path", nargs="?", default=None, metavar="PATH",
                   help="the level file to open (one not there yet is a new level saved to it)")
    p.add_argument("--port", type=int, default=8866, help="the port on 127.0.0.1 (default 8866)")
    p.add_argument("--no-browser", action="store_true", help="do not open a web browser")
    p.set_defaults(run=run)


def command(path: str | None, port: int, open_browser: bool, folder: Path) -> list[str]:
    """The Voilà command serving the app's notebook, written into ``folder``."""
    import nbformat

    from zorglab.widgets.studio_app import app_notebook
    from zorglab.widgets.studio_paths import project_root
    notebook = folder / "Level Studio.ipynb"
    nbformat.write(app_notebook(path, project_root()), notebook)
    return [sys.executable, "-m", "voila", str(notebook), "--Voila.ip=127.0.0.1", f"--port={port}",
            "--Voila.port_retries=0", "--strip_sources=True", "--theme=light",
            f"--Voila.root_dir={folder}"] + ([] if open_browser else ["--no-browser"])


def run(args: argparse.Namespace) -> int:
    try:
        import voila  # noqa: F401
    except ImportError:
        raise OptionError("zorglab studio needs Voila: pip install -e '.[lab]' (or pip install voila)") from None
    with tempfile.TemporaryDirectory(prefix="zorglab-studio-") as folder:
        argv = command(args.path, args.port, not args.no_browser, Path(folder))
        print(f"zorglab studio: http://127.0.0.1:{args.port}/ (Ctrl+C stops it)", flush=True)
        try:
            return subprocess.call(argv)
        except KeyboardInterrupt:
            return 130

"""nbval runs (``pytest --nbval-lax notebooks/``) leave the user's Jupyter and IPython folders alone.

Kernels started by nbval inherit this environment: ``IPYTHONDIR``, ``JUPYTER_CONFIG_DIR``,
``JUPYTER_DATA_DIR`` and ``JUPYTER_RUNTIME_DIR`` point at one temporary folder for the session,
removed at the end. ``MPLBACKEND`` is dropped so ``%matplotlib inline`` decides where figures go.
"""

from __future__ import annotations

import os
import shutil
import tempfile

_ISOLATED = ("IPYTHONDIR", "JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR")
_saved: dict[str, str | None] = {}
_base: str | None = None


def pytest_configure(config) -> None:
    global _base
    if _base is not None:
        return
    _base = tempfile.mkdtemp(prefix="zorglab-nbval-")
    for name in _ISOLATED + ("MPLBACKEND",):
        _saved[name] = os.environ.get(name)
    for name in _ISOLATED:
        path = os.path.join(_base, name.lower())
        os.makedirs(path)
        os.environ[name] = path
    os.environ.pop("MPLBACKEND", None)


def pytest_unconfigure(config) -> None:
    global _base
    if _base is None:
        return
    for name, value in _saved.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value
    shutil.rmtree(_base, ignore_errors=True)
    _base = None

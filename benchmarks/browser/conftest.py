"""The real-browser fixtures of ``tests/browser`` (a JupyterLab server, Chromium, a page), for the
browser benchmarks: keystroke to final panel is a figure measured by ``make bench``, not a test of
``make test`` (the brief: speed is measured in benchmarks, never in timed unit tests)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

BROWSER_TESTS = Path(__file__).resolve().parents[2] / "tests" / "browser"
sys.path.insert(0, str(BROWSER_TESTS))          # labkit, the notebook page the tests drive

_spec = importlib.util.spec_from_file_location("zorglab_browser_fixtures", BROWSER_TESTS / "conftest.py")
assert _spec is not None and _spec.loader is not None
_fixtures = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = _fixtures
_spec.loader.exec_module(_fixtures)

lab = _fixtures.lab
running_lab = _fixtures.running_lab        # a diagnostic's own JupyterLab (its server hooked)
browser = _fixtures.browser
page = _fixtures.page
shots = _fixtures.shots
pytest_collection_modifyitems = _fixtures.pytest_collection_modifyitems
pytest_runtest_makereport = _fixtures.pytest_runtest_makereport

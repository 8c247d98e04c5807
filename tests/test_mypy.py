"""Issue 15 item 8: mypy over the whole package reports no error (settings: pyproject's [tool.mypy])."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

api = pytest.importorskip("mypy.api")


def test_the_whole_package_type_checks_clean(monkeypatch):
    monkeypatch.chdir(ROOT)             # pyproject.toml's settings and the cache beside it (ignored by git)
    out, err, status = api.run(["zorglab"])
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert status == 0 and not errors, "mypy zorglab:\n" + (out + err).strip()

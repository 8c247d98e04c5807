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


def test_the_strict_options_stay_on():
    """Issue 29 item 4: untyped bodies checked, no bare generics, no implicit re-exports."""
    import tomllib
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert {name: settings.get(name) for name in ("check_untyped_defs", "disallow_any_generics",
                                                  "no_implicit_reexport")} == dict.fromkeys(
        ("check_untyped_defs", "disallow_any_generics", "no_implicit_reexport"), True)

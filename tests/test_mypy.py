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


def test_the_engine_type_checks_strict(monkeypatch):
    """Issue 40: every hook of the engine typed (``mypy --strict zorglab/engine``): what a designer
    overrides says what it is given (a ``Resolution``, a ``HeroScratch``), never ``Any``."""
    monkeypatch.chdir(ROOT)
    out, err, status = api.run(["--strict", "zorglab/engine"])
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert status == 0 and not errors, "mypy --strict zorglab/engine:\n" + (out + err).strip()


def test_a_designers_module_sees_the_typed_bases(monkeypatch):
    """A designer's own types, outside the package, check strict: ``from zorglab import
    SpellBehaviour`` is the class, not ``Any`` through the lazy ``__getattr__`` (the package's
    ``TYPE_CHECKING`` imports), and the package says it is typed (``py.typed``, shipped)."""
    monkeypatch.chdir(ROOT)
    modules = ["tests/extension/hex.py", "tests/extension/freeze.py", "tests/extension/nest.py"]
    out, err, status = api.run(["--strict", "--follow-imports=silent", *modules])
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert status == 0 and not errors, "mypy --strict on the designer's modules:\n" + (out + err).strip()
    assert (ROOT / "zorglab" / "py.typed").exists()
    import tomllib
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "py.typed" in data["tool"]["setuptools"]["package-data"]["zorglab"]


def test_every_public_name_is_typed_for_a_type_checker():
    """Each name ``zorglab.__getattr__`` serves lazily is imported, from the same module, in the
    package's ``if TYPE_CHECKING:`` block, so a type checker sees its type."""
    import ast

    import zorglab

    tree = ast.parse((ROOT / "zorglab" / "__init__.py").read_text(encoding="utf-8"))
    block = next(node for node in tree.body if isinstance(node, ast.If)
                 and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING")
    typed = {alias.asname: node.module for node in block.body if isinstance(node, ast.ImportFrom)
             for alias in node.names if alias.asname == alias.name}
    assert typed == zorglab._EXPORTS

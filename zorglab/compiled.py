"""The compiled hot path: the engine's transition modules and the search, built with mypyc.

The same Python source is compiled to C (``make native``, which calls :func:`build`);
nothing in the rules is written twice. Compiled modules sit beside their sources as extension
modules, which Python imports in preference to the ``.py`` files, so a guard decides at
``import zorglab`` whether they may be used:

- ``ZORGLAB_PURE=1`` in the environment: never (for profiling line by line, and to test that
  both builds agree);
- a source changed since the build (its digest differs from the one stored with the build):
  never, with one warning saying to rebuild: a stale build would run old rules.

The modules form one group sharing one native library, so it is all of them or none of them.
This module itself is never compiled.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sys
import warnings
from pathlib import Path
from typing import Any

PACKAGE = Path(__file__).resolve().parent
MODULES = (
    "zorglab.engine.state",
    "zorglab.engine.resolve",
    "zorglab.engine.casting",
    "zorglab.engine.turns",
    "zorglab.engine.planner",
    "zorglab.engine.world",
    "zorglab.search.casts",
    "zorglab.search.solver",
)
# The compiled code also bakes in the types of what it imports: a build is current only while these
# (the packages the modules import from, the modules included) are unchanged.
READS = ("core", "engine", "search", "level", "errors.py")
GROUP = "zorglab.compiled"                  # mypyc names the shared library GROUP + "__mypyc"
STAMP = PACKAGE / "compiled.stamp"          # the sources' digest at build time
_active = False
_reason = "not built (run `make native`)"


def source_path(module: str) -> Path:
    return PACKAGE.parent.joinpath(*module.split(".")).with_suffix(".py")


def read_sources() -> list[Path]:
    """Every source a build depends on: the compiled modules and what they read types from."""
    found: list[Path] = []
    for name in READS:
        path = PACKAGE / name
        found += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return found


def source_digest() -> str:
    """One digest over every source a build depends on, in a fixed order."""
    import hashlib      # only a build is digested: `import zorglab` without one stays cheap

    digest = hashlib.sha256()
    for path in read_sources():
        digest.update(str(path.relative_to(PACKAGE)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def built_files() -> list[Path]:
    """The extension modules a build left in the source tree (shims and the shared library)."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    found = [p for p in PACKAGE.glob("compiled__mypyc*") if p.name.endswith(suffixes)]
    for module in MODULES:
        path = source_path(module)
        found += [p for p in path.parent.glob(path.stem + ".*") if p.name.endswith(suffixes)]
    return found


def status() -> dict[str, Any]:
    """Whether this process runs the compiled modules, and why (or why not)."""
    return {"active": _active, "reason": _reason, "modules": list(MODULES)}


class _SourceFirst:
    """A meta-path finder that serves the compiled modules from their ``.py`` sources."""

    @staticmethod
    def find_spec(name: str, path: Any = None, target: Any = None) -> Any:
        if name not in MODULES:
            return None
        return importlib.util.spec_from_file_location(name, source_path(name))


def decide(built: bool, pure: bool, stamp: str | None, digest: str) -> tuple[bool, str]:
    """Whether the compiled modules may run, and why (or why not)."""
    if not built:
        return False, "not built (run `make native`)"
    if pure:
        return False, "ZORGLAB_PURE is set"
    if stamp is None or stamp.strip() != digest:
        return False, "sources changed since the build: run `make native` again"
    return True, "built from the current sources"


def guard() -> None:
    """Decide, once per process before any compiled module loads, which build runs."""
    global _active, _reason
    built = bool(built_files())
    pure = bool(os.environ.get("ZORGLAB_PURE"))
    stamp = STAMP.read_text() if built and STAMP.exists() else None
    _active, _reason = decide(built, pure, stamp, source_digest() if built and not pure else "")
    if _active or not built:
        return
    if not pure:
        warnings.warn(f"zorglab: compiled engine not used, {_reason}; running the Python sources",
                      RuntimeWarning, stacklevel=3)
    if not any(isinstance(f, _SourceFirst) for f in sys.meta_path):
        sys.meta_path.insert(0, _SourceFirst())


def build() -> None:
    """Compile MODULES in place with mypyc and store the sources' digest (needs mypy and a C compiler)."""
    import tempfile

    from mypyc.build import mypycify
    from setuptools import Distribution

    root = PACKAGE.parent
    if not (root / "pyproject.toml").exists():
        raise RuntimeError(f"build works in a source checkout; no pyproject.toml beside {PACKAGE}")
    for old in built_files():
        old.unlink()
    STAMP.unlink(missing_ok=True)
    digest = source_digest()
    cwd = os.getcwd()
    with tempfile.TemporaryDirectory(prefix="zorglab-native-") as work:
        os.chdir(root)
        try:
            paths = [str(source_path(m).relative_to(root)) for m in MODULES]
            extensions = mypycify(["--config-file", "pyproject.toml", *paths],
                                  group_name=GROUP, target_dir=os.path.join(work, "c"))
            dist = Distribution({"name": "zorglab-native", "ext_modules": extensions})
            command = dist.get_command_obj("build_ext")
            command.inplace = True
            command.build_temp = os.path.join(work, "temp")
            dist.run_command("build_ext")
        finally:
            os.chdir(cwd)
    if source_digest() != digest:
        raise RuntimeError("the sources changed while compiling; run the build again")
    STAMP.write_text(digest + "\n")


def main(argv: list[str] | None = None) -> int:
    """``build`` | ``status`` | ``clean`` (the Makefile's ``native`` target runs ``build``)."""
    args = sys.argv[1:] if argv is None else argv
    if args == ["build"]:
        build()
        print(f"compiled {len(MODULES)} modules with mypyc: " + ", ".join(MODULES))
        return 0
    if args in ([], ["status"]):
        print(f"compiled engine {'in use' if _active else 'not in use'}: {_reason}")
        return 0
    if args == ["clean"]:
        for old in built_files():
            old.unlink()
        STAMP.unlink(missing_ok=True)
        return 0
    print("usage: main([build|status|clean])", file=sys.stderr)
    return 2

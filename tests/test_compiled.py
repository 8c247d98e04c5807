"""The compiled hot path (zorglab.compiled): used only when current, and the same answers as the sources."""

from __future__ import annotations

import importlib.machinery
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from zorglab import compiled
from zorglab.level import level_files

ROOT = Path(__file__).resolve().parents[1]
LEVELS = sorted(level_files([ROOT / "levels"]))


def test_a_build_is_used_only_when_it_exists_is_wanted_and_is_current():
    digest = compiled.source_digest()
    assert compiled.decide(True, False, digest + "\n", digest) == (True, "built from the current sources")
    assert compiled.decide(False, False, digest, digest)[0] is False
    assert compiled.decide(True, True, digest, digest) == (False, "ZORGLAB_PURE is set")
    stale = compiled.decide(True, False, "0" * 64, digest)
    assert stale[0] is False and "make native" in stale[1]
    assert compiled.decide(True, False, None, digest)[0] is False     # built, but no stamp: never trusted


def test_the_digest_covers_every_compiled_source_and_what_it_imports():
    read = set(compiled.read_sources())
    assert {compiled.source_path(m) for m in compiled.MODULES} <= read
    for module in compiled.MODULES:     # the zorglab modules a compiled one imports are read too
        for line in compiled.source_path(module).read_text().splitlines():
            words = line.split()
            if len(words) > 1 and words[0] in ("from", "import") and words[1].startswith("zorglab."):
                target = compiled.source_path(words[1])
                assert target in read or target.with_suffix("") / "__init__.py" in read, (module, words[1])


def test_the_source_finder_serves_only_the_compiled_modules_from_their_sources():
    spec = compiled._SourceFirst.find_spec("zorglab.engine.resolve")
    assert spec is not None and spec.origin.endswith("resolve.py")
    assert compiled._SourceFirst.find_spec("zorglab.engine.cells") is None


def _native_or_skip() -> None:
    if not compiled.built_files():
        if os.environ.get("ZORGLAB_REQUIRE_NATIVE"):
            pytest.fail("ZORGLAB_REQUIRE_NATIVE is set but the compiled engine is not built (make native)")
        pytest.skip("compiled engine not built (make native)")


def test_this_process_runs_the_build_it_should():
    import zorglab.engine.resolve as resolve

    on_extension = resolve.__file__.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
    assert on_extension == compiled.status()["active"]
    if os.environ.get("ZORGLAB_REQUIRE_NATIVE"):
        assert compiled.status()["active"], compiled.status()["reason"]


def _run(code: str, *args: str, **env: str) -> str:
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, **env}, check=True)
    return done.stdout


def test_zorglab_pure_runs_the_python_sources():
    _native_or_skip()
    out = _run("import zorglab.compiled as c, zorglab.engine.resolve as r, zorglab.search.solver as s;"
               "print(c.status()['active'], r.__file__, s.__file__)", ZORGLAB_PURE="1")
    active, resolve_file, solver_file = out.split()
    assert active == "False" and resolve_file.endswith("resolve.py") and solver_file.endswith("solver.py")


SOLVE_EACH = """
import contextlib, io, json, sys
from zorglab.cli.main import main
answers = {}
for path in sys.argv[1:]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        main(["solve", path, "--solution", "0", "--json"])
    answer = json.loads(out.getvalue())
    for part in [answer, *answer.get("worlds", [])]:
        part.pop("seconds")     # the one thing allowed to differ
    answers[path] = answer
print(json.dumps(answers))
"""


def test_both_builds_decide_every_level_alike():
    # The same search, state for state: verdict, witness, and how many states it took.
    _native_or_skip()
    paths = [str(p) for p in LEVELS]
    native = json.loads(_run(SOLVE_EACH, *paths))
    pure = json.loads(_run(SOLVE_EACH, *paths, ZORGLAB_PURE="1"))
    assert len(native) == len(LEVELS)
    assert native == pure

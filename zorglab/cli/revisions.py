"""A git revision of the repository as one side of ``zorglab compare``: its own code, run as its own
``zorglab sweep levels`` command on its own ``levels/``, in a clean copy made with ``git archive``.

The revision's command is the one interface every revision shares (its Python API may differ), so
the engine of an older revision is compared with today's exactly as it ran then (NFR-5).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

import pandas as pd

from zorglab.errors import OptionError
from zorglab.reports.tables import read_csv


def _repository() -> Path:
    """The git work tree the command runs in (a ref is looked up there)."""
    try:
        top = subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        raise OptionError("a git revision needs a git repository here (or give a pack folder)") from None
    return Path(top.stdout.strip())


def _commit(ref: str, repo: Path) -> str:
    found = subprocess.run(["git", "rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}"], cwd=repo,
                           capture_output=True, text=True)
    if found.returncode != 0:
        raise OptionError(f"{ref}: neither a pack folder nor a git revision of {repo}")
    return found.stdout.strip()


def revision_table(ref: str, budget_name: str = "quick", levels: str = "levels") -> pd.DataFrame:
    """The difficulty table of revision ``ref``: its own code on its own ``levels``, in a clean copy."""
    repo = _repository()
    commit = _commit(ref, repo)
    with tempfile.TemporaryDirectory(prefix="zorglab-compare-") as folder:
        root = Path(folder)
        archive = root / "tree.tar"
        with archive.open("wb") as handle:
            subprocess.run(["git", "archive", "--format=tar", commit], cwd=repo, stdout=handle, check=True)
        with tarfile.open(archive) as tar:
            tar.extractall(root / "tree", filter="data")
        tree, out = root / "tree", root / "difficulty.csv"
        if not (tree / levels).is_dir():
            raise OptionError(f"{ref}: the revision has no {levels}/ folder")
        env = {**os.environ, "PYTHONPATH": str(tree)}
        # options every revision's ``sweep levels`` knows; serial: the copy is searched in one process
        command = [sys.executable, "-m", "zorglab.cli.main", "sweep", "levels", levels, "--serial",
                   "--budget", budget_name, "--out", str(out)]
        done = subprocess.run(command, cwd=tree, env=env, capture_output=True, text=True)
        if done.returncode != 0 or not out.exists():
            raise OptionError(f"{ref}: its own sweep of {levels}/ failed (exit {done.returncode}): "
                              f"{(done.stderr.strip().splitlines() or ['no message'])[-1]}")
        return read_csv(out)

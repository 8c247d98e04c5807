"""A git revision of the repository as one side of ``zorglab compare``: its own code, run as its own
``zorglab sweep levels`` command on its own ``levels/``, in a clean copy made with ``git archive``.

The revision's command is the one interface every revision shares (its Python API may differ), so
the engine of an older revision is compared with today's exactly as it ran then (NFR-5). **That
runs the revision's code**, with the user's rights: compare only revisions you trust (the command's
``--help`` and docs/cli.md say so).

What is refused at once, before any search (issue 37 item 6): an empty revision (it would name the
whole repository), a revision starting with ``-`` (an option to git), one git cannot resolve to a
commit, and a revision whose ``levels/`` holds a symbolic or hard link (a level read from outside the
revision). The revision's command runs in a session of its own; whatever stops ``compare`` --
Ctrl+C, SIGTERM, an error -- stops it too and removes the temporary copy.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tarfile
import tempfile
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Any, Iterator

import pandas as pd

from zorglab.errors import OptionError
from zorglab.reports.tables import read_csv

STOP_SECONDS = 1.0        # a child asked to stop (SIGTERM) gets this long before SIGKILL (issue 37: 2 s in all)


def _repository() -> Path:
    """The git work tree the command runs in (a ref is looked up there)."""
    try:
        top = subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        raise OptionError("a git revision needs a git repository here (or give a pack folder)") from None
    return Path(top.stdout.strip())


def check_ref(ref: str) -> None:
    """Refuse a revision that is empty, blank or looks like an option, before git sees it."""
    if not ref.strip():
        raise OptionError("an empty revision: give a pack folder or a git revision (HEAD, main, a commit)")
    if ref.startswith("-") or "\0" in ref or "\n" in ref:
        raise OptionError(f"{ref!r}: not a git revision (a revision does not start with '-')")


def resolve(ref: str, levels: str = "levels") -> str:
    """The commit ``ref`` names in the repository here; an OptionError when it names none or its
    ``levels`` holds a symbolic link (seen in git's own listing, before anything is unpacked)."""
    check_ref(ref)
    repo = _repository()
    commit = _commit(ref, repo)
    listing = subprocess.run(["git", "ls-tree", "-r", "-z", "--full-tree", commit, "--", f"{levels}/"], cwd=repo,
                             capture_output=True)
    for entry in listing.stdout.split(b"\0"):
        mode, _, name = entry.partition(b"\t")
        if mode.startswith(b"120000 "):
            raise OptionError(f"{ref}: {name.decode(errors='replace')} is a link; a compared revision's {levels}/ "
                              "must hold plain files and folders only")
    return commit


def _commit(ref: str, repo: Path) -> str:
    check_ref(ref)
    found = subprocess.run(["git", "rev-parse", "--verify", "--quiet", "--end-of-options", f"{ref}^{{commit}}"],
                           cwd=repo, capture_output=True, text=True)
    if found.returncode != 0:
        raise OptionError(f"{ref}: neither a pack folder nor a git revision of {repo}")
    return found.stdout.strip()


def _stop(process: subprocess.Popen[Any]) -> None:
    """End ``process`` and everything it started (its own session): SIGTERM, then SIGKILL."""
    for signum, wait in ((signal.SIGTERM, STOP_SECONDS), (signal.SIGKILL, STOP_SECONDS)):
        try:
            os.killpg(process.pid, signum)
        except (ProcessLookupError, PermissionError):
            pass
        try:
            process.wait(timeout=wait)
            return
        except subprocess.TimeoutExpired:
            continue


def run_child(command: list[str], **options: Any) -> subprocess.CompletedProcess[Any]:
    """``subprocess.run`` in a session of its own, stopped with all its children whenever the caller
    is interrupted (Ctrl+C, SIGTERM) or fails while it runs."""
    process = subprocess.Popen(command, start_new_session=True, **options)
    try:
        out, err = process.communicate()
    except BaseException:
        _stop(process)
        raise
    return subprocess.CompletedProcess(command, process.returncode, out, err)


@contextmanager
def sigterm_interrupts() -> Iterator[None]:
    """SIGTERM raises KeyboardInterrupt inside (so the child is stopped and the copy removed), unless
    a handler is already installed (the command line's, :mod:`zorglab.cli.main`)."""
    import threading
    if threading.current_thread() is not threading.main_thread() or \
            signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL:
        yield
        return

    def interrupt(signum: int, frame: FrameType | None) -> None:
        raise KeyboardInterrupt("stopped (SIGTERM)")

    previous = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _unpack(archive: Path, into: Path, ref: str, levels: str) -> None:
    """Extract the revision's tree; a link in its ``levels/`` (or anything tarfile's data filter
    refuses) is an OptionError naming the file, never a traceback."""
    try:
        with tarfile.open(archive) as tar:
            for member in tar.getmembers():
                inside_levels = member.name == levels or member.name.startswith(f"{levels}/")
                if inside_levels and (member.issym() or member.islnk()):
                    raise OptionError(f"{ref}: {member.name} is a link; a compared revision's {levels}/ must hold "
                                      "plain files and folders only")
            tar.extractall(into, filter="data")
    except tarfile.TarError as error:
        raise OptionError(f"{ref}: its tree cannot be unpacked safely: {error}") from None


def revision_levels(ref: str, levels: str = "levels") -> dict[str, Any]:
    """The levels of revision ``ref`` by id, read by today's loader from its ``levels`` (for the edits
    ``compare`` shows; its figures come from its own code, :func:`revision_table`)."""
    from zorglab.reports.level_diff import pack_levels

    repo = _repository()
    commit = resolve(ref, levels)
    with tempfile.TemporaryDirectory(prefix="zorglab-compare-levels-") as folder:
        root = Path(folder)
        archive = root / "levels.tar"
        with archive.open("wb") as handle:
            made = run_child(["git", "archive", "--format=tar", commit, "--", levels], cwd=repo, stdout=handle,
                             stderr=subprocess.PIPE)
        if made.returncode != 0:
            raise OptionError(f"{ref}: git archive of {levels}/ failed (exit {made.returncode})")
        _unpack(archive, root / "tree", ref, levels)
        return pack_levels(root / "tree" / levels) if (root / "tree" / levels).is_dir() else {}


def revision_table(ref: str, budget_name: str = "quick", levels: str = "levels") -> pd.DataFrame:
    """The difficulty table of revision ``ref``: its own code on its own ``levels``, in a clean copy."""
    repo = _repository()
    commit = resolve(ref, levels)
    with sigterm_interrupts(), tempfile.TemporaryDirectory(prefix="zorglab-compare-") as folder:
        root = Path(folder)
        archive = root / "tree.tar"
        with archive.open("wb") as handle:
            made = run_child(["git", "archive", "--format=tar", commit], cwd=repo, stdout=handle,
                             stderr=subprocess.PIPE)
        if made.returncode != 0:
            raise OptionError(f"{ref}: git archive failed (exit {made.returncode})")
        _unpack(archive, root / "tree", ref, levels)
        archive.unlink()
        tree, out = root / "tree", root / "difficulty.csv"
        if not (tree / levels).is_dir():
            raise OptionError(f"{ref}: the revision has no {levels}/ folder")
        env = {**os.environ, "PYTHONPATH": str(tree)}
        # options every revision's ``sweep levels`` knows; serial: the copy is searched in one process
        command = [sys.executable, "-m", "zorglab.cli.main", "sweep", "levels", levels, "--serial",
                   "--budget", budget_name, "--out", str(out)]
        done = run_child(command, cwd=tree, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if done.returncode != 0 or not out.exists():
            raise OptionError(f"{ref}: its own sweep of {levels}/ failed (exit {done.returncode}): "
                              f"{(done.stderr.strip().splitlines() or ['no message'])[-1]}")
        return read_csv(out)

"""Issue 37 item 6: ``zorglab compare`` refuses an empty, blank, option-like or unknown revision at once
(exit 2, before either side is searched), says in ``--help`` that a revision's code runs, refuses a
revision whose ``levels/`` holds a link cleanly, and leaves no child process and no temporary folder
when stopped by SIGTERM or Ctrl+C."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import tarfile
import time
from pathlib import Path

import pytest

from zorglab.cli.main import main
from zorglab.errors import OptionError

from report_fixtures import PACK, ROOT


@pytest.fixture
def no_search(monkeypatch):
    """Fails the test when a side is searched."""
    import zorglab.sweep as sweep

    searched: list[object] = []
    monkeypatch.setattr(sweep, "sweep_levels", lambda *a, **k: searched.append(a) or (_ for _ in ()).throw(
        AssertionError("a side was searched")))
    return searched


@pytest.mark.parametrize("a, b, says", [
    ("", str(PACK), "an empty revision"), ("   ", str(PACK), "an empty revision"),
    (str(PACK), "", "an empty revision"),
    (str(PACK), "no-such-revision-anywhere", "neither a pack folder nor a git revision"),
    (str(PACK), "--output=/tmp/x", "not a git revision (a revision does not start with '-')"),
    (str(PACK), str(PACK / "contracts.toml"), "not a folder"),
])
def test_a_side_that_is_no_folder_and_no_revision_is_refused_before_any_search(a, b, says, no_search, capsys,
                                                                              monkeypatch):
    monkeypatch.chdir(ROOT)
    assert main(["compare", "--serial", "-q", "--", a, b]) == 2
    err = capsys.readouterr().err
    assert no_search == [] and "Traceback" not in err
    if says:
        assert says in err, err


def test_the_help_and_the_docs_say_a_revision_s_code_runs(capsys):
    with pytest.raises(SystemExit):
        main(["compare", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "RUNS THAT REVISION'S CODE" in out and "only revisions you trust" in out
    cli = " ".join((ROOT / "docs" / "cli.md").read_text(encoding="utf-8").split())
    assert "runs that revision's own code" in cli


def _git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@example.invalid", "-c", "commit.gpgsign=false",
                    *args], cwd=repo, check=True, capture_output=True)


def _repository(tmp_path: Path, main_py: str, link: bool = False) -> Path:
    """A git repository whose one commit holds a zorglab of its own (``main_py``) and a levels/ folder."""
    repo = tmp_path / "repo"
    (repo / "zorglab" / "cli").mkdir(parents=True)
    (repo / "zorglab" / "__init__.py").write_text("")
    (repo / "zorglab" / "cli" / "__init__.py").write_text("")
    (repo / "zorglab" / "cli" / "main.py").write_text(main_py)
    (repo / "levels").mkdir()
    (repo / "levels" / "a.toml").write_text('id = "a"\nrooms = ["A", "Z"]\n')
    if link:
        os.symlink("/etc/hostname", repo / "levels" / "b.toml")
    _git(repo, "init", "-q")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", "a revision")
    return repo


def test_a_link_in_a_revision_s_levels_is_refused_cleanly(tmp_path, monkeypatch, capsys, no_search):
    repo = _repository(tmp_path, "raise SystemExit(3)\n", link=True)
    monkeypatch.chdir(repo)
    assert main(["compare", str(PACK), "HEAD", "--serial", "-q"]) == 2
    err = capsys.readouterr().err
    assert "levels/b.toml is a link" in err and "Traceback" not in err
    assert no_search == []


def test_an_archive_with_a_link_in_levels_is_refused_when_unpacked(tmp_path):
    from zorglab.cli.revisions import _unpack
    archive = tmp_path / "tree.tar"
    with tarfile.open(archive, "w") as tar:
        info = tarfile.TarInfo("levels/x.toml")
        info.type, info.linkname = tarfile.SYMTYPE, "/etc/passwd"
        tar.addfile(info)
        data = tarfile.TarInfo("zorglab/x.py")
        data.size = 1
        tar.addfile(data, io.BytesIO(b"\n"))
    with pytest.raises(OptionError, match="levels/x.toml is a link"):
        _unpack(archive, tmp_path / "tree", "HEAD", "levels")


SLEEPER = """import os, sys, time
open(os.environ["ZORGLAB_TEST_PIDFILE"], "w").write(str(os.getpid()))
time.sleep(600)
"""


def _running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "\nState:\tZ" not in state


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_stopped_compare_leaves_no_child_and_no_temporary_folder(tmp_path, signum):
    repo = _repository(tmp_path, SLEEPER)
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    pidfile = tmp_path / "child.pid"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TMPDIR": str(temporary), "ZORGLAB_TEST_PIDFILE": str(pidfile)}
    # -P: the folder compare runs in (the repository, holding its own zorglab/) is not on sys.path
    compare = subprocess.Popen([sys.executable, "-P", "-m", "zorglab.cli.main", "compare", "HEAD", str(PACK), "--serial",
                                "-q"], cwd=repo, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 120          # the revision's own command has started: its pid is written
        while not (pidfile.exists() and pidfile.read_text()) and compare.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert compare.poll() is None, compare.communicate()
        child = int(pidfile.read_text())
        assert _running(child)
        compare.send_signal(signum)
        _, err = compare.communicate(timeout=60)
    finally:
        if compare.poll() is None:
            compare.kill()
    assert compare.returncode in (130, 143, -signum) and compare.returncode > 0, (compare.returncode, err)
    assert "Traceback" not in err, err
    assert not _running(child), "the revision's command was left running"
    assert list(temporary.iterdir()) == [], "a temporary folder was left behind"

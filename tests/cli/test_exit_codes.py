"""Every command's exit codes as docs/cli.md documents them (issue 28 item 6), plus ``--version``
and ``--json`` on every command that reports.

Each case runs the command in this process and checks its code; a JSON case checks the output
parses as one object. The table in docs/cli.md must name every command.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from zorglab.cli import main as cli_main
from zorglab.cli.main import main

ROOT = Path(__file__).resolve().parents[2]
LEVEL = ROOT / "levels" / "app-01-first-blood.toml"
PACK = ROOT / "tests" / "reports" / "fixtures" / "pack"
XP = ROOT / "tests" / "temples" / "fixtures" / "xp" / "fire-temple.json"


@pytest.fixture(autouse=True)
def _here(monkeypatch):
    monkeypatch.chdir(ROOT)


@pytest.fixture
def temple_file(tmp_path, capsys) -> Path:
    out = tmp_path / "t.json"
    assert main(["temples", "generate", "--seed", "3", "--size", "small", "--out", str(out)]) == 0
    capsys.readouterr()
    return out


@pytest.fixture
def broken(tmp_path) -> Path:
    bad = tmp_path / "bad.toml"
    bad.write_text('id = "bad"\nrooms = ["A", "Q(9)"]\n', encoding="utf-8")
    return bad


def code_of(capsys, argv: list[str]) -> tuple[int, str, str]:
    try:
        code = main(argv)
    except SystemExit as stop:             # argparse's own refusals
        code = int(stop.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_version(capsys):
    code, out, _ = code_of(capsys, ["--version"])
    assert code == 0 and re.fullmatch(r"zorglab \d+\.\d+\.\d+\n", out)


CASES = [
    ("validate", ["validate", str(LEVEL)], 0),
    ("validate", ["validate", "{broken}"], 2),
    ("validate", ["validate", "no/such/level.toml"], 2),
    ("play", ["play", str(LEVEL), "--solution", "1"], 0),
    ("play", ["play", str(LEVEL), "--solution", "0"], 0),               # a loss is a result, not an error
    ("play", ["play", str(LEVEL), "--solution", "9"], 2),
    ("solve", ["solve", str(LEVEL), "--solution", "0", "-q"], 0),
    ("solve", ["solve", "{broken}", "--solution", "0", "-q"], 2),
    ("progress", ["progress", "--profile", "{tmp}/p.json"], 0),
    ("progress", ["progress", "--profile", "{tmp}/p.json", "--record", "no-such-level"], 2),
    ("report", ["report", "--out", "{tmp}/r", "--levels", str(PACK), "--temple-seeds", "0", "--budget", "quick",
                "--serial", "-q"], 0),
    ("report", ["report", "--out", "{tmp}/r", "--temple-seeds", "-1"], 2),
    ("sweep", ["sweep", "levels", str(PACK), "--serial", "--budget", "quick", "--out", "{tmp}/l.csv", "-q"], 0),
    ("sweep", ["sweep", "levels", "no/such/folder", "--serial", "-q"], 2),
    ("sweep", ["sweep", "temples", "--seeds", "2", "--sizes", "small", "--out", "{tmp}/t.csv", "-q"], 0),
    ("sweep", ["sweep", "temples", "--seeds", "2", "--grid", "colour=red", "-q"], 2),
    ("propose", ["propose", "--fewest-spells", "1", "--count", "1", "--tries", "20", "--seed", "1", "-q"], 0),
    ("propose", ["propose", "--count", "0"], 2),
    ("compare", ["compare", str(PACK), str(PACK), "-q"], 0),
    ("compare", ["compare", str(PACK), "{changed}", "--fail-on", "verdict", "-q"], 1),
    ("compare", ["compare", str(PACK), "no-such-revision-or-folder", "-q"], 2),
    ("studio", ["studio", "--port", "not-a-port"], 2),          # 0 is Voila's own: tests/widgets/test_studio_app.py
    ("temples", ["temples", "generate", "--seed", "1"], 0),
    ("temples", ["temples", "generate", "--seed", "1", "--locks", "5"], 2),
    ("temples", ["temples", "show", "{temple}"], 0),
    ("temples", ["temples", "show", "no/such/temple.json"], 2),
    ("temples", ["temples", "check", "{temple}"], 0),
    ("temples", ["temples", "check", str(XP), "--format", "xp"], 1),
    ("tune", ["tune", "temples", "--trials", "1", "--seeds", "1", "--in-memory"], 0),
    ("tune", ["tune", "temples", "--trials", "1", "--storage", "sqlite:///no/such/folder/t.db"], 2),
]


@pytest.fixture
def changed_pack(tmp_path) -> Path:
    """The fixture pack with fx-01's hero given 4 HP more: its verdict moves."""
    copy = tmp_path / "changed"
    shutil.copytree(PACK, copy)
    level = copy / "fx-01-bonus.toml"
    text = level.read_text(encoding="utf-8")
    assert "Warrior(2)" in text
    level.write_text(text.replace("Warrior(2)", "Warrior(6)", 1), encoding="utf-8")
    return copy


@pytest.mark.parametrize("command, argv, expected", CASES, ids=[f"{c}-{e}-{i}" for i, (c, _, e) in enumerate(CASES)])
def test_every_command_exits_as_documented(capsys, tmp_path, broken, temple_file, changed_pack, command, argv,
                                           expected):
    words = [w.format(tmp=tmp_path, broken=broken, temple=temple_file, changed=changed_pack) for w in argv]
    code, out, err = code_of(capsys, words)
    assert code == expected, f"zorglab {' '.join(words)} exited {code}, not {expected}\n{out}\n{err}"
    if expected == 2:
        assert "Traceback" not in err and err.strip(), "an error must say what was wrong"


def test_a_failed_temple_makes_the_sweep_exit_1(capsys, monkeypatch):
    import zorglab.temples as temples
    from zorglab.temples import TempleGenerationError

    def gives_up(seed, size, options=None, **kwargs):
        raise TempleGenerationError(f"seed {seed}: no verified temple")
    monkeypatch.setattr(temples, "sweep_row", gives_up)
    code, out, _ = code_of(capsys, ["sweep", "temples", "--seeds", "1", "--sizes", "small", "--serial", "-q"])
    assert code == 1 and "generation gave up" in out


def test_the_docs_table_names_every_command():
    text = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    table = text[text.index("| command | 0 | 1 | 2 | 130 |"):]
    named = set(re.findall(r"^\| `(\w+)", table, flags=re.M))
    assert named == {c.name for c in cli_main.commands()}
    assert {c for c, _, _ in CASES} == named, "a command without an exit-code test"


JSON_CASES = [
    ["validate", str(LEVEL), "--json"],
    ["play", str(LEVEL), "--solution", "1", "--json"],
    ["solve", str(LEVEL), "--solution", "0", "--json", "-q"],
    ["progress", "--profile", "{tmp}/p.json", "--json"],
    ["report", "--out", "{tmp}/r", "--levels", str(PACK), "--temple-seeds", "0", "--budget", "quick", "--serial",
     "--json", "-q"],
    ["sweep", "levels", str(PACK), "--serial", "--budget", "quick", "--json", "-q"],
    ["sweep", "temples", "--seeds", "2", "--sizes", "small", "--json", "-q"],
    ["propose", "--fewest-spells", "1", "--count", "1", "--tries", "20", "--seed", "1", "--json", "-q"],
    ["compare", str(PACK), str(PACK), "--json", "-q"],
    ["temples", "generate", "--seed", "1", "--json"],
    ["temples", "show", "{temple}", "--json"],
    ["temples", "check", "{temple}", "--json"],
    ["tune", "temples", "--trials", "1", "--seeds", "1", "--in-memory", "--json"],
]


@pytest.mark.parametrize("argv", JSON_CASES, ids=[" ".join(a[:2]) for a in JSON_CASES])
def test_every_command_that_reports_prints_json(capsys, tmp_path, temple_file, argv):
    words = [w.format(tmp=tmp_path, temple=temple_file) for w in argv]
    code, out, _ = code_of(capsys, words)
    assert code in (0, 1)
    assert isinstance(json.loads(out), dict), out[:200]


def test_python_dash_m_zorglab_is_the_command():
    # where the venv's scripts are not on PATH, `python -m zorglab` is the same command, same exit code
    import subprocess
    import sys
    done = subprocess.run([sys.executable, "-m", "zorglab", "validate", str(LEVEL)], capture_output=True, text=True,
                          cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert main(["validate", str(LEVEL)]) == 0
    wrong = subprocess.run([sys.executable, "-m", "zorglab", "no-such-command"], capture_output=True, text=True,
                           cwd=ROOT)
    assert wrong.returncode == 2 and "no-such-command" in wrong.stderr


def test_temples_generate_takes_a_room_count(capsys):
    # the generator's `rooms` option (docs/temples.md) reaches the command line
    assert main(["temples", "generate", "--seed", "3", "--rooms", "50", "--json"]) == 0
    temple = json.loads(capsys.readouterr().out)["temple"]
    assert temple["options"]["rooms"] == 50
    from zorglab.temples import generate_temple
    assert len(list(generate_temple(3, temple["options"]).room_places())) == 50
    assert main(["temples", "generate", "--seed", "3", "--rooms", "500"]) == 2
    assert "rooms must be from 12 to 120, not 500" in capsys.readouterr().err

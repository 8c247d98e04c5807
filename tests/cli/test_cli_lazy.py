"""The ``zorglab`` command imports only the sub-command that runs (issue 15 item 6): ``--help``
imports none, ``validate`` none of the heavy libraries. Checked on ``sys.modules``, not on time."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from zorglab.cli import main as cli_main

ROOT = Path(__file__).resolve().parents[2]
LEVEL = ROOT / "levels" / "app-01-first-blood.toml"
HEAVY = ("pandas", "numpy", "matplotlib", "dask", "distributed", "ipywidgets", "ipycanvas", "tqdm", "PIL",
         "networkx", "zorglab.search", "zorglab.paint", "zorglab.widgets", "zorglab.reports",
         "zorglab.sweep", "zorglab.temples")
PROBE = """
import json, sys
from zorglab.cli.main import main
try:
    code = main(sys.argv[1:])
except SystemExit as stop:
    code = stop.code
print(json.dumps({"code": code, "modules": sorted(sys.modules)}), file=sys.stderr)
"""


def imported(*argv: str) -> tuple[int, set[str]]:
    """The exit code of ``zorglab ARGV`` in a fresh interpreter and every module it imported."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", PROBE, *argv], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=120)
    report = json.loads(done.stderr.strip().splitlines()[-1])
    return report["code"], set(report["modules"])


def heavy(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY))


def test_help_imports_no_sub_command_and_no_heavy_library():
    code, modules = imported("--help")
    assert code == 0
    assert heavy(modules) == []
    # main and the two small helpers every command runs under (its options, its signal handling)
    assert sorted(m for m in modules if m.startswith("zorglab.cli.")) == ["zorglab.cli.main", "zorglab.cli.options",
                                                                          "zorglab.cli.signals"]
    assert not [m for m in modules if m.startswith(("zorglab.engine", "zorglab.level"))]


def test_validate_imports_only_its_own_command_and_no_heavy_library():
    code, modules = imported("validate", str(LEVEL))
    assert code == 0
    assert heavy(modules) == []
    commands = {c.module for c in cli_main.commands()}
    assert sorted(m for m in modules if m in commands) == ["zorglab.cli.validate"]


def test_validate_loads_the_notation_parser_rather_than_building_it():
    """Building the LALR tables from the grammar was a sixth of ``validate``'s CPU time; they ship
    beside it (``zorglab/level/notation_tables.json``), read as data, not through importlib.resources
    (whose readers bring in zipfile)."""
    probe = ("import lark.parsers.lalr_analysis as analysis, sys\n"
             "def refuse(self): raise SystemExit('the notation grammar was built')\n"
             "analysis.LALR_Analyzer.compute_lalr = refuse\n" + PROBE)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", probe, "validate", str(LEVEL)], capture_output=True, text=True,
                          env=env, cwd=ROOT, timeout=120)
    assert "grammar was built" not in done.stderr
    report = json.loads(done.stderr.strip().splitlines()[-1])
    assert report["code"] == 0
    assert not [m for m in report["modules"] if m.startswith("importlib.resources") or m == "zipfile"]


# the engine's run-time modules: what plays a level, not what loads and checks one
RUN_TIME = ("zorglab.engine.events", "zorglab.engine.resolve", "zorglab.engine.shell", "zorglab.engine.plangraph",
            "zorglab.engine.plansteps", "zorglab.engine.hero_scratch", "zorglab.engine.turns", "zorglab.engine.world")


def test_validate_registers_the_types_without_the_engines_run_time_modules():
    """Checking a level reads the types' signatures; the events (two dozen frozen dataclasses), the
    resolution, the shell and the plan graph came with the hero and spell modules that register them,
    0.025 of validate's 0.25 CPU s. They are imported where a level is played."""
    code, modules = imported("validate", str(LEVEL))
    assert code == 0
    assert "zorglab.engine.types" in modules and "zorglab.engine.heroes.gunner" in modules
    assert sorted(modules & set(RUN_TIME)) == []
    assert "difflib" not in modules         # "did you mean": for a misspelt name only


def _helps(parser: argparse.ArgumentParser) -> dict[str, str | None]:
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {action.dest: action.help for action in sub._choices_actions}


def test_the_table_lists_every_command_with_the_help_its_module_registers():
    listed = _helps(cli_main.build_parser(["--help"]))
    registered = _helps(cli_main.build_parser())           # every module imported and registered
    assert listed == registered
    assert list(listed) == [c.name for c in cli_main.commands()]


def test_the_chosen_command_is_built_in_full(capsys):
    with pytest.raises(SystemExit) as stop:
        cli_main.main(["play", "--help"])
    assert stop.value.code == 0 and "--trace" in capsys.readouterr().out


def test_a_bare_name_in_the_table_is_imported_to_be_listed(monkeypatch):
    monkeypatch.setattr(cli_main, "COMMANDS", ("temples", cli_main.COMMANDS[0]))
    assert _helps(cli_main.build_parser(["--help"])) == {
        "temples": "generate, sweep, show and check Zelda-style temples",
        "validate": "check level files; report every problem as path:line:col: message"}


@pytest.mark.parametrize("argv,chosen", [([], None), (["--help"], None), (["-h", "play", "x"], "play"),
                                         (["solve", "f.toml", "--solution", "0"], "solve"), (["--", "play"], None)])
def test_the_chosen_command_is_the_first_word_not_an_option(argv, chosen):
    assert cli_main.chosen_command(argv) == chosen

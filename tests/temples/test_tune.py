"""Issue 42 item 3: the generator steered toward the contract's targets, and sweeps that say how many
temples meet them.

- ``zorglab tune temples``: a seeded Optuna study (in memory or resumable in SQLite) whose best
  options meet more targets than the generator's defaults on the same seeds;
- the dressing options it tunes (``monsters``, ``loot``, ``traps``, ``puzzles``) change the temple
  and are stored so R11 makes it again; without them every temple is what it always was;
- ``sweep temples --grid`` says per grid cell how many temples meet each target; its CSV is the same
  bytes run to run (no wall-clock column); ``temples generate --json`` carries the solver's and the
  lint's figures.
"""

from __future__ import annotations

import json

import pytest

from zorglab.cli.main import main
from zorglab.errors import OptionError
from zorglab.temples import generate_temple, lint_temple
from zorglab.temples.sweep import sweep_row
from zorglab.temples.targets import TARGETS
from zorglab.temples.tune import compliance, compliance_by, tune_temples

pytest.importorskip("optuna")


def test_compliance_counts_the_temples_inside_each_target():
    rows = [{"combat_share": 0.30, "loot_share": 0.10, "trap_share": 0.05, "puzzle_share": 0.0, "rooms_per_floor": 7},
            {"combat_share": 0.20, "loot_share": 0.0, "trap_share": 0.0, "puzzle_share": 0.05, "rooms_per_floor": 5},
            {"seed": 9, "failure": "generation gave up"}]
    found = compliance(rows)
    assert found.temples == 3
    assert dict(zip((t.words for t in TARGETS), found.met)) == {
        "25–35 % monster rooms": 1, "at most 40 % combat rooms": 2, "10 % loot (consumables)": 1,
        "5 % traps": 1, "5 % puzzles": 1, "at least 6 rooms per floor": 1}
    assert found.score == pytest.approx(7 / 18)
    by = compliance_by([{"asked_floors": 1, "size": "small", "combat_share": 0.3},
                        {"asked_floors": None, "size": "small", "combat_share": 0.3}],
                       {"floors": "asked_floors", "size": "size"})
    assert [name for name, _ in by] == ["floors=1 size=small", "floors=seed size=small"]


def test_dressing_options_change_the_temple_and_are_made_again():
    plain = generate_temple(5, {"size": "medium"})
    assert generate_temple(5, {"size": "medium", "monsters": None}) == plain        # None: the contract's own
    assert "monsters" not in plain.options                                          # stored as before
    more = sweep_row(5, "medium", {"monsters": 55})
    assert more["combat_share"] > sweep_row(5, "medium")["combat_share"]
    dressed = generate_temple(5, {"size": "medium", "monsters": 55, "traps": 10})
    assert dressed.options["monsters"] == 55 and dressed.options["traps"] == 10
    assert not lint_temple(dressed).violations                                      # R11 makes it again
    with pytest.raises(OptionError, match="monsters must be from 0 to 60, not 90"):
        generate_temple(5, {"monsters": 90})


def test_tuning_is_seeded_and_moves_compliance_toward_the_targets():
    one = tune_temples(6, seeds=3, sizes=("small", "medium"), seed=7, storage=None)
    two = tune_temples(6, seeds=3, sizes=("small", "medium"), seed=7, storage=None)
    assert one == two                                  # same seed, same trials: the same answer
    assert one.trials == 6 and one.new_trials == 6
    assert one.best.temples == one.defaults.temples == 6
    assert one.best.score > one.defaults.score         # the defaults miss most §3 bands
    assert set(one.best_options) <= {"floors", "locks", "monsters", "loot", "traps", "puzzles"}


def test_a_sqlite_study_resumes_and_keeps_fixed_options(tmp_path):
    url = f"sqlite:///{tmp_path / 'study.sqlite3'}"
    first = tune_temples(3, seeds=2, storage=url, study_name="t", fixed={"floors": 1})
    again = tune_temples(2, seeds=2, storage=url, study_name="t", fixed={"floors": 1})
    assert (first.trials, again.trials, again.new_trials) == (3, 5, 2)
    assert again.best.score >= first.best.score and again.best_options["floors"] == 1


def test_cli_tune_prints_the_best_options_and_their_compliance(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(["tune", "temples", "--trials", "4", "--seeds", "2", "--sizes", "small"]) == 0
    out = capsys.readouterr().out
    assert (tmp_path / "tune-temples.sqlite3").is_file()           # resumable by default
    assert "4 new trial(s), 4 in all" in out and "best options: --floors" in out
    assert "25–35 % monster rooms (§3 step 6):" in out and "generator's defaults" in out
    assert main(["tune", "temples", "--trials", "1", "--seeds", "2", "--sizes", "small", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["trials"] == 5 and result["new_trials"] == 1 and len(result["best"]["targets"]) == len(TARGETS)


def test_cli_tune_refuses_a_storage_it_cannot_write(capsys):
    assert main(["tune", "temples", "--trials", "1", "--storage", "sqlite:////proc/nope/x.sqlite3"]) == 2
    assert "/proc/nope" in capsys.readouterr().err
    assert main(["tune", "temples", "--trials", "0", "--in-memory"]) == 2


def test_sweep_grid_says_how_many_temples_meet_each_target(tmp_path, capsys):
    out = tmp_path / "grid.csv"
    assert main(["sweep", "temples", "--seeds", "3", "--sizes", "small,medium", "--grid", "floors=1,2",
                 "--serial", "--out", str(out)]) == 0
    said = capsys.readouterr().out              # with --out, beside the summary on stdout
    assert "contract targets met" in said
    for cell in ("floors=1 size=small", "floors=2 size=medium"):
        line = next(line for line in said.splitlines() if line.strip().startswith(cell + ":"))
        assert "25–35 % monster rooms " in line and "/3" in line
    assert main(["sweep", "temples", "--seeds", "2", "--sizes", "small", "--grid", "locks=1", "--json", "-q"]) == 0
    cells = json.loads(capsys.readouterr().out)["targets"]
    assert [c["cell"] for c in cells] == ["all", "locks=1"] and cells[0]["temples"] == 2


def test_sweep_csv_is_the_same_bytes_run_to_run(tmp_path):
    one, two = tmp_path / "one.csv", tmp_path / "two.csv"
    for path in (one, two):
        assert main(["sweep", "temples", "--seeds", "3", "--sizes", "small", "--serial", "--out", str(path), "-q"]) == 0
    assert one.read_bytes() == two.read_bytes()
    assert "seconds" not in one.read_text().splitlines()[0].split(",")


def test_generate_json_carries_solver_and_lint_figures(capsys):
    assert main(["temples", "generate", "--seed", "3", "--size", "small", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["temple"]["seed"] == 3
    assert out["solver"]["solvable"] is True and out["solver"]["states"] >= 1
    assert out["lint"] == {"violations": 0, "rules_failed": [], "items": []}
    assert out["figures"]["rooms"] > 0 and "seconds" not in out["figures"]
    assert [t["measure"] for t in out["targets"]] == [t.measure for t in TARGETS]
    assert main(["temples", "generate", "--seed", "3", "--size", "small", "--monsters", "50", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["temple"]["options"]["monsters"] == 50

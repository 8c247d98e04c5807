"""The report folder is written atomically (issue 28, with wt-robust's atomic writes): all its files or
none of them; files the report does not own are left alone; no temporary folder is left behind."""

from __future__ import annotations

from zorglab.cli.main import main

from report_fixtures import PACK

ARGS = ["--levels", str(PACK), "--temple-seeds", "0", "--serial", "--budget", "quick", "-q"]


def _snapshot(folder):
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_report_that_fails_midway_leaves_the_old_folder_as_it_was(tmp_path, monkeypatch):
    out = tmp_path / "reports"
    assert main(["report", "--out", str(out), *ARGS]) == 0
    (out / "search-levels.csv").write_text("a benchmark's table\n")      # not the report's: kept
    before = _snapshot(out)

    import zorglab.reports.levelpictures as pictures
    calls = []

    def breaks(row):
        calls.append(row["level"])
        if len(calls) == 2:
            raise KeyboardInterrupt                 # Ctrl-C while the level pages are drawn
        return [], ""
    monkeypatch.setattr(pictures, "level_pictures", breaks)
    assert main(["report", "--out", str(out), *ARGS]) == 130, "Ctrl-C is exit 130 (docs/cli.md)"
    assert _snapshot(out) == before, "a half-written report replaced the old one"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["reports"], "a temporary folder was left behind"


def test_a_new_folder_appears_whole_and_a_second_run_keeps_other_files(tmp_path):
    out = tmp_path / "new" / "reports"
    assert main(["report", "--out", str(out), *ARGS]) == 0
    first = _snapshot(out)
    assert "index.html" in first and any(name.startswith("levels/") for name in first)
    (out / "notes.txt").write_text("mine\n")
    assert main(["report", "--out", str(out), *ARGS]) == 0
    again = _snapshot(out)
    assert again.pop("notes.txt") == b"mine\n"
    assert {k: v for k, v in again.items() if k != "timings.csv"} == \
        {k: v for k, v in first.items() if k != "timings.csv"}
    assert sorted(p.name for p in out.parent.iterdir()) == ["reports"]

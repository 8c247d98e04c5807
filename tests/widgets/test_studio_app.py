"""The Studio as an app (issue #24 item 10) through its handlers, and the ``zorglab studio`` command line."""

from __future__ import annotations

import shutil
from pathlib import Path

import nbformat

from zorglab.cli.main import main
from zorglab.cli.studio import app_notebook, command
from zorglab.widgets.studio_app import StudioApp

REPO = Path(__file__).resolve().parents[2]


def checkout(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    (root / "levels").mkdir(parents=True)
    (root / "pyproject.toml").write_text("")
    for name in ("tiles.toml", "contracts.toml", "app-01-first-blood.toml", "app-02-the-long-way-round.toml"):
        shutil.copyfile(REPO / "levels" / name, root / "levels" / name)
    return root


def test_the_app_puts_the_level_browser_beside_a_studio_and_a_click_there_asks_first(tmp_path):
    root = checkout(tmp_path)
    app = StudioApp(start=root / "levels", watch=None, debounce=0)        # no path: a new level
    assert app.studio.draft.path == root / "levels" / "my-level.toml" and app.studio.draft.digest is None
    assert app.levels_box.children == (app.browser.widget,)
    app.studio.open("levels/app-01-first-blood.toml")
    app.studio.heroes.set_row(0, "Warrior(5)")
    app.browser.open("app-02")
    assert app.studio.question is not None and app.studio.draft.level.id == "app-01"
    app.studio.answer("discard")
    assert app.studio.draft.level.id == "app-02"
    app.show_levels(False)
    assert app.levels_box.layout.display == "none" and not app.toggle.value


def test_the_command_serves_one_cell_with_voila_on_localhost(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    argv = command("levels/x.toml", 9999, False, tmp_path)
    assert argv[1:4] == ["-m", "voila", str(tmp_path / "Level Studio.ipynb")]
    assert "--Voila.ip=127.0.0.1" in argv and "--port=9999" in argv and "--no-browser" in argv
    cell = nbformat.read(tmp_path / "Level Studio.ipynb", as_version=4).cells
    assert len(cell) == 1 and f"StudioApp('levels/x.toml', start={str(tmp_path)!r})" in cell[0].source
    assert "StudioApp(None, start=" in app_notebook(None, tmp_path).cells[0].source


def test_zorglab_studio_is_listed_in_the_help(capsys):
    try:
        main(["studio", "--help"])
    except SystemExit as done:
        assert done.code == 0
    assert "Voila" in capsys.readouterr().out


def test_the_app_is_served_with_a_template_that_links_nothing_off_the_machine(tmp_path, monkeypatch):
    from zorglab.cli.studio import TEMPLATE, environment
    monkeypatch.chdir(tmp_path)
    argv = command(None, 9999, False, tmp_path)
    assert f"--template={TEMPLATE}" in argv
    folder = tmp_path / "data" / "voila" / "templates" / TEMPLATE
    assert "lab/index.html.j2" in (folder / "index.html.j2").read_text()
    assert "fontawesome-free" in (folder / "index.html.j2").read_text()        # the lines it drops
    assert environment(tmp_path)["JUPYTER_PATH"].split(":")[0] == str(tmp_path / "data")

"""The Studio as an app (issue #24 item 10) through its handlers, and the ``zorglab studio`` command line."""

from __future__ import annotations

import shutil
import socket
from pathlib import Path

import nbformat
import pytest

from zorglab.cli.main import main
from zorglab.cli.studio import app_notebook, command
from zorglab.level.folders import OutsideRootError
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
    assert argv[1:4] == ["-m", "zorglab.cli.studio_server", str(tmp_path / "Level Studio.ipynb")]
    assert not any("token" in word.lower() for word in argv)          # the secret is not on a command line
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


def test_the_app_opens_and_saves_only_inside_the_repository_symlinks_followed(tmp_path):
    root = checkout(tmp_path)
    outside = tmp_path / "outside.toml"
    shutil.copyfile(REPO / "levels" / "app-01-first-blood.toml", outside)
    before = outside.read_bytes()
    (root / "levels" / "planted.toml").symlink_to(outside)          # a symlink in levels/ leading out
    app = StudioApp("levels/app-01-first-blood.toml", root=root, watch=None, debounce=0)
    studio = app.studio
    for path in (str(outside), "../outside.toml", "levels/planted.toml"):
        studio.open(path)
        assert "not opened" in studio.notice and "outside the repository" in studio.notice, studio.notice
        assert studio.draft.path == root / "levels" / "app-01-first-blood.toml"
        studio.open_new(path.replace("outside", "elsewhere"))
        assert studio.draft.path == root / "levels" / "app-01-first-blood.toml"
    studio.open_new("../new-outside.toml")
    assert "outside the repository" in studio.notice and not (tmp_path / "new-outside.toml").exists()
    # the level's own file swapped for a symlink leading out after it was opened: save refuses it
    level = root / "levels" / "app-01-first-blood.toml"
    level.unlink()
    level.symlink_to(outside)
    studio.fields.set_field("title", "Written Elsewhere")
    studio.save()
    assert outside.read_bytes() == before
    assert "not saved" in studio.notice and "outside the repository" in studio.notice, studio.notice
    with pytest.raises(OutsideRootError):
        StudioApp(str(outside), root=root, watch=None, debounce=0)


def test_zorglab_studio_refuses_a_path_outside_the_repository_before_serving(tmp_path, monkeypatch, capsys):
    root = checkout(tmp_path)
    monkeypatch.chdir(root)
    with socket.socket() as taken:                    # were a server started, it could not listen: no hang
        taken.bind(("127.0.0.1", 0))
        port = str(taken.getsockname()[1])
        assert main(["studio", "../elsewhere.toml", "--no-browser", "--port", port]) == 2
    assert "outside the repository" in capsys.readouterr().err


def test_the_servers_guard_lets_in_only_this_machines_names_and_the_apps_own_origin():
    from zorglab.cli.studio_server import refusal
    for host in ("127.0.0.1:8866", "localhost:8866", "LOCALHOST:8866"):
        assert refusal(host, None, 8866) == ""
        assert refusal(host, f"http://{host.lower()}", 8866) == ""
    for host in ("evil.example", "evil.example:8866", "127.0.0.1:9999", "127.0.0.1", "[::1]:8866", "", None):
        assert "not this machine's" in refusal(host, None, 8866)
    for origin in ("http://evil.example", "null", "https://127.0.0.1:8866", "http://127.0.0.1:9999",
                   "http://127.0.0.1.evil.example:8866", "file://", ""):
        assert "another site" in refusal("127.0.0.1:8866", origin, 8866), origin


def test_a_page_gone_while_the_server_writes_to_it_is_not_a_traceback():
    """asyncio printed tornado's WebSocketClosedError (a page closed as the server wrote to it) with
    its traceback into `zorglab studio`'s output; the server's loop drops those, and only those."""
    from tornado.iostream import StreamClosedError
    from tornado.websocket import WebSocketClosedError

    from zorglab.cli.studio_server import closed_page

    class Loop:
        def __init__(self):
            self.reported = []

        def default_exception_handler(self, context):
            self.reported.append(context)

    loop = Loop()
    for gone in (WebSocketClosedError(), StreamClosedError()):
        closed_page(loop, {"message": "Future exception was never retrieved", "exception": gone})
    assert loop.reported == []
    fault = {"message": "Task exception was never retrieved", "exception": ValueError("a real fault")}
    closed_page(loop, fault)
    closed_page(loop, {"message": "no exception at all"})
    assert loop.reported == [fault, {"message": "no exception at all"}]
